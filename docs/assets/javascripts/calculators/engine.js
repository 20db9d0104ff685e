// One engine per visit: a module-level singleton, so it survives Material's
// instant navigation (the page's modules are not evaluated again).
// engine(wheelUrl) starts the worker on first use; later calls return the same one.
//
// window.engineSettled (a Promise of true when ready, false when the start failed) is the
// page's signal that the engine has settled: offline.js waits for it before saving the site
// for offline use, so the runtime is not downloaded twice. window.__calculators holds timings
// for the benchmark and the tests only.

const STAGES = 3;
const START_TIMEOUT_MS = 90_000; // a backstop: a start that never ends is shown as an error
let instance = null;

export function engine(wheelUrl) {
  if (!instance) instance = startEngine(wheelUrl);
  return instance;
}

function startEngine(wheelUrl) {
  const worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
  const pending = new Map();
  const listeners = new Set();
  const startedAt = performance.now();
  let nextId = 1;
  let status = { state: "loading", stage: 0, stages: STAGES, label: "starting" };
  let markReady;
  const ready = new Promise((resolve) => { markReady = resolve; });

  window.engineSettled = ready;
  const timings = (window.__calculators = window.__calculators || { starts: 0 });
  timings.starts += 1;
  timings.startedAt = startedAt;

  function setStatus(next) {
    status = { ...status, ...next };
    for (const listener of listeners) listener(status);
  }

  function fail(message) {
    if (status.state === "error") return;
    setStatus({ state: "error", label: message });
    for (const { reject } of pending.values()) reject(new Error(message));
    pending.clear();
    markReady(false);
  }

  worker.onmessage = (event) => {
    const message = event.data;
    if (message.type === "progress") {
      setStatus({ stage: message.stage, label: message.label });
    } else if (message.type === "ready") {
      timings.readyAt = performance.now();
      timings.readyMs = timings.readyAt - startedAt;
      timings.startedFrom = message.from; // "snapshot", or "wheel" when the snapshot could not be used
      timings.phases = message.phases; // ms from the worker's start: runtimeScript, python, engine
      setStatus({ state: "ready", stage: STAGES, label: "ready" });
      markReady(true);
    } else if (message.type === "failed") {
      fail(message.message);
    } else if (message.type === "result") {
      const request = pending.get(message.id);
      if (!request) return;
      pending.delete(message.id);
      if (message.failure) request.reject(new Error(message.failure));
      else request.resolve(message.result);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    fail(`the engine could not start (${event.message || "its script failed to load"})`);
  };
  worker.postMessage({ type: "start", wheelUrl });
  setTimeout(() => {
    if (status.state === "loading") fail("the engine took too long to load");
  }, START_TIMEOUT_MS);

  return {
    ready, // resolves true when ready, false if it failed; never rejects
    get status() { return status; },
    subscribe(listener) {
      listeners.add(listener);
      listener(status);
      return () => listeners.delete(listener);
    },
    run(name, params) {
      if (status.state === "error") return Promise.reject(new Error(status.label));
      return new Promise((resolve, reject) => {
        const id = nextId;
        nextId += 1;
        pending.set(id, { resolve, reject });
        worker.postMessage({ type: "run", id, name, params });
      });
    },
  };
}
