"""The "Errata and coverage" page: every correction and editor's note, and
everything the source lacks, with links to the rules they touch."""

from __future__ import annotations

import re

from build_scripts.model.document import Document, Span
from build_scripts.model.errata import Erratum
from build_scripts.model.page_refs import PageRef
from build_scripts.render.inline import block_safe, escape

COVERAGE_PATH = "rules/errata-and-coverage.md"


def _cell(text: str) -> str:
    return escape(" ".join(text.split())) or " "


SOURCE_TITLES = {
    "mele-rulebook.txt": "The MELE rulebook",
    "sbg-advanced-rules.txt": "Strategy Battle Game: Advanced Rules",
    "sbg-boats-article.txt": "Strategy Battle Game: boats article",
}


def _erratum_entry(e: Erratum, block) -> list[str]:
    """One entry as a small card: readable on a phone, where a six-column table is not."""
    where = "rule {ref:%s}" % block.id if block else f"line {e.line}"
    if e.splits:
        where = "rules {ref:%s} and {ref:%s}" % (block.id, e.new_rule)
        shown = f"Shown as: a rule of its own, {{ref:{e.new_rule}}}, starting {_cell(e.replacement)}"
    elif e.corrects_text:
        shown = f"Shown as: {_cell(e.replacement)}"
    else:
        shown = f"*Editor's note:* {_cell(e.note)}"
    return [
        f'<div class="erratum-entry" id="{e.anchor}" markdown="1">',
        "",
        f"**{e.id}** · {e.label} · {where} · source line {e.line}",
        "{: .erratum-head }",
        "",
        f"Source reads: {_cell(e.text)}",
        "",
        shown,
        "",
        f"*Why:* {_cell(e.reason)}",
        "{: .erratum-why }",
        "",
        "</div>",
        "",
    ]


def coverage_markdown(
    document: Document, errata: list[Erratum], coverage: dict, page_refs: list[PageRef], block_for_line, section_link
) -> str:
    out = [
        "---",
        "title: Errata and coverage",
        "---",
        "",
        "# Errata and coverage",
        "",
        "The rulebook on this site is generated from a plain-text copy of the book. "
        "That copy has typing slips, a few contradictions, and whole parts missing. "
        "Nothing is hidden: corrections are shown in place (tap or hover a corrected word "
        "to see what the source says), contradictions keep the source text with an "
        "editor's note beside it, and this page lists all of it.",
        "{: .no-glossary }",
        "",
        "## Corrections and editor's notes",
        "",
        f"{len(errata)} entries, in the order of each source text. Each names the rule it touches, "
        "what the source reads, and what the rule pages show instead or the editor's note beside it.",
        "",
    ]
    source = None
    for e in sorted(errata, key=lambda e: (e.source, e.line)):
        if e.source != source:
            source = e.source
            out += [f"### {escape(SOURCE_TITLES.get(source, source))}", ""]
        out += _erratum_entry(e, block_for_line(e.source, e.line))
    out += ["", "## What the source lacks", ""]
    data = coverage[document.source]
    out += _missing_items(data)
    out += ["", "### Where the text stops", "", _cell(data["stops"]), ""]
    out += [
        "### Page references",
        "",
        "The book refers to its own page numbers. Where the page survives, the reference "
        "links to its section; where it does not, it is listed here.",
        "",
        "| Rule | Reference | Leads to |",
        "| --- | --- | --- |",
    ]
    for ref in page_refs:
        block = block_for_line(document.source, ref.line)
        target = "missing from the source" if ref.target == "missing" else section_link(ref.target)
        out.append(f"| {{ref:{block.id}}} | {_cell(ref.text)} | {target} |")
    out += [
        "",
        "## The book's contents as printed",
        "",
        "The title and table of contents at the top of the source file, with what this copy holds:",
        "",
    ]
    out += _contents(document.contents, section_link)
    return "\n".join(out) + "\n"


def _missing_items(data: dict) -> list[str]:
    """One bullet per thing the source lacks, linked to the rules that refer to it."""
    out = []
    for item in data["missing"]:
        refs = ", ".join(f"{{ref:{rule_id}}}" for rule_id in item.get("rules", []))
        out.append(f"- **{_cell(item['what'])}.** {_cell(item['evidence'])}" + (f" See {refs}." if refs else ""))
    return out


# --- Strategy Battle Game texts -------------------------------------------------


def sbg_coverage_markdown(texts: list[tuple[str, str]], coverage: dict) -> str:
    """What each SBG text (title, source file) lacks; their errata are in the page's main table."""
    out = [
        "## Strategy Battle Game texts",
        "",
        "The two Strategy Battle Game texts are checked the same way. Their corrections and "
        "editor's notes are in the table above (ids starting SA for the Advanced Rules, "
        "SB for the boats article); what they lack is listed here.",
        "",
    ]
    for title, source in texts:
        data = coverage[source]
        out += [
            f"### {escape(title)} ({escape(source)})",
            "",
            *_missing_items(data),
            "",
            f"**Where the text stops.** {_cell(data['stops'])}",
            "",
        ]
    return "\n".join(out)


def _contents(contents: list[Span], section_link) -> list[str]:
    """Each printed entry with where it is on this site, or 'missing'."""
    out, part = [], 0
    front = {"Introduction": "0.1", "Using This Rulebook": "0.2", "Brief Player Turn Summary": "0.3"}
    for span in contents:
        entry = span.text.strip().lstrip("•").strip()
        key = None
        if m := re.match(r"Part (I{1,3}|IV|V)\b", entry):
            part = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5}[m.group(1)]
            key = f"{part}.0" if part <= 2 else None
        elif m := re.match(r"(\d+)\.", entry):
            key = f"{part}.{m.group(1)}" if part <= 2 else None
        else:
            key = front.get(entry)
        status = section_link(key) if key else None
        if span.line <= 2:
            out.append(f"- *{_cell(span.text)}* (title)")
        else:
            out.append(f"- {block_safe(_cell(span.text))}: " + (status or "**missing** from this copy"))
    return out + [""]
