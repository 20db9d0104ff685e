"""axe-core finds no WCAG 2.0-2.2 A/AA violation on any kind of page, in either colour
scheme, on a phone and a desktop. On a 390-px phone every target is one a thumb can hit: a
control at least 44 x 44 px, a link or a glossary term in running text at least 24 x 24 px
with nothing else within the 24-px circle at its centre (WCAG 2.5.8's spacing). Every input
has a label and explains itself; bad input shows the engine's message at its field and keeps
the last good result; no console errors (checked for every page a test opens, by the
open_page fixture)."""

from __future__ import annotations

import pytest
import yaml

from build_scripts.generator import MKDOCS
from calculators.views.glossary_links import GLOSSARY
from tests.browser.axe import axe_violations, describe
from tests.support.browser import (
    ALL_CALCULATOR_PAGES,
    SHOWN_TERMS,
    expect,
    result_text,
    wait_for_engine,
    wait_until_card_filled,
)
from tests.support.site import ROOT

PAGES = ALL_CALCULATOR_PAGES

# One page of each kind: home, a rule page, the glossaries, the turn summary and its print
# version, errata and coverage, every calculator, the Strategy Battle Game pages, About, the 404 page.
AXE_PAGES = [
    "",
    "about/",
    "rules/1-7-combat/",
    "glossary/",
    "turn-summary/",
    "turn-summary-print/",
    "rules/errata-and-coverage/",
    "calculators/",
    *[f"calculators/{name}/" for name in sorted(PAGES)],
    "sbg/",
    "rules/sbg-advanced-rules/",
    "rules/sbg-boats-article/",
    "sbg/edition-differences/",
    "sbg/glossary/",
    "404.html",
]
# The Zensical build's sweep: one page of each kind the core suite reads (the theme, what differs
# between the builds, draws every page alike); the MkDocs build's: every kind of page.
CORE_AXE_PAGES = ["", "rules/1-7-combat/", "glossary/", "turn-summary/", "calculators/strike/", "sbg/", "404.html"]
WIDTHS = {"phone": 390, "desktop": 1280}
OFFLINE_CONTROL = "[data-offline-engine]:not([hidden]) button"


# The open card lies over the page where its term is; a rule number or other target that
# its edge happens to cut is counted by axe's target-size rule as too small. Such a target
# is whole again once the card closes, which any tap outside it does: that one case is not
# a violation of the page.
UNDER_THE_CARD_JS = """target => {
  const card = document.getElementById('gloss-card'), element = document.querySelector(target);
  if (!card || !element || card.contains(element)) return false;
  const a = card.getBoundingClientRect(), b = element.getBoundingClientRect();
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}"""


def beside_the_card(page, violations: list[dict]) -> list[dict]:
    """The violations, less target-size findings for targets the open glossary card partly covers."""
    kept = []
    for violation in violations:
        if violation["id"] == "target-size":
            nodes = [node for node in violation["nodes"] if not page.evaluate(UNDER_THE_CARD_JS, node["target"])]
            if not nodes:
                continue
            violation = {**violation, "nodes": nodes}
        kept.append(violation)
    return kept


SCHEMES = {"light": "default", "dark": "slate"}  # Material's data-md-color-scheme for each
PALETTE_TOGGLE = "form[data-md-component=palette] label:not([hidden])"

# The pointer stays where the last click left it: on the colour toggle, whose tooltip then
# fades in while axe reads the page (once caught mid-fade, its text at 1.35:1). Before each
# check it rests on the corner of the page's title, where no page has a tooltip.


def rest_the_pointer(page) -> None:
    page.hover("article h1", position={"x": 1, "y": 1})
    expect(page.locator(".md-tooltip--active")).to_have_count(0)


def show_scheme(page, scheme: str) -> None:
    """Switch the page to `scheme` with the header's light/dark toggle, as a reader does: Material
    sets the same palette as for the system's colour scheme (the site's CSS keys on the palette,
    never on prefers-color-scheme), and keeps it for the pages that follow."""
    body = page.locator("body")
    if body.get_attribute("data-md-color-scheme") != SCHEMES[scheme]:
        page.click(PALETTE_TOGGLE)
        expect(body, f"the colour toggle did not switch {page.url} to {scheme}").to_have_attribute(
            "data-md-color-scheme", SCHEMES[scheme]
        )


@pytest.mark.both_generators
def test_axe_finds_no_violations_on_a_phone_and_a_desktop(open_page, site_generator):
    """Every page in both colour schemes at both widths. Each page is loaded once, at the phone's
    width, then widened to the desktop's (Material lays out by CSS media queries and follows a
    resize). At the phone's width, every rule in the scheme the page shows; then the other scheme
    with the header's toggle, and at the desktop's width every rule in it: each page's content gets
    every rule in both schemes, one at each width (the site's own stylesheets set no colour by
    width, only for print). What only one width shows (the phone's header and drawer, the desktop's
    navigation and contents sidebars) is the same on every page, and the scheme a page opens in
    alternates from page to page (the toggle's choice is kept): it is checked in both schemes too.
    Calculator pages are checked once the engine is ready (status, live result); the rule page once
    more with a glossary card open, at each width."""
    page = open_page(
        None, viewport=viewport("phone"), color_scheme="light", service_worker=True
    )  # its notes are on screen as a first visit shows them
    found, checked = {}, set()  # checked: (page, width, scheme)
    pages = AXE_PAGES if site_generator == MKDOCS else CORE_AXE_PAGES
    for path in pages:
        page.set_viewport_size(viewport("phone"))
        page.goto(f"{page.guard.origin}/{path}")
        name = path.strip("/").rpartition("/")[2]
        if path.startswith("calculators/") and name in PAGES:
            wait_for_engine(page, PAGES[name][0])
        if path == "":  # its offline control, shown once the service worker answers
            expect(page.locator(OFFLINE_CONTROL)).to_be_attached()
        page.wait_for_load_state("load")
        for width in WIDTHS:
            page.set_viewport_size(viewport(width))
            scheme, findings = check_at_width(page, path, width)
            found.update(findings)
            checked.add((path, width, scheme))
    for path in pages:
        assert {s for p, _, s in checked if p == path} == set(SCHEMES), f"{path or 'home'}: not in both schemes"
    assert {(w, s) for _, w, s in checked} == {(w, s) for w in WIDTHS for s in SCHEMES}, "a width in one scheme only"
    report = "\n".join(f"{where}:\n{describe(violations)}" for where, violations in found.items() if violations)
    assert not report, "axe found violations:\n" + report


def viewport(width: str) -> dict:
    return {"width": WIDTHS[width], "height": 844}


def check_at_width(page, path: str, width: str) -> tuple[str, dict[str, list[dict]]]:
    """The scheme checked and axe's findings at `width`: at the phone's, in the scheme the page
    shows; at the desktop's, in the other (the toggle then leaves it for the next page); on the rule
    page, the same again with a glossary card open."""
    shown = next(
        s
        for s, attribute in SCHEMES.items()
        if page.evaluate("document.body.getAttribute('data-md-color-scheme')") == attribute
    )
    scheme = shown if width == "phone" else next(s for s in SCHEMES if s != shown)
    show_scheme(page, scheme)
    rest_the_pointer(page)
    found = {f"{path or 'home'}, {WIDTHS[width]} px ({scheme})": axe_violations(page)}
    if path == "rules/1-7-combat/":
        page.locator(SHOWN_TERMS).nth(2).click()
        wait_until_card_filled(page)
        found[f"{path} with a glossary card open, {WIDTHS[width]} px ({scheme})"] = beside_the_card(
            page, axe_violations(page)
        )
        page.keyboard.press("Escape")
        expect(page.locator("#gloss-card")).to_be_hidden()
    return scheme, found


# Every target on the page a thumb can reach (visible, on the screen's width; the closed drawer's
# links are off it), each "control" or "text", and the targets that fail: [kind, what, size, why].
# A control is anything but a link or a term in running text: a button, a field (a box or a radio
# with its label, which a tap on either ticks), a summary, a button-like link (a rule's number, a
# button-styled link), a header label standing for a hidden input. For a link that wraps, its
# largest line piece is what a thumb aims at.
TARGETS_JS = """() => {
  const CONTROL = "button, input:not([type=hidden]), select, textarea, summary, a.md-button, a.rule-num, "
    + "[role=button]:not(abbr), label.md-header__button";
  const TEXT = "a[href], abbr.gloss[tabindex], [tabindex]:not([tabindex='-1'])";
  const shown = (el) => el.checkVisibility({visibilityProperty: true, opacityProperty: true}) && !el.closest("[inert]");
  const union = (boxes) => boxes.reduce((a, b) => new DOMRect(Math.min(a.left, b.left), Math.min(a.top, b.top),
    Math.max(a.right, b.right) - Math.min(a.left, b.left), Math.max(a.bottom, b.bottom) - Math.min(a.top, b.top)));
  const targets = [];
  for (const el of document.querySelectorAll(`${CONTROL}, ${TEXT}`)) {
    if (!shown(el) || el.disabled) continue;
    const control = el.matches(CONTROL);
    let box;
    if (control) {
      box = el.getBoundingClientRect();
      if (el.matches("input[type=checkbox], input[type=radio]") && el.labels) {
        box = union([box, ...[...el.labels].filter(shown).map((label) => label.getBoundingClientRect())]);
      }
    } else {
      const pieces = [...el.getClientRects()].filter((r) => r.width >= 1);
      if (!pieces.length) continue;
      box = pieces.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
    }
    if (box.width < 1 || box.height < 1 || box.right <= 0 || box.left >= innerWidth) continue;
    const what = (el.getAttribute("aria-label") || el.textContent || el.value || el.type || el.className)
      .trim().replace(/\\s+/g, " ").slice(0, 40);
    targets.push({el, box, kind: control ? "control" : "text", what: `${el.tagName.toLowerCase()}.${
      (typeof el.className === "string" ? el.className.trim().split(/\\s+/)[0] : "")} "${what}"`});
  }
  const near = (t, o) => {   // o's box comes within 12 px of t's centre
    const x = t.box.left + t.box.width / 2, y = t.box.top + t.box.height / 2;
    const dx = Math.max(o.box.left - x, 0, x - o.box.right), dy = Math.max(o.box.top - y, 0, y - o.box.bottom);
    return dx * dx + dy * dy < 144;
  };
  const failing = [];
  for (const t of targets) {
    const size = `${Math.round(t.box.width)}x${Math.round(t.box.height)}`;
    if (t.kind === "control") {
      if (t.box.width < 43.5 || t.box.height < 43.5) failing.push([t.kind, t.what, size, "under 44 x 44 px"]);
    } else if (t.box.width < 23.5 || t.box.height < 23.5) {
      failing.push([t.kind, t.what, size, "under 24 x 24 px"]);
    } else {
      const other = targets.find((o) => o !== t && !o.el.contains(t.el) && !t.el.contains(o.el) && near(t, o));
      if (other) failing.push([t.kind, t.what, size, `within 12 px of ${other.what}`]);
    }
  }
  return {count: targets.length, failing};
}"""
# One page of each kind, as a phone shows it; the ruling page with a rule and the odds (a link that
# holds them), the rule page with a glossary card open too.
TARGET_PAGES = [
    *[page for page in AXE_PAGES if page != "about/"],
    "rules/1-5-characters-companies/",
    "rules/standard-game-changes/",
    "turn-summary-card/",
    "ruling/?r=1.7.24,1.1.21&question=Q&a=A&c=calculators%2Fstrike%2F%23calc-strike&chances=Strike%20fails%2072.2%25",
]


def test_every_target_on_every_kind_of_page_is_a_thumbs(open_page):
    page = open_page(None, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    offenders = []
    for path in TARGET_PAGES:
        page.goto(f"{page.guard.origin}/{path}")
        page.wait_for_load_state("load")
        if path.startswith("ruling/"):
            expect(page.locator("#ruling .ruling-rule")).to_have_count(2)
        page.evaluate("document.querySelectorAll('article details').forEach((fold) => { fold.open = true; })")
        found = page.evaluate(TARGETS_JS)
        assert found["count"] >= 4, f"{path or 'home'}: too few targets found ({found['count']})"
        offenders += [f"{path or 'home'}: {kind} {what} {size}: {why}" for kind, what, size, why in found["failing"]]
        if path == "rules/1-7-combat/":
            page.locator(SHOWN_TERMS).nth(2).tap()
            wait_until_card_filled(page)
            offenders += [
                f"{path} with a glossary card open: {kind} {what} {size}: {why}"
                for kind, what, size, why in page.evaluate(TARGETS_JS)["failing"]
            ]
    assert not offenders, f"{len(offenders)} targets a thumb can miss:\n" + "\n".join(offenders)


LABELS_JS = """root => [...root.querySelectorAll('input, select, button')].filter(el => !el.closest('template'))
  .map(el => {
    const label = el.id ? document.querySelector(`label[for="${el.id}"]`) : null;
    const name = (label && label.textContent.trim()) || el.getAttribute('aria-label') || (el.tagName === 'BUTTON' ? el.textContent.trim() : '');
    const hint = (el.getAttribute('aria-describedby') || '').split(' ').filter(Boolean)
      .map(id => document.getElementById(id)).filter(Boolean).map(h => h.textContent.trim()).join(' ');
    const compact = Boolean(el.closest('.calc-row') && !el.closest('details'));   // a character's one-line row
    return {tag: el.tagName, id: el.id, name, hint, compact};
  })"""


@pytest.mark.parametrize("page_name", sorted(PAGES))
def test_every_input_has_a_label_and_a_hint(open_page, page_name):
    page = open_page(f"calculators/{page_name}/")
    controls = page.eval_on_selector("article", LABELS_JS)
    assert controls
    for control in controls:
        assert control["name"], control
        if control["tag"] != "BUTTON" and not control["compact"]:  # a compact row: labels only
            assert control["hint"], control
    ids = [c["id"] for c in controls if c["id"]]
    assert len(ids) == len(set(ids))


def test_glossary_links_name_real_terms():
    terms = {entry["id"] for entry in yaml.safe_load((ROOT / "sources" / "glossary.yaml").read_text())["terms"]}
    assert set(GLOSSARY.values()) <= terms, set(GLOSSARY.values()) - terms


def test_bad_input_shows_the_engines_message_at_the_field(open_page):
    page = open_page("calculators/strike/")
    wait_for_engine(page, "strike")
    good = result_text(page, "strike")
    page.click("#calc-strike details.calc-more > summary")  # weapons are under More modifiers
    before = page.get_attribute("#calc-strike", "data-params")  # the built page names its inputs too
    page.fill("#calc-strike-weapon", "2:8")
    expect(page.locator("#calc-strike")).not_to_have_attribute("data-params", before)
    expect(page.locator("#calc-strike")).to_have_attribute("data-result", "current")
    good = result_text(page, "strike")
    page.set_checked("#calc-strike-ringwraith", True)
    error = page.locator("#calc-strike-weapon-error")
    error.wait_for(state="visible")
    assert "Ringwraith" in error.inner_text()
    assert page.get_attribute("#calc-strike-weapon", "aria-invalid") == "true"
    assert result_text(page, "strike") == good, "the last good result is kept"
    assert "last good result" in page.inner_text("#calc-strike .calc-stale")
    page.fill("#calc-strike-weapon", "")
    error.wait_for(state="hidden")
    assert page.get_attribute("#calc-strike-weapon", "aria-invalid") is None


def test_an_empty_required_field_is_explained(open_page):
    page = open_page("calculators/influence/")
    wait_for_engine(page, "influence")
    page.fill("#calc-influence-required", "")
    error = page.locator("#calc-influence-required-error")
    error.wait_for(state="visible")
    assert "required" in error.inner_text().lower()
    assert page.locator("#calc-influence .calc-output").is_visible()
