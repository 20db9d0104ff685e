"""Write assets/engine/engine.json: what the calculators' engine is made of, for the browser.

The worker reads it to start (the trimmed standard library, the lock file's header,
and each file's download size, gzip and Brotli, for its progress: "x of y MB"); the service worker
and offline.js read it to keep the engine offline on request and to say how big it
is. The worker and the service worker check each file they download against its size and
SHA-256 (docs/assets/javascripts/offline/engine-file-check.js): a file cut short is never kept or
run. Each file has a revision (its content hash) so a new deploy replaces only what changed. Run
after the runtime, wheel, trimmed standard library, snapshot and the compressed copies are written.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from build_scripts import paths
from build_scripts.postbuild.precompress import brotli_size, transfer_size
from build_scripts.postbuild.pyodide_bundle.runtime import RUNTIME_DIR
from build_scripts.postbuild.pyodide_bundle.snapshot import SNAPSHOT_PATH
from build_scripts.postbuild.pyodide_bundle.stdlib import FULL_STDLIB, TRIMMED_STDLIB
from build_scripts.postbuild.pyodide_bundle.wheel import engine_revision, revision_of, wheel_site_path

MANIFEST_PATH = Path("assets") / "engine" / "engine.json"
# What every start needs (first visit and later), then what only a later visit uses.
BOOT_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", TRIMMED_STDLIB)
OFFLINE_CACHE = "mele-engine"  # the Cache Storage name the service worker keeps the engine in


def _entry(site_dir: Path, site_path: str) -> dict:
    """A file's revision, its size and SHA-256 (what a download is checked against before it is
    used or kept), its sizes with gzip ("transfer") and with Brotli, if it has a copy."""
    path = site_dir / site_path
    data = path.read_bytes()
    entry = {
        "url": site_path,
        "revision": revision_of(data),
        "bytes": len(data),
        "sha256": hashlib.sha256(data).hexdigest(),
        "transfer": transfer_size(path),
    }
    brotli = brotli_size(path)
    return entry if brotli is None else {**entry, "brotli": brotli}


def write_engine_manifest(site_dir: Path = paths.SITE) -> dict:
    runtime = RUNTIME_DIR.as_posix()
    lock = json.loads((site_dir / RUNTIME_DIR / "pyodide-lock.json").read_text(encoding="utf-8"))
    manifest = {
        "runtime": runtime + "/",
        "stdlib": f"{runtime}/{TRIMMED_STDLIB}",
        "fullStdlib": f"{runtime}/{FULL_STDLIB}",  # fetched only if the trimmed one lacks a module
        "wheel": wheel_site_path(),
        "engineRevision": engine_revision(site_dir / wheel_site_path()),  # the engine a snapshot must hold
        "snapshot": SNAPSHOT_PATH.as_posix(),
        "lockInfo": lock["info"],
        "offlineCache": OFFLINE_CACHE,
        "boot": [_entry(site_dir, f"{runtime}/{name}") for name in BOOT_FILES] + [_entry(site_dir, wheel_site_path())],
        "later": [_entry(site_dir, SNAPSHOT_PATH.as_posix())],
    }
    target = site_dir / MANIFEST_PATH
    target.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest
