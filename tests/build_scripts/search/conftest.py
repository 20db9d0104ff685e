"""The rule search, asked in Node: the site's own engine (docs/assets/javascripts/search/rank.js)
over the built site's search index, so the question set's rankings are checked exactly and quickly."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ASK = Path(__file__).with_name("ask.mjs")
QUESTIONS = Path(__file__).with_name("questions.yaml")


def ask_engine(index: Path, queries: list[str]) -> list[list[dict]]:
    node = shutil.which("node")
    assert node, "node is needed (it also writes the service worker)"
    done = subprocess.run(
        [node, str(ASK), str(index)], input=json.dumps(queries), capture_output=True, text=True, check=True
    )
    return [answer["results"] for answer in json.loads(done.stdout)["answers"]]


@pytest.fixture(scope="session")
def search_index(site: Path) -> Path:
    return site / "search" / "search_index.json"


@pytest.fixture(scope="session")
def ask(search_index):
    """ask(query) -> the results the site's search box shows for it, best first."""
    cache: dict[str, list[dict]] = {}

    def asker(*queries: str) -> list[dict] | list[list[dict]]:
        missing = [q for q in queries if q not in cache]
        if missing:
            cache.update(zip(missing, ask_engine(search_index, missing), strict=True))
        return cache[queries[0]] if len(queries) == 1 else [cache[q] for q in queries]

    return asker


@pytest.fixture(scope="session")
def questions() -> list[dict]:
    return yaml.safe_load(QUESTIONS.read_text(encoding="utf-8"))["questions"]
