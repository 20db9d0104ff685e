"""`make bench`: measure, print a stable table, optionally `--json`.

Figures are medians of several runs: these machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD_STEPS = (["-m", "build_scripts", "prebuild"], ["-m", "mkdocs", "build", "--strict", "--quiet"],
               ["-m", "build_scripts", "postbuild"])


def time_build(runs: int) -> list[float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"}
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        for step in BUILD_STEPS:
            subprocess.run([sys.executable, *step], cwd=ROOT, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return times


def site_size(site: Path) -> int:
    return sum(p.stat().st_size for p in site.rglob("*") if p.is_file())


def figures(runs: int) -> list[dict]:
    build = time_build(runs)
    rows = [
        {"figure": "build (parse + render + mkdocs build)", "median": statistics.median(build), "unit": "s",
         "runs": runs, "target": "< 5 s"},
        {"figure": "total site size", "median": site_size(ROOT / "site") / 1e6, "unit": "MB", "runs": 1,
         "target": ""},
    ]
    from benchmarks.browser_bench import figures as browser_figures

    return rows + engine_figures() + browser_figures(runs)


def engine_figures() -> list[dict]:
    """One call of each calculator in CPython (target: under 1 ms each)."""
    from benchmarks.engine_bench import measure

    repeat = 1000
    return [
        {"figure": f"engine call: {name} ({way})", "median": seconds * 1e3, "unit": "ms",
         "runs": repeat, "target": "< 1 ms"}
        for name, timings in measure(repeat).items()
        for way, seconds in timings.items()
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median is reported)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    rows = figures(args.runs)
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print(f"{'figure':<48} {'median':>12} {'unit':<5} {'runs':>5}  target")
    for row in rows:
        print(f"{row['figure']:<48} {row['median']:>12.4f} {row['unit']:<5} {row['runs']:>5}  {row.get('target', '')}")
    return 0


sys.exit(main())
