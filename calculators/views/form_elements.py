"""The element builder the form is written with (the result is calculators/views/markup.py)."""

from __future__ import annotations

import xml.etree.ElementTree as etree

from markdown.util import AtomicString


class Html:
    """Small element builder; all text is atomic so no Markdown pattern touches it."""

    def __init__(self, rule_url):
        self.rule_url = rule_url

    @staticmethod
    def el(parent, tag, attrs=None, text=None):
        node = (
            etree.SubElement(parent, tag, {k: str(v) for k, v in (attrs or {}).items()})
            if parent is not None
            else etree.Element(tag, {k: str(v) for k, v in (attrs or {}).items()})
        )
        if text is not None:
            node.text = AtomicString(str(text))
        return node

    @staticmethod
    def tail(node, text):
        node.tail = AtomicString((node.tail or "") + text)

    def table(self, parent, css_class, caption, column_titles=()):
        """A table with its caption and column headings (if any); returns its tbody."""
        table = self.el(parent, "table", {"class": css_class})
        self.el(table, "caption", None, caption)
        if column_titles:
            head = self.el(self.el(table, "thead"), "tr")
            for title in column_titles:
                self.el(head, "th", {"scope": "col"}, title)
        return self.el(table, "tbody")

    def rule_link(self, parent, rule_id):
        link = self.el(
            parent, "a", {"class": "rule-ref", "href": self.rule_url(rule_id), "aria-label": f"Rule {rule_id}"}, rule_id
        )
        return link
