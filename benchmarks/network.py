"""First visits over a phone network, in headless Chromium with DevTools' network
emulation (CDP Network.emulateNetworkConditions), against the site served with gzip as a
production server does (devtools/serve.py: the build's .gz copies, else on the fly),
and again by a host that sends Brotli (the build's .br copies of the engine's files).

Profiles as DevTools names them, with the figures the issue gives: Fast 4G 9 Mbps down,
1.5 Mbps up, 60 ms; Slow 4G 1.6 Mbps, 750 kbps, 150 ms. The emulation applies to the page
and its engine worker (the service worker is not throttled; it starts after the engine).

Bytes are what crossed the network (compressed bodies and headers), from Chromium's own
count for each finished request, the service worker's included.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from urllib.parse import urlparse

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from benchmarks.in_flight import InFlight
from devtools.serve import start_server
from tests.support.page_hooks import hooked

PROFILES = {  # name -> (download bytes/s, upload bytes/s, latency ms)
    "Fast 4G": (9e6 / 8, 1.5e6 / 8, 60),
    "Slow 4G": (1.6e6 / 8, 0.75e6 / 8, 150),
}
CALCULATOR, INPUT = "calculators/strike/", "#calc-strike-prowess"
RUNTIME_WASM = "pyodide.asm.wasm"
WIRED = "#calc-strike[data-wired]"  # the page script listens to the form from here on
# When the page showed the engine's first answer, once it has.
SHOWN = hooked(
    "hooks.engineTimings()?.updates ? {at: performance.now(), origin: performance.timeOrigin} : null",
    earlier_sites=True,
)
FIRST_RESULT_TIMEOUT_S = 180
QUIET_PAGE_S = 30


class Transfers:
    """Every finished request of a browser context, with when it ended (epoch ms)."""

    def __init__(self, context):
        self.finished = []
        context.on("requestfinished", lambda request: self.finished.append(request))

    def bytes_until(self, epoch_ms: float | None = None) -> int:
        total = 0
        for request in list(self.finished):
            try:
                timing, sizes = request.timing, request.sizes()
            except PlaywrightError:
                continue
            ended = timing["startTime"] + max(timing["responseEnd"], 0)
            if epoch_ms is None or ended <= epoch_ms:
                total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
        return total

    def last_byte_of(self, name: str) -> float:
        """Epoch ms at which the largest answer for a file named `name` ended (the request that
        crossed the network, not those the HTTP cache joined to it)."""
        requests = [r for r in list(self.finished) if r.url.rsplit("/", 1)[-1] == name]
        if not requests:
            raise LookupError(f"no request for {name}")
        largest = max(requests, key=lambda request: request.sizes()["responseBodySize"])
        return largest.timing["startTime"] + largest.timing["responseEnd"]

    def engine_files(self) -> int:
        """Files of the engine itself (the runtime, standard library, wheel, snapshot); not its
        1 KB manifest, which the offline copy of the pages holds so a calculator can start offline."""
        return sum(
            1
            for r in self.finished
            if ("/assets/pyodide/" in r.url or "/assets/engine/" in r.url) and not r.url.endswith("/engine.json")
        )


@contextlib.contextmanager
def hosts(site: Path):
    """`site` served twice, as the first visits are measured: {"gzip": origin of a host that sends
    gzip only (every host can), "brotli": origin of one that sends Brotli where the site has it}."""
    servers = {encoding: start_server(site, brotli=encoding == "brotli") for encoding in ("gzip", "brotli")}
    try:
        yield {encoding: origin for encoding, (_, origin) in servers.items()}
    finally:
        for server, _ in servers.values():
            server.shutdown()
            server.server_close()


def throttle(context, page, profile: str) -> None:
    download, upload, latency = PROFILES[profile]
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": latency, "downloadThroughput": download, "uploadThroughput": upload},
    )


def paths_of(urls: list[str]) -> list[str]:
    """The paths of `urls`, without their origin or query."""
    return [urlparse(url).path for url in urls]


def first_live_result(browser, origin: str, profile: str) -> dict:
    """A first visit to the strike calculator: the reader changes an input at once; seconds from
    navigation until the result follows it, and the bytes transferred before then. Split in two at
    the wasm's last byte (the largest file, the last the start waits for): the download, then the
    CPU work of the start (Python's boot, the engine's import, the result)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        transfers, in_flight = Transfers(context), InFlight(page)
        throttle(context, page, profile)
        page.goto(f"{origin}/{CALCULATOR}", wait_until="commit")
        try:
            page.wait_for_selector(WIRED, state="attached", timeout=FIRST_RESULT_TIMEOUT_S * 1000)
        except PlaywrightTimeoutError as error:
            raise TimeoutError(
                f"{profile}: the calculator's form was not wired after {FIRST_RESULT_TIMEOUT_S} s; "
                f"requests open: {paths_of(in_flight.open_requests)}"
            ) from error
        page.fill(INPUT, "7")
        deadline = time.monotonic() + FIRST_RESULT_TIMEOUT_S
        while True:
            shown = page.evaluate(SHOWN)
            if shown:
                break
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"{profile}: no live result after {FIRST_RESULT_TIMEOUT_S} s; "
                    f"requests open: {paths_of(in_flight.open_requests)}"
                )
            page.wait_for_timeout(20)
        wasm_in = (transfers.last_byte_of(RUNTIME_WASM) - shown["origin"]) / 1000
        return {
            "result": shown["at"] / 1000,
            "bytes": transfers.bytes_until(shown["origin"] + shown["at"]),
            "wasm in": wasm_in,
            "after it": shown["at"] / 1000 - wasm_in,
        }
    finally:
        context.close()


def quiet_page_bytes(browser, origin: str, path: str) -> dict:
    """A first visit to a reading page, no throttling (the most a page can pull): the bytes
    transferred in its first 30 s, the service worker's saving included, and engine files."""
    context = browser.new_context()
    try:
        page = context.new_page()
        transfers = Transfers(context)
        page.goto(f"{origin}/{path}")
        started = page.evaluate("performance.timeOrigin")
        deadline = time.monotonic() + QUIET_PAGE_S
        # The copy of the pages is saved (or failed) and nothing has moved for 2 s: nothing more comes.
        settled_at, count = None, -1
        while time.monotonic() < deadline:
            state = page.evaluate("document.documentElement.dataset.offline")
            if state in ("ready", "failed") and len(transfers.finished) == count:
                if settled_at and time.monotonic() - settled_at > 2:
                    break
            else:
                settled_at, count = time.monotonic(), len(transfers.finished)
            page.wait_for_timeout(200)
        return {"bytes": transfers.bytes_until(started + QUIET_PAGE_S * 1000), "engine": transfers.engine_files()}
    finally:
        context.close()
