"""The Markdown extensions on their own, in the style of pymdown-extensions' tests:
Markdown in, HTML out, with a small rules index and MkDocs configuration of their own."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import markdown
import pytest

from mele.views.catalogue import VIEWS
from mele.views.games import GAMES

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


@pytest.fixture
def index_file(tmp_path) -> Path:
    """Every rule the engine cites and the calculators' examples are, plus those in RULES."""
    cited = {rule_id for game in GAMES.values() for rule_id in game.cited_rule_ids()}
    examples = {view["example"]["rule"] for view in VIEWS.values() if view.get("example")}
    return write_index(tmp_path, sorted(cited | examples | set(RULES)))


@pytest.fixture
def mkdocs_config(tmp_path) -> Path:
    """A site served from a sub-path, with .html page URLs."""
    path = tmp_path / "mkdocs.yml"
    path.write_text(
        "site_name: Test\nsite_url: https://example.org/mele/\nuse_directory_urls: false\n", encoding="utf-8"
    )
    return path
