"""The inline marks of the generated pages written as plain inline HTML: a type badge, a card
icon described in words, the text an erratum touches. Python-Markdown and CommonMark read inline
HTML alike, so these marks need no Markdown extension of the generator's (a rule link, {ref:...},
and a word the site adds, {label:...}, still do: build_scripts/markdown/rule_marks.py).

Their text is the source's, literal: every character Markdown reads as syntax is written as a
character reference, in the text and in the attributes alike (Python-Markdown reads code spans,
escapes and links before it reads an HTML tag, so a backtick in an attribute would start a code
span), and the browser reads the same characters. A character reference is no word to the
glossary's count of a section's words, as the character was not, so the first mentions it
underlines stay the same. Attributes are in name order, as Python-Markdown writes an element's."""

from __future__ import annotations

import html
import re

from build_scripts.model.errata import Erratum
from build_scripts.model.symbols import type_name

_MARKDOWN_SYNTAX = re.compile(r"[\\`*_{}\[\]|]")  # what inline.escape escapes; inline, nothing else is syntax


def text(value: str) -> str:
    """`value` as HTML text that no Markdown reads as syntax."""
    return _MARKDOWN_SYNTAX.sub(lambda m: f"&#{ord(m.group(0))};", html.escape(value, quote=False))


QUOTE = '"'


def tag(name: str, attributes: dict[str, str], inner_html: str) -> str:
    written = "".join(f' {key}="{text(value).replace(QUOTE, "&quot;")}"' for key, value in sorted(attributes.items()))
    return f"<{name}{written}>{inner_html}</{name}>"


def badge(kind: str, code: str) -> str:
    """A region or site type's letter code as a small badge ("region", "w")."""
    name = type_name(kind, code)
    return tag(
        "span",
        {
            "class": f"badge badge--{kind} badge--{code.lower()}",
            "title": f"{name} ({kind} type)",
            "aria-label": f"{name} ({kind} type symbol {code})",
        },
        text(code),
    )


def icon(description: str) -> str:
    """A card icon the source only describes in words."""
    return tag("span", {"class": "icon-desc", "title": "The card shows an icon here"}, text(f"[{description}]"))


def erratum(entry: Erratum, words: str) -> str:
    """Text an erratum touches: corrected, with the source's words on hover or tap; or marked as
    disputed, leading to its editor's note on the same page."""
    if entry.corrects_text:
        return tag(
            "ins",
            {
                "class": f"erratum erratum--{entry.kind}",
                "data-erratum": entry.id,
                "data-original": entry.text,
                "title": f"Corrected ({entry.label.lower()}, {entry.id}). The source reads: {entry.text}",
                "tabindex": "0",
            },
            text(words),
        )
    link = tag("a", {"href": f"#{entry.anchor}", "title": f"Editor's note {entry.id}"}, text(words))
    return tag("mark", {"class": f"disputed disputed--{entry.kind}", "data-erratum": entry.id}, link)
