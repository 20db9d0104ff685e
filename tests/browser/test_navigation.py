"""Material's instant navigation: rule page -> calculator -> another calculator ->
back, in one document, with one engine started once, on the site's own address and at another
one; no engine and no calculator code on pages without a calculator."""

from __future__ import annotations

from devtools.serve import start_server
from tests.support.browser import (
    defaults,
    expected_params,
    fill_view,
    python_rendered_text,
    result_text,
    wait_for_engine,
    wait_for_params,
)
from tests.support.page_hooks import hooked


def requests_for(page, file: str) -> int:
    return sum(1 for url in page.guard.requests if url.endswith("/" + file))


def test_rule_pages_do_not_start_the_engine(open_page):
    page = open_page("rules/1-8-corruption/")
    page.in_flight.wait_until_loaded()
    assert page.evaluate(hooked("hooks.engineTimings() === null"))
    assert requests_for(page, "pyodide.asm.wasm") == 0
    assert requests_for(page, "calculators/calculator.js") == 0, "a page without a calculator loads its code"


def test_rule_page_to_calculators_and_back_with_one_engine(open_page):
    page = open_page("rules/1-7-combat/")
    page.evaluate("window.__sameDocument = true")
    page.click('.see-also a[href*="calculators/strike"]')
    page.wait_for_url("**/calculators/strike/")
    wait_for_engine(page, "strike")

    page.locator("a.md-nav__link:visible", has_text="Corruption check").first.click()
    page.wait_for_url("**/calculators/corruption/")
    wait_for_engine(page, "corruption")
    changed = {**defaults("corruption"), "points": "6"}
    fill_view(page, "corruption", changed)
    wait_for_params(page, "corruption", expected_params("corruption", changed))
    assert result_text(page, "corruption") == python_rendered_text("corruption", changed)

    page.go_back()
    page.wait_for_url("**/calculators/strike/")
    wait_for_engine(page, "strike")
    lagduf = {**defaults("strike"), "prowess": "4"}
    fill_view(page, "strike", lagduf)
    wait_for_params(page, "strike", expected_params("strike", lagduf))
    assert result_text(page, "strike") == python_rendered_text("strike", lagduf)

    assert page.evaluate("window.__sameDocument") is True, "a full page load: instant navigation is off"
    assert page.evaluate(hooked("hooks.engineTimings().starts")) == 1
    # One worker, so one engine. (The wasm's request count is no measure here: the guard counts
    # each time the file is asked for, the preload's and the worker's, and the HTTP cache
    # answers all but the first.)
    assert requests_for(page, "engine-worker.js") == 1


def test_a_site_served_at_another_address_keeps_one_engine(open_page, served_site):
    """The site built for one address and served at another (another port, as make build's site is
    served by make serve): Material follows only the links its sitemap lists, port included, so the
    sitemap must list the pages where they are served, or every calculator page starts Python again."""
    server, elsewhere = start_server(served_site.site)
    try:
        page = open_page(None)
        page.goto(f"{elsewhere}/calculators/strike/")
        wait_for_engine(page, "strike")
        page.evaluate("window.__sameDocument = true")
        page.locator("a.md-nav__link:visible", has_text="Corruption check").first.click()
        page.wait_for_url("**/calculators/corruption/")
        wait_for_engine(page, "corruption")
        assert page.evaluate("window.__sameDocument") is True, "a full page load: the engine started again"
        assert page.evaluate(hooked("hooks.engineTimings().starts")) == 1
    finally:
        server.shutdown()
        server.server_close()


def test_an_opened_turn_summary_phase_scrolls_into_view(open_page):
    page = open_page("turn-summary/", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phase = page.locator("details.phase").nth(4)
    phase.locator("summary").scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, -300)")  # the phase's title near the bottom of the screen
    phase.locator("summary").click()
    page.wait_for_function(
        "(() => { const t = document.querySelectorAll('details.phase')[4]"
        ".getBoundingClientRect().top; return t >= 0 && t < 120; })()"
    )
    assert phase.get_attribute("open") is not None
