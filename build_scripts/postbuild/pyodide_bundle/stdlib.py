"""Write a standard library zip holding only what the engine and Pyodide's start-up import.

Pyodide's full python_stdlib.zip is large; a first visit to a calculator page needs a
small part of it. stdlib.mjs boots Pyodide in Node the way the browser's
worker does, runs every calculator view (its defaults, a roll, a refused input, a
link) through the views, which run the engine, and
lists the standard-library files that were imported, and writes them, compiled
to bytecode (as -OO, without line tables), into `python_stdlib.trimmed.zip` beside
the full zip, which stays in the site as the fallback (the worker adds it behind
the trimmed one if an import is ever missing). The result is kept in build/ under the hash of its inputs, and its bytes
are the same from build to build.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

from build_scripts import paths
from build_scripts.postbuild.pyodide_bundle.bytecode import BOOT_SCRIPT
from build_scripts.postbuild.pyodide_bundle.node_step import NodeStepFailed, hash_of, run_node_into
from build_scripts.postbuild.pyodide_bundle.runtime import RUNTIME_DIR
from build_scripts.postbuild.pyodide_bundle.wheel import wheel_site_path
from calculators.views.catalogue import VIEWS
from calculators.views.games import game_of
from calculators.views.values import default_values

SCRIPT = Path(__file__).with_suffix(".mjs")
FULL_STDLIB = "python_stdlib.zip"
TRIMMED_STDLIB = "python_stdlib.trimmed.zip"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", FULL_STDLIB, "pyodide-lock.json")
CACHE = paths.BUILD / "engine-stdlib"
ROLL = "3"  # a roll every calculator accepts (D6 and 2D6, each part of a text roll)
REFUSED = "x"  # a value every numeric option refuses


RecordingFailed = NodeStepFailed


def recording_calls() -> list[dict]:
    """The worker's requests for every calculator view: its defaults, a rolled result, a refused
    input (each through the views, which run the engine), and a shared link to read."""
    calls = []
    for view_id, view in VIEWS.items():
        values = default_values(view)
        links = {rule_id: "#" for rule_id in game_of(view).cited_rule_ids()}
        calls.append({"type": "view", "view": view_id, "values": values, "links": links})
        rolls = {spec["name"]: ROLL for spec in view.get("roll_fields", [])}
        if rolls:
            calls.append({"type": "view", "view": view_id, "values": {**values, **rolls}, "links": links})
        numeric = [spec["name"] for spec in view["fields"] if spec["kind"] == "int" and spec["send"]]
        if numeric:
            calls.append({"type": "view", "view": view_id, "values": {**values, numeric[0]: REFUSED}, "links": links})
            calls.append({"type": "link", "view": view_id, "entries": [[f"{view_id}.{numeric[0]}", REFUSED]]})
    return calls


def write_trimmed_stdlib(site_dir: Path = paths.SITE) -> Path:
    """Put the trimmed standard library next to the full one in the site; return its path."""
    runtime, wheel = site_dir / RUNTIME_DIR, site_dir / wheel_site_path()
    inputs = [SCRIPT, BOOT_SCRIPT, wheel] + [runtime / name for name in RUNTIME_FILES]
    for needed in inputs:
        if not needed.is_file():
            raise RecordingFailed(f"{needed} is missing: copy the runtime and write the wheel first")
    calls = recording_calls()
    cached = CACHE / f"{hash_of(inputs, json.dumps(calls, sort_keys=True))}.zip"
    if not cached.is_file():
        recorded = run_node_into(SCRIPT, [str(runtime), str(wheel)], cached, stdin=json.dumps(calls))
        print(
            f"trimmed standard library: {len(recorded['files'])} files, {cached.stat().st_size / 1e3:.0f} KB",
            file=sys.stderr,
        )
    target = runtime / TRIMMED_STDLIB
    shutil.copyfile(cached, target)
    return target
