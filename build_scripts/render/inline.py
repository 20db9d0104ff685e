"""Turn a Span of source text into safe Markdown with the project's inline marks.

Plain text is escaped so nothing in the rulebook is read as Markdown syntax.
Errata, type-code badges and icon descriptions become inline HTML tags around
the escaped text (inline_html.py).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from build_scripts.model.document import Span
from build_scripts.model.errata import Mark
from build_scripts.model.page_refs import PAGE_REF
from build_scripts.render import inline_html

PageLink = Callable[[int], str] | None  # printed page number -> Markdown link target

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]|])")
_BLOCK_START = re.compile(r"^(\s*)([#>+=-]|\d+(?=\.))")
_SITE_CODE = re.compile(r"\[(DH|F|B|R|S|D)\]")
_REGION_CODE = re.compile(r"\[(c|f|b|w|s|d)\]")
_ICON = re.compile(r"\[([^\]]{2,})\]")


def escape(text: str) -> str:
    """Escape text so Python-Markdown shows it literally. Only what Markdown
    would read as syntax is escaped, so hyphenated terms stay whole for the
    glossary's term matching."""
    return _MD_SPECIAL.sub(r"\\\1", html.escape(text, quote=False))


def block_safe(markdown: str) -> str:
    """Escape a line start that Markdown would read as a heading, list or quote."""
    return _BLOCK_START.sub(
        lambda m: m.group(1) + "\\" + m.group(2) if not m.group(2)[0].isdigit() else m.group(0) + "\\",
        markdown,
        count=1,
    )


def plain(text: str, page_link: PageLink = None) -> str:
    """Escaped text with badges for letter codes, muted icon descriptions and
    printed page references linked to where that page's rules are now."""
    out, pos = [], 0
    for m in re.finditer(rf"{_SITE_CODE.pattern}|{_REGION_CODE.pattern}|{_ICON.pattern}", text):
        out.append(_with_page_links(text[pos : m.start()], page_link))
        if m.group(1):
            out.append(inline_html.badge("site", m.group(1)))
        elif m.group(2):
            out.append(inline_html.badge("region", m.group(2)))
        else:
            out.append(inline_html.icon(m.group(3)))
        pos = m.end()
    out.append(_with_page_links(text[pos:], page_link))
    return "".join(out)


def _with_page_links(text: str, page_link: PageLink) -> str:
    if page_link is None:
        return escape(text)
    out, pos = [], 0
    for m in PAGE_REF.finditer(text):
        out += [escape(text[pos : m.start()]), f"[{escape(m.group(0))}]({page_link(int(m.group(1)))})"]
        pos = m.end()
    out.append(escape(text[pos:]))
    return "".join(out)


def span_markdown(span: Span, marks: dict[int, list[Mark]], page_link: PageLink = None) -> str:
    """Markdown for a span, wrapping the parts of it that errata touch."""
    line_marks = [m for m in marks.get(span.line, []) if _inside(m, span)]
    out, pos = [], 0
    for mark in line_marks:
        start, end = mark.start - span.offset, mark.end - span.offset
        out.append(plain(span.text[pos:start], page_link))
        out.append(inline_html.erratum(mark.erratum, span.text[start:end]))
        pos = end
    out.append(plain(span.text[pos:], page_link))
    return "".join(out)


def _inside(mark: Mark, span: Span) -> bool:
    return span.offset <= mark.start and mark.end <= span.offset + len(span.text)


def marks_outside(span_list: list[Span], marks: list[Mark]) -> list[Mark]:
    """Errata that no single span holds whole (for example, one that spans table cells)."""
    return [m for m in marks if not any(s.line == m.erratum.line and _inside(m, s) for s in span_list)]
