"""Inline marks used in generated and hand-written pages.

{ref:1.7.14}            link to a rule by id (the build fails on an unknown id)
{ref:1.7.14|the roll}   the same, with its own link text
{label:Type}            words the site adds (such as a table's column names),
                        marked so they are never taken for source text

The generated pages write their other inline marks (type badges, card icons, errata) as plain
inline HTML (build_scripts/render/inline_html.py), which needs no extension.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as etree

from markdown import Extension
from markdown.inlinepatterns import InlineProcessor

from build_scripts.model.rule_index import RuleIndex, UnknownRule

_UNESCAPE = re.compile(r"\\(.)")


def _unescape(text: str) -> str:
    """These patterns run before Markdown's own escapes, so undo the generator's escaping."""
    return html.unescape(_UNESCAPE.sub(r"\1", text))


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


class SiteLabelProcessor(InlineProcessor):
    def handleMatch(self, m, data):
        label = etree.Element("span", {"class": "site-label"})
        label.text = _unescape(m.group(1))
        return label, m.start(0), m.end(0)


class RuleMarksExtension(Extension):
    def __init__(self, **kwargs):
        self.config = {"index": ["build/rules-index.json", "JSON list of rules: id, path, anchor"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md):
        index = self.getConfig("index")
        md.inlinePatterns.register(
            RuleRefProcessor(r"\{ref:([A-Za-z0-9.\-]+)(?:\|([^}]*))?\}", md, index), "rule-ref", 195
        )
        md.inlinePatterns.register(SiteLabelProcessor(r"\{label:([^}]+)\}", md), "rule-label", 191)


def makeExtension(**kwargs):
    return RuleMarksExtension(**kwargs)
