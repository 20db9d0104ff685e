"""The quick pass's service worker (devtools/quick_pass.py), written by the post-build's own
service_worker.mjs (Workbox's injectManifest), so sw.js and offline.json are what the whole build
writes. Loading node and Workbox, and Workbox's first run, take longer than writing the worker, so
a pass started ahead of an edit starts the script then (`start_ahead`): it loads Workbox, runs it
once over the site as it is without writing anything, and waits until the pass has written the
edit's pages and tells it to go (`write`)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from build_scripts import paths
from build_scripts.postbuild.offline.service_worker import (
    BUNDLE_CACHE,
    worker_command,
    worker_written,
    write_service_worker,
)


class WaitingWorker:
    """service_worker.mjs started with --when-told: Workbox loaded, nothing written until `write`."""

    def __init__(self, site_dir: Path, bundle_cache: Path = BUNDLE_CACHE):
        self.site_dir = site_dir
        self.process = subprocess.Popen(
            worker_command(site_dir, bundle_cache, when_told=True),
            cwd=paths.ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def write(self) -> dict:
        """Tell it to go; offline.json's content once sw.js and offline.json are written."""
        stdout, stderr = self.process.communicate("go\n")
        return worker_written(self.process.returncode, stdout, stderr)

    def dismiss(self) -> None:
        """Close its stdin unsaid: it ends having written nothing."""
        if self.process.poll() is None:
            self.process.communicate("")


_waiting: list[WaitingWorker] = []  # the one started ahead in this process (a pass runs once)


def start_ahead(site_dir: Path = paths.SITE, bundle_cache: Path = BUNDLE_CACHE) -> WaitingWorker:
    if not _waiting:
        _waiting.append(WaitingWorker(site_dir, bundle_cache))
    return _waiting[0]


def write(site_dir: Path = paths.SITE, bundle_cache: Path = BUNDLE_CACHE) -> tuple[dict, bool]:
    """Write sw.js and offline.json into `site_dir`: by the script started ahead for it when there
    is one, else afresh. offline.json's content, and whether the one started ahead wrote them."""
    if _waiting and _waiting[0].site_dir == site_dir:
        return _waiting.pop().write(), True
    dismiss()
    return write_service_worker(site_dir, bundle_cache), False


def dismiss() -> None:
    """The script started ahead, if any, ends unused."""
    while _waiting:
        _waiting.pop().dismiss()
