"""Players' words for each rule: sources/search-table-words.yaml, loaded and checked."""

from __future__ import annotations

from pathlib import Path

from mele.build_scripts.parse.yaml_text import parse_yaml

TABLE_WORDS_FILE = "search-table-words.yaml"


class TableWordsError(ValueError):
    pass


def load_table_words(sources: Path, rule_ids: set[str]) -> dict[str, tuple[str, ...]]:
    """Rule id -> the words a player types to look that rule up."""
    data = parse_yaml((sources / TABLE_WORDS_FILE).read_text(encoding="utf-8")) or {}
    rules = data.get("rules") if isinstance(data, dict) else None
    if not isinstance(rules, dict):
        raise TableWordsError(f"{TABLE_WORDS_FILE}: needs `rules:`, each rule's number with its list of words")
    table = {}
    for rule_id, words in rules.items():
        where = f"{TABLE_WORDS_FILE}, rule {rule_id}"
        if rule_id not in rule_ids:
            raise TableWordsError(f"{where}: no such rule")
        if not isinstance(words, list) or not all(isinstance(w, str) and w.strip() for w in words):
            raise TableWordsError(f"{where}: needs a list of words")
        if words:
            table[rule_id] = tuple(" ".join(w.split()) for w in words)
    return table
