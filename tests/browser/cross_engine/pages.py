"""One page in Firefox or WebKit, with the small part of Playwright's sync `Page` API that the
browser tests' helpers use (tests/browser/conftest.py: fill_view, wait_for_engine,
wait_for_params, result_text, ...), so those helpers and the cross-engine scenarios run
unchanged in all three engines; Chromium is driven by Playwright itself.

A driver (firefox.py, webkit.py) supplies a few primitives: evaluate a JavaScript expression,
navigate, and act on an element named by `steps` ([[css, nth], ...]: each step searched inside
the previous one's element; nth None is the first match, negative counts from the end)."""

from __future__ import annotations

import json
import re
import time
import warnings

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

WAIT_MS = 10_000          # how long an action waits for its element, as Playwright's actions do
POLL_S = 0.02
TICK_TRIES, TICK_WAIT_MS = 3, 2_000

# A function source ("el => ...", "async () => {...}", "function (x) {...}"), as opposed to an expression.
FUNCTION_SOURCE = re.compile(r"^\s*(async\s+)?(function\b|\([^()]*\)\s*=>|[\w$]+\s*=>)")

# The element `steps` name, or null.
ELEMENT_JS = """steps => {
  let scope = document;
  for (const [css, nth] of steps) {
    const found = scope.querySelectorAll(css);
    scope = found[nth == null ? 0 : nth < 0 ? found.length + nth : nth];
    if (!scope) return null;
  }
  return scope;
}"""
COUNT_JS = f"""steps => {{
  const parent = ({ELEMENT_JS})(steps.slice(0, -1));
  return parent ? parent.querySelectorAll(steps[steps.length - 1][0]).length : 0;
}}"""


class EngineError(RuntimeError):
    """The driver could not do what was asked (no such element, a script threw, ...)."""


class NotInAutomation(Exception):  # noqa: N818 (a reason to skip, not an error)
    """The engine's automation cannot do this check here; the message says why."""


def call_expression(expression: str, *args) -> str:
    """`expression` as a JavaScript expression: a function source is called with `args` (as JSON)."""
    if FUNCTION_SOURCE.match(expression):
        return f"({expression})({', '.join(json.dumps(a) for a in args)})"
    return expression


def click_until(page, selector: str, shown: str, *, tries: int, wait_ms: float, unseen: str) -> bool:
    """Click `selector` until the page shows `shown` (a JavaScript expression), at most `tries`
    times; True once it does. A WebDriver click under load is now and then lost before it reaches
    the page: each click after the first is a warning (`unseen`: what the last one failed to do).
    For any page with click and wait_for_function: Firefox's, WebKit's, or Playwright's."""
    engine = getattr(page, "engine", "chromium")        # the suite's Playwright pages are Chromium's
    for attempt in range(tries):
        if attempt:
            warnings.warn(f"{engine}: {unseen} after click {attempt}; clicking again", stacklevel=3)
        page.click(selector)
        try:
            page.wait_for_function(shown, timeout=wait_ms)
            return True
        except (TimeoutError, PlaywrightTimeoutError):
            continue
    return False


class DriverPage:
    engine = ""

    # --- what a driver supplies -------------------------------------------------------------------
    def _evaluate(self, expression: str):
        raise NotImplementedError

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    @property
    def url(self) -> str:
        raise NotImplementedError

    def _click(self, steps: list) -> None:
        raise NotImplementedError

    def _fill(self, steps: list, value: str) -> None:
        raise NotImplementedError

    def _select(self, steps: list, value: str) -> None:
        raise NotImplementedError

    def _type(self, text: str) -> None:
        raise NotImplementedError

    def _press(self, key: str) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def problems(self) -> list[str]:
        """Console errors, failed responses and requests that left 127.0.0.1 since the last call.
        Raises NotInAutomation where the driver cannot see them."""
        raise NotImplementedError

    def read_clipboard(self) -> str:
        return self.evaluate("navigator.clipboard.readText()")

    # --- Playwright's names -------------------------------------------------------------------------
    def evaluate(self, expression: str, arg=None):
        return self._evaluate(call_expression(expression, arg))

    def eval_on_selector(self, selector: str, expression: str, arg=None):
        self._wait_for([[selector, None]])
        return self._evaluate(f"({expression})(document.querySelector({json.dumps(selector)}), {json.dumps(arg)})")

    def get_attribute(self, selector: str, name: str):
        return self.eval_on_selector(selector, "(el, name) => el.getAttribute(name)", name)

    def click(self, selector: str) -> None:
        self.locator(selector).click()

    def fill(self, selector: str, value: str) -> None:
        self.locator(selector).fill(value)

    def select_option(self, selector: str, value: str) -> None:
        steps = [[selector, None]]
        self._wait_for(steps)
        self._select(steps, value)

    def set_checked(self, selector: str, checked: bool) -> None:
        """Click the box until it shows `checked`, as Playwright's set_checked makes sure of. A
        WebDriver click under load can be lost, or be retried after it landed (a full run once
        ended with a WebKit row's tick missing from the result); a second try is a warning."""
        if bool(self.eval_on_selector(selector, "el => el.checked")) == checked:
            return
        shows_it = f"document.querySelector({json.dumps(selector)})?.checked === {json.dumps(checked)}"
        if not click_until(self, selector, shows_it, tries=TICK_TRIES, wait_ms=TICK_WAIT_MS,
                           unseen=f"{selector} was not {'ticked' if checked else 'unticked'}"):
            raise EngineError(f"{self.engine}: {TICK_TRIES} clicks did not make {selector} checked={checked}")

    def locator(self, selector: str) -> Locator:
        return Locator(self, [[selector, None]])

    @property
    def keyboard(self) -> Keyboard:
        return Keyboard(self)

    def wait_for_timeout(self, milliseconds: float) -> None:
        time.sleep(milliseconds / 1000)

    def wait_for_function(self, expression: str, arg=None, *, timeout: float = 30_000, polling=None):
        """Poll until `expression` is truthy; a navigation under way counts as not yet."""
        deadline = time.monotonic() + timeout / 1000
        last_error = None
        while True:
            try:
                value = self.evaluate(expression, arg)
            except EngineError as error:
                value, last_error = None, error
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.engine}: waited {timeout:.0f} ms for {expression}"
                                   + (f" (last error: {last_error})" if last_error else ""))
            time.sleep(POLL_S)

    def _wait_for(self, steps: list) -> None:
        self.wait_for_function(f"!!({ELEMENT_JS})({json.dumps(steps)})", timeout=WAIT_MS)


class Locator:
    """Playwright's Locator, as far as the helpers use it: count, first/last/nth, locator, click, fill."""

    def __init__(self, page: DriverPage, steps: list):
        self.page, self.steps = page, steps

    def _with_nth(self, nth: int) -> Locator:
        return Locator(self.page, [*self.steps[:-1], [self.steps[-1][0], nth]])

    @property
    def first(self) -> Locator:
        return self._with_nth(0)

    @property
    def last(self) -> Locator:
        return self._with_nth(-1)

    def nth(self, index: int) -> Locator:
        return self._with_nth(index)

    def locator(self, selector: str) -> Locator:
        return Locator(self.page, [*self.steps, [selector, None]])

    def count(self) -> int:
        return self.page.evaluate(COUNT_JS, self.steps)

    def click(self) -> None:
        self.page._wait_for(self.steps)
        self.page._click(self.steps)

    def fill(self, value: str) -> None:
        self.page._wait_for(self.steps)
        self.page._fill(self.steps, value)


class Keyboard:
    def __init__(self, page: DriverPage):
        self.page = page

    def type(self, text: str) -> None:
        self.page._type(text)

    def press(self, key: str) -> None:
        self.page._press(key)
