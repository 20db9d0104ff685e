"""What the browser tests share: the phone, the calculator pages, the browser's launch, the guard
on every page, and helpers that read and fill the calculators' forms. The helpers take a
Playwright page or a cross-engine page (tests/browser/cross_engine/pages.py), and wait the
library's way: `expect` (below) on a locator."""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import time
from pathlib import Path
from typing import ClassVar
from urllib.parse import parse_qsl, quote_plus, urlparse

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect as playwright_expect

from benchmarks import browser_bench
from benchmarks.in_flight import InFlight
from calculators.views.catalogue import VIEWS
from calculators.views.games import game_of
from calculators.views.page_api import read_link, render
from calculators.views.values import default_values, engine_params
from tests.browser.cross_engine.pages import FUNCTION_SOURCE
from tests.support.waiting import DEADLINE_MS, PAGE_STATE_JS

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
COMBAT = "rules/1-7-combat/"
SBG_ADVANCED = "rules/sbg-advanced-rules/"

CALCULATOR_PAGES = {
    "strike": ["strike", "attack"],
    "corruption": ["corruption", "removal"],
    "influence": ["influence", "control-sheet"],
    "keying": ["keying"],
    "hazard-limit": ["hazard-limit"],
    "audience": ["audience"],
}
SWIM_PAGE = {"swim": ["swim", "passenger-hit", "mount"]}
ALL_CALCULATOR_PAGES = {**CALCULATOR_PAGES, **SWIM_PAGE}  # the calculator pages, the SBG one included
# --liftoff-only: WebAssembly runs on V8's baseline compiler alone. The engine's answers do not
# depend on the tier, and the optimising tier's compiles, wasted on a page that lives a few
# seconds, are a large share of an engine start's CPU (make bench measures Chromium as shipped,
# with browser_bench's arguments alone).
# --host-resolver-rules: no host name but 127.0.0.1 resolves, so a request that would leave the
# machine fails at once; the guard (below) names it.
CHROMIUM_ARGS = [
    *browser_bench.ARGS,
    "--js-flags=--liftoff-only",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]


def chromium_path() -> str | None:
    """$CHROMIUM, else Debian's chromium-headless-shell, else its chromium, else None for Playwright's
    own download. The headless shell is Chromium's engine (Blink and V8, the same version) without the
    browser around it, as Playwright itself runs headless tests: the same tests take markedly less
    CPU in it. `make bench` measures chromium."""
    for candidate in (
        os.environ.get("CHROMIUM"),
        shutil.which("chromium-headless-shell"),
        shutil.which("chromium"),
        "/usr/bin/chromium",
    ):
        if candidate and Path(candidate).exists():
            return candidate
    return None


class Guard:
    """Records every request that would leave 127.0.0.1 and every console error (a
    Content-Security-Policy violation is one). The service worker's own requests (precaching) are
    kept apart from the page's, in `worker_requests`.

    It listens to a context in one of two ways. `listen`: every request the pages and the service
    worker make, as they make them, with the browser's HTTP cache on (a request that would leave
    the machine fails at once: CHROMIUM_ARGS). `route`, for the tests of the offline copy: only
    what reaches the network past the service worker (a request it answers from its caches is not
    routed), and it blocks what would leave; Playwright's interception turns the HTTP cache off,
    so every page then downloads every file again, the engine's wasm too."""

    def __init__(self):
        self.external: list[str] = []
        self.console_errors: list[str] = []
        self.requests: list[str] = []
        self.worker_requests: list[str] = []

    def listen(self, context) -> None:
        context.on("request", self.record)

    def record(self, request) -> bool:
        """Notes the request, and answers whether it stays on 127.0.0.1."""
        url = request.url
        (self.worker_requests if request.service_worker else self.requests).append(url)
        if urlparse(url).hostname != "127.0.0.1" and not url.startswith(("data:", "blob:")):
            self.external.append(url)
            return False
        return True

    def route(self, route):
        if self.record(route.request):
            route.continue_()
        else:
            route.abort()

    # How a problem from each of these page events is worded in console_errors.
    WORDING: ClassVar[dict] = {
        "pageerror": lambda error: f"uncaught: {error}",
        "response": lambda response: f"HTTP {response.status}: {response.url}",
    }

    def watch(self, page):
        page.on("console", lambda message: message.type == "error" and self.console_errors.append(message.text))
        page.on("pageerror", lambda error: self.console_errors.append(self.WORDING["pageerror"](error)))
        page.on(
            "response",
            lambda response: response.status >= 400 and self.console_errors.append(self.WORDING["response"](response)),
        )
        return page

    def heard(self, page, text: str, event: str, timeout_ms: float) -> None:
        """Until a problem containing `text`, from the page's `event`, is in console_errors (the sync
        API hears the page only inside its own calls: the wait is one)."""
        if not any(text in problem for problem in self.console_errors):
            page.wait_for_event(event, lambda happened: text in self.WORDING[event](happened), timeout=timeout_ms)


# The pages the running test has opened: if it fails, its report says what each was in
# (tests/browser/conftest.py). Emptied as each test starts.
OPEN_PAGES: list = []


def guarded_page(context, guard: Guard, origin: str, path: str | None):
    page = guard.watch(context.new_page())
    OPEN_PAGES.append(page)
    page.set_default_timeout(DEADLINE_MS)  # every action's and wait's, as expect's
    page.guard = guard
    page.in_flight = InFlight(page)
    page.wait_for_function = functools.partial(wait_for_function_under_csp, page)
    guard.origin = origin
    if path is not None:
        page.goto(origin + "/" + path.lstrip("/"))
    return page


def assert_guards_clean(guards: list[Guard]) -> None:
    for guard in guards:
        assert not guard.external, f"requests left 127.0.0.1: {guard.external[:5]}"
        assert not guard.console_errors, f"console errors: {guard.console_errors[:5]}"


NO_SERVICE_WORKER_JS = "delete Navigator.prototype.serviceWorker"


# Playwright's expect waits 5 s by default: a guess at how fast the machine is. Every wait here
# has the suite's one deadline instead (tests/support/waiting.py).
playwright_expect.set_options(timeout=DEADLINE_MS)


def expect(target, message: str | None = None):
    """Playwright's `expect` for a Playwright locator; the cross-engine pages' own for theirs."""
    if hasattr(target, "expect"):
        return target.expect(message)
    return playwright_expect(target, message)


# Asks `check` every 16 ms (a frame) until it is truthy or `ms` have passed: the page waits,
# not Python.
WAIT_IN_PAGE_JS = """async (arg) => {
  const check = %(check)s;
  const until = performance.now() + %(ms)f;
  for (;;) {
    const answer = await check(arg);
    if (answer || performance.now() > until) return answer || null;
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
}"""


def wait_for_function_under_csp(page, expression: str, arg=None, *, timeout: float = DEADLINE_MS, polling=None):
    """page.wait_for_function, waited for inside the page by one page.evaluate. Playwright's own
    builds its predicate with eval inside the page, which the site's Content-Security-Policy (no
    'unsafe-eval') refuses, as a console error; page.evaluate is not subject to the policy. A
    navigation under way ends the page's wait: it goes on in the next document for the time left.
    If the deadline passes, the error says what the page was in."""
    check = f"({expression})" if FUNCTION_SOURCE.match(expression) else f"() => ({expression})"
    deadline = time.monotonic() + timeout / 1000
    while True:
        left_ms = max(0.0, (deadline - time.monotonic()) * 1000)
        try:
            answer = page.evaluate(WAIT_IN_PAGE_JS % {"check": check, "ms": left_ms}, arg)
        except PlaywrightError as error:
            if "context was destroyed" not in str(error) and "navigat" not in str(error):
                raise
            answer = None  # the document went: its successor is asked
        if answer:
            return answer
        if time.monotonic() > deadline:
            raise PlaywrightTimeoutError(
                f"wait_for_function: timeout {timeout:.0f} ms exceeded: {expression}; the page: {page_state(page)}"
            )


def what_each_page_was_in() -> str:
    """For a failed test's report: each page it opened, what it was in and the requests it still
    had open."""
    lines = []
    for page in OPEN_PAGES:
        if getattr(page, "is_closed", lambda: False)():
            continue
        in_flight = getattr(page, "in_flight", None)
        lines.append(f"{page_state(page)}" + (f"; requests open: {in_flight.open_requests}" if in_flight else ""))
    return "\n".join(lines)


def page_state(page):
    """What the page is in (PAGE_STATE_JS), or why it could not say (closed, between documents); a
    cross-engine page says it itself."""
    if hasattr(page, "state"):
        return page.state()
    try:
        return page.evaluate(PAGE_STATE_JS)
    except PlaywrightError as error:
        return f"unknown ({error.message.splitlines()[0]})"


# --- helpers the tests share ----------------------------------------------------------------------

# True once no transition or finite animation is running: colours are read at rest, not mid-fade
# (a busy machine can stretch a 0.25 s fade past the moment a test looks).
STILL_JS = """() => document.getAnimations().every(a => a.playState !== 'running'
  || a.effect?.getComputedTiming().iterations === Infinity)"""


def wait_until_still(page) -> None:
    page.wait_for_function(STILL_JS)


# Resolves after the next two frames and the tasks queued in them: what an event asked of the
# frames after it (a redraw, a placement) has been done.
AFTER_FRAMES_JS = (
    "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done))))"
)


def wait_for_the_next_frames(page) -> None:
    page.evaluate(AFTER_FRAMES_JS)


def answer_late(page, path: str, seconds: float) -> None:
    """The page at `path` arrives `seconds` late, as over a slow phone network (the request then
    goes on to the open_page guard). The sync API runs the handler while the test waits on the page."""

    def late(route):
        time.sleep(seconds)  # throttled network: the answer's delay on a slow phone network, not a wait
        route.fallback()

    page.route(f"**{path}", late)


def hold_back(page, url_pattern: str):
    """Requests for `url_pattern` wait until the returned `release()` is called, then go on to the
    open_page guard: a download that lasts as long as the test needs it to. A throttled network
    made it last only as long as the machine's speed allowed, and DevTools' network emulation
    beside the guard's interception at times left a page's load unfinished (its requests open)."""
    held, released = [], []

    def hold(route):
        if released:
            route.fallback()
        else:
            held.append(route)

    def release():
        released.append(True)
        for route in held:
            route.fallback()

    page.route(url_pattern, hold)
    return release


def refuse_the_first(page, url_pattern: str, refuse) -> list[str]:
    """The first request for `url_pattern` is answered by `refuse(route)` (an abort, an error
    status), the later ones go on to the open_page guard. Returns the refused addresses."""
    refused = []

    def first_refused(route):
        if refused:
            route.fallback()
        else:
            refused.append(route.request.url)
            refuse(route)

    page.route(url_pattern, first_refused)
    return refused


WHOLLY_IN_VIEW_JS = """id => { const box = document.getElementById(id)?.getBoundingClientRect();
  return !!box && box.top >= 0 && box.bottom <= innerHeight; }"""


# Watches the page for `ms` after the landing: false as soon as the anchor leaves the screen or
# the address stops naming it.
STAYS_LANDED_JS = """([id, ms]) => new Promise((resolve) => {
  const since = performance.now();
  const look = () => {
    const box = document.getElementById(id)?.getBoundingClientRect();
    if (!box || box.top < 0 || box.bottom > innerHeight || location.hash !== "#" + id) { resolve(false); return; }
    if (performance.now() - since >= ms) { resolve(true); return; }
    setTimeout(look, 16);
  };
  look();
})"""


def assert_landed_on(page, anchor: str, settle_ms: int = 1000) -> None:
    """A link to `anchor` on another page was followed: the anchor comes into view with the address
    naming it, and stays so for `settle_ms`, watched in the page."""
    page.wait_for_function(f"id => ({WHOLLY_IN_VIEW_JS})(id) && location.hash === '#' + id", anchor)
    assert page.evaluate(STAYS_LANDED_JS, [anchor, settle_ms]), (
        f"#{anchor} left the screen or the address: {page.evaluate('location.href')}"
    )


def wait_for_engine(page, view: str) -> None:
    expect(page.locator(f"#calc-{view}")).to_have_attribute("data-engine", "ready")


def dom_id(view: str, name: str, row: int | None = None) -> str:
    return f"#calc-{view}-{name}".replace("_", "-") + ("" if row is None else f"-{row}")


OPEN_FOLDS_JS = (
    "el => { for (let d = el.closest('details'); d; d = d.parentElement.closest('details')) d.open = true; }"
)


def set_field(page, view: str, spec: dict, value: str, row: int | None = None) -> None:
    """Set one input as a reader would, opening "More modifiers" first if it is folded away."""
    selector = dom_id(view, spec["name"], row)
    page.eval_on_selector(selector, OPEN_FOLDS_JS)
    if spec["kind"] == "bool":
        page.set_checked(selector, value == "1")
    elif spec["kind"] in ("choice", "controller"):  # a controller: one of the names on the sheet
        page.select_option(selector, value)
    else:
        page.fill(selector, value)


def fill_view(page, view: str, values: dict) -> None:
    """Type `values` into the view's form as a reader would, field by field, touching only the
    fields whose value differs (rows: add or remove characters first). The form is read in one
    call: one round trip per field read made the agreement tests spend most of their time asking."""
    spec = VIEWS[view]
    shown = form_values(page, view)
    for field in spec["fields"] + spec.get("roll_fields", []):
        if values[field["name"]] != shown[field["name"]]:
            set_field(page, view, field, values[field["name"]])
    if spec.get("rows"):
        box = f"#calc-{view}"
        rows = f"{box} .calc-rows__list > .calc-row"
        remove = f"{rows}:last-child .calc-row__remove"
        count = len(shown["rows"])
        while count != len(values["rows"]):  # counted again after each tap, as a reader looks
            if count < len(values["rows"]):
                page.click(f"{box} .calc-rows__add")
            else:
                page.eval_on_selector(remove, OPEN_FOLDS_JS)  # under the row's own fold
                page.click(remove)
            count = page.evaluate(COUNT_JS, rows)
        if len(shown["rows"]) != count:
            shown = form_values(page, view)
        # A controller is chosen among the names on the sheet: every name is in before any is chosen.
        row_fields = sorted(spec["rows"]["fields"], key=lambda field: field["kind"] == "controller")
        for field in row_fields:
            for index, row in enumerate(values["rows"]):
                if row[field["name"]] != shown["rows"][index][field["name"]]:
                    set_field(page, view, field, row[field["name"]], index)


COUNT_JS = "selector => document.querySelectorAll(selector).length"

# Each field's value as the form holds it (a box: "1" ticked, "" not); `rows`: each row's, by
# the ids of the first row's fields without their "-0".
FORM_VALUES_JS = """({fields, rows}) => {
  const value = (id) => { const el = document.querySelector(id); return el.type === 'checkbox' ? (el.checked ? '1' : '') : el.value; };
  const shown = {fields: fields.map(value), rows: []};
  if (rows) {
    const count = document.querySelectorAll(rows.list).length;
    for (let i = 0; i < count; i += 1) shown.rows.push(rows.fields.map((id) => value(`${id}-${i}`)));
  }
  return shown;
}"""


FIELDS_ON_PAGE_JS = "ids => ids.every((id) => document.querySelector(id))"


def form_values(page, view: str) -> dict:
    """The view's inputs as the form shows them, once every field is on the page."""
    spec = VIEWS[view]
    names = [f["name"] for f in spec["fields"] + spec.get("roll_fields", [])]
    row_names = [f["name"] for f in spec["rows"]["fields"]] if spec.get("rows") else []
    rows = (
        {"list": f"#calc-{view} .calc-rows__list > .calc-row", "fields": [dom_id(view, name) for name in row_names]}
        if row_names
        else None
    )
    fields = [dom_id(view, name) for name in names]
    # Once (Firefox, a full run) a field was missing as the form was read just after its answer showed.
    try:
        page.wait_for_function(FIELDS_ON_PAGE_JS, fields)
    except (TimeoutError, PlaywrightTimeoutError) as error:
        raise AssertionError(f"{view}: fields missing from the page: {page_state(page)}") from error
    shown = page.evaluate(FORM_VALUES_JS, {"fields": fields, "rows": rows})
    values = dict(zip(names, shown["fields"], strict=True))
    if row_names:
        values["rows"] = [dict(zip(row_names, row, strict=True)) for row in shown["rows"]]
    return values


def expected_params(view: str, values: dict) -> dict:
    return engine_params(VIEWS[view], values)


def query_entries(view: str, values: dict) -> list[tuple[str, str]]:
    """The [key, value] pairs the page writes into the address for `values`, in its order
    (queryEntries in calculators/values.js); none for the view's defaults."""
    spec = VIEWS[view]
    if values == default_values(spec):
        return []
    encode = {field["name"]: field["kind"] == "bool" for field in spec["fields"] + spec.get("roll_fields", [])}
    entries = [
        (f"{view}.{name}", ("1" if values[name] == "1" else "0") if boolean else values[name])
        for name, boolean in encode.items()
    ]
    if spec.get("rows"):
        entries.append((f"{view}.rows", str(len(values["rows"]))))
        for index, row in enumerate(values["rows"]):
            for field in spec["rows"]["fields"]:
                value = row[field["name"]]
                entries.append(
                    (
                        f"{view}.{field['name']}.{index}",
                        ("1" if value == "1" else "0") if field["kind"] == "bool" else value,
                    )
                )
    return entries


def form_encoded(text: str) -> str:
    """`text` as URLSearchParams writes it (application/x-www-form-urlencoded)."""
    return quote_plus(text, safe="*").replace("~", "%7E")


def address_pattern(view: str, values: dict) -> re.Pattern:
    """An address whose query holds the view's entries for `values` as the page writes them (one
    run, in order: a write replaces the view's keys), or, for its defaults, none of the view's."""
    entries = query_entries(view, values)
    if not entries:
        return re.compile(rf"^(?![^#]*[?&]{re.escape(view)}\.)")
    run = "&".join(f"{form_encoded(key)}={form_encoded(value)}" for key, value in entries)
    return re.compile(rf"[?&]{re.escape(run)}(?:[&#]|$)")


def wait_for_address(page, view: str, values: dict) -> str:
    """The address once its query gives `view` these values, read as a link: the page writes it
    at most once a second while inputs change (calculators/calculator-page.js says why)."""
    expect(page).to_have_url(address_pattern(view, values))
    address = page.url
    query = urlparse(address).query
    assert read_link(view, parse_qsl(query, keep_blank_values=True))["values"] == values, address
    return address


# True once the element's data-params, read as JSON, is `want` (objects compared key by key).
SAME_PARAMS_JS = """([selector, want]) => {
  const canon = (v) => Array.isArray(v) ? v.map(canon) : v && typeof v === "object"
    ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon(v[k])])) : v;
  const raw = document.querySelector(selector)?.dataset.params;
  return !!raw && JSON.stringify(canon(JSON.parse(raw))) === JSON.stringify(canon(want));
}"""


def wait_for_params(page, view: str, params: dict) -> None:
    """Wait until the shown result is the one for `params`."""
    try:
        page.wait_for_function(SAME_PARAMS_JS, [f"#calc-{view}", params])
    except (TimeoutError, PlaywrightTimeoutError):
        raise AssertionError(
            f"{view}: the result shown is for {page.get_attribute(f'#calc-{view}', 'data-params')}, "
            f"not {params}; the form holds {form_values(page, view)}"
        ) from None


def squash(text: str) -> str:
    """Text without whitespace: the build's HTML has line breaks between elements, the live one not."""
    return "".join(text.split())


SAME_TEXT_JS = """([selector, want]) =>
  (document.querySelector(selector)?.textContent || "").replace(/\\s+/g, "") === want"""


def result_text(page, view: str) -> str:
    """Everything the result says, folded parts included."""
    return squash(page.eval_on_selector(f"#calc-{view} .calc-result .calc-output", "el => el.textContent"))


def assert_result_shown(page, view: str, values: dict, label: str = "") -> None:
    """The result shown is the views' result for `values`, once the engine's inputs are `values`'
    and the text has caught up: a character's name is not an engine input, so the result for the
    same inputs without a name just typed can show a moment longer."""
    expected = python_rendered_text(view, values)
    wait_for_params(page, view, expected_params(view, values))
    try:
        page.wait_for_function(SAME_TEXT_JS, [f"#calc-{view} .calc-result .calc-output", expected])
    except (TimeoutError, PlaywrightTimeoutError):
        raise AssertionError(
            f"{label or view}: the result shows {result_text(page, view)!r}, the views write {expected!r}"
        ) from None


def python_rendered_text(view: str, values: dict) -> str:
    """The text of the result the views write for `values` in CPython (the build's and the worker's code)."""
    from html.parser import HTMLParser

    shown = render(view, values, {rule_id: "#" for rule_id in cited_rules(view)})
    assert "error" not in shown, shown
    texts: list[str] = []
    parser = HTMLParser(convert_charrefs=True)
    parser.handle_data = texts.append
    parser.feed(shown["html"])
    return squash("".join(texts))


def cited_rules(view: str):
    return game_of(VIEWS[view]).cited_rule_ids()


def views_html(page, view: str, values: dict) -> str:
    """The result's HTML the views write for `values` in CPython, with the page's own rule URLs."""
    rule_urls = json.loads(page.get_attribute(f"#calc-{view}", "data-config"))["ruleUrls"]
    shown = render(view, values, rule_urls)
    assert "error" not in shown, shown
    return shown["html"]


SAME_DOM_JS = """([selector, html]) => {
  const expected = document.createElement("template");
  expected.innerHTML = html;
  const shown = document.querySelector(selector);
  const copy = document.createElement("section");
  copy.append(...[...shown.childNodes].map((node) => node.cloneNode(true)));
  const wanted = document.createElement("section");
  wanted.append(expected.content.cloneNode(true));
  // Material's instant navigation writes the page's own links out in full: compare where they lead.
  for (const link of [...copy.querySelectorAll("a[href]"), ...wanted.querySelectorAll("a[href]")]) {
    link.setAttribute("href", new URL(link.getAttribute("href"), location.href).href);
  }
  return copy.isEqualNode(wanted) || {shown: copy.innerHTML, expected: wanted.innerHTML};
}"""


def assert_result_is_the_views(page, view: str, values: dict) -> None:
    """The result on the page is, DOM for DOM, what the views write for `values` in CPython."""
    same = page.evaluate(SAME_DOM_JS, [f"#calc-{view} .calc-result", views_html(page, view, values)])
    assert same is True, f"{view}: the page's result differs from the views'\n{same}"


def defaults(view: str) -> dict:
    return default_values(VIEWS[view])


# --- the reading pages -----------------------------------------------------------------------------


def open_phone_page(open_page, path: str):
    page = open_page(path, **PHONE)
    page.in_flight.wait_until_loaded()
    return page


def search_results(page, query: str) -> list[str]:
    """The result links the site's search box lists for `query`."""
    page.click(".rule-search__input")
    page.keyboard.type(query)
    page.locator(".rule-search__item").first.wait_for()
    return page.eval_on_selector_all(".rule-search__item a", "els => els.map(a => a.href)")


SHOWN_TERMS = "article abbr.gloss[tabindex]"  # the glossary marks shown (the setting may hide some)
GLOSS_CARD_TEXT = "#gloss-card .gloss-card__text"  # says "Loading" until the definitions are in


def wait_until_card_filled(page) -> None:
    """The glossary card shows its definition, no longer "Loading"."""
    card = page.locator(GLOSS_CARD_TEXT)
    expect(card).to_be_attached()
    expect(card).not_to_contain_text("Loading")


# Collects violations in the page and in the document of each navigation.
RECORD_VIOLATIONS_JS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective}: ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
});
"""


def violations(page) -> list[str]:
    return page.evaluate("window.__cspViolations")
