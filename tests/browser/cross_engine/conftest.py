"""The cross-engine scenarios run once per engine: `engine` is "chromium", "firefox" or "webkit",
each with a marker of its name, so `pytest tests/browser/cross_engine -m webkit` runs one engine.

`engine_page(path)` opens a page of the site (the same build and server as every browser test)
in a fresh browsing context: Playwright's own page in Chromium (tests/browser/conftest.py's
`open_page`, with its guard), a pages.DriverPage in Firefox and WebKit. After the test, no console
error may have been logged and no request may have left 127.0.0.1, where the engine's automation
reports them (test_reading.py says where it does not)."""

from __future__ import annotations

import contextlib

import pytest

from tests.browser.cross_engine import engines
from tests.browser.cross_engine.pages import NotInAutomation
from tests.support.browser import OPEN_PAGES

CLIPBOARD = ["clipboard-read", "clipboard-write"]


@pytest.fixture(
    scope="session", params=[pytest.param(name, marks=getattr(pytest.mark, name)) for name in engines.ENGINES]
)
def engine(request) -> str:
    return request.param


@pytest.fixture(scope="session")
def engine_browser(engine):
    """Firefox or WebKit, started once per run (None for Chromium, which Playwright runs)."""
    if engine == "chromium":
        yield None
        return
    reason = engines.missing(engine)
    if reason:
        pytest.skip(reason)
    browser = engines.launch(engine, wasm_baseline_only=True)  # as Chromium's tests: engines.launch says why
    yield browser
    browser.close()


@pytest.fixture
def engine_page(engine, engine_browser, origin, request):
    """engine_page(path) -> a page in the engine: a first visit in a fresh profile (WebKit's pages
    share one: webkit.py says why). A returning reader's page, whose offline copy keeps the engine
    once a calculator has started, is the calculators' tour's (test_calculators.py)."""
    if engine == "chromium":
        open_page = request.getfixturevalue("open_page")

        def open_chromium(path: str | None = ""):
            page = open_page(None, service_worker=True)
            page.context.grant_permissions(CLIPBOARD, origin=origin)  # as a reader's click would
            page.engine = engine
            if path is not None:
                page.goto(f"{origin}/{path.lstrip('/')}")
            return page

        yield open_chromium
        return

    pages = []

    def open_in_engine(path: str | None = ""):
        page = engine_browser.new_page(False)
        pages.append(page)
        OPEN_PAGES.append(page)
        if path is not None:
            page.goto(f"{origin}/{path.lstrip('/')}")
        return page

    yield open_in_engine
    problems = []
    for page in pages:
        with contextlib.suppress(NotInAutomation):  # test_reading.py skips its check, saying why
            problems += page.problems()
        page.close()
    assert not problems, f"{engine}: {problems[:5]}"
