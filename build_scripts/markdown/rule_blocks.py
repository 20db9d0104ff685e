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

from markdown.treeprocessors import Treeprocessor
from pymdownx.blocks import BlocksExtension
from pymdownx.blocks.block import Block, type_boolean, type_string

from build_scripts.edition import citation_suffix
from build_scripts.model.document import RULE_ID, rule_anchor

# Box kind -> Material admonition type (one distinct kind each).
ADMONITION_TYPES = {
    "note": "note",
    "clarification": "info",
    "example": "example",
    "suggestion": "tip",
    "exception": "warning",
}
KINDS = ("paragraph", "bullet", "item", "table", *ADMONITION_TYPES)
GAMES = ("", "both", "starter", "standard")  # build_scripts/standard_game/rule_fields.py
_FENCE = re.compile(r"^/{3,}\s*[\w-]")


def permalink(parent: etree.Element, rule_id: str, citation_prefix: str) -> etree.Element:
    link = etree.SubElement(
        parent,
        "a",
        {
            "class": "rule-num",
            "href": "#" + rule_anchor(rule_id),
            "data-cite": f"{citation_prefix} {rule_id}",
            "data-citation": f"{citation_prefix} {rule_id}, {citation_suffix()}",  # what a tap copies (rules.js)
            "title": f"Copy citation: {citation_prefix} {rule_id}, {citation_suffix()}",
        },
    )
    link.text = rule_id
    # Beside the number: puts the rule on the reader's ruling sheet (ruling.js).
    etree.SubElement(
        parent,
        "button",
        {
            "type": "button",
            "class": "rule-add",
            "data-rule": rule_id,
            "aria-pressed": "false",
            "aria-label": f"Add {citation_prefix} {rule_id} to the ruling",
        },
    )
    return link


class RuleBlock(Block):
    NAME = "rule"
    ARGUMENT = True
    # Values are checked in on_validate, so a bad one fails the build instead of becoming text.
    OPTIONS = {
        "kind": ["paragraph", type_string],
        "lines": ["", type_string],
        "title": ["", type_string],
        "level": [1, None],
        "cite": ["MELE", type_string],
        "game": ["", type_string],
    }

    def on_validate(self, parent: etree.Element) -> bool:
        rule_id, kind, level = self.argument, self.options["kind"], self.options["level"]
        if not RULE_ID.match(rule_id):
            raise ValueError(f"rule block {rule_id!r}: a rule id is P.S.N (1.7.24) or SBG-A.S.N")
        if kind not in KINDS:
            raise ValueError(f"rule block {rule_id}: unknown kind {kind!r}; use one of {', '.join(KINDS)}")
        if isinstance(level, bool) or not isinstance(level, int) or level < 1:
            raise ValueError(f"rule block {rule_id}: level must be a whole number from 1; got {level!r}")
        if self.options["game"] not in GAMES:
            raise ValueError(
                f"rule block {rule_id}: game must be one of {', '.join(GAMES)}; got {self.options['game']!r}"
            )
        return True

    def on_create(self, parent: etree.Element) -> etree.Element:
        rule_id, kind = self.argument, self.options["kind"]
        attrs = {
            "id": rule_anchor(rule_id),
            "class": f"rule rule--{kind}",
            "data-rule": rule_id,
            "data-lines": self.options["lines"],
        }
        if self.options["game"]:
            attrs["data-game"] = self.options["game"]
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
        aside = etree.SubElement(
            parent,
            "aside",
            {
                "class": "admonition editor-note",
                "id": "e-" + erratum_id.lower(),
            },
        )
        title = etree.SubElement(aside, "p", {"class": "admonition-title"})
        title.text = f"Editor's note · {kind} ({erratum_id})" if kind else f"Editor's note ({erratum_id})"
        return aside


class StandardGameBlock(Block):
    """Inside a rule's block: what the other game does with it (build_scripts/standard_game/rule_fields.py).
    A Starter rule that a Standard rule replaces is marked on its own block, so that reading as the
    Standard game dims it and shows the replacement quoted under it."""

    NAME = "standard-game"
    ARGUMENT = False
    OPTIONS = {"replaced": [False, type_boolean]}

    def on_create(self, parent: etree.Element) -> etree.Element:
        if self.options["replaced"]:
            parent.set("data-std-replaced", "true")
        # The site's own words about the rule, not the rule: no glossary marks (and no first mentions) in it.
        return etree.SubElement(parent, "div", {"class": "std-game no-glossary"})


class UnreadBlocks(Treeprocessor):
    """A block that pymdown-extensions could not read (an unknown name or option, a missing
    argument) is left as a paragraph of text: fail the build instead of publishing it."""

    def run(self, root: etree.Element) -> None:
        for paragraph in root.iter("p"):
            text = (paragraph.text or "").strip()
            if _FENCE.match(text):
                raise ValueError(
                    f"a block could not be read: {text.splitlines()[0]!r} (check its name, "
                    "its argument and its options)"
                )


class RuleBlocksExtension(BlocksExtension):
    def extendMarkdownBlocks(self, md, block_mgr):
        block_mgr.register(RuleBlock, self.getConfigs())
        block_mgr.register(EditorNoteBlock, self.getConfigs())
        block_mgr.register(StandardGameBlock, self.getConfigs())
        md.treeprocessors.register(UnreadBlocks(md), "unread-blocks", 30)


def makeExtension(*args, **kwargs):
    return RuleBlocksExtension(*args, **kwargs)
