"""Rule ids and where they are: the rules index written by prebuild, and the rules
the engine can cite for a game (the build fails if one does not exist)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from calculators import citations

from .games import Game


def engine_rule_ids(game: Game) -> list[str]:
    """The game's rules the engine can cite (the other game's belong to other calculators)."""
    return sorted({value.id for value in vars(citations).values()
                   if isinstance(value, citations.Rule) and game.rule_id.match(value.id)})


def rule_index(index_path: str) -> dict[str, str]:
    """Rule id -> URL from the site root (rules/1-7-combat/#r1-7-24)."""
    path = Path(index_path)
    return _read_rule_index(str(path), path.stat().st_mtime)


@lru_cache(maxsize=4)
def _read_rule_index(index_path: str, mtime: float) -> dict[str, str]:
    entries = json.loads(Path(index_path).read_text(encoding="utf-8"))
    return {entry["id"]: entry["url"] for entry in entries}
