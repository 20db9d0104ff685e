"""Nothing covers the page on a 390-px phone: the site's one message area (a band along the bottom
of the screen) moves nothing and hides nothing a link points to (a rule a deep link names on a first
visit, an anchor on every kind of page, the result "Full result ↓" leads to), and never lies over a
focused input, the rule just tapped or the open navigation drawer, stays under the finger that taps
its own button, and shows a message whole; the page title in the header is never cut; messages queue
instead of stacking; no tooltip is left standing after a tap; "Back to top" stays in the header's
band, over no control; and the calculator's form does not move when the engine becomes ready (nor
when the offline note appears just then)."""

from __future__ import annotations

import re

import pytest

from tests.support.browser import (
    COMBAT,
    PHONE,
    expect,
    hold_back,
    wait_for_engine,
    wait_for_the_next_frames,
    wait_until_still,
)
from tests.support.page_hooks import HOOKS
from tests.support.site import BROWSER_SITE

# Is the element at the centre of `selector`'s box that element (or inside it), or is something over it?
ON_TOP_JS = """(selector) => {
    const target = document.querySelector(selector);
    const box = target.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return Boolean(hit) && (hit === target || target.contains(hit));
}"""
# Scrolls the block with this id to just above the message area (the lasting note at the bottom of the
# screen), where a reader sees its number and taps it.
ABOVE_THE_MESSAGE_JS = """(id) => {
    const block = document.getElementById(id);
    block.scrollIntoView({block: "end"});
    const above = document.getElementById("site-messages").getBoundingClientRect().top;
    scrollBy(0, block.getBoundingClientRect().bottom - above);
}"""
# Every point where the message area and `selector` overlap belongs to `selector`, not the message area.
NOT_COVERED_BY_MESSAGES_JS = """(selector) => {
    const area = document.getElementById("site-messages").getBoundingClientRect();
    const target = document.querySelector(selector);
    const box = target.getBoundingClientRect();
    const left = Math.max(area.left, box.left), right = Math.min(area.right, box.right);
    const top = Math.max(area.top, box.top), bottom = Math.min(area.bottom, box.bottom);
    if (left >= right || top >= bottom) return true;
    for (const x of [left + 1, (left + right) / 2, right - 1]) {
        for (const y of [top + 1, (top + bottom) / 2, bottom - 1]) {
            const hit = document.elementFromPoint(x, y);
            if (hit && hit.closest("#site-messages")) return false;
        }
    }
    return true;
}"""
VISIBLE_TOOLTIPS_JS = """() => [...document.querySelectorAll(".md-tooltip2, .md-tooltip")].filter((tip) => {
    const style = getComputedStyle(tip);
    const box = tip.getBoundingClientRect();
    return style.display !== "none" && style.visibility !== "hidden" && Number(style.opacity) > 0 && box.width > 0;
}).length"""


# The page has scrolled down by `by` pixels, or as far as it goes.
SCROLLED_DOWN_JS = "by => scrollY >= Math.min(by, document.documentElement.scrollHeight - innerHeight) - 1"


def show(page, text: str, **options) -> None:
    page.evaluate(f"async ([text, options]) => {HOOKS}.showMessage(text, options)", [text, options])


def message_shown(page) -> str:
    return page.locator("#site-messages").inner_text() if page.locator("#site-messages").is_visible() else ""


def test_a_message_never_covers_the_focused_input(open_page):
    page = open_page("calculators/strike/", **PHONE)
    wait_for_engine(page, "strike")
    field = "#calc-strike-prowess"
    page.evaluate(f"document.querySelector('{field}').scrollIntoView({{block: 'start'}})")
    page.tap(field)
    show(page, "Saving the pages, search and glossary for offline use (5.1 MB)…", timeoutMs=None)
    assert page.locator("#site-messages").is_visible()
    assert page.evaluate(ON_TOP_JS, field), "the message area lies over the focused input"
    assert page.evaluate(NOT_COVERED_BY_MESSAGES_JS, field)


def test_the_copied_note_covers_no_rule_and_queues_after_a_lasting_note(open_page, origin):
    page = open_page(None, **PHONE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
    page.goto(f"{origin}/{COMBAT}")
    show(page, "Saving the pages, search and glossary for offline use (5.1 MB)…", id="offline-pages", timeoutMs=None)
    number = "a.rule-num[data-cite='MELE 1.7.24']"
    page.evaluate(ABOVE_THE_MESSAGE_JS, "r1-7-24")
    wait_until_still(page)  # the header's title swaps as its heading scrolls away
    assert page.evaluate(ON_TOP_JS, number), "the rule's number is there to be tapped"
    page.locator(number).tap()
    page.locator("#site-messages[data-message='rule-copied']").wait_for()
    assert page.locator("#site-messages").count() == 1, "one message area, no stacked toasts"
    assert page.evaluate(NOT_COVERED_BY_MESSAGES_JS, "#r1-7-24")
    # The lasting note comes back once the copy's note has had its moment.
    page.wait_for_function("document.getElementById('site-messages').dataset.message === 'offline-pages'")


def test_a_message_stays_under_the_open_drawer(open_page):
    page = open_page(COMBAT, **PHONE)
    show(page, "Ready offline: the pages, search and glossary.", timeoutMs=None)
    page.tap("label.md-header__button[for='__drawer']")
    page.wait_for_function("document.getElementById('__drawer').checked")
    wait_until_still(page)  # the drawer has slid in
    assert page.evaluate(NOT_COVERED_BY_MESSAGES_JS, ".md-sidebar--primary")


def test_no_tooltip_stays_after_a_tap(open_page):
    page = open_page("calculators/keying/", **PHONE)
    wait_for_engine(page, "keying")
    page.tap("#calc-keying [data-symbol='w']")
    assert page.evaluate(VISIBLE_TOOLTIPS_JS) == 0
    page.tap("h1")
    assert page.evaluate(VISIBLE_TOOLTIPS_JS) == 0
    page.goto(f"{page.guard.origin}/{COMBAT}")
    number = page.locator("a.rule-num[data-cite='MELE 1.7.24']")
    number.scroll_into_view_if_needed()
    number.tap()
    assert page.evaluate(VISIBLE_TOOLTIPS_JS) == 0
    page.tap("h1")
    assert page.evaluate(VISIBLE_TOOLTIPS_JS) == 0


# The header's visible controls that a box overlaps: [name, box].
HEADER_CONTROLS_UNDER_JS = """(box) => [...document.querySelectorAll(
    ".md-header :is(a[href], button, label, input:not([type=hidden]), select)")]
  .filter((control) => control.getClientRects().length && getComputedStyle(control).visibility !== "hidden")
  .map((control) => [control.getAttribute("aria-label") || control.textContent.trim() || control.className,
                     control.getBoundingClientRect()])
  .filter(([, c]) => c.width && c.left < box.x + box.width && box.x < c.right && c.top < box.y + box.height && box.y < c.bottom)
  .map(([name]) => name)"""


@pytest.mark.parametrize("path", ["calculators/strike/", "rules/1-7-combat/"])
def test_back_to_top_stays_in_the_header_band_over_no_control(open_page, path):
    page = open_page(path, **PHONE)
    if path == "rules/1-7-combat/":  # the gavel beside the title too: a collected rule
        page.locator("#r1-7-24 button.rule-add").click()
        expect(page.locator(".ruling-tray-button")).to_be_visible()
    page.mouse.wheel(0, 1500)
    page.wait_for_function(SCROLLED_DOWN_JS, 1500)  # the way down is over before the way up
    page.mouse.wheel(0, -300)  # Material shows the button while scrolling up
    expect(page.locator(".md-top")).to_be_visible()
    wait_until_still(page)  # the button has slid into its place
    top = page.locator(".md-top").bounding_box()
    header = page.locator(".md-header").bounding_box()
    assert header["y"] - 0.5 <= top["y"] and top["y"] + top["height"] <= header["y"] + header["height"] + 0.5, (
        top,
        header,
    )
    assert page.evaluate(HEADER_CONTROLS_UNDER_JS, top) == [], "Back to top lies over the header's controls"
    assert page.evaluate(ON_TOP_JS, ".md-top"), "Back to top is there to be tapped"


def test_the_form_does_not_move_when_the_engine_becomes_ready(open_page):
    page = open_page(None, **PHONE, service_worker=True)
    release_the_wasm = hold_back(page, "**/pyodide.asm.wasm")  # the loading state lasts until it comes
    page.goto(f"{page.guard.origin}/calculators/strike/", wait_until="commit")  # its load waits for the wasm
    page.wait_for_function("document.querySelector('#calc-strike')?.dataset.engine === 'loading'")
    page.wait_for_function("/ of [0-9.]+ MB/.test(document.querySelector('#calc-strike .calc-status').textContent)")
    loading = page.locator("#calc-strike-prowess").bounding_box()
    assert page.evaluate("window.scrollY") == 0
    release_the_wasm()
    wait_for_engine(page, "strike")
    ready = page.locator("#calc-strike-prowess").bounding_box()
    assert abs(ready["y"] - loading["y"]) <= 2, (loading, ready)


# Each of the header's two titles (the site's name, and the page's once its heading has scrolled
# away) is shown whole, inside the bar: [text, cut sideways, cut below, box, bar].
HEADER_TITLES_JS = """() => {
    const bar = document.querySelector(".md-header").getBoundingClientRect();
    return [...document.querySelectorAll(".md-header__topic .md-ellipsis")].map((title) => {
        const box = title.getBoundingClientRect();
        return [title.textContent.trim(), title.scrollWidth > title.clientWidth + 1,
                title.scrollHeight > title.clientHeight + 1, [box.top, box.bottom], [bar.top, bar.bottom]];
    });
}"""
# The message area's text and actions, each [text, cut sideways, cut below], and its box in the viewport.
MESSAGE_AREA_JS = """() => {
    const area = document.getElementById("site-messages");
    const parts = [...area.querySelectorAll(".site-messages__text, .site-messages__action")].map((part) =>
        [part.textContent, part.scrollWidth > part.clientWidth + 1, part.scrollHeight > part.clientHeight + 1]);
    const box = area.getBoundingClientRect();
    return {parts, top: box.top, bottom: box.bottom, left: box.left, right: box.right,
            header: document.querySelector(".md-header").getBoundingClientRect().bottom,
            width: innerWidth, height: innerHeight};
}"""
LONG_NOTE = (
    "Copied: MELE 1.7.24 A character who is wounded is tapped and placed with the company; "
    "if he was already wounded, he is eliminated."
)
KEEP_LABEL = "Keep the calculators offline (8.6 MB to download, 18 MB on this device)"


def longest_titled_page() -> str:
    """The built page whose title is longest: the hardest for the header bar."""
    titles = {}
    for page in BROWSER_SITE.rglob("index.html"):
        found = re.search(
            r'data-md-component="header-topic">\s*<span class="md-ellipsis">\s*(.*?)\s*</span>',
            page.read_text(encoding="utf-8"),
            re.S,
        )
        if found:
            titles[page.parent.relative_to(BROWSER_SITE).as_posix() + "/"] = found.group(1)
    return max(titles, key=lambda path: len(titles[path]))


def test_the_header_title_is_never_cut_on_a_phone(open_page):
    page = open_page(None, **PHONE)
    paths = ("", COMBAT, "calculators/strike/", "glossary/", longest_titled_page())
    # Then again with the gavel beside the title (a rule collected for a ruling): the narrowest title.
    for path in (*paths, "collect", *paths):
        if path == "collect":
            page.goto(f"{page.guard.origin}/{COMBAT}")
            page.locator("#r1-7-24 button.rule-add").click()
            expect(page.locator(".ruling-tray-button")).to_be_visible()
            continue
        page.goto(f"{page.guard.origin}/{path.removeprefix('index.html')}")
        titles = page.evaluate(HEADER_TITLES_JS)
        assert len(titles) == 2, (path, titles)
        for text, cut_sideways, cut_below, (top, bottom), (bar_top, bar_bottom) in titles:
            assert text, path
            assert not cut_sideways and not cut_below, f"{path}: the header's '{text}' is cut"
            assert bar_top - 0.5 <= top and bottom <= bar_bottom + 0.5, f"{path}: '{text}' leaves the bar"


def test_a_long_message_with_an_action_is_shown_whole_under_the_header(open_page):
    page = open_page(COMBAT, **PHONE)
    titles = page.evaluate(HEADER_TITLES_JS)
    page.evaluate(
        f"async ([text, label]) => {HOOKS}.showMessage(text, {{timeoutMs: null, actions: [{{label, onClick() {{}}}}]}})",
        [LONG_NOTE, KEEP_LABEL],
    )
    area = page.evaluate(MESSAGE_AREA_JS)
    assert [part[0] for part in area["parts"]] == [LONG_NOTE, KEEP_LABEL]
    assert not [part for part in area["parts"] if part[1] or part[2]], f"cut: {area['parts']}"
    assert area["top"] >= area["header"] - 0.5, "the message lies over the header bar"
    assert area["left"] >= 0 and area["right"] <= area["width"] and area["bottom"] <= area["height"]
    assert page.evaluate(HEADER_TITLES_JS) == titles, "the header's title is left as it was"
    page.locator("#site-messages .site-messages__close").tap()
    assert not page.locator("#site-messages").is_visible()


def test_a_message_stays_under_the_finger_that_taps_its_button(open_page):
    """A tap focuses the button it lands on before the finger lifts; the band, which moves off what
    the reader is using, does not count its own button as such, so it stays under the finger and the
    tap's click reaches the button (on a loaded machine the band once moved to the top between the
    finger's down and up, and "Keep the calculators offline" was not kept)."""
    page = open_page(COMBAT, **PHONE)
    page.evaluate(
        f"""async ([text, label]) => {HOOKS}.showMessage(text, {{timeoutMs: null, actions: [
            {{label, onClick() {{ document.documentElement.dataset.actionTapped = "yes"; }}}}]}})""",
        [LONG_NOTE, KEEP_LABEL],
    )
    band = page.locator("#site-messages")
    expect(band).to_have_attribute("data-place", "bottom")
    where = band.bounding_box()
    page.locator("#site-messages .site-messages__action").focus()
    wait_for_the_next_frames(page)
    expect(band).to_have_attribute("data-place", "bottom")
    assert band.bounding_box() == where, "the band moved when its own button took the focus"
    page.locator("#site-messages .site-messages__action").tap()
    expect(page.locator("html")).to_have_attribute("data-action-tapped", "yes")


# --- what a link points to stays in view while the messages show -------------------------------

# The element's box, where the header's bottom is and where the message area is (null when hidden).
VIEW_OF_JS = """(selector) => {
    const box = document.querySelector(selector).getBoundingClientRect();
    const area = document.getElementById("site-messages");
    const band = area && !area.hidden ? area.getBoundingClientRect() : null;
    return {top: box.top, bottom: box.bottom, height: innerHeight,
            header: document.querySelector(".md-header").getBoundingClientRect().bottom,
            band: band && {top: band.top, bottom: band.bottom}};
}"""


def assert_wholly_in_view_and_uncovered(page, selector: str) -> dict:
    """`selector` lies whole between the header bar and the screen's bottom, and the message area,
    shown, lies over none of it."""
    view = page.evaluate(VIEW_OF_JS, selector)
    assert view["band"], "the message area is not showing"
    assert view["header"] - 0.5 <= view["top"] and view["bottom"] <= view["height"] + 0.5, (selector, view)
    band = view["band"]
    assert band["bottom"] <= view["top"] + 0.5 or view["bottom"] <= band["top"] + 0.5, (
        f"the message area lies over {selector}: {view}"
    )
    assert page.evaluate(NOT_COVERED_BY_MESSAGES_JS, selector)
    return view


def test_a_deep_link_on_a_first_visit_shows_its_rule_whole_while_the_pages_are_saved(open_page):
    """The first visit of a shared link to a rule: the site starts saving itself for offline use and
    says so; the rule the link names stays wholly in view, nothing over it."""
    page = open_page(f"{COMBAT}#r1-7-24", **PHONE, service_worker=True)
    expect(page.locator("#site-messages[data-message='offline-pages']")).to_be_visible()
    assert_wholly_in_view_and_uncovered(page, "#r1-7-24")
    if page.locator("#site-messages").inner_text().startswith("Saving"):  # still saving: the note lasts
        expect(page.locator("#site-messages")).to_contain_text("Ready offline", timeout=60_000)
        assert_wholly_in_view_and_uncovered(page, "#r1-7-24")


# An anchor on each kind of page, and what of it must be seen whole: a rule, a boxed rule, an SBG
# rule, a glossary entry of each game, an erratum, the turn summary's phase (its heading: the phase
# opens for the link, taller than the screen).
ANCHORS = {
    f"{COMBAT}#r1-7-24": "#r1-7-24",
    "rules/1-7-combat/#r1-7-11": "#r1-7-11",
    "rules/sbg-advanced-rules/#rsbg-a-1-2": "#rsbg-a-1-2",
    "glossary/#g-body-check": "#g-body-check",
    "sbg/glossary/#g-sbg-swim-test": "#g-sbg-swim-test",
    "rules/errata-and-coverage/#e-c2": "#e-c2",
    "turn-summary/#phase-organization": "#phase-organization > summary",
}


@pytest.mark.parametrize("address", ANCHORS)
def test_a_message_moves_nothing_and_hides_no_anchor(open_page, address):
    page = open_page(address, **PHONE)
    selector = ANCHORS[address]
    expect(page.locator(selector)).to_be_in_viewport()
    wait_until_still(page)
    before = page.locator(selector).bounding_box()
    show(page, "Saving the pages, search and glossary for offline use (5.1 MB on this device)…", timeoutMs=None)
    assert page.locator(selector).bounding_box() == before, "the page moved when the message appeared"
    assert_wholly_in_view_and_uncovered(page, selector)


def test_the_full_result_link_leads_to_a_result_heading_no_message_covers(open_page):
    page = open_page("calculators/strike/", **PHONE)
    wait_for_engine(page, "strike")
    page.tap("#calc-strike-prowess")  # editing: the answer bar is pinned to the screen's bottom
    show(page, "Saving the pages, search and glossary for offline use (5.1 MB on this device)…", timeoutMs=None)
    assert page.evaluate(NOT_COVERED_BY_MESSAGES_JS, "#calc-strike .calc-summary"), "the message covers the bar"
    page.locator("#calc-strike a.calc-summary").tap()
    expect(page.locator("#calc-strike .calc-headline")).to_be_in_viewport()
    wait_until_still(page)
    assert_wholly_in_view_and_uncovered(page, "#calc-strike .calc-headline")
