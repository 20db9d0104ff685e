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


class Engine:
    """The site's search in one Node process for the test run (ask.mjs --lines): started once,
    its index read once, each batch of queries one line in and one line out."""

    def __init__(self, index: Path):
        node = shutil.which("node")
        assert node, "node is needed (it also writes the service worker)"
        self.process = subprocess.Popen(
            [node, str(ASK), str(index), "--lines"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def ask(self, queries: list[str]) -> list[list[dict]]:
        self.process.stdin.write(json.dumps(queries) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        assert line, f"the search in Node ended (status {self.process.wait()})"
        return [answer["results"] for answer in json.loads(line)["answers"]]

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


@pytest.fixture(scope="session")
def search_index(site: Path) -> Path:
    return site / "search" / "search_index.json"


@pytest.fixture(scope="session")
def ask(search_index):
    """ask(query) -> the results the site's search box shows for it, best first."""
    cache: dict[str, list[dict]] = {}
    engine = Engine(search_index)

    def asker(*queries: str) -> list[dict] | list[list[dict]]:
        missing = [q for q in queries if q not in cache]
        if missing:
            cache.update(zip(missing, engine.ask(missing), strict=True))
        return cache[queries[0]] if len(queries) == 1 else [cache[q] for q in queries]

    yield asker
    engine.close()


@pytest.fixture(scope="session")
def questions() -> list[dict]:
    return yaml.safe_load(QUESTIONS.read_text(encoding="utf-8"))["questions"]
