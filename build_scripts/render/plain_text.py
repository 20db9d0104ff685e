"""rules.txt: every rule of every source text as plain text, for a reader who wants the words
without the site (a judge's notes, a diff between two versions, a search with grep).

    # Part I · The Starter Rules          a part, or a source text of its own
    ## 1.7 Combat                         a section, by its number
    ### ATTACKS & STRIKES                 a sub-heading inside a section
    1.7.25 If this result is equal ...    a rule: its number, a space, its words as the site shows them
        more words of the same rule       a rule's further paragraphs, list items and table rows
        [Corrected on this site ...]      each correction and editor's note touching the rule

prebuild writes it as docs/rules.txt, which the site publishes beside rules.json."""

from __future__ import annotations

from build_scripts.model.document import Document, Heading, Section
from build_scripts.model.errata import Erratum
from build_scripts.render.erratum_notes import erratum_note
from build_scripts.render.section_pages import PART_NAMES, section_title

RULES_TXT = "rules.txt"  # under docs/, published at the site's root
INDENT = "    "


def header_lines(edition: dict, books: list[tuple[Document, str, str]]) -> list[str]:
    built = f", built {edition['built']}" if edition["built"] else ""
    return [
        f"Middle-earth Rules Reference, reference {edition['version']}{built}: every rule as plain text.",
        "An unofficial reference, made from the source texts below; see the site's About page.",
        "Each rule is one line: its number, a space, its words as the site shows them (corrections applied).",
        "Its further paragraphs, list items and table rows follow on lines indented by four spaces, and so",
        "does each correction (with the source's words) and each editor's note that touches it.",
        "Sources: "
        + "; ".join(f"{title} ({document.source}), cited as {cite}" for document, title, cite in books)
        + ".",
        "",
    ]


def section_key(section: Section) -> str:
    """The number its rules start with: "1.7", "SBG-A.1"."""
    blocks = section.blocks
    return blocks[0].id.rpartition(".")[0] if blocks else section.key


def document_lines(document: Document, title: str, errata: list[Erratum], mele: bool) -> list[str]:
    by_id = {e.id: e for e in errata if e.source == document.source}
    out = [f"# {title}", ""] if not mele else []
    for part in document.parts:
        if mele:
            out += [f"# {PART_NAMES[part.number]}", ""]
        for section in part.sections:
            out += [f"## {section_key(section)} {section_title(section)}", ""]
            for item in section.items:
                if isinstance(item, Heading):
                    out += ([""] if out[-1] else []) + [f"{'#' * (item.level + 1)} {item.text}", ""]
                    continue
                first, *more = item.text.split("\n")
                out.append(f"{item.id} {first}")
                out += [INDENT + line for line in more if line.strip()]
                out += [INDENT + f"[{erratum_note(by_id[e])}]" for e in item.errata if e in by_id]
            if out[-1] != "":
                out.append("")
    return out


def rules_text(edition: dict, books: list[tuple[Document, str, str]], errata: list[Erratum]) -> str:
    """`books`: (document, title, citation prefix), the rulebook first."""
    out = header_lines(edition, books)
    for n, (document, title, _cite) in enumerate(books):
        out += document_lines(document, title, errata, mele=n == 0)
    return "\n".join(out).rstrip("\n") + "\n"
