"""The glossary's definitions as one small file for the whole site (assets/glossary.json).

Glossary marks carry only a term's id; the pop-up card (glossary.js) reads the term's
name, definition and game from this file, fetched once and kept by the service worker
with the rest of the site. Written before the generator, so MkDocs and Zensical copy it."""

from __future__ import annotations

import json
from pathlib import Path

from build_scripts import paths
from build_scripts.generated import generated_data
from build_scripts.glossary.terms import Term

DEFINITIONS_PATH = "assets/glossary.json"  # under docs/ (git-ignored) and so under the site


def definitions_data(terms: list[Term], standard: dict[str, list[dict]] | None = None) -> dict:
    """`standard`: term id -> the Standard rules that change the rules defining it, each as
    {"rule", "summary", "url"} (the URL from the site root); the card lists them."""
    standard = standard or {}
    return {
        "terms": {
            t.id: {
                "term": t.term,
                "game": t.game,
                "definition": t.definition,
                **({"standard": standard[t.id]} if standard.get(t.id) else {}),
            }
            for t in terms
        }
    }


def write_definitions(
    terms: list[Term], docs: Path = paths.DOCS, standard: dict[str, list[dict]] | None = None
) -> Path:
    path = docs / DEFINITIONS_PATH
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps(generated_data(definitions_data(terms, standard)), ensure_ascii=False, separators=(",", ":")),
        encoding="utf-8",
    )
    return path
