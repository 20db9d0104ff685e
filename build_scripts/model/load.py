"""Parse the rulebook and everything it is checked against, once per build."""

from __future__ import annotations

from dataclasses import dataclass

from build_scripts import paths
from build_scripts.model.build_document import parse_rulebook
from build_scripts.model.document import Block, Document
from build_scripts.model.errata import Erratum, load_errata
from build_scripts.model.page_refs import PageRef, find_page_refs
from build_scripts.parse.layout import load_layout
from build_scripts.parse.yaml_text import parse_yaml


@dataclass
class Rulebook:
    document: Document
    errata: list[Erratum]
    coverage: dict
    page_refs: list[PageRef]

    def block_for_line(self, source: str, line: int) -> Block | None:
        if source != self.document.source:
            return None
        return self.document.blocks_by_line(line)


def load_rulebook() -> Rulebook:
    errata = load_errata(paths.ERRATA)
    layout = load_layout(paths.LAYOUT, paths.RULEBOOK.name)
    document = parse_rulebook(paths.RULEBOOK, errata, layout)
    coverage = parse_yaml((paths.SOURCES / "coverage.yaml").read_text(encoding="utf-8"))
    page_map = {int(k): v for k, v in coverage[document.source]["pages"].items()}
    numbered = [(n, t) for n, t in document.shown_lines.items() if document.blocks_by_line(n)]
    return Rulebook(document, errata, coverage, find_page_refs(numbered, page_map))
