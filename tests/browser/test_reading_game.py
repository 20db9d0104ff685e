"""Reading as the Starter or the Standard game, on a 390-px phone: the Standard line on a Starter
rule opens the Standard rule in view (even when reading as the Starter game folds it away), each
line is a 44-px tap target, the header's setting changes the turn summary and survives a reload
and going offline, and a ruling's link carries its game; the comparison page prints on two pages. Phone screenshots of a changed Starter
rule in both readings are written to test-results/ (reading-standard.png, reading-starter.png)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from build_scripts import paths
from build_scripts.model.load import load_rulebook
from build_scripts.standard_game.changes import CHANGES_FILE, load_standard_map
from tests.support.browser import PHONE
from tests.support.offline import go_offline, wait_until_saved
from tests.support.page_hooks import hooked
from tests.support.site import ARTIFACTS

COMPANIES = "rules/1-5-characters-companies/"
TURN_SUMMARY = "turn-summary/"
TAP_PX = 44
COLOUR_JS = "getComputedStyle(document.querySelector('#r1-5-43 > p')).color"
STANDARD_STEPS_SHOWN_JS = """() => [...document.querySelectorAll('details.phase li')]
  .filter(li => li.querySelector(':scope > p > .std-badge') && li.getClientRects().length).length"""


def reading_as(page, game: str) -> None:
    """Choose the game with the header's switch, as a reader does."""
    switch = page.locator("#reading-as")
    if page.evaluate("document.documentElement.dataset.game") != game:
        switch.click()
    expect(page.locator("html")).to_have_attribute("data-game", game)
    expect(switch).to_have_attribute(
        "aria-label",
        f"Reading: {game.title()} game. Switch to the {'Starter' if game == 'standard' else 'Standard'} game.",
    )


def phone_shot(page, rule: str, name: str) -> None:
    """The rule in the middle of the phone's screen, the switch's message and Material's "Back to top"
    (shown after a scroll up, over the header) out of the way."""
    page.evaluate(hooked("hooks.clearMessage('reading-as')"))
    page.locator(rule).evaluate("el => { el.scrollIntoView({block: 'center'}); window.scrollBy(0, 1); }")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), animations="disabled", style=".md-top { visibility: hidden; }")


# The switch as a phone shows it: its words, whether any is cut, its box, the header's bar.
SWITCH_JS = """() => {
  const button = document.getElementById("reading-as");
  const shown = button.getClientRects().length > 0;
  const box = button.getBoundingClientRect();
  const parts = [...button.querySelectorAll("span")].filter((part) => part.getClientRects().length);
  const cut = (part) => part.scrollWidth > part.clientWidth + 1
    || part.getBoundingClientRect().left < box.left - 0.5 || part.getBoundingClientRect().right > box.right + 0.5;
  return {shown, text: parts.map((part) => part.textContent.trim()).join(" "), cut: parts.some(cut),
          box: box.toJSON(), bar: document.querySelector(".md-header").getBoundingClientRect().toJSON()};
}"""
SBG_PAGES = [
    "sbg/",
    "rules/sbg-advanced-rules/",
    "rules/sbg-boats-article/",
    "sbg/edition-differences/",
    "sbg/glossary/",
    "calculators/swim/",
]


def test_on_a_phone_the_switch_says_what_it_is(open_page):
    page = open_page(COMPANIES, **PHONE)
    for game, name in (("standard", "Standard game"), ("starter", "Starter game")):
        reading_as(page, game)
        switch = page.evaluate(SWITCH_JS)
        assert switch["shown"] and switch["text"] == f"Reading: {name}", switch
        assert not switch["cut"], f"the switch's words are cut: {switch}"
        assert switch["box"]["height"] >= TAP_PX and switch["box"]["bottom"] <= switch["bar"]["bottom"], switch
        assert page.get_attribute("#reading-as", "aria-label").startswith(f"Reading: {name}.")


def test_the_switch_is_absent_from_the_strategy_battle_game_pages(open_page):
    page = open_page(COMPANIES, **PHONE)
    for path in SBG_PAGES:
        page.goto(f"{page.guard.origin}/{path}")
        assert not page.evaluate(SWITCH_JS)["shown"], f"{path}: the reading switch changes nothing there"
    # Instant navigation keeps the header: the switch goes and comes back with the page.
    page.goto(f"{page.guard.origin}/{COMPANIES}")
    assert page.evaluate(SWITCH_JS)["shown"]
    page.locator(".md-footer a[href$='/sbg/'], .md-nav a[href$='/sbg/']").first.dispatch_event("click")
    page.wait_for_url("**/sbg/")
    expect(page.locator("#reading-as")).to_be_hidden()
    page.go_back()
    page.wait_for_url(f"**/{COMPANIES}")
    expect(page.locator("#reading-as")).to_be_visible()


def test_the_standard_line_on_a_starter_rule_opens_the_standard_rule_in_view(open_page, origin):
    page = open_page(f"{COMPANIES}#r1-5-41", **PHONE)
    reading_as(page, "starter")
    line = page.locator("#r1-5-41 .std-game a", has_text="2.5.2 — Orc scouts count half")
    box = line.bounding_box()
    assert box["height"] >= TAP_PX, box
    line.click()
    expect(page).to_have_url(f"{origin}/rules/2-5-characters-companies/#r2-5-2")
    target = page.locator("#r2-5-2")
    expect(target).to_be_visible()  # its fold opened for the link
    expect(target).to_be_in_viewport()
    expect(page.locator("#r2-5-2 .std-game a", has_text="1.5.41 (adds to)")).to_be_visible()
    # The rest of the page's Standard rules stay folded under their headings.
    expect(page.locator("#r2-5-34")).to_be_hidden()
    expect(page.locator("button.std-fold__button", has_text="2.5.34")).to_have_attribute("aria-expanded", "false")


def test_every_standard_line_is_a_tap_target_and_keeps_the_rule_number(open_page):
    page = open_page(COMPANIES, **PHONE)
    heights = page.evaluate(
        "() => [...document.querySelectorAll('.std-game a')].map(a => a.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= TAP_PX, min(heights)
    # The number stays the rule's first child and its anchor the rule's id (the golden ids test has the rest).
    assert page.evaluate("document.querySelector('#r1-5-41 > a.rule-num').href").endswith(
        "/rules/1-5-characters-companies/#r1-5-41"
    )


@pytest.mark.both_generators
def test_reading_as_the_standard_game_dims_a_replaced_rule_and_quotes_its_replacement(open_page):
    page = open_page(f"{COMPANIES}#r1-5-43", **PHONE)
    reading_as(page, "standard")
    quote = page.locator("#r1-5-43 .std-game blockquote", has_text="2.5.28 reads instead")
    expect(quote).to_be_visible()
    dimmed = page.evaluate(COLOUR_JS)
    assert dimmed != page.evaluate(COLOUR_JS.replace("1-5-43", "1-5-44"))
    phone_shot(page, "#r1-5-43", "reading-standard.png")
    reading_as(page, "starter")
    expect(quote).to_be_hidden()
    assert page.evaluate(COLOUR_JS) != dimmed
    phone_shot(page, "#r1-5-43", "reading-starter.png")


@pytest.mark.both_generators
def test_the_setting_changes_the_turn_summary_and_survives_a_reload_and_going_offline(open_page):
    page = open_page(TURN_SUMMARY, service_worker=True, **PHONE)
    page.locator("details.phase").evaluate_all("phases => phases.forEach(p => p.open = true)")
    shown = page.evaluate(STANDARD_STEPS_SHOWN_JS)
    assert shown >= 10, shown  # the Standard game, until the reader chooses
    reading_as(page, "starter")
    assert page.evaluate(STANDARD_STEPS_SHOWN_JS) == 0
    expect(page.locator(".game-note", has_text="Standard steps are hidden")).to_be_visible()
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-game", "starter")
    page.locator("details.phase").evaluate_all("phases => phases.forEach(p => p.open = true)")
    assert page.evaluate(STANDARD_STEPS_SHOWN_JS) == 0
    wait_until_saved(page)
    go_offline(page)
    page.goto(f"{page.guard.origin}/{COMPANIES}")
    expect(page.locator("#reading-as .reading-as__game--starter")).to_be_visible()
    expect(page.locator("#r1-5-38")).to_be_hidden()  # a Part I note on the Standard Rules, folded away
    expect(page.locator("button.std-fold__button", has_text="1.5.38")).to_be_visible()
    page.goto(f"{page.guard.origin}/{TURN_SUMMARY}")
    page.locator("details.phase").evaluate_all("phases => phases.forEach(p => p.open = true)")
    assert page.evaluate(STANDARD_STEPS_SHOWN_JS) == 0
    page.locator(".game-note button", has_text="Read as the Standard game").click()
    expect(page.locator("html")).to_have_attribute("data-game", "standard")
    assert page.evaluate(STANDARD_STEPS_SHOWN_JS) == shown


def test_a_ruling_link_carries_the_game_and_opens_in_it(open_page, origin):
    page = open_page(f"{COMPANIES}#r1-5-43", **PHONE)
    reading_as(page, "standard")
    page.locator("#r1-5-43 button.rule-add").click()
    page.goto(f"{origin}/ruling/")
    expect(page).to_have_url(f"{origin}/ruling/?r=1.5.43&g=standard")
    card = page.locator("#ruling .ruling-rule[data-rule='1.5.43']")
    expect(card.locator(".ruling-rule__standard--replaced")).to_contain_text("2.5.28")
    expect(page.locator(".ruling-game")).to_contain_text("For the Standard game")
    reading_as(page, "starter")  # the ruling follows the reading, and so does its link
    expect(page).to_have_url(f"{origin}/ruling/?r=1.5.43&g=starter")
    expect(card.locator(".ruling-rule__standard--replaced")).to_have_count(0)
    expect(card.locator(".ruling-rule__standard")).to_contain_text("2.5.28")

    shared = open_page(None, **PHONE)  # a fresh phone, reading as the Standard game
    shared.goto(f"{origin}/ruling/?r=1.5.43,2.5.2&g=starter")
    expect(shared.locator("html")).to_have_attribute("data-game", "starter")
    expect(shared.locator(".ruling-game")).to_contain_text("For the Starter game")
    expect(shared.locator("#site-messages")).to_contain_text("the game this ruling was made for")
    expect(shared.locator(".ruling-rule[data-rule='2.5.2'] .ruling-rule__standard")).to_contain_text(
        "not part of the Starter game"
    )


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_comparison_page_prints_on_at_most_two_pages_with_every_change(open_page, paper):
    page = open_page("rules/standard-game-changes/")
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = ARTIFACTS / f"standard-changes-{paper.lower()}.pdf"
    page.pdf(path=str(pdf), format=paper)
    reader = PdfReader(pdf)
    assert 1 <= len(reader.pages) <= 2, f"{paper}: {len(reader.pages)} pages"
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    rules = {b.id: b.text for b in load_rulebook().document.blocks}
    standard_map = load_standard_map(paths.SOURCES / CHANGES_FILE, rules)
    for entry in standard_map.entries.values():
        if entry.kind in ("changes", "new"):
            shown = [entry.rule] + [link.starter for link in entry.links if link.how != "note"]
            for rule_id in shown:
                assert re.search(rf"(?<![\d.]){re.escape(rule_id)}(?![\d.])", text), (paper, entry.rule, rule_id)


ROW_SIDES_JS = """() => [...document.querySelectorAll('.std-compare__row')].map((row) => {
  const [starter, standard] = [...row.children].map((side) => side.getBoundingClientRect());
  return {starter: [starter.left, starter.top, starter.right], standard: [standard.left, standard.top, standard.right],
    how: row.querySelector('.std-compare__how')?.textContent};
})"""


def test_on_a_phone_the_comparison_rows_stand_side_by_side_and_say_whose_change_it_is(open_page):
    page = open_page("rules/standard-game-changes/", **PHONE)
    rows = page.evaluate(ROW_SIDES_JS)
    assert len(rows) > 20
    for row in rows:
        (s_left, s_top, s_right), (t_left, t_top, t_right) = row["starter"], row["standard"]
        assert s_left >= 0 and s_top == t_top and s_right <= t_left and t_right <= 390, row
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The Standard rule comes first, then what it does to which Starter rule.
    expect(
        page.locator(".std-compare__standard", has=page.locator("a.rule-ref", has_text="2.1.8")).first
    ).to_contain_text("2.1.8 adds to 1.1.14:")


def test_a_glossary_card_names_the_standard_rules_that_change_its_term(open_page, origin):
    page = open_page("rules/1-7-combat/#r1-7-46", **PHONE)
    page.locator("#r1-7-46 abbr.gloss[data-term='kill-points']").first.tap()
    card = page.locator("#gloss-card .gloss-card__standard")
    expect(card).to_contain_text("Standard game: 2.7.5 — a creature with an * may be kept as a trophy")
    card.locator("a").click()
    expect(page).to_have_url(f"{origin}/rules/2-7-combat/#r2-7-5")
