"""The `standard-game` block inside a rule's own block (drawn by build_scripts/markdown/rule_blocks.py):
what the change map says of the rule, as Markdown (build_scripts/standard_game/rule_fields.py has the same
facts as data)."""

from __future__ import annotations

from build_scripts.model.evidence import is_standard_only
from build_scripts.render.inline import escape
from build_scripts.standard_game.changes import CHANGING, Link, StandardMap

HOW_WORDS = {"replaces": "replaces", "adds-to": "adds to", "restricts": "restricts", "note": "see"}
MISSING_LINK = "errata-and-coverage.md#what-the-source-lacks"  # from a rule page (all are in rules/)


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
            f"{link.standard} — {escape(standard_map.line_of(link))}"
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


def _words(text: str) -> str:
    """A rule's words for a quote: one line, without a list item's bullet."""
    return " ".join(text.split()).removeprefix("· ").removeprefix("• ")
