"""Render each section of the document model as one Markdown page.

Blocks use the project's `rule` block syntax and inline `{...}` marks, both
rendered by the Markdown extensions in build_scripts/markdown/.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from build_scripts.model.document import (
    BOX_KINDS,
    Block,
    Bullet,
    Document,
    Heading,
    Paragraph,
    Section,
    Span,
    Table,
    rule_anchor,
)
from build_scripts.model.errata import Erratum, Mark
from build_scripts.render import inline_html
from build_scripts.render.erratum_notes import erratum_note
from build_scripts.render.inline import PageLink, block_safe, escape, marks_outside, span_markdown
from build_scripts.render.section_links import section_link_lines
from build_scripts.render.standard_block import standard_block
from build_scripts.standard_game.changes import StandardMap
from build_scripts.standard_game.rule_fields import game_of

PART_NAMES = {0: "Front Matter", 1: "Part I · The Starter Rules", 2: "Part II · Standard Rules"}
_SMALL_WORDS = {"and", "of", "the", "a", "to", "into", "at", "in", "with", "&"}
_RUN_IN = re.compile(r"^([A-Z][^.:]{0,45}?(?: \[[^\]]*\])?)( - |: )(?=\S)")


@dataclass(frozen=True)
class Page:
    section: Section
    path: str  # relative to docs/, e.g. "rules/1-7-combat.md"
    markdown: str

    @property
    def url(self) -> str:
        return self.path.removesuffix(".md") + "/"


def title_case(text: str) -> str:
    """'THE STRIKE SEQUENCE' -> 'The Strike Sequence' (a word's first letter, even after a quote)."""
    words = text.lower().split()
    return " ".join(
        w if i and w in _SMALL_WORDS else re.sub(r"[a-z]", lambda m: m[0].upper(), w, count=1)
        for i, w in enumerate(words)
    )


def section_title(section: Section) -> str:
    return title_case(section.title)


def page_path(section: Section) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", section_title(section).lower()).strip("-")
    return f"rules/{section.part}-{section.number}-{slug}.md"


def nav_title(section: Section) -> str:
    if section.part == 0 or section.number == 0:
        return section_title(section) if section.number else "Introduction to this part"
    return f"{section.number} · {section_title(section)}"


class PageRenderer:
    def __init__(
        self,
        document: Document,
        errata: list[Erratum],
        marks: dict[int, list[Mark]],
        page_link: PageLink = None,
        glossary_links: dict[str, list[tuple[str, str]]] | None = None,
        standard_map: StandardMap | None = None,
        hrefs: dict[str, str] | None = None,
        erratum_notes: bool = False,
    ):
        """`hrefs`: rule id -> its link from the pages written (each rule's section page by default);
        `erratum_notes`: each correction also as a note under its rule, with the source's words (for
        a page read on paper, where the corrected words cannot be tapped)."""
        self.document = document
        self.errata = errata
        self.marks = marks
        self.page_link = page_link
        self.glossary_links = glossary_links or {}  # rule id -> (term, its entry) for the terms it defines
        self.standard_map = standard_map  # the Standard game's changes, shown on each rule they touch
        self.rule_texts = {b.id: b.text for b in document.blocks}
        self.hrefs = hrefs or {
            b.id: f"{page_path(s).removeprefix('rules/')}#{rule_anchor(b.id)}"
            for s in document.sections
            for b in s.blocks
        }
        self.erratum_notes = erratum_notes

    def pages(self) -> list[Page]:
        return [Page(s, page_path(s), self.section_markdown(s)) for s in self.document.sections]

    def section_markdown(self, section: Section) -> str:
        title = section_title(section)
        heading = (
            title
            if section.part == 0
            else (f"{section.number} · {title}" if section.number else PART_NAMES[section.part])
        )
        out = [
            "---",
            f"title: {_yaml_str(f'{section.key} {title}' if section.number else PART_NAMES[section.part])}",
            f"description: {_yaml_str(f'MELE rulebook, {PART_NAMES[section.part]}: {title}')}",
            "---",
            "",
            f'<p class="part-label">{escape(PART_NAMES[section.part])}</p>',
            "",
            f"# {escape(heading)}",
            "",
            *section_link_lines(section.key),  # the calculator for this section, the turn summary
        ]
        for item in section.items:
            if isinstance(item, Heading):
                out += [f"{'#' * item.level} {escape(item.text)}", ""]
            else:
                out += self.block_markdown(item)
        return "\n".join(out)

    def block_markdown(self, block: Block) -> list[str]:
        options = [f"    kind: {block.kind}", f'    lines: "{block.first_line}-{block.last_line}"']
        if block.title:
            options.append(f"    title: {_yaml_str(block.title)}")
        if block.kind in ("bullet", "item"):
            options.append(f"    level: {block.pieces[0].level}")
        if self.standard_map and game_of(block.id, block.text, self.standard_map) in ("starter", "standard"):
            options.append(f"    game: {game_of(block.id, block.text, self.standard_map)}")
        body: list[str] = []
        for piece in block.pieces:
            body += self.piece_markdown(piece, top_level=block.kind in ("bullet", "item"))
        body += self._stray_errata(block)
        body += self._correction_notes(block)
        body += self._glossary_line(block)
        if self.standard_map:
            body += standard_block(block.id, self.standard_map, self.rule_texts, self.hrefs.__getitem__)
        body += self._editor_notes(block)
        return [f"//// rule | {block.id}", *options, "", *body, "////", ""]

    def piece_markdown(self, piece, top_level: bool) -> list[str]:
        if isinstance(piece, Paragraph):
            return [block_safe("".join(self._run_in(span) for span in piece.spans)), ""]
        if isinstance(piece, Bullet):
            text = self._run_in(piece.span)
            if top_level:
                marker = f"{escape(piece.marker)} " if piece.marker != "•" else ""
                return [block_safe(marker + text), ""]  # "2. If you move": "2\\.", not a list
            indent = "    " * (piece.level - 1)
            return [f"{indent}- {text}", ""]
        if isinstance(piece, Table):
            return self.table_markdown(piece)
        raise TypeError(piece)

    def _run_in(self, span: Span) -> str:
        """Bold a run-in head such as 'Location Deck - ' or 'Race: '."""
        m = _RUN_IN.match(span.text)
        words = m.group(1).split() if m else []
        if not m or len(words) > (5 if m.group(2) == " - " else 3):
            return span_markdown(span, self.marks, self.page_link)
        cut = m.end(1)
        head = Span(span.text[:cut], span.line, span.offset)
        rest = Span(span.text[cut:], span.line, span.offset + cut)
        return f"**{span_markdown(head, self.marks)}**{span_markdown(rest, self.marks, self.page_link)}"

    def table_markdown(self, table: Table) -> list[str]:
        out = []
        if table.caption:
            out += [
                block_safe(" ".join(span_markdown(s, self.marks) for s in table.caption)),
                "{: .table-caption }",
                "",
            ]
        out.append("| " + " | ".join(self._cell(c, table, -1) for c in table.columns) + " |")
        out.append("|" + " --- |" * len(table.columns))
        for row in table.rows:
            out.append("| " + " | ".join(self._cell(c, table, i) for i, c in enumerate(row)) + " |")
        return out + [""]

    def _cell(self, span: Span, table: Table, column: int) -> str:
        if column == table.code_column and table.symbol_kind:
            return inline_html.badge(table.symbol_kind, span.text)
        text = "{label:%s}" % escape(span.text) if span.line == 0 else span_markdown(span, self.marks, self.page_link)
        return text or " "

    def _stray_errata(self, block: Block) -> list[str]:
        spans = list(_spans(block))
        marks = [
            m
            for n in range(block.first_line, block.last_line + 1)
            for m in self.marks.get(n, [])
            if m.erratum.id in block.errata
        ]  # a split line's other part has its own
        stray = [m for m in marks_outside(spans, marks) if m.erratum.corrects_text]
        return (
            [
                "Corrected: " + ", ".join(inline_html.erratum(m.erratum, m.erratum.replacement) for m in stray),
                "",
            ]
            if stray
            else []
        )

    def _correction_notes(self, block: Block) -> list[str]:
        if not self.erratum_notes:
            return []
        out = []
        for erratum in self.errata:
            if erratum.corrects_text and erratum.id in block.errata and erratum.source == self.document.source:
                out += [block_safe(escape(erratum_note(erratum))), "{: .erratum-note .no-glossary }", ""]
        return out

    def _glossary_line(self, block: Block) -> list[str]:
        """By the rule where a section defines terms: a way to each term's glossary entry."""
        links = self.glossary_links.get(block.id)
        if not links:
            return []
        return [
            "Glossary: " + " · ".join(f"[{escape(term)}]({entry})" for term, entry in links),
            "{: .glossary-here .no-glossary }",
            "",
        ]

    def _editor_notes(self, block: Block) -> list[str]:
        out = []
        for erratum in self.errata:
            if erratum.note and erratum.id in block.errata and erratum.source == self.document.source:
                out += [
                    f"/// editor-note | {erratum.id}",
                    f"    kind: {erratum.kind}",
                    "",
                    block_safe(escape(erratum.note)),
                    "///",
                    "",
                ]
        return out


def _spans(block: Block):
    for piece in block.pieces:
        if isinstance(piece, Paragraph):
            yield from piece.spans
        elif isinstance(piece, Bullet):
            yield piece.span
        elif isinstance(piece, Table):
            yield from piece.caption
            yield from piece.columns
            for row in piece.rows:
                yield from row


def _yaml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def is_box(block: Block) -> bool:
    return block.kind in BOX_KINDS
