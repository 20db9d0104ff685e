"""Waiting until a page has stopped loading, with the requests it still waits on named.

Playwright's wait for "networkidle" does the same, but it fails with no names, and once in a
while it never fires at all on a page whose requests have all finished (microsoft/playwright
#19835; it cost a CI run here, on a glossary page that had settled). So a page's requests
are counted from the page's own events, as they arrive."""

from __future__ import annotations

import time


class InFlight:
    """The requests a page has started and not yet finished (or failed), and when the last one
    started or ended. Create it before the page's first request (before page.goto)."""

    def __init__(self, page):
        self._page = page
        self._pending: dict[object, str] = {}
        self._changed = time.monotonic()
        page.on("request", self._started)
        page.on("requestfinished", self._ended)
        page.on("requestfailed", self._ended)

    def _started(self, request) -> None:
        self._pending[request] = request.url
        self._changed = time.monotonic()

    def _ended(self, request) -> None:
        self._pending.pop(request, None)
        self._changed = time.monotonic()

    def wait_until_quiet(self, quiet_s: float = 0.5, timeout_s: float = 30.0) -> None:
        """Until no request is open and none has started or ended for `quiet_s`."""
        deadline = time.monotonic() + timeout_s
        while self._pending or time.monotonic() - self._changed < quiet_s:
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"the page still loads after {timeout_s:.0f} s: "
                    f"{len(self._pending)} requests open {sorted(self._pending.values())[:5]}"
                )
            self._page.wait_for_timeout(50)  # Playwright delivers the page's events meanwhile
