// The rules engine in a module Web Worker: Pyodide plus the calculators wheel.
// Started off the main thread because Pyodide's start freezes a page for seconds.
// Protocol: {type: "start", wheelUrl} once, then {type: "run", id, name, params};
// replies: progress / ready {from, phases} / failed, and {type: "result", id, result | failure}.
//
// It starts from the memory snapshot the build made (an interpreter with the engine
// already imported: see build_scripts/pyodide_snapshot.mjs), which skips booting
// Python; if the snapshot is missing or does not fit this runtime, it boots Python
// and installs the wheel instead. Either way the same code defines call_json.

const RUNTIME = new URL("../../pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("../../engine/engine-snapshot.bin.gz", import.meta.url).href;
const ENGINE_SETUP = [
  "import json",
  "from calculators.api import run",
  "def call_json(name, params):",
  "    return json.dumps(run(name, json.loads(params)))",
].join("\n");
let callJson = null;

function post(message) {
  self.postMessage(message);
}

function errorText(error) {
  return String(error && error.message ? error.message : error);
}

// Gzip bytes are unpacked here; a server that already undid the gzip gives the raw snapshot.
async function fetchSnapshot() {
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

async function bootPython(loadPyodide, wheelUrl) {
  // The snapshot downloads while loadPyodide fetches and compiles the wasm.
  const snapshot = fetchSnapshot();
  snapshot.catch(() => {}); // a failed download is handled below, not a stray rejection
  try {
    return { pyodide: await loadPyodide({ indexURL: RUNTIME, _loadSnapshot: snapshot }), from: "snapshot" };
  } catch (error) {
    console.warn(`engine: starting without the snapshot (${errorText(error)})`);
  }
  return { pyodide: await loadPyodide({ indexURL: RUNTIME, packages: [wheelUrl] }), from: "wheel" };
}

async function start(wheelUrl) {
  const phases = {};
  const startedAt = performance.now();
  const lap = (name) => { phases[name] = performance.now() - startedAt; };
  try {
    post({ type: "progress", stage: 1, label: "loading the Python runtime" });
    const { loadPyodide } = await import(`${RUNTIME}pyodide.mjs`);
    lap("runtimeScript");
    post({ type: "progress", stage: 2, label: "starting Python and the rules engine" });
    const { pyodide, from } = await bootPython(loadPyodide, wheelUrl);
    lap("python");
    post({ type: "progress", stage: 3, label: "importing the rules engine" });
    pyodide.runPython(ENGINE_SETUP);
    callJson = pyodide.globals.get("call_json");
    lap("engine");
    post({ type: "ready", from, phases });
  } catch (error) {
    post({ type: "failed", message: errorText(error) });
  }
}

function run({ id, name, params }) {
  if (!callJson) {
    post({ type: "result", id, failure: "The engine is not ready." });
    return;
  }
  try {
    post({ type: "result", id, result: JSON.parse(callJson(name, JSON.stringify(params))) });
  } catch (error) {
    post({ type: "result", id, failure: errorText(error) });
  }
}

// Pyodide does not always reject when a download fails (a failed wasm fetch leaves
// loadPyodide waiting), so a stray rejection means the start failed.
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  if (!callJson) post({ type: "failed", message: errorText(event.reason) });
});

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === "start") start(message.wheelUrl);
  else if (message.type === "run") run(message);
};
