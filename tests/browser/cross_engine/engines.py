"""The three engines and where their Debian packages put them. Chromium is Playwright's
(tests/browser/conftest.py); Firefox and WebKit start here, once per test run."""

from __future__ import annotations

import glob
import os
import shutil
from pathlib import Path

from tests.support.site import ROOT

ENGINES = ("chromium", "firefox", "webkit")
PUPPETEER = ROOT / "node_modules" / "puppeteer-core"
MAKE_TEST = "`make test` installs it when run as root"


def _first_file(*candidates: str | None) -> str | None:
    return next((c for c in candidates if c and Path(c).is_file()), None)


def firefox_path() -> str | None:
    """$FIREFOX, else Debian's firefox-esr."""
    return _first_file(os.environ.get("FIREFOX"), shutil.which("firefox-esr"), "/usr/bin/firefox-esr")


def webkit_paths() -> tuple[str | None, str | None]:
    """WebKitWebDriver and the MiniBrowser it drives (libwebkit2gtk-4.1-0 installs it beside the library)."""
    driver = _first_file(os.environ.get("WEBKIT_DRIVER"), shutil.which("WebKitWebDriver"))
    browser = _first_file(
        os.environ.get("WEBKIT_BROWSER"), *sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"), reverse=True)
    )
    return driver, browser


def missing(name: str) -> str | None:
    """Why `name` cannot run here, naming what to install; None when it can."""
    if name == "firefox":
        if not firefox_path():
            return f"Firefox not found: apt-get install firefox-esr ({MAKE_TEST}), or set $FIREFOX"
        if not shutil.which("node") or not PUPPETEER.is_dir():
            return "puppeteer-core is not installed: run `npm ci` (make test does)"
    if name == "webkit":
        driver, browser = webkit_paths()
        if not driver or not browser:
            return f"WebKitWebDriver or MiniBrowser not found: apt-get install webkit2gtk-driver ({MAKE_TEST})"
        if not shutil.which("Xvfb"):
            return f"Xvfb not found: apt-get install xvfb ({MAKE_TEST})"
    return None


def launch(name: str, *, wasm_baseline_only: bool = False):
    """A running Firefox or WebKit, with `new_page()` and `close()`. `wasm_baseline_only` (the
    tests): WebAssembly on WebKit's baseline compiler alone, as Chromium's tests run it. The
    calculators' answers do not depend on the tier, and the optimising tier's compiles, wasted
    on pages that live a few seconds, were a large part of WebKit's CPU for a cold and a warm
    start. Firefox is left as shipped: its optimising tier takes only the hot functions already. `make bench` measures every engine as shipped."""
    if name == "firefox":
        from tests.browser.cross_engine.firefox import Firefox

        return Firefox(firefox_path())
    if name == "webkit":
        from tests.browser.cross_engine.webkit import WebKit

        return WebKit(*webkit_paths(), wasm_baseline_only=wasm_baseline_only)
    raise ValueError(f"{name} is driven by Playwright, not launched here")
