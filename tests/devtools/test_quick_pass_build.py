"""make serve's two passes on a scratch copy of the project, with the real build: the quick pass,
started ahead of the edit as the server starts it, shows an edited glossary entry, and the whole build after it is the site the quick pass served,
page for page (no page of the quick pass was stale or wrong: nav titles, the edited page), under
the same build name and service worker (the open pages do not reload a second time); then
`make build` has nothing to do."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from benchmarks.author_loop import copy_project, edit_glossary, project_env

pytestmark = pytest.mark.builds

MARKER = "Edited for the quick pass."
WORKER_FILES = ("sw.js", "offline.json")
ADOPT = "import json; from devtools import quick_pass; print(json.dumps(quick_pass.adopt_next_site()))"


def build(project, *options: str, told: str | None = None) -> str:
    done = subprocess.run(
        [sys.executable, *options],
        cwd=project,
        env=project_env(project),
        input=told,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout + done.stderr


def build_name(project) -> str:
    return json.loads((project / "site" / "offline.json").read_text(encoding="utf-8"))["build"]


def test_the_quick_pass_serves_the_page_the_whole_build_makes(tmp_path):
    project = copy_project(tmp_path / "project")
    build(project, "-m", "build_scripts.incremental")
    edit_glossary(project, MARKER)

    said = build(project, "-m", "devtools.quick_pass", "--quick", "--ahead", told="go\n")
    assert "site: quick pass in" in said, said
    assert "site: service worker written by the script started ahead" in said, said
    assert MARKER in (project / "site" / "glossary" / "index.html").read_text(encoding="utf-8")
    quick_name = build_name(project)
    quick_worker = {name: (project / "site" / name).read_bytes() for name in WORKER_FILES}

    said = build(project, "-m", "devtools.quick_pass", "--aside")
    assert "site, built aside in" in said, said
    assert json.loads(build(project, "-c", ADOPT).strip().splitlines()[-1]) == []  # no page differs
    assert build_name(project) == quick_name
    # the quick pass's worker is the one the post-build writes
    assert {name: (project / "site" / name).read_bytes() for name in WORKER_FILES} == quick_worker
    assert MARKER in (project / "site" / "glossary" / "index.html").read_text(encoding="utf-8")
    assert "site: up to date" in build(project, "-m", "build_scripts.incremental")
