"""The ruling sheet on a 390-px phone: collect rules from two pages, reorder
them in the tray, state the question and the answer, copy the ruling as text and as a
link, and open that link in a fresh browser to see the same ruling; a bad link shows
what it can and says what it left out; nothing in a link runs; the odds from a
calculator, with their chances and inputs on the sheet, in its text and on paper; the printed
sheet on one page without addresses; and the ruling link opening from the offline copy."""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
from pypdf import PdfReader

from calculators import __version__
from tests.browser.axe import axe_violations, describe
from tests.support.browser import COMBAT, PHONE, expect, wait_for_engine
from tests.support.offline import assert_nothing_tried_the_network, cached, go_offline, wait_until_saved
from tests.support.site import ARTIFACTS

VICTORY = "rules/1-1-the-victory-conditions/"
QUESTION = "Nick's company moves to Cameth Brin with Indûr. Is that allowed? <b>Really</b>?"
ANSWER = "No: a Ringwraith stays at a Darkhaven unless alone.\nPlay on."

CARDS_JS = """() => [...document.querySelectorAll('#ruling .ruling-rule')].map(card => ({
  id: card.dataset.rule,
  head: card.querySelector('.ruling-rule__head').textContent,
  text: card.querySelector('.ruling-rule__text').textContent,
  notes: [...card.querySelectorAll('.editor-note')].map(note => note.textContent),
  link: card.querySelector('.ruling-rule__cite').href,
}))"""


def phone(open_page, origin, path: str | None = None):
    page = open_page(None, **PHONE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
    if path is not None:
        page.goto(f"{origin}/{path}")
    return page


def tap_add(page, rule_id: str) -> None:
    button = page.locator(f"button.rule-add[data-rule='{rule_id}']")
    button.scroll_into_view_if_needed()
    button.tap()
    expect(button).to_have_attribute("aria-pressed", "true")


def tray_count(page) -> str:
    return page.inner_text("#ruling-tray-button .ruling-tray-button__count")


def tray_order(page) -> list[str]:
    return page.eval_on_selector_all("#ruling-tray .ruling-tray__list li", "items => items.map(li => li.dataset.rule)")


def wait_for_cards(page, count: int) -> None:
    expect(page.locator("#ruling .ruling-rule")).to_have_count(count)
    expect(page.locator("#ruling")).not_to_have_attribute("data-mode", "loading")


def copied(page, button: str) -> str:
    page.evaluate("navigator.clipboard.writeText('')")
    page.locator(f"#ruling {button}").tap()
    page.wait_for_function("async () => (await navigator.clipboard.readText()) !== ''")
    return page.evaluate("navigator.clipboard.readText()")


def shown_message(page, starting: str) -> str:
    """The message in the site's message area that starts with `starting`, checked to be shown whole."""
    expect(page.locator("#site-messages:not([hidden]) .site-messages__text")).to_have_text(
        re.compile("^" + re.escape(starting))
    )
    text, height, shown = page.eval_on_selector(
        "#site-messages .site-messages__text", "el => [el.textContent, el.scrollHeight, el.clientHeight]"
    )
    assert height <= shown + 1, ("the message is cut off", text, height, shown)
    return text


def small_targets(page, scope: str) -> list[tuple[str, dict]]:
    """Visible buttons and fields in `scope` smaller than a thumb's 44 x 44 px."""
    return page.evaluate(
        """scope => [...document.querySelectorAll(`${scope} button, ${scope} textarea`)]
        .filter(el => el.getClientRects().length)
        .map(el => [el.getAttribute('aria-label') || el.textContent.trim() || el.id, el.getBoundingClientRect().toJSON()])
        .filter(([, box]) => box.width < 44 || box.height < 44)""",
        scope,
    )


@pytest.mark.both_generators
def test_a_judge_collects_states_copies_and_shares_a_ruling(open_page, origin, served_site):
    page = phone(open_page, origin, COMBAT)
    assert page.locator("#ruling-tray-button").is_hidden(), "no tray until something is collected"
    tap_add(page, "1.7.25")
    assert shown_message(page, "Added") == "Added MELE 1.7.25 to your ruling."
    tap_add(page, "1.7.28")
    assert shown_message(page, "Added MELE 1.7.28") == "Added MELE 1.7.28 to your ruling."
    assert tray_count(page) == "2"
    assert page.get_attribute("#ruling-tray-button", "aria-label") == "Your ruling: 2 rules. Open the list."
    page.goto(f"{origin}/{VICTORY}")
    tap_add(page, "1.1.21")
    page.reload()  # kept across pages and reloads
    assert tray_count(page) == "3"
    assert page.get_attribute("button.rule-add[data-rule='1.1.21']", "aria-pressed") == "true"

    page.locator("#ruling-tray-button").tap()
    tray = page.locator("#ruling-tray")
    tray.wait_for(state="visible")
    expect(
        page.locator(
            "#ruling-tray a.ruling-tray__rule", has_text=re.compile("^MELE 1.1.21 Example: Our two players are Wendy")
        )
    ).to_have_count(1)
    assert tray_order(page) == ["1.7.25", "1.7.28", "1.1.21"]
    sheet = tray.bounding_box()
    assert abs(sheet["y"] + sheet["height"] - PHONE["viewport"]["height"]) < 2, "the panel rises from the bottom"
    for button in page.locator("#ruling-tray .ruling-tray__list button").all():
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
    page.locator("#ruling-tray button[aria-label='Move MELE 1.1.21 up']").tap()
    assert tray_order(page) == ["1.7.25", "1.1.21", "1.7.28"]
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Move MELE 1.1.21 up"
    page.screenshot(path="test-results/phone-ruling-tray.png")
    page.locator("#ruling-tray .ruling-tray__open").tap()

    page.wait_for_url("**/ruling/**")
    wait_for_cards(page, 3)
    page.locator("#ruling-question").fill(QUESTION)
    page.locator("#ruling-answer").fill(ANSWER)
    page.wait_for_function(
        "new URLSearchParams(location.search).get('a') === document.querySelector('#ruling-answer').value"
    )
    cards = page.evaluate(CARDS_JS)
    assert [card["id"] for card in cards] == ["1.7.25", "1.1.21", "1.7.28"]
    assert cards[0]["head"] == "MELE 1.7.25 Combat (1.7), Resolving Strikes"
    assert cards[0]["text"].startswith("If this result is equal to the strike's prowess")
    assert cards[0]["link"] == f"{origin}/{COMBAT}#r1-7-25"
    assert [note.split(" (")[0] for note in cards[1]["notes"]] == [
        "Editor's note · missing text",
        "Editor's note · rule conflict",
    ]
    assert page.locator("#ruling .ruling-rule[data-rule='1.1.21'] ins.erratum").count() == 3  # N1, A1, A2
    assert small_targets(page, "#ruling") == []
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["viewport"]["width"], "no sideways scrolling"
    page.screenshot(path="test-results/phone-ruling.png", full_page=True)

    text = copied(page, ".ruling-copy-text")
    build = json.loads((served_site.site / "offline.json").read_text())["build"]
    link = page.evaluate("location.href")
    assert text.startswith(f"Question:\n{QUESTION}\n\nAnswer:\n{ANSWER}\n\n")
    assert (
        "MELE 1.7.25: If this result is equal to the strike's prowess, the strike was ineffectual "
        "(i.e., the strike is avoided but not defeated).\n"
        f"{origin}/{COMBAT}#r1-7-25\n"
    ) in text
    assert "MELE 1.1.21: Example: Our two players are Wendy and Nick." in text
    assert '(Corrected on this site, name slip A1: the source reads "Jason only has 18".)' in text
    assert "Editor's note (rule conflict, B6): As told, this move breaks the rules" in text
    assert text.index("MELE 1.7.25") < text.index("MELE 1.1.21") < text.index("MELE 1.7.28")
    assert (
        f"Rules from Middle-earth: The Lidless Eye rulebook, as published on this site, reference {__version__}, "
        f"build {build}.\n"
        f"This ruling: {link}\n"
    ) in text
    assert copied(page, ".ruling-copy-link") == link
    assert link.startswith(f"{origin}/ruling/?r=1.7.25,1.1.21,1.7.28&question=Nick%27s%20company")

    fresh = phone(open_page, origin, link.removeprefix(f"{origin}/"))  # another device: nothing stored
    wait_for_cards(fresh, 3)
    assert fresh.get_attribute("#ruling", "data-mode") == "shared"
    assert fresh.get_attribute("[data-rule-search]", "data-open") is None, (
        "the ruling's question does not open the search"
    )
    assert fresh.evaluate(CARDS_JS) == cards
    assert fresh.inner_text("#ruling .ruling-statement__question") == QUESTION
    assert fresh.eval_on_selector("#ruling .ruling-statement__answer", "el => el.textContent") == ANSWER
    assert copied(fresh, ".ruling-copy-text") == text
    assert fresh.locator("#ruling .ruling-rule__tools").count() == 0, "a shared ruling is shown, not edited"


def test_the_ruling_by_keyboard_alone(open_page, origin):
    """Add a rule from the keyboard, open the tray, reorder in it, close it with Escape
    and land where one started; on the ruling page, Tab reaches every control in order."""
    page = open_page(None)
    page.goto(f"{origin}/{COMBAT}")
    for rule_id in ("1.7.25", "1.7.28"):
        page.focus(f"a.rule-num[data-cite='MELE {rule_id}']")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.dataset.rule") == rule_id, "the control follows its number"
        page.keyboard.press("Enter")
        page.wait_for_selector(f"button.rule-add[data-rule='{rule_id}'][aria-pressed='true']")
    page.focus("#ruling-tray-button")
    page.keyboard.press("Enter")
    page.locator("#ruling-tray").wait_for(state="visible")
    expect(page.locator("#ruling-tray a.ruling-tray__rule")).to_have_count(2)
    assert page.evaluate("document.getElementById('ruling-tray').contains(document.activeElement)"), (
        "focus moves into the tray"
    )
    page.focus("#ruling-tray button[aria-label='Move MELE 1.7.28 up']")
    page.keyboard.press("Enter")
    rows = page.locator("#ruling-tray .ruling-tray__list li")
    expect(rows.nth(0)).to_have_attribute("data-rule", "1.7.28")
    expect(rows.nth(1)).to_have_attribute("data-rule", "1.7.25")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Move MELE 1.7.28 down", (
        "its up is disabled at the top: focus stays in the moved row"
    )
    page.keyboard.press("Escape")
    page.locator("#ruling-tray").wait_for(state="hidden")
    assert page.evaluate("document.activeElement.id") == "ruling-tray-button", "Escape returns to the tray button"

    page.goto(f"{origin}/ruling/")
    wait_for_cards(page, 2)
    page.focus("#ruling-question")
    page.keyboard.type("Which comes first?")
    reached = []
    for _ in range(40):
        page.keyboard.press("Tab")
        reached.append(
            page.evaluate(
                "(el => el.getAttribute('aria-label') || el.id || el.textContent.trim())(document.activeElement)"
            )
        )
        if reached[-1] == "Print":
            break
    assert reached[0] == "ruling-answer"
    for control in (
        "MELE 1.7.28",
        "Move MELE 1.7.28 down",
        "Remove MELE 1.7.28",
        "Move MELE 1.7.25 up",
        "Copy as text",
        "Copy link",
        "Print",
    ):
        assert control in reached, (control, reached)
    expect(page).to_have_url(re.compile(r"[?&]question=Which(%20|\+)comes(%20|\+)first%3F(&|$)"))


def test_a_shared_ruling_becomes_the_readers_own_only_when_asked(open_page, origin):
    page = phone(open_page, origin, COMBAT)
    tap_add(page, "1.7.24")
    page.goto(f"{origin}/ruling/?r=1.7.25,1.7.28&question=Which%20roll%3F")
    wait_for_cards(page, 2)
    adopt = page.locator("#ruling .ruling-adopt")
    assert adopt.inner_text() == "Edit it as your ruling (replaces yours of 1 rule)"
    assert page.evaluate("JSON.parse(localStorage.getItem('mele-rules.ruling')).rules") == ["1.7.24"]
    adopt.tap()
    assert page.get_attribute("#ruling", "data-mode") == "own"
    assert page.input_value("#ruling-question") == "Which roll?"
    assert tray_count(page) == "2"
    page.locator("#ruling .ruling-rule[data-rule='1.7.28'] [data-action='up']").tap()
    expect(page).to_have_url(re.compile(r"/ruling/\?r=1\.7\.28,1\.7\.25&"))
    page.locator("#ruling .ruling-rule[data-rule='1.7.25'] [data-action='remove']").tap()
    wait_for_cards(page, 1)
    page.reload()  # the address now is the reader's own ruling
    wait_for_cards(page, 1)
    assert page.get_attribute("#ruling", "data-mode") == "own"


def test_a_bad_link_shows_the_rest_and_says_what_it_left_out(open_page, origin):
    page = phone(open_page, origin, "ruling/?r=1.7.25,9.9.99,1.7.25,abc,SBG-A.1.4&c=javascript:alert(1)")
    wait_for_cards(page, 2)
    assert page.eval_on_selector_all("#ruling .ruling-rule", "cards => cards.map(c => c.dataset.rule)") == [
        "1.7.25",
        "SBG-A.1.4",
    ]
    problems = page.inner_text("#ruling .ruling-problems")
    assert "No such rule on this site, left out: 9.9.99." in problems
    assert "Listed more than once, shown once: 1.7.25." in problems
    assert "Not rule numbers, left out: “abc”." in problems
    assert "The calculator link was left out" in problems
    assert page.locator("#ruling .ruling-odds").is_hidden()
    sbg = page.evaluate(CARDS_JS)[1]
    assert sbg["head"].startswith("MESBG Advanced Rules SBG-A.1.4 ")


def test_html_in_a_link_is_shown_as_text_and_never_runs(open_page, origin):
    attack = '<img src=x onerror="window.__ran=1"><script>window.__ran=2</script>'
    page = phone(open_page, origin, f"ruling/?r=1.7.25&question={quote(attack)}&a={quote('<b>no</b>')}")
    wait_for_cards(page, 1)
    assert page.eval_on_selector("#ruling .ruling-statement__question", "el => el.textContent") == attack
    assert page.inner_text("#ruling .ruling-statement__answer") == "<b>no</b>"
    assert page.locator("#ruling img, #ruling script, #ruling .ruling-statement b").count() == 0
    assert page.evaluate("window.__ran") is None


def test_over_long_text_is_cut_in_a_link_and_refused_when_typed(open_page, origin):
    question = "Why? " * 470  # 2,350 characters
    page = phone(open_page, origin, f"ruling/?r=1.7.25&question={quote(question)}")
    wait_for_cards(page, 1)
    assert "The question in this link is 2,350 characters long; only the first 2,000 are shown." in page.inner_text(
        "#ruling .ruling-problems"
    )
    assert page.eval_on_selector("#ruling .ruling-statement__question", "el => el.textContent") == question[:2000]

    page.goto(f"{origin}/ruling/")  # the reader's own, empty ruling
    expect(page.locator("#ruling")).to_have_attribute("data-mode", "own")
    page.locator("#ruling-answer").fill("x" * 2001)
    count = page.locator("#ruling-answer-count")
    assert count.inner_text() == (
        "2,001 of 2,000 characters: 1 too many. Shorten the answer to copy or share the ruling."
    )
    assert page.get_attribute("#ruling-answer", "aria-invalid") is not None
    page.evaluate("navigator.clipboard.writeText('before')")
    page.locator("#ruling .ruling-copy-link").tap()
    assert (
        page.inner_text("#ruling .ruling-action-note")
        == "The answer is 1 character over the limit of 2,000: shorten it first."
    )
    assert page.evaluate("navigator.clipboard.readText()") == "before"
    page.locator("#ruling-answer").fill("x" * 2000)
    assert page.inner_text("#ruling-answer-count") == "2,000 of 2,000 characters"


def add_the_odds(page, origin) -> dict:
    """A strike with prowess 6 and a Support of 1 (a modifier folded under More modifiers) added to the
    ruling from its calculator; what the calculator showed: its address, the answer line, the case."""
    page.goto(f"{origin}/calculators/strike/")
    wait_for_engine(page, "strike")
    page.fill("#calc-strike-prowess", "6")
    page.click("#calc-strike details.calc-more > summary")
    page.fill("#calc-strike-support", "1")
    expect(page).to_have_url(re.compile(r"[?&]strike\.support=1(&|#|$)"))
    expect(page.locator("#calc-strike")).to_have_attribute("data-result", "current")
    shown = {
        "case": page.evaluate("location.pathname.slice(1) + location.search") + "#calc-strike",  # every input named
        "chances": " ".join(page.inner_text("#calc-strike .calc-summary__text").split()),
    }
    page.locator("#calc-strike .ruling-add-odds").tap()
    return shown


def test_the_odds_from_a_calculator_join_the_ruling_with_their_chances_and_inputs(open_page, origin):
    page = phone(open_page, origin)
    shown = add_the_odds(page, origin)
    assert "strike.prowess=6&" in shown["case"]
    assert shown["chances"].startswith("Strike fails ") and "wounded" in shown["chances"], shown
    assert page.inner_text("#ruling-tray-button .ruling-tray-button__count") == "0"
    assert page.locator("#ruling-tray-button").is_visible(), "the odds alone show the tray"
    page.goto(f"{origin}/ruling/")
    odds = page.locator("#ruling .ruling-odds")
    expect(odds).to_be_visible()
    expect(odds.locator(".ruling-odds__chances")).to_have_text(shown["chances"])
    inputs = odds.locator(".ruling-odds__inputs").inner_text()
    for words in (
        "Character's prowess: 6",
        "Character's body: 8",
        "Character's state: Untapped",
        "Supporting characters: 1",
    ):
        assert words in inputs, inputs
    assert "Excess strikes" not in inputs, "a modifier left at its neutral value is not part of the case"
    link = odds.locator("a")
    assert link.inner_text() == "One strike and its body checks"
    assert link.get_attribute("href") == f"{origin}/{shown['case']}"
    expect(page).to_have_url(re.compile(re.escape(f"{origin}/ruling/?c={quote(shown['case'], safe='')}&inputs=")))
    text = copied(page, ".ruling-copy-text")
    assert f"The odds: {shown['chances']}\nFor: {inputs.removeprefix('For: ')}\n" in text, text
    assert f"From the calculator One strike and its body checks: {origin}/{shown['case']}" in text, text
    shared = phone(open_page, origin, page.evaluate("location.pathname.slice(1) + location.search"))
    expect(shared.locator("#ruling .ruling-odds__chances")).to_have_text(shown["chances"])  # the link carries them
    link.tap()
    expect(page.locator("#calc-strike-prowess")).to_have_value("6")
    assert page.evaluate("location.hash") == "#calc-strike"


def test_a_ruling_link_opens_from_the_offline_copy(open_page, origin):
    page = open_page("", **PHONE, service_worker=True)
    wait_until_saved(page)
    precached = cached(page, "precache")
    for needed in (
        "/ruling/index.html",
        "/rules.json",
        "/ruling-data.json",
        "/offline.json",
        "/assets/javascripts/ruling.js",
        "/assets/javascripts/ruling/ruling-page.js",
        "/assets/javascripts/ruling/tray-panel.js",
        "/assets/stylesheets/ruling.css",
    ):
        assert needed in precached, needed
    before = go_offline(page)
    page.goto(f"{origin}/ruling/?r=1.7.25,1.1.21&question=Offline%3F&a=Yes.")
    wait_for_cards(page, 2)
    assert page.inner_text("#ruling .ruling-statement__question") == "Offline?"
    expect(page.locator("#ruling .ruling-source")).to_contain_text("build ")  # filled once the build is read
    assert "unknown" not in page.inner_text("#ruling .ruling-source")
    assert_nothing_tried_the_network(page, before)


def test_the_printed_sheet_is_the_ruling_alone(open_page, origin):
    page = phone(open_page, origin, COMBAT)
    tap_add(page, "1.7.25")
    page.goto(f"{origin}/ruling/")
    wait_for_cards(page, 1)
    page.locator("#ruling-question").fill("Is an ineffectual strike defeated?")
    page.emulate_media(media="print")
    shown = (
        "sel => { const el = document.querySelector(sel); return !!el && getComputedStyle(el).display !== 'none'"
        " && el.getClientRects().length > 0; }"
    )
    for hidden in (
        "#ruling .ruling-fields",
        "#ruling .ruling-actions",
        "#ruling .ruling-rule__tools",
        ".md-header",
        ".md-sidebar--primary",
        "#ruling-tray-button",
    ):
        assert not page.evaluate(shown, hidden), hidden
    for kept in ("#ruling .ruling-statement__question", "#ruling .ruling-rule__text", "#ruling .ruling-source"):
        assert page.evaluate(shown, kept), kept
    assert not page.evaluate(shown, "#ruling .ruling-statement__answer"), "an empty answer is left off the sheet"
    assert page.inner_text("#ruling .ruling-statement__question") == "Is an ineffectual strike defeated?"


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_printed_ruling_fits_one_sheet_with_its_odds_and_no_addresses(open_page, origin, paper):
    page = phone(open_page, origin)
    shown = add_the_odds(page, origin)
    page.goto(f"{origin}/{COMBAT}")
    tap_add(page, "1.7.24")
    tap_add(page, "1.7.27")
    page.goto(f"{origin}/ruling/")
    wait_for_cards(page, 2)
    page.locator("#ruling-question").fill("Does the scout survive the strike?")
    page.locator("#ruling-answer").fill("Most likely: the strike fails five times in six.")
    expect(page.locator("#ruling .ruling-odds__chances")).to_have_text(shown["chances"])
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = ARTIFACTS / f"ruling-{paper.lower()}.pdf"
    page.pdf(path=str(pdf), format=paper)
    reader = PdfReader(pdf)
    text = " ".join(" ".join(sheet.extract_text().split()) for sheet in reader.pages)
    assert len(reader.pages) == 1, f"{paper}: {len(reader.pages)} pages: {text}"
    for kept in (
        "Does the scout survive the strike?",
        "MELE 1.7.24",
        "MELE 1.7.27",
        shown["chances"],
        "Character's prowess: 6",
        "Supporting characters: 1",
        "One strike and its body checks",
    ):
        assert kept in text, (kept, text)
    assert "http" not in text and "127.0.0.1" not in text, f"an address on paper: {text}"
    assert "Reading" not in text and "chooses" not in text, f"the screen's header on paper: {text}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violations_in_the_tray_or_on_the_ruling_page(open_page, origin, scheme):
    page = open_page(None, **PHONE, color_scheme=scheme)
    page.goto(f"{origin}/{VICTORY}")
    tap_add(page, "1.1.21")  # corrections and editor's notes
    tap_add(page, "1.1.4")
    # Whichever rule the taps left under the fixed header is partly covered, and axe counts its
    # buttons as obscured targets; the page is checked from its top, as a reader opens it.
    page.evaluate("window.scrollTo(0, 0)")
    found = {"rule page, two rules collected": axe_violations(page)}
    page.locator("#ruling-tray-button").tap()
    expect(page.locator("#ruling-tray a.ruling-tray__rule")).to_have_count(2)
    found["the tray, open"] = axe_violations(page)
    page.goto(f"{origin}/ruling/")
    wait_for_cards(page, 2)
    page.locator("#ruling-question").fill("Who moves?")
    found["the ruling page, own"] = axe_violations(page)
    page.goto(f"{origin}/ruling/?r=1.1.21,9.9.9&question=Who%20moves%3F&a=Nick.")
    wait_for_cards(page, 1)
    found["the ruling page, shared, with a problem"] = axe_violations(page)
    report = "\n".join(
        f"{where} ({scheme}):\n{describe(violations)}" for where, violations in found.items() if violations
    )
    assert not report, "axe found violations:\n" + report
