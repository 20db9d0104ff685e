"""The author's loop, timed on a scratch copy of the project (the work tree is left alone):
`make build` with nothing changed, and an edited glossary entry until the open `make serve` page
shows it.

    python -m benchmarks.author_loop [--runs N]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT_FILES = (
    "sources",
    "docs",
    "overrides",
    "calculators",
    "build_scripts",
    "devtools",
    "mkdocs.yml",
    "pyproject.toml",
    "package.json",
    "package-lock.json",
    "site",
)
BUILD_CACHES = ("stamps", "engine-bytecode", "engine-stdlib", "engine-snapshot", "precompressed")
GLOSSARY = Path("sources") / "glossary.yaml"
GLOSSARY_PAGE = "/glossary/"
ENTRY = "#g-one-deck-game + .glossary-entry"  # the first entry of the glossary page
ENTRY_TEXT = "The normal game of the Starter Rules"  # its definition's first words, in the source
MAKE_BUILD = [sys.executable, "-m", "build_scripts.incremental"]  # what `make build` runs
BUILD_WAIT_S = 900  # a first build of the copy, on a busy machine


def copy_project(dest: Path, root: Path = ROOT) -> Path:
    """What the build reads and writes, with the files' times (so the stamps stay true), the
    post-build's caches, and node_modules linked."""
    for name in PROJECT_FILES:
        source = root / name
        if source.is_dir():
            shutil.copytree(source, dest / name, symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
        elif source.exists():
            shutil.copy2(source, dest / name)
    for name in BUILD_CACHES:
        source = root / "build" / name
        if source.is_dir():
            shutil.copytree(source, dest / "build" / name)
    stamp = root / "build" / "stamps" / "prebuild.json"
    written = json.loads(stamp.read_text(encoding="utf-8"))["outputs"] if stamp.exists() else {}
    for name in written:  # the rules index and the like, beside the caches
        if name.startswith("build/") and (root / name).exists():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(root / name, dest / name)
    (dest / "node_modules").symlink_to(root / "node_modules")
    return dest


def project_env(project: Path) -> dict[str, str]:
    """The copy's own code first (an edit there is what runs), the default site URL."""
    env = {**os.environ, "PYTHONPATH": str(project), "NO_MKDOCS_2_WARNING": "1"}
    env.pop("SITE_URL", None)
    return env


@contextlib.contextmanager
def dev_server(project: Path, log: Path, heard: list | None = None) -> Iterator[str]:
    """`python -m devtools.serve --watch` on a free port in `project`; yields its origin. Its
    terminal output goes to `log`, and, each line with the time it came (time.perf_counter()), to
    `heard` when given."""
    server = subprocess.Popen(
        [sys.executable, "-m", "devtools.serve", "--watch", "--port", "0"],
        cwd=project,
        env=project_env(project),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )

    def copy_lines() -> None:
        with open(log, "w") as output:
            for line in server.stderr:
                if heard is not None:
                    heard.append((time.perf_counter(), line.rstrip("\n")))
                output.write(line)
                output.flush()

    copier = threading.Thread(target=copy_lines, daemon=True)
    copier.start()
    try:
        first = server.stdout.readline()
        if " on http://" not in first:
            raise RuntimeError(f"the dev server did not start: {first!r}, see {log}")
        yield first.split(" on ", 1)[1].split("/,", 1)[0].rstrip("/ ")
    finally:
        server.terminate()
        server.wait(30)
        copier.join(30)


def dev_news(origin: str, timeout: float | None = None) -> Iterator[dict]:
    """The server's build news (/__dev__/events), each as it comes, until the server ends them."""
    with urllib.request.urlopen(origin + "/__dev__/events", timeout=timeout) as events:
        for line in events:
            if line.startswith(b"data: "):
                yield json.loads(line.removeprefix(b"data: "))


def wait_for_build(origin: str, timeout: float = BUILD_WAIT_S) -> str:
    """Listen to the server's build events until a build is done; its name."""
    for news in dev_news(origin, timeout):
        if news["state"] == "ready":
            return news["build"]
        if news["state"] == "failed":
            raise RuntimeError("the dev server's build failed")
    raise RuntimeError("the dev server closed its events")


def edit_glossary(project: Path, words: str) -> None:
    """The first entry's definition starts with `words`."""
    path = project / GLOSSARY
    text = path.read_text(encoding="utf-8")
    start = text.index("definition: >-\n") + len("definition: >-\n")
    line_end = text.index("\n", start)
    indent = text[start:line_end][: len(text[start:line_end]) - len(text[start:line_end].lstrip())]
    # Saved in one step, as an editor saves: a write_text truncates first, and the watcher's scan
    # could see the empty file between, and build it.
    draft = project / f".{path.name}.draft"
    draft.write_text(text[:start] + f"{indent}{words} " + text[start + len(indent) :], encoding="utf-8")
    os.replace(draft, path)


def no_change_build_times(project: Path, runs: int) -> list[float]:
    """Seconds for the build (`make build`'s command) when nothing changed, after one to settle."""
    times = []
    for _ in range(runs + 1):
        started = time.perf_counter()
        subprocess.run(MAKE_BUILD, cwd=project, env=project_env(project), check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return times[1:]


# The steps of an edit's way to the page, each by the first server line (after the save) that
# starts with the words given, in the order they come.
SERVER_STEPS = (
    ("change seen", "serve: "),
    ("prebuild done", "build: prebuild: built in"),
    ("pages written", "build: site: pages written"),
    ("post steps done", "build: site: quick pass in"),
)


def steps_of(started: float, heard: list, events: list, requests: list, shown: float) -> dict[str, float]:
    """Seconds from the save to each step of one edit: the server's lines (SERVER_STEPS), the reload
    named to the pages (the server's first "ready" event after the save), the page's request for
    itself again, the page showing the edit."""
    lines = [(when, line) for when, line in heard if when >= started]
    found = {}
    for name, words in SERVER_STEPS:
        at = [when for when, line in lines if line.startswith(words)]
        if at:
            found[name] = at[0] - started
    for name, times in (("reload sent", events), ("page asked for", requests)):
        after = [when for when in times if started <= when <= shown]
        if after:
            found[name] = after[0] - started
    found["page shown"] = shown - started
    return found


def listen_for_ready(origin: str, heard: list) -> None:
    """Each "ready" event of the server, with the time it came, into `heard` (until the server ends)."""
    with contextlib.suppress(OSError):
        for news in dev_news(origin):
            if news["state"] == "ready":
                heard.append(time.perf_counter())


def edit_to_page_times(browser, project: Path, runs: int, log: Path, steps: list | None = None) -> list[float]:
    """Seconds from saving a glossary edit to the open page showing it (the page reloads itself);
    with `steps`, each edit's steps_of() into it."""
    from playwright.sync_api import expect

    times, heard, ready, requests = [], [], [], []
    with dev_server(project, log, heard) as origin:
        wait_for_build(origin)
        threading.Thread(target=listen_for_ready, args=(origin, ready), daemon=True).start()
        context = browser.new_context()
        page = context.new_page()
        page.on(
            "request", lambda request: requests.append(time.perf_counter()) if request.is_navigation_request() else None
        )
        page.goto(origin + GLOSSARY_PAGE)
        for run in range(runs):
            expect(page.locator("html")).to_have_attribute("data-dev-build", "ready", timeout=BUILD_WAIT_S * 1000)
            marker = f"Edited{run}x{os.getpid()}."
            started = time.perf_counter()
            edit_glossary(project, marker)
            # waited for in the page at each frame, where expect() would look again only once a second
            page.locator(ENTRY, has_text=marker).wait_for(timeout=BUILD_WAIT_S * 1000)
            shown = time.perf_counter()
            times.append(shown - started)
            if steps is not None:
                steps.append(steps_of(started, heard, ready, requests, shown))
        context.close()
    return times


def figures(runs: int = 3, browser=None, steps: list | None = None) -> list[dict]:
    """The two figures; with `steps`, each edit's steps (steps_of) into it."""
    from playwright.sync_api import sync_playwright

    from benchmarks import browser_bench

    scratch = ROOT / "build" / f"bench-author-loop-{os.getpid()}"
    scratch.mkdir(parents=True)
    try:
        project = copy_project(scratch)
        subprocess.run(MAKE_BUILD, cwd=project, env=project_env(project), check=True, capture_output=True)
        builds = no_change_build_times(project, max(runs, 5))
        with contextlib.ExitStack() as stack:
            if browser is None:
                playwright = stack.enter_context(sync_playwright())
                browser = playwright.chromium.launch(
                    executable_path=browser_bench.chromium_path(), args=browser_bench.ARGS
                )
                stack.callback(browser.close)
            edits = edit_to_page_times(browser, project, runs, scratch / "serve.log", steps)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return [
        {
            "figure": "make build, nothing changed",
            "median": statistics.median(builds),
            "unit": "s",
            "runs": len(builds),
            "target": "<= 2 s",
        },
        {
            "figure": "make serve: glossary edit to the open page",
            "median": statistics.median(edits),
            "unit": "s",
            "runs": len(edits),
            "target": "<= 5 s",
        },
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    steps = []
    for row in figures(args.runs, steps=steps):
        print(f"{row['figure']:<52} {row['median']:>12.2f} {row['unit']:<5} {row['runs']:>5}  {row['target']}")
    print("an edit's steps, seconds after the save (each run, then the median):")
    for name in dict.fromkeys(name for run in steps for name in run):
        times = [run[name] for run in steps if name in run]
        each = " ".join(f"{t:5.2f}" for t in times)
        print(f"  {name:<18} {each}   median {statistics.median(times):.2f}")
    print(f"load average: {' '.join(f'{n:.2f}' for n in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
