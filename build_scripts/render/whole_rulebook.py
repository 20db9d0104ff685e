"""The whole rulebook on one page, to print (docs/rules/whole-rulebook.md): every rule in order
with its number, each part and section heading, a table of contents, each correction with the
source's words in a note under its rule, every editor's note and every Standard-game line.

Printed, each section is a named page (CSS `page`), whose running head names the section in the
page's top margin box (`@page` margin boxes: Chromium from version 131; a browser without them
prints the same pages without the heads). The page rules depend on the sections and the edition,
so they are written beside the page (PRINT_PAGES_CSS), with the glossary's; the page and the
glossary link them. The site's own print styles are assets/stylesheets/print-book.css."""

from __future__ import annotations

import posixpath

from build_scripts.model.document import Document, Heading, Section, rule_anchor
from build_scripts.render.inline import escape
from build_scripts.render.section_pages import PART_NAMES, PageRenderer, section_title
from build_scripts.site_urls import UrlScheme

WHOLE_RULEBOOK_PATH = "rules/whole-rulebook.md"
PRINT_PAGES_CSS = "rules/print-pages.css"  # under docs/, beside the generated pages
BOOK_TITLE = "Middle-earth: The Lidless Eye rulebook"
CONTENTS_HEAD = "The whole rulebook · Contents"  # the running heads of the pages that are no section's
GLOSSARY_HEAD = "Glossary"
INTRO = (
    "Every rule of the *Middle-earth: The Lidless Eye* rulebook in order, on one page to print "
    "(A4 or Letter): each with its number, under its part and section."
)
LEGEND = (
    "Corrected words are underlined, and a note under the rule gives the source's words. An "
    "editor's note stands beside a rule the source contradicts or leaves unclear. A Standard game "
    "line says how the Standard game changes the rule."
)
UNOFFICIAL = (
    "An unofficial reference: [About these rules](../about.md) says which text this is, what it "
    "lacks and what governs organised play."
)


def section_id(section: Section) -> str:
    """The section's anchor on the page and the name of its printed pages: "s1-7"."""
    return f"s{section.part}-{section.number}"


def section_heading(section: Section) -> str:
    return f"{section.part}.{section.number} · {section_title(section)}"


def stylesheet_href(scheme: UrlScheme, page: str) -> str:
    """The print pages' stylesheet as a link from `page` (a docs path), in the site's URL style."""
    here = posixpath.dirname("/" + scheme.page_url(page) + ("x" if scheme.directory_urls else ""))
    return posixpath.relpath("/" + PRINT_PAGES_CSS, here)


def whole_rulebook_markdown(document: Document, renderer: PageRenderer, edition: dict, scheme: UrlScheme) -> str:
    """`renderer`: a PageRenderer with in-page rule links and erratum notes, without glossary lines."""
    built = f", built {edition['built']}" if edition["built"] else ""
    out = [
        "---",
        "title: The whole rulebook",
        "description: Every rule of the MELE rulebook in order, on one page to print on A4 or Letter.",
        "hide:",
        "  - navigation",
        "  - toc",
        "---",
        "",
        '<section class="print-book print-book--rulebook print-front no-glossary" markdown>',
        "",
        "# The whole rulebook",
        "",
        INTRO,
        "",
        f"{escape(BOOK_TITLE)}, as numbered on this site: reference {edition['version']}{built}.",
        "{: .print-book__edition }",
        "",
        UNOFFICIAL,
        "",
        # The running heads' stylesheet in the paragraph of the Print button, which only the screen shows:
        # on its own, the link would be an empty paragraph, and a blank page before the book.
        f'<p class="print-book__actions"><link rel="stylesheet" href="{stylesheet_href(scheme, WHOLE_RULEBOOK_PATH)}">'
        '<button type="button" class="md-button md-button--primary" data-print>Print</button></p>',
        "",
        LEGEND,
        "{: .print-book__legend }",
        "",
        "## Contents {#contents}",
        "",
        *contents_lines(document),
        "",
        "</section>",
        "",
    ]
    for part in document.parts:
        for n, section in enumerate(part.sections):
            out += section_lines(section, renderer, part_heading=PART_NAMES[part.number] if n == 0 else None)
    return "\n".join(out) + "\n"


def contents_lines(document: Document) -> list[str]:
    out = []
    for part in document.parts:
        first = part.sections[0] if part.sections else None
        out.append(f"- [{escape(PART_NAMES[part.number])}](#p{part.number})")
        out += [
            f"    - [{escape(section_heading(section))}](#{section_id(section)})"
            for section in part.sections
            if section is not first or section.number
        ]
    return out


def section_lines(section: Section, renderer: PageRenderer, part_heading: str | None) -> list[str]:
    out = [f'<section class="print-section no-glossary" id="print-{section_id(section)}" markdown>', ""]
    if part_heading:
        out += [f"## {escape(part_heading)} {{#p{section.part}}}", ""]
    if section.number or not part_heading:
        out += [f"### {escape(section_heading(section))} {{#{section_id(section)}}}", ""]
    for item in section.items:
        if isinstance(item, Heading):
            out += [f"{'#' * (item.level + 2)} {escape(item.text)}", ""]
        else:
            out += renderer.block_markdown(item)
    return out + ["</section>", ""]


PAGE_MARGINS = "16mm 15mm 16mm 15mm"  # top, right, bottom, left: the heads and feet sit in them
MARGIN_TEXT = 'font: 8pt Arial, "Liberation Sans", Helvetica, sans-serif; color: #000;'


def _css_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def page_rule(name: str, head: str, edition: dict) -> str:
    """One named page: the section in the running head, the edition on the left of the foot, the
    page number on the right."""
    foot = f"MELE reference {edition['version']}" + (f", built {edition['built']}" if edition["built"] else "")
    return (
        f"@page {name} {{\n"
        f"  margin: {PAGE_MARGINS};\n"
        f"  @top-left {{ content: {_css_string(head)}; {MARGIN_TEXT} }}\n"
        f"  @bottom-left {{ content: {_css_string(foot)}; {MARGIN_TEXT} }}\n"
        f'  @bottom-right {{ content: "Page " counter(page) " of " counter(pages); {MARGIN_TEXT} }}\n'
        "}\n"
    )


def print_pages_css(document: Document, edition: dict) -> str:
    """The named pages of the whole rulebook (its front and each section) and of the glossary."""
    out = [
        "/* Written by build_scripts/render/whole_rulebook.py: the running heads of the printed rulebook\n"
        "   and glossary, one named page per section. */\n",
        # The whole document is on the book's first named page, so that nothing (not even the empty
        # boxes of the site's hidden parts) starts a blank page before it; each section has its own.
        "@media print {\n  body:has(.print-book--rulebook) { page: contents; }\n"
        "  body:has(.print-book--glossary) { page: glossary; }\n",
    ]
    out += [f"  #print-{section_id(s)} {{ page: {section_id(s)}; }}\n" for s in document.sections]
    out.append("}\n")
    out.append(page_rule("contents", CONTENTS_HEAD, edition))
    out.append(page_rule("glossary", GLOSSARY_HEAD, edition))
    for part in document.parts:
        for section in part.sections:
            head = PART_NAMES[part.number] if not section.number else section_heading(section)
            out.append(page_rule(section_id(section), head, edition))
    return "".join(out)


def in_page_hrefs(document: Document) -> dict[str, str]:
    """Every rule's link on the whole rulebook's page: its anchor there."""
    return {block.id: f"#{rule_anchor(block.id)}" for block in document.blocks}
