"""The site works under its Content-Security-Policy (mele/devtools/serve.py, the README's
server sample): the test server sends it on every response, and search and the service
worker run with no violation; every calculator page, started both ways, is checked for
violations by test_agreement.py. (Every browser test runs under it; a violation is a
console error, which the `open_page` guard fails on.)"""

from __future__ import annotations

import re
import urllib.request

from mele.devtools.serve import CONTENT_SECURITY_POLICY
from tests.browser.test_offline import wait_until_saved
from tests.conftest import ROOT

# Collects violations in the page and in the document of each navigation.
RECORD_VIOLATIONS_JS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective}: ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
});
"""


def headers_of(url: str) -> dict[str, str]:
    with urllib.request.urlopen(url) as response:
        return {name.lower(): value for name, value in response.headers.items()}


def violations(page) -> list[str]:
    return page.evaluate("window.__cspViolations")


def test_the_server_sends_the_policy_and_the_wasm_type(origin):
    for path in ("/", "/sw.js", "/assets/javascripts/calculators/engine-worker.js"):
        assert headers_of(origin + path)["content-security-policy"] == CONTENT_SECURITY_POLICY, path
    assert headers_of(origin + "/assets/pyodide/pyodide.asm.wasm")["content-type"] == "application/wasm"
    assert "'unsafe-eval'" not in CONTENT_SECURITY_POLICY and "script-src 'self' 'wasm-unsafe-eval'" in \
        CONTENT_SECURITY_POLICY


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
    page.locator(".rule-search__item a").first.click()    # instant navigation
    page.wait_for_load_state()
    assert violations(page) == []
