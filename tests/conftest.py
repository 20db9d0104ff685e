"""Shared fixtures: the built site (built once if missing) and its text, and the same site built for
a sub-path with .html page URLs (once per session, for every test that reads it)."""

from __future__ import annotations

import contextlib
import copy
import fcntl
import functools
import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest
import yaml
from bs4 import BeautifulSoup
from mkdocs.utils.yaml import yaml_load

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"


def build_site() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"}
    for args in (["-m", "mele.build_scripts", "prebuild"], ["-m", "mkdocs", "build", "--strict", "--quiet"],
                 ["-m", "mele.build_scripts", "postbuild"]):
        subprocess.run([sys.executable, *args], cwd=ROOT, env=env, check=True)


@contextlib.contextmanager
def one_build_at_a_time():
    """Held while a test process builds into the shared tree (docs/rules, build/, site/): under
    `make test` two processes share the tests (pytest-xdist), and the first to need a build makes it."""
    (ROOT / "build").mkdir(exist_ok=True)
    with open(ROOT / "build" / ".test-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def site() -> Path:
    with one_build_at_a_time():
        if not (SITE / "rules.json").exists():
            build_site()
    return SITE


ARTIFACTS = ROOT / "test-results"


# The process that leads this test run: pytest-xdist's controller, whose children its test
# processes are, or the one pytest process. The browser tests' site and server are the run's.
RUN_LEADER = os.getppid() if os.environ.get("PYTEST_XDIST_WORKER") else os.getpid()
BROWSER_SITE = ROOT / "build" / f"browser-site-{RUN_LEADER}"
BROWSER_SERVER = BROWSER_SITE.with_name(BROWSER_SITE.name + ".json")   # its origin, server pid, build time


def pytest_configure(config):
    """Empty test-results/ once per run, in the process that leads it. pytest-playwright empties it
    at each process's first test, which under pytest-xdist could delete what the other process
    has just written (the fixture below takes the plugin's place)."""
    if not hasattr(config, "workerinput"):
        shutil.rmtree(ARTIFACTS, ignore_errors=True)
        stop_browser_server()      # a run killed before its end may have left one under this pid


def pytest_unconfigure(config):
    """The run's browser server stops and its site goes, once every test process is done."""
    if not hasattr(config, "workerinput"):
        stop_browser_server()


def stop_browser_server() -> None:
    if BROWSER_SERVER.exists():
        with contextlib.suppress(ProcessLookupError, ValueError, KeyError):
            os.kill(json.loads(BROWSER_SERVER.read_text())["pid"], signal.SIGTERM)
        BROWSER_SERVER.unlink(missing_ok=True)
    shutil.rmtree(BROWSER_SITE, ignore_errors=True)


CROSS_ENGINE = "tests/browser/cross_engine/"


def pytest_xdist_make_scheduler(config, log):
    """Under `--dist loadfile`, the cross-engine scenarios go to one process as one unit: Firefox
    and WebKit are started once in the run (about 3 CPU-s each, and their memory), not once in each
    process that happens to take one of their files."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class CrossEngineTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return CROSS_ENGINE if nodeid.startswith(CROSS_ENGINE) else super()._split_scope(nodeid)

    return CrossEngineTogether(config, log)


@pytest.fixture(scope="session", autouse=True)
def delete_output_dir():
    """pytest-playwright's own fixture of this name, replaced: see pytest_configure."""


@pytest.fixture(scope="session")
def rule_texts() -> dict[str, str]:
    """Every rule's text as shown (errata applied), the rulebook's and the Strategy Battle Game's."""
    from mele.build_scripts.model.rulebook import load_rulebook
    from mele.build_scripts.model.sbg import load_sbg_books

    rulebook = load_rulebook()
    texts = {block.id: block.text for block in rulebook.document.blocks}
    for book in load_sbg_books(rulebook.errata):
        texts.update({block.id: block.text for block in book.document.blocks})
    return texts


@pytest.fixture(scope="session")
def turn_phases(rule_texts) -> list:
    """The turn summary as the build reads it (its quotes checked)."""
    from mele.build_scripts.render.turn_summary import load_turn_summary

    return load_turn_summary(ROOT / "sources" / "turn-summary.yaml", rule_texts)


@pytest.fixture(scope="session")
def rules(site: Path) -> list[dict]:
    return json.loads((site / "rules.json").read_text(encoding="utf-8"))


MOVED_SITE_URL = "https://example.org/mele/"
MOVED_BASE = "/mele/"


def without_pythonpath() -> dict[str, str]:
    return {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}


def moved_config(folder: Path) -> Path:
    """mkdocs.yml with the site on a sub-path and .html page URLs; the calculator blocks read it."""
    with open(ROOT / "mkdocs.yml", encoding="utf-8") as source:
        config = yaml_load(source)
    path = folder / "mkdocs.yml"
    config.update(site_url=MOVED_SITE_URL, use_directory_urls=False, docs_dir=str(ROOT / "docs"))
    config["theme"]["custom_dir"] = str(ROOT / config["theme"]["custom_dir"])
    for extension in config["markdown_extensions"]:
        if isinstance(extension, dict) and "mele.build_scripts.markdown.calculator_blocks" in extension:
            extension["mele.build_scripts.markdown.calculator_blocks"]["mkdocs_config"] = str(path)
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def moved_site(site, tmp_path_factory) -> tuple[Path, Path]:
    """(site folder, mkdocs.yml) of the site built for MOVED_SITE_URL with .html page URLs, and its
    rules.json. One build serves test_site_urls.py, search/test_moved_site.py and test_tooling.py:
    it is made by the venv's own `mkdocs` with no PYTHONPATH, as a reader of the README would run it.
    `site` first: the prebuild's pages and rules index are what this build reads."""
    from mele.build_scripts.steps import write_rules_json

    folder = tmp_path_factory.mktemp("moved")
    config = moved_config(folder)
    env = {**without_pythonpath(), "NO_MKDOCS_2_WARNING": "1"}
    env.pop("SITE_URL", None)
    done = subprocess.run([str(Path(sys.executable).parent / "mkdocs"), "build", "--strict", "--quiet",
                           "-f", str(config), "-d", str(folder / "site")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    write_rules_json(folder / "site", config)
    return folder / "site", config


def soup_of(path: Path) -> BeautifulSoup:
    """The page, parsed once per test process for as long as the file is unchanged (the tests read
    the same pages many times: a whole-site parse is 3 s). Shared between tests: read it, never
    change it (content_text works on a copy)."""
    stat = path.stat()
    return _parsed(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=256)
def _parsed(path: Path, mtime_ns: int, size: int) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def content_text(soup: BeautifulSoup) -> str:
    """The article's words as a reader sees them, without the permalink numbers."""
    article = copy.copy(soup.select_one("article") or soup)
    for chrome in article.select("a.rule-num, a.headerlink, .site-label"):
        chrome.decompose()
    return article.get_text(" ")


def broken_links(site: Path, base: str = "/") -> list[tuple[str, str, str]]:
    """Every link on the built pages whose page or anchor is missing, for the site served at `base`."""
    broken = []
    for page in sorted(site.rglob("*.html")):
        page_url = base + page.relative_to(site).as_posix()
        for link in soup_of(page).select("a[href]"):
            href = link["href"]
            if href.startswith(("mailto:", "javascript:")) or urlparse(href).scheme:
                continue
            problem = missing_target(site, base, urljoin(page_url, href))
            if problem:
                broken.append((page_url, href, problem))
    return broken


@functools.cache
def ids_on_page(page: Path) -> frozenset[str]:
    """Every id on a built page; read once per session (the sites are built before any test reads them,
    and thousands of links lead into the same few pages)."""
    return frozenset(el["id"] for el in soup_of(page).select("[id]"))


def missing_target(site: Path, base: str, url: str) -> str | None:
    """What is wrong with a URL into the site served at `base`, or None if it leads somewhere."""
    target_url = urlparse(url)
    if not target_url.path.startswith(base):
        return "outside the site"
    target = site / target_url.path[len(base):]
    if target.is_dir() or target_url.path.endswith("/"):
        target = target / "index.html"
    if not target.exists():
        return "no such page"
    if target_url.fragment and target.suffix == ".html" and target_url.fragment not in ids_on_page(target):
        return "no such anchor"
    return None


def normalise(text: str) -> str:
    """Lower-case words only: layout, punctuation and markup are not compared."""
    return " ".join(re.findall(r"[^\W_]+", text.lower()))
