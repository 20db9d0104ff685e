"""`make serve`'s rebuilds (devtools/watch.py) and what its server adds (devtools/serve.py
--watch), without a browser: which edits set off a build, the news the open pages get, the reload
script on each page and never in site/."""

from __future__ import annotations

import json
import os
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from devtools import quick_pass
from devtools.serve import CONTENT_SECURITY_POLICY, RELOAD_TAG, start_server, with_reload_script
from devtools.watch import QuickPasses, Rebuilder, edited, scan

WAIT_S = 30  # the longest a test waits for the watcher's thread (it answers within a scan or two)


def test_scan_sees_the_sources_and_not_what_the_build_writes(tmp_path: Path):
    for name in (
        "sources/glossary.yaml",
        "docs/index.md",
        "docs/rules/1-1.md",
        "overrides/main.html",
        "build_scripts/steps.py",
        "devtools/serve.py",
        "calculators/strike.py",
        "calculators/x/__pycache__/y.pyc",
        "mkdocs.yml",
        "site/index.html",
        "build/rules-index.json",
        "tests/test_x.py",
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(name)
    assert sorted(scan(tmp_path)) == [
        "build_scripts/steps.py",
        "calculators/strike.py",
        "docs/index.md",
        "mkdocs.yml",
        "overrides/main.html",
        "sources/glossary.yaml",
    ]


def test_edited_names_changes_but_not_generated_files():
    before = {"sources/a.yaml": (1, 1), "docs/glossary.md": (9, 1), "docs/index.md": (3, 1)}
    now = {"sources/a.yaml": (1, 2), "docs/glossary.md": (9, 2), "docs/new.md": (1, 1)}
    assert edited(before, now, frozenset({"docs/glossary.md"})) == ["docs/index.md", "docs/new.md", "sources/a.yaml"]
    assert edited(before, dict(before)) == []


def save(path: Path, text: str) -> None:
    """Write `path` whole in one step, as an editor saves: written beside the watched tree, then
    moved into place. A write_text truncates first, and on a loaded machine the watcher's scan could
    fall between the truncation and the text, seeing two edits (an empty file, then the text) where
    the test made one."""
    draft = path.parent.parent / f".{path.name}.draft"
    draft.write_text(text)
    os.replace(draft, path)


class FakeBuild:
    """Writes site/offline.json with a new build name each time (or fails when told)."""

    def __init__(self, site: Path):
        self.site, self.count, self.fail = site, 0, False

    def __call__(self) -> bool:
        self.count += 1
        (self.site / "offline.json").write_text(json.dumps({"build": f"b{self.count}"}))
        return not self.fail


@pytest.fixture
def project(tmp_path: Path):
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "glossary.yaml").write_text("terms: []\n")
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<html><head><title>t</title></head><body>home</body></html>")
    build = FakeBuild(site)
    rebuilder = Rebuilder(site, interval=0.05, build=build, log=lambda _line: None, root=tmp_path)
    rebuilder.start()
    yield tmp_path, rebuilder, build
    rebuilder.stop()


def next_news(rebuilder: Rebuilder, seen: int) -> tuple[int, dict]:
    update = rebuilder.wait_for_news(seen, WAIT_S)
    assert update is not None, "no news from the watcher"
    return update


def ready(rebuilder: Rebuilder, seen: int = 0) -> tuple[int, dict]:
    """The news up to the next finished build."""
    version, news = next_news(rebuilder, seen)
    while news["state"] == "building":
        version, news = next_news(rebuilder, version)
    return version, news


def test_an_edit_is_built_and_named_to_the_pages(project):
    root, rebuilder, build = project
    version, news = ready(rebuilder)  # the build at start
    assert news == {"state": "ready", "build": "b1"}
    save(root / "sources" / "glossary.yaml", "terms: [edited]\n")
    version, news = ready(rebuilder, version)  # a listener may miss "building": the latest news counts
    assert news == {"state": "ready", "build": "b2"}
    assert build.count == 2


def test_a_failed_build_is_named_as_such(project):
    root, rebuilder, build = project
    version, _ = ready(rebuilder)
    build.fail = True
    save(root / "sources" / "new.yaml", "x")
    version, news = ready(rebuilder, version)
    assert news["state"] == "failed"
    assert "terminal" in news["message"]


def test_the_server_adds_the_reload_script_and_its_events(project):
    root, rebuilder, _build = project
    ready(rebuilder)
    server, origin = start_server(root / "site", rebuilder=rebuilder)
    try:
        with urllib.request.urlopen(origin + "/") as response:
            page = response.read()
            assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
        assert page == b"<html><head><title>t</title>" + RELOAD_TAG + b"</head><body>home</body></html>"
        assert b"__dev__" not in (root / "site" / "index.html").read_bytes()  # site/ as built
        with urllib.request.urlopen(origin + "/__dev__/reload.js") as response:
            assert response.headers["Content-Type"] == "text/javascript"
            assert b"EventSource" in response.read()
        for missing in ("/__dev__/nothing.js", "/__dev__/../serve.py", "/__dev__/watch.py"):
            with pytest.raises(urllib.error.HTTPError) as error:
                urllib.request.urlopen(origin + missing)
            assert error.value.code == 404
        with urllib.request.urlopen(origin + "/__dev__/events", timeout=WAIT_S) as events:
            assert events.headers["Content-Type"] == "text/event-stream"
            assert events.readline() == b"event: build\n"
            assert json.loads(events.readline().removeprefix(b"data: ")) == {"state": "ready", "build": "b1"}
    finally:
        server.shutdown()
        server.server_close()


def test_the_server_without_watch_adds_nothing(project):
    root, _rebuilder, _build = project
    server, origin = start_server(root / "site")
    try:
        with urllib.request.urlopen(origin + "/") as response:
            assert b"__dev__" not in response.read()
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(origin + "/__dev__/reload.js")
    finally:
        server.shutdown()
        server.server_close()


def test_the_reload_script_goes_at_the_end_of_the_head():
    assert with_reload_script(b"<head></head><body></body>") == b"<head>" + RELOAD_TAG + b"</head><body></body>"
    assert with_reload_script(b"<p>bare</p>") == RELOAD_TAG + b"<p>bare</p>"


class FakeAside:
    """A whole build aside that ends when told (`finish`), or is stopped by the watcher."""

    started: list[FakeAside] = []

    def __init__(self):
        self.result, self.stopped = None, False
        FakeAside.started.append(self)

    def done(self):
        return self.result

    def stop(self):
        self.stopped = True

    def finish(self, ok=True):
        self.result = ok


@pytest.fixture
def two_passes(tmp_path: Path):
    """A watcher whose edits get a quick pass (writing build "q<n>"), then a whole build aside, whose
    adoption writes the build `adopted` names (the same as the quick pass's when it matched)."""
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "glossary.yaml").write_text("terms: []\n")
    site = tmp_path / "site"
    site.mkdir()
    quick, adoptions, adopted = FakeBuild(site), [], threading.Event()
    FakeAside.started = []

    def adopt():
        (site / "offline.json").write_text(json.dumps({"build": adopt.build}))
        adoptions.append(True)
        adopted.set()
        return adopt.differ

    adopt.build, adopt.differ, adopt.done = "b2", [], adopted
    rebuilder = Rebuilder(
        site, interval=0.05, build=quick, quick=quick, aside=FakeAside, adopt=adopt, log=lambda _l: None, root=tmp_path
    )
    rebuilder.start()
    yield tmp_path, rebuilder, adopt, adoptions
    rebuilder.stop()


def test_after_the_quick_pass_the_whole_build_aside_is_adopted_quietly_when_alike(two_passes):
    root, rebuilder, adopt, adoptions = two_passes
    version, _ = ready(rebuilder)
    assert FakeAside.started == []  # none after the build at the start
    save(root / "sources" / "glossary.yaml", "terms: [edited]\n")
    version, news = ready(rebuilder, version)
    assert news == {"state": "ready", "build": "b2"}  # the quick pass's, named at once
    assert len(FakeAside.started) == 1
    FakeAside.started[0].finish()  # the whole build matches the quick pass ("b2")
    assert adopt.done.wait(WAIT_S)
    save(root / "sources" / "glossary.yaml", "terms: [again]\n")
    # the edit's two news ("building", then its quick pass's "ready") and none of the adoption's between
    assert ready(rebuilder, version) == (version + 2, {"state": "ready", "build": "b3"})
    assert adoptions == [True]


def test_a_whole_build_that_differs_from_the_quick_pass_is_named_to_the_pages(two_passes):
    root, rebuilder, adopt, _adoptions = two_passes
    version, _ = ready(rebuilder)
    save(root / "sources" / "glossary.yaml", "terms: [edited]\n")
    version, _ = ready(rebuilder, version)
    adopt.build, adopt.differ = "whole", ["rules/1-7-combat/index.html"]
    FakeAside.started[0].finish()
    assert ready(rebuilder, version)[1] == {"state": "ready", "build": "whole"}


def test_an_edit_stops_the_whole_build_aside_and_a_failed_one_is_named(two_passes):
    root, rebuilder, _adopt, adoptions = two_passes
    version, _ = ready(rebuilder)
    save(root / "sources" / "glossary.yaml", "terms: [one]\n")
    version, _ = ready(rebuilder, version)
    save(root / "sources" / "glossary.yaml", "terms: [one, two]\n")
    version, news = ready(rebuilder, version)
    assert news == {"state": "ready", "build": "b3"}
    first, second = FakeAside.started
    assert first.stopped and not second.stopped
    second.finish(ok=False)
    version, news = ready(rebuilder, version)
    assert news["state"] == "failed"
    assert adoptions == []


AHEAD = """import sys
line = sys.stdin.readline()
sys.exit(int(sys.argv[1]) if line == "run\\n" else 9)"""


@pytest.mark.parametrize(("status", "ok", "fresh_runs"), [(0, True, 0), (1, False, 0), (quick_pass.STALE, True, 1)])
def test_a_quick_pass_started_ahead_runs_when_told_and_a_stale_one_gives_way(status, ok, fresh_runs):
    fresh = []
    passes = QuickPasses([sys.executable, "-c", AHEAD, str(status)], fresh=lambda: fresh.append(True) or True)
    try:
        assert passes() is ok
        assert len(fresh) == fresh_runs  # only one whose code changed is replaced by a fresh pass
        waiting = passes._next
        assert waiting is not None and waiting.poll() is None  # the next one waits for the next edit
    finally:
        passes.stop()
    assert waiting.returncode == 9  # stopped: it was told nothing, and did not run


def test_a_pass_started_ahead_runs_only_with_the_code_it_loaded():
    marks = iter([{"calculators/a.py": [1, 1]}, {"calculators/a.py": [1, 1]}])
    assert quick_pass.when_told(lambda: "run\n", marks=lambda: next(marks), warm=lambda: None) is None
    marks = iter([{"calculators/a.py": [1, 1]}, {"calculators/a.py": [2, 5]}])
    assert quick_pass.when_told(lambda: "run\n", marks=lambda: next(marks), warm=lambda: None) == quick_pass.STALE
    assert quick_pass.when_told(lambda: "", marks=dict, warm=lambda: None) == 0  # the server went: nothing runs


def test_a_pass_that_could_not_get_ready_gives_way_to_a_fresh_one():
    def broken():
        raise OSError("site/ was being replaced")

    assert quick_pass.when_told(lambda: "run\n", marks=dict, warm=broken) == quick_pass.STALE
