"""The document model: Document -> Part -> Section -> Block -> Piece.

A Block is one numbered rule. Its pieces keep the layout inside it
(a boxed example may hold paragraphs, bullets and tables). Every piece of text
is a Span that remembers the source line and column it came from, so errata
can be shown exactly where they apply.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

BOX_KINDS = ("note", "clarification", "example", "suggestion", "exception")
BLOCK_KINDS = ("paragraph", "bullet", "item", "table") + BOX_KINDS
# "1.7.24" (MELE), "SBG-A.2.3" (the Strategy Battle Game texts): part or text, section, place.
RULE_ID = re.compile(r"^(?:\d+|[A-Z]+-[A-Z]+)\.\d+\.\d+$")


def rule_anchor(rule_id: str) -> str:
    """The id of a rule's element on its page: 1.7.24 -> r1-7-24, SBG-A.2.3 -> rsbg-a-2-3."""
    return "r" + rule_id.lower().replace(".", "-")


@dataclass(frozen=True)
class Span:
    """A run of text from one source line. `text` is as shown (errata applied);
    `offset` is where it starts in that line's shown text."""

    text: str
    line: int
    offset: int = 0


@dataclass(frozen=True)
class Paragraph:
    spans: tuple[Span, ...]


@dataclass(frozen=True)
class Bullet:
    span: Span
    level: int = 1
    marker: str = "•"  # "•" or an item number such as "3."


@dataclass(frozen=True)
class Table:
    caption: tuple[Span, ...]
    columns: tuple[str, ...]
    rows: tuple[tuple[Span, ...], ...]
    symbol_kind: str = ""  # "region" or "site" when a column holds type codes
    code_column: int = -1  # which column holds the letter code for a badge


Piece = Paragraph | Bullet | Table


@dataclass
class Block:
    id: str
    kind: str
    pieces: list[Piece]
    first_line: int
    last_line: int
    heading: str = ""  # the nearest sub-heading above, for context
    title: str = ""  # a box's own title, e.g. "Example of Combat"
    text: str = ""  # as shown, errata applied
    original_text: str = ""  # exactly as the source has it (trailing spaces trimmed)
    errata: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Heading:
    text: str
    line: int
    level: int  # 2 = ALL CAPS sub-heading, 3 = minor heading


@dataclass
class Section:
    part: int
    number: int
    title: str
    line: int
    items: list[Block | Heading] = field(default_factory=list)

    @property
    def blocks(self) -> list[Block]:
        return [item for item in self.items if isinstance(item, Block)]

    @property
    def key(self) -> str:
        return f"{self.part}.{self.number}"


@dataclass
class Part:
    number: int
    title: str
    sections: list[Section] = field(default_factory=list)


@dataclass
class Document:
    source: str
    parts: list[Part]
    contents: list[Span]  # title and printed table of contents (not numbered)
    marks: dict = field(default_factory=dict)  # line number -> errata Marks in its shown text
    shown_lines: dict = field(default_factory=dict)  # line number -> text as shown, non-blank lines

    @property
    def sections(self) -> list[Section]:
        return [s for p in self.parts for s in p.sections]

    @property
    def blocks(self) -> list[Block]:
        return [b for s in self.sections for b in s.blocks]

    def blocks_by_line(self, line: int) -> Block | None:
        return next((b for b in self.blocks if b.first_line <= line <= b.last_line), None)
