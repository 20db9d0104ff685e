"""The calculator's engine in Firefox and WebKit, measured as browser_bench.py measures it in Chromium:
navigation to engine ready, cold (a first visit) and warm (once the offline copy is saved), and
input change to updated result (the page's own timing, from the input event to the new result).

Each run serves the site on an origin of its own, so nothing is cached there yet: WebKit's pages
share one profile, and a new origin is how each run starts cold in every engine. The engines are
the cross-engine tests' (tests/browser/cross_engine); an engine that is not installed is left out,
with the reason printed."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

from benchmarks.browser_bench import CALCULATOR, ENGINE_READY, OFFLINE_SAVED, _update_ms, poll
from devtools.serve import start_server
from tests.browser.cross_engine import engines

ENGINES = ("firefox", "webkit")
UPDATE_VALUES = range(3, 10)  # one key press each, so each change is one computation
ROWS = [  # (sample, figure, unit, target), each per engine
    ("cold", "navigation to engine ready, cold", "s", "< 3 s"),
    ("warm", "navigation to engine ready, warm", "s", "< 2 s"),
    ("update", "input change to updated result", "ms", "< 50 ms"),
]


def _one_run(browser, site: Path, name: str) -> dict[str, list[float]]:
    """One cold visit, then (once the offline copy is saved) one warm visit. A copy not reported
    saved in time leaves this run without a warm sample, said on stderr, rather than the table
    without every figure (the cross-engine offline test checks the copy itself)."""
    server, origin = start_server(site)
    page = browser.new_page()
    try:
        page.goto(f"{origin}/{CALCULATOR}")
        cold = poll(page, ENGINE_READY) / 1000
        try:
            poll(page, OFFLINE_SAVED)
        except TimeoutError as reason:
            print(f"benchmarks: {name}: no warm sample this run ({reason})", file=sys.stderr)
            return {"cold": [cold], "update": [_update_ms(page, value) for value in UPDATE_VALUES]}
        page.goto(f"{origin}/{CALCULATOR}")
        warm = poll(page, ENGINE_READY) / 1000
        return {"cold": [cold], "warm": [warm], "update": [_update_ms(page, value) for value in UPDATE_VALUES]}
    finally:
        page.close()
        server.shutdown()
        server.server_close()


def measure(site: Path, runs: int, names=ENGINES) -> dict[str, dict[str, list[float]]]:
    """Samples per engine and figure; engines that cannot run here are reported on stderr and left out."""
    samples: dict[str, dict[str, list[float]]] = {}
    for name in names:
        reason = engines.missing(name)
        if reason:
            print(f"benchmarks: {name} left out: {reason}", file=sys.stderr)
            continue
        browser = engines.launch(name)
        try:
            for _ in range(runs):
                for key, values in _one_run(browser, site, name).items():
                    samples.setdefault(name, {}).setdefault(key, []).extend(values)
        finally:
            browser.close()
    return samples


def figures(site: Path, runs: int, names=ENGINES) -> list[dict]:
    return [
        {
            "figure": f"{name}: {figure}",
            "median": statistics.median(by_key[key]),
            "unit": unit,
            "runs": len(by_key[key]),
            "target": target,
        }
        for name, by_key in measure(site, runs, names).items()
        for key, figure, unit, target in ROWS
        if by_key.get(key)
    ]
