"""Rule numbers at the table (items 4 and 9): on a phone each number and its
"Add to ruling" control is a thumb's target of at least 44 x 44 px that never covers the
rule's words, and a citation copied after a search, or from an address with a search's
?h= highlight (older links carry one), is the rule's page and anchor only."""

from __future__ import annotations

from urllib.parse import urlparse

from calculators import __version__
from tests.support.browser import COMBAT, PHONE, open_phone_page, search_results

MIN_WIDTH, MIN_HEIGHT = 44, 44
EDITION = f"reference {__version__}"

# Each numbered rule: the boxes of its number and its control, the box of the rule, and
# every line box of its words (Range rects), so that overlaps can be measured.
GEOMETRY_JS = """() => [...document.querySelectorAll('article .rule[data-rule]')].map(rule => {
  const box = el => { const r = el.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  const words = [...rule.querySelectorAll(':scope > p:not(.admonition-title)')].flatMap(p => {
    const range = document.createRange();
    range.selectNodeContents(p);
    return [...range.getClientRects()].filter(r => r.width > 1).map(r => ({x: r.x, y: r.y, w: r.width, h: r.height}));
  });
  return {id: rule.dataset.rule, boxed: rule.classList.contains('admonition'), rule: box(rule),
          number: box(rule.querySelector('a.rule-num')), add: box(rule.querySelector('button.rule-add')), words};
})"""


def overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["w"] - 0.5
        and b["x"] < a["x"] + a["w"] - 0.5
        and a["y"] < b["y"] + b["h"] - 0.5
        and b["y"] < a["y"] + a["h"] - 0.5
    )


def test_rule_numbers_are_thumb_targets_that_leave_the_words_alone(open_page):
    page = open_phone_page(open_page, COMBAT)
    rules = page.evaluate(GEOMETRY_JS)
    assert len(rules) > 50
    for rule in rules:
        for control in ("number", "add"):
            box = rule[control]
            assert box["w"] >= MIN_WIDTH and box["h"] >= MIN_HEIGHT, (rule["id"], control, box)
        assert not overlap(rule["number"], rule["add"]), rule["id"]
        for line in rule["words"]:
            assert not overlap(line, rule["number"]) and not overlap(line, rule["add"]), (rule["id"], line)
        if not rule["boxed"]:
            # Not crowded: beside the two controls the words keep most of the rule's width.
            controls = rule["number"]["w"] + rule["add"]["w"]
            assert controls <= 0.3 * rule["rule"]["w"], (rule["id"], controls)
    page.screenshot(path="test-results/phone-rule-numbers.png")


def copy_citation(page, rule_id: str, tap: bool) -> str:
    """Tap (or click) the rule's number; what the clipboard then holds."""
    page.evaluate("navigator.clipboard.writeText('')")
    number = page.locator(f"a.rule-num[data-cite='MELE {rule_id}']")
    number.scroll_into_view_if_needed()
    number.tap() if tap else number.click()
    return page.wait_for_function("async () => navigator.clipboard.readText()")


def test_a_citation_copied_after_a_search_has_no_query(open_page, origin):
    page = open_page(None)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
    page.goto(f"{origin}/")
    results = [href for href in search_results(page, "ineffectual") if urlparse(href).path == f"/{COMBAT}"]
    assert results, "search finds the rule"
    page.eval_on_selector_all(
        ".rule-search__item a", "(links, href) => links.find(a => a.href === href).click()", results[0]
    )
    page.wait_for_url(f"**/{COMBAT}*")
    assert copy_citation(page, "1.7.25", tap=False) == f"MELE 1.7.25, {EDITION} — {origin}/{COMBAT}#r1-7-25"
    assert page.evaluate("location.search") == "", "the address bar keeps the rule's own address too"


def test_a_citation_from_a_highlighted_address_on_a_phone_is_clean(open_page, origin):
    page = open_page(None, **PHONE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
    page.goto(f"{origin}/{COMBAT}?h=strike&utm_source=chat#r1-7-24")
    assert copy_citation(page, "1.7.24", tap=True) == f"MELE 1.7.24, {EDITION} — {origin}/{COMBAT}#r1-7-24"
