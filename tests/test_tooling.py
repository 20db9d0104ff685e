"""The project is installed into its own .venv (editable), so the generators run from the venv with
no PYTHONPATH: `.venv/bin/mkdocs build` finds the Markdown extensions in build_scripts.
(tests/test_zensical.py builds with `.venv/bin/zensical` the same way.)"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT, soup_of

BIN = Path(sys.executable).parent


def without_pythonpath() -> dict[str, str]:
    return {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}


def test_the_venv_imports_the_project_from_anywhere(tmp_path):
    done = subprocess.run([sys.executable, "-c", "import build_scripts.markdown.rule_blocks, calculators.api; "
                                                 "print(build_scripts.__file__)"],
                          cwd=tmp_path, env=without_pythonpath(), capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert Path(done.stdout.strip()).is_relative_to(ROOT), done.stdout


def test_the_venvs_mkdocs_builds_the_site_without_pythonpath(site):
    out = ROOT / "build" / f"tooling-site-{os.getpid()}"
    try:
        done = subprocess.run([str(BIN / "mkdocs"), "build", "--strict", "--quiet", "-d", str(out)], cwd=ROOT,
                              env={**without_pythonpath(), "NO_MKDOCS_2_WARNING": "1"},
                              capture_output=True, text=True, timeout=600, check=False)
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
        page = soup_of(out / "rules" / "1-7-combat" / "index.html")
        assert page.select_one("#r1-7-25 a.rule-num"), "the rule_blocks extension did not run"
    finally:
        shutil.rmtree(out, ignore_errors=True)
