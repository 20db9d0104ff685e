"""Players' words for the rulebook's: sources/search-synonyms.yaml, loaded and checked."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from build_scripts.parse.yaml_text import parse_yaml

SYNONYMS_FILE = "search-synonyms.yaml"
KEYS = {"players", "rulebook", "why", "weight"}


class SynonymError(ValueError):
    pass


@dataclass(frozen=True)
class Synonym:
    players: tuple[str, ...]  # what a player types
    rulebook: tuple[str, ...]  # the rulebook's words it also finds
    why: str
    weight: float = 1.0  # under 1: the rulebook's words are a weaker reading, found below the closer ones


def load_synonyms(sources: Path) -> list[Synonym]:
    data = parse_yaml((sources / SYNONYMS_FILE).read_text(encoding="utf-8")) or {}
    synonyms = []
    for number, entry in enumerate(data.get("synonyms") or [], start=1):
        where = f"{SYNONYMS_FILE}, entry {number}"
        if not isinstance(entry, dict) or not {"players", "rulebook", "why"} <= set(entry) <= KEYS:
            raise SynonymError(f"{where}: needs exactly players, rulebook and why (and may have a weight)")
        players, rulebook = entry["players"], entry["rulebook"]
        for name, words in (("players", players), ("rulebook", rulebook)):
            if not isinstance(words, list) or not words or not all(isinstance(w, str) and w.strip() for w in words):
                raise SynonymError(f"{where}: {name} must be a list of words")
        if not str(entry["why"]).strip():
            raise SynonymError(f"{where}: say why")
        weight = entry.get("weight", 1.0)
        if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not 0 < weight <= 1:
            raise SynonymError(f"{where}: weight must be a number above 0 and at most 1")
        synonyms.append(Synonym(tuple(players), tuple(rulebook), " ".join(str(entry["why"]).split()), float(weight)))
    return synonyms


def missing_rulebook_words(synonyms: list[Synonym], rule_texts: list[str]) -> list[str]:
    """Rulebook words of the synonym list that no rule contains (each would find nothing)."""
    text = " ".join(rule_texts).lower()
    return [
        word
        for synonym in synonyms
        for word in synonym.rulebook
        if not re.search(rf"(?<![\w-]){re.escape(word.lower())}(?![\w-])", text)
    ]
