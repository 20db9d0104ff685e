"""`make bench`: build, serve and measure the site; print a stable table, or `--json`.

Figures are medians of several runs (default 5): these machines are shared and noisy.
The site is built into a folder of the benchmark's own and served on 127.0.0.1 with
its deployed headers; the browser figures come from browser_bench.py.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics

from benchmarks import browser_bench, search_bench
from benchmarks.site_build import ROOT, offline_copy_size, site_size, time_build
from build_scripts.serve import start_server

HEADER = f"{'figure':<52} {'median':>12} {'unit':<5} {'runs':>5}  target"


def engine_figures(repeat: int = 1000) -> list[dict]:
    """One call of each calculator in CPython (target: under 1 ms each)."""
    from benchmarks.engine_bench import measure

    return [
        {"figure": f"engine call: {name} ({way})", "median": seconds * 1e3, "unit": "ms",
         "runs": repeat, "target": "< 1 ms"}
        for name, timings in measure(repeat).items()
        for way, seconds in timings.items()
    ]


def figures(runs: int, browser=None) -> list[dict]:
    """Every row of the table; `browser`: a Chromium already running (the tests'), else one is started."""
    site = ROOT / "build" / f"bench-site-{os.getpid()}"
    site.mkdir(parents=True, exist_ok=True)
    server, origin = start_server(site)
    try:
        build = time_build(site, origin + "/", runs)
        rows = [
            {"figure": "build (parse + render + mkdocs build + postbuild)", "median": statistics.median(build),
             "unit": "s", "runs": runs, "target": "< 5 s"},
            {"figure": "total site size", "median": site_size(site) / 1e6, "unit": "MB", "runs": 1, "target": ""},
            {"figure": "offline copy saved on a first visit", "median": offline_copy_size(site) / 1e6, "unit": "MB",
             "runs": 1, "target": ""},
        ]
        return (rows + engine_figures() + browser_bench.figures(origin, runs, browser)
                + search_bench.figures(site, origin, runs, browser))
    finally:
        server.shutdown()
        shutil.rmtree(site, ignore_errors=True)


def table(rows: list[dict]) -> str:
    lines = [HEADER]
    for row in rows:
        lines.append(f"{row['figure']:<52} {row['median']:>12.4f} {row['unit']:<5} {row['runs']:>5}  "
                     f"{row.get('target', '')}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (the median is reported)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    rows = figures(args.runs)
    print(json.dumps(rows, indent=1) if args.json else table(rows))
    return 0
