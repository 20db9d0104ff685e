"""The HTML the views write: a small element tree that prints itself as text.

Standard library only and no parser, so the same code runs at build time and in the
browser's worker and gives the same bytes in both. Every text and attribute is escaped
(names typed into the form end up in the result).
"""

from __future__ import annotations

VOID = frozenset({"input", "br", "img", "hr"})


def escape(text: str, quote: bool = False) -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace('"', "&quot;") if quote else text


class Element:
    __slots__ = ("tag", "attrs", "children")

    def __init__(self, tag: str, attrs: dict | None = None):
        self.tag = tag
        self.attrs = {name: str(value) for name, value in (attrs or {}).items()}
        self.children: list = []

    def add(self, tag: str, attrs: dict | None = None, text=None) -> Element:
        """A new child element (with `text` in it, if given)."""
        child = Element(tag, attrs)
        if text is not None:
            child.children.append(str(text))
        self.children.append(child)
        return child

    def text(self, text) -> Element:
        self.children.append(str(text))
        return self

    def __str__(self) -> str:
        attrs = "".join(f' {name}="{escape(value, quote=True)}"' for name, value in self.attrs.items())
        if self.tag in VOID:
            return f"<{self.tag}{attrs}>"
        inner = "".join(escape(child) if isinstance(child, str) else str(child) for child in self.children)
        return f"<{self.tag}{attrs}>{inner}</{self.tag}>"


class Html:
    """Writes the results' recurring parts; `rule_url(rule_id)` is where a rule link goes."""

    def __init__(self, rule_url):
        self.rule_url = rule_url

    @staticmethod
    def table(parent: Element, css_class: str, caption: str, column_titles=()) -> Element:
        """A table with its caption and column headings (if any); returns its tbody."""
        table = parent.add("table", {"class": css_class})
        table.add("caption", None, caption)
        if column_titles:
            head = table.add("thead").add("tr")
            for title in column_titles:
                head.add("th", {"scope": "col"}, title)
        return table.add("tbody")

    def rule_link(self, parent: Element, rule_id: str) -> Element:
        return parent.add(
            "a", {"class": "rule-ref", "href": self.rule_url(rule_id), "aria-label": f"Rule {rule_id}"}, rule_id
        )
