"""One call of each calculator takes under 1 ms in CPython (median)."""

import pytest

from benchmarks.engine_bench import BUDGET_SECONDS, median_seconds
from mele.engine.api import run
from tests.support.engine_inputs import ENGINE_INPUTS


@pytest.mark.parametrize("name", ENGINE_INPUTS)
def test_one_call_under_one_millisecond(name):
    seconds = median_seconds(lambda: run(name, ENGINE_INPUTS[name]), 200)
    assert seconds < BUDGET_SECONDS, f"{name}: {seconds * 1e6:.0f} us"
