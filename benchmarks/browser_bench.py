"""Calculator pages in Chromium: navigation to engine ready (cold and warm) and
input change to updated result. `figures(runs)` gives rows for `make bench`.

Serves the built site/ on a free 127.0.0.1 port; uses $CHROMIUM or Debian's chromium.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import statistics
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = "calculators/strike/"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
READY_JS = "window.__calculators && window.__calculators.readyAt"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def _ready_seconds(page, url: str) -> float:
    """Time from navigation start to the engine being ready (performance.now() counts from navigation)."""
    page.goto(url)
    page.wait_for_function(READY_JS, timeout=60_000)
    return page.evaluate("window.__calculators.readyAt") / 1000


def _update_ms(page, value: int) -> float:
    before = page.evaluate("window.__calculators.updates || 0")
    page.fill("#calc-strike-prowess", str(value))
    page.wait_for_function(f"(window.__calculators.updates || 0) > {before}")
    return page.evaluate("window.__calculators.lastUpdateMs")


def figures(runs: int) -> list[dict]:
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    server, origin = _serve(ROOT / "site")
    cold, warm, updates = [], [], []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium if Path(chromium).exists() else None,
                                                 args=ARGS)
            for _ in range(runs):
                context = browser.new_context()          # empty cache: a first visit
                page = context.new_page()
                cold.append(_ready_seconds(page, origin + PAGE))
                warm.append(_ready_seconds(page, origin + PAGE))   # same browser cache: a later visit
                for value in range(3, 13):
                    updates.append(_update_ms(page, value))
                context.close()
            browser.close()
    finally:
        server.shutdown()
    return [
        {"figure": "calculator: navigation to engine ready, cold", "median": statistics.median(cold), "unit": "s",
         "runs": runs, "target": "< 6 s"},
        {"figure": "calculator: navigation to engine ready, warm", "median": statistics.median(warm), "unit": "s",
         "runs": runs, "target": "< 6 s"},
        {"figure": "calculator: input change to updated result", "median": statistics.median(updates),
         "unit": "ms", "runs": len(updates), "target": "< 100 ms"},
    ]


if __name__ == "__main__":
    for row in figures(3):
        print(f"{row['figure']:<48} {row['median']:>10.3f} {row['unit']:<3} {row['runs']:>4}  {row['target']}")
