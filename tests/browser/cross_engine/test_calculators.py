"""The calculators in each engine: every calculator, filled in through its form, shows a live
result equal to CPython's (the agreement scenarios, a few per calculator), and a shared link
brings back its inputs and its answer."""

from __future__ import annotations

import pytest

from tests.browser.conftest import (
    assert_result_shown,
    defaults,
    expected_params,
    fill_view,
    form_values,
    wait_for_engine,
    wait_for_params,
)
from tests.browser.cross_engine import hooks
from tests.browser.scenarios import SCENARIOS
from tests.browser.test_agreement import PAGES

PER_VIEW = 2          # of the scenarios whose inputs differ from the defaults: the result is computed live


def live_scenarios(view: str) -> list[tuple[str, dict]]:
    return [(name, values) for name, scenario_view, values, _ in SCENARIOS
            if scenario_view == view and values != defaults(view)][:PER_VIEW]


def check_live_results(page, views: list[str]) -> None:
    """Fill each view's scenarios in; the result shown must be CPython's."""
    for view in views:
        wait_for_engine(page, view)
        scenarios = live_scenarios(view)
        assert scenarios, f"no scenario for {view}"
        for name, values in scenarios:
            fill_view(page, view, values)
            assert_result_shown(page, view, values, name)


@pytest.mark.parametrize("page_name", sorted(PAGES))
def test_every_calculator_agrees_with_cpython(engine_page, page_name):
    """A returning reader's page: the first calculator page of the run starts the engine as a
    first visit does, later ones from the offline copy's snapshot (both starts in each engine)."""
    page = engine_page(f"calculators/{page_name}/", returning=True)
    views = page.evaluate(hooks.VIEWS_ON_PAGE_JS)
    assert sorted(views) == sorted(PAGES[page_name])
    check_live_results(page, views)


def test_a_shared_link_restores_its_inputs_and_answer(engine_page, origin):
    name, values = live_scenarios("strike")[1]
    page = engine_page("calculators/strike/")
    wait_for_engine(page, "strike")
    fill_view(page, "strike", values)
    wait_for_params(page, "strike", expected_params("strike", values))
    page.click(f"#calc-strike {hooks.SHARE_BUTTON}")
    page.wait_for_function(f"document.querySelector('#calc-strike').getAttribute('{hooks.SHARE_URL_ATTRIBUTE}')")
    link = page.get_attribute("#calc-strike", hooks.SHARE_URL_ATTRIBUTE)
    assert link.startswith(f"{origin}/calculators/strike/?"), link

    shared = engine_page(link.removeprefix(origin))     # the views in the worker read the link
    wait_for_engine(shared, "strike")
    assert_result_shown(shared, "strike", values, name)
    assert form_values(shared, "strike") == values, name
