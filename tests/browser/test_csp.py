"""The site works under its Content-Security-Policy (devtools/serve.py, the README's
server sample): the test server sends it on every response, and search and the service
worker run with no violation; every calculator page, started both ways, is checked for
violations by test_agreement.py. (Every browser test runs under it; a violation is a
console error, which the `open_page` guard fails on.)"""

from __future__ import annotations

import re
import urllib.request

from devtools.serve import CONTENT_SECURITY_POLICY
from tests.support.browser import RECORD_VIOLATIONS_JS, violations
from tests.support.offline import wait_until_saved
from tests.support.site import ROOT


def headers_of(url: str) -> dict[str, str]:
    with urllib.request.urlopen(url) as response:
        return {name.lower(): value for name, value in response.headers.items()}


def directives(policy: str) -> dict[str, list[str]]:
    parts = (part.split() for part in policy.split(";") if part.strip())
    return {name: sources for name, *sources in parts}


def test_the_server_sends_the_policy_and_the_wasm_type(origin):
    for path in ("/", "/sw.js", "/assets/javascripts/calculators/engine-worker.js"):
        assert headers_of(origin + path)["content-security-policy"] == CONTENT_SECURITY_POLICY, path
    assert headers_of(origin + "/assets/pyodide/pyodide.asm.wasm")["content-type"] == "application/wasm"


def test_the_policy_sent_lets_scripts_come_only_from_the_site():
    """What the header says, read as a browser reads it: scripts, workers and requests from the
    site only, WebAssembly compiled but no string evaluated, nothing framed or embedded."""
    sent = directives(CONTENT_SECURITY_POLICY)
    assert sent["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    for name in ("default-src", "worker-src", "connect-src", "font-src", "base-uri", "form-action"):
        assert sent[name] == ["'self'"], name
    assert sent["object-src"] == ["'none'"] and sent["frame-ancestors"] == ["'none'"]
    assert not [
        source
        for sources in sent.values()
        for source in sources
        if source not in ("'self'", "'none'", "'wasm-unsafe-eval'", "'unsafe-inline'", "data:")
    ], sent
    assert sent["style-src"] == ["'self'", "'unsafe-inline'"], "inline styles only (Material sets them)"


def test_the_readme_sample_sends_the_same_policy():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    sample = re.search(r'add_header Content-Security-Policy "([^"]+)"', readme)
    assert sample, "README: the server sample has no Content-Security-Policy header"
    assert sample.group(1) == CONTENT_SECURITY_POLICY
    assert "application/wasm" in readme


def test_reading_search_and_the_service_worker_work_under_the_policy(open_page):
    page = open_page(None, service_worker=True)
    page.context.add_init_script(RECORD_VIOLATIONS_JS)
    page.goto(page.guard.origin + "/")
    wait_until_saved(page)
    assert violations(page) == []
    page.goto(page.guard.origin + "/rules/1-7-combat/")
    page.click(".rule-search__input")
    page.keyboard.type("1.7.12")
    page.locator(".rule-search__item a").first.click()  # instant navigation
    page.wait_for_load_state()
    assert violations(page) == []
