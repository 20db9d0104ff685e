"""The developer server's rebuilds (`make serve`, `python -m mele.devtools.serve --watch`).

Once a second a thread of the server compares the size and modification time of every file under
sources/, docs/ (not the pages prebuild writes there), overrides/, mele/ (not the developer tools)
and mkdocs.yml with its last scan. On a change it runs the build (mele/build_scripts/incremental.py,
which redoes only the stages whose inputs changed) in a child process, so an edited build module is
the one that runs, then names the new build to the open pages (the server's /__dev__/events).
While a build runs, requests for the site wait for it: a page is never served half-built.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from mele.build_scripts import incremental, paths

WATCHED = ("sources", "docs", "overrides", "mele", "mkdocs.yml")
NOT_WATCHED = ("docs/rules", "mele/devtools")  # written by prebuild; the server itself (restart it)
SCAN_INTERVAL_S = 1.0
BUILD_WAIT_S = 600  # the longest a request waits for a running build


def scan(root: Path = paths.ROOT) -> dict[str, tuple[int, int]]:
    """Each watched file (path from `root`) -> (size, modification time in ns)."""
    marks = {}
    for name in WATCHED:
        tree = root / name
        skipped = [Path(n).relative_to(name) for n in NOT_WATCHED if Path(n).parts[0] == name]
        for path in incremental.files_under(tree, exclude=[str(s) for s in skipped]) if tree.exists() else []:
            relative = path.relative_to(root).as_posix()
            try:
                stat = path.stat()
            except FileNotFoundError:
                continue  # removed while scanned: the next scan sees it gone
            marks[relative] = (stat.st_size, stat.st_mtime_ns)
    return marks


def edited(before: dict, now: dict, generated: frozenset[str] = frozenset()) -> list[str]:
    """The files added, removed or rewritten between two scans, leaving out `generated` (what
    prebuild writes: a build must not set off the next); sorted."""
    return sorted(k for k in before.keys() | now.keys() if before.get(k) != now.get(k) and k not in generated)


def generated_files() -> frozenset[str]:
    """What prebuild wrote when it last ran (its stamp)."""
    stamp = incremental.read_stamp("prebuild")
    return frozenset(stamp.outputs) if stamp else frozenset()


def build_id(site: Path) -> str:
    """The build a page belongs to: offline.json's hash of every file the site keeps offline."""
    try:
        return str(json.loads((site / "offline.json").read_text(encoding="utf-8"))["build"])
    except (OSError, ValueError, KeyError, TypeError):
        return "none"


def run_build() -> bool:
    """The incremental build of this project, in a child process; True when it succeeded."""
    env = {**os.environ, "PYTHONPATH": str(paths.ROOT), "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mele.build_scripts.incremental"],
        cwd=paths.ROOT,
        env=env,
        stdout=sys.stderr,
        check=False,
    )  # the server's own output is its address
    return done.returncode == 0


class Rebuilder:
    """Watches the sources, rebuilds, and keeps the news for the pages that listen.

    `news()` is a dict: {"state": "ready", "build": id}, {"state": "building"}, or {"state": "failed",
    "message": ...}; each change bumps `version`, which a listener waits past."""

    def __init__(
        self,
        site: Path = paths.SITE,
        interval: float = SCAN_INTERVAL_S,
        build: Callable[[], bool] = run_build,
        log: Callable[[str], None] = print,
        root: Path = paths.ROOT,
    ):
        self.site, self.interval, self._build, self._log, self.root = site, interval, build, log, root
        self._changed = threading.Condition()
        self._news: dict = {"state": "building"}
        self.version = 0
        self._idle = threading.Event()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="rebuilder", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        with self._changed:
            self._changed.notify_all()
        self._thread.join()

    @property
    def stopping(self) -> bool:
        return self._stopping.is_set()

    def news(self) -> dict:
        with self._changed:
            return dict(self._news)

    def wait_for_news(self, seen: int, timeout: float) -> tuple[int, dict] | None:
        """The news once `version` is past `seen` (None after `timeout` s, or when stopping)."""
        with self._changed:
            self._changed.wait_for(lambda: self.version > seen or self.stopping, timeout)
            return (self.version, dict(self._news)) if self.version > seen else None

    def wait_until_built(self, timeout: float = BUILD_WAIT_S) -> None:
        self._idle.wait(timeout)

    def _announce(self, news: dict) -> None:
        with self._changed:
            self._news = news
            self.version += 1
            self._changed.notify_all()

    def _rebuild(self) -> None:
        self._idle.clear()
        self._announce({"state": "building"})
        try:
            ok = self._build()
        finally:
            self._idle.set()
        if ok:
            self._announce({"state": "ready", "build": build_id(self.site)})
        else:
            self._announce({"state": "failed", "message": "The build failed: its error is in the server's terminal."})

    def _watch(self) -> None:
        before = scan(self.root)
        self._rebuild()  # the site as the sources are now (quick when `make build` just ran)
        while not self._stopping.wait(self.interval):
            now = scan(self.root)
            changes = edited(before, now, generated_files())
            before = now  # taken before the build: an edit made while it runs sets off the next
            if changes:
                more = f" and {len(changes) - 3} more" if len(changes) > 3 else ""
                self._log(f"serve: {', '.join(changes[:3])}{more} changed: rebuilding")
                self._rebuild()
