"""`make bench`: build, serve and measure the site; print a stable table, or `--json`.

Figures are medians of several runs (default 5): these machines are shared and noisy.
The site is built into a folder of the benchmark's own and served on 127.0.0.1 with
its deployed headers; the browser figures come from browser_bench.py (Chromium) and
engines_bench.py (engine start and input to result in Firefox and WebKit).

The author's loop (author_loop.py: `make build` with nothing changed, a glossary edit until the
open `make serve` page shows it) is timed last, on a scratch copy of the project.

`--baseline REF` (`make bench BASELINE=main`) also builds the project as it was at REF
with its own build scripts and measures both in the same run, alternating, with this
benchmark's code: a "before" column beside the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
from pathlib import Path

from benchmarks import author_loop, browser_bench, engines_bench, search_bench
from benchmarks.site_build import ROOT, calculator_script_size, checkout, offline_copy_size, site_size, time_build
from devtools.serve import start_server

HEADER = f"{'figure':<52} {'median':>12} {'unit':<5} {'runs':>5}  target"
HEADER_WITH_BEFORE = f"{'figure':<52} {'before':>12} {'median':>12} {'unit':<5} {'runs':>5}  target"


def engine_figures(repeat: int = 1000) -> list[dict]:
    """One call of each calculator in CPython (target: under 1 ms each)."""
    from benchmarks.engine_bench import measure

    return [
        {
            "figure": f"engine call: {name} ({way})",
            "median": seconds * 1e3,
            "unit": "ms",
            "runs": repeat,
            "target": "< 1 ms",
        }
        for name, timings in measure(repeat).items()
        for way, seconds in timings.items()
    ]


class Build:
    """One project's site, built and served, and what was measured on it."""

    def __init__(self, site: Path, origin: str, build_times: list[float], server=None):
        self.site, self.origin, self.build_times, self.server = site, origin, build_times, server
        self.samples: dict[str, list[float]] = {}

    @classmethod
    def own(cls, name: str, root: Path, runs: int) -> Build:
        """Built into a folder of the benchmark's own and served; close() removes both."""
        site = ROOT / "build" / f"bench-{name}-{os.getpid()}"
        site.mkdir(parents=True, exist_ok=True)
        server, origin = start_server(site, brotli=False)  # the figures are for gzip, which every host sends
        return cls(site, origin, time_build(site, origin + "/", runs, root), server)

    def site_rows(self) -> list[dict]:
        return [
            {
                "figure": "build (parse + render + mkdocs build + postbuild)",
                "median": statistics.median(self.build_times),
                "unit": "s",
                "runs": len(self.build_times),
                "target": "< 5 s",
            },
            {"figure": "total site size", "median": site_size(self.site) / 1e6, "unit": "MB", "runs": 1, "target": ""},
            {
                "figure": "calculator scripts (assets/javascripts/calculators)",
                "median": calculator_script_size(self.site) / 1e3,
                "unit": "KB",
                "runs": 1,
                "target": "smaller",
            },
            {
                "figure": "offline copy saved on a first visit",
                "median": offline_copy_size(self.site) / 1e6,
                "unit": "MB",
                "runs": 1,
                "target": "",
            },
        ]

    def measure_once(self, browser) -> None:
        for key, values in browser_bench.measure(self.origin, 1, browser, site=self.site).items():
            self.samples.setdefault(key, []).extend(values)

    def search_rows(self, runs: int, browser) -> list[dict]:
        """The question set asked in this build's search box (whatever search it runs)."""
        return search_bench.figures(self.site, self.origin, runs, browser)

    def close(self) -> None:
        if self.server is not None:  # a site served by someone else is left as it was
            self.server.shutdown()
            shutil.rmtree(self.site, ignore_errors=True)


def figures(runs: int, browser=None, baseline: str | None = None, served: Build | None = None) -> list[dict]:
    """Every row of the table; `browser`: a Chromium already running (the tests'), else one is started.
    With `baseline`, each row also has "before": the same figure for the project at that ref.
    `served`: this project's site, built and served already (the tests'), instead of a build of its own."""
    if browser is None:
        with browser_bench.sync_playwright() as playwright:
            own = playwright.chromium.launch(executable_path=browser_bench.chromium_path(), args=browser_bench.ARGS)
            try:
                return figures(runs, own, baseline, served)
            finally:
                own.close()
    builds = [served or Build.own("site", ROOT, runs)]
    try:
        if baseline:
            builds.append(Build.own("baseline", checkout(baseline), runs))
        for _ in range(runs):  # alternating, so both see the same machine
            for build in builds:
                build.measure_once(browser)
        rows = (
            builds[0].site_rows()
            + engine_figures()
            + browser_bench.rows(builds[0].samples)
            + builds[0].search_rows(runs, browser)
            + engines_bench.figures(builds[0].site, runs)
        )
        if baseline:
            before = {
                row["figure"]: row["median"]
                for row in builds[1].site_rows()
                + browser_bench.rows(builds[1].samples)
                + builds[1].search_rows(runs, browser)
            }
            for row in rows:
                row["before"] = before.get(row["figure"])
        return rows
    finally:
        for build in builds:
            build.close()


def table(rows: list[dict]) -> str:
    with_before = any("before" in row for row in rows)
    lines = [HEADER_WITH_BEFORE if with_before else HEADER]
    for row in rows:
        before = ""
        if with_before:
            before = f"{row['before']:>12.4f} " if row.get("before") is not None else f"{'':>12} "
        lines.append(
            f"{row['figure']:<52} {before}{row['median']:>12.4f} {row['unit']:<5} {row['runs']:>5}  "
            f"{row.get('target', '')}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (the median is reported)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--baseline", metavar="REF", help="also measure the project at this git ref (before/after)")
    args = parser.parse_args(argv)
    rows = figures(args.runs, baseline=args.baseline) + author_loop.figures(min(args.runs, 3))
    print(json.dumps(rows, indent=1) if args.json else table(rows))
    return 0
