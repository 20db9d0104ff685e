"""Steps the cross-engine scenarios share: the calculators' live results, search by rule number,
waiting for an element to come into view."""

from __future__ import annotations

import json

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from calculators.views.catalogue import VIEWS
from tests.browser.cross_engine import hooks
from tests.browser.scenarios import SCENARIOS
from tests.support.browser import assert_result_shown, defaults, fill_view, wait_for_engine


def changed_kinds(view: str, values: dict) -> set[str]:
    """The kinds of input (int, text, choice, bool, path, rows) a scenario changes from the defaults."""
    spec = VIEWS[view]
    kinds = {field["name"]: field["kind"] for field in spec["fields"] + spec.get("roll_fields", [])}
    start = defaults(view)
    return {kinds.get(name, "rows") for name in values if values[name] != start[name]}


def live_scenarios(view: str) -> list[tuple[str, dict]]:
    """The view's scenarios whose inputs differ from the defaults (so the result is computed live),
    as few as reach every kind of input any of them changes: what an engine can get wrong is how
    it reads a kind of input, not the game's arithmetic, which the Chromium suite checks for every
    scenario (test_agreement.py). The first is the one that changes the most kinds."""
    left = [
        (name, values)
        for name, scenario_view, values, _ in SCENARIOS
        if scenario_view == view and values != defaults(view)
    ]
    chosen, reached = [], set()
    while left:
        best = max(left, key=lambda scenario: len(changed_kinds(view, scenario[1]) - reached))
        if not changed_kinds(view, best[1]) - reached:
            break
        chosen.append(best)
        reached |= changed_kinds(view, best[1])
        left.remove(best)
    return chosen


def check_live_results(page, views: list[str]) -> None:
    """Fill each view's scenarios in; the result shown must be CPython's."""
    for view in views:
        wait_for_engine(page, view)
        scenarios = live_scenarios(view)
        assert scenarios, f"no scenario for {view}"
        for name, values in scenarios:
            fill_view(page, view, values)
            assert_result_shown(page, view, values, name)


# What the search box shows and what the page loaded for it, when a search has not answered.
SEARCH_STATE_JS = """(() => {
  const box = document.querySelector('[data-rule-search]');
  const loaded = performance.getEntriesByType('resource')
    .filter((entry) => /search/.test(entry.name))
    .map((entry) => `${entry.name.split('/').pop()} ${Math.round(entry.startTime)}-${Math.round(entry.responseEnd)} ms`);
  return {open: box.hasAttribute('data-open'), value: box.querySelector('input').value,
          said: box.querySelector('.rule-search__meta').textContent.trim(),
          results: box.querySelectorAll('.rule-search__list a').length, now: Math.round(performance.now()),
          controlled: !!navigator.serviceWorker?.controller, loaded};
})()"""


def wait_until_in_view(page, element_id: str) -> None:
    page.wait_for_function(f"(el => !!el && ({hooks.IN_VIEW_JS})(el))(document.getElementById('{element_id}'))")


def type_the_rule_number_into_search(page) -> str:
    """Types the rule's number into the search box (already focused) and waits for the rule among
    the results, which come per key press (ranking is tests/browser's concern). Returns the result's
    selector."""
    page.keyboard.type(hooks.RULE_ID)
    assert page.eval_on_selector(hooks.SEARCH_QUERY, "el => el.value") == hooks.RULE_ID
    result = f"{hooks.SEARCH_RESULT_LINKS}[href$='{hooks.RULE_PAGE}#{hooks.RULE_ANCHOR}']"
    try:
        page.wait_for_function(f"!!document.querySelector({json.dumps(result)})")
    except (TimeoutError, PlaywrightTimeoutError) as error:  # said whole: what the box and the page had
        raise AssertionError(
            f"{page.engine}: no result for {hooks.RULE_ID}; {page.evaluate(SEARCH_STATE_JS)}"
        ) from error
    return result
