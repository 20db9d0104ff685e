"""Steps the cross-engine scenarios share: the calculators' live results, search by rule number,
waiting for an element to come into view."""

from __future__ import annotations

import json

from tests.browser.cross_engine import hooks
from tests.browser.scenarios import SCENARIOS
from tests.support.browser import assert_result_shown, defaults, fill_view, wait_for_engine

PER_VIEW = 2  # of the scenarios whose inputs differ from the defaults: the result is computed live


def live_scenarios(view: str) -> list[tuple[str, dict]]:
    return [
        (name, values)
        for name, scenario_view, values, _ in SCENARIOS
        if scenario_view == view and values != defaults(view)
    ][:PER_VIEW]


def check_live_results(page, views: list[str]) -> None:
    """Fill each view's scenarios in; the result shown must be CPython's."""
    for view in views:
        wait_for_engine(page, view)
        scenarios = live_scenarios(view)
        assert scenarios, f"no scenario for {view}"
        for name, values in scenarios:
            fill_view(page, view, values)
            assert_result_shown(page, view, values, name)


SEARCH_TIMEOUT_MS = 20_000


def wait_until_in_view(page, element_id: str) -> None:
    page.wait_for_function(
        f"(el => !!el && ({hooks.IN_VIEW_JS})(el))(document.getElementById('{element_id}'))", timeout=10_000
    )


def type_the_rule_number_into_search(page) -> str:
    """Types the rule's number into the search box (already focused) and waits for the rule among
    the results, which come per key press (ranking is tests/browser's concern). Returns the result's
    selector."""
    page.keyboard.type(hooks.RULE_ID)
    assert page.eval_on_selector(hooks.SEARCH_QUERY, "el => el.value") == hooks.RULE_ID
    result = f"{hooks.SEARCH_RESULT_LINKS}[href$='{hooks.RULE_PAGE}#{hooks.RULE_ANCHOR}']"
    page.wait_for_function(f"!!document.querySelector({json.dumps(result)})", timeout=SEARCH_TIMEOUT_MS)
    return result
