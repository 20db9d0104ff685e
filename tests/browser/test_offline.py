"""Offline at the table: after one visit, with the network off, a rule page, the glossary and
search still work, served by the service worker's copy; once a calculator has been used (or
the reader asked), every calculator computes offline too. A first visit to a reading page
downloads no engine file, and Save-Data is honoured. Offline, an unknown address gets the
site's 404 page. Nothing but the browser's own update check for sw.js may try the network
once it is off."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.scenarios import SCENARIOS
from tests.browser.tour import CalculatorTour
from tests.support.browser import assert_result_shown, defaults, fill_view, refuse_the_first, wait_for_engine
from tests.support.offline import (
    ENGINE_FILE_PARTS,
    SAVE_DATA_JS,
    SAVED_TIMEOUT_MS,
    assert_nothing_tried_the_network,
    cached,
    engine_requests,
    go_offline,
    megabytes,
    wait_until_engine_kept,
    wait_until_saved,
)
from tests.support.page_hooks import hooked
from tests.support.site import BROWSER_SITE

VIEWS_ON_PAGE_JS = (
    "[...document.querySelectorAll('.calculator[data-config]')].map(b => JSON.parse(b.dataset.config).view)"
)


def calculator_pages() -> list[str]:
    """Every calculator page of the built site (the index page lists them, it has none itself)."""
    pages = sorted(p.parent.name for p in (BROWSER_SITE / "calculators").glob("*/index.html"))
    assert len(pages) >= 5, pages
    return pages


def non_default_scenario(view: str):
    """The first scenario with inputs other than the defaults, so the result must be computed anew."""
    for _, scenario_view, values, _ in SCENARIOS:
        if scenario_view == view and values != defaults(view):
            return values
    return defaults(view)


def compute_fresh_results(page, path: str, tour: CalculatorTour | None = None) -> list[str]:
    """Open a calculator page (by a page load, or on `tour` by the navigation's link), and in each
    of its calculators enter other inputs and check the live result against the engine in
    CPython; return the views checked."""
    if tour:
        tour.visit(path)
    else:
        page.goto(f"{page.guard.origin}/calculators/{path}/")
    views = page.evaluate(VIEWS_ON_PAGE_JS)
    assert views, f"no calculator on calculators/{path}/"
    for view in views:
        wait_for_engine(page, view)
        values = non_default_scenario(view)
        fill_view(page, view, values)
        if values == defaults(view):
            page.click(f"#calc-{view} .calc-reset")  # recomputes the defaults live
        assert_result_shown(page, view, values, f"{path}: {view}")
    return views


# As WebKit has once behaved: the page never hears its worker change state.
DEAF_TO_STATECHANGE_JS = """
const listen = ServiceWorker.prototype.addEventListener;
ServiceWorker.prototype.addEventListener = function (type, ...rest) {
  if (type !== "statechange") listen.call(this, type, ...rest);
};
"""


def test_a_first_save_is_reported_even_when_the_page_misses_its_workers_statechange(open_page):
    page = open_page(None, service_worker=True)
    page.context.add_init_script(DEAF_TO_STATECHANGE_JS)
    page.goto(page.guard.origin + "/")
    wait_until_saved(page)  # heard from Workbox's controlling event or the registration's ready promise
    assert "/index.html" in cached(page, "precache")


# As Firefox and WebKit have behaved on a page reloaded during a first save: the copy was saved
# while the page's engine started, so the page registers a worker that is active already, and
# hears that the worker controls it only after that.
SAVED_BEFORE_THE_PAGE_REGISTERS_JS = """
(() => {
  const container = navigator.serviceWorker;
  let registered;
  const afterRegistered = new Promise((resolve) => { registered = resolve; });
  const register = container.register.bind(container);
  container.register = (...args) => register(...args).then(() => container.ready).then((registration) => {
    setTimeout(registered, 0);
    return registration;
  });
  const listen = container.addEventListener.bind(container);
  container.addEventListener = (type, listener, ...rest) => listen(type, type !== "controllerchange" ? listener
    : (event) => afterRegistered.then(() => listener(event)), ...rest);
})();
"""


def test_a_page_that_registers_once_the_copy_is_saved_still_keeps_the_engine_after_use(open_page):
    page = open_page(None, service_worker=True)
    page.context.add_init_script(SAVED_BEFORE_THE_PAGE_REGISTERS_JS)
    page.goto(page.guard.origin + "/calculators/corruption/")
    wait_for_engine(page, "corruption")
    wait_until_saved(page)
    wait_until_engine_kept(page)
    assert "/assets/pyodide/pyodide.asm.wasm" in cached(page, "mele-engine")


def test_a_first_visit_to_a_reading_page_saves_the_pages_but_no_engine_file(open_page):
    for path in ("", "rules/1-7-combat/"):
        page = open_page(path, service_worker=True)
        page.wait_for_function(hooked("hooks.offlineState()?.bytes"), timeout=SAVED_TIMEOUT_MS)
        wait_until_saved(page)
        saved = page.evaluate(hooked("hooks.offlineState().bytes"))
        assert saved < 8_000_000, "the pages, search and glossary only"
        precached = cached(page, "precache")
        for needed in (
            "/index.html",
            "/rules/1-7-combat/index.html",
            "/glossary/index.html",
            "/404.html",
            "/search/search_index.json",
            "/rules.json",
            "/rules.txt",
            "/assets/engine/engine.json",
        ):
            assert needed in precached, needed
        assert not [p for p in precached if any(part in p for part in ENGINE_FILE_PARTS)]
        page.wait_for_function(hooked("hooks.offlineState().engineState === 'none'"), timeout=SAVED_TIMEOUT_MS)
        assert engine_requests(page) == [], path
        assert cached(page, "mele-engine") == []


def test_using_a_calculator_keeps_the_engine_offline(open_page):
    page = open_page("calculators/corruption/", service_worker=True)
    wait_for_engine(page, "corruption")
    assert page.evaluate(hooked("hooks.engineTimings().startedFrom")) == "trimmed"
    assert not [url for url in page.guard.requests if "engine-snapshot" in url], "a first visit needs no snapshot"
    wait_until_engine_kept(page)
    kept = cached(page, "mele-engine")
    for needed in (
        "/assets/pyodide/pyodide.asm.wasm",
        "/assets/pyodide/python_stdlib.trimmed.zip",
        "/assets/engine/engine-snapshot.bin",
    ):
        assert needed in kept, needed
    before = go_offline(page)
    compute_fresh_results(page, "corruption")
    assert page.evaluate(hooked("hooks.engineTimings().startedFrom")) == "snapshot"
    assert_nothing_tried_the_network(page, before)


# What the engine's worker itself asked for, by its own Resource Timing (Pyodide's requests included).
WORKER_REQUESTS_JS = "performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname)"


def test_a_start_from_the_offline_copy_reads_each_kept_file_once(open_page):
    """Offline, the worker reads the snapshot from the offline copy itself (the wheel too, unless
    the page hands it over) and checks Pyodide's files there by their size: each of those is read
    once, by Pyodide, and the snapshot is kept as the build wrote it, so the start inflates nothing."""
    page = open_page("calculators/corruption/", service_worker=True)
    wait_for_engine(page, "corruption")
    wait_until_engine_kept(page)
    engine = json.loads((BROWSER_SITE / "assets" / "engine" / "engine.json").read_text())
    go_offline(page)
    compute_fresh_results(page, "corruption")
    assert page.evaluate(hooked("hooks.engineTimings().startedFrom")) == "snapshot"
    worker = next(worker for worker in page.workers if worker.url.endswith("/engine-worker.js"))
    asked = worker.evaluate(WORKER_REQUESTS_JS)
    for file in engine["boot"] + engine["later"]:
        path = "/" + file["url"]
        expected = 0 if file["url"] in (engine["snapshot"], engine["wheel"]) else 1
        assert asked.count(path) == expected, f"{path}: asked for {asked.count(path)} times, {asked}"
    snapshot = next(file for file in engine["later"] if file["url"] == engine["snapshot"])
    with open(BROWSER_SITE / snapshot["url"], "rb") as published:
        assert published.read(8) == b"SPARSE01", "published as it is, not gzipped"


# Slow enough that the engine's files are still arriving when the worker starts (127.0.0.1
# brings them in before), as DevTools' network emulation gives it.
SLOW_LINE = {"offline": False, "latency": 20, "downloadThroughput": 5e6, "uploadThroughput": 1e6}
# The page's own Resource Timing of a file: when each of its requests started and got its last
# byte, on the page's clock (the clock the page's wait for the wasm runs on).
PAGE_TIMING_JS = """part => performance.getEntriesByType("resource")
  .filter((entry) => entry.name.includes(part)).map((entry) => [entry.startTime, entry.responseEnd])"""


def test_a_first_visit_asks_for_the_wheel_once_the_files_python_boots_from_are_in(open_page):
    """On a phone network every file shares the line: the wheel, needed only once Python has
    booted, waits for the runtime and the standard library, which then arrive sooner, and comes
    in while Python boots. The page asks for it and hands it to the worker: the worker's own
    request could wait until Python's boot, which holds the worker's thread, was over."""
    page = open_page(None)
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", SLOW_LINE)
    finished = []
    page.on("requestfinished", lambda request: finished.append(request))
    page.goto(page.guard.origin + "/calculators/corruption/")
    wait_for_engine(page, "corruption")
    # The worker's network events may reach us after the page's news (none is delivered between
    # the look and the wait: the sync API hears the page only inside its own calls).
    if not any(".whl" in request.url for request in finished):
        page.wait_for_event("requestfinished", lambda request: ".whl" in request.url)
    assert len([r for r in finished if ".whl" in r.url]) == 1, "the wheel is asked for once, by the page"
    assert page.evaluate(hooked("hooks.engineTimings().wheelFrom")) == "page"

    # Timed on the page's clock, where the page hears the wasm come in and then asks for the
    # wheel: the network's own record of a last byte is taken in another process, which on a
    # busy machine may note it later than the page has the byte.
    (wheel_asked, _), *others = page.evaluate(PAGE_TIMING_JS, ".whl")
    assert not others, "the page asked for the wheel once"
    for boot_file in ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.trimmed.zip"):
        ends = [end for _, end in page.evaluate(PAGE_TIMING_JS, boot_file)]
        assert ends, f"the page did not fetch {boot_file}"
        assert wheel_asked >= min(ends), f"the wheel was asked for {min(ends) - wheel_asked:.0f} ms before {boot_file}"


def test_the_worker_fetches_the_wheel_itself_when_the_page_cannot(open_page):
    page = open_page(None)
    refused = refuse_the_first(page, "**/*.whl", lambda route: route.abort())
    page.goto(page.guard.origin + "/calculators/corruption/")
    wait_for_engine(page, "corruption")
    assert refused, "the page asked for the wheel"
    assert page.evaluate(hooked("hooks.engineTimings().wheelFrom")) == "network"
    failed = [error for error in page.guard.console_errors if error.startswith("Failed to load resource")]
    assert len(failed) == 1, page.guard.console_errors  # the refused request, and nothing else
    page.guard.console_errors.remove(failed[0])


def test_the_keep_offline_control_keeps_and_removes_the_calculators(open_page, origin):
    page = open_page("", service_worker=True)
    wait_until_saved(page)
    control = page.locator("[data-offline-engine]")
    keep = control.locator("button.offline-engine__keep")
    keep.wait_for(timeout=SAVED_TIMEOUT_MS)
    engine = json.loads((BROWSER_SITE / "offline.json").read_text())["engine"]
    assert keep.inner_text() == (
        f"Keep the calculators offline ({megabytes(engine['transfer'])} to download, "
        f"{megabytes(engine['bytes'])} on this device)"
    )
    assert engine_requests(page) == []
    keep.click()
    wait_until_engine_kept(page)
    assert "/assets/engine/engine-snapshot.bin" in cached(page, "mele-engine")
    assert "Offline on this device" in control.inner_text()
    control.locator("button.offline-engine__remove").click()
    page.wait_for_function(hooked("hooks.offlineState().engineState === 'none'"), timeout=SAVED_TIMEOUT_MS)
    assert cached(page, "mele-engine") == []
    keep.wait_for()


def test_save_data_downloads_nothing_of_the_engine_in_the_background(open_page):
    """Under Save-Data a reading page fetches nothing of the engine, and using a calculator asks
    the service worker to keep only what the browser's HTTP cache already holds (`only-if-cached`:
    no download; Playwright's request routing turns that cache off, so it is not checked here),
    without the snapshot, which is never fetched."""
    page = open_page(None, service_worker=True)
    page.context.add_init_script(SAVE_DATA_JS)
    page.goto(page.guard.origin + "/")
    wait_until_saved(page)
    page.wait_for_function(hooked("hooks.offlineState().engineState === 'none'"), timeout=SAVED_TIMEOUT_MS)
    assert engine_requests(page) == [], "no engine download in the background"
    page.goto(page.guard.origin + "/calculators/corruption/")
    wait_for_engine(page, "corruption")
    page.wait_for_function(
        hooked(
            "(window.__askedServiceWorker || []).some((m) => m.type === 'keep-engine')"
            " && hooks.offlineState().engine"
            " && ['none', 'kept-without-snapshot'].includes(hooks.offlineState().engineState)"
        ),
        timeout=SAVED_TIMEOUT_MS,
    )
    asked = [m for m in page.evaluate("window.__askedServiceWorker") if m["type"] == "keep-engine"]
    assert asked == [{"type": "keep-engine", "snapshot": False, "onlyIfCached": True}]
    assert "/assets/engine/engine-snapshot.bin" not in cached(page, "mele-engine")
    assert not [url for url in page.guard.requests + page.guard.worker_requests if "engine-snapshot" in url]


def test_offline_an_unknown_address_shows_the_sites_404_page(open_page):
    page = open_page("", service_worker=True)
    wait_until_saved(page)
    before = go_offline(page)
    page.goto(f"{page.guard.origin}/no-such-page/")  # tried online first: a newer deploy may have it
    assert "404" in page.locator("h1").first.inner_text()
    assert page.locator(".md-header").is_visible(), "the site's own page, not the browser's error"
    tried = page.guard.requests[before[0] :] + page.guard.worker_requests[before[1] :]
    assert [url for url in tried if not url.endswith(("/sw.js", "/no-such-page/"))] == []


@pytest.mark.both_generators
def test_reading_and_search_work_offline(open_page):
    page = open_page("", service_worker=True)
    wait_until_saved(page)
    before = go_offline(page)
    page.reload()
    assert page.locator("h1").first.is_visible()

    page.goto(f"{page.guard.origin}/rules/1-7-combat/")
    assert page.locator("#r1-7-12").is_visible()
    page.goto(f"{page.guard.origin}/glossary/")
    assert page.locator("#g-hazard-limit").count() == 1

    page.click(".rule-search__input")
    page.keyboard.type("hazard limit")
    page.locator(".rule-search__item").first.wait_for()
    assert re.match(r"\d+ rules", page.inner_text(".rule-search__meta"))
    assert_nothing_tried_the_network(page, before)


def test_every_calculator_computes_offline(open_page):
    page = open_page("calculators/strike/", service_worker=True)
    wait_for_engine(page, "strike")
    wait_until_engine_kept(page)
    before = go_offline(page)
    # The first page loads offline and starts the engine from the offline copy; the others come
    # from the offline copy by the navigation's links, in the same document, with that engine.
    tour = CalculatorTour(page, page.guard.origin)
    checked = [view for path in calculator_pages() for view in compute_fresh_results(page, path, tour)]
    assert {"strike", "corruption", "influence", "keying", "audience"} <= set(checked)
    assert page.evaluate(hooked("hooks.engineTimings().startedFrom")) == "snapshot"
    assert page.evaluate(hooked("hooks.engineTimings().starts")) == 1
    assert_nothing_tried_the_network(page, before)


def test_offline_without_the_engine_the_keep_control_is_offered_for_next_time(open_page):
    """A calculator page that is offline without the engine says so (`mele:keep-offline-offer`): the
    message area offers to keep the calculators, and a tap there keeps them once the device is
    online again, downloading nothing before."""
    page = open_page("", service_worker=True)
    wait_until_saved(page)
    page.wait_for_function(hooked("hooks.offlineState().engineState === 'none'"), timeout=SAVED_TIMEOUT_MS)
    go_offline(page)
    page.evaluate("document.dispatchEvent(new CustomEvent('mele:keep-offline-offer'))")
    engine = json.loads((BROWSER_SITE / "offline.json").read_text())["engine"]
    offer = page.locator("#site-messages .site-messages__action")
    expect(offer).to_have_text(
        f"Keep the calculators offline ({megabytes(engine['transfer'])} to download, "
        f"{megabytes(engine['bytes'])} on this device)"
    )
    offer.click()
    expect(page.locator("#site-messages")).to_contain_text("as soon as this device is online again")
    assert engine_requests(page) == []
    page.context.set_offline(False)
    wait_until_engine_kept(page)
    assert "/assets/engine/engine-snapshot.bin" in cached(page, "mele-engine")


def the_wheel() -> tuple[dict, dict, bytes]:
    """engine.json, its entry for the wheel and the wheel's first half, as the served site has them."""
    engine = json.loads((BROWSER_SITE / "assets" / "engine" / "engine.json").read_text())
    wheel = next(file for file in engine["boot"] if file["url"].endswith(".whl"))
    return engine, wheel, (BROWSER_SITE / wheel["url"]).read_bytes()[: wheel["bytes"] // 2]


def test_an_engine_file_that_arrives_cut_short_is_not_kept_and_the_next_visit_works(open_page):
    """A wheel answered with 200 and half its bytes (a half-written deploy, a proxy cutting the
    body) to the service worker's keep requests is refused, the page told why; the next visit
    keeps it whole and computes online and offline, and the home page says what is kept."""
    _, wheel, cut_wheel = the_wheel()
    page = open_page(None, service_worker=True)
    cut_for_the_keeper = []

    def cut_short(route):
        if not route.request.service_worker:
            route.fallback()  # the page's and the engine's own requests get the whole file
            return
        cut_for_the_keeper.append(route.request.url)
        route.fulfill(status=200, body=cut_wheel, headers={"Content-Type": "application/octet-stream"})

    page.context.route("**/*.whl", cut_short)
    page.goto(page.guard.origin + "/calculators/corruption/")
    wait_for_engine(page, "corruption")
    wait_until_engine_kept(page, "failed")
    assert len(cut_for_the_keeper) == 2, "fetched once more past the HTTP cache, then refused"
    expect(page.locator("#site-messages")).to_contain_text(
        f"The calculators could not be kept offline ({wheel['url']} arrived with {len(cut_wheel):,} of its "
        f"{wheel['bytes']:,} bytes, so it was not kept); they still work online."
    )
    assert "/" + wheel["url"] not in cached(page, "mele-engine")

    page.context.unroute("**/*.whl", cut_short)
    page.goto(page.guard.origin + "/calculators/corruption/")
    wait_for_engine(page, "corruption")
    wait_until_engine_kept(page)
    assert "/" + wheel["url"] in cached(page, "mele-engine")
    page.goto(page.guard.origin + "/")
    expect(page.locator("[data-offline-engine]")).to_contain_text("Offline on this device: the pages, search")
    before = go_offline(page)
    compute_fresh_results(page, "corruption")
    assert_nothing_tried_the_network(page, before)


# Replaces the kept wheel with its first half, as a service worker that kept it without checking did.
CUT_THE_KEPT_WHEEL_JS = """async ([cacheName, url]) => {
    const cache = await caches.open(cacheName);
    const key = (await cache.keys()).find((request) => new URL(request.url).pathname === "/" + url);
    const kept = await cache.match(key);
    const bytes = await kept.arrayBuffer();
    await cache.put(key, new Response(bytes.slice(0, bytes.byteLength / 2), {headers: kept.headers}));
}"""


def test_an_engine_kept_cut_short_is_dropped_with_a_sentence_and_started_from_the_network(open_page):
    engine, wheel, cut_wheel = the_wheel()
    page = open_page("calculators/corruption/", service_worker=True)
    wait_for_engine(page, "corruption")
    wait_until_engine_kept(page)
    page.evaluate(CUT_THE_KEPT_WHEEL_JS, [engine["offlineCache"], wheel["url"]])
    page.reload()
    expect(page.locator("#site-messages")).to_contain_text(
        "The calculators could not start from their offline copy on this device, so it was removed; "
        "they are starting from the network."
    )
    wait_for_engine(page, "corruption")
    assert page.evaluate(hooked("hooks.engineTimings().restartedAfter")) == (
        f"{wheel['url']} arrived with {len(cut_wheel):,} of its {wheel['bytes']:,} bytes; reload the page to try again"
    )
    compute_fresh_results(page, "corruption")
    assert "Traceback" not in page.inner_text("body")
