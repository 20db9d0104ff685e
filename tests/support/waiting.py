"""How long a browser test waits, in every engine: it waits for a state the page reaches, and the
one deadline below only bounds a broken test. When a wait ends without its state, what the page
was in is said (PAGE_STATE_JS)."""

from __future__ import annotations

from tests.support.page_hooks import hooked

# One deadline for every wait on a page, in Chromium, Firefox and WebKit: far beyond the slowest
# state a page reaches on a loaded 2-core machine (an engine's start beside another test process
# and a busy core), so it says a test is broken and never how long a state takes. A wait names no
# time of its own; the offline copy's save (tests/support/offline.py) is the one longer state.
DEADLINE_MS = 60_000

# What the page was in when a wait ended without its state (or a check found another): its address,
# how far it has loaded and by which navigation, where its engine started from, the offline copy's
# state, and each calculator's engine state and the inputs of the result it shows.
PAGE_STATE_JS = hooked("""({href: location.href, readyState: document.readyState,
  navigation: performance.getEntriesByType('navigation')[0]?.type, startedFrom: hooks.engineTimings()?.startedFrom,
  offline: JSON.stringify(hooks.offlineState()),
  calculators: Object.fromEntries([...document.querySelectorAll('[data-engine]')].map(
    (box) => [box.id, {engine: box.dataset.engine, params: box.dataset.params ?? null}]))})""")
