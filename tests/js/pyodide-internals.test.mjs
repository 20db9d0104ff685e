// What the engine takes from Pyodide beyond its documented API lives in one module
// (docs/assets/javascripts/calculators/engine-boot.mjs), checked against the Pyodide that
// package-lock.json pins: a new Pyodide fails here, saying what to check again.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const FENCE = "docs/assets/javascripts/calculators/engine-boot.mjs";
const CHECKED_WITH = "314.0.7";
const PRIVATE = ["_loadSnapshot", "_makeSnapshot", "_sysExecutable", "makeMemorySnapshot", "lockFileContents"];

const RECHECK = `re-check what ${FENCE} takes from Pyodide beyond its documented API: the _loadSnapshot, `
  + "_makeSnapshot and _sysExecutable options and makeMemorySnapshot() (node_modules/pyodide/pyodide.d.ts), and that a start "
  + "loading no package reads nothing of the lock file but its info; then run tests/build_scripts/postbuild "
  + "(the snapshot and the bytecode start Pyodide the same way) and set CHECKED_WITH in this test";

test("the Pyodide the lock file pins is the one engine-boot.mjs was checked against", () => {
  const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8"));
  const locked = lock.packages["node_modules/pyodide"].version;
  assert.equal(locked, CHECKED_WITH, `Pyodide is ${locked} now, not ${CHECKED_WITH}: ${RECHECK}.`);
});

test("the installed Pyodide still declares what engine-boot.mjs uses", () => {
  const types = readFileSync(join(ROOT, "node_modules/pyodide/pyodide.d.ts"), "utf8");
  const gone = PRIVATE.filter((name) => !new RegExp(`\\b${name}\\??[(:]`).test(types));
  assert.deepEqual(gone, [], `Pyodide no longer declares ${gone.join(", ")}: ${RECHECK}.`);
});

function sources(folder) {
  return readdirSync(join(ROOT, folder), { recursive: true })
    .filter((name) => /\.(m?js|py)$/.test(name))
    .map((name) => join(ROOT, folder, name));
}

test("no other module of the project leans on them", () => {
  const elsewhere = [];
  for (const file of ["docs/assets/javascripts", "build_scripts", "devtools", "benchmarks"].flatMap(sources)) {
    const path = relative(ROOT, file);
    if (path === FENCE) continue;
    const text = readFileSync(file, "utf8");
    for (const name of PRIVATE) if (text.includes(name)) elsewhere.push(`${path}: ${name}`);
  }
  assert.deepEqual(elsewhere, [], `only ${FENCE} may use Pyodide's private API`);
});
