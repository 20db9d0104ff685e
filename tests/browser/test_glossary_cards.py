"""Glossary marks and their definition card in the browser (WCAG 2.2 1.4.13):
the reader's setting picks the marks shown, without a reload; the card opens on hover,
tap, click and Enter, can be hovered, stays until dismissed, closes on Esc (focus stays)
and on a tap outside, and fits a 390-px screen. No console errors and no request leaving
127.0.0.1 (the open_page fixture checks every page a test opens)."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlparse

import pytest

from build_scripts.glossary.definitions import DEFINITIONS_PATH
from tests.support.browser import (
    COMBAT,
    PHONE,
    SBG_ADVANCED,
    SHOWN_TERMS,
    answer_late,
    assert_landed_on,
    open_phone_page,
    wait_until_card_filled,
)
from tests.support.site import BROWSER_SITE

DESKTOP = {"viewport": {"width": 1280, "height": 900}}
CARD = "#gloss-card"
FOCUSED_TERM_JS = "document.activeElement.matches('abbr.gloss') ? document.activeElement.dataset.term : null"


def definitions(site: Path = BROWSER_SITE) -> dict:
    return json.loads((site / DEFINITIONS_PATH).read_text(encoding="utf-8"))["terms"]


def open_card(page, mark, tap: bool = True) -> None:
    mark.scroll_into_view_if_needed()
    mark.tap() if tap else mark.click()
    page.locator(CARD).wait_for(state="visible")
    wait_until_card_filled(page)


def card_is_open(page) -> bool:
    return page.locator(CARD).count() == 1 and page.locator(CARD).is_visible()


GLOSSARY_OF = [(COMBAT, "/glossary/"), (SBG_ADVANCED, "/sbg/glossary/")]


@pytest.mark.both_generators
@pytest.mark.parametrize("path, glossary", GLOSSARY_OF)
def test_tapping_a_term_shows_its_definition_and_links_to_its_entry(open_page, path, glossary, served_site):
    page = open_phone_page(open_page, path)
    mark = page.locator(SHOWN_TERMS).first
    term_id = mark.get_attribute("data-term")
    open_card(page, mark)
    entry = definitions(served_site.site)[term_id]
    assert entry["definition"] in page.inner_text(CARD)
    assert page.get_attribute(CARD, "role") == "dialog"
    assert mark.get_attribute("aria-expanded") == "true"
    link = page.locator(f"{CARD} .gloss-card__more")
    href = urlparse(link.get_attribute("href"))
    assert (href.path, href.fragment) == (glossary, f"g-{term_id}")
    assert term_id.startswith("sbg-") == glossary.startswith("/sbg/")
    link.tap()
    page.wait_for_url(f"**{glossary}#g-{term_id}")
    assert_landed_on(page, f"g-{term_id}")


def test_the_full_entry_link_lands_on_the_entry_when_tapped_just_after_a_scroll(open_page):
    """A thumb taps the link while the page is still settling from a scroll, and the glossary comes
    late: the old page's anchor tracking used to rename the new address, and the reader landed at
    the top of the glossary."""
    page = open_phone_page(open_page, SBG_ADVANCED)
    mark = page.locator(SHOWN_TERMS).first
    term_id = mark.get_attribute("data-term")
    open_card(page, mark)
    answer_late(page, "/sbg/glossary/", 0.5)
    page.eval_on_selector(f"{CARD} .gloss-card__more", "link => { link.click(); scrollBy(0, 2); }")
    page.wait_for_url(f"**/sbg/glossary/#g-{term_id}")
    assert_landed_on(page, f"g-{term_id}")


def test_marks_have_no_native_tooltip_and_definitions_load_once(open_page):
    page = open_page(COMBAT, **DESKTOP)
    assert (
        page.eval_on_selector_all("abbr.gloss", "els => els.filter(e => e.title || e.dataset.definition).length") == 0
    )
    for index in (0, 5):
        open_card(page, page.locator(SHOWN_TERMS).nth(index), tap=False)
    fetched = [url for url in page.guard.requests if urlparse(url).path == "/" + DEFINITIONS_PATH]
    assert len(fetched) == 1, fetched


def with_the_clock(open_page, path: str, **options):
    """A page whose timers the test moves on (page.clock.run_for): "it stays" is checked by
    running the page's next seconds, not by waiting through them."""
    page = open_page(None, **options)
    page.clock.install()
    page.goto(f"{page.guard.origin}/{path}")
    return page


def test_a_tap_opens_the_card_it_stays_and_a_tap_outside_closes_it(open_page):
    page = with_the_clock(open_page, COMBAT, **PHONE)
    open_card(page, page.locator(SHOWN_TERMS).nth(3))
    page.clock.run_for(1500)
    assert card_is_open(page), "the card stays until it is dismissed"
    page.locator(f"{CARD} .gloss-card__text").tap()
    assert card_is_open(page), "a tap on the card itself keeps it"
    page.locator("article h1").tap()
    page.locator(CARD).wait_for(state="detached")


def test_the_cards_close_button_is_a_thumbs_target_and_closes_it(open_page):
    page = open_phone_page(open_page, COMBAT)
    open_card(page, page.locator(SHOWN_TERMS).nth(3))
    close = page.locator(f"{CARD} .gloss-card__close")
    box = close.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    card = page.locator(CARD).bounding_box()
    assert card["x"] <= box["x"] and box["x"] + box["width"] <= card["x"] + card["width"] + 0.5, (box, card)
    close.tap()
    page.locator(CARD).wait_for(state="detached")


def test_the_card_fits_a_390_px_screen(open_page):
    page = open_phone_page(open_page, COMBAT)
    # The term furthest right on the page, and the longest definition's term.
    boxes = page.eval_on_selector_all(SHOWN_TERMS, "els => els.map((e, i) => [e.getBoundingClientRect().right, i])")
    rightmost = max(boxes)[1]
    lengths = definitions()
    ids = page.eval_on_selector_all(SHOWN_TERMS, "els => els.map(e => e.dataset.term)")
    longest = max(range(len(ids)), key=lambda i: len(lengths[ids[i]]["definition"]))
    for index in (rightmost, longest):
        open_card(page, page.locator(SHOWN_TERMS).nth(index))
        box = page.locator(CARD).bounding_box()
        view = page.evaluate("({width: document.documentElement.clientWidth, height: innerHeight, y: scrollY})")
        assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"], (index, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"], (index, box)
        page.keyboard.press("Escape")
        page.locator(CARD).wait_for(state="detached")


def test_hover_opens_the_card_and_the_pointer_can_move_onto_it(open_page):
    page = with_the_clock(open_page, COMBAT, **DESKTOP)
    mark = page.locator(SHOWN_TERMS).nth(2)
    mark.scroll_into_view_if_needed()
    mark.hover()
    page.locator(CARD).wait_for(state="visible")
    card = page.locator(CARD).bounding_box()
    page.mouse.move(card["x"] + card["width"] / 2, card["y"] + card["height"] / 2, steps=8)
    page.clock.run_for(800)  # past the close delay a pointer leaving the term starts
    assert card_is_open(page), "the card stays while the pointer is on it"
    assert "gloss-card__more" in page.locator(f"{CARD} a").get_attribute("class")
    page.mouse.move(5, 5, steps=4)
    page.locator(CARD).wait_for(state="detached")


def test_esc_closes_a_hovered_card_without_moving_focus_or_pointer(open_page):
    page = open_page(COMBAT, **DESKTOP)
    page.focus("#r1-7-2 a.rule-num")
    mark = page.locator(SHOWN_TERMS).nth(2)
    mark.hover()
    page.locator(CARD).wait_for(state="visible")
    pointer = mark.bounding_box()
    page.keyboard.press("Escape")
    page.locator(CARD).wait_for(state="detached")
    assert page.evaluate("document.activeElement.closest('#r1-7-2') !== null"), "focus stays where it was"
    assert mark.bounding_box() == pointer, "nothing moved under the pointer"


def test_keyboard_tab_reaches_a_term_enter_opens_tab_enters_the_card_esc_closes(open_page):
    page = open_page(COMBAT, **DESKTOP)
    page.focus("#r1-7-1 button.rule-add")  # after the number: its "Add to ruling"
    page.keyboard.press("Tab")
    term = page.evaluate(FOCUSED_TERM_JS)
    assert term, "Tab from a rule's controls reaches the first term in its text"
    page.keyboard.press("Enter")
    page.locator(CARD).wait_for(state="visible")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('#gloss-card') !== null"), "Tab moves into the card"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED_TERM_JS) == term
    page.keyboard.press("Escape")
    page.locator(CARD).wait_for(state="detached")
    assert page.evaluate(FOCUSED_TERM_JS) == term, "Esc leaves focus on the term"
    page.keyboard.press("Enter")
    page.locator(CARD).wait_for(state="visible")
    page.keyboard.press("Tab")
    page.keyboard.press("Escape")
    page.locator(CARD).wait_for(state="detached")
    assert page.evaluate(FOCUSED_TERM_JS) == term, "Esc inside the card returns focus to its term"


SHOWN_COUNT_JS = """() => [...document.querySelectorAll('article abbr.gloss')].filter(e =>
    getComputedStyle(e).textDecorationLine.includes('underline') && e.tabIndex === 0).length"""


def test_the_setting_changes_the_marks_at_once_and_is_remembered(open_page):
    page = with_the_clock(open_page, COMBAT, **PHONE)
    every = page.locator("article abbr.gloss").count()
    first = page.locator("article abbr.gloss:is(.gloss--first, .gloss--defines)").count()  # and where a rule defines
    assert page.evaluate(SHOWN_COUNT_JS) == first < every
    page.evaluate("window.__samePage = true")
    setting = page.locator(".gloss-setting")
    setting.scroll_into_view_if_needed()
    assert setting.locator("input[value=first]").is_checked()
    setting.locator("input[value=every]").tap()
    assert page.evaluate(SHOWN_COUNT_JS) == every
    setting.locator("input[value=off]").tap()
    assert page.evaluate(SHOWN_COUNT_JS) == 0
    mark = page.locator("article abbr.gloss").first
    mark.scroll_into_view_if_needed()
    mark.tap()
    page.clock.run_for(300)
    assert not card_is_open(page), "an unshown mark opens nothing"
    assert page.evaluate("window.__samePage") is True, "no reload"
    page.reload()
    assert page.evaluate(SHOWN_COUNT_JS) == 0, "the setting is kept"
    assert page.locator(".gloss-setting input[value=off]").is_checked()
