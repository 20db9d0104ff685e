"""Players' words for the rulebook's: sources/search-synonyms.yaml, loaded and checked."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from mele.build_scripts.parse.yaml_text import parse_yaml

SYNONYMS_FILE = "search-synonyms.yaml"


class SynonymError(ValueError):
    pass


@dataclass(frozen=True)
class Synonym:
    players: tuple[str, ...]  # what a player types
    rulebook: tuple[str, ...]  # the rulebook's words it also finds
    why: str


def load_synonyms(sources: Path) -> list[Synonym]:
    data = parse_yaml((sources / SYNONYMS_FILE).read_text(encoding="utf-8")) or {}
    synonyms = []
    for number, entry in enumerate(data.get("synonyms") or [], start=1):
        where = f"{SYNONYMS_FILE}, entry {number}"
        if not isinstance(entry, dict) or set(entry) != {"players", "rulebook", "why"}:
            raise SynonymError(f"{where}: needs exactly players, rulebook and why")
        players, rulebook = entry["players"], entry["rulebook"]
        for name, words in (("players", players), ("rulebook", rulebook)):
            if not isinstance(words, list) or not words or not all(isinstance(w, str) and w.strip() for w in words):
                raise SynonymError(f"{where}: {name} must be a list of words")
        if not str(entry["why"]).strip():
            raise SynonymError(f"{where}: say why")
        synonyms.append(Synonym(tuple(players), tuple(rulebook), " ".join(str(entry["why"]).split())))
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
