"""axe-core (npm, pinned in package-lock.json; tests only, never copied into the site) run on a page.

The page runs under the site's Content-Security-Policy, which forbids inline scripts, so
axe's source is evaluated through the DevTools protocol (page.evaluate is not subject to it)."""

from __future__ import annotations

from functools import cache

from tests.support.browser import wait_until_still
from tests.support.site import ROOT

AXE_SOURCE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# The WCAG 2.0, 2.1 and 2.2 success criteria at levels A and AA.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]

RUN_AXE_JS = """async tags => {
  const results = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return results.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary || ''})),
  }));
}"""


@cache
def axe_source() -> str:
    if not AXE_SOURCE.exists():
        raise FileNotFoundError(f"{AXE_SOURCE} is missing: run `npm ci` (axe-core is a devDependency)")
    return AXE_SOURCE.read_text(encoding="utf-8")


def axe_violations(page) -> list[dict]:
    """Every WCAG A/AA violation axe finds on the page as it is now, once nothing is moving."""
    wait_until_still(page)
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(axe_source() + "\n;0")
    return page.evaluate(RUN_AXE_JS, WCAG_TAGS)


def describe(violations: list[dict]) -> str:
    """One line per failing element: rule, target and what axe says is wrong."""
    lines = []
    for violation in violations:
        for node in violation["nodes"]:
            summary = " ".join(node["summary"].split())
            lines.append(f"  {violation['id']} ({violation['impact']}): {node['target']}  {summary[:300]}")
    return "\n".join(lines)
