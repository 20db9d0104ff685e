"""The site's search box as a reader uses it, for what needs a browser: on a 390-px phone the
header button, a question in players' words, a tapped result and the rule in view below the
sticky header and highlighted; a section result landing on its heading; Enter; the keyboard
alone (the theme's keys, arrows, Escape); results that fit the screen; the index fetched only
when the box is first used, and again at the next key if it failed; each keystroke answered
once, as the character appears; the same results offline; the reading setting reordering a
replaced Starter rule and its replacement. What the search answers is tested without a browser
(tests/js/, and the question set in tests/build_scripts/search/). Every page here runs under the site's CSP
with no console error and no request leaving 127.0.0.1 (the open_page fixture)."""

from __future__ import annotations

import re
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from benchmarks.search_bench import OPEN_SEARCH, RESULT_LINKS, SEARCH_INPUT, ask
from tests.browser.axe import axe_violations, describe
from tests.support.browser import PHONE, answer_late, assert_landed_on, refuse_the_first, wait_for_the_next_frames
from tests.support.offline import assert_nothing_tried_the_network, go_offline, wait_until_saved
from tests.support.site import ARTIFACTS

SEARCH = "[data-rule-search]"
META = ".rule-search__meta"
# Where an element sits against the sticky header: its top must be at or below the header's bottom.
BELOW_HEADER_JS = """id => {
  const box = document.getElementById(id).getBoundingClientRect();
  const header = document.querySelector('.md-header').getBoundingClientRect();
  return {top: box.top, bottom: box.bottom, header: header.bottom, height: innerHeight};
}"""


def open_search(page, phone: bool = False) -> None:
    if phone:
        page.tap(OPEN_SEARCH)
    else:
        page.click(SEARCH_INPUT)
    expect_ready(page)


def expect_ready(page) -> None:
    """The box has its index and ranking: the theme's "Initializing search" has gone."""
    expect(page.locator(META)).not_to_have_text(re.compile("Initializing"))


def first_result(page):
    return page.locator(RESULT_LINKS).first


TARGET = re.compile(r"\brule--target\b")


def expect_highlighted(page, anchor: str) -> None:
    """The address names the rule and the rule shows highlighted (asked until it holds: instant
    navigation may swap the page in, and the mark with it, after the address changed)."""
    rule = page.locator(f"#{anchor}")
    expect(page).to_have_url(re.compile(f"#{anchor}$"))
    expect(rule).to_have_class(TARGET)
    expect(rule).not_to_have_css("box-shadow", "none")


def expect_not_highlighted(page, anchor: str) -> None:
    rule = page.locator(f"#{anchor}")
    expect(rule).not_to_have_class(TARGET)
    expect(rule).to_have_css("box-shadow", "none")
    expect(rule).to_have_css("background-color", "rgba(0, 0, 0, 0)")


def assert_below_the_header(page, anchor: str) -> None:
    where = page.evaluate(BELOW_HEADER_JS, anchor)
    assert where["header"] <= where["top"] and where["bottom"] <= where["height"], where


# The page arrives while the search is still closing, or after.
@pytest.mark.both_generators
@pytest.mark.parametrize("late", [0, 0.4], ids=["page-at-once", "page-late"])
def test_on_a_phone_a_question_leads_to_the_rule_in_view_below_the_header(open_page, late):
    page = open_page("", **PHONE)
    expect(page.locator(OPEN_SEARCH)).to_have_attribute("aria-expanded", "false")
    open_search(page, phone=True)
    expect(page.locator(OPEN_SEARCH)).to_have_attribute("aria-expanded", "true")
    expect(page.locator(SEARCH_INPUT)).to_be_focused()
    _, links = ask(page, "tie strike prowess")
    assert urlparse(links[0]).fragment == "r1-7-25"
    expect(first_result(page)).to_contain_text("1.7.25")
    expect(first_result(page)).to_contain_text("Starter Rules › 1.7 Combat › Resolving Strikes")
    expect(first_result(page).locator("mark").first).to_have_text("equal")
    if not late:
        page.screenshot(path=str(ARTIFACTS / "search-phone-results.png"))
    answer_late(page, "/rules/1-7-combat/", late)
    first_result(page).tap()
    expect(page.locator(SEARCH)).not_to_have_attribute("data-open", "")
    expect_highlighted(page, "r1-7-25")
    assert urlparse(page.url).path == "/rules/1-7-combat/"
    assert_landed_on(page, "r1-7-25")
    assert_below_the_header(page, "r1-7-25")
    if not late:
        page.screenshot(path=str(ARTIFACTS / "search-phone-rule.png"))


def test_on_a_phone_a_rule_that_opens_a_heading_lands_with_the_heading_in_view(open_page):
    """1.7.27 is the first rule under BODY CHECKS: the reader sees what the rule is under."""
    page = open_page("rules/1-8-corruption/", **PHONE)
    open_search(page, phone=True)
    ask(page, "1.7.27")
    first_result(page).tap()
    expect_highlighted(page, "r1-7-27")
    assert_landed_on(page, "r1-7-27")
    assert_below_the_header(page, "body-checks")
    assert_below_the_header(page, "r1-7-27")
    page.screenshot(path=str(ARTIFACTS / "search-phone-rule-under-heading.png"))


def test_on_a_phone_a_section_result_lands_on_its_heading_below_the_header(open_page):
    """A Strategy Battle Game section starts in the middle of its page: its heading is in view."""
    page = open_page("", **PHONE)
    open_search(page, phone=True)
    _, links = ask(page, "SBG-A.3")
    assert urlparse(links[0]).path == "/rules/sbg-advanced-rules/" and urlparse(links[0]).fragment == "passengers"
    expect(first_result(page)).to_contain_text("SBG-A.3 Passengers")
    first_result(page).tap()
    expect(page).to_have_url(re.compile("/rules/sbg-advanced-rules/#passengers$"))
    assert_landed_on(page, "passengers")
    assert_below_the_header(page, "passengers")
    page.screenshot(path=str(ARTIFACTS / "search-phone-section.png"))


# A question both readings answer with a Starter rule the Standard game replaces (1.5.43) and its
# replacement (2.5.28); the ranking itself is tested in tests/js/search-game.test.mjs.
REPLACED_QUESTION = "ringwraith in a company with other characters"


def result_rules(page) -> list[str]:
    hrefs = page.eval_on_selector_all(RESULT_LINKS, "links => links.map(a => a.href)")
    return [urlparse(href).fragment for href in hrefs]


def test_on_a_phone_the_reading_setting_changes_the_order_of_a_replaced_rule_and_its_replacement(open_page):
    """Reading as the Standard game, the Starter rule 1.5.43 ranks below 2.5.28, which replaces it;
    switched to the Starter game in the header, the same question lists 1.5.43 first. Each result
    says its game."""
    page = open_page("rules/1-5-characters-companies/", **PHONE)
    switch = page.locator("#reading-as")
    expect(page.locator("html")).to_have_attribute("data-game", "standard")  # a new reader's default
    open_search(page, phone=True)
    page.fill(SEARCH_INPUT, REPLACED_QUESTION)
    starter_rule = page.locator(RESULT_LINKS, has=page.locator(".rule-hit__name", has_text=re.compile(r"^1\.5\.43$")))
    expect(starter_rule.locator(".rule-hit__game")).to_have_text("Starter game; Standard: 2.5.5, 2.5.28")
    standard = result_rules(page)
    assert standard.index("r2-5-28") < standard.index("r1-5-43"), standard
    replacement = page.locator(RESULT_LINKS, has=page.locator(".rule-hit__name", has_text=re.compile(r"^2\.5\.28$")))
    expect(replacement.locator(".rule-hit__game")).to_have_text("Standard game")
    page.screenshot(path=str(ARTIFACTS / "search-phone-reading-standard.png"), animations="disabled")

    page.locator(".rule-search__back").tap()
    expect(page.locator(SEARCH)).not_to_have_attribute("data-open", "")
    switch.tap()
    expect(page.locator("html")).to_have_attribute("data-game", "starter")
    open_search(page, phone=True)
    expect(page.locator(SEARCH_INPUT)).to_have_value(REPLACED_QUESTION)
    expect(page.locator(RESULT_LINKS).nth(1)).to_have_attribute("href", re.compile("#r1-5-43$"))
    starter = result_rules(page)
    assert starter.index("r1-5-43") < starter.index("r2-5-28"), starter
    page.screenshot(path=str(ARTIFACTS / "search-phone-reading-starter.png"), animations="disabled")


def test_enter_on_an_exact_number_goes_to_the_rule(open_page):
    page = open_page("calculators/")
    open_search(page)
    ask(page, "2.5.32")
    page.keyboard.press("Enter")
    expect_highlighted(page, "r2-5-32")
    assert urlparse(page.url).path == "/rules/2-5-characters-companies/"
    assert_below_the_header(page, "r2-5-32")


def test_only_the_rule_searched_for_stays_highlighted_after_instant_navigation(open_page):
    page = open_page("rules/1-7-combat/#r1-7-25")  # a full load: the browser's :target
    expect(page.locator("#r1-7-25")).to_have_class(TARGET)
    open_search(page)
    ask(page, "1.7.30")
    expect(first_result(page)).to_have_attribute("href", re.compile("#r1-7-30$"))
    first_result(page).click()  # the same page, by instant navigation
    expect_highlighted(page, "r1-7-30")
    expect_not_highlighted(page, "r1-7-25")
    open_search(page)
    ask(page, "SBG-A.1.3")
    expect(first_result(page)).to_have_attribute("href", re.compile("#rsbg-a-1-3$"))
    first_result(page).click()  # another page
    expect_highlighted(page, "rsbg-a-1-3")
    expect(page.locator(".rule--target")).to_have_count(1)


QUESTIONS_OFFLINE = ["tie strike prowess", "1.7", "SBG-A.3.3", "hazard limit", "9.9.9"]


def test_offline_the_same_query_gives_the_same_results(open_page):
    page = open_page("", service_worker=True)
    wait_until_saved(page)
    open_search(page)
    online = [ask(page, query)[1] for query in QUESTIONS_OFFLINE]
    before = go_offline(page)
    page.reload()
    open_search(page)
    offline = [ask(page, query)[1] for query in QUESTIONS_OFFLINE]
    assert offline == online and all(online)
    assert_nothing_tried_the_network(page, before)


LAYOUT_JS = """selector => Array.from(document.querySelectorAll(selector)).slice(0, 10).map(a => {
  const box = a.getBoundingClientRect();
  return {left: box.left, right: box.right, height: box.height, overflow: a.scrollWidth - a.clientWidth,
          width: innerWidth, pageOverflow: document.documentElement.scrollWidth - innerWidth};
})"""


def test_on_a_phone_the_search_covers_the_screen_and_its_targets_are_thumb_sized(open_page):
    page = open_page("rules/1-7-combat/", **PHONE)
    button = page.locator(OPEN_SEARCH).bounding_box()
    assert button["width"] >= 44 and button["height"] >= 44, button
    open_search(page, phone=True)
    ask(page, "what happens when the strike and the prowess are a tie")  # long rule texts and locations
    panel = page.locator(".rule-search__panel").bounding_box()
    assert (panel["x"], panel["y"], panel["width"], panel["height"]) == (0, 0, 390, 844), panel
    for control in (".rule-search__back", ".rule-search__clear"):
        box = page.locator(control).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, (control, box)
    boxes = page.evaluate(LAYOUT_JS, RESULT_LINKS)
    assert len(boxes) >= 3
    for box in boxes:
        assert box["left"] >= 0 and box["right"] <= box["width"], box
        assert box["overflow"] <= 0 and box["pageOverflow"] <= 0, box
        assert box["height"] >= 44, box  # a thumb-sized target
    page.screenshot(path=str(ARTIFACTS / "search-phone-long-question.png"))
    page.locator(".rule-search__back").tap()
    expect(page.locator(".rule-search__panel")).to_be_hidden()
    expect(page.locator(OPEN_SEARCH)).to_be_focused()


def test_the_keyboard_alone_finds_and_opens_a_rule(open_page):
    page = open_page("glossary/")
    page.keyboard.press("/")  # the theme's key to the search box
    expect_ready(page)
    expect(page.locator(SEARCH_INPUT)).to_be_focused()
    expect(page.locator(SEARCH_INPUT)).to_have_value("")  # the key opened the box, and is not typed
    _, links = ask(page, "tie strike prowess")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")  # the second result
    expect(page.locator(RESULT_LINKS).nth(1)).to_be_focused()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    expect(page.locator(SEARCH_INPUT)).to_be_focused()
    page.keyboard.press("ArrowUp")  # round to the last result
    expect(page.locator(RESULT_LINKS).last).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator(SEARCH)).not_to_have_attribute("data-open", "")
    page.locator("h1").first.click()  # away from the box: "s" opens it again
    page.keyboard.press("s")
    expect(page.locator(SEARCH)).to_have_attribute("data-open", "")
    expect(page.locator(SEARCH_INPUT)).to_have_value("tie strike prowess")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    second = urlparse(links[1]).fragment
    page.keyboard.press("Enter")
    expect_highlighted(page, second)
    assert urlparse(page.url).path == "/rules/1-7-combat/"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [390, 1280])
def test_axe_finds_no_violations_with_the_search_open(open_page, width, scheme):
    size = PHONE if width == 390 else {"viewport": {"width": 1280, "height": 800}}
    page = open_page("rules/1-7-combat/", color_scheme=scheme, **size)
    open_search(page, phone=width == 390)
    ask(page, "tie strike prowess")
    violations = axe_violations(page)
    assert not violations, "axe found violations:\n" + describe(violations)


def test_a_shortcut_key_typed_into_a_field_stays_in_the_field(open_page):
    page = open_page("calculators/strike/")
    page.locator("#calc-strike-prowess").focus()
    page.keyboard.press("/")
    expect(page.locator(SEARCH)).not_to_have_attribute("data-open", "")


def index_fetches(page) -> int:
    entries = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    return sum("search_index.json" in url for url in entries)


def test_the_index_is_fetched_when_the_reader_first_goes_to_the_search_box(open_page):
    """Not as the page loads: a first visit to a calculator shares the network with its engine."""
    page = open_page("rules/1-7-combat/", **PHONE)
    page.in_flight.wait_until_loaded()
    assert index_fetches(page) == 0
    open_search(page, phone=True)
    ask(page, "tie strike prowess")
    assert index_fetches(page) == 1


def test_an_index_that_did_not_load_is_said_and_fetched_again_at_the_next_key(open_page):
    page = open_page("")
    refuse_the_first(page, "**/search_index.json", lambda route: route.fulfill(status=503, body=""))
    page.click(SEARCH_INPUT)
    expect(page.locator(META)).to_have_text(
        "Search is not available: its index did not load (the server answered 503). Type again to retry."
    )
    page.keyboard.type("1.7.25")
    expect(first_result(page)).to_have_attribute("href", re.compile("#r1-7-25$"))
    assert index_fetches(page) == 2
    assert all("503" in error for error in page.guard.console_errors), page.guard.console_errors
    page.guard.console_errors.clear()  # the refused index is this test's own doing


# Counts each time the list is redrawn (its results replaced) from the next keydown on.
COUNT_REDRAWS_JS = """list => {
  window.__redraws = 0;
  new MutationObserver(records => {
    if (records.some(r => r.removedNodes.length)) window.__redraws++;
  }).observe(document.querySelector(list), {childList: true});
}"""


def test_each_keystroke_is_answered_once_as_the_character_appears(open_page):
    page = open_page("")
    open_search(page)
    page.fill(SEARCH_INPUT, "1.7.2")
    expect(first_result(page)).to_have_attribute("href", re.compile("#r1-7-2$"))
    page.evaluate(COUNT_REDRAWS_JS, ".rule-search__list")
    page.keyboard.down("5")
    expect(first_result(page)).to_have_attribute("href", re.compile("#r1-7-25$"))  # before the key is up
    page.keyboard.up("5")
    wait_for_the_next_frames(page)  # the rest of the list is in
    expect(page.locator(META)).to_have_text("1 rule")
    assert page.evaluate("window.__redraws") == 1
    assert index_fetches(page) == 1
