"""Browser tests: the site built with site_url set to a local test server's origin,
served on a free 127.0.0.1 port, driven in the system Chromium (or $CHROMIUM)."""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import parse_qsl, urlparse

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from benchmarks.in_flight import InFlight
from benchmarks.report import Build
from benchmarks.site_build import time_build
from mele.views.games import game_of
from mele.views.catalogue import VIEWS
from mele.views.render import read_link, render
from mele.views.values import default_values, engine_params
from tests.conftest import ARTIFACTS, BROWSER_SERVER, BROWSER_SITE, ROOT, RUN_LEADER, one_build_at_a_time

CALCULATOR_PAGES = {
    "strike": ["strike", "attack"],
    "corruption": ["corruption", "removal"],
    "influence": ["influence", "control-sheet"],
    "keying": ["keying"],
    "hazard-limit": ["hazard-limit"],
    "audience": ["audience"],
}
ENGINE_READY_TIMEOUT_MS = 60_000
# --liftoff-only: WebAssembly runs on V8's baseline compiler alone. The engine's answers do not
# depend on the tier, and the optimising tier's compiles, wasted on a page that lives a few
# seconds, were a fifth to a quarter of an engine start's CPU (make bench measures Chromium
# as shipped).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--js-flags=--liftoff-only"]


def chromium_path() -> str | None:
    """$CHROMIUM, else Debian's chromium-headless-shell, else its chromium, else None for Playwright's
    own download. The headless shell is Chromium's engine (Blink and V8, the same version) without the
    browser around it, as Playwright itself runs headless tests: the suite is CPU-bound, and the same
    tests took 30 % less CPU in it (205 and 216 CPU-s against 301). `make bench` measures chromium."""
    for candidate in (os.environ.get("CHROMIUM"), shutil.which("chromium-headless-shell"), shutil.which("chromium"),
                      "/usr/bin/chromium"):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def build_site_for(origin: str, out: Path) -> float:
    """The site as deployed, with site_url = the test server's origin (instant navigation needs it:
    Material matches links against its sitemap's URLs, port included), built by the benchmark's
    timed build (the prebuild only if it is not done yet); the seconds it took."""
    prebuilt = (ROOT / "build" / "rules-index.json").exists() and (ROOT / "docs" / "rules").exists()
    return time_build(out, origin + "/", 1, prebuild=not prebuilt)[0]


RUN_SERVER: list[subprocess.Popen] = []


def start_run_server() -> dict:
    """The run's server (tests/browser/site_server.py), serving BROWSER_SITE; its origin and pid."""
    server = subprocess.Popen([sys.executable, "-m", "tests.browser.site_server", str(BROWSER_SITE), str(RUN_LEADER)],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True, start_new_session=True)
    origin = server.stdout.readline().strip()
    server.stdout.close()
    if not origin.startswith("http://127.0.0.1:"):
        server.kill()
        raise RuntimeError(f"the test server did not start (it said {origin!r})")
    RUN_SERVER.append(server)       # kept: a Popen collected while its process runs is warned of
    return {"origin": origin, "pid": server.pid}


@pytest.fixture(scope="session")
def served_site() -> Build:
    """The run's site: served on a free 127.0.0.1 port, then built for that origin, by whichever
    test process needs it first; the others find it ready (BROWSER_SERVER). It is served until the
    run ends (tests/conftest.py stops it), by a process of its own.

    The server sends the site's Content-Security-Policy and application/wasm
    (mele/devtools/serve.py), so every browser test runs under that policy. The benchmark's
    test measures this same site (its build time included) rather than building one of its own."""
    with one_build_at_a_time():
        if not BROWSER_SERVER.exists():
            BROWSER_SITE.mkdir(parents=True, exist_ok=True)
            served = start_run_server()
            served["seconds"] = build_site_for(served["origin"], BROWSER_SITE)
            BROWSER_SERVER.write_text(json.dumps(served), encoding="utf-8")
        served = json.loads(BROWSER_SERVER.read_text(encoding="utf-8"))
    return Build(BROWSER_SITE, served["origin"], [served["seconds"]])


@pytest.fixture(scope="session")
def origin(served_site) -> str:
    return served_site.origin


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": chromium_path(), "args": CHROMIUM_ARGS}


class Guard:
    """Records every request that would leave 127.0.0.1 (and blocks it) and every console error
    (a Content-Security-Policy violation is one). The service worker's own requests (precaching)
    are kept apart from the page's, in `worker_requests`."""

    def __init__(self):
        self.external: list[str] = []
        self.console_errors: list[str] = []
        self.requests: list[str] = []
        self.worker_requests: list[str] = []

    def route(self, route):
        url = route.request.url
        (self.worker_requests if route.request.service_worker else self.requests).append(url)
        if urlparse(url).hostname != "127.0.0.1" and not url.startswith(("data:", "blob:")):
            self.external.append(url)
            route.abort()
        else:
            route.continue_()

    def watch(self, page):
        page.on("console", lambda message: message.type == "error" and self.console_errors.append(message.text))
        page.on("pageerror", lambda error: self.console_errors.append(f"uncaught: {error}"))
        page.on("response", lambda response: response.status >= 400
                and self.console_errors.append(f"HTTP {response.status}: {response.url}"))
        return page


def guarded_page(context, guard: Guard, origin: str, path: str | None):
    page = guard.watch(context.new_page())
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


# A first visit installs the service worker, which saves the whole reference for offline use
# (about 1 MB of pages, search and glossary): measured, 0.8 CPU-s more for every test that
# opens a rule page and 1.3 for a calculator page, on a run that is CPU-bound. So a test's first
# visit runs as in a browser without service workers (offline.js steps aside, as it does there),
# and the tests whose subject is the offline copy, or its notes, ask for it: test_offline.py,
# test_deploy.py, test_install.py, test_agreement.py's snapshot start, the CSP check of the
# worker, the axe sweep (the notes are on screen), offline search and rulings. Returning pages
# (open_returning_page) always have it: the snapshot start is what makes them cheap.
NO_SERVICE_WORKER_JS = "delete Navigator.prototype.serviceWorker"


@pytest.fixture
def open_page(browser, origin):
    """open_page(path, service_worker=False, **context_options) -> a page in a fresh guarded
    context: a first visit, as in a browser without service workers unless the test asks for one
    (NO_SERVICE_WORKER_JS says why).

    After the test, no request may have left 127.0.0.1 and no console error may have been logged."""
    contexts, guards = [], []

    def opener(path: str = "", *, service_worker: bool = False, **options):
        context = browser.new_context(**options)
        if not service_worker:
            context.add_init_script(NO_SERVICE_WORKER_JS)
        guard = Guard()
        context.route("**/*", guard.route)
        contexts.append(context)
        guards.append(guard)
        return guarded_page(context, guard, origin, path)

    yield opener
    try:
        assert_guards_clean(guards)
    finally:
        for context in contexts:
            context.close()


@pytest.fixture(scope="module")
def returning_contexts(browser):
    """One browser context per set of context options for a whole test file: a returning reader.
    Once a calculator has started in it, its offline copy keeps the engine (offline.js), so later
    calculator pages start from the snapshot and the offline copy instead of downloading the
    engine and booting Python: for tests that are not about a first visit."""
    contexts: dict[str, object] = {}

    def context_for(options: dict):
        key = json.dumps(options, sort_keys=True)
        if key not in contexts:
            context = contexts[key] = browser.new_context(**options)
            context.route("**/*", lambda route: context.guard.route(route))
        return contexts[key]

    yield context_for
    for context in contexts.values():
        context.close()


@pytest.fixture
def open_returning_page(returning_contexts, origin):
    """open_returning_page(path, **context_options) -> a new page in the file's shared context for
    those options, guarded like open_page's. Only for tests that keep nothing in the browser's
    storage and do not count the engine's downloads (the offline copy answers them)."""
    pages, guard = [], Guard()

    def opener(path: str = "", **options):
        context = returning_contexts(options)
        context.guard = guard
        pages.append(guarded_page(context, guard, origin, path))
        return pages[-1]

    yield opener
    try:
        assert_guards_clean([guard])
    finally:
        for page in pages:
            page.close()


def poll_until(page, check, timeout_s: float, every_ms: int = 50):
    """`check()`'s first truthy answer, asked every `every_ms` until `timeout_s` has passed (then
    None). Between asks the page's events are delivered (page.wait_for_timeout), so a check may
    read what Python heard from the page as well as the page itself."""
    deadline = time.monotonic() + timeout_s
    while True:
        answer = check()
        if answer or time.monotonic() > deadline:
            return answer or None
        page.wait_for_timeout(every_ms)


def wait_for_function_under_csp(page, expression: str, arg=None, *, timeout: float = 30_000, polling=None):
    """page.wait_for_function, polled from Python. Playwright's own builds its predicate with
    `new Function`, which the site's Content-Security-Policy (no 'unsafe-eval') forbids;
    page.evaluate is not subject to it."""
    def value():
        try:
            return page.evaluate(expression, arg)
        except PlaywrightError as error:
            if "context was destroyed" not in str(error) and "navigat" not in str(error):
                raise
            return None           # a navigation or reload is under way: ask the next page

    answer = poll_until(page, value, timeout / 1000, every_ms=20)
    if answer is None:
        raise PlaywrightTimeoutError(f"wait_for_function: timeout {timeout:.0f} ms exceeded: {expression}")
    return answer


# --- helpers the tests share ----------------------------------------------------------------------

# True once no transition or finite animation is running: colours are read at rest, not mid-fade
# (a busy machine can stretch a 0.25 s fade past the moment a test looks).
STILL_JS = """() => document.getAnimations().every(a => a.playState !== 'running'
  || a.effect?.getComputedTiming().iterations === Infinity)"""


def wait_until_still(page, timeout: float = 10_000) -> None:
    wait_for_function_under_csp(page, STILL_JS, timeout=timeout)


def answer_late(page, path: str, seconds: float) -> None:
    """The page at `path` arrives `seconds` late, as over a slow phone network (the request then
    goes on to the open_page guard). The sync API runs the handler while the test waits on the page."""
    def late(route):
        time.sleep(seconds)
        route.fallback()
    page.route(f"**{path}", late)


WHOLLY_IN_VIEW_JS = """id => { const box = document.getElementById(id)?.getBoundingClientRect();
  return !!box && box.top >= 0 && box.bottom <= innerHeight; }"""


def assert_landed_on(page, anchor: str, settle_ms: int = 1000) -> None:
    """A link to `anchor` on another page was followed: the anchor comes into view and stays there
    with the address naming it, after Material's anchor tracking has had its chance to rename it."""
    page.wait_for_function(WHOLLY_IN_VIEW_JS, anchor, timeout=10_000)
    page.wait_for_timeout(settle_ms)
    assert page.evaluate(WHOLLY_IN_VIEW_JS, anchor), f"#{anchor} left the screen"
    assert urlparse(page.url).fragment == anchor, page.url


def wait_for_engine(page, view: str) -> None:
    page.wait_for_function(f"document.querySelector('#calc-{view}')?.dataset.engine === 'ready'",
                           timeout=ENGINE_READY_TIMEOUT_MS)


def dom_id(view: str, name: str, row: int | None = None) -> str:
    return f"#calc-{view}-{name}".replace("_", "-") + ("" if row is None else f"-{row}")


OPEN_FOLDS_JS = "el => { for (let d = el.closest('details'); d; d = d.parentElement.closest('details')) d.open = true; }"


def set_field(page, view: str, spec: dict, value: str, row: int | None = None) -> None:
    """Set one input as a reader would, opening "More modifiers" first if it is folded away."""
    selector = dom_id(view, spec["name"], row)
    page.eval_on_selector(selector, OPEN_FOLDS_JS)
    if spec["kind"] == "bool":
        page.set_checked(selector, value == "1")
    elif spec["kind"] == "choice":
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
        while count != len(values["rows"]):            # counted again after each tap, as a reader looks
            if count < len(values["rows"]):
                page.click(f"{box} .calc-rows__add")
            else:
                page.eval_on_selector(remove, OPEN_FOLDS_JS)     # under the row's own fold
                page.click(remove)
            count = page.evaluate(COUNT_JS, rows)
        if len(shown["rows"]) != count:
            shown = form_values(page, view)
        for index, row in enumerate(values["rows"]):
            for field in spec["rows"]["fields"]:
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
# Which document a test is looking at: said when it finds what it did not expect.
PAGE_STATE_JS = """() => ({href: location.href, readyState: document.readyState,
  navigation: performance.getEntriesByType('navigation')[0]?.type, startedFrom: window.__calculators?.startedFrom,
  offline: JSON.stringify(window.__offline)})"""


def form_values(page, view: str) -> dict:
    """The view's inputs as the form shows them, once every field is on the page."""
    spec = VIEWS[view]
    names = [f["name"] for f in spec["fields"] + spec.get("roll_fields", [])]
    row_names = [f["name"] for f in spec["rows"]["fields"]] if spec.get("rows") else []
    rows = {"list": f"#calc-{view} .calc-rows__list > .calc-row",
            "fields": [dom_id(view, name) for name in row_names]} if row_names else None
    fields = [dom_id(view, name) for name in names]
    # Once (Firefox, a full run) a field was missing as the form was read just after its answer showed.
    try:
        page.wait_for_function(FIELDS_ON_PAGE_JS, fields, timeout=10_000)
    except (TimeoutError, PlaywrightTimeoutError) as error:
        raise AssertionError(f"{view}: fields missing from the page: {page.evaluate(PAGE_STATE_JS)}") from error
    shown = page.evaluate(FORM_VALUES_JS, {"fields": fields, "rows": rows})
    values = dict(zip(names, shown["fields"], strict=True))
    if row_names:
        values["rows"] = [dict(zip(row_names, row, strict=True)) for row in shown["rows"]]
    return values


def expected_params(view: str, values: dict) -> dict:
    return engine_params(VIEWS[view], values)


def wait_for_address(page, view: str, values: dict, timeout: float = 10.0) -> str:
    """The address once its query, read as a link, gives `view` these values: the page writes it
    at most once a second while inputs change (calculators/page.js says why)."""
    def address_if_it_gives_them():
        query = page.evaluate("location.search").removeprefix("?")
        if read_link(view, parse_qsl(query, keep_blank_values=True))["values"] == values:
            return page.evaluate("location.href")
        return None

    address = poll_until(page, address_if_it_gives_them, timeout)
    if address is None:
        raise TimeoutError(f"the address never gave {view} {values}: {page.evaluate('location.search')}")
    return address


def wait_for_params(page, view: str, params: dict, timeout: float = 15.0) -> None:
    """Wait until the shown result is the one for `params`."""
    def shown():
        raw = page.get_attribute(f"#calc-{view}", "data-params")
        return json.loads(raw) if raw else None

    if not poll_until(page, lambda: shown() == params, timeout):
        raise AssertionError(f"{view}: the result shown is for {shown()}, not {params}; "
                             f"the form holds {form_values(page, view)}")


def squash(text: str) -> str:
    """Text without whitespace: the build's HTML has line breaks between elements, the live one not."""
    return "".join(text.split())


def result_text(page, view: str) -> str:
    """Everything the result says, folded parts included."""
    return squash(page.eval_on_selector(f"#calc-{view} .calc-result .calc-output", "el => el.textContent"))


def assert_result_shown(page, view: str, values: dict, label: str = "", timeout: float = 10.0) -> None:
    """The result shown is the views' result for `values`, once the engine's inputs are `values`'
    and the text has caught up (or `timeout` has passed): a character's name is not an engine
    input, so the result for the same inputs without a name just typed can show a moment longer."""
    expected = python_rendered_text(view, values)
    wait_for_params(page, view, expected_params(view, values))
    poll_until(page, lambda: result_text(page, view) == expected, timeout)
    assert result_text(page, view) == expected, label or view


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
