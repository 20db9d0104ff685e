"""The search box on the site, as a reader uses it: on a 390-px phone a question in players'
words, tap the first result, and the rule is in view and highlighted; rule numbers (MELE and
SBG), a section, a number that does not exist; Enter on a number; the highlight after instant
navigation; the same results offline. Every page these tests open runs under the site's CSP
with no console error and no request leaving 127.0.0.1 (the open_page fixture)."""

from __future__ import annotations

import json
from urllib.parse import urlparse

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from benchmarks.search_bench import OPEN_SEARCH, RESULT_LINKS, SEARCH_READY, ask
from tests.browser.conftest import answer_late, assert_landed_on
from tests.browser.test_offline import assert_nothing_tried_the_network, go_offline, wait_until_saved
from tests.browser.test_rule_pages import PHONE
from tests.conftest import ARTIFACTS

HIGHLIGHT_JS = """id => {
  const rule = document.getElementById(id);
  const box = rule.getBoundingClientRect();
  const style = getComputedStyle(rule);
  return {marked: rule.classList.contains("rule--target"), shadow: style.boxShadow,
          background: style.backgroundColor, top: box.top, bottom: box.bottom, height: innerHeight};
}"""


def open_search(page, phone: bool = False) -> None:
    if phone:
        page.tap(OPEN_SEARCH)
    else:
        page.click(".md-search__input")
    page.wait_for_function(SEARCH_READY)


def result_texts(page) -> list[str]:
    return page.eval_on_selector_all(RESULT_LINKS, "links => links.map(a => a.innerText)")


def wait_for_first_result_to_read(page, says: str) -> None:
    """The first result's text begins with `says`. The page shows its own list as the reader types
    and Material renders the same list again on keyup (use-rule-search.js): read between the two,
    the first link has once had no text yet (a fresh-clone run under load)."""
    reads = f"(document.querySelector({RESULT_LINKS!r})?.innerText || '').startsWith({json.dumps(says)})"
    try:
        page.wait_for_function(reads, timeout=5_000)
    except PlaywrightTimeoutError:
        raise AssertionError(f"the first result does not read {says!r}: {result_texts(page)[:3]}") from None


def wait_for_first_result(page, anchor: str) -> None:
    """The list shows the answer to the whole query, whose first result is the rule `anchor`."""
    page.wait_for_function(f"document.querySelector({RESULT_LINKS!r})?.hash === '#{anchor}'", timeout=10_000)


def wait_for_highlight(page, anchor: str) -> dict:
    page.wait_for_function(f"location.hash === '#{anchor}' && document.getElementById('{anchor}')?"
                           f".classList.contains('rule--target')")
    page.wait_for_timeout(1600)      # the arrival animation has faded to the resting highlight
    return page.evaluate(HIGHLIGHT_JS, anchor)


# The page arrives while the search is still closing (its overlay wider than the screen), or after.
@pytest.mark.parametrize("late", [0, 0.4], ids=["page-at-once", "page-late"])
def test_on_a_phone_a_question_leads_to_the_rule_highlighted_in_view(open_page, late):
    page = open_page("", **PHONE)
    open_search(page, phone=True)
    _, links = ask(page, "tie strike prowess")
    assert urlparse(links[0]).fragment == "r1-7-25"
    wait_for_first_result_to_read(page, "1.7.25")
    first = result_texts(page)[0]
    assert first.startswith("1.7.25") and "Starter Rules › 1.7 Combat › Resolving Strikes" in first
    assert page.eval_on_selector(RESULT_LINKS, "a => a.querySelector('mark').textContent") == "equal"
    if not late:
        page.screenshot(path=str(ARTIFACTS / "search-phone-results.png"))
    answer_late(page, "/rules/1-7-combat/", late)
    page.locator(RESULT_LINKS).first.tap()
    state = wait_for_highlight(page, "r1-7-25")
    assert urlparse(page.url).path == "/rules/1-7-combat/"
    assert state["marked"] and state["shadow"] != "none"
    assert_landed_on(page, "r1-7-25")
    if not late:
        page.screenshot(path=str(ARTIFACTS / "search-phone-rule.png"))


@pytest.mark.parametrize("query, path, anchor, says", [
    ("1.7.25", "/rules/1-7-combat/", "r1-7-25", "1.7.25"),
    ("SBG-A.2.4", "/rules/sbg-advanced-rules/", "rsbg-a-2-4", "SBG-A.2.4"),
    ("SBG-B.6.3", "/rules/sbg-boats-article/", "rsbg-b-6-3", "SBG-B.6.3"),
    ("1.7", "/rules/1-7-combat/", "", "1.7 Combat"),
])
def test_a_rule_or_section_number_comes_first(open_page, query, path, anchor, says):
    page = open_page("glossary/")
    open_search(page)
    _, links = ask(page, query)
    address = urlparse(links[0])
    assert (address.path, address.fragment) == (path, anchor)
    wait_for_first_result_to_read(page, says)


def test_a_number_that_does_not_exist_gets_a_clear_answer(open_page):
    page = open_page("", **PHONE)
    open_search(page, phone=True)
    _, links = ask(page, "9.9.9")
    assert len(links) == 1
    assert page.inner_text(".md-search-result__meta") == "1 matching document"
    wait_for_first_result_to_read(page, "No rule 9.9.9")
    text = result_texts(page)[0]
    assert text.startswith("No rule 9.9.9") and "Parts III to V" in text
    assert urlparse(links[0]).fragment == "what-the-source-lacks"


def test_enter_on_an_exact_number_goes_to_the_rule(open_page):
    page = open_page("calculators/")
    open_search(page)
    ask(page, "2.5.32")
    page.keyboard.press("Enter")
    state = wait_for_highlight(page, "r2-5-32")
    assert urlparse(page.url).path == "/rules/2-5-characters-companies/"
    assert state["marked"] and 0 <= state["top"] < state["height"]


def test_only_the_rule_searched_for_stays_highlighted_after_instant_navigation(open_page):
    page = open_page("rules/1-7-combat/#r1-7-25")      # a full load: the browser's :target
    page.wait_for_function("document.getElementById('r1-7-25').classList.contains('rule--target')")
    open_search(page)
    ask(page, "1.7.30")
    wait_for_first_result(page, "r1-7-30")
    page.locator(RESULT_LINKS).first.click()           # the same page, by instant navigation
    state = wait_for_highlight(page, "r1-7-30")
    assert state["marked"] and state["shadow"] != "none"
    before = page.evaluate(HIGHLIGHT_JS, "r1-7-25")
    assert not before["marked"] and before["shadow"] == "none" and before["background"] == "rgba(0, 0, 0, 0)"
    ask_from_header = page.locator(".md-search__input")
    ask_from_header.click()
    ask(page, "SBG-A.1.3")
    wait_for_first_result(page, "rsbg-a-1-3")
    page.locator(RESULT_LINKS).first.click()           # another page
    assert wait_for_highlight(page, "rsbg-a-1-3")["marked"]
    assert page.evaluate("document.querySelectorAll('.rule--target').length") == 1


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


def test_on_a_phone_results_fit_the_screen_and_are_thumb_sized(open_page):
    page = open_page("rules/1-7-combat/", **PHONE)
    open_search(page, phone=True)
    ask(page, "what happens when the strike and the prowess are a tie")   # long rule texts and locations
    boxes = page.evaluate(LAYOUT_JS, RESULT_LINKS)
    assert len(boxes) >= 3
    for box in boxes:
        assert box["left"] >= 0 and box["right"] <= box["width"], box
        assert box["overflow"] <= 0 and box["pageOverflow"] <= 0, box
        assert box["height"] >= 44, box      # a thumb-sized target
    page.screenshot(path=str(ARTIFACTS / "search-phone-long-question.png"))


def test_the_keyboard_alone_finds_and_opens_a_rule(open_page):
    page = open_page("glossary/")
    page.keyboard.press("/")                             # Material's shortcut to the search box
    page.wait_for_function(SEARCH_READY)
    assert page.evaluate("document.activeElement.classList.contains('md-search__input')")
    _, links = ask(page, "tie strike prowess")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")                     # the second result (an example of a tie)
    assert page.evaluate("document.activeElement.href") == links[1]
    assert urlparse(links[1]).fragment == "r1-7-45"
    page.keyboard.press("Enter")
    assert wait_for_highlight(page, "r1-7-45")["marked"]
    assert urlparse(page.url).path == "/rules/1-7-combat/"


def index_fetches(page) -> int:
    entries = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    return sum("search_index.json" in url for url in entries)


def test_the_index_is_fetched_when_the_reader_first_goes_to_the_search_box(open_page):
    """Not as the page loads: a first visit to a calculator shares the network with its engine."""
    page = open_page("rules/1-7-combat/", **PHONE)
    page.in_flight.wait_until_quiet()
    assert index_fetches(page) == 0
    open_search(page, phone=True)
    ask(page, "tie strike prowess")
    assert index_fetches(page) == 1


ALL_TEN_SHOWN_JS = """(() => {
  const count = parseInt(document.querySelector('.md-search-result__meta').textContent, 10) || 0;
  return document.querySelectorAll('.md-search-result__item').length === Math.min(count, 10);
})()"""


def test_results_follow_the_character_and_match_materials_own_list(open_page):
    """Material asks its worker on keyup; the page ranks the text itself as it changes and shows
    the list at once, in Material's markup: Material's answer on keyup renders the same list, to
    the byte. The page takes the index Material fetched, not a second copy."""
    page = open_page("")
    open_search(page)
    page.fill(".md-search__input", "1.7.2")
    page.wait_for_function("document.querySelector('.md-search-result__list a')?.href.endsWith('#r1-7-2')")
    page.keyboard.down("5")
    page.wait_for_function("document.querySelector('.md-search-result__list a')?.href.endsWith('#r1-7-25')")
    page.wait_for_function(ALL_TEN_SHOWN_JS)            # the first results come at once, the rest a frame later
    shown_by_page = page.evaluate("""() => {
      window.__firstResult = document.querySelector('.md-search-result__item');
      return document.querySelector('.md-search-result').innerHTML;
    }""")
    page.keyboard.up("5")
    page.wait_for_function("document.querySelector('.md-search-result__item') !== window.__firstResult")
    assert page.inner_html(".md-search-result") == shown_by_page
    assert index_fetches(page) == 1
