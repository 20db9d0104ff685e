"""Layout hints from sources/layout.yaml (see the comments in that file)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from build_scripts.parse.yaml_text import read_yaml


@dataclass(frozen=True)
class TableHint:
    first: int
    last: int
    rows: str
    header: int = 0  # how many leading lines are the caption/header
    kind: str = ""  # "region" or "site" for symbol tables
    start: str = ""  # the table begins at this phrase of its first line, not at the line's start
    end: str = ""  # it stops before this phrase of its last line; the rest of that line follows it
    columns: tuple[str, ...] = ()  # column labels the site adds where the source prints none
    cells: tuple[str, ...] = ()  # a flattened chart: the phrase each result cell begins with


@dataclass(frozen=True)
class SectionStart:
    """A line that opens a numbered section in a text without `7 · COMBAT` style headings."""

    number: int
    title: str


@dataclass(frozen=True)
class Layout:
    contents: tuple[int, int] | None = None
    box_ends: dict[int, int] = field(default_factory=dict)
    tables: tuple[TableHint, ...] = ()
    sections: dict[int, SectionStart] = field(default_factory=dict)

    def table_at(self, line: int, start: str = "") -> TableHint | None:
        return next((t for t in self.tables if t.first == line and t.start == start), None)


def load_layout(path: Path, source_name: str) -> Layout:
    data = (read_yaml(path) or {}).get(source_name) or {}
    tables = tuple(
        TableHint(
            first=t["lines"][0],
            last=t["lines"][1],
            rows=t["rows"],
            header=t.get("header", 0),
            kind=t.get("kind", ""),
            start=t.get("start", ""),
            end=t.get("end", ""),
            columns=tuple(t.get("columns", ())),
            cells=tuple(t.get("cells", ())),
        )
        for t in data.get("tables", [])
    )
    contents = tuple(data["contents"]) if data.get("contents") else None
    sections = {
        int(line): SectionStart(number, title) for line, (number, title) in (data.get("sections") or {}).items()
    }
    return Layout(
        contents=contents,
        box_ends={int(k): int(v) for k, v in (data.get("box_ends") or {}).items()},
        tables=tables,
        sections=sections,
    )
