"""The engine gives exactly CPython's results on both ways it starts: booted from the trimmed
standard library (a first visit) and restored from the memory snapshot (a later visit, once
the calculators are kept offline). Every browser scenario runs against the trimmed runtime
with no fallback, so a module the trimmed zip lacks fails here; the fallback itself (the full
standard library added behind it) is checked too. The worker's own start-up code
(engine-boot.mjs) runs here in Node, as in the build."""

from __future__ import annotations

import json

from build_scripts.postbuild.pyodide_bundle.manifest import MANIFEST_PATH
from build_scripts.postbuild.pyodide_bundle.runtime import RUNTIME_DIR
from build_scripts.postbuild.pyodide_bundle.snapshot import SCRIPT as SNAPSHOT_SCRIPT
from build_scripts.postbuild.pyodide_bundle.snapshot import SNAPSHOT_PATH
from build_scripts.postbuild.pyodide_bundle.stdlib import FULL_STDLIB, TRIMMED_STDLIB
from build_scripts.postbuild.pyodide_bundle.wheel import engine_revision, wheel_site_path
from calculators.api import run
from calculators.views.catalogue import VIEWS
from tests.browser.scenarios import SCENARIOS
from tests.support.browser import expected_params
from tests.support.engine_inputs import ENGINE_INPUTS
from tests.support.node import needs_node, run_node
from tests.support.site import ROOT

# argv: boot module, runtime dir, wheel, snapshot, trimmed zip, engine revision; stdin: [[name, params], ...].
# The snapshot is restored as the worker restores it (restoreEngine, with engine.json's revision).
BOTH_WAYS_JS = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [boot, runtime, wheel, snapshot, stdlib, revision] = process.argv.slice(1);
const { startPython, restoreEngine, setUpEngine, unpackSnapshot } = await import(pathToFileURL(boot).href);
const { loadPyodide } = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
const lockInfo = JSON.parse(readFileSync(runtime + "/pyodide-lock.json", "utf8")).info;
const cases = JSON.parse(readFileSync(0, "utf8"));
const options = { indexURL: runtime + "/", stdLibURL: stdlib, lockInfo };
const IMPORTED = "import sys\n[name in sys.modules for name in ('calculators.api', 'calculators.views.page_api')]";
function results(pyodide) {
  const imported = pyodide.runPython(IMPORTED).toJs();
  const call = setUpEngine(pyodide, readFileSync(wheel));
  return { imported, results: cases.map(([name, params]) => JSON.parse(call(name, JSON.stringify(params)))) };
}
const memory = unpackSnapshot(new Uint8Array(readFileSync(snapshot)));
const restore = (engine) => restoreEngine(loadPyodide, { ...options, snapshot: memory }, engine);
const fromSnapshot = results(await restore(revision));
const fromTrimmed = results(await startPython(loadPyodide, options));
const refused = await restore("another").then(() => "", (error) => String(error.message));
console.log(JSON.stringify({ fromSnapshot, fromTrimmed, refused }));
"""

# A module the engine never imports is missing from the trimmed zip; adding the full one finds it.
FALLBACK_JS = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [boot, runtime, stdlib, full] = process.argv.slice(1);
const { startPython, addFullStdlib, isMissingModule } = await import(pathToFileURL(boot).href);
const { loadPyodide } = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
const lockInfo = JSON.parse(readFileSync(runtime + "/pyodide-lock.json", "utf8")).info;
const pyodide = await startPython(loadPyodide, { indexURL: runtime + "/", stdLibURL: stdlib, lockInfo });
let missing = false;
try { pyodide.runPython("import xml.dom.minidom"); } catch (error) { missing = isMissingModule(error); }
addFullStdlib(pyodide, readFileSync(full));
const found = pyodide.runPython("import xml.dom.minidom\nxml.dom.minidom.parseString('<a>b</a>').documentElement.tagName");
console.log(JSON.stringify({ missing, found }));
"""


# The build's packSnapshot drops pages of zeros and the worker's unpackSnapshot puts them back,
# for memories of any length. argv: boot module, the snapshot script.
PACKING_JS = r"""
import { pathToFileURL } from "node:url";
const [boot, builder] = process.argv.slice(1);
const { unpackSnapshot } = await import(pathToFileURL(boot).href);
const { packSnapshot } = await import(pathToFileURL(builder).href);
const results = [];
for (const length of [0, 1, 4095, 4096, 4097, 3 * 4096 + 5, 40000]) {
  const memory = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) if (Math.floor(i / 4096) % 2 === 0 && i % 7 === 0) memory[i] = (i % 251) + 1;
  const packed = packSnapshot(memory);
  const back = unpackSnapshot(packed);
  results.push({ length, same: back.length === length && back.every((byte, i) => byte === memory[i]), packed: packed.length });
}
const plain = new Uint8Array([1, 2, 3]);
console.log(JSON.stringify({ results, plainKept: unpackSnapshot(plain) === plain }));
"""


@needs_node
def test_a_snapshot_without_its_pages_of_zeros_comes_back_whole():
    got = run_node(PACKING_JS, SNAPSHOT_SCRIPT)
    assert got["plainKept"], "bytes that were never packed are given back as they are"
    for result in got["results"]:
        assert result["same"], result
    sizes = {result["length"]: result["packed"] for result in got["results"]}
    assert sizes[40000] < 40000 * 0.6, "the pages of zeros are left out"


# The time zone Python's time module would read while the snapshot is made (Emscripten asks Date).
ZONE_JS = r"""
import { pathToFileURL } from "node:url";
const { makeDeterministic } = await import(pathToFileURL(process.argv[2]).href);
makeDeterministic();
console.log(JSON.stringify({ offset: new Date(2020, 6, 1).getTimezoneOffset() }));
"""


@needs_node
def test_the_snapshot_is_made_in_utc_whatever_zone_the_machine_is_in():
    """Python's time module keeps the zone's names and offsets in the snapshot: made in the machine's
    zone, a build in New York would give other bytes than one in UTC (and every phone would download
    it again)."""
    assert run_node(ZONE_JS, SNAPSHOT_SCRIPT, env={"TZ": "America/New_York"}) == {"offset": 0}


def test_the_snapshot_names_no_folder_of_the_machine_that_built_it(site):
    """Its bytes are the same wherever the site is built, so a deploy from another checkout does not
    make every phone download it again (under Node, Python would keep the build script's path:
    engine-boot.mjs, BROWSER_PROGRAM)."""
    named = str(ROOT).encode() in (site / SNAPSHOT_PATH).read_bytes()
    assert not named, f"the snapshot names {ROOT}"


def engine_cases() -> list[list]:
    """Every browser scenario, the benchmark's inputs, and inputs the engine must refuse."""
    cases = [[VIEWS[view]["engine"], expected_params(view, values)] for _, view, values, _ in SCENARIOS]
    cases += [[name, params] for name, params in ENGINE_INPUTS.items()]
    cases += [["strike", {"prowess": "x"}], ["corruption", {"points": -3}], ["keying", {"path": "q"}]]
    return cases


@needs_node
def test_trimmed_runtime_and_snapshot_give_cpythons_results(site):
    """The snapshot holds the engine already imported, not its views, and is refused for another engine."""
    cases = engine_cases()
    runtime = site / RUNTIME_DIR
    revision = json.loads((site / MANIFEST_PATH).read_text(encoding="utf-8"))["engineRevision"]
    assert revision == engine_revision(site / wheel_site_path())
    got = run_node(
        BOTH_WAYS_JS,
        runtime,
        site / wheel_site_path(),
        site / SNAPSHOT_PATH,
        runtime / TRIMMED_STDLIB,
        revision,
        stdin=json.dumps(cases),
    )
    assert got["fromSnapshot"]["imported"] == [True, False], "the engine, not its views, comes in the snapshot"
    assert got["fromTrimmed"]["imported"] == [False, False]
    assert got["refused"] == f"the snapshot holds engine {revision}, not another"
    assert len(got["fromSnapshot"]["results"]) == len(got["fromTrimmed"]["results"]) == len(cases)
    for (name, params), snapshot, trimmed in zip(
        cases, got["fromSnapshot"]["results"], got["fromTrimmed"]["results"], strict=True
    ):
        expected = json.loads(json.dumps(run(name, params)))
        assert trimmed == expected, (name, params)
        assert snapshot == expected, (name, params)
    assert sum("error" in result for result in got["fromTrimmed"]["results"]) >= 3


@needs_node
def test_a_module_missing_from_the_trimmed_runtime_comes_from_the_full_one(site):
    runtime = site / RUNTIME_DIR
    got = run_node(FALLBACK_JS, runtime, runtime / TRIMMED_STDLIB, runtime / FULL_STDLIB)
    assert got == {"missing": True, "found": "a"}
