"""The developer server's rebuilds (`make serve`, `python -m devtools.serve --watch`).

Five times a second a thread of the server compares the size and modification time of every file
under sources/, docs/ (not the pages prebuild writes there), overrides/, calculators/, build_scripts/
and mkdocs.yml with its last scan. On a change it runs the build's quick pass
(devtools/quick_pass.py: only the pages whose source changed, and what follows from
them; the whole build in site/ when more than a page's source changed) in a child process, so an
edited build module is the one that runs (the process is started ahead, its imports loaded, and
used only if the code is still what it loaded: QuickPasses), then names the new build to the open
pages (the server's /__dev__/events). Then the whole build runs aside, in another child process,
while the site is served; when it is done it replaces site/, and the pages hear of it (they reload
only if it differs from the quick pass). An edit made meanwhile stops it: the quick pass of that
edit comes first.
While site/ is written, requests for the site wait: a page is never served half-built.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

from build_scripts import incremental, paths
from devtools import quick_pass

WATCHED = ("sources", "docs", "overrides", "calculators", "build_scripts", "mkdocs.yml")  # not devtools/: restart
NOT_WATCHED = ("docs/rules",)  # written by prebuild
SCAN_INTERVAL_S = 0.2  # a scan reads no file, only the folders and each file's status
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


BUILD_COMMAND = [sys.executable, "-m", "build_scripts.incremental"]
PASS_COMMAND = [sys.executable, "-m", "devtools.quick_pass"]


def _build_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(paths.ROOT), "NO_MKDOCS_2_WARNING": "1"}


def run_build(command: list[str] = BUILD_COMMAND) -> bool:
    """The incremental build of this project (or `command`), in a child process; True when it
    succeeded."""
    done = subprocess.run(
        command, cwd=paths.ROOT, env=_build_env(), stdout=sys.stderr, check=False
    )  # the server's own output is its address
    return done.returncode == 0


def run_quick_pass() -> bool:
    return run_build([*PASS_COMMAND, "--quick"])


class QuickPasses:
    """The quick pass, each in a child process started ahead (`quick_pass --quick --ahead`) that has
    loaded what it needs when the edit comes; it is told to run by a line on its input, and the next
    one starts when it is done. One that finds the code changed since it started does not run
    (quick_pass.STALE): a fresh one (`fresh`) runs instead. Called like run_quick_pass."""

    def __init__(self, command: list[str] | None = None, fresh: Callable[[], bool] = run_quick_pass):
        self.command, self.fresh = command or [*PASS_COMMAND, "--quick", "--ahead"], fresh
        self._next = self._start()

    def _start(self) -> subprocess.Popen:
        return subprocess.Popen(
            self.command, cwd=paths.ROOT, env=_build_env(), stdin=subprocess.PIPE, stdout=sys.stderr, text=True
        )

    def __call__(self) -> bool:
        process, self._next = self._next, None
        try:
            process.stdin.write("run\n")
            process.stdin.close()
        except BrokenPipeError:
            pass  # it ended early: its status says why
        status = process.wait()
        ok = self.fresh() if status == quick_pass.STALE else status == 0
        self._next = self._start()  # after the pass: it loads what the pass just wrote
        return ok

    def stop(self) -> None:
        """The one waiting ends without running (its input closes)."""
        if self._next is not None:
            with contextlib.suppress(BrokenPipeError):
                self._next.stdin.close()
            self._next.wait()
            self._next = None


class AsideBuild:
    """The whole build into build/site-next/ (`quick_pass --aside`), in a child process of its own
    session, so that stopping it stops the generator and the post-build it started too."""

    def __init__(self):
        self.process = subprocess.Popen(
            [*PASS_COMMAND, "--aside"], cwd=paths.ROOT, env=_build_env(), stdout=sys.stderr, start_new_session=True
        )

    def done(self) -> bool | None:
        """None while it runs, then whether it succeeded."""
        code = self.process.poll()
        return None if code is None else code == 0

    def stop(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait()


class Rebuilder:
    """Watches the sources, rebuilds, and keeps the news for the pages that listen.

    `build` runs once at the start, `quick` after each edit (both while requests wait); `aside`,
    when given, starts the whole build aside after each edit (an AsideBuild, or an object with its
    `done` and `stop`) and `adopt` puts it in place (quick_pass.adopt_next_site) while requests wait.
    `news()` is a dict: {"state": "ready", "build": id}, {"state": "building"}, or {"state": "failed",
    "message": ...}; each change bumps `version`, which a listener waits past."""

    def __init__(
        self,
        site: Path = paths.SITE,
        interval: float = SCAN_INTERVAL_S,
        build: Callable[[], bool] = run_build,
        log: Callable[[str], None] = print,
        root: Path = paths.ROOT,
        quick: Callable[[], bool] | None = None,
        aside: Callable[[], AsideBuild] | None = None,
        adopt: Callable[[], list[str] | None] = quick_pass.adopt_next_site,
    ):
        self.site, self.interval, self._build, self._log, self.root = site, interval, build, log, root
        self._quick, self._aside, self._adopt = quick or build, aside, adopt
        self._changed = threading.Condition()
        self._news: dict = {"state": "building"}
        self.version = 0
        self._site = threading.Condition()  # guards the two below
        self._writing = False  # a build or an adoption is writing site/
        self._reading = 0  # requests in the middle of opening a file of site/
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

    @contextlib.contextmanager
    def reading(self, timeout: float = BUILD_WAIT_S) -> Iterator[None]:
        """While a request opens a file of the site: after any build under way, and no build or
        adoption starts meanwhile."""
        with self._site:
            self._site.wait_for(lambda: not self._writing, timeout)
            self._reading += 1
        try:
            yield
        finally:
            with self._site:
                self._reading -= 1
                self._site.notify_all()

    @contextlib.contextmanager
    def _writing_site(self) -> Iterator[None]:
        with self._site:
            self._writing = True
            self._site.wait_for(lambda: self._reading == 0)
        try:
            yield
        finally:
            with self._site:
                self._writing = False
                self._site.notify_all()

    def _announce(self, news: dict) -> None:
        with self._changed:
            self._news = news
            self.version += 1
            self._changed.notify_all()

    def _rebuild(self, build: Callable[[], bool]) -> bool:
        self._announce({"state": "building"})
        with self._writing_site():
            ok = build()
        if ok:
            self._announce({"state": "ready", "build": build_id(self.site)})
        else:
            self._failed()
        return ok

    def _failed(self) -> None:
        self._announce({"state": "failed", "message": "The build failed: its error is in the server's terminal."})

    def _adopt_aside(self, aside) -> None:
        """The whole build done aside: in place of site/, named to the pages if it differs."""
        if not aside.done():
            self._failed()
            return
        shown = build_id(self.site)
        with self._writing_site():
            differ = self._adopt()
        if differ is None:
            return  # site/ was the whole build already
        if differ:
            self._log(f"serve: the whole build differs from the quick pass in {', '.join(differ[:3])}")
        if build_id(self.site) != shown:
            self._announce({"state": "ready", "build": build_id(self.site)})

    def _watch(self) -> None:
        before = scan(self.root)
        self._rebuild(self._build)  # the site as the sources are now (quick when `make build` just ran)
        aside = None
        try:
            while not self._stopping.wait(self.interval):
                now = scan(self.root)
                changes = edited(before, now, generated_files())
                before = now  # taken before the build: an edit made while it runs sets off the next
                if changes:
                    if aside is not None:
                        aside.stop()  # the quick pass of this edit first; the whole build again after it
                        aside = None
                    more = f" and {len(changes) - 3} more" if len(changes) > 3 else ""
                    self._log(f"serve: {', '.join(changes[:3])}{more} changed: rebuilding")
                    if self._rebuild(self._quick) and self._aside is not None:
                        aside = self._aside()
                elif aside is not None and aside.done() is not None:
                    self._adopt_aside(aside)
                    aside = None
        finally:
            if aside is not None:
                aside.stop()
