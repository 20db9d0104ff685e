"""Where each section of the rules sits: its number, title, part, page and anchor. The
prebuild step writes them to build/search-sections.json; the search shows them as a rule's
place ("Starter Rules › Combat › Resolving Strikes") and as results for `1.7`."""

from __future__ import annotations

import json

from build_scripts import paths
from build_scripts.model.document import Document, Section, rule_anchor
from build_scripts.model.load_sbg import SbgBook
from build_scripts.render.section_pages import page_path, section_title

SEARCH_SECTIONS = paths.BUILD / "search-sections.json"
PART_LABELS = {0: "Front Matter", 1: "Starter Rules", 2: "Standard Rules"}


def _title(section: Section) -> str:
    return section_title(section) if section.number else "Introduction"


def _number(section: Section) -> str:
    """ "1.7" or "SBG-A.1": the part of its rules' ids before their own number."""
    return section.blocks[0].id.rpartition(".")[0]


def rulebook_sections(document: Document) -> list[dict]:
    return [
        {
            "id": _number(section),
            "title": _title(section),
            "part": PART_LABELS[section.part],
            "page": page_path(section),
            "anchor": "",
        }
        for section in document.sections
        if section.blocks
    ]


def sbg_sections(book: SbgBook) -> list[dict]:
    """One page holds a whole SBG text: a section's place is its first rule's anchor."""
    return [
        {
            "id": _number(section),
            "title": _title(section),
            "part": f"SBG {book.text.title}",
            "page": book.text.page,
            "anchor": rule_anchor(section.blocks[0].id),
        }
        for section in book.document.sections
        if section.blocks
    ]


def write_search_sections(document: Document, sbg_books: list[SbgBook]) -> None:
    sections = rulebook_sections(document) + [s for book in sbg_books for s in sbg_sections(book)]
    paths.BUILD.mkdir(exist_ok=True)
    SEARCH_SECTIONS.write_text(json.dumps(sections, ensure_ascii=False, indent=1), encoding="utf-8")
