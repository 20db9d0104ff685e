"""Write the service worker and offline.json into the built site: the last build step,
since it lists (and hashes) every file the site has. See service_worker.mjs."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from build_scripts import paths

SCRIPT = Path(__file__).with_suffix(".mjs")
SERVICE_WORKER = "sw.js"  # at the site root, so its scope is the whole site
OFFLINE_MANIFEST = "offline.json"
BUNDLE_CACHE = paths.BUILD / "service-worker"  # the bundled worker, kept while its sources do not change


class ServiceWorkerFailed(Exception):
    """Workbox could not write the service worker."""


def write_service_worker(site_dir: Path = paths.SITE, bundle_cache: Path = BUNDLE_CACHE) -> dict:
    """Write sw.js and offline.json; return offline.json's content (build hash, files, bytes)."""
    done = subprocess.run(
        worker_command(site_dir, bundle_cache), cwd=paths.ROOT, capture_output=True, text=True, check=False
    )
    return worker_written(done.returncode, done.stdout, done.stderr)


def worker_command(
    site_dir: Path = paths.SITE, bundle_cache: Path = BUNDLE_CACHE, when_told: bool = False
) -> list[str]:
    """The node command that writes them; `when_told`: it loads Workbox, then waits for a line on
    its stdin before it writes anything (and writes nothing if stdin closes first)."""
    node = shutil.which("node")
    if node is None:
        raise ServiceWorkerFailed("node is not on PATH: it is needed to write the service worker")
    if not (paths.ROOT / "node_modules" / "workbox-build").is_dir():
        raise ServiceWorkerFailed("node_modules/workbox-build is missing: run `npm ci`")
    return [node, str(SCRIPT), *(["--when-told"] if when_told else []), str(site_dir), str(bundle_cache)]


def worker_written(status: int, stdout: str, stderr: str) -> dict:
    """offline.json's content from the finished command's exit status and output, its warnings and
    a line about what it wrote said on stderr; ServiceWorkerFailed, with node's words, if it failed."""
    if status != 0:
        raise ServiceWorkerFailed(stderr.strip()[-2000:] or f"node exited with status {status}")
    if stderr.strip():
        print(stderr.strip(), file=sys.stderr)
    offline = json.loads(stdout.strip().splitlines()[-1])
    print(
        f"service worker: {offline['files']} files, {offline['bytes'] / 1e6:.1f} MB precached, "
        f"build {offline['build']}",
        file=sys.stderr,
    )
    return offline
