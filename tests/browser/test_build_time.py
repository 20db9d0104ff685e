"""Each calculator page carries the engine's result for its defaults in the HTML:
useful before any script runs, and with JavaScript off."""

from __future__ import annotations

import urllib.request

import pytest

from tests.browser.conftest import CALCULATOR_PAGES, defaults, python_rendered_text, result_text
from tests.browser.test_swim import SWIM_PAGE

PAGES = {**CALCULATOR_PAGES, **SWIM_PAGE}   # the calculator pages, the SBG one included


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


def test_the_live_renderer_matches_the_build_time_one(open_page):
    """The same defaults, rendered by the page script once the engine is ready."""
    for page_name, views in PAGES.items():
        page = open_page(f"calculators/{page_name}/")
        for view in views:
            built_text = result_text(page, view)
            built_links = page.eval_on_selector_all(f"#calc-{view} .calc-output a", "els => els.map(a => a.href)")
            page.wait_for_function(f"document.querySelector('#calc-{view}')?.dataset.engine === 'ready'",
                                   timeout=60_000)
            page.click(f"#calc-{view} .calc-reset")
            page.wait_for_function(f"document.querySelector('#calc-{view}').dataset.params")
            assert result_text(page, view) == built_text, view
            live_links = page.eval_on_selector_all(f"#calc-{view} .calc-output a", "els => els.map(a => a.href)")
            assert live_links == built_links, view
        page.context.close()
