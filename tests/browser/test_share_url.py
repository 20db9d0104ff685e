"""Inputs live in the URL: a copied link reproduces the inputs and the result;
a tampered link falls back to the defaults with a visible message; the address follows the
inputs without running into the browser's cap on rewriting it."""

from __future__ import annotations

import json
from urllib.parse import parse_qsl

import pytest

from calculators.views.page_api import read_link
from tests.browser.cross_engine.hooks import calculator_link
from tests.browser.scenarios import values
from tests.support.browser import (
    ALL_CALCULATOR_PAGES,
    PHONE,
    assert_result_shown,
    defaults,
    expect,
    expected_params,
    fill_view,
    form_values,
    python_rendered_text,
    result_text,
    wait_for_address,
    wait_for_engine,
    wait_for_params,
)
from tests.support.site import ROOT


@pytest.mark.both_generators
def test_copied_link_reproduces_inputs_and_result(open_returning_page, origin):
    page = open_returning_page("calculators/strike/", **PHONE)
    wait_for_engine(page, "strike")
    slayer = values("strike", {"state": "tapped", "strike_prowess": "11", "roll": "3", "body_roll": "8"})
    fill_view(page, "strike", slayer)
    wait_for_params(page, "strike", expected_params("strike", slayer))
    page.click("#calc-strike .calc-copy")
    page.wait_for_function("document.querySelector('#calc-strike').dataset.shareUrl")
    link = page.get_attribute("#calc-strike", "data-share-url")
    assert link.startswith(origin + "/calculators/strike/?") and link.endswith("#calc-strike")
    # The note is written once the clipboard has answered, after the link is set.
    expect(page.locator("#calc-strike .calc-copied")).not_to_be_empty()

    shared = open_returning_page(link.removeprefix(origin), **PHONE)  # the views in the worker read the link
    wait_for_engine(shared, "strike")
    wait_for_params(shared, "strike", expected_params("strike", slayer))
    assert form_values(shared, "strike") == slayer
    assert result_text(shared, "strike") == python_rendered_text("strike", slayer)
    assert shared.get_attribute("#calc-strike .calc-outcome", "data-outcome") == "discarded"


def test_the_address_bar_follows_the_inputs(open_returning_page, origin):
    page = open_returning_page("calculators/strike/")
    wait_for_engine(page, "attack")
    changed = {**defaults("attack"), "strike_prowess": "9"}
    changed["rows"] = changed["rows"] + [{**changed["rows"][0], "name": "Frodo"}]
    fill_view(page, "attack", changed)
    assert_result_shown(page, "attack", changed)  # the inputs, and the name typed last, are in
    address = wait_for_address(page, "attack", changed)

    again = open_returning_page(address.removeprefix(origin))
    wait_for_engine(again, "attack")
    wait_for_params(again, "attack", expected_params("attack", changed))
    assert form_values(again, "attack") == changed
    assert result_text(again, "attack") == python_rendered_text("attack", changed)


def test_tampered_values_fall_back_to_defaults_with_a_message(open_returning_page):
    page = open_returning_page(
        "calculators/strike/?strike.prowess=abc&strike.state=flying&strike.bogus=1"
        "&strike.strike_prowess=12&attack.rows=99"
    )
    # The inputs a link leaves out take their neutral defaults.
    expected = {**defaults("strike"), "strike_prowess": "12"}
    wait_for_engine(page, "strike")
    wait_for_params(page, "strike", expected_params("strike", expected))
    message = page.locator("#calc-strike .calc-message")
    assert message.is_visible()
    text = message.inner_text()
    assert "“abc”" in text and "Character's prowess" in text and "“flying”" in text and "bogus" in text
    page.wait_for_function("document.querySelector('#calc-attack .calc-message').textContent.includes('between')")
    assert "between 1 and 8" in page.inner_text("#calc-attack .calc-message")
    assert form_values(page, "strike") == expected
    assert form_values(page, "attack") == defaults("attack")  # the refused count leaves the default rows


def test_a_link_whose_inputs_clash_shows_the_defaults(open_returning_page):
    # Each value is valid on its own, but a successful strike needs the character's body.
    page = open_returning_page("calculators/strike/?strike.body=&strike.roll=2")
    wait_for_engine(page, "strike")
    message = page.locator("#calc-strike .calc-message")
    message.wait_for(state="visible")
    page.wait_for_function("document.querySelector('#calc-strike .calc-message').textContent.includes('defaults')")
    assert "body" in message.inner_text()
    assert form_values(page, "strike") == defaults("strike")
    assert result_text(page, "strike") == python_rendered_text("strike", defaults("strike"))


PARTIAL_LINKS = json.loads((ROOT / "tests" / "golden" / "share-links-before-neutral.json").read_text())
PAGE_OF = {view: page for page, views in ALL_CALCULATOR_PAGES.items() for view in views}


@pytest.mark.parametrize("view", sorted(PAGE_OF))
def test_a_link_naming_one_input_shows_the_engine_s_answer_for_the_neutral_defaults(open_returning_page, view):
    """Never the rulebook's example for the inputs it leaves out: a strike link without
    "discarded on" read 6.9 % out of play instead of 4.6 %."""
    first = next(iter(defaults(view)))
    page = open_returning_page(f"calculators/{PAGE_OF[view]}/?{view}.{first}={defaults(view)[first]}")
    wait_for_engine(page, view)
    wait_for_params(page, view, expected_params(view, defaults(view)))
    assert form_values(page, view) == defaults(view)
    assert result_text(page, view) == python_rendered_text(view, defaults(view))


def test_a_partial_link_opens_with_its_inputs_and_the_neutral_defaults(open_returning_page):
    for link in PARTIAL_LINKS[:3]:
        page = open_returning_page(f"calculators/{PAGE_OF[link['view']]}/?{link['query']}")
        opened = read_link(link["view"], parse_qsl(link["query"], keep_blank_values=True))["values"]
        wait_for_engine(page, link["view"])
        wait_for_params(page, link["view"], expected_params(link["view"], opened))
        assert form_values(page, link["view"]) == opened
        assert result_text(page, link["view"]) == python_rendered_text(link["view"], opened)
        page.close()


def test_a_hazard_limit_link_to_the_keying_page_goes_on_to_its_own_page(open_returning_page):
    link = next(link for link in PARTIAL_LINKS if link["view"] == "hazard-limit")
    page = open_returning_page(f"calculators/keying/?{link['query']}")
    page.wait_for_url("**/calculators/hazard-limit/?*")
    opened = read_link("hazard-limit", parse_qsl(link["query"], keep_blank_values=True))["values"]
    wait_for_engine(page, "hazard-limit")
    wait_for_params(page, "hazard-limit", expected_params("hazard-limit", opened))


COUNT_ADDRESS_WRITES_JS = """(() => {
  const replace = history.replaceState;
  window.__addressWrites = 0;
  history.replaceState = function () { window.__addressWrites += 1; return replace.apply(this, arguments); };
})();"""

# A reader tapping a stepper: 150 changes of one field, 10 ms apart (on the page's clock, which a
# loaded machine stretches); the address writes are counted from the first tap.
TAPPING_JS = """async () => {
  window.__addressWrites = 0;
  window.__tapsFrom = performance.now();
  const field = document.querySelector('#calc-strike-prowess');
  for (let i = 0; i < 150; i++) {
    field.value = String(i % 9 + 1);
    field.dispatchEvent(new Event('input', {bubbles: true}));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return field.value;
}"""


def test_a_burst_of_changes_stays_within_the_browsers_cap_on_address_writes(open_returning_page, origin):
    """WebKit lets a page rewrite its address 100 times in 30 s, then history.replaceState throws
    (and with it the pushState of Material's instant navigation): 150 quick changes rewrite it at
    most once a second, and the last one is in the address."""
    page = open_returning_page(None)
    page.add_init_script(COUNT_ADDRESS_WRITES_JS)
    page.goto(f"{origin}/calculators/strike/")
    wait_for_engine(page, "strike")
    last = {**defaults("strike"), "prowess": page.evaluate(TAPPING_JS)}
    wait_for_params(page, "strike", expected_params("strike", last))
    wait_for_address(page, "strike", last)
    # The page's own promise, on its own clock: the first write at once, then at most one a second
    # (however long a loaded machine makes the burst).
    writes, since_ms = page.evaluate("[window.__addressWrites, performance.now() - window.__tapsFrom]")
    assert 1 <= writes <= 1 + since_ms // 1000, f"{writes} address writes in {since_ms:.0f} ms"


def test_the_next_page_keeps_its_own_address(open_page):
    """Material's instant navigation puts the next page's address up before that page arrives:
    an input changed meanwhile on the page being left (or a write still due) is not written
    onto the next page's address. (No service worker: the next page is held on its way. The
    page's clock is Playwright's, so the gap between writes is passed without waiting it out.)"""
    page = open_page("calculators/strike/")
    wait_for_engine(page, "strike")
    # Playwright's clock from here on (it runs on its own until told to jump). Its performance.now
    # starts again from 0: it is first brought to where the page's was.
    started = page.evaluate("performance.now()")
    page.clock.install()
    page.clock.fast_forward(int(started))
    page.fill("#calc-strike-prowess", "7")
    wait_for_address(page, "strike", {**defaults("strike"), "prowess": "7"})
    held = []
    page.route("**/calculators/corruption/", lambda route: held.append(route))
    page.click(calculator_link("corruption"))
    page.wait_for_function("location.pathname.endsWith('/calculators/corruption/')")
    page.fill("#calc-strike-prowess", "8")  # the strike page is still the one shown
    wait_for_params(page, "strike", expected_params("strike", {**defaults("strike"), "prowess": "8"}))
    page.clock.run_for(1500)  # past the gap between writes (1 s): a write still due is made now
    assert held, "the next page was asked for"
    held[0].continue_()
    wait_for_engine(page, "corruption")
    assert page.evaluate("location.search") == ""
