"""One page in Firefox or WebKit, with the small part of Playwright's sync `Page` API that the
browser tests' helpers use (tests/support/browser.py: fill_view, wait_for_engine,
wait_for_params, result_text, ...), so those helpers and the cross-engine scenarios run
unchanged in all three engines; Chromium is driven by Playwright itself.

A driver (firefox.py, webkit.py) supplies a few primitives: evaluate a JavaScript expression,
navigate, and act on an element named by `steps` ([[css, nth], ...]: each step searched inside
the previous one's element; nth None is the first match, negative counts from the end)."""

from __future__ import annotations

import json
import re
import time

from tests.support.waiting import DEADLINE_MS, PAGE_STATE_JS

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
# True once the element `steps` name takes a tap: in the document, laid out, the same element with
# the same box over two frames, and the topmost element at its middle (what Playwright checks
# before it acts). Each ask brings it to the middle of the screen again, as Playwright scrolls
# again before each try: a form that grew or shrank above it since may have moved it off screen.
SETTLED_JS = f"""steps => new Promise((resolve) => {{
  const shown = ({ELEMENT_JS})(steps);
  if (shown) shown.scrollIntoView({{block: "center", inline: "center"}});
  const boxOf = () => {{
    const el = ({ELEMENT_JS})(steps);
    if (!el || !el.isConnected || !el.getClientRects().length) return null;
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit && (el === hit || el.contains(hit) || el.control === hit || hit.control === el)
      ? {{el, box: [box.left, box.top, box.width, box.height].join()}} : null;
  }};
  const first = boxOf();
  if (!first) {{ resolve(false); return; }}
  requestAnimationFrame(() => requestAnimationFrame(() => {{
    const then = boxOf();
    resolve(!!then && then.el === first.el && then.box === first.box);
  }}));
}})"""
COUNT_JS = f"""steps => {{
  const parent = ({ELEMENT_JS})(steps.slice(0, -1));
  return parent ? parent.querySelectorAll(steps[steps.length - 1][0]).length : 0;
}}"""


# Asks `ask` at each animation frame (and each 50 ms, should frames stop) for up to `ms`: its
# first truthy answer, or null.
POLL_JS = """new Promise((resolve) => {
  const until = performance.now() + %(ms)f;
  const ask = async () => {
    let answer = null;
    try { answer = await (%(ask)s)(); } catch { answer = null; }
    if (answer || performance.now() > until) { resolve(answer || null); return; }
    setTimeout(ask, 16);
  };
  ask();
})"""


class EngineError(RuntimeError):
    """The driver could not do what was asked (no such element, a script threw, ...)."""


class NotActionableYet(EngineError):  # noqa: N818 (a state of the page, not a failure)
    """The engine refused an action before taking it: the element was covered, had no box, or was
    replaced between being found and being acted on. The page is not yet in the state the action
    needs; nothing was done."""


class NotInAutomation(Exception):  # noqa: N818 (a reason to skip, not an error)
    """The engine's automation cannot do this check here; the message says why."""


def call_expression(expression: str, *args) -> str:
    """`expression` as a JavaScript expression: a function source is called with `args` (as JSON)."""
    if FUNCTION_SOURCE.match(expression):
        return f"({expression})({', '.join(json.dumps(a) for a in args)})"
    return expression


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
        self._select([[selector, None]], value)

    def set_checked(self, selector: str, checked: bool) -> None:
        """Click the box unless it shows `checked` already, then wait until it does, as Playwright's
        set_checked makes sure of."""
        if bool(self.eval_on_selector(selector, "el => el.checked")) == checked:
            return
        self.click(selector)
        self.wait_for_function(f"document.querySelector({json.dumps(selector)})?.checked === {json.dumps(checked)}")

    def locator(self, selector: str) -> Locator:
        return Locator(self, [[selector, None]])

    @property
    def keyboard(self) -> Keyboard:
        return Keyboard(self)

    def wait_for_function(self, expression: str, arg=None, *, timeout: float = DEADLINE_MS, polling=None):
        """Until `expression` is truthy, asked in the page at each animation frame (as Playwright's
        own does); a navigation under way ends the page's wait, and the wait goes on in the next
        document for the time that is left. If the deadline passes, the error says what the page
        was in."""
        deadline = time.monotonic() + timeout / 1000
        last_error = None
        while True:
            left_ms = max(0, (deadline - time.monotonic()) * 1000)
            try:
                value = self._evaluate(POLL_JS % {"ask": f"() => {call_expression(expression, arg)}", "ms": left_ms})
            except EngineError as error:
                value, last_error = None, error
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"{self.engine}: waited {timeout:.0f} ms for {expression}"
                    + (f" (last error: {last_error})" if last_error else "")
                    + f"; the page: {self.state()}"
                )

    def state(self):
        """What the page is in (PAGE_STATE_JS), or why the engine could not say."""
        try:
            return self._evaluate(call_expression(PAGE_STATE_JS))
        except EngineError as error:
            return f"unknown ({error})"

    def _wait_for(self, steps: list) -> None:
        self.wait_for_function(f"!!({ELEMENT_JS})({json.dumps(steps)})")

    def when_actionable(self, steps: list, action):
        """Do `action` once the element `steps` name takes input, as Playwright waits before it
        acts: in the middle of the screen, the same element with the same box over two frames, and
        the topmost element there (SETTLED_JS). The drivers act at once, at the point where they
        found the element: on a loaded machine a page still laying out (a fold opened, the form
        re-rendered, a result list redrawn) moves or replaces it in between, and the engine refuses
        the action before taking it (NotActionableYet): then the state is waited for again. One
        deadline for the whole action, as for every wait; an action taken is never repeated."""
        deadline = time.monotonic() + DEADLINE_MS / 1000
        while True:
            self.wait_for_function(SETTLED_JS, steps, timeout=max((deadline - time.monotonic()) * 1000, 0))
            try:
                return action()
            except NotActionableYet:
                if time.monotonic() >= deadline:
                    raise


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

    def expect(self, message: str | None = None) -> Expectation:
        return Expectation(self, message)

    def click(self) -> None:
        self.page._click(self.steps)

    def fill(self, value: str) -> None:
        self.page._fill(self.steps, value)


class Keyboard:
    def __init__(self, page: DriverPage):
        self.page = page

    def type(self, text: str) -> None:
        self.page._type(text)

    def press(self, key: str) -> None:
        self.page._press(key)


# The element as a failed expectation found it: its start tag and its text, or null.
FOUND_JS = f"""steps => {{
  const el = ({ELEMENT_JS})(steps);
  return el && {{tag: el.outerHTML.slice(0, el.outerHTML.indexOf(">") + 1), text: el.textContent.trim().slice(0, 300)}};
}}"""


class Expectation:
    """Playwright's `expect(locator)`, as far as the tests use it: each assertion waits (in the
    page) until it holds, then fails with `message`."""

    def __init__(self, locator: Locator, message: str | None):
        self.locator, self.message = locator, message

    def _until(self, check_js: str, arg, timeout: float | None, what: str) -> None:
        element = f"({ELEMENT_JS})({json.dumps(self.locator.steps)})"
        try:
            self.locator.page.wait_for_function(
                f"arg => ({check_js})({element}, arg)", arg, timeout=DEADLINE_MS if timeout is None else timeout
            )
        except TimeoutError as error:
            found = self.locator.page.evaluate(FOUND_JS, self.locator.steps)
            raise AssertionError(f"{self.message or f'{self.locator.steps}: {what}'}; found: {found}") from error

    def to_be_attached(self, timeout: float | None = None) -> None:
        self._until("(el) => !!el", None, timeout, "not on the page")

    def to_have_attribute(self, name: str, value: str, timeout: float | None = None) -> None:
        self._until(
            "(el, [name, value]) => !!el && el.getAttribute(name) === value",
            [name, value],
            timeout,
            f"{name} is not {value!r}",
        )

    def to_have_text(self, text: str, timeout: float | None = None) -> None:
        self._until("(el, text) => !!el && el.textContent.trim() === text", text, timeout, f"text is not {text!r}")

    def not_to_contain_text(self, text: str, timeout: float | None = None) -> None:
        self._until("(el, text) => !el || !el.textContent.includes(text)", text, timeout, f"still says {text!r}")


def problems_since_last_asked(page) -> list[str]:
    """Console errors and requests that left 127.0.0.1, in any engine (NotInAutomation where unseen)."""
    guard = getattr(page, "guard", None)  # Chromium: tests/support/browser.py's Guard
    if guard is None:
        return page.problems()
    seen = guard.console_errors + [f"request left 127.0.0.1: {url}" for url in guard.external]
    guard.console_errors.clear()
    guard.external.clear()
    return seen


def wait_until_reported(page, text: str, event: str) -> None:
    """Until a problem containing `text`, from the page's `event` ("pageerror" or "response"),
    has reached what problems_since_last_asked reads: the automation's events arrive after the
    page has gone on."""
    heard = getattr(page, "heard", None)  # Firefox: its bridge waits for the BiDi event
    if heard:
        heard(text, DEADLINE_MS)
    else:  # Chromium: tests/support/browser.py's Guard
        page.guard.heard(page, text, event, DEADLINE_MS)


def clipboard_text(page) -> str:
    """What the clipboard holds (NotInAutomation where the engine will not tell)."""
    reader = getattr(page, "read_clipboard", None)  # Firefox, WebKit
    return reader() if reader else page.evaluate("navigator.clipboard.readText()")
