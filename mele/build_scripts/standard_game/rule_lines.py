"""What each rule says of the other game, from the change map: the `standard-game` block inside
a rule's own block (rendered by mele/build_scripts/markdown/rule_blocks.py) and the fields of
rules.json.

A Starter rule that the Standard game changes carries "Standard game: 2.5.2 — Orc scouts count
half", a link to each Standard rule with its line (its summary and condition, or the link's own
line); a replaced one also quotes its replacement, shown when the reader reads as the Standard
game. A Standard rule carries "Changes 1.5.41 (adds to)" back, and "Starter rule: 1.0.2" (or
"Part I note: 1.1.8", for a Part I note that is itself about the Standard game) for a rule it
only points to or repeats. A rule whose Standard change is referred to but missing from the
source says so and links the Errata and coverage page.
"""

from __future__ import annotations

from mele.build_scripts.model.evidence import is_standard_only
from mele.build_scripts.render.inline import escape
from mele.build_scripts.standard_game.changes import CHANGING, Link, StandardMap

HOW_WORDS = {"replaces": "replaces", "adds-to": "adds to", "restricts": "restricts", "note": "see"}
MISSING_LINK = "errata-and-coverage.md#what-the-source-lacks"  # from a rule page (all are in rules/)
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
            {"rule": link.standard, "how": link.how, "summary": _summary(standard_map, link)}
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
            out.append({"rule": link.standard, "summary": _summary(standard_map, link), "url": url_of(link.standard)})
    return out


def rule_link(rule_id: str, label: str, href) -> str:
    """A Markdown link to a rule, relative from one rule page to another (`href(rule_id)`:
    "2-5-characters-companies.md#r2-5-2"), which MkDocs and Zensical both resolve."""
    return f"[{label}]({href(rule_id)}){{: .rule-ref }}"


def standard_block(rule_id: str, standard_map: StandardMap, rule_texts: dict[str, str], href) -> list[str]:
    """The `standard-game` block inside the rule's block, as Markdown lines; [] when there is nothing to say.
    `href(rule_id)` is a rule's address from its page (see rule_link)."""
    changed_by = standard_map.changed_by(rule_id)
    entry = standard_map.entry(rule_id)
    missing = standard_map.missing_for(rule_id)
    lines: list[str] = []
    if changed_by:
        lines += _changed_by_lines(changed_by, standard_map, rule_texts, href)
    if entry and entry.kind == "new":
        lines += ['<span class="std-game__label">New in the Standard game</span>', ""]
    if entry and entry.links:
        lines += _changes_lines(entry.links, rule_texts, href)
    for m in missing:
        lines += [
            f'<span class="std-game__label">Missing from the source:</span> {escape(m.what)} '
            f"({escape(m.where)}). [Errata and coverage]({MISSING_LINK}){{: .std-game__missing }}",
            "",
        ]
    if not lines:
        return []
    replaced_by = [link.standard for link in changed_by if link.how == "replaces"]
    options = ["    replaced: true"] if replaced_by else []
    return ["/// standard-game", *options, "", *lines, "///", ""]


def _changed_by_lines(links: list[Link], standard_map: StandardMap, rule_texts: dict[str, str], href) -> list[str]:
    refs = " ".join(
        rule_link(
            link.standard,
            f"{link.standard} — {escape(_summary(standard_map, link))}"
            f"{' (replaces this rule)' if link.how == 'replaces' else ''}",
            href,
        )
        for link in links
    )
    out = [f'<span class="std-game__label">Standard game:</span> {refs}', ""]
    for link in links:
        if link.how == "replaces":
            out += [f"> **{link.standard}** reads instead: {escape(_words(rule_texts[link.standard]))}", ""]
    return out


def _changes_lines(links: tuple[Link, ...], rule_texts: dict[str, str], href) -> list[str]:
    changing = [link for link in links if link.how in CHANGING]
    notes = [link for link in links if link.how not in CHANGING]
    parts = []
    if changing:
        parts.append(
            '<span class="std-game__label">Changes</span> '
            + " ".join(rule_link(link.starter, f"{link.starter} ({HOW_WORDS[link.how]})", href) for link in changing)
        )
    for label, group in (
        ("Starter rule:", [link for link in notes if not is_standard_only(link.starter, rule_texts[link.starter])]),
        ("Part I note:", [link for link in notes if is_standard_only(link.starter, rule_texts[link.starter])]),
    ):
        if group:
            parts.append(
                f'<span class="std-game__label">{label}</span> '
                + " ".join(rule_link(link.starter, link.starter, href) for link in group)
            )
    return [" ".join(parts), ""]


def _summary(standard_map: StandardMap, link: Link) -> str:
    """The line shown for the link's Standard rule on its Starter rule (and on a glossary card)."""
    return standard_map.line_of(link)


def _words(text: str) -> str:
    """A rule's words for a quote: one line, without a list item's bullet."""
    return " ".join(text.split()).removeprefix("· ").removeprefix("• ")
