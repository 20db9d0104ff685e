"""What a calculator view needs to know about its game: where the game's glossary
is and which rule ids its calculators cite."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Game:
    glossary_page: str          # docs-relative page holding the `g-<id>` anchors
    glossary_id_prefix: str     # dropped from an id to name the term in a link's label
    rule_id: re.Pattern


GAMES = {
    "MELE": Game("glossary.md", "", re.compile(r"^\d+\.\d+\.\d+$")),
    "SBG": Game("sbg/glossary.md", "sbg-", re.compile(r"^SBG-[AB]\.\d+\.\d+$")),
}
DEFAULT_GAME = "MELE"


def game_of(view: dict) -> Game:
    return GAMES[view.get("game", DEFAULT_GAME)]
