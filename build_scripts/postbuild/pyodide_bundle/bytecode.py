"""The engine wheel's modules compiled to bytecode by Pyodide's own Python.

Without it the worker would compile the wheel's sources each time it imports the
engine and its views, on every visit; with `<name>.pyc` beside each `<name>.py` in
the wheel, zipimport loads the bytecode instead. The bytecode is made in Node by
bytecode.mjs with the pinned npm Pyodide (the runtime the site copies), so
its magic number is the browser's. CPython reads the wheel too: another Python's
magic differs, and zipimport then falls back to the source beside it.

The result is kept in build/ under the hash of its inputs (the sources, the script,
the runtime), so a build that leaves them alone does not run Node.
"""

from __future__ import annotations

import json
import sys
import zipfile
from pathlib import Path

from build_scripts import paths
from build_scripts.postbuild.pyodide_bundle.node_step import NodeStepFailed, hash_of, run_node_into
from build_scripts.postbuild.pyodide_bundle.runtime import NODE_MODULES

SCRIPT = Path(__file__).with_suffix(".mjs")
BOOT_SCRIPT = paths.DOCS / "assets" / "javascripts" / "calculators" / "engine-boot.mjs"
RUNTIME = NODE_MODULES / "pyodide"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
CACHE = paths.BUILD / "engine-bytecode"
CompileFailed = NodeStepFailed


def bytecode_name(source_name: str) -> str:
    """Where zipimport looks for a source's bytecode: beside it (api.py -> api.pyc)."""
    return source_name + "c"


def compiled(sources: list[Path], root: Path = paths.ROOT) -> dict[str, bytes]:
    """Each source's bytecode by its wheel name (`calculators/api.pyc`)."""
    inputs = [SCRIPT, BOOT_SCRIPT] + [RUNTIME / name for name in RUNTIME_FILES]
    for needed in inputs:
        if not needed.is_file():
            raise CompileFailed(f"{needed} is missing: run `npm ci` to install the pinned Pyodide")
    names = [source.relative_to(root).as_posix() for source in sources]
    cached = CACHE / f"{hash_of(inputs + sources, json.dumps(names))}.zip"
    if not cached.is_file():
        made = run_node_into(SCRIPT, [str(RUNTIME), str(root)], cached, stdin=json.dumps(names))
        print(f"engine bytecode: {made['files']} modules compiled by Pyodide (magic {made['magic']})", file=sys.stderr)
    with zipfile.ZipFile(cached) as archive:
        return {name: archive.read(name) for name in archive.namelist()}
