"""The comparison page, "What changes in the Standard game", from the change map: for each topic,
one row per Standard rule that changes the Starter Rules or is new in the Standard game (a
clarification or an exception that states a rule of its own is new), with the Starter rules it
changes on the left (in the words the map quotes) and the change on the right: the Standard rule,
what it does to which Starter rules ("2.1.8 adds to 1.1.14:", so that the label reads as the
Standard rule's), its line (summary and condition), the lines its links have of their own, and its
words; then what the source lacks. On a phone too the two sides stand side by side; printed, the
page fits two sides of A4 or US Letter (docs/assets/stylesheets/game.css)."""

from __future__ import annotations

from build_scripts.render.coverage import COVERAGE_PATH
from build_scripts.render.inline import escape
from build_scripts.render.standard_block import rule_link
from build_scripts.standard_game.changes import CHANGING, Entry, Link, StandardMap

COMPARISON_PATH = "rules/standard-game-changes.md"  # beside the rule pages, in the generated folder
COMPARISON_TITLE = "What changes in the Standard game"
HOW_LABELS = {"replaces": "replaces", "adds-to": "adds to", "restricts": "restricts"}


def comparison_markdown(standard_map: StandardMap, href) -> str:
    """`href(rule_id)`: a rule's address from this page, which is among the rule pages (standard_block.rule_link)."""
    coverage = COVERAGE_PATH.removeprefix("rules/")
    out = [
        "---",
        f"title: {COMPARISON_TITLE}",
        "hide:",
        "  - toc",
        "---",
        "",
        '<div class="std-compare print-sheet no-glossary" markdown="1">',
        "",
        f"# {COMPARISON_TITLE}",
        "",
        "For a player moving up from the Starter Rules: each row is a Standard rule and the Starter rules it "
        "changes, in their own words. Tap a number for the whole rule. Rules that only explain or repeat "
        f"others are left out; parts of the book are missing ([Errata and coverage]({coverage})).",
        "{: .std-compare__intro }",
        "",
    ]
    quoted: set[str] = set()  # the Starter rules already quoted higher up the page
    for topic in standard_map.topics:
        rows = [
            entry
            for entry in standard_map.entries.values()
            if entry.topic == topic.id and entry.kind in ("changes", "new")
        ]
        missing = [m for m in standard_map.missing if m.topic == topic.id]
        if not rows and not missing:
            continue
        out += ['<section class="std-compare__topic" markdown="1">', "", f"## {escape(topic.title)}", ""]
        out += [line for entry in rows for line in _row(entry, href, quoted)]
        for m in missing:
            rules = " ".join(rule_link(r, r, href) for r in m.rules)
            out += [
                '<div class="std-compare__row std-compare__row--missing" markdown="1">',
                "",
                f'<div class="std-compare__starter" markdown="1">{rules}</div>',
                "",
                f'<div class="std-compare__standard" markdown="1">**Missing from the source:** {escape(m.what)} '
                f"({escape(m.where)}). [Errata and coverage]({coverage}#what-the-source-lacks)</div>",
                "",
                "</div>",
                "",
            ]
        out += ["</section>", ""]
    out += ["</div>", ""]
    return "\n".join(out)


def _row(entry: Entry, href, quoted: set[str]) -> list[str]:
    """One Standard rule's row; a Starter rule's words quoted in an earlier row are not quoted again
    (the longer games change the same three Starter rules)."""
    changed = [link for link in entry.links if link.how in CHANGING]
    if changed:
        starter = "<br>".join(_starter(link, href, quoted) for link in changed)
        how = _how(changed)
    else:
        starter = '<span class="std-compare__none">Nothing in the Starter Rules</span>'
        if entry.links:
            starter += " (see " + ", ".join(rule_link(link.starter, link.starter, href) for link in entry.links) + ")"
        how = "new:"
    return [
        '<div class="std-compare__row" markdown="1">',
        "",
        f'<div class="std-compare__starter" markdown="1">{starter}</div>',
        "",
        f'<div class="std-compare__standard" markdown="1">{rule_link(entry.rule, entry.rule, href)} '
        f'<span class="std-compare__how">{how}</span> {_lines(entry, changed)} {_quote(" … ".join(_words(entry)))}</div>',
        "",
        "</div>",
        "",
    ]


def _how(changed: list[Link]) -> str:
    """What the Standard rule does to each Starter rule it changes: "adds to 1.1.14:",
    "replaces 1.5.43; adds to 1.5.44:", the numbers being the left side's."""
    starters: dict[str, list[str]] = {}
    for link in changed:
        starters.setdefault(link.how, []).append(link.starter)
    parts = [
        f'{HOW_LABELS[how]}<span class="std-compare__of"> {", ".join(starters[how])}</span>'
        for how in sorted(starters, key=list(HOW_LABELS).index)
    ]
    return "; ".join(parts) + ":"


def _starter(link: Link, href, quoted: set[str]) -> str:
    seen = link.starter in quoted
    quoted.add(link.starter)
    shown = '<span class="std-compare__none">(quoted above)</span>' if seen else _quote(link.evidence[link.starter][0])
    return f"{rule_link(link.starter, link.starter, href)} {shown}"


def _lines(entry: Entry, changed: list[Link]) -> str:
    """The entry's line in bold, then each line a link has of its own, after the Starter rules it is shown on."""
    own: dict[str, list[str]] = {}
    for link in changed:
        if link.line and link.line != entry.line:
            own.setdefault(link.line, []).append(link.starter)
    return "; ".join(
        [f"**{escape(entry.line)}**"]
        + [f"for {', '.join(starters)}: **{escape(line)}**" for line, starters in own.items()]
    )


def _words(entry: Entry) -> list[str]:
    """The rule's own words behind its lines: its links' quotes of it, its condition's and its `quote`."""
    quotes = [entry.quote] if entry.quote else []
    quotes += [quote for link in entry.links if link.how in CHANGING for quote in link.evidence[entry.rule]]
    quotes += list((entry.condition_evidence or {}).get(entry.rule, ()))
    quotes = list(dict.fromkeys(quotes))
    return [quote for quote in quotes if not any(quote != other and quote in other for other in quotes)]


def _quote(words: str) -> str:
    return f'<span class="std-compare__quote">“{escape(words)}”</span>'
