"""What each rule says of the other game, from the change map, as data: the game a rule belongs
to, its fields in rules.json, and a glossary term's Standard changes. The `standard-game` block
that shows it on the rule pages is written by build_scripts/render/standard_block.py.

A Starter rule that the Standard game changes carries "Standard game: 2.5.2 — Orc scouts count
half", a link to each Standard rule with its line (its summary and condition, or the link's own
line); a replaced one also quotes its replacement, shown when the reader reads as the Standard
game. A Standard rule carries "Changes 1.5.41 (adds to)" back, and "Starter rule: 1.0.2" (or
"Part I note: 1.1.8", for a Part I note that is itself about the Standard game) for a rule it
only points to or repeats. A rule whose Standard change is referred to but missing from the
source says so and links the Errata and coverage page.
"""

from __future__ import annotations

from build_scripts.model.evidence import is_standard_only
from build_scripts.standard_game.changes import CHANGING, StandardMap

GAMES = ("both", "starter", "standard")


def game_of(rule_id: str, text: str, standard_map: StandardMap) -> str | None:
    """The game a rule of the rulebook belongs to: "standard" (Part II, and Part I notes that speak
    of the Standard Rules), "starter" (a Part I rule the Standard game replaces), "both" (every
    other rule of the rulebook); None for a rule of another text."""
    if not rule_id[:1].isdigit():
        return None
    if is_standard_only(rule_id, text):
        return "standard"
    return "starter" if standard_map.replaced(rule_id) else "both"


def rule_fields(rule_id: str, text: str, standard_map: StandardMap) -> dict:
    """The change map's fields of one rule in rules.json (every rule has all of them)."""
    entry = standard_map.entry(rule_id)
    return {
        "game": game_of(rule_id, text, standard_map),
        "standard_kind": entry.kind if entry else "",
        "changes": [{"rule": link.starter, "how": link.how} for link in entry.links] if entry else [],
        "changed_by": [
            {"rule": link.standard, "how": link.how, "summary": standard_map.line_of(link)}
            for link in standard_map.changed_by(rule_id)
        ],
        "standard_missing": [{"what": m.what, "where": m.where} for m in standard_map.missing_for(rule_id)],
    }


def term_changes(defined_by: tuple[str, ...], standard_map: StandardMap, url_of) -> list[dict]:
    """The Standard rules that change (replace, add to or restrict) any of the rules that define a
    glossary term (`defined_by`, every one of them), for its pop-up card and glossary entry:
    [{"rule", "summary", "url"}], each once, in the map's order. Only the defining rules: a rule that
    merely uses the term ("Companies can only combine at a Darkhaven" for "Darkhaven") is not the
    term, and a Standard change to it is not a change to the term."""
    defining = set(defined_by)
    seen, out = set(), []
    for link in standard_map.links:
        if link.starter in defining and link.how in CHANGING and link.standard not in seen:
            seen.add(link.standard)
            out.append({"rule": link.standard, "summary": standard_map.line_of(link), "url": url_of(link.standard)})
    return out
