// The rules engine in a module Web Worker: Pyodide plus the calculators wheel.
// Started off the main thread because Pyodide's start freezes a page for seconds.
// Protocol: {type: "start", wheelUrl} once, then {type: "run", id, name, params};
// replies: progress / ready / failed, and {type: "result", id, result | failure}.

const RUNTIME = new URL("../../pyodide/", import.meta.url).href;
let callJson = null;

function post(message) {
  self.postMessage(message);
}

async function start(wheelUrl) {
  try {
    post({ type: "progress", stage: 1, label: "loading the Python runtime" });
    const { loadPyodide } = await import(`${RUNTIME}pyodide.mjs`);
    post({ type: "progress", stage: 2, label: "starting Python and the rules engine" });
    const pyodide = await loadPyodide({ indexURL: RUNTIME, packages: [wheelUrl] });
    post({ type: "progress", stage: 3, label: "importing the rules engine" });
    pyodide.runPython([
      "import json",
      "from calculators.api import run",
      "def call_json(name, params):",
      "    return json.dumps(run(name, json.loads(params)))",
    ].join("\n"));
    callJson = pyodide.globals.get("call_json");
    post({ type: "ready" });
  } catch (error) {
    post({ type: "failed", message: String(error && error.message ? error.message : error) });
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
    post({ type: "result", id, failure: String(error && error.message ? error.message : error) });
  }
}

// Pyodide does not always reject when a download fails (a failed wasm fetch leaves
// loadPyodide waiting), so a stray rejection means the start failed.
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  if (!callJson) post({ type: "failed", message: String(event.reason && event.reason.message ? event.reason.message : event.reason) });
});

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === "start") start(message.wheelUrl);
  else if (message.type === "run") run(message);
};
