"""What the tests share outside a browser: the project's paths, the builds a test run makes
(each configuration once per run, whichever test process needs it first), and readers of the
built pages. Importable by any test module; fixtures that use these are in tests/conftest.py."""

from __future__ import annotations

import contextlib
import copy
import fcntl
import functools
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urljoin, urlparse

import yaml
from bs4 import BeautifulSoup
from mkdocs.utils.yaml import yaml_load

from build_scripts import generator

ROOT = Path(__file__).resolve().parent.parent.parent
SITE = ROOT / "site"
ARTIFACTS = ROOT / "test-results"

# The process that leads this test run: pytest-xdist's controller, whose children its test
# processes are, or the one pytest process. What a run builds is the run's, named by it.
RUN_LEADER = os.getppid() if os.environ.get("PYTEST_XDIST_WORKER") else os.getpid()
BROWSER_SITE = ROOT / "build" / f"browser-site-{RUN_LEADER}"  # the MkDocs build, served
MOVED_SITE = ROOT / "build" / f"moved-site-{RUN_LEADER}"  # mkdocs.yml and site/ for a sub-path
ZENSICAL_SITE = ROOT / "build" / f"zensical-site-{RUN_LEADER}"  # the Zensical build, served
SERVED_BUILDS = {generator.MKDOCS: BROWSER_SITE, generator.ZENSICAL: ZENSICAL_SITE}  # each built for its server


def server_record(folder: Path) -> Path:
    """Where a served build's origin, server pid and build time are kept."""
    return folder.with_name(folder.name + ".json")


BROWSER_SERVER = server_record(BROWSER_SITE)
RUN_BUILDS = (BROWSER_SITE, MOVED_SITE, ZENSICAL_SITE)
DONE = ".built"  # written last into a run's build folder: the build finished


def build_env(site_url: str | None = None) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"}
    if site_url:
        env["SITE_URL"] = site_url
    return env


def build_site(out: Path | None = None, site_url: str | None = None, site_generator: str = generator.MKDOCS) -> None:
    """prebuild (unless docs/rules and the rules index are written), the generator's build, postbuild:
    into site/, or into `out` for `site_url`. Zensical runs as the venv's own, with no PYTHONPATH,
    as a reader of the README would run it: the editable install finds the Markdown extensions."""
    prebuilt = (ROOT / "build" / "rules-index.json").exists() and (ROOT / "docs" / "rules").exists()
    if not (prebuilt and out):
        _run(["-m", "build_scripts", "prebuild"], build_env(site_url))
    generator_env = build_env(site_url)
    if site_generator == generator.ZENSICAL:
        generator_env = {name: value for name, value in generator_env.items() if name != "PYTHONPATH"}
    done = generator.generate(out, site_generator, env=generator_env)
    assert done.returncode == 0, f"{site_generator} build failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}"
    _run(["-m", "build_scripts", "postbuild", *([str(out)] if out else [])], build_env(site_url))


def _run(args: list[str], env: dict[str, str]) -> None:
    done = subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{' '.join(args)} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}"


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


def built_once(folder: Path, make: Callable[[Path], None]) -> Path:
    """`folder`, made by `make(folder)` by the first test process of the run that asks for it;
    the others wait for that build and find it done."""
    with one_build_at_a_time():
        if not (folder / DONE).exists():
            folder.mkdir(parents=True, exist_ok=True)
            make(folder)
            (folder / DONE).write_text("", encoding="utf-8")
    return folder


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
    for extension in config["markdown_extensions"]:  # the extensions that write the site's addresses
        for name in ("build_scripts.markdown.calculator_blocks", "build_scripts.markdown.about_blocks"):
            if isinstance(extension, dict) and name in extension:
                extension[name]["mkdocs_config"] = str(path)
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def build_moved_site(folder: Path) -> None:
    """The site for MOVED_SITE_URL with .html page URLs into `folder`/site, and its rules.json,
    made by the venv's own `mkdocs` with no PYTHONPATH, as a reader of the README would run it
    (site/ first: the prebuild's pages and rules index are what this build reads)."""
    from build_scripts.steps import write_rules_json

    config = moved_config(folder)
    env = {**without_pythonpath(), "NO_MKDOCS_2_WARNING": "1"}
    env.pop("SITE_URL", None)
    done = subprocess.run(
        [
            str(Path(sys.executable).parent / "mkdocs"),
            "build",
            "--strict",
            "--quiet",
            "-f",
            str(config),
            "-d",
            str(folder / "site"),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    write_rules_json(folder / "site", config)


def soup_of(path: Path) -> BeautifulSoup:
    """The page, parsed once per test process for as long as the file is unchanged (the tests read
    the same pages many times, and a whole-site parse is slow). Shared between tests: read it, never
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


def resolves_to(site: Path, page: str, href: str) -> Path:
    """The built file a link on `page` leads to (the site served at its root)."""
    url = urljoin("/" + page, href)
    assert missing_target(site, "/", url) is None, (page, href)
    target = site / url.lstrip("/").partition("#")[0]
    return target / "index.html" if target.is_dir() else target


def elements_by_id(page: Path) -> dict:
    """Every element with an id on a built page, by its id, found in one pass: for a test that looks
    up hundreds (a CSS search of the whole page per id took seconds on the glossary)."""
    return {element["id"]: element for element in soup_of(page).find_all(id=True)}


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
    target = site / target_url.path[len(base) :]
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
