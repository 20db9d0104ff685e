// Writes a memory snapshot of Pyodide with the engine and its standard-library modules
// already imported, so a later visit restores a started engine instead of booting Python
// and importing it.
//
//   node build_scripts/postbuild/pyodide_bundle/snapshot.mjs <pyodide runtime dir> <trimmed stdlib zip> <engine zip> <engine revision> <output .gz> < modules.json
//
// Boots the runtime copied into the site (Pyodide refuses a snapshot from another build)
// from the trimmed standard library, exactly as the worker does on a first visit
// (docs/assets/javascripts/calculators/engine-boot.mjs), imports every module in that zip
// (stdin: their names), then the engine from the engine zip (the wheel's calculators/ alone,
// build_scripts/postbuild/pyodide_bundle/snapshot.py), and keeps the engine's revision (engine.json's, which the
// build gives) with it: the worker uses the snapshot only with that engine. The views are not
// in it, so a new wording of a result does not change the snapshot's bytes; a new engine does. The output is the memory without
// its pages of zeros (packSnapshot, below), gzipped; the worker undoes both (engine-boot.mjs).
import nodeCrypto from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { SPARSE_MAGIC } from "../../../docs/assets/javascripts/calculators/engine-boot.mjs";

const BOOT = new URL("../../../docs/assets/javascripts/calculators/engine-boot.mjs", import.meta.url);

// Python's environment in the snapshot, over Emscripten's defaults: a fixed hash seed, and a
// fixed language where Emscripten would take the one Node reports for the machine.
const SNAPSHOT_ENV = { PYTHONHASHSEED: "0", LANG: "C.UTF-8" };

const IMPORT_STDLIB = (names) => `
import importlib
for name in ${JSON.stringify(names)}:
    importlib.import_module(name)
`;

// The same bytes from build to build, so a deploy that does not touch the engine does
// not make every phone download the snapshot again: Python's hash seed, its random
// state, the file times its import system remembers and the time zone its time module
// reads (Emscripten asks JavaScript's Date, which follows the machine's) all come from
// here, and its language from SNAPSHOT_ENV. Nothing in the engine is secret, and every
// visitor restores the same state either way.
export function makeDeterministic() {
  process.env.TZ = "UTC";
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

// The memory without its pages of zeros, in engine-boot.mjs's format (unpackSnapshot reads it).
// Only the build packs: the page's worker carries the unpacking half alone.
const SPARSE_PAGE = 4096;

export function packSnapshot(bytes) {
  const pages = Math.ceil(bytes.length / SPARSE_PAGE);
  const bitmap = new Uint8Array(Math.ceil(pages / 8));
  const kept = [];
  for (let page = 0; page < pages; page += 1) {
    const part = bytes.subarray(page * SPARSE_PAGE, (page + 1) * SPARSE_PAGE);
    if (part.some((byte) => byte !== 0)) {
      bitmap[page >> 3] |= 1 << (page & 7);
      kept.push(part);
    }
  }
  const header = new Uint8Array(16);
  header.set(new TextEncoder().encode(SPARSE_MAGIC));
  new DataView(header.buffer).setUint32(8, bytes.length, true);
  new DataView(header.buffer).setUint32(12, SPARSE_PAGE, true);
  const packed = new Uint8Array(header.length + bitmap.length + kept.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of [header, bitmap, ...kept]) { packed.set(part, offset); offset += part.length; }
  return packed;
}

async function main([runtimeDir, stdlibPath, engineZipPath, engineRevision, outPath]) {
  if (!outPath) {
    throw new Error("usage: node snapshot.mjs <runtime dir> <trimmed stdlib zip> <engine zip> <engine revision> <output .gz>");
  }
  makeDeterministic();
  const { startPython, importEngineForSnapshot, memorySnapshot } = await import(BOOT.href);
  const runtime = resolve(runtimeDir) + "/";
  const { loadPyodide } = await import(pathToFileURL(runtime + "pyodide.mjs").href);
  const lockInfo = JSON.parse(readFileSync(runtime + "pyodide-lock.json", "utf8")).info;
  const pyodide = await startPython(loadPyodide, {
    indexURL: runtime, stdLibURL: resolve(stdlibPath), lockInfo, makeSnapshot: true, env: SNAPSHOT_ENV,
  });
  const modules = JSON.parse(readFileSync(0, "utf8"));
  pyodide.runPython(IMPORT_STDLIB(modules));
  importEngineForSnapshot(pyodide, readFileSync(engineZipPath), engineRevision);
  const snapshot = memorySnapshot(pyodide);
  mkdirSync(dirname(resolve(outPath)), { recursive: true });
  writeFileSync(outPath, gzipSync(packSnapshot(snapshot), { level: 9 }));
  console.log(JSON.stringify({ bytes: snapshot.length, modules: modules.length }));
}

// Run by the build; imported by the tests for packSnapshot and makeDeterministic.
if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? "")).href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`pyodide snapshot failed: ${error && error.stack ? error.stack : error}`);
    process.exit(1);
  });
}
