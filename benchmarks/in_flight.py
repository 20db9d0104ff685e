"""Waiting until a page has loaded, with the requests it still waits on named.

Playwright's wait for "networkidle" is near this, but it fails with no names, it waits for an
idle half-second (time, not a state of the page), and once in a while it never fires at all on a
page whose requests have all finished (microsoft/playwright #19835; it cost a CI run here, on a
glossary page that settles in 1.3 s). So a page's requests are counted from the page's own
events, as they arrive."""

from __future__ import annotations

import time

# Resolves at the page's next frame: Playwright delivers the page's events meanwhile.
NEXT_FRAME_JS = "() => new Promise((resolve) => requestAnimationFrame(() => resolve()))"


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

    @property
    def open_requests(self) -> list[str]:
        """The addresses of the requests still open."""
        return sorted(self._pending.values())

    def _still_loading(self, timeout_s: float) -> TimeoutError:
        return TimeoutError(
            f"the page still loads after {timeout_s:.0f} s: "
            f"{len(self._pending)} requests open {sorted(self._pending.values())[:5]}"
        )

    def wait_until_loaded(self, timeout_s: float = 30.0) -> None:
        """Until the document has loaded (its load event) and no request it started is open, asked
        at each of the page's frames: the state the tests wait for before they look at a page."""
        deadline = time.monotonic() + timeout_s
        self._page.wait_for_load_state("load", timeout=timeout_s * 1000)
        while self._pending:
            if time.monotonic() > deadline:
                raise self._still_loading(timeout_s)
            self._page.evaluate(NEXT_FRAME_JS)

    def wait_until_quiet(self, quiet_s: float = 0.5, timeout_s: float = 30.0) -> None:
        """Until the page has loaded and no request has started or ended for `quiet_s` either: what
        the benchmarks count as a first visit's end (the service worker's saving comes after the
        load). The tests wait for wait_until_loaded's state instead."""
        deadline = time.monotonic() + timeout_s
        self.wait_until_loaded(timeout_s)
        while self._pending or time.monotonic() - self._changed < quiet_s:
            if time.monotonic() > deadline:
                raise self._still_loading(timeout_s)
            self._page.evaluate(NEXT_FRAME_JS)
