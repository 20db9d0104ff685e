"""Layout hints from sources/layout.yaml (see the comments in that file)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml


@dataclass(frozen=True)
class TableHint:
    first: int
    last: int
    rows: str
    header: int = 0          # how many leading lines are the caption/header
    kind: str = ""           # "region" or "site" for symbol tables


@dataclass(frozen=True)
class Layout:
    contents: tuple[int, int] | None = None
    box_ends: dict[int, int] = field(default_factory=dict)
    tables: tuple[TableHint, ...] = ()

    def table_at(self, line: int) -> TableHint | None:
        return next((t for t in self.tables if t.first == line), None)


def load_layout(path: Path, source_name: str) -> Layout:
    data = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get(source_name) or {}
    tables = tuple(
        TableHint(first=t["lines"][0], last=t["lines"][1], rows=t["rows"],
                  header=t.get("header", 0), kind=t.get("kind", ""))
        for t in data.get("tables", [])
    )
    contents = tuple(data["contents"]) if data.get("contents") else None
    return Layout(contents=contents, box_ends={int(k): int(v) for k, v in (data.get("box_ends") or {}).items()},
                  tables=tables)
