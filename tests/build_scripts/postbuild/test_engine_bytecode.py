"""The engine wheel carries its modules' bytecode, compiled by Pyodide's own Python, and the
worker's imports use it instead of compiling the sources; CPython still imports the wheel
from its sources. No browser needed: the worker's start-up code (engine-boot.mjs) runs in Node."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile

from build_scripts.postbuild.pyodide_bundle import bytecode as engine_bytecode
from build_scripts.postbuild.pyodide_bundle import wheel as engine_wheel
from build_scripts.postbuild.pyodide_bundle.runtime import NODE_MODULES
from calculators.api import run
from tests.support.engine_inputs import ENGINE_INPUTS
from tests.support.node import needs_node, run_node

UNCHECKED_HASH_PYC = 0b01  # hash-based, source not checked (PEP 552 flags)

# argv: boot module, runtime dir, wheel. Prints Pyodide's bytecode magic and, once the worker
# has set up the engine and its views, where each of the wheel's imported modules came from.
IMPORT_FROM_WHEEL_JS = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [boot, runtime, wheel] = process.argv.slice(1);
const { startPython, setUpEngine, setUpViews } = await import(pathToFileURL(boot).href);
const { loadPyodide } = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
const lockInfo = JSON.parse(readFileSync(runtime + "/pyodide-lock.json", "utf8")).info;
const pyodide = await startPython(loadPyodide, { indexURL: runtime + "/", lockInfo });
const magic = pyodide.runPython("import importlib.util; importlib.util.MAGIC_NUMBER.hex()");
setUpEngine(pyodide, readFileSync(wheel));
setUpViews(pyodide);
const origins = JSON.parse(pyodide.runPython(`
import json, sys
json.dumps({name: module.__spec__.origin for name, module in sys.modules.items()
            if name == "calculators" or name.startswith("calculators.")})`));
console.log(JSON.stringify({ magic, origins }));
"""

CPYTHON_IMPORT = """
import json, sys
sys.path.insert(0, sys.argv[1])
import calculators, calculators.views.page_api
from calculators.api import run
print(json.dumps({"origins": [calculators.__spec__.origin, calculators.views.page_api.__spec__.origin],
                  "result": run("strike", json.loads(sys.argv[2]))}))
"""


def sources_and_bytecode(wheel_path) -> tuple[list[str], dict[str, bytes]]:
    with zipfile.ZipFile(wheel_path) as wheel:
        names = wheel.namelist()
        return [n for n in names if n.endswith(".py")], {n: wheel.read(n) for n in names if n.endswith(".pyc")}


@needs_node
def test_every_module_has_pyodides_bytecode_and_the_worker_imports_it(tmp_path):
    wheel = engine_wheel.write_wheel(tmp_path)
    sources, bytecode = sources_and_bytecode(wheel)
    assert sorted(bytecode) == sorted(engine_bytecode.bytecode_name(name) for name in sources)

    got = run_node(IMPORT_FROM_WHEEL_JS, NODE_MODULES / "pyodide", wheel)
    magic = bytes.fromhex(got["magic"])
    for name, data in bytecode.items():
        assert data[:4] == magic, f"{name} was not compiled by this Pyodide"
        assert int.from_bytes(data[4:8], "little") == UNCHECKED_HASH_PYC, name

    assert {"calculators.api", "calculators.views.page_api"} <= set(got["origins"])
    for module, origin in got["origins"].items():
        assert origin.endswith(".pyc"), f"{module} was compiled from {origin}"


def test_cpython_imports_the_wheel_from_its_sources(tmp_path):
    wheel = engine_wheel.write_wheel(tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", CPYTHON_IMPORT, str(wheel), json.dumps(ENGINE_INPUTS["strike"])],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    got = json.loads(done.stdout)
    assert all(origin.startswith(f"{wheel}/") for origin in got["origins"]), got["origins"]
    assert got["result"] == json.loads(json.dumps(run("strike", ENGINE_INPUTS["strike"])))


@needs_node
def test_the_bytecode_is_the_same_from_two_compilations(tmp_path, monkeypatch):
    sources = engine_wheel.source_files()
    monkeypatch.setattr(engine_bytecode, "CACHE", tmp_path / "first")
    first = engine_bytecode.compiled(sources)
    monkeypatch.setattr(engine_bytecode, "CACHE", tmp_path / "second")
    assert engine_bytecode.compiled(sources) == first
