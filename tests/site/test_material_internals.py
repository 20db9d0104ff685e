"""What the site takes from Material for MkDocs beyond its documented API is fenced, and checked
against the Material that pyproject.toml pins:

- its inline start-up scripts, recreated as files so that the site runs under a
  Content-Security-Policy without 'unsafe-inline': docs/assets/javascripts/theme/md-*.js, loaded by
  the overrides of its partials in overrides/partials/javascripts/;
- `target$`, the observable of the anchor followed on the page shown, which its bundle puts on
  window but its documentation does not name: docs/assets/javascripts/material-events.js alone
  (beside `document$`, which its documentation gives scripts).

A new Material fails here with the sentence that says what to check again."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import material

from tests.support.site import ROOT

CHECKED_WITH = "9.8.1"
PAGE_SCRIPTS = ROOT / "docs" / "assets" / "javascripts"
EVENTS_MODULE = PAGE_SCRIPTS / "material-events.js"
RECREATED = {  # Material's partial -> the file that does what its inline script does
    "base.html": "md-scope.js",
    "content.html": "md-content.js",
    "palette.html": "md-palette.js",
}
MATERIAL = Path(material.__file__).parent / "templates"
RECHECK = (
    "re-check, against the new version's templates/partials/javascripts/{base,content,palette}.html, that "
    "docs/assets/javascripts/theme/md-scope.js, md-content.js and md-palette.js still do what their inline "
    "scripts do (and that no other partial there gained an inline script the site would now run), and, in its "
    "bundle, that window.target$ still emits the element of an anchor followed on the page "
    "(docs/assets/javascripts/material-events.js); then set CHECKED_WITH in this test"
)


def pinned_material() -> str:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    pins = [spec.split("==")[1] for spec in extras["site"] if spec.startswith("mkdocs-material==")]
    assert len(pins) == 1, extras["site"]
    return pins[0]


def test_the_pinned_material_is_the_one_its_internals_were_checked_against():
    pinned = pinned_material()
    assert pinned == CHECKED_WITH, f"Material for MkDocs is pinned at {pinned} now, not {CHECKED_WITH}: {RECHECK}."


def test_the_installed_material_still_has_what_the_site_recreates_and_reads():
    partials = MATERIAL / "partials" / "javascripts"
    missing = [name for name in RECREATED if "<script>" not in (partials / name).read_text(encoding="utf-8")]
    bundle = next((MATERIAL / "assets" / "javascripts").glob("bundle.*.min.js")).read_text(encoding="utf-8")
    missing += [name for name in ("window.document$=", "window.target$=") if name not in bundle]
    assert missing == [], f"Material for MkDocs has changed ({missing}): {RECHECK}."


def test_each_recreated_script_replaces_its_partial():
    overrides = ROOT / "overrides" / "partials" / "javascripts"
    assert sorted(path.name for path in overrides.glob("*.html")) == sorted(RECREATED)
    for partial, script in RECREATED.items():
        assert f"assets/javascripts/theme/{script}" in (overrides / partial).read_text(encoding="utf-8"), partial
    assert sorted(path.name for path in (PAGE_SCRIPTS / "theme").glob("*.js")) == sorted(RECREATED.values())


def test_only_material_events_reads_materials_observables():
    readers = [
        path.relative_to(ROOT).as_posix()
        for path in PAGE_SCRIPTS.rglob("*.js")
        if path != EVENTS_MODULE and re.search(r"\b(document|target)\$", path.read_text(encoding="utf-8"))
    ]
    assert readers == [], "Material's observables are read in material-events.js alone (onEveryPage, onAnchorFollowed)"
