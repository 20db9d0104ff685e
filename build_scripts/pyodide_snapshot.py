"""Write the engine's memory snapshot into the built site (run after the runtime and wheel).

The snapshot is a Pyodide interpreter with the rules engine already imported,
made in Node by pyodide_snapshot.mjs from the runtime and wheel in the site; the
calculators' worker restores it instead of booting Python (see README, "Performance").
Its bytes depend only on its inputs (the script, the runtime, the wheel), so it is
kept in build/ under their hash and made again only when one of them changes.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from . import paths
from .engine_wheel import wheel_site_path
from .pyodide_runtime import CORE_FILES, RUNTIME_DIR

SCRIPT = Path(__file__).with_suffix(".mjs")
SNAPSHOT_PATH = Path("assets") / "engine" / "engine-snapshot.bin.gz"   # inside the built site; the worker's URL
CACHE = paths.BUILD / "engine-snapshot"


class SnapshotFailed(Exception):
    """Node could not make the snapshot."""


def write_snapshot(site_dir: Path = paths.SITE) -> Path:
    """Put the snapshot for the site's own runtime and wheel into the site; return its path."""
    runtime, wheel, target = site_dir / RUNTIME_DIR, site_dir / wheel_site_path(), site_dir / SNAPSHOT_PATH
    for needed in [runtime / name for name in CORE_FILES] + [wheel]:
        if not needed.is_file():
            raise SnapshotFailed(f"{needed} is missing: copy the runtime and write the wheel first")
    inputs = [SCRIPT] + [runtime / name for name in CORE_FILES] + [wheel]
    cached = CACHE / f"{_hash_of(inputs)}.bin.gz"
    if not cached.is_file():
        _make_snapshot(runtime, wheel, cached)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(cached, target)
    return target


def _hash_of(files: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:24]


def _make_snapshot(runtime: Path, wheel: Path, target: Path) -> None:
    node = shutil.which("node")
    if node is None:
        raise SnapshotFailed("node is not on PATH: it is needed to make the engine snapshot")
    CACHE.mkdir(parents=True, exist_ok=True)
    for stale in CACHE.glob("*.bin.gz"):
        stale.unlink(missing_ok=True)     # another build may be clearing them too
    partial = target.with_suffix(f".{os.getpid()}.partial")
    done = subprocess.run([node, str(SCRIPT), str(runtime), str(wheel), str(partial)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        partial.unlink(missing_ok=True)
        raise SnapshotFailed(done.stderr.strip()[-2000:] or f"node exited with status {done.returncode}")
    partial.replace(target)               # atomic: a build running at the same time never reads half a file
    memory = json.loads(done.stdout.strip().splitlines()[-1])["bytes"]
    print(f"engine snapshot: {memory / 1e6:.1f} MB of memory, {target.stat().st_size / 1e6:.1f} MB gzipped",
          file=sys.stderr)
