"""Read a source text as numbered lines, coping with its extraction quirks.

- Many lines end in non-breaking spaces (U+00A0); they are trimmed.
- Lines holding only whitespace (spaces, U+00A0) count as blank.
- The last line may have no newline; it is read like any other.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

_TRAILING = " \t\u00a0\r"


@dataclass(frozen=True)
class SourceLine:
    number: int  # 1-based physical line
    raw: str  # exactly as in the file, without the newline
    text: str  # trailing whitespace and U+00A0 trimmed

    @property
    def blank(self) -> bool:
        return not self.text.strip(_TRAILING)


def split_source(content: str) -> list[SourceLine]:
    physical = content.split("\n")
    if physical and physical[-1] == "":
        physical.pop()  # a final newline ends the last line; it does not start another
    return [SourceLine(n, raw, raw.rstrip(_TRAILING)) for n, raw in enumerate(physical, start=1)]


def read_source(path: Path) -> list[SourceLine]:
    return split_source(path.read_text(encoding="utf-8"))
