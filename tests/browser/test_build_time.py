"""Each calculator page carries the engine's result for its defaults in the HTML:
useful before any script runs, and with JavaScript off. The result is written by one
view layer (calculators/views) at build time and in the browser's worker alike."""

from __future__ import annotations

import urllib.request

import pytest

from calculators.views.catalogue import VIEWS
from calculators.views.values import example_values
from tests.support.browser import (
    ALL_CALCULATOR_PAGES,
    assert_result_is_the_views,
    assert_result_shown,
    defaults,
    fill_view,
    python_rendered_text,
    result_text,
    wait_for_engine,
)

PAGES = ALL_CALCULATOR_PAGES


@pytest.mark.parametrize("page_name", sorted(PAGES))
def test_default_result_is_in_the_html(origin, page_name):
    html = urllib.request.urlopen(f"{origin}/calculators/{page_name}/").read().decode("utf-8")
    for view in PAGES[page_name]:
        start = html.index(f'id="calc-{view}"')
        assert 'class="calc-output"' in html[start:], view
        assert 'class="calc-explain"' in html[start:], view


@pytest.mark.parametrize("page_name", sorted(PAGES))
def test_default_result_shows_with_javascript_off(open_page, page_name):
    page = open_page(f"calculators/{page_name}/", java_script_enabled=False)
    for view in PAGES[page_name]:
        assert page.locator(f"#calc-{view} .calc-output").is_visible()
        assert result_text(page, view) == python_rendered_text(view, defaults(view))
        assert page.get_attribute(f"#calc-{view}", "data-engine") is None


def inputs_to_try(view: str) -> list[dict]:
    """The defaults, the rulebook's example (if any) and a roll entered under "I rolled…"."""
    tried = [defaults(view)]
    if example_values(VIEWS[view]):
        tried.append(example_values(VIEWS[view]))
    rolls = VIEWS[view].get("roll_fields", [])
    if rolls:
        tried.append({**defaults(view), rolls[0]["name"]: "4"})  # a natural 4: on a D6 and on 2D6
    return tried


@pytest.mark.parametrize("page_name", sorted(PAGES))
def test_build_and_browser_show_what_the_views_write(open_returning_page, page_name):
    """The views' one test: the build-time result and the browser's live one are, DOM for DOM,
    the HTML calculators/views writes in CPython for the same inputs (and the same rule URLs)."""
    page = open_returning_page(f"calculators/{page_name}/")
    for view in PAGES[page_name]:
        assert_result_is_the_views(page, view, defaults(view))  # as built, before any script
    for view in PAGES[page_name]:
        wait_for_engine(page, view)
        for values in inputs_to_try(view):
            if values == defaults(view):
                page.click(f"#calc-{view} .calc-reset")
            else:
                fill_view(page, view, values)
            assert_result_shown(page, view, values)  # the engine's inputs, and any name, are in
            assert_result_is_the_views(page, view, values)
