"""Offline at the table: after one visit, with the network off, a rule page, the glossary,
search and every calculator (computing a fresh result) still work, served by the
service worker's copy. Nothing but the browser's own update check for sw.js may try
the network once it is off."""

from __future__ import annotations

from tests.browser.conftest import (
    BROWSER_SITE,
    defaults,
    expected_params,
    fill_view,
    python_rendered_text,
    result_text,
    wait_for_engine,
    wait_for_params,
)
from tests.browser.scenarios import SCENARIOS

SAVED_TIMEOUT_MS = 60_000
VIEWS_ON_PAGE_JS = "[...document.querySelectorAll('.calculator[data-config]')].map(b => JSON.parse(b.dataset.config).view)"


def calculator_pages() -> list[str]:
    """Every calculator page of the built site (the index page lists them, it has none itself)."""
    pages = sorted(p.parent.name for p in (BROWSER_SITE / "calculators").glob("*/index.html"))
    assert len(pages) >= 5, pages
    return pages


def wait_until_saved(page) -> None:
    """The service worker has stored the whole site: offline.js says "Ready offline"."""
    page.wait_for_function("window.__offline && window.__offline.state === 'ready'", timeout=SAVED_TIMEOUT_MS)


def precached_paths(page) -> list[str]:
    """The path of every file in the service worker's copy of the site."""
    return page.evaluate("""async () => {
        const names = await caches.keys();
        const cache = await caches.open(names.find((name) => name.includes("precache")));
        return (await cache.keys()).map((request) => new URL(request.url).pathname);
    }""")


def go_offline(page) -> tuple[int, int]:
    page.context.set_offline(True)
    return len(page.guard.requests), len(page.guard.worker_requests)


def assert_nothing_tried_the_network(page, before: tuple[int, int]) -> None:
    tried = page.guard.requests[before[0]:] + page.guard.worker_requests[before[1]:]
    assert [url for url in tried if not url.endswith("/sw.js")] == [], "offline, these went to the network"


def non_default_scenario(view: str):
    """The first scenario with inputs other than the defaults, so the result must be computed anew."""
    for _, scenario_view, values, _ in SCENARIOS:
        if scenario_view == view and values != defaults(view):
            return values
    return defaults(view)


def compute_fresh_results(page, path: str) -> list[str]:
    """Open a calculator page, and in each of its calculators enter other inputs and check the
    live result against the engine in CPython; return the views checked."""
    page.goto(f"{page.guard.origin}/calculators/{path}/")
    views = page.evaluate(VIEWS_ON_PAGE_JS)
    assert views, f"no calculator on calculators/{path}/"
    for view in views:
        wait_for_engine(page, view)
        values = non_default_scenario(view)
        fill_view(page, view, values)
        if values == defaults(view):
            page.click(f"#calc-{view} .calc-reset")   # recomputes the defaults live
        wait_for_params(page, view, expected_params(view, values))
        assert result_text(page, view) == python_rendered_text(view, values), f"{path}: {view}"
    return views


def test_one_visit_saves_the_site_and_says_how_much(open_page):
    page = open_page("")
    page.wait_for_function("window.__offline && window.__offline.bytes", timeout=SAVED_TIMEOUT_MS)
    wait_until_saved(page)
    status = page.locator("#offline-status")
    assert status.inner_text() == "Ready offline"
    saved = page.evaluate("window.__offline.bytes")
    assert saved > 10_000_000, "the runtime and the snapshot alone are over 10 MB"
    precached = precached_paths(page)
    for needed in ("/index.html", "/rules/1-7-combat/index.html", "/glossary/index.html", "/search/search_index.json",
                   "/rules.json", "/assets/pyodide/pyodide.asm.wasm", "/assets/pyodide/python_stdlib.zip",
                   "/assets/engine/engine-snapshot.bin.gz"):
        assert needed in precached, needed
    assert any(path.startswith("/assets/engine/calculators-") for path in precached)


def test_reading_and_search_work_offline(open_page):
    page = open_page("")
    wait_until_saved(page)
    before = go_offline(page)
    page.reload()
    assert page.locator("h1").first.is_visible()

    page.goto(f"{page.guard.origin}/rules/1-7-combat/")
    assert page.locator("#r1-7-12").is_visible()
    page.goto(f"{page.guard.origin}/glossary/")
    assert page.locator("#g-hazard-limit").count() == 1

    page.click(".md-search__input")
    page.keyboard.type("hazard limit")
    page.wait_for_function("document.querySelectorAll('.md-search-result__item').length > 0", timeout=15_000)
    assert "matching" in page.inner_text(".md-search-result__meta")
    assert_nothing_tried_the_network(page, before)


def test_every_calculator_computes_offline(open_page):
    page = open_page("")
    wait_until_saved(page)
    before = go_offline(page)
    checked = [view for path in calculator_pages() for view in compute_fresh_results(page, path)]
    assert {"strike", "corruption", "influence", "keying", "audience"} <= set(checked)
    assert page.evaluate("window.__calculators.startedFrom") == "snapshot"
    assert_nothing_tried_the_network(page, before)
