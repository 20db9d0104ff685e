"""The built site in headless Chromium, served on 127.0.0.1 with its deployed headers
(devtools/serve.py: the Content-Security-Policy, application/wasm).

Per run, each in a fresh browser context (empty cache, no service worker yet):
  home page and a rule page   first-view bytes, first contentful paint, Pyodide files loaded
  a calculator page           first-view bytes (until the engine is ready), paint, engine ready cold;
                              then, once the offline copy is saved, engine ready warm and
                              input change to updated result
  search (on the home page)   query to results, for a rule number and for a phrase
  first visits over a phone network (network.py): the strike calculator on Fast 4G and
                              Slow 4G (first live result, bytes before it, the wasm's last byte),
                              from a host that sends gzip only and one that sends Brotli; home
                              and rule page (bytes in their first 30 s)
  the calculators on a phone (phone_calculators.py): from one calculator to the next, tap to
                              its live answer; a first calculator page offline, the engine kept

"First view" counts what the page itself downloads, as it crossed the network (make bench's
server sends gzip only, as every host can); the service worker's saving of the offline copy
is counted in the first-visit figures. `rows(measure(origin, runs, site=site))` gives the rows.
"""

from __future__ import annotations

import os
import shutil
import statistics
import time
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

from benchmarks import network, search_bench
from benchmarks.in_flight import InFlight
from tests.support.page_hooks import hooked

HOME, RULE_PAGE, CALCULATOR = "", "rules/1-7-combat/", "calculators/strike/"
SEARCHES = {"rule number": "1.7.12", "phrase": "hazard limit"}
# Chromium's own window draws its address bar's pop-up as pages of their own (WebUI, in a renderer
# of their own), made with every new tab: CPU spent beside the page being measured, which a phone's
# browser does not spend (the two features below turn them off). Chromium reads only the
# last --disable-features, so Playwright's own list (its chromiumSwitches, at the pinned version)
# is given again with them; tests/browser/test_bench.py checks that it still holds all of it.
PLAYWRIGHT_DISABLED_FEATURES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
]
ADDRESS_BAR_PAGES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]
ARGS = [  # Chromium as shipped, without the tests' own flags (tests/support/browser.py)
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + ADDRESS_BAR_PAGES),
]
ENGINE_READY = hooked("hooks.engineTimings()?.readyAt", earlier_sites=True)
# The offline copy is saved, the engine's too where the site keeps it apart.
OFFLINE_SAVED = hooked(
    "((offline) => offline?.state === 'ready'"
    " && (!('engineState' in offline) || offline.engineState === 'kept'))(hooks.offlineState())",
    earlier_sites=True,
)
START_TIMINGS = hooked(
    "(({startedAt, phases, startedFrom}) => ({startedAt, phases, from: startedFrom}))(hooks.engineTimings())",
    earlier_sites=True,
)
FIRST_PAINT = "(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime"
SEARCH_JS = """async ([box, query, timeoutMs]) => {
  const input = document.querySelector(box.input);
  const meta = document.querySelector(box.meta);
  const found = () => document.querySelector(box.links) !== null && /^\\d+ (?:matching|rules?\\b)/.test(meta.textContent.trim());
  const started = performance.now();
  const latency = new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (found()) { observer.disconnect(); resolve(performance.now() - started); }
    });
    observer.observe(document.querySelector(box.results), { childList: true, characterData: true, subtree: true });
    setTimeout(() => { observer.disconnect(); reject(new Error(`no results for ${query}: ${meta.textContent}`)); }, timeoutMs);
  });
  input.value = query;
  input.dispatchEvent(new Event("input", { bubbles: true }));                           // the site's box
  input.dispatchEvent(new KeyboardEvent("keyup", { key: query.slice(-1), bubbles: true }));   // Material's
  return latency;
}"""


def chromium_path() -> str | None:
    for candidate in (os.environ.get("CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium"):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def poll(page, expression: str, timeout_s: float = 60.0):
    """Wait until `expression` is truthy. page.wait_for_function would build its predicate with
    `new Function`, which the site's Content-Security-Policy forbids; page.evaluate is not subject to it."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"benchmark: still waiting after {timeout_s:.0f} s for {expression}")
        if hasattr(page, "wait_for_timeout"):  # Playwright: the page's events are delivered meanwhile
            page.wait_for_timeout(20)
        else:  # the Firefox and WebKit pages of the cross-engine layer run on their own
            time.sleep(0.02)


class FirstView:
    """The page's own responses (not the service worker's precaching, not served from its cache)."""

    def __init__(self, page):
        self.responses = []
        page.on("response", self._record)

    def _record(self, response):
        if not response.url.startswith(("data:", "blob:")) and not response.from_service_worker:
            self.responses.append(response)

    def pyodide_files(self) -> int:
        return sum(1 for r in self.responses if "/assets/pyodide/" in r.url or "/assets/engine/" in r.url)

    def gzip_bytes(self) -> int:
        """What crossed the network (the server sends gzip): a request the browser's cache joined
        to another one for the same file counts once."""
        total = 0
        for response in self.responses:
            try:
                sizes = response.request.sizes()
            except PlaywrightError:  # a redirect or a cancelled request has no body
                continue
            total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
        return total


def _open(browser, origin: str, path: str):
    context = browser.new_context()
    page = context.new_page()
    view, page.in_flight = FirstView(page), InFlight(page)
    page.goto(f"{origin}/{path}")
    return context, page, view


def _plain_page(browser, origin: str, path: str) -> dict:
    context, page, view = _open(browser, origin, path)
    page.in_flight.wait_until_quiet()
    result = {"bytes": view.gzip_bytes(), "paint": poll(page, FIRST_PAINT), "pyodide": view.pyodide_files()}
    return {**result, "context": context, "page": page}


def _search_ms(page, query: str) -> float:
    box = search_bench.box_of(page)
    page.click(box["input"])
    poll(page, f"({search_bench.READY_JS})({box['meta']!r})")
    latency = page.evaluate(SEARCH_JS, [box, query, 10_000])
    page.fill(box["input"], "")
    page.keyboard.press("Escape")
    return latency


def _update_ms(page, value: int) -> float:
    before = page.evaluate(hooked("hooks.engineTimings().updates || 0", earlier_sites=True))
    page.fill("#calc-strike-prowess", str(value))
    poll(page, hooked(f"(hooks.engineTimings().updates || 0) > {before}", earlier_sites=True))
    return page.evaluate(hooked("hooks.engineTimings().lastUpdateMs", earlier_sites=True))


def _calculator(browser, origin: str) -> dict:
    context, page, view = _open(browser, origin, CALCULATOR)
    cold = poll(page, ENGINE_READY) / 1000
    cold_timings = page.evaluate(START_TIMINGS)
    result = {"bytes": view.gzip_bytes(), "paint": poll(page, FIRST_PAINT), "cold": cold, "cold_timings": cold_timings}
    poll(page, OFFLINE_SAVED)  # the service worker has saved everything: a later visit
    page.goto(f"{origin}/{CALCULATOR}")
    result["warm"] = poll(page, ENGINE_READY) / 1000
    result["warm_timings"] = page.evaluate(START_TIMINGS)
    result["updates"] = [_update_ms(page, value) for value in range(3, 13)]
    context.close()
    return result


def measure(origin: str, runs: int, browser=None, *, site: Path) -> dict[str, list[float]]:
    """Samples per figure; `browser`: a Chromium already running (the tests'), else one is started.
    `site`: the folder served at `origin`, served again for the first visits (network.hosts)."""
    if browser is None:
        with sync_playwright() as playwright:
            own = playwright.chromium.launch(executable_path=chromium_path(), args=ARGS)
            try:
                return measure(origin, runs, own, site=site)
            finally:
                own.close()

    samples: dict[str, list[float]] = {}

    def add(name: str, *values: float) -> None:
        samples.setdefault(name, []).extend(values)

    for _ in range(runs):
        home = _plain_page(browser, origin, HOME)
        for key in ("bytes", "paint"):
            add(f"home {key}", home[key])
        add("pyodide", home["pyodide"])
        for name, query in SEARCHES.items():
            add(f"search {name}", _search_ms(home["page"], query))
        home["context"].close()
        rule = _plain_page(browser, origin, RULE_PAGE)
        for key in ("bytes", "paint"):
            add(f"rule {key}", rule[key])
        add("pyodide", rule["pyodide"])
        rule["context"].close()
        calc = _calculator(browser, origin)
        for key in ("bytes", "paint"):
            add(f"calculator {key}", calc[key])
        add("engine cold", calc["cold"])
        add("engine warm", calc["warm"])
        add("update", *calc["updates"])
        for kind in ("cold", "warm"):
            timings = calc[f"{kind}_timings"]
            add(f"worker started {kind}", timings["startedAt"])
            if timings.get("phases"):  # older builds did not report them
                add(f"python {kind}", timings["phases"]["python"] - timings["phases"]["runtimeScript"])
        add("from snapshot", 1.0 if calc["warm_timings"].get("from") == "snapshot" else 0.0)
        from benchmarks import phone_calculators  # here: it imports this module

        phone = phone_calculators.measure(browser, origin)
        add("phone moving", phone["moving"])
        add("phone offline", phone["offline"])
        with network.hosts(site) as hosts:
            for profile, key in (("Fast 4G", "fast"), ("Slow 4G", "slow")):
                for encoding, suffix in (("gzip", ""), ("brotli", " br")):
                    first = network.first_live_result(browser, hosts[encoding], profile)
                    for part in ("result", "bytes", "wasm in", "after it"):
                        add(f"{key}{suffix} {part}", first[part])
        for path, key in ((HOME, "home"), (RULE_PAGE, "rule")):
            quiet = network.quiet_page_bytes(browser, origin, path)
            add(f"{key} 30 s", quiet["bytes"])
            add("pyodide 30 s", quiet["engine"])
    return samples


def first_visit_rows(key: str, host: str, targets: dict[str, str]) -> list[tuple]:
    """The first-visit rows of one host (network.hosts): `key` "" and `host` "" for the host that
    sends gzip only (the targets are for it), " br" and ", Brotli" for the one that sends Brotli."""
    return [
        (
            f"{profile_key}{key} {part}",
            f"first visit, {profile}{host}: {figure}",
            unit,
            scale,
            targets.get(f"{profile_key} {part}", ""),
        )
        for profile, profile_key in (("Fast 4G", "fast"), ("Slow 4G", "slow"))
        for part, figure, unit, scale in (
            ("result", "first live result", "s", 1),
            ("bytes", "transferred before it", "MB", 1e-6),
            ("wasm in", "the wasm's last byte", "s", 1),
            ("after it", "from it to the result", "s", 1),
        )
    ]


ROWS = [  # (sample, figure, unit, scale, target)
    ("home bytes", "first view: home page (gzip)", "KB", 1e-3, "< 400 KB"),
    ("rule bytes", "first view: rule page 1.7 (gzip)", "KB", 1e-3, "< 400 KB"),
    ("calculator bytes", "first view: calculator page (gzip)", "KB", 1e-3, ""),
    ("pyodide", "first view: engine files loaded, home + rule page", "files", 1, "0"),
    ("home paint", "first contentful paint: home page", "ms", 1, ""),
    ("rule paint", "first contentful paint: rule page", "ms", 1, ""),
    ("calculator paint", "first contentful paint: calculator page", "ms", 1, ""),
    ("engine cold", "calculator: navigation to engine ready, cold", "s", 1, "< 3 s"),
    ("engine warm", "calculator: navigation to engine ready, warm", "s", 1, "< 1 s"),
    ("worker started cold", "engine start: worker created, cold", "ms", 1, ""),
    ("worker started warm", "engine start: worker created, warm", "ms", 1, ""),
    ("python cold", "engine start: Python restored in worker, cold", "ms", 1, ""),
    ("python warm", "engine start: Python restored in worker, warm", "ms", 1, ""),
    ("from snapshot", "engine start, warm: from the snapshot (1 = yes)", "", 1, "1"),
    ("update", "calculator: input change to updated result", "ms", 1, "< 50 ms"),
    ("phone moving", "phone: to the next calculator, tap to live answer", "ms", 1, "< 300 ms"),
    ("phone offline", "phone: first calculator page offline, engine kept", "s", 1e-3, "< 1 s"),
    *first_visit_rows("", "", {"fast result": "< 5 s", "fast bytes": "< 5 MB", "slow result": "< 25 s"}),
    *first_visit_rows(" br", ", Brotli", {}),
    ("home 30 s", "first visit, home page: transferred in 30 s", "MB", 1e-6, "< 2 MB"),
    ("rule 30 s", "first visit, rule page 1.7: transferred in 30 s", "MB", 1e-6, "< 2 MB"),
    ("pyodide 30 s", "first visit, home + rule page: engine files, 30 s", "files", 1, "0"),
    ("search rule number", f"search: rule number ({SEARCHES['rule number']})", "ms", 1, ""),
    ("search phrase", f"search: phrase ({SEARCHES['phrase']})", "ms", 1, ""),
]


def rows(samples: dict[str, list[float]]) -> list[dict]:
    return [
        {
            "figure": figure,
            "median": statistics.median(samples[key]) * scale,
            "unit": unit,
            "runs": len(samples[key]),
            "target": target,
        }
        for key, figure, unit, scale, target in ROWS
        if key in samples
    ]
