"""Shared fixtures: the built site (built once if missing) and its text."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urljoin, urlparse

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


def broken_links(site: Path, base: str = "/") -> list[tuple[str, str, str]]:
    """Every link on the built pages whose page or anchor is missing, for the site served at `base`."""
    broken, ids_cache = [], {}
    for page in sorted(site.rglob("*.html")):
        page_url = base + page.relative_to(site).as_posix()
        for link in soup_of(page).select("a[href]"):
            href = link["href"]
            if href.startswith(("mailto:", "javascript:")) or urlparse(href).scheme:
                continue
            problem = missing_target(site, base, urljoin(page_url, href), ids_cache)
            if problem:
                broken.append((page_url, href, problem))
    return broken


def missing_target(site: Path, base: str, url: str, ids_cache: dict | None = None) -> str | None:
    """What is wrong with a URL into the site served at `base`, or None if it leads somewhere."""
    target_url = urlparse(url)
    if not target_url.path.startswith(base):
        return "outside the site"
    target = site / target_url.path[len(base):]
    if target.is_dir() or target_url.path.endswith("/"):
        target = target / "index.html"
    if not target.exists():
        return "no such page"
    if target_url.fragment and target.suffix == ".html":
        ids_cache = {} if ids_cache is None else ids_cache
        if target not in ids_cache:
            ids_cache[target] = {el["id"] for el in soup_of(target).select("[id]")}
        if target_url.fragment not in ids_cache[target]:
            return "no such anchor"
    return None


def normalise(text: str) -> str:
    """Lower-case words only: layout, punctuation and markup are not compared."""
    return " ".join(re.findall(r"[^\W_]+", text.lower()))
