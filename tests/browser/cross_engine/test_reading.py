"""Reading the rules in each engine: a rule link lands on the rule, its number copies the citation,
a glossary term opens its card and the card closes, search finds a rule by its number."""

from __future__ import annotations

import json
from functools import cache
from urllib.parse import urlparse

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from build_scripts.glossary.terms import load_terms
from tests.browser.cross_engine import hooks
from tests.browser.cross_engine.firefox import FirefoxPage
from tests.browser.cross_engine.pages import (
    NotInAutomation,
    clipboard_text,
    problems_since_last_asked,
    wait_until_reported,
)
from tests.browser.cross_engine.scenario_steps import (
    type_the_rule_number_into_search,
    wait_until_in_view,
)
from tests.support.browser import assert_landed_on
from tests.support.site import BROWSER_SITE, ROOT, normalise

# The copy message shows for a moment only: keep what it said, however long the test takes to look,
# and count the clicks that reached a rule number.
RECORD_MESSAGES_JS = """() => {
  window.__ruleNumberClicks = 0;
  document.addEventListener('click', event => {
    if (event.target.closest && event.target.closest('a.rule-num')) window.__ruleNumberClicks += 1;
  }, true);
  new MutationObserver(() => {
    const area = document.getElementById('site-messages');
    if (area && area.dataset.message === 'rule-copied') window.__saidOnCopy = area.textContent;
  }).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
}"""


@cache
def rule(rule_id: str) -> dict:
    return next(
        r for r in json.loads((BROWSER_SITE / "rules.json").read_text(encoding="utf-8"))["rules"] if r["id"] == rule_id
    )


@cache
def definition(term_id: str) -> str:
    return next(t.definition for t in load_terms(ROOT / "sources") if t.id == term_id)


def test_the_engine_reports_console_errors(engine_page, origin):
    """The guard that every test ends with is alive in this engine: a failed request and an
    uncaught error are reported (Firefox's cancelled loads aside, firefox.py)."""
    page = engine_page("")
    try:
        problems_since_last_asked(page)
    except NotInAutomation as reason:
        pytest.skip(str(reason))
    page.evaluate("url => fetch(url).then(r => r.status)", f"{origin}/no-such-page/")
    wait_until_reported(page, "HTTP 404", "response")
    page.evaluate("setTimeout(() => { throw new Error('thrown by the guard check'); })")
    wait_until_reported(page, "thrown by the guard check", "pageerror")
    problems = problems_since_last_asked(page)
    assert any("404" in problem for problem in problems), problems
    assert any("thrown by the guard check" in problem for problem in problems), problems


# Two ways a page makes a button hard to click for 0.4 s, its taps counted in window.__taps:
# replaced with a new one every few milliseconds, as a result list is re-rendered while results
# come in; or without a box (display: none), as a list being laid out. A tap counts as it presses:
# a button replaced between the press and the release gets no click event, from a finger either
# (once in a full run, Firefox's press and release fell either side of a swap).
TAP_COUNTING_BUTTON_JS = """() => {
  const button = document.createElement("button");
  button.id = "hard-to-click";
  button.textContent = "Tap";
  button.addEventListener("pointerdown", () => { window.__taps += 1; });
  return button;
}"""
HARD_TO_CLICK_JS = {
    "replaced": f"""() => {{
  window.__taps = 0;
  const make = {TAP_COUNTING_BUTTON_JS};
  document.body.prepend(make());
  const until = performance.now() + 400;
  const swap = () => {{
    document.getElementById("hard-to-click").replaceWith(make());
    if (performance.now() < until) setTimeout(swap, 0);
  }};
  swap();
}}""",
    "without-a-box": f"""() => {{
  window.__taps = 0;
  const button = ({TAP_COUNTING_BUTTON_JS})();
  button.style.display = "none";
  document.body.prepend(button);
  setTimeout(() => {{ button.style.display = ""; }}, 400);
}}""",
}


@pytest.mark.parametrize("how", sorted(HARD_TO_CLICK_JS))
def test_an_element_is_clicked_once_the_page_lets_it_be(engine_page, how):
    """The driver's click finds the element again when the page replaced it between finding and
    clicking, and waits for it to be laid out, as Playwright does (Firefox's bridge failed with
    "Node is detached", and in a full run with "Node is either not clickable or not an Element"
    on a search result)."""
    page = engine_page("")
    page.evaluate(HARD_TO_CLICK_JS[how])
    page.click("#hard-to-click")
    assert page.evaluate("window.__taps") == 1


def test_a_rule_link_opens_the_page_at_the_rule(engine_page):
    entry = rule(hooks.RULE_ID)
    page = engine_page(entry["url"])
    anchor = urlparse(entry["url"]).fragment
    assert anchor == hooks.RULE_ANCHOR
    wait_until_in_view(page, anchor)
    shown = page.eval_on_selector(f"[id='{anchor}']", "el => el.textContent")
    assert normalise(entry["text"]) in normalise(shown)


MESSAGE_AREA_JS = """() => {
  const area = document.getElementById('site-messages');
  return area && {hidden: area.hidden, message: area.dataset.message || null, text: area.textContent};
}"""


def click_the_rule_number(page) -> None:
    """Click the rule number; the page must see that one click."""
    page.click(hooks.RULE_NUMBER)
    try:
        page.wait_for_function("window.__ruleNumberClicks > 0")
    except (TimeoutError, PlaywrightTimeoutError):
        raise AssertionError(f"{page.engine}: the click on the rule number never reached the page") from None


def test_the_rule_number_copies_a_citation_linking_to_the_rule(engine_page, origin):
    page = engine_page(hooks.RULE_PAGE)
    page.evaluate(RECORD_MESSAGES_JS)
    click_the_rule_number(page)
    # The page says when the copy is done (or refused); on a busy machine that can take seconds.
    try:
        page.wait_for_function("window.__saidOnCopy")
    except (TimeoutError, PlaywrightTimeoutError):
        raise AssertionError(
            "the click reached the rule number but the page announced no copy, "
            f"message area: {page.evaluate(MESSAGE_AREA_JS)}"
        ) from None
    said = page.evaluate("window.__saidOnCopy")
    assert said.startswith("Copied: "), f"the page could not copy and showed the citation instead: {said}"
    try:
        copied = clipboard_text(page)  # the page says "Copied" once the clipboard holds it
    except NotInAutomation as reason:
        pytest.skip(str(reason))
    assert copied.startswith(f"MELE {hooks.RULE_ID}"), copied
    assert copied.endswith(f"{origin}/{hooks.RULE_PAGE}#{hooks.RULE_ANCHOR}"), copied


# tests.support.site.normalise in the page: the body's lower-case words, for a card whose text WebKit
# may lay out after its links.
PAGE_HAS_WORDS_JS = (
    "(words) => (document.body.innerText.toLowerCase().match(/[\\p{L}\\p{N}]+/gu) || []).join(' ').includes(words)"
)


# What the page looks like when a click on a term opened no card,
# or when an open card is gone (once in WebKit, in a full run, just after its words had shown).
CARD_STATE_JS = """selector => {
  const mark = document.querySelector(selector), box = mark.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return {mode: document.documentElement.dataset.gloss, role: mark.getAttribute("role"),
          expanded: mark.getAttribute("aria-expanded"), card: Boolean(document.getElementById("gloss-card")),
          box: [box.top, box.left, box.width, box.height], hit: hit && hit.outerHTML.slice(0, 80),
          ready: document.readyState};
}"""


def tap_and_wait_for_the_card(page, card_opened_js: str) -> None:
    """Tap the term once glossary.js has set up the page's marks; the card must open, with its link."""
    page.wait_for_function(f"document.querySelector({hooks.GLOSSARY_TERM!r}).getAttribute('role') === 'button'")
    page.click(hooks.GLOSSARY_TERM)
    try:
        page.wait_for_function(card_opened_js)
    except (TimeoutError, PlaywrightTimeoutError):
        raise AssertionError(
            f"{page.engine}: a click on a glossary term opened no card; page: "
            f"{page.evaluate(CARD_STATE_JS, hooks.GLOSSARY_TERM)}"
        ) from None


def test_a_glossary_term_opens_its_card_which_then_closes(engine_page):
    page = engine_page(hooks.RULE_PAGE)
    term = page.get_attribute(hooks.GLOSSARY_TERM, "data-term")
    first_words = " ".join(normalise(definition(term)).split()[:8])
    entry_links = f"({hooks.VISIBLE_ENTRY_LINKS_JS})({json.dumps(term)})"
    links_before = page.evaluate(entry_links)

    def card_open() -> bool:
        return page.evaluate(entry_links) > links_before and first_words in normalise(
            page.evaluate("document.body.innerText")
        )

    # The first tap also fetches the glossary's definitions: on a loaded 2-core machine that can take
    # several seconds in WebKit, so the waits are generous (a card that never opens still fails).
    for close in ("click outside", "Escape"):
        tap_and_wait_for_the_card(page, f"{entry_links} > {links_before}")
        page.wait_for_function(PAGE_HAS_WORDS_JS, first_words)  # text after links
        assert card_open(), (
            f"{term}: no card with the definition ({first_words}...); entry links "
            f"{page.evaluate(entry_links)} (before: {links_before}), page: "
            f"{page.evaluate(CARD_STATE_JS, hooks.GLOSSARY_TERM)}"
        )
        if close == "Escape":
            page.keyboard.press("Escape")
        else:
            page.click(hooks.OUTSIDE_ANY_TERM)
        page.wait_for_function(f"{entry_links} === {links_before}")


def test_search_finds_a_rule_by_its_number_and_its_result_lands_on_it(engine_page):
    page = engine_page("")
    page.click(hooks.SEARCH_QUERY)
    page.click(type_the_rule_number_into_search(page))
    assert_landed_on(page, hooks.RULE_ANCHOR)


def test_firefox_leaves_out_a_cancelled_load_and_counts_every_other_problem():
    page = object.__new__(FirefoxPage)  # no browser: the bridge's answer is given
    page._call = lambda op, **_: {
        "consoleErrors": [
            "uncaught: NS_BINDING_ABORTED:  (on http://127.0.0.1/)",
            "uncaught: TypeError: x is undefined (on http://127.0.0.1/)",
        ],
        "requests": ["http://127.0.0.1/a.js", "https://cdn.example/b.js"],
    }
    problems = page.problems()
    assert problems == [
        "uncaught: TypeError: x is undefined (on http://127.0.0.1/)",
        "request left 127.0.0.1: https://cdn.example/b.js",
    ]
