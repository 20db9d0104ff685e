"""The tests' wait for a page to finish loading (benchmarks/in_flight.py): it waits for a request
the page has open, and when it gives up it names what the page still waits on."""

import pytest


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
