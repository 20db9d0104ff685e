"""Parse the two Strategy Battle Game texts with the rulebook parser.

They are another game, and another edition each, than the MELE rulebook: their
rule ids carry a prefix of their own (`SBG-A.S.N`, `SBG-B.S.N`) so they can
never collide with MELE's `P.S.N`, and each text is one page.
"""

from __future__ import annotations

from dataclasses import dataclass

from build_scripts import paths
from build_scripts.model.build_document import parse_rulebook
from build_scripts.model.document import Block, Document
from build_scripts.model.errata import Erratum
from build_scripts.parse.layout import load_layout


@dataclass(frozen=True)
class SbgText:
    source: str  # file name in sources/
    id_prefix: str  # takes the place of MELE's part number in rule ids
    title: str
    cite: str  # what a copied citation starts with, before the rule id
    edition: str  # which game and edition, in a few words

    @property
    def page(self) -> str:
        # docs/rules/ is generated and git-ignored, so the SBG pages are written there too.
        return f"rules/{self.source.removesuffix('.txt')}.md"


SBG_TEXTS = (
    SbgText(
        "sbg-advanced-rules.txt",
        "SBG-A",
        "Advanced Rules",
        "MESBG Advanced Rules",
        "Middle-earth Strategy Battle Game, Rules Manual (newer edition)",
    ),
    SbgText(
        "sbg-boats-article.txt",
        "SBG-B",
        "Boats and Water",
        "SBG boats article",
        "The Lord of the Rings Strategy Battle Game, magazine article (older edition)",
    ),
)


@dataclass(frozen=True)
class SbgBook:
    text: SbgText
    document: Document


def load_sbg_books(errata: list[Erratum]) -> list[SbgBook]:
    books = []
    for text in SBG_TEXTS:
        layout = load_layout(paths.LAYOUT, text.source)
        document = parse_rulebook(paths.SOURCES / text.source, errata, layout, text.id_prefix, text.title)
        books.append(SbgBook(text, document))
    return books


def sbg_block_for_line(books: list[SbgBook], source: str, line: int) -> Block | None:
    book = next((b for b in books if b.document.source == source), None)
    return book.document.blocks_by_line(line) if book else None
