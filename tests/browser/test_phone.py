"""On a 390 x 844 touch phone no calculator page scrolls sideways, each result
fits the screen, and the region symbols answer a tap. Screenshots go to test-results/."""

from __future__ import annotations

import pytest

from tests.browser.conftest import ARTIFACTS, CALCULATOR_PAGES, wait_for_engine
from tests.browser.test_swim import SWIM_PAGE

PAGES = {**CALCULATOR_PAGES, **SWIM_PAGE}   # the calculator pages, the SBG one included

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


@pytest.mark.parametrize("page_name", sorted(PAGES))
def test_phone_layout(open_page, page_name):
    page = open_page(f"calculators/{page_name}/", **PHONE)
    for view in PAGES[page_name]:
        wait_for_engine(page, view)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the page scrolls sideways"
    for view in PAGES[page_name]:
        result = page.locator(f"#calc-{view} .calc-result")
        result.scroll_into_view_if_needed()
        box = result.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (view, box)
        for element in page.query_selector_all(f"#calc-{view} input, #calc-{view} select, #calc-{view} table"):
            if element.is_visible():
                inner = element.bounding_box()
                assert inner["x"] >= 0 and inner["x"] + inner["width"] <= 390 + 0.5, (view, inner)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"phone-{page_name}.png"), full_page=True)


def test_region_symbols_answer_a_tap(open_page):
    page = open_page("calculators/keying/", **PHONE)
    wait_for_engine(page, "keying")
    page.tap("#calc-keying [data-symbol='w']")
    assert page.input_value("#calc-keying-path") == "d w w w"
    page.wait_for_function("document.querySelector('#calc-keying .calc-headline').textContent === 'Site path: d w w w'")
    page.tap("#calc-keying [data-symbol='back']")
    page.tap("#calc-keying [data-symbol='back']")
    assert page.input_value("#calc-keying-path") == "d w"
    page.tap("#calc-keying [data-symbol='clear']")
    assert page.input_value("#calc-keying-path") == ""
