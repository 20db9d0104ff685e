"""The tests' wait for a page to finish loading (benchmarks/in_flight.py): it waits for a request
the page has open, and when it gives up it names what the page still waits on; and a wait for a
state that never comes says what the page was in."""

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.support.browser import what_each_page_was_in


def test_the_wait_for_a_page_to_settle_waits_for_an_open_request_and_names_it(open_page):
    page = open_page("glossary/")
    page.in_flight.wait_until_loaded()
    held = []
    page.route("**/held.json", lambda route: held.append(route))
    with page.expect_request("**/held.json"):
        page.evaluate("() => { fetch('held.json'); }")
    with pytest.raises(TimeoutError, match=r"1 requests open \[.*/glossary/held\.json'\]"):
        page.in_flight.wait_until_loaded(timeout_s=1)  # held until answered: it never ends by itself
    assert len(held) == 1, "the page's fetch reached the route once"
    held[0].fulfill(status=200, content_type="application/json", body="{}")
    page.in_flight.wait_until_loaded()


def test_a_wait_without_its_state_says_what_the_page_was_in(open_page):
    page = open_page("calculators/strike/")
    with pytest.raises(PlaywrightTimeoutError) as failed:
        page.wait_for_function("() => window.__neverSet", timeout=0)
    said = str(failed.value)
    assert "window.__neverSet" in said and f"'href': '{page.url}'" in said
    assert "'calc-strike': {'engine':" in said, "each calculator's engine state"


def test_a_failed_tests_report_says_what_each_of_its_pages_was_in(open_page):
    """What tests/browser/conftest.py adds to a failed test's report."""
    page = open_page("glossary/")
    page.in_flight.wait_until_loaded()
    page.route("**/held.json", lambda route: None)  # never answered
    with page.expect_request("**/held.json"):
        page.evaluate("() => { fetch('held.json'); }")
    said = what_each_page_was_in()
    assert f"'href': '{page.url}'" in said and "'readyState': 'complete'" in said
    assert f"requests open: ['{page.url}held.json']" in said
