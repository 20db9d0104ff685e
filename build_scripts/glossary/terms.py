"""Load and check the glossary files (sources/glossary.yaml, sources/glossary-sbg.yaml).

Each entry's `evidence` maps every rule the definition rests on to the words of it that the
definition rests on; the build checks the words against the rules
(build_scripts/model/evidence.py). `defined_by` names which of those rules define the term:
a term the rulebook defines must name them, and one it only uses (`defined: false`) has none.
The term's pop-up card and glossary entry list the Standard rules that change its defining rules
(build_scripts/glossary/standard_lines.py), except those named in `unchanged_by`: a
Standard rule that changes another part of a defining rule, not the term."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from build_scripts.model.composed_texts import ComposedTextError, check_folds
from build_scripts.model.evidence import Evidence, EvidenceError, check_evidence, read_evidence
from build_scripts.parse.yaml_text import read_yaml

GLOSSARY_FILES = ("glossary.yaml", "glossary-sbg.yaml")


class GlossaryError(ValueError):
    pass


@dataclass(frozen=True)
class Term:
    id: str
    term: str
    aliases: tuple[str, ...]
    definition: str
    defined_in: tuple[str, ...]  # every rule the entry cites, in its evidence's order
    defined: bool
    related: tuple[str, ...]
    game: str
    symbol: str = ""
    in_text: bool = True  # False: the rulebook never writes the headword; only the aliases are matched
    evidence: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (rule id, quotes), in defined_in order
    defined_by: tuple[str, ...] = ()  # the cited rules that define the term
    unchanged_by: tuple[str, ...] = ()  # Standard rules that change a defining rule but not the term

    @property
    def quotes(self) -> Evidence:
        return dict(self.evidence)

    @property
    def names(self) -> tuple[str, ...]:
        """The words marked in the text as this term."""
        return (self.term, *self.aliases) if self.in_text else self.aliases

    @property
    def anchor(self) -> str:
        return "g-" + self.id


def load_terms(sources: Path) -> list[Term]:
    terms: list[Term] = []
    for name in GLOSSARY_FILES:
        path = sources / name
        if path.exists():
            data = read_yaml(path) or {}
            terms += [_term(entry, name) for entry in data.get("terms", [])]
    _check(terms)
    return terms


def _term(entry: dict, file_name: str) -> Term:
    where = f"{file_name}: term {entry.get('id', entry)!r}"
    try:
        identity = {"id": entry["id"], "term": entry["term"], "definition": " ".join(entry["definition"].split())}
        evidence = read_evidence(entry.get("evidence"), where)
        check_folds(f"{where}: its definition", identity["definition"])
        defined = bool(entry.get("defined", True))
        defined_by = _defining_rules(entry, defined, tuple(evidence), where)
        return Term(
            **identity,
            aliases=tuple(entry.get("aliases") or ()),
            defined_in=tuple(evidence),
            defined=defined,
            related=tuple(entry.get("related") or ()),
            game=entry.get("game", "MELE"),
            symbol=entry.get("symbol", "") or "",
            in_text=bool(entry.get("in_text", True)),
            evidence=tuple(evidence.items()),
            defined_by=defined_by,
            unchanged_by=tuple(str(rule_id) for rule_id in entry.get("unchanged_by") or ()),
        )
    except KeyError as missing:
        raise GlossaryError(f"{where} has no {missing}") from None
    except (EvidenceError, ComposedTextError) as error:
        raise GlossaryError(str(error)) from None


def _defining_rules(entry: dict, defined: bool, cited: tuple[str, ...], where: str) -> tuple[str, ...]:
    defined_by = tuple(str(rule_id) for rule_id in entry.get("defined_by") or ())
    if defined and not defined_by:
        raise GlossaryError(
            f"{where} is defined by the rulebook but names no 'defined_by': list the cited rules that define it"
        )
    if not defined and (defined_by or entry.get("unchanged_by")):
        raise GlossaryError(f"{where} is not defined by the rulebook ('defined: false'), so no rule defines it")
    uncited = [rule_id for rule_id in defined_by if rule_id not in cited]
    if uncited:
        raise GlossaryError(
            f"{where}: defining rules {uncited} are not in its evidence; quote the words that define it"
        )
    return defined_by


def check_terms_against_rules(terms: list[Term], rule_texts: dict[str, str]) -> None:
    """Every rule a term cites exists, and holds the words quoted from it."""
    for term in terms:
        try:
            check_evidence(f"glossary term {term.id}", term.quotes, rule_texts)
        except EvidenceError as error:
            raise GlossaryError(str(error)) from None


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
        for name in (term.term, *term.aliases):
            key = (term.game, name.lower())
            if key in names and names[key] != term.id:
                raise GlossaryError(f"'{name}' names both {names[key]} and {term.id}")
            names[key] = term.id
