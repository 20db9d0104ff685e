"""The A-Z glossary page: a letter index and one entry per term with its
definition, the rules that define it, the Standard rules that change them, every rule
that uses it, and related terms."""

from __future__ import annotations

from itertools import groupby

from build_scripts.glossary.terms import Term
from build_scripts.render.inline import escape
from build_scripts.render.inline_html import badge

GLOSSARY_PATH = "glossary.md"
USED_IN_OPEN_LIMIT = 12  # longer "Used in" lists start folded


def _letter(term: Term) -> str:
    first = term.term[0].upper()
    return first if first.isalpha() else "#"


def _refs(rule_ids) -> str:
    return ", ".join("{ref:%s}" % rule_id for rule_id in rule_ids)


def glossary_markdown(
    terms: list[Term],
    usage: dict[str, list[str]],
    game: str,
    title: str,
    intro: str,
    standard: dict[str, list[dict]] | None = None,
    print_css: str | None = None,
) -> str:
    """`standard`: term id -> the Standard rules that change its defining rules (standard_lines.py),
    the same list its pop-up card shows the first of. `print_css`: the link to the printed pages'
    running heads (render/whole_rulebook.py), for a glossary printed as a book, with its Print button."""
    standard = standard or {}
    chosen = sorted((t for t in terms if t.game == game), key=lambda t: t.term.lower())
    by_id = {t.id: t for t in terms}
    groups = [(letter, list(group)) for letter, group in groupby(chosen, key=_letter)]
    out = ["---", f"title: {title}", "hide:", "  - toc", "---", ""]
    if game != "MELE":  # pop-ups on this page use this game's terms (glossary_terms.page_game)
        out += [escape(game), f'{{: .part-label data-glossary="{game}" }}', ""]
    out += [f"# {title}", "", intro, "{: .no-glossary }", ""]
    if print_css:
        out += [
            '<p class="print-book print-book--glossary print-book__actions no-glossary">'
            f'<link rel="stylesheet" href="{print_css}">'
            '<button type="button" class="md-button" data-print>Print the glossary</button></p>',
            "",
        ]
    out.append(
        '<nav class="glossary-index no-glossary" aria-label="Letters">'
        + " ".join(
            f'<a href="#letter-{letter.lower() if letter != "#" else "num"}">{letter}</a>' for letter, _ in groups
        )
        + "</nav>"
    )
    out.append("")
    for letter, group in groups:
        anchor = letter.lower() if letter != "#" else "num"
        out += ["## " + letter.replace("#", r"\#") + f" {{#letter-{anchor}}}", ""]
        for term in group:
            out += _entry(term, usage.get(term.id, []), by_id, standard.get(term.id, []))
    return "\n".join(out) + "\n"


def _entry(term: Term, used: list[str], by_id: dict[str, Term], changes: list[dict]) -> list[str]:
    symbol = " " + badge("site" if term.symbol.isupper() else "region", term.symbol) if term.symbol else ""
    out = [
        f"### {escape(term.term)} {{#{term.anchor} .glossary-term}}",
        "",
        '<div class="glossary-entry" markdown="1">',
        "",
    ]
    if term.aliases:
        out += [f"*Also:* {escape(', '.join(term.aliases))}{symbol}", "{: .glossary-aliases .no-glossary }", ""]
    elif symbol:
        out += [f"*Symbol:*{symbol}", "{: .glossary-aliases }", ""]
    out += [escape(term.definition), ""]
    if not term.defined:
        out += [
            "*The rulebook uses this term without defining it;"
            " the definition is the site's reading of how it is used.*",
            "{: .glossary-undefined }",
            "",
        ]
    if term.defined:
        out += [f"**Defined in:** {_refs(term.defined_by)}", "{: .no-glossary }", ""]
    elif term.defined_in:
        out += [f"**Read from:** {_refs(term.defined_in)}", "{: .no-glossary }", ""]
    if term.defined_in:
        out += _why(term)
    if changes:
        items = " · ".join("{ref:%s} — %s" % (change["rule"], escape(change["summary"])) for change in changes)
        out += [f"**Standard game:** {items}", "{: .glossary-standard .no-glossary }", ""]
    if used:
        if len(used) > USED_IN_OPEN_LIMIT:
            out += [
                f'<details class="used-in no-glossary" markdown="1"><summary>Used in {len(used)} rules</summary>',
                "",
                _refs(used),
                "",
                "</details>",
                "",
            ]
        else:
            out += [f"**Used in:** {_refs(used)}", "{: .used-in .no-glossary }", ""]
    if term.related:
        links = ", ".join(f"[{escape(by_id[r].term)}](#{by_id[r].anchor})" for r in term.related)
        out += [f"**Related:** {links}", "{: .no-glossary }", ""]
    out += ["</div>", ""]
    return out


def _why(term: Term) -> list[str]:
    """The words of each cited rule the definition rests on, folded (a <details> works without JavaScript)."""
    items = [
        f"- {{ref:{rule_id}}} " + " … ".join(f"“{escape(quote)}”" for quote in quotes)
        for rule_id, quotes in term.evidence
    ]
    return [
        '<details class="glossary-why no-glossary" markdown="1">',
        "<summary>Why: the rules' words</summary>",
        "",
        *items,
        "",
        "</details>",
        "",
    ]
