// How Python and the rules engine start: one module for the browser's worker
// (engine-worker.js) and for the build's Node scripts (build_scripts/postbuild/pyodide_bundle/stdlib.mjs,
// snapshot.mjs) and the tests, so all of them start the engine the same way.
//
// Python boots from a standard library trimmed to what the engine imports (the build
// records it), or is restored from a memory snapshot of that boot. Then the engine
// wheel is put on sys.path as it is (a wheel is an importable zip) and imported:
// zipimport loads each module's bytecode, which the build compiled with this Pyodide and
// put beside its source (build_scripts/postbuild/pyodide_bundle/bytecode.mjs), so no module is compiled
// here. The snapshot holds the engine (calculators/) already imported, not its views:
// a warm start then skips creating the engine's dataclasses, and a new wording of a
// result leaves the snapshot alone. It remembers which engine it holds (its revision in
// engine.json); a restored snapshot holding another is not used (restoreEngine).
// Pure ES module, no DOM: it runs in a worker and in Node.
//
// What the engine takes from Pyodide beyond its documented API is here and nowhere else: the
// options _loadSnapshot, _makeSnapshot and _sysExecutable, and makeMemorySnapshot() (marked
// private in its pyodide.d.ts), and a lock file made of the lock's header alone (lockFileContents
// is public; that a start without packages reads nothing else of it is not).
// tests/js/pyodide-internals.test.mjs pins the Pyodide they were checked against.

export const WHEEL_FILE = "/lib/engine.whl"; // where the wheel lies in Pyodide's file system
const FULL_STDLIB_FILE = "/lib/python_stdlib_full.zip";

// Defines call_json(name, params) -> JSON text, the one function the page calls.
export const ENGINE_SETUP = `
import sys
if ${JSON.stringify(WHEEL_FILE)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(WHEEL_FILE)})
import json
from calculators.api import run

def call_json(name, params):
    return json.dumps(run(name, json.loads(params)))
`;

// Pyodide reads its lock file only for packages; the engine loads none, so the
// lock's header (the ABI it checks) is all it needs: one download fewer.
function lockFile(lockInfo) {
  return lockInfo ? { lockFileContents: { info: lockInfo, packages: {} } } : {};
}

// The program's name in a browser. Under Node, Emscripten names it after the script Node runs, by
// its absolute path, and Python keeps that name in its memory (sys.executable, the environment):
// a snapshot would then change with the folder the site is built in.
const BROWSER_PROGRAM = "./this.program";

// Start Python. `snapshot` (a promise of its bytes) restores a saved interpreter;
// without it Python boots from `stdLibURL`. `makeSnapshot`: the interpreter is started so that
// memorySnapshot() can save it, under the name it has in a browser. Other options go to
// loadPyodide as they are.
export async function startPython(loadPyodide, { indexURL, stdLibURL, lockInfo, snapshot, makeSnapshot, ...options }) {
  return loadPyodide({
    indexURL,
    ...(stdLibURL ? { stdLibURL } : {}),
    ...lockFile(lockInfo),
    ...(snapshot ? { _loadSnapshot: snapshot } : {}),
    ...(makeSnapshot ? { _makeSnapshot: true, _sysExecutable: BROWSER_PROGRAM } : {}),
    ...options,
  });
}

// The interpreter's memory, for a snapshot (the build's; started with `makeSnapshot`).
export function memorySnapshot(pyodide) {
  return pyodide.makeMemorySnapshot();
}

// Put the wheel on sys.path, import the engine; returns call_json as a JS function
// (the engine's own results, as the command line's --json gives them).
export function setUpEngine(pyodide, wheelBytes) {
  pyodide.FS.writeFile(WHEEL_FILE, wheelBytes);
  pyodide.runPython(ENGINE_SETUP);
  return pyodide.globals.get("call_json");
}

// The views (calculator_views in the same wheel) write a result's HTML and its one-line
// answer, and read a shared link's values. Imported once the engine is set up, never into
// the snapshot. Returns {render(view, values, ruleUrls), readLink(view, entries)}, JSON text
// in and out (calculators/views/page_api.py).
const VIEWS_SETUP = `
from calculators.views.page_api import render_json, read_link_json
`;

// The name under which a snapshot remembers the engine it holds.
const SNAPSHOT_ENGINE = "_snapshot_engine_revision";

// For a snapshot in the making (build_scripts/postbuild/pyodide_bundle/snapshot.mjs): the engine imported from
// `engineZip` (the wheel's calculators/ alone) as a start imports it from the wheel, and its
// `revision` kept beside it. Its importer forgets the zip's table of contents, so that the wheel
// a start writes in its place is read afresh for any module imported later.
export function importEngineForSnapshot(pyodide, engineZip, revision) {
  pyodide.FS.writeFile(WHEEL_FILE, engineZip);
  pyodide.runPython(`${ENGINE_SETUP}
sys.path_importer_cache[${JSON.stringify(WHEEL_FILE)}].invalidate_caches()
${SNAPSHOT_ENGINE} = ${JSON.stringify(revision)}
`);
}

// Restore a snapshot (`options.snapshot`, a promise of its bytes), refused with an error if it
// holds another engine than `engineRevision`: the wheel's modules would not be the ones imported.
export async function restoreEngine(loadPyodide, options, engineRevision) {
  const pyodide = await startPython(loadPyodide, options);
  const held = pyodide.runPython(`globals().get(${JSON.stringify(SNAPSHOT_ENGINE)})`) ?? null;
  if (held !== engineRevision) throw new Error(`the snapshot holds engine ${held}, not ${engineRevision}`);
  return pyodide;
}

export function setUpViews(pyodide) {
  pyodide.runPython(VIEWS_SETUP);
  return { render: pyodide.globals.get("render_json"), readLink: pyodide.globals.get("read_link_json") };
}

// What the page may ask, by request type (engine-protocol.js's REQUESTS): each answers in JSON text.
export function requestHandlers(callJson, views) {
  return {
    run: ({ name, params }) => callJson(name, JSON.stringify(params)),
    view: ({ view, values, links }) => views.render(view, JSON.stringify(values), JSON.stringify(links)),
    link: ({ view, entries }) => views.readLink(view, JSON.stringify(entries)),
  };
}

// The trimmed standard library lacks a module someone imports: add the full one
// behind it on sys.path (the late-import fallback). A new sys.path entry needs no
// importlib.invalidate_caches(), which would itself import a module the trimmed zip lacks.
export function addFullStdlib(pyodide, zipBytes) {
  pyodide.FS.writeFile(FULL_STDLIB_FILE, zipBytes);
  pyodide.runPython(`
import sys
if ${JSON.stringify(FULL_STDLIB_FILE)} not in sys.path:
    sys.path.append(${JSON.stringify(FULL_STDLIB_FILE)})
`);
}

// A memory snapshot without its pages of zeros (most of the interpreter's memory): the build
// writes it so (build_scripts/postbuild/pyodide_bundle/snapshot.mjs: packSnapshot), and a start
// puts the zeros back, which is cheaper than inflating them (the network's gzip is undone by the
// browser as the snapshot downloads, and the offline copy keeps it as it is).
// Format: "SPARSE01", then little-endian u32 total length and page size, a bitmap with one bit
// per page (1: stored), then the stored pages in order (the last one as long as it is).
export const SPARSE_MAGIC = "SPARSE01";

// The snapshot's memory from packSnapshot's bytes (bytes without its header are returned as they are).
export function unpackSnapshot(packed) {
  if (new TextDecoder().decode(packed.subarray(0, 8)) !== SPARSE_MAGIC) return packed;
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const length = view.getUint32(8, true);
  const pageSize = view.getUint32(12, true);
  const pages = Math.ceil(length / pageSize);
  const bitmap = packed.subarray(16, 16 + Math.ceil(pages / 8));
  const bytes = new Uint8Array(length);
  let offset = 16 + bitmap.length;
  for (let page = 0; page < pages; page += 1) {
    if (bitmap[page >> 3] & (1 << (page & 7))) {
      const size = Math.min(pageSize, length - page * pageSize);
      bytes.set(packed.subarray(offset, offset + size), page * pageSize);
      offset += size;
    }
  }
  if (offset !== packed.length) throw new Error("the snapshot is cut short or too long");
  return bytes;
}

export function isMissingModule(error) {
  return /ModuleNotFoundError/.test(String(error && error.message ? error.message : error));
}
