"""Load and check the glossary files (sources/glossary.yaml, sources/glossary-sbg.yaml)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

GLOSSARY_FILES = ("glossary.yaml", "glossary-sbg.yaml")


class GlossaryError(ValueError):
    pass


@dataclass(frozen=True)
class Term:
    id: str
    term: str
    aliases: tuple[str, ...]
    definition: str
    defined_in: tuple[str, ...]
    defined: bool
    related: tuple[str, ...]
    game: str
    symbol: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        return (self.term, *self.aliases)

    @property
    def anchor(self) -> str:
        return "g-" + self.id


def load_terms(sources: Path) -> list[Term]:
    terms: list[Term] = []
    for name in GLOSSARY_FILES:
        path = sources / name
        if path.exists():
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
            terms += [_term(entry, name) for entry in data.get("terms", [])]
    _check(terms)
    return terms


def _term(entry: dict, file_name: str) -> Term:
    try:
        return Term(
            id=entry["id"], term=entry["term"], aliases=tuple(entry.get("aliases") or ()),
            definition=" ".join(entry["definition"].split()),
            defined_in=tuple(entry.get("defined_in") or ()), defined=bool(entry.get("defined", True)),
            related=tuple(entry.get("related") or ()), game=entry.get("game", "MELE"),
            symbol=entry.get("symbol", "") or "",
        )
    except KeyError as missing:
        raise GlossaryError(f"{file_name}: term {entry.get('id', entry)!r} has no {missing}") from None


def _check(terms: list[Term]) -> None:
    ids = [t.id for t in terms]
    duplicates = {i for i in ids if ids.count(i) > 1}
    if duplicates:
        raise GlossaryError(f"glossary ids used twice: {sorted(duplicates)}")
    known = set(ids)
    for term in terms:
        unknown = [r for r in term.related if r not in known]
        if unknown:
            raise GlossaryError(f"glossary term {term.id}: related ids {unknown} do not exist")
    names: dict[tuple[str, str], str] = {}
    for term in terms:
        for name in term.names:
            key = (term.game, name.lower())
            if key in names and names[key] != term.id:
                raise GlossaryError(f"'{name}' names both {names[key]} and {term.id}")
            names[key] = term.id
