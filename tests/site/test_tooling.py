"""The project is installed into its own .venv (editable), so the generators run from the venv with
no PYTHONPATH: `.venv/bin/mkdocs build` finds the Markdown extensions in build_scripts (the
run's Zensical build, tests/support/site.py's build_site, runs the venv's Zensical the same way).
The mkdocs build checked here is the session's `moved_site` (tests/conftest.py), which the venv's
mkdocs makes with no PYTHONPATH: one build serves this test and the sub-path tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.support.site import ROOT, soup_of, without_pythonpath


def test_the_venv_imports_the_project_from_anywhere(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import build_scripts.markdown.rule_blocks, calculators.api; print(build_scripts.__file__)",
        ],
        cwd=tmp_path,
        env=without_pythonpath(),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert Path(done.stdout.strip()).is_relative_to(ROOT), done.stdout


def test_the_venvs_mkdocs_builds_the_site_without_pythonpath(moved_site):
    site, _ = moved_site
    page = soup_of(site / "rules" / "1-7-combat.html")
    assert page.select_one("#r1-7-25 a.rule-num"), "the rule_blocks extension did not run"
