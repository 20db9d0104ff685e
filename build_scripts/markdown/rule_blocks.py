"""`rule` and `editor-note` blocks (pymdown-extensions Blocks API).

    //// rule | 1.7.12
        kind: clarification
        lines: "469-469"
        title: Clarification

    Text of the rule...
    ////

renders a numbered rule: a box for Note/Clarification/Example/Suggestion/
Exception (Material admonitions, one kind each), a plain block otherwise,
always with a visible permalink number `1.7.12` whose anchor is `r1-7-12`.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree

from pymdownx.blocks import BlocksExtension
from pymdownx.blocks.block import Block, type_integer, type_string, type_string_in

# Box kind -> Material admonition type (one distinct kind each).
ADMONITION_TYPES = {
    "note": "note",
    "clarification": "info",
    "example": "example",
    "suggestion": "tip",
    "exception": "warning",
}
KINDS = ("paragraph", "bullet", "item", "table", *ADMONITION_TYPES)
_RULE_ID = re.compile(r"^(?:[A-Z]+-)?[A-Z0-9]+(?:\.[0-9]+)*$")


def rule_anchor(rule_id: str) -> str:
    return "r" + rule_id.lower().replace(".", "-")


def permalink(parent: etree.Element, rule_id: str, citation_prefix: str) -> etree.Element:
    link = etree.SubElement(parent, "a", {
        "class": "rule-num",
        "href": "#" + rule_anchor(rule_id),
        "data-cite": f"{citation_prefix} {rule_id}",
        "title": f"Copy citation: {citation_prefix} {rule_id}",
    })
    link.text = rule_id
    # Beside the number: puts the rule on the reader's ruling sheet (ruling.js, issue 16).
    etree.SubElement(parent, "button", {
        "type": "button", "class": "rule-add", "data-rule": rule_id, "aria-pressed": "false",
        "aria-label": f"Add {citation_prefix} {rule_id} to the ruling",
    })
    return link


class RuleBlock(Block):
    NAME = "rule"
    ARGUMENT = True
    OPTIONS = {
        "kind": ["paragraph", type_string_in(KINDS)],
        "lines": ["", type_string],
        "title": ["", type_string],
        "level": [1, type_integer],
        "cite": ["MELE", type_string],
    }

    def on_validate(self, parent: etree.Element) -> bool:
        return bool(_RULE_ID.match(self.argument or ""))

    def on_create(self, parent: etree.Element) -> etree.Element:
        rule_id, kind = self.argument, self.options["kind"]
        attrs = {
            "id": rule_anchor(rule_id),
            "class": f"rule rule--{kind}",
            "data-rule": rule_id,
            "data-lines": self.options["lines"],
        }
        if kind in ADMONITION_TYPES:
            attrs["class"] += f" admonition {ADMONITION_TYPES[kind]}"
            box = etree.SubElement(parent, "div", attrs)
            title = etree.SubElement(box, "p", {"class": "admonition-title"})
            title.text = self.options["title"] or kind.title()
            permalink(title, rule_id, self.options["cite"])
            return box
        if kind in ("bullet", "item"):
            attrs["class"] += f" rule--level-{self.options['level']}"
        block = etree.SubElement(parent, "div", attrs)
        permalink(block, rule_id, self.options["cite"])
        return block


class EditorNoteBlock(Block):
    """An editor's note beside a rule: what conflicts, and how the site reads it."""

    NAME = "editor-note"
    ARGUMENT = True
    OPTIONS = {"kind": ["", type_string]}

    def on_create(self, parent: etree.Element) -> etree.Element:
        erratum_id = self.argument
        kind = self.options["kind"].replace("-", " ")
        aside = etree.SubElement(parent, "aside", {
            "class": "admonition editor-note", "id": "e-" + erratum_id.lower(),
        })
        title = etree.SubElement(aside, "p", {"class": "admonition-title"})
        title.text = f"Editor's note · {kind} ({erratum_id})" if kind else f"Editor's note ({erratum_id})"
        return aside


class RuleBlocksExtension(BlocksExtension):
    def extendMarkdownBlocks(self, md, block_mgr):
        block_mgr.register(RuleBlock, self.getConfigs())
        block_mgr.register(EditorNoteBlock, self.getConfigs())


def makeExtension(*args, **kwargs):
    return RuleBlocksExtension(*args, **kwargs)
