// One engine per visit: a module-level singleton, so it survives Material's
// instant navigation (the page's modules are not evaluated again).
// engine() starts the worker on first use; later calls return the same one. A calculator
// page's head starts it (engine-start.js) before the page's other scripts have run. The
// worker finds its files in assets/engine/engine.json.
//
// status: {state: "loading" | "ready" | "error", label, loaded, total}: loaded and total
// count the bytes of the engine's download (what crosses the network, gzip included).
//
// engine-settled.js says to the rest of the page whether the engine has settled. The messages
// to and from the worker are engine-protocol.js's.
import { oneLine } from "./engine-failure.js";
import { pageListener, toWorker } from "./engine-protocol.js";
import { engineStarting } from "./engine-settled.js";

const START_TIMEOUT_MS = 90_000; // a backstop: a start that never ends is shown as an error
let instance = null;
// The engine's start on this document and the answers shown since, for the tests and the
// benchmark alone (test-hooks.js); `starts` stays at most 1.
const timings = { starts: 0 };

export function engineTimings() {
  return timings.starts ? timings : null;
}

// A calculator showed the engine's answer to an input, `ms` after the input.
export function answerShown(ms) {
  timings.updates = (timings.updates || 0) + 1;
  timings.lastUpdateMs = ms;
}

export function engine() {
  if (!instance) instance = startEngine();
  return instance;
}

// "2.1 of 4.3 MB" while the engine downloads, then what it is doing.
export function loadingText(status) {
  if (!status.total || status.loaded >= status.total) return status.label;
  const digits = status.total < 10e6 ? 1 : 0;
  return `${(status.loaded / 1e6).toFixed(digits)} of ${(status.total / 1e6).toFixed(digits)} MB`;
}

// On a calculator page's first load the head preloads the engine's files
// (overrides/partials/engine-files.html). The page then fetches the wheel for the worker
// as the wasm's preload ends: the worker's own request would go out only once Python's boot,
// which holds the worker's thread from the wasm's last byte, was over (half the first visits
// on Fast 4G, 0.3 s later). Returns whether the page will send it.
const WASM_PRELOAD = 'link[rel="preload"][href$="/pyodide.asm.wasm"]';
const MANIFEST = new URL("../../engine/engine.json", import.meta.url); // this file is assets/javascripts/calculators/

function sendWheelWhenWasmIsIn(worker) {
  // engine-start.js runs while the head is read, above the preloads (engine-start.html stands
  // above engine-files.html): they are in the page once it is parsed. Started later (a
  // calculator reached by instant navigation), the page's head is the one it was first loaded
  // with, with or without them.
  const parsing = document.readyState === "loading";
  const wasm = document.querySelector(WASM_PRELOAD);
  if (!parsing && !(wasm && wasm.relList.supports("preload"))) return false; // no preload: no event to wait for
  (async () => {
    try {
      if (parsing) await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
      const preload = document.querySelector(WASM_PRELOAD);
      if (preload && preload.relList.supports("preload")) await preloadEnded(preload);
      const listed = await fetch(MANIFEST);
      if (!listed.ok) throw new Error(`assets/engine/engine.json: HTTP ${listed.status}`);
      const manifest = await listed.json();
      const response = await fetch(new URL(`../../../${manifest.wheel}`, import.meta.url), { credentials: "same-origin" });
      if (!response.ok) throw new Error(`${manifest.wheel}: HTTP ${response.status}`);
      const bytes = await response.arrayBuffer();
      worker.postMessage(toWorker.wheel(bytes, response.headers.get("Content-Encoding")), [bytes]);
    } catch (error) {
      worker.postMessage(toWorker.wheelFailed(String(error && error.message ? error.message : error)));
    }
  })();
  return true;
}

// Resolves once a preload has ended, loaded or not (a failed wasm is the worker's to report).
function preloadEnded(link) {
  return new Promise((resolve) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
    if (performance.getEntriesByName(link.href, "resource").some((entry) => entry.responseEnd > 0)) resolve();
  });
}

function startEngine() {
  let worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
  const pending = new Map();
  const listeners = new Set();
  const startedAt = performance.now();
  let nextId = 1;
  let status = { state: "loading", label: "starting", loaded: 0, total: 0 };
  let markReady;
  const ready = new Promise((resolve) => { markReady = resolve; });

  engineStarting(ready);
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

  // A start that failed while this device keeps the engine offline may have failed on the kept
  // copy (a file stored cut short): online, the copy is dropped, the page is told why in one
  // sentence (offline/engine-copy.js), and the engine starts once more, from the network.
  let retried = false;
  async function startFailed(message) {
    if (retried || status.state === "error") return;
    retried = true;
    if (!(await droppedKeptCopy())) {
      fail(message);
      return;
    }
    document.dispatchEvent(new CustomEvent("mele:engine-copy-dropped", { detail: { reason: message } }));
    worker.terminate();
    timings.restartedAfter = message;
    setStatus({ label: "restarting", loaded: 0, total: 0 });
    worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
    listen();
    worker.postMessage(toWorker.start(false));
  }

  // Whether this device kept a copy of the engine, now dropped. Offline, a kept copy is all there is.
  async function droppedKeptCopy() {
    if (!navigator.onLine || !navigator.serviceWorker || !navigator.serviceWorker.controller) return false;
    try {
      const { dropKeptEngine } = await import("./engine-kept.js");
      return await dropKeptEngine();
    } catch {
      return false;
    }
  }

  const listener = pageListener({
    progress(message) {
      if (status.state !== "loading") return; // the other files of a start that failed still arrive
      timings.downloadTotal = message.total;
      const label = message.loaded < message.total ? "downloading" : "starting Python";
      setStatus({ loaded: message.loaded, total: message.total, label });
    },
    ready(message) {
      timings.readyAt = performance.now();
      timings.readyMs = timings.readyAt - startedAt;
      timings.startedFrom = message.from; // "snapshot" (a later visit), "trimmed" (a first one) or "full"
      timings.stdlib = message.stdlib; // "trimmed", or "full" once a missing module brought it in
      timings.phases = message.phases; // ms from the worker's start: runtimeScript, python, engine, views
      timings.wheelFrom = message.wheel; // "page" (sendWheelWhenWasmIsIn), "kept" (the offline copy) or "network" (the worker's own request)
      setStatus({ state: "ready", label: "ready", loaded: status.total });
      markReady(true);
    },
    failed(message) {
      startFailed(message.message);
    },
    result(message) {
      const request = pending.get(message.id);
      if (!request) return;
      pending.delete(message.id);
      if (message.failure) request.reject(new Error(message.failure));
      else request.resolve(message.result);
    },
  });
  function listen() {
    worker.onmessage = listener;
    worker.onerror = (event) => {
      event.preventDefault();
      fail(oneLine(`the engine's script could not run (${event.message || "it did not load"}); reload the page to try again`));
    };
  }
  listen();
  worker.postMessage(toWorker.start(sendWheelWhenWasmIsIn(worker)));
  setTimeout(() => {
    if (status.state === "loading") fail("the engine took too long to load; check the connection and reload the page");
  }, START_TIMEOUT_MS);

  return {
    ready, // resolves true when ready, false if it failed; never rejects
    get status() { return status; },
    subscribe(listener) {
      listeners.add(listener);
      listener(status);
      return () => listeners.delete(listener);
    },
    run(name, params) { return request(toWorker.run, { name, params }); },
    // The views' answer for a view's form values: {params, html, summary} or {params, error, summary}.
    render(view, values, links) { return request(toWorker.view, { view, values, links }); },
    // A shared link's values for a view, checked: {values, messages, present}.
    readLink(view, entries) { return request(toWorker.link, { view, entries }); },
  };

  function request(message, fields) {
    if (status.state === "error") return Promise.reject(new Error(status.label));
    return new Promise((resolve, reject) => {
      const id = nextId;
      nextId += 1;
      pending.set(id, { resolve, reject });
      worker.postMessage(message(id, fields));
    });
  }
}
