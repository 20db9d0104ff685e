"""Every calculator and a rule page on a 390 x 844 phone, before and after a change, as pictures
and one table: whether the answer stays in view while a field is edited.

    python -m benchmarks.phone_screenshots --baseline REF     (make screenshots BASELINE=REF)

writes test-results/phone-screenshots/{before,after}/<page>-{open,editing,full}.png and
test-results/phone-screenshots/README.md. "before" is the project at REF, built under build/;
"after" is this tree, built afresh. For each calculator page: the screen as it opens, the screen
while its third visible field is edited (scrolled into view as a thumb does, then changed), and
the whole page. The table says, for each, whether the answer was on the screen while editing
and how tall the page is. Run it after `make test`: pytest-playwright empties test-results/.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from contextlib import contextmanager
from pathlib import Path

from benchmarks.browser_bench import ENGINE_READY, chromium_path, poll
from benchmarks.in_flight import InFlight
from benchmarks.site_build import ROOT, checkout, time_build
from devtools.serve import start_server
from tests.support.browser import PHONE
from tests.support.page_hooks import hooked

OUT = ROOT / "test-results" / "phone-screenshots"
EDITED_FIELD = 2  # the third visible field
# The calculator's answer: the summary bar where there is one, else the result's first block.
ANSWER = ".calc-summary, .calc-result"
ANSWER_IN_VIEW_JS = """selector => [...document.querySelector('.calculator').querySelectorAll(selector)]
  .some(el => { const r = el.getBoundingClientRect();
                return r.height > 0 && r.bottom > 0 && r.top < innerHeight; })"""


# The edited field is on the screen and not under the answer's bar.
FIELD_CLEAR_JS = """el => { const r = el.getBoundingClientRect();
  const bar = el.closest('.calculator').querySelector('.calc-summary');
  const top = bar ? Math.min(innerHeight, bar.getBoundingClientRect().top) : innerHeight;
  return r.top >= 0 && r.bottom <= top + 0.5; }"""


READING_PAGES = ["rules/1-7-combat/#r1-7-25"]  # a rule page, opened at a rule


def calculator_pages(site: Path) -> list[str]:
    """Every page of `site` with a calculator on it, as paths from the root ("calculators/strike/")."""
    return [
        p.parent.relative_to(site).as_posix() + "/"
        for p in sorted(site.rglob("index.html"))
        if 'class="calculator' in p.read_text(encoding="utf-8")
    ]


def change(field) -> None:
    """A different value in `field`, as a thumb would give it: a tap, then the new value."""
    kind = field.evaluate("el => el.tagName === 'SELECT' ? 'select' : el.type")
    field.tap()  # focuses it (a box is ticked by the tap itself)
    if kind == "select":
        options = field.evaluate("el => [...el.options].map(o => o.value)")
        current = field.input_value()
        field.select_option(next((o for o in options if o != current), current))
    elif kind not in ("checkbox", "radio"):
        current = field.input_value()
        field.fill(str(int(current) + 1) if current.lstrip("-").isdigit() else "3")


@contextmanager
def phone_page(browser, url: str):
    """A fresh phone context (no service worker: every visit is a first one) opened at `url`."""
    context = browser.new_context(**PHONE, service_workers="block")
    try:
        page = context.new_page()
        page.in_flight = InFlight(page)
        page.goto(url)
        yield page
    finally:
        context.close()


def shoot(browser, origin: str, page_path: str, folder: Path) -> dict:
    name = page_path.strip("/").replace("/", "-")
    with phone_page(browser, f"{origin}/{page_path}") as page:
        poll(page, ENGINE_READY)
        page.wait_for_timeout(300)
        page.screenshot(path=str(folder / f"{name}-open.png"))
        candidates = page.locator(".calculator").first.locator("input, select")
        fields = [candidates.nth(i) for i in range(candidates.count()) if candidates.nth(i).is_visible()]
        field = fields[min(EDITED_FIELD, len(fields) - 1)]
        field.scroll_into_view_if_needed()
        updates = page.evaluate(hooked("hooks.engineTimings().updates || 0", earlier_sites=True))
        change(field)
        poll(page, hooked(f"(hooks.engineTimings().updates || 0) > {updates}", earlier_sites=True), 20)
        page.wait_for_timeout(200)
        in_view = page.evaluate(ANSWER_IN_VIEW_JS, ANSWER)
        field_clear = field.evaluate(FIELD_CLEAR_JS)
        page.screenshot(path=str(folder / f"{name}-editing.png"))
        page.screenshot(path=str(folder / f"{name}-full.png"), full_page=True)
        height = page.evaluate("document.documentElement.scrollHeight")
        return {
            "page": page_path,
            "name": name,
            "answer_in_view": in_view,
            "field_clear": field_clear,
            "height": height,
            "fields": len(fields),
        }


def shoot_reading(browser, origin: str, page_path: str, folder: Path) -> dict:
    """A rule page opened at a rule, as a link or a search result opens it, and whole."""
    name = page_path.split("#")[0].strip("/").replace("/", "-")
    with phone_page(browser, f"{origin}/{page_path}") as page:
        page.in_flight.wait_until_quiet()
        page.screenshot(path=str(folder / f"{name}-open.png"))
        page.screenshot(path=str(folder / f"{name}-full.png"), full_page=True)
        return {"page": page_path, "name": name, "height": page.evaluate("document.documentElement.scrollHeight")}


def shoot_build(browser, root: Path, site: Path, folder: Path) -> list[dict]:
    """The project at `root`, built into `site` for its own server's address, then photographed."""
    site.mkdir(parents=True, exist_ok=True)
    server, origin = start_server(site)
    try:
        time_build(site, origin + "/", 1, root)
        folder.mkdir(parents=True, exist_ok=True)
        return [shoot(browser, origin, page_path, folder) for page_path in calculator_pages(site)] + [
            shoot_reading(browser, origin, page_path, folder) for page_path in READING_PAGES
        ]
    finally:
        server.shutdown()


def table(before: list[dict], after: list[dict], baseline: str) -> str:
    rows = {r["page"]: {"before": r} for r in before}
    for r in after:
        rows.setdefault(r["page"], {})["after"] = r

    def cell(shot: dict | None, side: str) -> str:
        if not shot:
            return "(no such page)"
        if "fields" not in shot:  # a reading page
            return (
                f"page {shot['height']} px ([open]({side}/{shot['name']}-open.png) · "
                f"[full]({side}/{shot['name']}-full.png))"
            )
        seen = "answer in view" if shot["answer_in_view"] else "answer off screen"
        if not shot["field_clear"]:
            seen += " (the field under it)"
        fields = f"{shot['fields']} field" + ("s" if shot["fields"] != 1 else "")
        return (
            f"{seen}, page {shot['height']} px, {fields} first "
            f"([open]({side}/{shot['name']}-open.png) · [editing]({side}/{shot['name']}-editing.png) · "
            f"[full]({side}/{shot['name']}-full.png))"
        )

    lines = [
        "# Calculators and a rule page on a 390 x 844 phone: before and after",
        "",
        f"Before: the project at `{baseline}`. After: this tree. Fields: those shown before any "
        "disclosure is opened. While editing: the third of them scrolled into view and changed.",
        "",
        "| page | before | after |",
        "|---|---|---|",
    ]
    lines += [
        f"| {page} | {cell(r.get('before'), 'before')} | {cell(r.get('after'), 'after')} |"
        for page, r in sorted(rows.items())
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", metavar="REF", required=True, help="the git ref to show as 'before'")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    shutil.rmtree(OUT, ignore_errors=True)
    sites = {
        "before": (checkout(args.baseline), ROOT / "build" / "screens-before"),
        "after": (ROOT, ROOT / "build" / "screens-after"),
    }
    shots = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path())
        try:
            for side, (root, site) in sites.items():
                shots[side] = shoot_build(browser, root, site, OUT / side)
        finally:
            browser.close()
    (OUT / "README.md").write_text(table(shots["before"], shots["after"], args.baseline), encoding="utf-8")
    print((OUT / "README.md").read_text(encoding="utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
