"""Fixtures of the change map's tests: the rulebook's rule texts (errata applied), the map's data as
written, and the map read from it."""

from __future__ import annotations

import pytest
import yaml

from build_scripts import paths
from build_scripts.model.load import load_rulebook
from build_scripts.standard_game.changes import CHANGES_FILE, read_standard_map


@pytest.fixture(scope="session")
def rule_texts() -> dict[str, str]:
    return {b.id: b.text for b in load_rulebook().document.blocks}


@pytest.fixture(scope="session")
def data() -> dict:
    return yaml.safe_load((paths.SOURCES / CHANGES_FILE).read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def standard_map(data, rule_texts):
    return read_standard_map(data, rule_texts)
