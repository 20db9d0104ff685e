"""Fixtures every test folder may use: the built site (built once if missing) and its rules, the
sub-path build and the Zensical build (each once per test run, whichever test process asks
first; the Zensical build is the served one the browser tests use too), and the run's start and
end. Importable constants and helpers are in tests/support/."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import settings

from build_scripts.generator import ZENSICAL
from tests.support.served import served_build, stop_run_servers
from tests.support.site import (
    ARTIFACTS,
    MOVED_SITE,
    ROOT,
    RUN_BUILDS,
    SITE,
    build_moved_site,
    build_site,
    built_once,
    one_build_at_a_time,
)
from tests.support.time_spent import register as register_time_spent

# make check's quick loop tries fewer examples of each property (`--hypothesis-profile=quick`);
# make test tries Hypothesis's default number.
settings.register_profile("quick", max_examples=15)


@pytest.fixture(scope="session")
def site() -> Path:
    with one_build_at_a_time():
        if not (SITE / "rules.json").exists():
            build_site()
    return SITE


def pytest_configure(config):
    """Empty test-results/ once per run, in the process that leads it. pytest-playwright empties it
    at each process's first test, which under pytest-xdist could delete what the other process
    has just written (the fixture below takes the plugin's place). A run that only collects
    (`--collect-only`, as tests/site/test_contributing_commands.py runs one inside a test run)
    writes and builds nothing, and leaves the run around it alone. With --durations, the time per
    folder is added up and printed at the end (tests/support/time_spent.py)."""
    if not hasattr(config, "workerinput") and not config.option.collectonly:
        shutil.rmtree(ARTIFACTS, ignore_errors=True)
        end_run_builds()  # a run killed before its end may have left them under this pid
    register_time_spent(config)


# The fixtures that build a whole site of their own: a test that asks for one builds (make check
# leaves it to make test).
SITE_BUILDING_FIXTURES = {"moved_site", "zensical_site"}


def pytest_collection_modifyitems(items):
    for item in items:
        if SITE_BUILDING_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.builds)


def pytest_unconfigure(config):
    """The run's browser server stops and its builds go, once every test process is done."""
    if not hasattr(config, "workerinput") and not config.option.collectonly:
        end_run_builds()


def end_run_builds() -> None:
    stop_run_servers()
    for folder in RUN_BUILDS:
        shutil.rmtree(folder, ignore_errors=True)


CROSS_ENGINE = "tests/browser/cross_engine/"


def pytest_xdist_make_scheduler(config, log):
    """Under `--dist loadfile`, the cross-engine scenarios go to one process as one unit: Firefox
    and WebKit are started once in the run (each start costs seconds of CPU, and their memory), not once in each
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
    from build_scripts.model.load import load_rulebook
    from build_scripts.model.load_sbg import load_sbg_books

    rulebook = load_rulebook()
    texts = {block.id: block.text for block in rulebook.document.blocks}
    for book in load_sbg_books(rulebook.errata):
        texts.update({block.id: block.text for block in book.document.blocks})
    return texts


@pytest.fixture(scope="session")
def turn_phases(rule_texts) -> list:
    """The turn summary as the build reads it (its quotes checked)."""
    from build_scripts.render.turn_summary import load_turn_summary

    return load_turn_summary(ROOT / "sources" / "turn-summary.yaml", rule_texts)


@pytest.fixture(scope="session")
def rules(site: Path) -> list[dict]:
    return json.loads((site / "rules.json").read_text(encoding="utf-8"))["rules"]


@pytest.fixture(scope="session")
def moved_site(site) -> tuple[Path, Path]:
    """(site folder, mkdocs.yml) of the site built for MOVED_SITE_URL with .html page URLs, and its
    rules.json: built once in a run, for every test that reads it (the sub-path checks, the moved
    search, the venv's own mkdocs). `site` first: its prebuild is what this build reads."""
    folder = built_once(MOVED_SITE, build_moved_site)
    return folder / "site", folder / "mkdocs.yml"


@pytest.fixture(scope="session")
def zensical_site(site) -> Path:
    """The site as the venv's Zensical builds it and the post-build completes it, once in a run: the
    build the browser tests serve (tests/support/served.py). `site` first: its prebuild is what
    this build reads."""
    return served_build(ZENSICAL).site
