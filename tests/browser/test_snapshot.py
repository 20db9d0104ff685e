"""The engine restored from the build's memory snapshot gives exactly the results of a
Pyodide booted the ordinary way (wheel installed, engine imported) and of CPython, and
the calculator pages use it; without it, the engine still starts the ordinary way."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from benchmarks.engine_bench import CASES
from build_scripts.engine_wheel import wheel_site_path
from build_scripts.calculators_ui.views import VIEWS
from build_scripts.pyodide_runtime import RUNTIME_DIR
from build_scripts.pyodide_snapshot import SNAPSHOT_PATH
from calculators.api import run
from tests.browser.conftest import (
    BROWSER_SITE,
    defaults,
    expected_params,
    python_rendered_text,
    result_text,
    wait_for_engine,
    wait_for_params,
)
from tests.browser.scenarios import SCENARIOS

# Both ways in one Node process: argv = runtime dir, wheel, snapshot; stdin = [[name, params], ...].
BOTH_WAYS_JS = r"""
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
const [runtime, wheel, snapshot] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
const SETUP = "import json\nfrom calculators.api import run\n" +
  "def call_json(name, params):\n    return json.dumps(run(name, json.loads(params)))";
const cases = JSON.parse(readFileSync(0, "utf8"));
async function results(options) {
  const pyodide = await loadPyodide({ indexURL: runtime + "/", ...options });
  pyodide.runPython(SETUP);
  const call = pyodide.globals.get("call_json");
  return cases.map(([name, params]) => JSON.parse(call(name, JSON.stringify(params))));
}
const fromSnapshot = await results({ _loadSnapshot: gunzipSync(readFileSync(snapshot)) });
const fromWheel = await results({ packages: [pathToFileURL(wheel).href] });
console.log(JSON.stringify({ fromSnapshot, fromWheel }));
"""


def engine_cases() -> list[list]:
    """Every browser scenario, the benchmark's inputs, and inputs the engine must refuse."""
    cases = [[VIEWS[view]["engine"], expected_params(view, values)] for _, view, values, _ in SCENARIOS]
    cases += [[name, params] for name, params in CASES.items()]
    cases += [["strike", {"prowess": "x"}], ["corruption", {"points": -3}], ["keying", {"path": "q"}]]
    return cases


@pytest.mark.skipif(shutil.which("node") is None, reason="node is needed to run Pyodide outside the browser")
def test_the_snapshot_engine_gives_the_same_results_as_a_fresh_start(origin):   # `origin`: the site is built
    cases = engine_cases()
    done = subprocess.run(
        ["node", "--input-type=module", "-e", BOTH_WAYS_JS, str(BROWSER_SITE / RUNTIME_DIR),
         str(BROWSER_SITE / wheel_site_path()), str(BROWSER_SITE / SNAPSHOT_PATH)],
        input=json.dumps(cases), capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(got["fromSnapshot"]) == len(cases)
    for (name, params), snapshot, wheel in zip(cases, got["fromSnapshot"], got["fromWheel"]):
        assert snapshot == wheel, (name, params)
        assert snapshot == json.loads(json.dumps(run(name, params))), (name, params)
    assert sum("error" in result for result in got["fromSnapshot"]) >= 3


def test_calculator_pages_start_from_the_snapshot(open_page):
    page = open_page("calculators/corruption/")
    wait_for_engine(page, "corruption")
    assert page.evaluate("window.__calculators.startedFrom") == "snapshot"
    assert not any(url.endswith(".whl") for url in page.guard.requests), "the wheel is only for the fallback"


def test_without_the_snapshot_the_engine_starts_from_the_wheel(open_page):
    page = open_page(None)
    page.route("**/engine-snapshot.bin.gz", lambda route: route.abort())
    page.goto(page.guard.origin + "/calculators/corruption/")
    wait_for_engine(page, "corruption")
    assert page.evaluate("window.__calculators.startedFrom") == "wheel"
    page.fill("#calc-corruption-points", "6")
    values = {**defaults("corruption"), "points": "6"}
    wait_for_params(page, "corruption", expected_params("corruption", values))
    assert result_text(page, "corruption") == python_rendered_text("corruption", values)
    page.guard.console_errors.clear()   # the refused download is this test's own doing
