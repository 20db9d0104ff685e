"""What the tests and the benchmark read inside a page, through the site's one entry for them:
docs/assets/javascripts/test-hooks.js, imported into the page (it says what each export holds).

`hooked(expression)` is a JavaScript expression for page.evaluate, a wait or a poll: `expression`
with `hooks` bound to the module's exports, as in `hooked("hooks.engineTimings()?.startedFrom")`.
Inside a function of a test's own, `HOOKS` is the module, awaited:
`f"async (text) => {HOOKS}.showMessage(text)"`."""

from __future__ import annotations

HOOKS_PATH = (
    "/assets/javascripts/test-hooks.js"  # the sites the tests and the benchmark serve sit at their origin's root
)
IMPORT_HOOKS = f"import(new URL('{HOOKS_PATH}', location.href))"
HOOKS = f"(await {IMPORT_HOOKS})"

# A site built before test-hooks.js (a baseline that `make bench BASELINE=` or `make screenshots`
# measures) kept the same objects on window.
EARLIER_HOOKS = "({engineTimings: () => window.__calculators ?? null, offlineState: () => window.__offline ?? null})"


def hooked(expression: str, *, earlier_sites: bool = False) -> str:
    imported = IMPORT_HOOKS + (f".catch(() => {EARLIER_HOOKS})" if earlier_sites else "")
    return f"{imported}.then((hooks) => ({expression}))"
