"""A search answer as the reader's list shows it: one position for each result, a rule with the
rules that refer back to it shown beside it as its details (`detailOf`, search/rank.js) holding
one position together; a notice (the query was cut, no rule answers) and the calculator a
situation opens (above the rules) hold none. The question set's hit rates count these positions."""

from __future__ import annotations

UNRANKED = {"notice", "situation"}


def positions(results: list[dict]) -> list[list[str | None]]:
    """Each position's rule ids (None for a result that is not a rule), best first."""
    shown: list[list[str | None]] = []
    for result in results:
        if result["kind"] in UNRANKED:
            continue
        rule = result["id"] if result["kind"] == "rule" else None
        if result.get("detailOf") and shown:
            shown[-1].append(rule)
        else:
            shown.append([rule])
    return shown


def found_within(results: list[dict], rules: list[str], k: int) -> bool:
    """Whether one of `rules` is among the first `k` positions."""
    return any(set(position) & set(rules) for position in positions(results)[:k])
