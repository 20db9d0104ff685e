"""Offline in each engine: after one visit (a calculator used, the offline copy saved and the
engine kept), a rule page opens at its rule, its search finds a rule, and another calculator
computes a fresh result with the network off, its engine started from the kept snapshot.

"Network off" is the same in every engine: the site is served for this test alone, on an origin
of its own (so no service worker is there yet), and that server is then shut, so nothing
answers. WebKitWebDriver has no network switch of its own, and this way all three engines are
tested the same way (tests/browser/test_offline.py uses Chromium's own switch)."""

from __future__ import annotations

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from devtools.serve import start_server
from tests.browser.cross_engine import hooks
from tests.browser.cross_engine.scenario_steps import (
    check_live_results,
    live_scenarios,
    type_the_rule_number_into_search,
    wait_until_in_view,
)
from tests.support.browser import expected_params, fill_view, wait_for_engine, wait_for_params
from tests.support.offline import SERVICE_WORKER_STATE_JS, wait_until_engine_kept, wait_until_saved
from tests.support.site import BROWSER_SITE
from tests.support.waiting import PAGE_STATE_JS


def use_the_calculator(page, values: dict) -> None:
    wait_for_engine(page, "strike")
    fill_view(page, "strike", values)
    wait_for_params(page, "strike", expected_params("strike", values))


def test_a_rule_page_and_a_calculator_work_with_the_network_off(engine_page):
    server, own_origin = start_server(BROWSER_SITE)
    try:
        page = engine_page(None)
        page.goto(f"{own_origin}/calculators/strike/")
        _, values = live_scenarios("strike")[0]
        use_the_calculator(page, values)
        try:
            wait_until_saved(page)
        except (TimeoutError, PlaywrightTimeoutError) as error:  # said whole: what the page and its worker reported
            raise AssertionError(
                f"{page.engine}: the offline copy was not reported saved; the page said "
                f"{page.evaluate(SERVICE_WORKER_STATE_JS)}"
            ) from error
        wait_until_engine_kept(page)  # a used calculator's engine is kept too
    finally:
        server.shutdown()
        server.server_close()  # the port now refuses every connection

    page.goto(f"{own_origin}/{hooks.RULE_PAGE}#{hooks.RULE_ANCHOR}")
    wait_until_in_view(page, hooks.RULE_ANCHOR)
    page.click(hooks.SEARCH_QUERY)
    # The search loads its ranking and index when the box is first used. Leaving the page before
    # they are in cancels them, and Firefox reports that cancel in the same words as a file missing
    # from the offline copy; so the search is waited for first.
    page.wait_for_function(hooks.SEARCH_READY_JS)
    type_the_rule_number_into_search(page)
    page.goto(f"{own_origin}/calculators/corruption/")
    check_live_results(page, page.evaluate(hooks.VIEWS_ON_PAGE_JS))
    # Said whole if it fails: what the page reports of its engine's start.
    started = page.evaluate(PAGE_STATE_JS)
    assert started["startedFrom"] == "snapshot", (
        f"{page.engine}: the kept engine's snapshot, but the page says {started}"
    )
