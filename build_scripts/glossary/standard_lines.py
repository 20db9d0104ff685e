"""Each glossary term's Standard-game lines: the Standard rules that change the rules defining it.

The pop-up card shows the first few of them and the glossary entry all of them, so both come from
here. A defining rule can define several terms ("A company's size is ... A company's hazard limit
is ..."): a Standard rule that changes one of them (the hazard limit halved) is not a change to the
others, and the entry names it in `unchanged_by`. The build stops on an `unchanged_by` rule that
changes none of the term's defining rules, so a stale exception cannot hide a later change."""

from __future__ import annotations

from build_scripts.glossary.terms import GlossaryError, Term
from build_scripts.standard_game.changes import StandardMap
from build_scripts.standard_game.rule_fields import term_changes


def standard_lines(terms: list[Term], standard_map: StandardMap, url_of) -> dict[str, list[dict]]:
    """term id -> [{"rule", "summary", "url"}] (the URL from the site root), in the map's order;
    every term has an entry, [] when the Standard game changes none of its defining rules."""
    lines = {}
    for term in terms:
        changes = term_changes(term.defined_by, standard_map, url_of)
        stale = sorted(set(term.unchanged_by) - {change["rule"] for change in changes})
        if stale:
            raise GlossaryError(
                f"glossary term {term.id}: unchanged_by {stale} change none of its defining rules "
                f"{list(term.defined_by)}; remove them"
            )
        lines[term.id] = [change for change in changes if change["rule"] not in term.unchanged_by]
    return lines
