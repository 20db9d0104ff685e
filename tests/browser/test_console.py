"""No console warnings on any kind of page, on a first visit with the offline copy being saved:
a warning in the console is either a fault or noise that hides the next fault. Chromium warns
of a preloaded file the page has not used a few seconds after its load event (the engine's
files, which its worker reads from the HTTP cache, were such); so each page is watched until
that moment has passed, with the engine started on the calculator page."""

from __future__ import annotations

from tests.support.browser import wait_for_engine

PAGES = (
    "",
    "rules/1-7-combat/",
    "sbg/edition-differences/",
    "glossary/",
    "calculators/",
    "calculators/strike/",
    "turn-summary/",
    "turn-summary-card/",
    "turn-summary-print/",
    "ruling/",
)
# Chromium's check of unused preloads runs 3 s after the load event; half a second more for its message.
PRELOAD_CHECK_MS = 3500
CHECKED_JS = f"""() => {{
    const [navigation] = performance.getEntriesByType("navigation");
    return Boolean(navigation) && navigation.loadEventEnd > 0
        && performance.now() > navigation.loadEventEnd + {PRELOAD_CHECK_MS};
}}"""


def test_no_page_logs_a_console_warning(open_page):
    first = open_page(None, service_worker=True)
    warnings: dict[str, list[str]] = {}
    pages = {}
    for path in PAGES:
        page = first if not pages else first.context.new_page()
        page.on(
            "console",
            lambda message, path=path: message.type == "warning" and warnings.setdefault(path, []).append(message.text),
        )
        page.goto(f"{first.guard.origin}/{path}")
        pages[path] = page
    wait_for_engine(pages["calculators/strike/"], "strike")
    for page in pages.values():
        page.wait_for_function(CHECKED_JS)
    assert warnings == {}
