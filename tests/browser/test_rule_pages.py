"""The rulebook's pages at the table: a tapped rule number copies its citation,
search finds a rule by its number and by its words, a corrected word shows the
source's text (glossary cards: test_glossary_cards.py). No console errors and no
request leaving 127.0.0.1 (the open_page fixture checks every page a test opens)."""

from __future__ import annotations

import re
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from calculators import __version__
from tests.support.browser import COMBAT, PHONE, SBG_ADVANCED, assert_landed_on, open_phone_page


@pytest.mark.both_generators
def test_tapping_a_rule_number_copies_its_citation(open_page, origin):
    page = open_page(None, **PHONE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
    page.clock.install()  # "nothing replaces the address" is checked over the page's next second
    page.goto(f"{origin}/{COMBAT}")
    number = page.locator("a.rule-num[data-cite='MELE 1.7.24']")  # instant navigation makes hrefs absolute
    number.scroll_into_view_if_needed()
    number.tap()
    toast = page.locator("#site-messages[data-message='rule-copied']")
    toast.wait_for(state="visible")
    citation = f"MELE 1.7.24, reference {__version__} — {origin}/{COMBAT}#r1-7-24"
    assert toast.inner_text() == f"Copied: {citation}"
    assert page.evaluate("navigator.clipboard.readText()") == citation
    assert urlparse(page.url).fragment == "r1-7-24"
    page.clock.run_for(1000)
    assert urlparse(page.url).fragment == "r1-7-24", "something replaced the rule's address"


@pytest.mark.both_generators
def test_a_citation_link_opened_on_a_phone_lands_on_its_rule(open_page):
    """The link a copied citation carries, opened as a new page: the rule in view and highlighted,
    and it stays there while the page settles."""
    page = open_page(f"{COMBAT}#r1-7-25", **PHONE)
    assert_landed_on(page, "r1-7-25")
    expect(page.locator("#r1-7-25")).to_have_class(re.compile(r"\brule--target\b"))


def test_tapping_a_corrected_word_shows_the_source_text(open_page):
    page = open_phone_page(open_page, "rules/1-1-the-victory-conditions/")
    erratum = page.locator("ins.erratum").first
    original = erratum.get_attribute("data-original")
    after = "el => getComputedStyle(el, '::after').content"
    assert erratum.evaluate(after) == "none"
    erratum.tap()
    assert "erratum--open" in erratum.get_attribute("class")
    assert original in erratum.evaluate(after)


@pytest.mark.parametrize(
    "path",
    [
        COMBAT,
        SBG_ADVANCED,
        "rules/sbg-boats-article/",
        "glossary/",
        "sbg/glossary/",
        "rules/errata-and-coverage/",
        "turn-summary/",
    ],
)
def test_rule_pages_load_without_errors_or_outside_requests(open_page, path):
    page = open_page(path)
    page.in_flight.wait_until_loaded()
    assert page.locator("article").count() == 1
    assert not page.guard.external, page.guard.external
    assert not page.guard.console_errors, page.guard.console_errors


LEAVE_THE_MACHINE_JS = """async url => {
  try { await fetch(url, {mode: "no-cors"}); return "answered"; } catch { return "failed"; }
}"""


@pytest.mark.parametrize("service_worker", [False, True], ids=["listened", "routed"])
def test_the_guard_names_a_request_that_would_leave_the_machine_and_it_fails(open_page, service_worker):
    """The net under every browser test, both ways it is attached (tests/support/browser.py: Guard).
    The page's Content-Security-Policy would refuse the request before the network sees it, so
    this page is opened without it."""
    page = open_page(COMBAT, service_worker=service_worker, bypass_csp=True)
    assert page.evaluate(LEAVE_THE_MACHINE_JS, "http://example.org/outside") == "failed"
    assert page.guard.external == ["http://example.org/outside"]
    assert [error.split(": ")[0] for error in page.guard.console_errors] == ["Failed to load resource"]
    page.guard.external.clear()  # what this test asked for, not a fault of the page
    page.guard.console_errors.clear()


def test_an_address_with_a_malformed_anchor_still_opens_the_page(open_page):
    """An anchor typed or pasted by hand with a broken %-escape names no rule; the page still
    works (no uncaught URIError from the highlight script) and still highlights a rule followed."""
    page = open_page(COMBAT + "#r1-7-%E0%A4%A")
    page.in_flight.wait_until_loaded()
    assert page.locator(".rule--target").count() == 0
    page.evaluate("location.hash = '#r1-7-25'")
    expect(page.locator("#r1-7-25")).to_have_class(re.compile(r"\brule--target\b"))


def test_a_defining_rule_leads_a_thumb_to_the_term_s_glossary_entry(open_page):
    """1.7.36 defines "detainment attack": the term is marked there, though not its first mention on
    the page, and its card leads to the entry; no "Glossary:" line repeats it."""
    page = open_phone_page(open_page, COMBAT)
    expect(page.locator("#r1-7-36 .glossary-here")).to_have_count(0)
    mark = page.locator("#r1-7-36 abbr.gloss--defines[data-term='detainment-attack'][tabindex]")
    mark.scroll_into_view_if_needed()
    mark.tap()
    more = page.locator("#gloss-card .gloss-card__more")
    box = more.bounding_box()
    assert box["height"] >= 24 and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    more.tap()
    page.wait_for_url("**/glossary/#g-detainment-attack")
    expect(page.locator("#g-detainment-attack")).to_be_in_viewport()


NOTE_SIZES_JS = """() => {
  const size = selector => getComputedStyle(document.querySelector(selector)).fontSize;
  return {rule: size('.rule.rule--paragraph > p'), note: size('.rule.admonition.note > p:not(.admonition-title)'),
          clarification: size('.rule.admonition.info > p:not(.admonition-title)')};
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_notes_and_clarifications_read_at_the_size_of_the_rules(open_page, scheme):
    """A note has a number: it is a rule, and reads as one."""
    page = open_page(COMBAT, color_scheme=scheme, **PHONE)
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate" if scheme == "dark" else "default")
    sizes = page.evaluate(NOTE_SIZES_JS)
    assert sizes["note"] == sizes["rule"] == sizes["clarification"], sizes


# Each fold's summary: what stands before its words (Material's icon, a pencil, if any).
SUMMARY_ICONS_JS = """() => [...document.querySelectorAll('article details > summary')].map((summary) => {
  const before = getComputedStyle(summary, '::before');
  return {summary: summary.textContent.trim().slice(0, 40), content: before.content, mask: before.maskImage};
})"""


@pytest.mark.parametrize("path", ["glossary/", "turn-summary/", "sbg/glossary/", "calculators/strike/"])
def test_a_fold_shows_no_pencil_that_reads_as_edit(open_page, path):
    page = open_phone_page(open_page, path)
    folds = page.evaluate(SUMMARY_ICONS_JS)
    assert folds, path
    assert all(fold["content"] == "none" for fold in folds), [f for f in folds if f["content"] != "none"][:3]
