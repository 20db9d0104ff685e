"""`make serve` (devtools/serve.py --watch) on a scratch copy of the project: an edited glossary
entry shows in the open page by itself, through the site's service worker (the page reloads onto the
new build, not the copy the worker kept), under the site's Content-Security-Policy."""

from __future__ import annotations

from playwright.sync_api import expect

from benchmarks.author_loop import (
    BUILD_WAIT_S,
    ENTRY,
    ENTRY_TEXT,
    GLOSSARY_PAGE,
    copy_project,
    dev_server,
    edit_glossary,
    wait_for_build,
)

MARKER = "Edited while served."
IN_CONTROL = """new Promise((resolve) => navigator.serviceWorker.controller ? resolve(true)
  : navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true), { once: true }))"""


def test_an_edited_glossary_entry_shows_in_the_open_page(browser, tmp_path):
    project = copy_project(tmp_path / "project")
    with dev_server(project, tmp_path / "serve.log") as origin:
        wait_for_build(origin)
        context = browser.new_context()
        page = context.new_page()
        refused = []
        page.on(
            "console",
            lambda message: refused.append(message.text) if "Content Security Policy" in message.text else None,
        )
        page.goto(origin + GLOSSARY_PAGE)
        expect(page.locator(ENTRY)).to_contain_text(ENTRY_TEXT)
        assert page.evaluate(IN_CONTROL)  # the page is the service worker's before the edit
        expect(page.locator("html")).to_have_attribute("data-dev-build", "ready")
        edit_glossary(project, MARKER)
        expect(page.locator(ENTRY)).to_contain_text(MARKER, timeout=BUILD_WAIT_S * 1000)
        assert page.evaluate(IN_CONTROL)
        assert refused == []
        context.close()
    assert "__dev__" not in (project / "site" / "glossary" / "index.html").read_text(encoding="utf-8")
