"""Write the engine's memory snapshot into the built site (after the trimmed standard library).

The snapshot is a Pyodide interpreter booted from the trimmed standard library with
all of its modules imported, then the engine (the wheel's calculators/, not its views),
made in Node by snapshot.mjs; on a later visit (once the reader keeps the
calculators offline) the worker restores it instead of booting Python and importing the
engine (see ARCHITECTURE.md, "The engine in the browser"), if it holds the engine engine.json names. Its bytes
depend only on its inputs (the scripts, the runtime, the trimmed zip, the engine), so
it is kept in build/ under their hash and made again only when one of them changes: a
new wording of a result leaves it alone. It is published as it is, with its gzip copy beside it
(as precompress writes for the site's other files): a server sends the copy, the browser undoes
the gzip as it downloads, and the offline copy keeps the snapshot as it is, so a start from it
reads it without inflating it.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import sys
import zipfile
from pathlib import Path

from build_scripts import paths
from build_scripts.postbuild.precompress import SUFFIX as GZIP_SUFFIX
from build_scripts.postbuild.pyodide_bundle.node_step import NodeStepFailed, hash_of, run_node_into
from build_scripts.postbuild.pyodide_bundle.runtime import RUNTIME_DIR
from build_scripts.postbuild.pyodide_bundle.stdlib import BOOT_SCRIPT, TRIMMED_STDLIB
from build_scripts.postbuild.pyodide_bundle.wheel import engine_part, revision_of, wheel_site_path

SCRIPT = Path(__file__).with_suffix(".mjs")
SNAPSHOT_PATH = Path("assets") / "engine" / "engine-snapshot.bin"  # inside the built site; the worker's URL
CACHE = paths.BUILD / "engine-snapshot"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json", TRIMMED_STDLIB)
SnapshotFailed = NodeStepFailed


def stdlib_modules(zip_path: Path) -> list[str]:
    """Every module of a standard library zip, by its file name (json/__init__.pyc -> json)."""
    with zipfile.ZipFile(zip_path) as archive:
        return sorted(
            name.rpartition(".")[0].removesuffix("/__init__").replace("/", ".")
            for name in archive.namelist()
            if name.endswith((".py", ".pyc"))
        )


def write_engine_zip(data: bytes, revision: str) -> Path:
    """The engine zip in build/, named by its revision (a build running at the same time writes the
    same bytes to the same name, or another name); older ones are dropped."""
    target = CACHE / f"engine-{revision}.zip"
    if not target.is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        for stale in CACHE.glob("engine-*.zip"):
            stale.unlink(missing_ok=True)
        partial = target.with_name(f"{target.name}.{os.getpid()}.partial")
        partial.write_bytes(data)
        partial.replace(target)
    return target


def write_snapshot(site_dir: Path = paths.SITE) -> Path:
    """Put the snapshot for the site's own runtime, trimmed standard library and engine into the site."""
    runtime, target, wheel = site_dir / RUNTIME_DIR, site_dir / SNAPSHOT_PATH, site_dir / wheel_site_path()
    needs = [SCRIPT, BOOT_SCRIPT, wheel] + [runtime / name for name in RUNTIME_FILES]
    for needed in needs:
        if not needed.is_file():
            raise SnapshotFailed(
                f"{needed} is missing: write the wheel, copy the runtime and write the trimmed standard library first"
            )
    part = engine_part(wheel)
    revision = revision_of(part)  # engine.json's engineRevision: the snapshot keeps it
    engine_zip = write_engine_zip(part, revision)
    inputs = [SCRIPT, BOOT_SCRIPT, engine_zip] + [runtime / name for name in RUNTIME_FILES]
    cached = CACHE / f"{hash_of(inputs)}.bin.gz"
    if not cached.is_file():
        made = run_node_into(
            SCRIPT,
            [str(runtime), str(runtime / TRIMMED_STDLIB), str(engine_zip), revision],
            cached,
            stdin=json.dumps(stdlib_modules(runtime / TRIMMED_STDLIB)),
        )
        print(
            f"engine snapshot: {made['bytes'] / 1e6:.1f} MB of memory, {made['modules']} modules, "
            f"{cached.stat().st_size / 1e6:.1f} MB gzipped",
            file=sys.stderr,
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(gzip.decompress(cached.read_bytes()))
    shutil.copyfile(cached, target.with_name(target.name + GZIP_SUFFIX))
    return target
