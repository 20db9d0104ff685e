"""Inline marks used in generated and hand-written pages.

{ref:1.7.14}            link to a rule by id (the build fails on an unknown id)
{ref:1.7.14|the roll}   the same, with its own link text
{badge:region:w}        a region/site type symbol as a small badge
{icon:hand icon}        a card icon the source only describes in words
{label:Type}            words the site adds (such as a table's column names),
                        marked so they are never taken for source text
{erratum:C1}text{/erratum}
                        text an erratum touches: shown corrected with the
                        original on hover/tap, or marked as disputed with a
                        link to its editor's note
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as etree
from functools import lru_cache
from pathlib import Path

from markdown import Extension
from markdown.inlinepatterns import InlineProcessor

from build_scripts.model.errata import load_errata
from build_scripts.model.rule_index import RuleIndex, UnknownRule
from build_scripts.model.symbols import type_name

_UNESCAPE = re.compile(r"\\(.)")


def _unescape(text: str) -> str:
    """These patterns run before Markdown's own escapes, so undo the generator's escaping."""
    return html.unescape(_UNESCAPE.sub(r"\1", text))


@lru_cache(maxsize=4)
def _errata(errata_path: str, mtime: float) -> dict:
    return {e.id: e for e in load_errata(Path(errata_path))}


def errata_by_id(errata_path: str) -> dict:
    path = Path(errata_path)
    return _errata(str(path), path.stat().st_mtime)


class RuleRefProcessor(InlineProcessor):
    def __init__(self, pattern, md, index_path: str):
        super().__init__(pattern, md)
        self.index_path = index_path

    def handleMatch(self, m, data):
        rule_id, label = m.group(1), m.group(2)
        try:
            href = RuleIndex.load(self.index_path).markdown_link(rule_id)
        except UnknownRule as error:
            raise ValueError(f"{{ref:{rule_id}}}: {error}") from None
        link = etree.Element("a", {"class": "rule-ref", "href": href})
        link.text = _unescape(label) if label else rule_id
        return link, m.start(0), m.end(0)


class BadgeProcessor(InlineProcessor):
    def handleMatch(self, m, data):
        kind, code = m.group(1), m.group(2)
        name = type_name(kind, code)
        badge = etree.Element(
            "span",
            {
                "class": f"badge badge--{kind} badge--{code.lower()}",
                "title": f"{name} ({kind} type)",
                "aria-label": f"{name} ({kind} type symbol {code})",
            },
        )
        badge.text = code
        return badge, m.start(0), m.end(0)


class IconProcessor(InlineProcessor):
    def handleMatch(self, m, data):
        icon = etree.Element("span", {"class": "icon-desc", "title": "The card shows an icon here"})
        icon.text = "[" + _unescape(m.group(1)) + "]"
        return icon, m.start(0), m.end(0)


class SiteLabelProcessor(InlineProcessor):
    def handleMatch(self, m, data):
        label = etree.Element("span", {"class": "site-label"})
        label.text = _unescape(m.group(1))
        return label, m.start(0), m.end(0)


class ErratumProcessor(InlineProcessor):
    def __init__(self, pattern, md, errata_path: str):
        super().__init__(pattern, md)
        self.errata_path = errata_path

    def handleMatch(self, m, data):
        erratum = errata_by_id(self.errata_path).get(m.group(1))
        if erratum is None:
            raise ValueError(f"{{erratum:{m.group(1)}}}: no such erratum in {self.errata_path}")
        text = _unescape(m.group(2))
        if erratum.corrects_text:
            el = etree.Element(
                "ins",
                {
                    "class": f"erratum erratum--{erratum.kind}",
                    "data-erratum": erratum.id,
                    "data-original": erratum.text,
                    "title": f"Corrected ({erratum.label.lower()}, {erratum.id}). The source reads: {erratum.text}",
                    "tabindex": "0",
                },
            )
            el.text = text
        else:
            el = etree.Element("mark", {"class": f"disputed disputed--{erratum.kind}", "data-erratum": erratum.id})
            link = etree.SubElement(el, "a", {"href": f"#{erratum.anchor}", "title": f"Editor's note {erratum.id}"})
            link.text = text
        return el, m.start(0), m.end(0)


class RuleMarksExtension(Extension):
    def __init__(self, **kwargs):
        self.config = {
            "index": ["build/rules-index.json", "JSON list of rules: id, path, anchor"],
            "errata": ["sources/errata.yaml", "the errata file"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md):
        index, errata = self.getConfig("index"), self.getConfig("errata")
        md.inlinePatterns.register(
            RuleRefProcessor(r"\{ref:([A-Za-z0-9.\-]+)(?:\|([^}]*))?\}", md, index), "rule-ref", 195
        )
        md.inlinePatterns.register(BadgeProcessor(r"\{badge:(region|site):(DH|[A-Za-z])\}", md), "rule-badge", 194)
        md.inlinePatterns.register(IconProcessor(r"\{icon:([^}]+)\}", md), "rule-icon", 193)
        md.inlinePatterns.register(SiteLabelProcessor(r"\{label:([^}]+)\}", md), "rule-label", 191)
        md.inlinePatterns.register(
            ErratumProcessor(r"\{erratum:(\w+)\}(.*?)\{/erratum\}", md, errata), "rule-erratum", 192
        )


def makeExtension(**kwargs):
    return RuleMarksExtension(**kwargs)
