"""The Strategy Battle Game calculator page: the Swim Test in its two editions, and
the D6 rolls for hitting a Passenger and for Mounting. What it shows through the
form equals calculators.api.run; its links go to SBG rules and the SBG glossary."""

from __future__ import annotations

from fractions import Fraction
from urllib.parse import urlparse

import pytest
import yaml
from playwright.sync_api import expect

from calculators.api import run
from calculators.text import percent
from calculators.views.catalogue import VIEWS
from calculators.views.glossary_links import SBG_GLOSSARY
from tests.browser.scenarios import SBG_SCENARIOS, values
from tests.support.browser import (
    OPEN_FOLDS_JS,
    defaults,
    expected_params,
    fill_view,
    form_values,
    python_rendered_text,
    result_text,
    wait_for_address,
    wait_for_engine,
    wait_for_params,
)
from tests.support.site import ROOT

# The other test modules add this page to their lists of calculator pages.
SWIM_PAGE = {"swim": ["swim", "passenger-hit", "mount"]}
PATH = "calculators/swim/"


def shown_outcomes(page, view: str) -> dict[str, tuple[str, str]]:
    rows = page.query_selector_all(f"#calc-{view} .calc-output > .calc-outcomes tr[data-outcome]")
    return {
        row.get_attribute("data-outcome"): (
            row.query_selector(".calc-pct").inner_text(),
            row.query_selector(".calc-frac").inner_text(),
        )
        for row in rows
    }


def engine_outcomes(result: dict) -> dict[str, tuple[str, str]]:
    return {name: (percent(chance), chance) for name, chance in result["outcomes"].items() if Fraction(chance) != 0}


def missing_chart_note(page) -> str | None:
    note = page.query_selector("#calc-swim .calc-output .calc-missing")
    return note.inner_text() if note else None


@pytest.mark.parametrize("edition", ["advanced", "article"])
def test_shown_result_equals_the_engine(open_returning_page, edition):
    scenarios = [s for s in SBG_SCENARIOS if s[1] == "swim" and s[2]["edition"] == edition]
    assert len(scenarios) >= 3
    page = open_returning_page(PATH)
    wait_for_engine(page, "swim")
    for scenario_id, view, chosen, _ in scenarios:
        if chosen == defaults(view):
            page.click("#calc-swim .calc-reset")  # recomputes the defaults live
        else:
            fill_view(page, view, chosen)
        params = expected_params(view, chosen)
        wait_for_params(page, view, params)
        result = run("swim", params)
        assert result_text(page, view) == python_rendered_text(view, chosen), scenario_id
        if result["mode"] == "roll":
            assert page.get_attribute("#calc-swim .calc-outcome", "data-outcome") == result["outcome"], scenario_id
            facts = page.inner_text("#calc-swim .calc-facts")
            assert (
                f"Natural roll\n{result['roll']}" in facts and f"Modified result\n{result['modified_roll']}" in facts
            ), scenario_id
        else:
            assert shown_outcomes(page, view) == engine_outcomes(result), scenario_id
        if result["chart_missing"]:
            assert "Swimming chart is missing" in missing_chart_note(page), scenario_id
        else:
            assert missing_chart_note(page) is None, scenario_id
        page.click("#calc-swim .calc-reset")


def test_the_article_shows_modified_results_one_to_six(open_returning_page):
    page = open_returning_page(PATH)
    wait_for_engine(page, "swim")
    page.select_option("#calc-swim-edition", "article")
    wait_for_params(page, "swim", {"edition": "article"})
    assert set(shown_outcomes(page, "swim")) == {"1", "2", "3", "4", "5", "6"}
    assert page.inner_text("#calc-swim .calc-outcomes caption") == "Modified D6 result"
    assert "Modified result 6" in page.inner_text("#calc-swim .calc-outcomes")


# A flag each edition lacks, tried in turn on one page (one engine start), as a reader might.
FLAGS_THE_EDITION_LACKS = [
    ("advanced", "no_armour"),
    ("article", "cavalry"),
    ("article", "banner"),
    ("article", "prone_in_deep"),
]


def test_a_flag_the_edition_lacks_is_off_with_the_engines_reason_beside_it(open_returning_page):
    page = open_returning_page(PATH)
    wait_for_engine(page, "swim")
    for edition, flag in FLAGS_THE_EDITION_LACKS:
        page.select_option("#calc-swim-edition", edition)
        wait_for_params(page, "swim", expected_params("swim", {**defaults("swim"), "edition": edition}))
        box = f"#calc-swim-{flag.replace('_', '-')}"
        expect(page.locator(box)).to_be_disabled()
        reason = run("swim", {"edition": edition, flag: True})["error"]["message"]
        expect(page.locator(f"{box}-off")).to_have_text(f"Does not apply: {reason}")


def test_a_roll_is_one_d6(open_returning_page):
    """Each calculator's roll on the page, in turn."""
    page = open_returning_page(PATH)
    for view in SWIM_PAGE["swim"]:
        wait_for_engine(page, view)
        roll = page.locator(f"#calc-{view}-roll")
        assert (roll.get_attribute("data-min"), roll.get_attribute("data-max")) == ("1", "6"), view  # steppers
        page.eval_on_selector(f"#calc-{view}-roll", OPEN_FOLDS_JS)  # under "I rolled…"
        assert page.inner_text(f"label[for='calc-{view}-roll']").endswith("(D6)"), view
        roll.fill("7")
        error = page.locator(f"#calc-{view}-roll-error")
        error.wait_for(state="visible")
        assert "between 1 and 6" in error.inner_text(), view
        roll.fill("6")
        error.wait_for(state="hidden")


def test_explain_steps_link_to_sbg_rules_that_exist(open_returning_page, origin):
    page = open_returning_page(PATH)
    built = page.eval_on_selector_all(".calc-output .calc-explain a", "els => els.map(a => a.href)")
    wait_for_engine(page, "swim")
    article = values("swim", {"edition": "article", "shield": "1", "heavy_armour": "1", "roll": "3"})
    fill_view(page, "swim", article)
    wait_for_params(page, "swim", expected_params("swim", article))
    live = page.eval_on_selector_all("#calc-swim .calc-explain a", "els => els.map(a => a.href)")
    assert any("#rsbg-b-" in href for href in live) and any("#rsbg-a-" in href for href in built)
    for href in set(built + live):
        url = urlparse(href)
        assert url.path in ("/rules/sbg-advanced-rules/", "/rules/sbg-boats-article/"), href
        assert url.fragment.startswith("rsbg-"), href
    targets = open_returning_page(None)
    for path in {urlparse(href).path for href in built + live}:
        targets.goto(origin + path)
        ids = set(targets.eval_on_selector_all("[id]", "els => els.map(e => e.id)"))
        for href in built + live:
            if urlparse(href).path == path:
                assert urlparse(href).fragment in ids, href


def test_glossary_links_go_to_the_sbg_glossary(open_returning_page, origin):
    page = open_returning_page(PATH)
    links = page.eval_on_selector_all("article .calc-term", "els => els.map(a => a.href)")
    assert links
    glossary = open_returning_page("sbg/glossary/")
    anchors = set(glossary.eval_on_selector_all("[id^='g-sbg-']", "els => els.map(e => e.id)"))
    for href in links:
        url = urlparse(href)
        assert url.path == "/sbg/glossary/" and url.fragment in anchors, href


def test_glossary_ids_are_sbg_terms():
    terms = yaml.safe_load((ROOT / "sources" / "glossary-sbg.yaml").read_text())["terms"]
    assert set(SBG_GLOSSARY.values()) <= {term["id"] for term in terms}


def test_copied_link_reproduces_inputs_and_result(open_returning_page, origin):
    page = open_returning_page(PATH)
    wait_for_engine(page, "swim")
    case = values("swim", {"edition": "article", "shield": "1", "roll": "4"})
    fill_view(page, "swim", case)
    wait_for_params(page, "swim", expected_params("swim", case))
    page.click("#calc-swim .calc-copy")
    page.wait_for_function("document.querySelector('#calc-swim').dataset.shareUrl")
    link = page.get_attribute("#calc-swim", "data-share-url")
    assert link.startswith(origin + "/" + PATH + "?") and link.endswith("#calc-swim")
    assert "swim.edition=article" in link

    shared = open_returning_page(link.removeprefix(origin))  # the views in the worker read the link
    wait_for_engine(shared, "swim")
    wait_for_params(shared, "swim", expected_params("swim", case))
    assert form_values(shared, "swim") == case
    assert result_text(shared, "swim") == python_rendered_text("swim", case)
    assert shared.get_attribute("#calc-swim .calc-outcome", "data-outcome") == "3"
    assert "Swimming chart is missing" in missing_chart_note(shared)


def test_the_address_bar_follows_every_calculator_on_the_page(open_returning_page, origin):
    page = open_returning_page(PATH)
    wait_for_engine(page, "mount")
    mount = values("mount", {"roll": "6"})
    fill_view(page, "mount", mount)
    wait_for_params(page, "mount", expected_params("mount", mount))
    address = wait_for_address(page, "mount", mount)

    again = open_returning_page(address.removeprefix(origin))
    wait_for_engine(again, "mount")
    wait_for_params(again, "mount", expected_params("mount", mount))
    assert form_values(again, "mount") == mount
    assert form_values(again, "swim") == defaults("swim")
    assert again.get_attribute("#calc-mount .calc-outcome", "data-outcome") == "mounts_cavalry_may_activate"


def test_a_tampered_link_falls_back_to_defaults_with_a_message(open_returning_page):
    page = open_returning_page(
        PATH + "?swim.edition=boats&swim.roll=9&swim.cavalry=yes&swim.shield=1&passenger-hit.roll=0"
    )
    expected = {**defaults("swim"), "shield": "1"}
    wait_for_engine(page, "swim")
    wait_for_params(page, "swim", expected_params("swim", expected))
    text = page.inner_text("#calc-swim .calc-message")
    assert "“boats”" in text and "Edition" in text and "“9”" in text and "“yes”" in text
    page.wait_for_function("document.querySelector('#calc-passenger-hit .calc-message').textContent.includes('0')")
    assert "“0”" in page.inner_text("#calc-passenger-hit .calc-message")
    assert form_values(page, "swim") == expected
    assert form_values(page, "passenger-hit") == defaults("passenger-hit")
    assert page.locator("#calc-swim .calc-message").is_visible()


def test_a_link_with_a_flag_the_edition_lacks_says_so_and_leaves_it_out(open_returning_page):
    page = open_returning_page(PATH + "?swim.edition=article&swim.cavalry=1")
    expected = {**defaults("swim"), "edition": "article"}
    wait_for_engine(page, "swim")
    wait_for_params(page, "swim", expected_params("swim", expected))
    text = page.inner_text("#calc-swim .calc-message")
    assert "Cavalry model: +1" in text and "mounted models may not attempt to swim" in text
    assert form_values(page, "swim") == expected
    assert result_text(page, "swim") == python_rendered_text("swim", expected)


def test_the_options_an_edition_lacks_are_disabled_with_their_reason(open_returning_page):
    """Built for the Advanced Rules, the article's "no armour" is off with its reason; choosing the
    article turns the Advanced Rules' own options off instead, and a ticked one is untied."""
    page = open_returning_page(PATH)
    no_armour = page.locator("#calc-swim-no-armour")
    expect(no_armour).to_be_disabled()
    expect(page.locator("#calc-swim-no-armour-off")).to_contain_text("The advanced edition has no modifier")
    wait_for_engine(page, "swim")
    page.check("#calc-swim-banner")
    page.select_option("#calc-swim-edition", "article")
    for name in ("cavalry", "banner", "prone-in-deep"):
        expect(page.locator(f"#calc-swim-{name}")).to_be_disabled()
        expect(page.locator(f"#calc-swim-{name}-off")).to_be_visible()
    expect(page.locator("#calc-swim-banner")).not_to_be_checked()
    expect(page.locator("#calc-swim .calc-message")).to_contain_text("Banner: −1: left out")
    expect(no_armour).to_be_enabled()
    page.check("#calc-swim-no-armour")
    expected = {**defaults("swim"), "edition": "article", "no_armour": "1"}
    wait_for_params(page, "swim", expected_params("swim", expected))
    page.check("#calc-swim-heavy-armour")  # no armour and heavy armour: not both
    expect(no_armour).to_be_disabled()
    expect(page.locator("#calc-swim-no-armour-off")).to_contain_text("no armour and heavy armour at once")


def test_the_page_is_in_the_sbg_nav_and_on_the_calculators_index(open_returning_page):
    page = open_returning_page("sbg/")
    section = page.locator(".md-nav__item--section", has_text="Strategy Battle Game").first
    assert section.locator("a.md-nav__link[href$='calculators/swim/']").count() == 1
    index = open_returning_page("calculators/")
    index.click("article a[href$='swim/']")
    index.wait_for_url("**/" + PATH)
    index.locator("article h1", has_text=VIEWS["swim"]["title"]).wait_for()  # instant navigation swaps it in
    wait_for_engine(index, "swim")
