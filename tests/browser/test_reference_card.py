"""The turn summary reference card prints from Chromium, with no settings changed, on at
most two pages of A4 and of US Letter, readable in black and white, with every phase and every
cited rule number in the printed text; on screen it is a compact page for a phone held sideways.

The PDFs, and PNG renderings of their pages where poppler's pdftoppm is installed, are written
to test-results/ (card-a4.pdf, card-a4-1.png, ...)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.support.browser import PHONE, wait_until_still
from tests.support.site import ARTIFACTS

PT = 96 / 72  # CSS pixels per point
LANDSCAPE_PHONE = {
    "viewport": {"width": 844, "height": 390},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_card_prints_on_one_sheet_with_every_phase_and_rule(open_page, turn_phases, paper):
    page = open_page("turn-summary-card/")
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = ARTIFACTS / f"card-{paper.lower()}.pdf"
    page.pdf(path=str(pdf), format=paper)  # Chromium's own print path, page size as chosen
    reader = PdfReader(pdf)
    assert 1 <= len(reader.pages) <= 2, f"{paper}: {len(reader.pages)} pages"
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    for phase in turn_phases:
        assert phase.name in text, (paper, phase.name)
        for step in phase.steps:
            for rule_id in step.rules:
                assert re.search(rf"(?<![\d.]){re.escape(rule_id)}(?![\d.])", text), (paper, rule_id)
    if shutil.which("pdftoppm"):
        for stale in ARTIFACTS.glob(f"card-{paper.lower()}-*.png"):  # a page the card no longer has
            stale.unlink()
        subprocess.run(
            ["pdftoppm", "-r", "110", "-png", str(pdf), str(ARTIFACTS / f"card-{paper.lower()}")], check=True
        )


READABILITY_JS = """() => {
  const card = document.querySelector('.ref-card');
  const all = sel => [...card.querySelectorAll(sel)];
  const size = el => parseFloat(getComputedStyle(el).fontSize);
  const badge = card.querySelector('.std-badge');
  return {
    text: Math.min(...all('.ref-card__text, .ref-card__who, .ref-card__legend').map(size)),
    rules: Math.min(...all('.ref-card__rules a').map(size)),
    colours: [...new Set(all('.ref-card__text, .ref-card__who, .ref-card__rules a, .ref-card__phase-name, .std-badge')
                         .map(el => getComputedStyle(el).color))],
    badgeBorder: getComputedStyle(badge).borderTopStyle + ' ' + getComputedStyle(badge).borderTopColor,
    badgeText: badge.textContent,
    glossary: card.querySelectorAll('abbr').length,
    chrome: ['.md-header', '.md-sidebar--primary', '.md-footer', '.md-content__button']
      .map(sel => document.querySelector(sel)).filter(el => el && getComputedStyle(el).display !== 'none').length,
  };
}"""


def test_the_printed_card_is_readable_in_black_and_white(open_page):
    page = open_page("turn-summary-card/")
    page.emulate_media(media="print")
    wait_until_still(page)
    found = page.evaluate(READABILITY_JS)
    assert found["text"] >= 8 * PT - 0.01, found
    assert found["rules"] >= 6.5 * PT - 0.01, found
    assert found["colours"] == ["rgb(0, 0, 0)"], found  # no meaning carried by colour
    assert found["badgeBorder"] == "solid rgb(0, 0, 0)" and found["badgeText"] == "Standard", found
    assert found["glossary"] == 0 and found["chrome"] == 0, found


def test_the_card_on_a_phone_held_sideways(open_page, turn_phases):
    page = open_page("turn-summary-card/", **LANDSCAPE_PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= 844, "the card scrolls sideways"
    assert page.locator(".ref-card__step").count() == sum(len(p.steps) for p in turn_phases)
    assert page.locator(".ref-card__phase").count() == len(turn_phases)
    link = page.locator(".ref-card__rules a.rule-ref").first
    box = link.bounding_box()
    assert box["height"] >= 8 and box["x"] >= 0 and box["x"] + box["width"] <= 844
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "card-phone-landscape.png"))
    link.tap()
    page.wait_for_url(re.compile(r"/rules/.+#r\d+-\d+-\d+$"))


def test_the_card_is_linked_from_the_home_page_and_the_turn_summary(open_page):
    for path in ("", "turn-summary/"):
        page = open_page(path)
        assert page.locator('article a[href$="turn-summary-card/"]').count() >= 1, path


# Records each call of window.print through a binding Playwright provides (and counts it, for the
# test to wait on), then prints as before: the page's own print is still what runs.
RECORD_PRINT_JS = """(() => {
  const print = window.print;
  window.print = function () {
    window.printCalled();
    window.printCalls = (window.printCalls || 0) + 1;
    return print.apply(this, arguments);
  };
})();"""


@pytest.mark.parametrize(
    "path, name", [("turn-summary-card/", "Print the card"), ("turn-summary-print/", "Print the summary")]
)
def test_a_phone_prints_the_card_or_the_printable_summary_with_one_tap_on_its_print_button(open_page, path, name):
    page = open_page(None, **PHONE)
    calls = []
    page.expose_binding("printCalled", lambda source: calls.append(source["page"].url))
    page.add_init_script(RECORD_PRINT_JS)
    page.goto(f"{page.guard.origin}/{path}")
    button = page.get_by_role("button", name=name)
    expect(button).to_be_visible()
    box = button.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    button.tap()
    page.wait_for_function("window.printCalls === 1")
    assert calls == [page.url]
    page.emulate_media(media="print")
    expect(button).to_be_hidden()  # the button is not on the printed card
