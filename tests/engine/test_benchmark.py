"""One call of each calculator takes under 1 ms in CPython (median)."""

import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "engine_bench.py"
spec = importlib.util.spec_from_file_location("engine_bench", BENCH)
engine_bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(engine_bench)


@pytest.mark.parametrize("name", engine_bench.CASES)
def test_one_call_under_one_millisecond(name):
    seconds = engine_bench.median_seconds(lambda: engine_bench.run(name, engine_bench.CASES[name]), 200)
    assert seconds < engine_bench.BUDGET_SECONDS, f"{name}: {seconds * 1e6:.0f} us"
