"""Copy the pinned Pyodide runtime from node_modules into the built site.

The version and tarball integrity come from package-lock.json. Before copying,
the installed package must be the locked version installed from the locked
tarball (npm ci checks the tarball's sha512 and records it in
node_modules/.package-lock.json). When the tarball is still in npm's cache, each
core file is also compared byte for byte with the tarball whose sha512 matches
the lock, so a file edited inside node_modules is caught too.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import sys
import tarfile
from pathlib import Path

from build_scripts import paths

CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
LOCK = paths.ROOT / "package-lock.json"
NODE_MODULES = paths.ROOT / "node_modules"
PACKAGE_KEY = "node_modules/pyodide"
RUNTIME_DIR = Path("assets") / "pyodide"  # inside the built site


class PyodideMismatch(Exception):
    """The Pyodide files are missing or do not match the lock."""


def locked_pyodide(lock_path: Path = LOCK) -> dict:
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    entry = lock.get("packages", {}).get(PACKAGE_KEY)
    if not entry or "integrity" not in entry:
        raise PyodideMismatch(f"{lock_path.name} has no {PACKAGE_KEY} entry with an integrity hash")
    return entry


def _installed_entry() -> dict:
    hidden_lock = NODE_MODULES / ".package-lock.json"
    if not hidden_lock.exists():
        raise PyodideMismatch("node_modules is missing or was not installed by npm: run `npm ci`")
    return json.loads(hidden_lock.read_text(encoding="utf-8")).get("packages", {}).get(PACKAGE_KEY, {})


def _cached_tarball(integrity: str) -> Path | None:
    """npm's content-addressed cache keeps each tarball under its sha512."""
    algorithm, _, digest = integrity.partition("-")
    if algorithm != "sha512":
        return None
    hex_digest = base64.b64decode(digest).hex()
    cache = Path(os.environ.get("npm_config_cache") or Path.home() / ".npm")  # noqa: SIM112 (npm spells it so)
    path = cache / "_cacache" / "content-v2" / "sha512" / hex_digest[:2] / hex_digest[2:4] / hex_digest[4:]
    return path if path.is_file() else None


def _integrity_of(path: Path) -> str:
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode("ascii")


def verify_installed(locked: dict) -> bool:
    """Raise unless node_modules holds the locked Pyodide; True if also compared with the tarball."""
    package_dir = NODE_MODULES / "pyodide"
    package_json = package_dir / "package.json"
    if not package_json.exists():
        raise PyodideMismatch("node_modules/pyodide is missing: run `npm ci`")
    version = json.loads(package_json.read_text(encoding="utf-8"))["version"]
    if version != locked["version"]:
        raise PyodideMismatch(f"node_modules has pyodide {version}, the lock pins {locked['version']}: run `npm ci`")
    if _installed_entry().get("integrity") != locked["integrity"]:
        raise PyodideMismatch("node_modules/pyodide was not installed from the locked tarball: run `npm ci`")
    for name in CORE_FILES:
        if not (package_dir / name).is_file():
            raise PyodideMismatch(f"node_modules/pyodide/{name} is missing: run `npm ci`")
    tarball = _cached_tarball(locked["integrity"])
    if tarball is None:
        return False
    if _integrity_of(tarball) != locked["integrity"]:
        raise PyodideMismatch(f"npm's cached pyodide tarball {tarball} does not match the lock's integrity")
    with tarfile.open(tarball, "r:gz") as archive:
        for name in CORE_FILES:
            member = archive.extractfile(f"package/{name}")
            if member is None or member.read() != (package_dir / name).read_bytes():
                raise PyodideMismatch(f"node_modules/pyodide/{name} differs from the locked tarball: run `npm ci`")
    return True


def vendor_pyodide(site_dir: Path = paths.SITE) -> Path:
    """Copy the checked core files into the site; return the folder."""
    locked = locked_pyodide()
    compared = verify_installed(locked)
    target = site_dir / RUNTIME_DIR
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for name in CORE_FILES:
        shutil.copyfile(NODE_MODULES / "pyodide" / name, target / name)
    how = "compared with the locked tarball" if compared else "tarball not in npm's cache; lock entry checked"
    print(f"pyodide {locked['version']}: {len(CORE_FILES)} files copied ({how})", file=sys.stderr)
    return target
