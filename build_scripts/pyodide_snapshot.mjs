// Writes a memory snapshot of Pyodide with the rules engine already imported, so the
// browser restores a started interpreter instead of booting Python (about 1.5 s saved).
//
//   node build_scripts/pyodide_snapshot.mjs <pyodide runtime dir> <engine wheel> <output .gz>
//
// Runs the runtime copied into the site, so the snapshot's build id is the one the
// browser loads (Pyodide refuses a snapshot from another build). The output is gzip
// (about 7 MB instead of 31 MB); the worker decompresses it.
import nodeCrypto from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

// Import every module of the engine now (but __main__, which runs the command line):
// the restored interpreter has them in memory, but not the wheel's files, so nothing
// may be left to import lazily.
const PREPARE_ENGINE = `
import importlib, json, pkgutil, sysconfig, zipfile
zipfile.ZipFile("/tmp/engine.whl").extractall(sysconfig.get_paths()["purelib"])
importlib.invalidate_caches()   # the clock stands still here (see makeDeterministic)
import calculators
for module in pkgutil.walk_packages(calculators.__path__, "calculators."):
    if not module.name.endswith(".__main__"):
        importlib.import_module(module.name)
`;

// The same bytes from build to build, so a deploy that does not touch the engine does
// not make every phone download the snapshot again: Python's hash seed, its random
// state and the file times its import system remembers all come from here. Nothing in
// the engine is secret, and every visitor restores the same state either way.
function makeDeterministic() {
  let state = 0x9e3779b9;
  const fill = (view) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let i = 0; i < bytes.length; i += 1) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;   // a plain LCG is enough here
      bytes[i] = state >>> 24;
    }
    return view;
  };
  nodeCrypto.randomFillSync = fill;
  globalThis.crypto.getRandomValues = fill;
  const fixedTime = Date.UTC(2020, 0, 1);
  Date.now = () => fixedTime;
  let ticks = 0;
  performance.now = () => (ticks += 1);
}

async function main([runtimeDir, wheelPath, outPath]) {
  if (!outPath) throw new Error("usage: node pyodide_snapshot.mjs <runtime dir> <wheel> <output .gz>");
  makeDeterministic();
  const runtime = resolve(runtimeDir) + "/";
  const { loadPyodide } = await import(pathToFileURL(runtime + "pyodide.mjs").href);
  const pyodide = await loadPyodide({ indexURL: runtime, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } });
  pyodide.FS.writeFile("/tmp/engine.whl", readFileSync(wheelPath));
  pyodide.runPython(PREPARE_ENGINE);
  pyodide.FS.unlink("/tmp/engine.whl");
  const snapshot = pyodide.makeMemorySnapshot();
  mkdirSync(dirname(resolve(outPath)), { recursive: true });
  writeFileSync(outPath, gzipSync(snapshot, { level: 9 }));
  console.log(JSON.stringify({ bytes: snapshot.length }));
}

main(process.argv.slice(2)).catch((error) => {
  console.error(`pyodide snapshot failed: ${error && error.stack ? error.stack : error}`);
  process.exit(1);
});
