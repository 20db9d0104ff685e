"""The status line says what the engine is doing: loading (with progress), ready, or error;
on error the result already on the page stays."""

from __future__ import annotations

import json

from tests.support.browser import defaults, expect, python_rendered_text, result_text, wait_for_engine
from tests.support.page_hooks import hooked
from tests.support.site import BROWSER_SITE


def test_status_shows_loading_with_progress_then_ready(open_page):
    page = open_page("calculators/corruption/")
    assert page.get_attribute("#calc-corruption", "data-engine") == "loading"
    assert page.locator("#calc-corruption .calc-status__progress").is_visible()
    assert "Loading the engine" in page.inner_text("#calc-corruption .calc-status")
    page.wait_for_function(
        "/ of [0-9.]+ MB|starting Python/.test(document.querySelector('#calc-corruption .calc-status').textContent)"
    )
    wait_for_engine(page, "corruption")
    assert page.locator("#calc-corruption .calc-status__progress").is_hidden()
    assert page.inner_text("#calc-corruption .calc-status").strip() == "Live: the result follows your inputs."


def test_the_progress_counts_the_bytes_as_they_cross_the_network(open_page):
    """The test server sends Chromium the engine's Brotli copies: the progress counts their sizes."""
    page = open_page("calculators/corruption/")
    wait_for_engine(page, "corruption")
    manifest = json.loads((BROWSER_SITE / "assets" / "engine" / "engine.json").read_text(encoding="utf-8"))
    assert all("brotli" in file for file in manifest["boot"]), "every file the start downloads has a Brotli copy"
    assert page.evaluate(hooked("hooks.engineTimings().downloadTotal")) == sum(
        file["brotli"] for file in manifest["boot"]
    )


def test_status_shows_an_engine_error_and_keeps_the_result(open_page):
    page = open_page(None)
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(page.guard.origin + "/calculators/corruption/")
    page.wait_for_function("document.querySelector('#calc-corruption').dataset.engine === 'error'")
    assert "Engine error" in page.inner_text("#calc-corruption .calc-status")
    page.fill("#calc-corruption-points", "6")
    assert result_text(page, "corruption") == python_rendered_text("corruption", defaults("corruption"))
    page.guard.console_errors.clear()  # the failed download is this test's own doing


def test_a_failing_download_is_reported_at_once_with_its_http_status(open_page):
    """A wasm answered 500 left "Loading the engine: 0.9 of 4.3 MB" for 90 s, the start's backstop;
    a failing engine.json said "Unexpected token 'I' ... is not valid JSON". The suite's one deadline
    (60 s) is under that backstop, so a report that waited for it fails here."""
    for failing in ("assets/pyodide/pyodide.asm.wasm", "assets/engine/engine.json"):
        page = open_page(None)
        page.route(f"**/{failing}", lambda route: route.fulfill(status=500, body="Internal Server Error"))
        page.goto(page.guard.origin + "/calculators/corruption/")
        expect(page.locator("#calc-corruption")).to_have_attribute("data-engine", "error")
        assert page.inner_text("#calc-corruption .calc-status").startswith(
            f"Engine error: {failing} could not be downloaded (HTTP 500); reload the page to try again"
        )
        page.guard.console_errors.clear()  # the failed download is this test's own doing
        page.close()
