"""A property of the strike calculator, over randomized edit timings rather than examples: after
every quiet moment, the result, the answer bar and the address are for the inputs in the form,
or the page says the result is behind (and then the status never says it follows the inputs).

Each run is a first visit over emulated Fast 4G (the bench's network emulation,
benchmarks/network.py), which widens the windows in which the reader can act: before the page
script has run (it is held back), while the engine downloads, while Python starts, while a
result is being worked out, and after; with taps on the answer bar in between. Each seed draws
which inputs are changed, to what, how many edits each window gets and where the bar is tapped;
the windows are the page's own states, waited for, not delays.

After the windows, one seed's run reloads the page: the address keeps the inputs and the result.
A reload starts the engine from nothing again (no offline copy on a first visit), as costly as
the first start, and times nothing the seed drew: the other seeds end with the windows."""

from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import expect

from benchmarks.network import throttle
from calculators.views.catalogue import VIEWS
from tests.support.browser import (
    expected_params,
    form_values,
    set_field,
    wait_for_address,
    wait_for_engine,
    wait_for_params,
)

VIEW = "strike"
BOX = f"#calc-{VIEW}"
FIELDS = {spec["name"]: spec for spec in VIEWS[VIEW]["fields"]}
CHOICES = {  # the inputs a reader changes first, and values they take (each valid with the others)
    "prowess": [str(n) for n in range(0, 12)],
    "strike_prowess": [str(n) for n in range(4, 16)],
    "body": [str(n) for n in range(5, 10)],
    "state": ["untapped", "tapped", "wounded"],
    "modifier": ["-2", "-1", "0", "1", "3"],
}
SEEDS = [11, 23, 37]
RELOADED = SEEDS[0]  # the seed whose run ends with a reload


def random_edit(page, rng: random.Random) -> None:
    name = rng.choice(sorted(CHOICES))
    set_field(page, VIEW, FIELDS[name], rng.choice(CHOICES[name]))


SNAPSHOT_JS = """(box) => { const el = document.querySelector(box); return {
  engine: el.dataset.engine, result: el.dataset.result, params: el.dataset.params,
  status: el.querySelector('.calc-status').textContent, summary: el.querySelector('.calc-summary').textContent,
  stale: el.querySelector('.calc-result').classList.contains('calc-result--stale')}; }"""


def assert_one_story(page, moment: str) -> None:
    """The page's rule at a quiet moment: all of it is for the form's inputs, or it says which is
    behind. What the page says is read in one go, so that it is one moment's."""
    values = form_values(page, VIEW)
    wanted = expected_params(VIEW, values)
    shown = page.evaluate(SNAPSHOT_JS, BOX)
    if shown["engine"] == "ready":
        wait_for_params(page, VIEW, wanted)
        wait_for_address(page, VIEW, values)
        expect(page.locator(f"{BOX} .calc-status")).to_have_text("Live: the result follows your inputs.")
        expect(page.locator(f"{BOX} .calc-summary")).not_to_have_class("calc-summary--stale")
        assert form_values(page, VIEW) == values, moment
        return
    if shown["params"] and json.loads(shown["params"]) == wanted:
        return  # the edits so far came back to the inputs of the result shown
    assert shown["result"] == "behind", (moment, shown)
    assert "follows your inputs" not in shown["status"], (moment, shown)
    assert "Not updated yet" in shown["status"] and "Not updated yet" in shown["summary"], (moment, shown)
    assert shown["stale"], (moment, shown)


def edits(page, rng: random.Random, moment: str, taps: list) -> None:
    for _ in range(rng.randint(1, 3)):
        random_edit(page, rng)
        if rng.random() < 0.4 and page.get_attribute(BOX, "data-wired"):
            page.locator(f"{BOX} .calc-summary").click()
            taps.append(moment)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_result_the_bar_and_the_address_follow_the_form_through_random_edit_timings(open_page, seed):
    rng = random.Random(seed)
    page = open_page(None)
    throttle(page.context, page, "Fast 4G")
    held, taps, windows = [], [], []
    page.route("**/calculators/calculator-page.js", lambda route: held.append(route))
    with page.expect_request("**/calculators/calculator-page.js"):
        page.goto(page.guard.origin + "/calculators/strike/", wait_until="commit")
    expect(page.locator(f"{BOX}-prowess")).to_be_editable()

    # Before the page script: what the reader types is input.
    edits(page, rng, "before the scripts", taps)
    assert not page.get_attribute(BOX, "data-wired")
    windows.append("before the scripts")
    assert len(held) == 1, "the page script was held once"
    held[0].fallback()
    expect(page.locator(BOX)).to_have_attribute("data-wired", "true")
    assert_one_story(page, "the script took over")

    # While the engine downloads, and while Python starts (each if the page is still in it).
    for window, words in (("downloading", " MB"), ("starting", "starting Python")):
        past_loading = page.locator(f"{BOX}:not([data-engine='loading'])")
        saying = page.locator(f"{BOX} .calc-status__text", has_text=re.compile(re.escape(words)))
        expect(past_loading.or_(saying).first).to_be_attached()
        if page.get_attribute(BOX, "data-engine") == "loading":
            edits(page, rng, window, taps)
            windows.append(window)
            assert_one_story(page, window)

    # While a result is worked out: a second edit at once after the first.
    wait_for_engine(page, VIEW)
    for round_ in range(3):
        random_edit(page, rng)
        edits(page, rng, f"computing {round_}", taps)
        windows.append("computing")
        assert_one_story(page, f"computing {round_}")

    assert "before the scripts" in windows and "downloading" in windows, windows
    # After: a reload keeps what the address says.
    values = form_values(page, VIEW)
    wait_for_address(page, VIEW, values)
    if seed != RELOADED:
        return
    page.unroute("**/calculators/calculator-page.js")
    page.reload()
    wait_for_engine(page, VIEW)
    # The link's inputs are read by the engine once it is ready: the page says so until they are in.
    expect(page.locator(BOX)).to_have_attribute("data-result", "current")
    assert form_values(page, VIEW) == values
    assert_one_story(page, "after a reload")
