"""Code and comments stay true for a reader who has only the repository: no reference to an issue
of a tracker they cannot see (the reason is written out instead; the history is in the commits)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from tests.support.site import ROOT

THIS_FILE = Path(__file__).resolve().relative_to(ROOT).as_posix()  # its examples of what is caught

CODE_SUFFIXES = (".py", ".js", ".mjs", ".css", ".html", ".yml", ".yaml", ".toml", ".json")
TRACKER_REFERENCE = re.compile(r"(?<![a-z])issues?[ _#-]{0,2}\d+(?!\d)", re.IGNORECASE)


def tracked_code() -> list[str]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [name for name in listed.splitlines() if name.endswith((*CODE_SUFFIXES, "Makefile"))]


def test_no_code_or_comment_points_to_an_issue_number():
    found = [
        f"{name}:{number}: {line.strip()}"
        for name in tracked_code()
        if not name.startswith(("sources/", "package-lock.json")) and name != THIS_FILE
        for number, line in enumerate((ROOT / name).read_text(encoding="utf-8").splitlines(), 1)
        if TRACKER_REFERENCE.search(line)
    ]
    assert not found, "\n".join(found)


def test_the_check_sees_a_reference_in_any_spelling():
    for reference in ("# see issue 10", "def test_issue_10_new_entries", "(issues #34)", "Issue-7"):
        assert TRACKER_REFERENCE.search(reference), reference
    assert not TRACKER_REFERENCE.search("an issue of the rulebook, 2nd printing")
