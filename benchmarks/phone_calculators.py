"""The calculators on a phone (the tests' phone profile: 390 x 844, touch), as a player at the
table uses them, in one browser context:

  moving     on the strike calculator, once its engine has started and the offline copy (the
             engine's too) is saved: the navigation drawer's link to the corruption check is
             tapped; ms from the tap to the engine's answer there to an input changed as soon as
             the page is wired
  offline    then, offline, a new tab opens the corruption check (the engine kept on the device);
             ms from the navigation's start to the engine's answer to an input changed as soon as
             the page is wired

The input is changed, and the answer noticed, by a script in the page (an init script, so that a
link that loads a new document has it too), so that no round trip to the browser counts. An answer
is the calculator's shown params following the changed input: a page that has to start Python
first shows its built result meanwhile. `measure(browser, origin)` gives {"moving": ms, "offline": ms}.
"""

from __future__ import annotations

import json

from playwright.sync_api import Error as PlaywrightError

from benchmarks.browser_bench import ENGINE_READY, OFFLINE_SAVED, poll

FIRST = "calculators/strike/"
NEXT = "calculators/corruption/"
DRAWER_BUTTON = 'label.md-header__button[for="__drawer"]'
NEXT_LINK = f'nav.md-nav--primary a.md-nav__link[href$="{NEXT}"]'
TIMEOUT_S = 60
# The next calculator, the input changed on it and the value, which its default is not.
BOX, INPUT, PARAM, VALUE = "#calc-corruption", "#calc-corruption-points", "points", 7

# Times are ms since the epoch, in sessionStorage: a link that loads a new document would take a
# page variable with it.
AT_PAGE_JS = """((box, input, param, value) => {
  const now = () => String(performance.timeOrigin + performance.now());
  addEventListener("click", (event) => {
    if (event.target.closest("a[href]") && !sessionStorage.getItem("bench.tapped")) {
      sessionStorage.setItem("bench.tapped", String(performance.timeOrigin + event.timeStamp));
    }
  }, { capture: true });
  const look = () => {
    const calculator = document.querySelector(box);
    if (!calculator || !calculator.dataset.wired) return;
    if (!calculator.dataset.benchChanged) {
      calculator.dataset.benchChanged = "yes";
      const field = calculator.querySelector(input);
      field.value = String(value);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    } else if (!sessionStorage.getItem("bench.answered")
               && JSON.parse(calculator.dataset.params || "{}")[param] === value) {
      sessionStorage.setItem("bench.answered", now());
    }
  };
  const start = () => {
    new MutationObserver(look).observe(document.body, {
      subtree: true, childList: true, attributes: true, attributeFilter: ["data-wired", "data-params"] });
    look();
  };
  if (document.body) start(); else addEventListener("DOMContentLoaded", start, { once: true });
})(%s)"""
ANSWERED = "Number(sessionStorage.getItem('bench.answered'))"
TAPPED = "Number(sessionStorage.getItem('bench.tapped'))"


def _answered_at(page) -> float:
    """Waits for the answer, through a link that loads a new document (its context is replaced)."""
    while True:
        try:
            return poll(page, ANSWERED, TIMEOUT_S)
        except PlaywrightError as error:
            if "context was destroyed" not in str(error) and "navigat" not in str(error):
                raise


def measure(browser, origin: str) -> dict[str, float]:
    from tests.support.browser import PHONE  # here: tests.support.browser imports browser_bench

    at_page = AT_PAGE_JS % ", ".join(json.dumps(arg) for arg in (BOX, INPUT, PARAM, VALUE))
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(f"{origin}/{FIRST}")
        poll(page, ENGINE_READY)
        poll(page, OFFLINE_SAVED)
        context.add_init_script(at_page)  # every later document of the context
        page.evaluate(at_page)  # this one, which instant navigation keeps
        page.locator(DRAWER_BUTTON).tap()
        page.locator(NEXT_LINK).first.tap()
        moving = _answered_at(page) - page.evaluate(TAPPED)
        page.close()

        context.set_offline(True)
        page = context.new_page()
        page.goto(f"{origin}/{NEXT}", wait_until="commit")
        offline = _answered_at(page) - page.evaluate("performance.timeOrigin")
        return {"moving": moving, "offline": offline}
    finally:
        context.close()
