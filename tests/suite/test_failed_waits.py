"""A wait that ends without its state says what the page was in, in the cross-engine layer
(tests/browser/cross_engine/pages.py; Chromium's: tests/browser/test_in_flight.py). Checked on a
page that answers as a document stuck loading would, without a browser."""

from __future__ import annotations

import pytest

from tests.browser.cross_engine.pages import DriverPage

STUCK = {"href": "http://127.0.0.1:8000/calculators/strike/", "readyState": "interactive", "calculators": {}}


class StuckPage(DriverPage):
    """Never reaches a state; says it is loading the strike page; its #status says "Loading"."""

    engine = "stuck"

    def _evaluate(self, expression: str):
        if "performance.now() +" in expression:  # the wait in the page: its state never comes
            return None
        if "readyState" in expression:
            return STUCK
        if "outerHTML" in expression:
            return {"tag": '<p id="status">', "text": "Loading"}
        raise AssertionError(f"not asked of a stuck page: {expression[:80]}")


def test_a_wait_without_its_state_says_what_the_page_was_in():
    with pytest.raises(TimeoutError) as failed:
        StuckPage().wait_for_function("() => window.ready", timeout=0)
    assert "window.ready" in str(failed.value) and str(STUCK) in str(failed.value)


def test_an_expectation_names_the_element_it_found():
    with pytest.raises(AssertionError) as failed:
        StuckPage().locator("#status").expect().to_have_text("Ready", timeout=0)
    assert "text is not 'Ready'" in str(failed.value)
    assert "'text': 'Loading'" in str(failed.value) and '<p id="status">' in str(failed.value)
