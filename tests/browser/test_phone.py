"""On a 390 x 844 touch phone no calculator page scrolls sideways, each result
fits the screen, and the region symbols answer a tap. Screenshots go to test-results/."""

from __future__ import annotations

import json
import re

import pytest

from calculators.views.catalogue import VIEWS
from calculators.views.page_api import render
from tests.support.browser import ALL_CALCULATOR_PAGES, PHONE, expect, form_values, wait_for_engine
from tests.support.page_hooks import hooked
from tests.support.site import ARTIFACTS, soup_of

PAGES = ALL_CALCULATOR_PAGES


def assert_nothing_leaves_the_screen(page, page_name: str) -> None:
    """No sideways scroll; every result, input, select and table within the 390 px."""
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


def test_region_symbols_answer_a_tap(open_returning_page):
    page = open_returning_page("calculators/keying/", **PHONE)
    wait_for_engine(page, "keying")
    page.tap("#calc-keying [data-symbol='d']")
    page.tap("#calc-keying [data-symbol='w']")
    assert page.input_value("#calc-keying-path") == "w d w"
    expect(page.locator("#calc-keying .calc-headline", has_text="Site path")).to_have_text("Site path: w d w")
    page.tap("#calc-keying [data-symbol='back']")
    assert page.input_value("#calc-keying-path") == "w d"
    page.tap("#calc-keying [data-symbol='clear']")
    assert page.input_value("#calc-keying-path") == ""


# --- the answer stays in view while a thumb edits ------------------------------------

# A change a thumb makes to each kind of input: one more (or less at the top), another
# option, the box ticked or not, another region.
CHANGE_JS = """(el) => {
  el.scrollIntoView({block: "center"});
  el.focus();
  if (el.type === "checkbox") { el.click(); return; }
  if (el.tagName === "SELECT") {
    el.selectedIndex = (el.selectedIndex + 1) % el.options.length;
  } else if (el.inputMode === "numeric") {
    const now = parseInt(el.value || "0", 10);
    el.value = String(now + 1 > Number(el.dataset.max) ? now - 1 : now + 1);
  } else if (el.name === "path") {
    el.value = (el.value + " f").trim();
  } else {
    el.value = el.value + "x";
  }
  el.dispatchEvent(new Event("input", {bubbles: true}));
  el.dispatchEvent(new Event("change", {bubbles: true}));
}"""

# Inputs a thumb sees first: in the form, not folded away, not off (an option the edition lacks), not a
# name (which labels, not asks).
VISIBLE_INPUTS_JS = """(box) => [...box.querySelectorAll(".calc-form input, .calc-form select")]
  .filter((el) => el.offsetParent !== null && !el.disabled && !el.closest("details:not([open])")
          && !el.closest("template")
          && !/^name|^roll|^body_roll/.test(el.name) && el.type !== "hidden")
  .map((el) => el.id)"""


def summary_in_view(page, view: str) -> bool:
    box = page.locator(f"#calc-{view} .calc-summary").bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["viewport"]["height"] + 0.5


@pytest.mark.parametrize("page_name", sorted(PAGES))
def test_on_a_phone_the_page_fits_and_the_answer_stays_in_view_while_editing(open_returning_page, page_name):
    """One start of the page for both: first its layout as it opens (photographed), then every
    input a thumb sees first, changed one by one."""
    page = open_returning_page(f"calculators/{page_name}/", **PHONE)
    for view in PAGES[page_name]:
        wait_for_engine(page, view)
    assert_nothing_leaves_the_screen(page, page_name)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"phone-{page_name}.png"), full_page=True)
    for view in PAGES[page_name]:
        box = page.query_selector(f"#calc-{view}")
        inputs = page.evaluate(VISIBLE_INPUTS_JS, box)
        assert inputs or not VIEWS[view]["fields"], view  # a bare D6 roll has only "I rolled…"
        for input_id in inputs:
            if page.is_disabled(f"#{input_id}"):
                continue  # an earlier change turned it off (an option the chosen edition lacks)
            updates = page.evaluate(hooked("hooks.engineTimings().updates || 0"))
            page.eval_on_selector(f"#{input_id}", CHANGE_JS)
            page.wait_for_function(
                hooked(
                    f"(hooks.engineTimings().updates || 0) > {updates} || "
                    f"document.querySelector('#calc-{view} .calc-summary--stale')"
                )
            )
            expected = render(view, form_values(page, view), json.loads(box.get_attribute("data-config"))["ruleUrls"])
            shown = page.inner_text(f"#calc-{view} .calc-summary__text")
            assert shown == expected["summary"], (view, input_id)
            assert summary_in_view(page, view), (view, input_id)
        page.click(f"#calc-{view} .calc-reset")


def test_one_live_region_per_calculator(open_returning_page):
    page = open_returning_page("calculators/strike/", **PHONE)
    for view in PAGES["strike"]:
        live = page.eval_on_selector_all(
            f"#calc-{view} [aria-live], #calc-{view} [role=status]", "els => els.map((el) => el.className)"
        )
        # The bar reads the answer out; the status line and the messages say other things.
        assert live.count("calc-summary__text") == 1 and not any("calc-result" in name for name in live), live


def test_number_inputs_are_steppers_for_a_thumb(open_returning_page):
    page = open_returning_page("calculators/strike/", **PHONE)
    wait_for_engine(page, "strike")
    prowess = page.locator("#calc-strike-prowess")
    assert prowess.get_attribute("inputmode") == "numeric"
    assert page.eval_on_selector("#calc-strike-prowess", "el => getComputedStyle(el).fontSize") == "16px"
    for button in page.query_selector_all("#calc-strike [data-field='prowess'] .calc-step"):
        size = button.bounding_box()
        assert size["width"] >= 44 and size["height"] >= 44, size
    before = prowess.input_value()
    page.tap("#calc-strike [data-field='prowess'] .calc-step[data-step='1']")
    assert prowess.input_value() == str(int(before) + 1)
    prowess.fill("9")  # typed entry still works
    expect(page.locator("#calc-strike")).to_have_attribute("data-params", re.compile(r'"prowess": ?9\b'))


def test_more_modifiers_opens_itself_when_a_link_sets_one(open_returning_page, served_site):
    """The page arrives with "More modifiers" closed (as built: read in the page, it may already
    have read the link and opened it), and opens it once the link is read."""
    built = soup_of(served_site.site / "calculators" / "strike" / "index.html")
    assert not built.select_one("#calc-strike details.calc-more").has_attr("open"), "open before any link"
    page = open_returning_page(
        "calculators/strike/?strike.prowess=5&strike.body=8&strike.state=untapped"
        "&strike.strike_prowess=10&strike.strike_body=&strike.no_tap=0&strike.excess=0&strike.support=1"
        "&strike.modifier=-1&strike.weapon=&strike.discard_on=&strike.detainment=0&strike.ringwraith=0"
        "&strike.roll=&strike.body_roll=",
        **PHONE,
    )
    wait_for_engine(page, "strike")
    expect(page.locator("#calc-strike details.calc-more")).to_have_attribute("open", "")
    assert page.inner_text("#calc-strike details.calc-more > summary .calc-count") == "2 set"


@pytest.mark.parametrize("field", ["#calc-keying-doors-of-night", "#calc-strike-prowess"])
def test_a_first_tap_at_the_bottom_of_the_screen_reaches_its_field(open_returning_page, field):
    """The bar is pinned once a tap has landed: pinned at the touch, it covered a field at the
    screen's bottom edge and took the tap (which then followed the bar's link to the result)."""
    page = open_returning_page(f"calculators/{field.split('-')[1]}/", **PHONE)
    view = field.split("-")[1]
    wait_for_engine(page, view)
    page.eval_on_selector(field, "el => el.scrollIntoView({block: 'end'})")  # at the bottom edge
    before = page.evaluate("scrollY")
    checked = page.is_checked(field) if page.get_attribute(field, "type") == "checkbox" else None
    page.tap(field)
    if checked is None:
        expect(page.locator(field)).to_be_focused()
    else:
        assert page.is_checked(field) is not checked, "the tap did not reach the box"
    assert page.evaluate("scrollY") >= before, "the tap followed the bar's link"
    expect(page.locator(f"#calc-{view}")).to_have_attribute("data-editing", "true")
    page.wait_for_function(
        "([field, bar]) => document.querySelector(field).getBoundingClientRect().bottom"
        " <= document.querySelector(bar).getBoundingClientRect().top + 0.5",
        [field, f"#calc-{view} .calc-summary"],
    )  # scrolled clear of the bar
    bar = page.locator(f"#calc-{view} .calc-summary").bounding_box()
    target = page.locator(field).bounding_box()
    assert summary_in_view(page, view) and target["y"] + target["height"] <= bar["y"] + 0.5, (target, bar)
