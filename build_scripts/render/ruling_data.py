"""What the ruling page (docs/ruling.md) needs beyond rules.json.

rules.json gives each rule's words, link and errata ids. A ruling also shows each
rule's section by name, the rulebook it comes from, where a correction sits in its
words and every editor's note in full. This module writes that as
`docs/ruling-data.json` before the generator runs, so the site carries it as a
plain file (kept offline with the rest):

    sources   file -> {"title", "cite"}   the citation prefix a copied rule starts with
    sections  "1.7" -> "Combat"           keyed like rules.json's "section"
    errata    "C4" -> {"kind", "label", "source_text", "note"}
    marks     "0.3.6" -> [["C4", start, end], ...]   offsets in the rule's rules.json text
    calculators "calculators/strike/" -> {"title", "views": {"calc-attack": "One attack against ..."}}
              the pages a ruling may link its odds to, and what each calculator on them is
    errata_page "rules/errata-and-coverage/"   where every erratum has its entry (#e-c4)
    edition   "reference 0.1.0"       which edition of the site the rules are cited from
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from build_scripts import paths
from build_scripts.edition import citation_suffix
from build_scripts.generated import generated_data
from build_scripts.model.document import Document
from build_scripts.model.errata import Erratum
from build_scripts.parse.yaml_text import parse_yaml
from build_scripts.render.coverage import COVERAGE_PATH
from build_scripts.render.section_pages import section_title
from calculators.views.catalogue import VIEWS

RULING_DATA = paths.DOCS / "ruling-data.json"  # git-ignored: written by prebuild
RULEBOOK_TITLE = "Middle-earth: The Lidless Eye rulebook"
RULEBOOK_CITE = "MELE"
CALCULATOR_PAGES = paths.DOCS / "calculators"
_FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.S)
_CALCULATOR_BLOCK = re.compile(r"^/// calculator \| ([\w-]+)\s*$", re.M)


def ruling_data(books: list[tuple[Document, str, str]], errata: list[Erratum]) -> dict:
    """`books`: (document, title, citation prefix) for the rulebook and each other text."""
    sources, sections, marks = {}, {}, {}
    for document, title, cite in books:
        sources[document.source] = {"title": title, "cite": cite}
        for section in document.sections:
            if section.blocks:
                sections[section.blocks[0].id.rpartition(".")[0]] = section_title(section)
        marks.update(_marks_in_blocks(document))
    used = {erratum_id for spans in marks.values() for erratum_id, _, _ in spans}
    return {
        "sources": sources,
        "sections": sections,
        "errata": {
            e.id: {"kind": e.kind, "label": e.label, "source_text": e.text, "note": e.note}
            for e in errata
            if e.id in used
        },
        "marks": marks,
        "calculators": calculator_pages(),
        "errata_page": COVERAGE_PATH.removesuffix(".md") + "/",
        "edition": citation_suffix(),
    }


def calculator_pages(folder: Path = CALCULATOR_PAGES) -> dict[str, dict]:
    """Each page with a calculator block: its address, its title and its calculators' titles."""
    pages = {}
    for page in sorted(folder.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        views = _CALCULATOR_BLOCK.findall(text)
        if not views:
            continue
        front = _FRONT_MATTER.match(text)
        title = (parse_yaml(front.group(1)) or {}).get("title") if front else None
        pages[f"{page.parent.name}/{page.stem}/"] = {
            "title": title or page.stem,
            "views": {f"calc-{view}": VIEWS[view]["title"] for view in views},
        }
    return pages


def _marks_in_blocks(document: Document) -> dict[str, list[list]]:
    """Each erratum's place in its block's text: a block's text is its non-blank lines,
    as shown, joined with newlines (model/build_document.py), and a mark is placed on its line.
    A line that a format erratum splits holds several blocks, each with one part of it:
    there a rule split off starts at its erratum's mark, and only its own marks count."""
    marks = {}
    for block in document.blocks:
        spans, offset = [], 0
        for number in range(block.first_line, block.last_line + 1):
            line = document.shown_lines.get(number)
            if line is None:
                continue
            line_marks = document.marks.get(number, [])
            part = next((m.start for m in line_marks if m.erratum.splits and m.erratum.new_rule == block.id), 0)
            for mark in line_marks:
                if mark.erratum.id not in block.errata:
                    continue
                start, end = offset + mark.start - part, offset + mark.end - part
                shown = mark.erratum.replacement if mark.erratum.corrects_text else mark.erratum.text
                if block.text[start:end] != shown:
                    raise ValueError(
                        f"rule {block.id}: erratum {mark.erratum.id} is not at {start}-{end} "
                        f"of its text ({block.text[start:end]!r} instead of {shown!r})"
                    )
                spans.append([mark.erratum.id, start, end])
            offset += len(line) + 1
        if spans:
            marks[block.id] = spans
    return marks


def write_ruling_data(books: list[tuple[Document, str, str]], errata: list[Erratum], path: Path = RULING_DATA) -> None:
    data = generated_data(ruling_data(books, errata))
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
