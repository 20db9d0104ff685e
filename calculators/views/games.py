"""What a calculator view needs to know about its game: where the game's glossary
is and which rule ids its calculators cite."""

from __future__ import annotations

import re
from dataclasses import dataclass

from calculators import citations


@dataclass(frozen=True)
class Game:
    glossary_page: str  # docs-relative page holding the `g-<id>` anchors
    glossary_id_prefix: str  # dropped from an id to name the term in a link's label
    rule_id: re.Pattern

    def cited_rule_ids(self) -> list[str]:
        """The game's rules the engine can cite (the other game's belong to other calculators)."""
        return sorted(
            {
                value.id
                for value in vars(citations).values()
                if isinstance(value, citations.Rule) and self.rule_id.match(value.id)
            }
        )


GAMES = {
    "MELE": Game("glossary.md", "", re.compile(r"^\d+\.\d+\.\d+$")),
    "SBG": Game("sbg/glossary.md", "sbg-", re.compile(r"^SBG-[AB]\.\d+\.\d+$")),
}
DEFAULT_GAME = "MELE"


def game_of(view: dict) -> Game:
    return GAMES[view.get("game", DEFAULT_GAME)]
