"""Median time of one call of each calculator (CPython).

    python benchmarks/engine_bench.py [--repeat N] [--json]

"engine" times the calculator itself (input already built); "api.run" times
what the browser calls: reading the params, computing, and to_dict().
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from calculators.api import run
from calculators.params import CALCULATORS, Params
from tests.support.engine_inputs import ENGINE_INPUTS

BUDGET_SECONDS = 0.001


def median_seconds(call, repeat: int) -> float:
    call()  # warm up
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


def engine_call(name: str):
    """The calculator alone, its input built once."""
    return CALCULATORS[name].read(Params(name, ENGINE_INPUTS[name]))


def measure(repeat: int = 1000) -> dict:
    results = {}
    for name, params in ENGINE_INPUTS.items():
        results[name] = {
            "engine": median_seconds(engine_call(name), repeat),
            "api_run": median_seconds(lambda name=name, params=params: run(name, params), repeat),
        }
    return results


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1000, help="calls per calculator")
    parser.add_argument("--json", action="store_true", help="print JSON (seconds)")
    args = parser.parse_args(argv)
    results = measure(args.repeat)
    if args.json:
        print(
            json.dumps(
                {"unit": "seconds", "repeat": args.repeat, "budget": BUDGET_SECONDS, "median": results}, indent=2
            )
        )
        return 0
    print(f"{'calculator':<14}{'engine (us)':>13}{'api.run (us)':>14}  under 1 ms")
    for name, times in results.items():
        ok = "yes" if max(times.values()) < BUDGET_SECONDS else "NO"
        print(f"{name:<14}{times['engine'] * 1e6:>13.1f}{times['api_run'] * 1e6:>14.1f}  {ok}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
