"""Each glossary entry's "Why" disclosure shows the words of the rules it rests on,
opens with a tap on a 390-px phone, and needs no JavaScript."""

from __future__ import annotations

from tests.support.browser import PHONE
from tests.support.site import ARTIFACTS

WHY = "#g-nazgul-hazard + .glossary-entry details.glossary-why"


def test_why_opens_with_a_tap_on_a_phone_without_javascript(open_page):
    page = open_page("glossary/", java_script_enabled=False, **PHONE)
    why = page.locator(WHY)
    assert why.get_attribute("open") is None
    quote = why.locator("li").first
    assert not quote.is_visible()
    why.locator("summary").tap()
    assert why.get_attribute("open") is not None
    assert quote.is_visible() and "Nazgûl" in why.inner_text()
    links = why.locator("a.rule-ref")
    assert links.count() == 5
    for n in range(links.count()):
        box = links.nth(n).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] >= 8
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the glossary scrolls sideways"
    ARTIFACTS.mkdir(exist_ok=True)
    why.screenshot(path=str(ARTIFACTS / "glossary-why-phone.png"))


def test_a_why_link_leads_to_the_quoted_rule(open_page):
    page = open_page("glossary/", **PHONE)
    why = page.locator(WHY)
    why.locator("summary").tap()
    why.locator("a.rule-ref", has_text="2.2.15").tap()
    page.wait_for_url("**/rules/2-2-the-cards-and-decks/#r2-2-15")
    assert "a corresponding Nazgûl hazard" in page.locator("#r2-2-15").inner_text()
