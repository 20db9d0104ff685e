"""Shared fixtures: the built site (built once if missing) and its text."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"


def build_site() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"}
    for args in (["-m", "build_scripts", "prebuild"], ["-m", "mkdocs", "build", "--strict", "--quiet"],
                 ["-m", "build_scripts", "postbuild"]):
        subprocess.run([sys.executable, *args], cwd=ROOT, env=env, check=True)


@pytest.fixture(scope="session")
def site() -> Path:
    if not (SITE / "rules.json").exists():
        build_site()
    return SITE


@pytest.fixture(scope="session")
def rules(site: Path) -> list[dict]:
    return json.loads((site / "rules.json").read_text(encoding="utf-8"))


def soup_of(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def content_text(soup: BeautifulSoup) -> str:
    """The article's words as a reader sees them, without the permalink numbers."""
    article = soup.select_one("article") or soup
    for chrome in article.select("a.rule-num, a.headerlink, .site-label"):
        chrome.decompose()
    return article.get_text(" ")


def normalise(text: str) -> str:
    """Lower-case words only: layout, punctuation and markup are not compared."""
    return " ".join(re.findall(r"[^\W_]+", text.lower()))
