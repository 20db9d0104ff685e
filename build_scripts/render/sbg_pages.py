"""Render a Strategy Battle Game text as one page of numbered rules.

The rule blocks are rendered exactly as the rulebook's (PageRenderer); only the
page around them differs: one page per text, its sections as `##` headings
and sub-headings as `###`, each heading with its errata marks and notes.
"""

from __future__ import annotations

from build_scripts.model.document import Block, Heading, Section, Span
from build_scripts.model.errata import Erratum
from build_scripts.model.load_sbg import SbgBook
from build_scripts.render.inline import escape, span_markdown
from build_scripts.render.section_links import section_link_lines
from build_scripts.render.section_pages import PageRenderer, _yaml_str

EDITION_DIFFERENCES = "../sbg/edition-differences.md"  # relative to the generated page in docs/rules/


class SbgPageRenderer(PageRenderer):
    def __init__(
        self, book: SbgBook, errata: list[Erratum], glossary_links: dict[str, list[tuple[str, str]]] | None = None
    ):
        super().__init__(book.document, errata, book.document.marks, glossary_links=glossary_links)
        self.text = book.text

    def page_markdown(self) -> str:
        text, document = self.text, self.document
        out = [
            "---",
            f"title: {_yaml_str(f'{text.title} (Strategy Battle Game)')}",
            f"description: {_yaml_str(f'{text.edition}: {text.title}, as numbered rules.')}",
            "---",
            "",
            f"Strategy Battle Game · {escape(text.edition)}",
            '{: .part-label data-glossary="SBG" }',
            "",
            f"# {escape(text.title)}",
            "",
            *section_link_lines(text.id_prefix),
        ]
        out += [f"*{escape(span.text)}*" for span in document.contents if span.text != text.title] + [""]
        out += [
            f"Rules are numbered `{text.id_prefix}.S.N` (section, then place in it). "
            f"This text and the other Strategy Battle Game text disagree in places: see "
            f"[edition differences]({EDITION_DIFFERENCES}).",
            "{: .no-glossary }",
            "",
        ]
        for section in document.sections:
            out += self.section_items(section)
        return "\n".join(out)

    def section_items(self, section: Section) -> list[str]:
        out = []
        if self.document.blocks_by_line(section.line) is None:  # the section opens with a heading
            out += self.heading_markdown(section.line, level=2)
        for item in section.items:
            if isinstance(item, Heading):
                out += self.heading_markdown(item.line, level=3)
            else:
                out += self.block_markdown(item)
        return out

    def heading_markdown(self, line: int, level: int) -> list[str]:
        """A heading as the source prints it, errata marked, with any editor's note under it."""
        shown = Span(self.document.shown_lines[line], line)
        own_line = Block(
            id="",
            kind="paragraph",
            pieces=[],
            first_line=line,
            last_line=line,
            errata=[m.erratum.id for m in self.marks.get(line, [])],
        )
        return [f"{'#' * level} {span_markdown(shown, self.marks)}", "", *self._editor_notes(own_line)]

    def block_markdown(self, block: Block) -> list[str]:
        head, *rest = super().block_markdown(block)
        return [head, f"    cite: {_yaml_str(self.text.cite)}", *rest]
