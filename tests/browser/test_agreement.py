"""What a calculator page shows, filled in through its form, equals what
calculators.api.run gives in CPython: every percentage, fraction and step. Both ways the
engine starts run every scenario: a first visit (booted from the trimmed standard
library; every scenario through the form) and a later one (restored from the snapshot once
the engine is kept offline; the page's engine answers every scenario, the same JSON as
CPython's views), each with no Content-Security-Policy violation (test_csp.py). One page goes
from calculator to calculator, as a reader does (tests/browser/tour.py): two engine starts
for the file."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import groupby

import pytest

from calculators.api import run
from calculators.text import percent
from calculators.views.catalogue import VIEWS
from calculators.views.page_api import render_json
from tests.browser.scenarios import SCENARIOS
from tests.browser.tour import CalculatorTour
from tests.support.browser import (
    ALL_CALCULATOR_PAGES,
    RECORD_VIOLATIONS_JS,
    Guard,
    assert_guards_clean,
    assert_result_shown,
    defaults,
    expected_params,
    fill_view,
    guarded_page,
    result_text,
    squash,
    violations,
    wait_for_engine,
)
from tests.support.offline import wait_until_engine_kept

PAGES = ALL_CALCULATOR_PAGES
PAGE_OF = {view: page for page, views in PAGES.items() for view in views}
BY_PAGE = {
    page: list(group)
    for page, group in groupby(sorted(SCENARIOS, key=lambda s: PAGE_OF[s[1]]), key=lambda s: PAGE_OF[s[1]])
}


def test_every_calculator_has_three_scenarios():
    for view in VIEWS:
        assert sum(1 for s in SCENARIOS if s[1] == view) >= 3, view


def shown_outcomes(page, view: str) -> dict[str, tuple[str, str]]:
    rows = page.query_selector_all(f"#calc-{view} .calc-result .calc-output > .calc-outcomes tr[data-outcome]")
    return {
        row.get_attribute("data-outcome"): (
            row.query_selector(".calc-pct").inner_text(),
            row.query_selector(".calc-frac").inner_text(),
        )
        for row in rows
    }


def engine_outcomes(result: dict) -> dict[str, tuple[str, str]]:
    return {name: (percent(chance), chance) for name, chance in result["outcomes"].items() if Fraction(chance) != 0}


@pytest.fixture(scope="module")
def tour(browser, origin):
    """One reader's page for the whole file, with a service worker (the offline copy keeps the
    engine once a calculator is used), recording Content-Security-Policy violations, guarded
    like open_page's."""
    context = browser.new_context()
    context.add_init_script(RECORD_VIOLATIONS_JS)
    guard = Guard()
    context.route("**/*", guard.route)
    yield CalculatorTour(guarded_page(context, guard, origin, None), origin)
    try:
        assert_guards_clean([guard])
    finally:
        context.close()


def started(page, page_name: str, start: str) -> None:
    for view in PAGES[page_name]:
        wait_for_engine(page, view)
    assert page.evaluate("window.__calculators.startedFrom") == start
    assert page.evaluate("window.__calculators.stdlib") == "trimmed"


@pytest.mark.parametrize("page_name", sorted(BY_PAGE))
def test_form_results_equal_the_engine(tour, page_name):
    """The first start, booted from the trimmed standard library: every scenario goes through
    the form, on every calculator page (visited by the navigation's links, tests/browser/tour.py)."""
    page = tour.visit(page_name)
    started(page, page_name, "trimmed")
    check_scenarios(page, page_name, "trimmed")
    assert violations(page) == []


@pytest.mark.parametrize("page_name", sorted(BY_PAGE))
def test_the_snapshot_start_answers_every_scenario_as_cpython(tour, page_name):
    """Once the engine is kept offline after that use, a page load restores it from the snapshot,
    and the page's engine answers every scenario again. (The form and the page's rendering are
    the same code on both starts: this pass asks the engine directly, which is what the start
    changes.)"""
    page = tour.page
    if page.evaluate("window.__calculators?.startedFrom") != "snapshot":
        tour.visit(page_name)  # a first visit, when this test runs alone
        wait_until_engine_kept(page)
        tour.leave()
    page = tour.visit(page_name)
    started(page, page_name, "snapshot")
    check_engine_answers(page, page_name, "snapshot")
    assert violations(page) == []


# The page's own engine (the module's one instance: import() returns the module the page loaded)
# asked for the views' answer to a view's form values, with the page's rule links.
ENGINE_ANSWER_JS = """async ([view, values, links]) => {
  const script = document.querySelector('script[src$="calculators/calculator-page.js"]');
  const { engine } = await import(new URL("worker-client.js", script.src).href);
  return engine().render(view, values, links);
}"""


def check_engine_answers(page, page_name: str, start: str) -> None:
    """Every scenario's answer from the page's engine is the one CPython's views write, as the
    worker sends it (JSON): the engine's inputs, the result's HTML and the answer bar's summary."""
    for scenario_id, view, values, _ in BY_PAGE[page_name]:
        links = json.loads(page.get_attribute(f"#calc-{view}", "data-config"))["ruleUrls"]
        answer = page.evaluate(ENGINE_ANSWER_JS, [view, values, links])
        assert answer == json.loads(render_json(view, json.dumps(values), json.dumps(links))), (
            f"{scenario_id} ({start})"
        )


def check_scenarios(page, page_name: str, start: str) -> None:
    for scenario_id, view, values, expect in BY_PAGE[page_name]:
        scenario_id = f"{scenario_id} ({start})"
        if values == defaults(view):
            page.click(f"#calc-{view} .calc-reset")  # recomputes the defaults live
        else:
            fill_view(page, view, values)
        params = expected_params(view, values)
        assert_result_shown(page, view, values, scenario_id)
        result = run(VIEWS[view]["engine"], params)
        if result.get("mode") == "roll":
            shown = page.get_attribute(f"#calc-{view} .calc-outcome", "data-outcome")
            assert shown == result["outcome"], scenario_id
        elif view != "attack" and VIEWS[view]["render"] == "chances":
            assert shown_outcomes(page, view) == engine_outcomes(result), scenario_id
        if view == "attack":
            assert shown_outcomes(page, view) == engine_outcomes(result), scenario_id
        if "outcome" in expect:
            assert result["outcome"] == expect["outcome"], scenario_id
        if "text" in expect:
            assert squash(expect["text"]) in result_text(page, view), scenario_id
        page.click(f"#calc-{view} .calc-reset")
