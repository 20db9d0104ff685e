"""Inputs live in the URL: a copied link reproduces the inputs and the result;
a tampered link falls back to the defaults with a visible message."""

from __future__ import annotations

from tests.browser.conftest import (
    FIELD_VALUE_JS,
    VIEWS,
    defaults,
    dom_id,
    expected_params,
    fill_view,
    python_rendered_text,
    result_text,
    wait_for_engine,
    wait_for_params,
)
from tests.browser.scenarios import values


def form_values(page, view: str) -> dict:
    spec = VIEWS[view]
    shown = {f["name"]: page.eval_on_selector(dom_id(view, f["name"]), FIELD_VALUE_JS)
             for f in spec["fields"] + spec.get("roll_fields", [])}
    if spec.get("rows"):
        count = page.locator(f"#calc-{view} .calc-rows__list > .calc-row").count()
        shown["rows"] = [{f["name"]: page.eval_on_selector(dom_id(view, f["name"], i), FIELD_VALUE_JS)
                          for f in spec["rows"]["fields"]} for i in range(count)]
    return shown


def test_copied_link_reproduces_inputs_and_result(open_page, origin):
    page = open_page("calculators/strike/")
    wait_for_engine(page, "strike")
    slayer = values("strike", {"state": "tapped", "strike_prowess": "11", "roll": "3", "body_roll": "8"})
    fill_view(page, "strike", slayer)
    wait_for_params(page, "strike", expected_params("strike", slayer))
    page.click("#calc-strike .calc-copy")
    page.wait_for_function("document.querySelector('#calc-strike').dataset.shareUrl")
    link = page.get_attribute("#calc-strike", "data-share-url")
    assert link.startswith(origin + "/calculators/strike/?") and link.endswith("#calc-strike")
    assert page.inner_text("#calc-strike .calc-copied")

    shared = open_page(link.removeprefix(origin))
    assert form_values(shared, "strike") == slayer
    wait_for_engine(shared, "strike")
    wait_for_params(shared, "strike", expected_params("strike", slayer))
    assert result_text(shared, "strike") == python_rendered_text("strike", slayer)
    assert shared.get_attribute("#calc-strike .calc-outcome", "data-outcome") == "discarded"


def test_the_address_bar_follows_the_inputs(open_page, origin):
    page = open_page("calculators/strike/")
    wait_for_engine(page, "attack")
    changed = values("attack", {"strike_prowess": "9"})
    changed["rows"] = changed["rows"][:3]
    fill_view(page, "attack", changed)
    wait_for_params(page, "attack", expected_params("attack", changed))
    assert "attack.strike_prowess=9" in page.url and "attack.rows=3" in page.url

    again = open_page(page.url.removeprefix(origin))
    assert form_values(again, "attack") == changed
    wait_for_engine(again, "attack")
    wait_for_params(again, "attack", expected_params("attack", changed))
    assert result_text(again, "attack") == python_rendered_text("attack", changed)


def test_tampered_values_fall_back_to_defaults_with_a_message(open_page):
    page = open_page("calculators/strike/?strike.prowess=abc&strike.state=flying&strike.bogus=1"
                     "&strike.strike_prowess=12&attack.rows=99")
    message = page.locator("#calc-strike .calc-message")
    assert message.is_visible()
    text = message.inner_text()
    assert "“abc”" in text and "Character's prowess" in text and "“flying”" in text and "bogus" in text
    assert "between 1 and 8" in page.inner_text("#calc-attack .calc-message")
    expected = {**defaults("strike"), "strike_prowess": "12"}
    assert form_values(page, "strike") == expected
    assert form_values(page, "attack") == defaults("attack")
    wait_for_engine(page, "strike")
    wait_for_params(page, "strike", expected_params("strike", expected))
    assert message.is_visible()


def test_a_link_whose_inputs_clash_shows_the_defaults(open_page):
    # Each value is valid on its own, but a successful strike needs the character's body.
    page = open_page("calculators/strike/?strike.body=&strike.roll=2")
    wait_for_engine(page, "strike")
    message = page.locator("#calc-strike .calc-message")
    message.wait_for(state="visible")
    page.wait_for_function("document.querySelector('#calc-strike .calc-message').textContent.includes('defaults')")
    assert "body" in message.inner_text()
    assert form_values(page, "strike") == defaults("strike")
    assert result_text(page, "strike") == python_rendered_text("strike", defaults("strike"))
