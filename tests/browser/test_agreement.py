"""What a calculator page shows, filled in through its form, equals what
calculators.api.run gives in CPython: every percentage, fraction and step. Both ways the
engine starts run every scenario: a first visit (booted from the trimmed standard
library; every scenario through the form) and a later one (restored from the snapshot once
the engine is kept offline; the page's engine answers every scenario, the same JSON as
CPython's views), each with no Content-Security-Policy violation (test_csp.py)."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import groupby

import pytest

from calculator_views.catalogue import VIEWS
from calculator_views.render import render_json
from calculators.api import run
from calculators.text import percent
from tests.browser.conftest import (
    CALCULATOR_PAGES,
    assert_result_shown,
    defaults,
    expected_params,
    fill_view,
    result_text,
    squash,
    wait_for_engine,
)
from tests.browser.scenarios import SCENARIOS
from tests.browser.test_csp import RECORD_VIOLATIONS_JS, violations
from tests.browser.test_swim import SWIM_PAGE

PAGES = {**CALCULATOR_PAGES, **SWIM_PAGE}   # the calculator pages, the SBG one included
PAGE_OF = {view: page for page, views in PAGES.items() for view in views}
BY_PAGE = {page: list(group) for page, group in groupby(sorted(SCENARIOS, key=lambda s: PAGE_OF[s[1]]),
                                                         key=lambda s: PAGE_OF[s[1]])}


def test_every_calculator_has_three_scenarios():
    for view in VIEWS:
        assert sum(1 for s in SCENARIOS if s[1] == view) >= 3, view


def shown_outcomes(page, view: str) -> dict[str, tuple[str, str]]:
    rows = page.query_selector_all(f"#calc-{view} .calc-result .calc-output > .calc-outcomes tr[data-outcome]")
    return {row.get_attribute("data-outcome"): (row.query_selector(".calc-pct").inner_text(),
                                                 row.query_selector(".calc-frac").inner_text()) for row in rows}


def engine_outcomes(result: dict) -> dict[str, tuple[str, str]]:
    return {name: (percent(chance), chance) for name, chance in result["outcomes"].items()
            if Fraction(chance) != 0}


@pytest.mark.parametrize("page_name", sorted(BY_PAGE))
def test_form_results_equal_the_engine(open_page, page_name):
    """One page, both starts: the first visit boots from the trimmed standard library and every
    scenario goes through the form; once the engine is kept offline after that use, a reload
    restores it from the snapshot and the page's engine answers every scenario again. (The
    form and the page's rendering are the same code on both starts: the second pass asks the
    engine directly, which is what the start changes.)"""
    page = open_page(None, service_worker=True)
    page.context.add_init_script(RECORD_VIOLATIONS_JS)      # and no Content-Security-Policy violation
    page.goto(f"{page.guard.origin}/calculators/{page_name}/")
    for start in ("trimmed", "snapshot"):
        if start == "snapshot":
            page.wait_for_function("window.__offline && window.__offline.engineState === 'kept'", timeout=60_000)
            page.reload()
        for view in PAGES[page_name]:
            wait_for_engine(page, view)
        assert page.evaluate("window.__calculators.startedFrom") == start
        assert page.evaluate("window.__calculators.stdlib") == "trimmed"
        if start == "trimmed":
            check_scenarios(page, page_name, start)
        else:
            check_engine_answers(page, page_name, start)
        assert violations(page) == [], start


# The page's own engine (the module's one instance: import() returns the module the page loaded)
# asked for the views' answer to a view's form values, with the page's rule links.
ENGINE_ANSWER_JS = """async ([view, values, links]) => {
  const script = document.querySelector('script[src$="calculators/page.js"]');
  const { engine } = await import(new URL("engine.js", script.src).href);
  return engine().render(view, values, links);
}"""


def check_engine_answers(page, page_name: str, start: str) -> None:
    """Every scenario's answer from the page's engine is the one CPython's views write, as the
    worker sends it (JSON): the engine's inputs, the result's HTML and the answer bar's summary."""
    for scenario_id, view, values, _ in BY_PAGE[page_name]:
        links = json.loads(page.get_attribute(f"#calc-{view}", "data-config"))["ruleUrls"]
        answer = page.evaluate(ENGINE_ANSWER_JS, [view, values, links])
        assert answer == json.loads(render_json(view, json.dumps(values), json.dumps(links))), \
            f"{scenario_id} ({start})"


def check_scenarios(page, page_name: str, start: str) -> None:
    for scenario_id, view, values, expect in BY_PAGE[page_name]:
        scenario_id = f"{scenario_id} ({start})"
        if values == defaults(view):
            page.click(f"#calc-{view} .calc-reset")   # recomputes the defaults live
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
