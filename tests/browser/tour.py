"""A reader going from calculator to calculator: the first page opens as a page load and starts
the engine, each later one through the site's navigation link, which Material's instant
navigation follows in the same document, keeping its one engine. An engine start is the
costliest thing a browser test does (in Firefox and WebKit more than in Chromium); checking a
calculator costs a small part of it. Any page with Playwright's evaluate,
goto, click and wait_for_function will do: Playwright's own, or Firefox's and WebKit's
(tests/browser/cross_engine/pages.py)."""

from __future__ import annotations

import contextlib
import json

from tests.browser.cross_engine import hooks

ON_THE_TOUR = "window.__calculatorTour === true"  # set on a page load; gone after the next one

# Scrolls the link into view; true once a tap at its middle would reach it. Material sizes the
# sidebar's scrolling box after the page has loaded: until then (seen in WebKit) the link lies
# below the window's edge and cannot be scrolled to.
REACHABLE_JS = """selector => {
  const link = document.querySelector(selector);
  if (!link) return false;
  link.scrollIntoView({block: "center"});
  const box = link.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return !!hit && link.contains(hit);
}"""


class CalculatorTour:
    """One page, going from calculator to calculator (a desktop-wide window: the links are in the
    sidebar)."""

    def __init__(self, page, origin: str):
        self.page, self.origin = page, origin

    def visit(self, name: str):
        """The calculator page `name`: by its navigation link when the page is on the tour (the
        link must be followed in the same document), else by a page load. Should the visit fail,
        the next one is a page load."""
        try:
            return self._visit(name)
        except BaseException:
            self.leave()
            raise

    def _visit(self, name: str):
        page, link = self.page, hooks.calculator_link(name)
        # Material may change the address before it swaps the page's content: the calculators
        # of the page being left are marked, so only the next page's count as arrived.
        arrived = (
            f"location.pathname.endsWith('/calculators/{name}/') && "
            f"[...document.querySelectorAll('{hooks.CALCULATOR_BOX}')].some(box => !box.dataset.tourLeft)"
        )
        if page.evaluate(f"{ON_THE_TOUR} && !!document.querySelector({json.dumps(link)})"):
            page.wait_for_function(REACHABLE_JS, link)
            page.evaluate(
                f"document.querySelectorAll('{hooks.CALCULATOR_BOX}').forEach(box => box.dataset.tourLeft = 'yes')"
            )
            page.click(link)
            assert page.evaluate(ON_THE_TOUR), f"{page.engine}: the link to {name} loaded a new page"
        else:
            page.goto(f"{self.origin}/calculators/{name}/")
            page.evaluate("window.__calculatorTour = true")
        page.wait_for_function(arrived)
        return page

    def leave(self) -> None:
        """The next visit is a page load (the engine starts again)."""
        with contextlib.suppress(Exception):  # a page that cannot answer is left by a page load too
            self.page.evaluate("window.__calculatorTour = false")
