"""make test-under-load (tests/support/under_load.py): the committed HEAD runs in a fresh clone
beside a busy core, the outcome is said, and nothing it started outlives it."""

from __future__ import annotations

import contextlib
import os
import subprocess
from pathlib import Path

import pytest

from tests.support.under_load import busy_core, under_load

ENDED_S = 30  # a failure's bound for a process told to end: it ends at once


def project(root, recipe: str):
    """A git repository whose committed Makefile's `test` runs `recipe`."""
    root.mkdir()
    (root / "Makefile").write_text(f"test:\n\t{recipe}\n", encoding="utf-8")
    for args in (["init", "--quiet"], ["add", "Makefile"], ["commit", "--quiet", "-m", "test"]):
        subprocess.run(
            ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=root, check=True, capture_output=True
        )
    return root


def test_the_busy_process_is_stopped_when_the_run_ends_however_it_ends():
    with pytest.raises(RuntimeError), busy_core(600) as busy:
        assert busy.poll() is None, "the busy process runs beside the suite"
        raise RuntimeError("the run broke off")
    assert busy.poll() is not None


def test_the_busy_process_ends_by_itself_at_its_limit():
    with busy_core(0) as busy:
        assert busy.wait(ENDED_S) == 0


def test_the_committed_head_is_run_not_the_working_tree(tmp_path):
    root = project(tmp_path / "project", "true")
    (root / "Makefile").write_text("test:\n\tfalse\n", encoding="utf-8")  # not committed
    (tmp_path / "run").mkdir()
    outcome, seconds = under_load(root, "test", 600, tmp_path / "run")
    assert outcome == "passed" and seconds >= 0
    assert not (tmp_path / "run").exists(), "a passed run's clone is removed"


def test_a_failed_run_is_said_and_its_clone_kept(tmp_path):
    root = project(tmp_path / "project", "false")
    (tmp_path / "run").mkdir()
    outcome, _ = under_load(root, "test", 600, tmp_path / "run")
    assert outcome == "failed"
    assert (tmp_path / "run" / "clone" / "Makefile").exists(), "kept for its test-results/"


def working_in(folder) -> list[int]:
    """The live processes whose working directory is inside `folder` (an ended one has none)."""
    found = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if Path(os.readlink(f"/proc/{entry.name}/cwd")).is_relative_to(folder):
                    found.append(int(entry.name))
    return found


def test_a_run_that_never_ends_is_stopped_at_the_limit_with_all_it_started(tmp_path):
    root = project(tmp_path / "project", "tail -f /dev/null & wait")  # a child of the recipe too
    (tmp_path / "run").mkdir()
    outcome, _ = under_load(root, "test", 1, tmp_path / "run")
    assert outcome == "stopped at the limit"
    assert working_in(tmp_path / "run") == [], "a process of the stopped run is left"
