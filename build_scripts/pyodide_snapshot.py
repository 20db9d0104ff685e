"""Write the engine's memory snapshot into the built site (after the trimmed standard library).

The snapshot is a Pyodide interpreter booted from the trimmed standard library with
all of its modules imported, made in Node by pyodide_snapshot.mjs; on a later visit
(once the reader keeps the calculators offline) the worker restores it instead of
booting Python, then imports the engine from the wheel (see README, "Performance").
The engine is not part of it, so a new engine or view leaves it alone. Its bytes
depend only on its inputs (the scripts, the runtime, the trimmed zip), so it is kept
in build/ under their hash and made again only when one of them changes.
"""

from __future__ import annotations

import json
import shutil
import sys
import zipfile
from pathlib import Path

from . import paths
from .cached_node_step import NodeStepFailed, hash_of, run_node_into
from .pyodide_runtime import RUNTIME_DIR
from .pyodide_stdlib import BOOT_SCRIPT, TRIMMED_STDLIB

SCRIPT = Path(__file__).with_suffix(".mjs")
SNAPSHOT_PATH = Path("assets") / "engine" / "engine-snapshot.bin.gz"   # inside the built site; the worker's URL
CACHE = paths.BUILD / "engine-snapshot"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json", TRIMMED_STDLIB)
SnapshotFailed = NodeStepFailed


def stdlib_modules(zip_path: Path) -> list[str]:
    """Every module of a standard library zip, by its file name (json/__init__.pyc -> json)."""
    with zipfile.ZipFile(zip_path) as archive:
        return sorted(name.rpartition(".")[0].removesuffix("/__init__").replace("/", ".")
                      for name in archive.namelist() if name.endswith((".py", ".pyc")))


def write_snapshot(site_dir: Path = paths.SITE) -> Path:
    """Put the snapshot for the site's own runtime and trimmed standard library into the site."""
    runtime, target = site_dir / RUNTIME_DIR, site_dir / SNAPSHOT_PATH
    inputs = [SCRIPT, BOOT_SCRIPT] + [runtime / name for name in RUNTIME_FILES]
    for needed in inputs:
        if not needed.is_file():
            raise SnapshotFailed(f"{needed} is missing: copy the runtime and write the trimmed standard library first")
    cached = CACHE / f"{hash_of(inputs)}.bin.gz"
    if not cached.is_file():
        made = run_node_into(SCRIPT, [str(runtime), str(runtime / TRIMMED_STDLIB)], cached,
                             stdin=json.dumps(stdlib_modules(runtime / TRIMMED_STDLIB)))
        print(f"engine snapshot: {made['bytes'] / 1e6:.1f} MB of memory, {made['modules']} modules, "
              f"{cached.stat().st_size / 1e6:.1f} MB gzipped", file=sys.stderr)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(cached, target)
    return target
