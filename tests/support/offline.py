"""The offline copy, as the browser tests look at it: waiting until it and the engine are kept,
switching the network off, and what was tried on the network or stored in the caches since."""

from __future__ import annotations

from tests.support.browser import expect
from tests.support.page_hooks import HOOKS, hooked

SAVED_TIMEOUT_MS = 120_000


def megabytes(size: int) -> str:
    """As the site says a size: one decimal below 10 MB, none above."""
    return f"{size / 1e6:.1f} MB" if size < 1e7 else f"{size / 1e6:.0f} MB"


def wait_until_saved(page, timeout_ms: float = SAVED_TIMEOUT_MS) -> None:
    """The service worker has stored the pages, search and glossary: offline.js says "Ready offline"
    (and marks the document with data-offline="ready")."""
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=timeout_ms)


def go_offline(page) -> tuple[int, int]:
    page.context.set_offline(True)
    return len(page.guard.requests), len(page.guard.worker_requests)


def assert_nothing_tried_the_network(page, before: tuple[int, int]) -> None:
    tried = page.guard.requests[before[0] :] + page.guard.worker_requests[before[1] :]
    assert [url for url in tried if not url.endswith("/sw.js")] == [], "offline, these went to the network"


ENGINE_FILE_PARTS = ("/assets/pyodide/", ".whl", "engine-snapshot")
CACHED_JS = """async (name) => {
    const names = await caches.keys();
    const found = names.filter((cache) => cache.includes(name));
    const paths = [];
    for (const cache of found) {
        for (const request of await (await caches.open(cache)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
}"""
SAVE_DATA_JS = """Object.defineProperty(Navigator.prototype, "connection",
    { configurable: true, get: () => ({ saveData: true, addEventListener() {} }) });
window.__askedServiceWorker = [];
const post = ServiceWorker.prototype.postMessage;
ServiceWorker.prototype.postMessage = function (message, ...rest) {
    window.__askedServiceWorker.push(message);
    return post.call(this, message, ...rest);
};"""


def engine_requests(page) -> list[str]:
    return [
        url
        for url in page.guard.requests + page.guard.worker_requests
        if any(part in url for part in ENGINE_FILE_PARTS)
    ]


def cached(page, name: str) -> list[str]:
    return page.evaluate(CACHED_JS, name)


def wait_until_engine_kept(page, state: str = "kept") -> None:
    page.wait_for_function(hooked(f"hooks.offlineState()?.engineState === '{state}'"), timeout=SAVED_TIMEOUT_MS)


# Where the offline copy stands, for a failure's message: the page's view, its registration's
# workers, and how many files each cache holds.
SERVICE_WORKER_STATE_JS = (
    """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const counts = await Promise.all((await caches.keys()).map(
        async (name) => name + ":" + (await (await caches.open(name)).keys()).length));
    return {offline: %s.offlineState(), navigation: performance.getEntriesByType("navigation")[0]?.type,
            controlled: Boolean(navigator.serviceWorker.controller), installing: registration?.installing?.state,
            waiting: registration?.waiting?.state, active: registration?.active?.state, caches: counts,
            message: document.getElementById("site-messages")?.textContent};
}"""
    % HOOKS
)
