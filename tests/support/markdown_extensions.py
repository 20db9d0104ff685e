"""The Markdown extensions on their own, in the style of pymdown-extensions' tests: Markdown in,
HTML out (convert), with a small rules index of their own (write_index)."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import markdown

# Rules the tests link to, each with the page and anchor the index gives it.
RULES = {"1.7.24": ("rules/1-7-combat.md", "r1-7-24"), "SBG-A.2.3": ("rules/sbg-advanced-rules.md", "rsbg-a-2-3")}


def convert(source: str, extensions: list[str], configs: dict | None = None) -> str:
    return markdown.markdown(
        textwrap.dedent(source).strip("\n"), extensions=extensions, extension_configs=configs or {}
    )


def write_index(folder: Path, rule_ids) -> Path:
    """A rules index as prebuild writes it (only the fields the extensions read)."""
    entries = []
    for rule_id in rule_ids:
        page, anchor = RULES.get(
            rule_id,
            (f"rules/{rule_id.rpartition('.')[0].replace('.', '-')}.md", "r" + rule_id.lower().replace(".", "-")),
        )
        entries.append({"id": rule_id, "section": rule_id.rpartition(".")[0], "path": page, "anchor": anchor})
    path = folder / "rules-index.json"
    path.write_text(json.dumps(entries), encoding="utf-8")
    return path
