"""The phone screenshot record (benchmarks/phone_screenshots.py, `make screenshots`): on the site
the browser tests serve, a calculator photographed open, while editing and whole, with the
answer on the screen while editing; and the before/after table it writes."""

from __future__ import annotations

from benchmarks.phone_screenshots import READING_PAGES, calculator_pages, shoot, shoot_reading, table
from tests.support.site import ARTIFACTS, BROWSER_SITE


def test_every_calculator_page_is_found(origin):  # origin: the site is built and served
    assert {"calculators/strike/", "calculators/keying/", "calculators/swim/"} <= set(calculator_pages(BROWSER_SITE))
    assert "calculators/" not in calculator_pages(BROWSER_SITE)  # the overview has no calculator


def test_a_calculator_is_photographed_with_its_answer_in_view_while_editing(browser, origin):
    folder = ARTIFACTS / "phone-screenshots-test"
    folder.mkdir(parents=True, exist_ok=True)
    shot = shoot(browser, origin, "calculators/corruption/", folder)
    assert shot["answer_in_view"] and shot["field_clear"] and shot["height"] > 844 and shot["fields"] >= 2, shot
    for kind in ("open", "editing", "full"):
        assert (folder / f"calculators-corruption-{kind}.png").stat().st_size > 10_000
    reading = shoot_reading(browser, origin, READING_PAGES[0], folder)
    assert reading["height"] > 844 and (folder / f"{reading['name']}-open.png").stat().st_size > 10_000
    written = table([], [shot, reading], "main")
    assert "| calculators/corruption/ | (no such page) | answer in view, page" in written
    assert f"| {READING_PAGES[0]} | (no such page) | page {reading['height']} px" in written
