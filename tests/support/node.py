"""Node scripts run from the Python tests: the worker's start-up code (engine-boot.mjs) in Node."""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from build_scripts.postbuild.pyodide_bundle.stdlib import BOOT_SCRIPT


def needs_node(test):
    """A test that runs Pyodide in Node: skipped without node, and one of the `builds` tests (seconds
    each: make check leaves it to make test)."""
    return pytest.mark.builds(
        pytest.mark.skipif(shutil.which("node") is None, reason="node runs Pyodide outside the browser")(test)
    )


def run_node(script: str, *args, stdin: str = "", env: dict[str, str] | None = None) -> dict:
    """The last line `script` prints, as JSON; argv: the boot module, then `args`; `env`: variables
    set over this process's environment."""
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script, str(BOOT_SCRIPT), *map(str, args)],
        input=stdin,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])
