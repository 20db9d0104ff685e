"""The Markdown extensions on their own, in the style of pymdown-extensions' tests:
Markdown in, HTML out, with a small rules index and MkDocs configuration of their own. The
helpers the tests import are in tests/support/markdown_extensions.py; the fixtures are here."""

from __future__ import annotations

from pathlib import Path

import pytest

from calculators.views.catalogue import VIEWS
from calculators.views.games import GAMES
from tests.support.markdown_extensions import RULES, write_index


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
