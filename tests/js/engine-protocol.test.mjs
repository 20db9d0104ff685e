// The messages between a page and the engine's worker (docs/assets/javascripts/calculators/
// engine-protocol.js): each end, as the site runs it, talks to the other end's half of the
// protocol, so a message renamed or left out on one side fails here, not only in a browser.
import assert from "node:assert/strict";
import { test } from "node:test";

import { requestHandlers } from "../../docs/assets/javascripts/calculators/engine-boot.mjs";
import {
  pageListener, REQUESTS, TO_PAGE, TO_WORKER, toPage, toWorker, workerListener,
} from "../../docs/assets/javascripts/calculators/engine-protocol.js";

const CALCULATORS = "../../docs/assets/javascripts/calculators/";
const handlersFor = (types, handle) => Object.fromEntries(types.map((type) => [type, (message) => handle(type, message)]));

test("every message each end makes is one the other end reads, and every one is made", () => {
  const made = (constructors) => Object.values(constructors).map((make) => make(1, {}).type);
  assert.deepEqual([...new Set(made(toWorker))].sort(), [...TO_WORKER].sort());
  assert.deepEqual([...new Set(made(toPage))].sort(), [...TO_PAGE].sort());
});

test("a message reaches the handler of its type, its fields intact", () => {
  const heard = [];
  const listen = workerListener(handlersFor(TO_WORKER, (type, message) => heard.push([type, message])));
  listen({ data: structuredClone(toWorker.run(7, { name: "strike", params: { prowess: 5 } })) });
  assert.deepEqual(heard, [["run", { type: "run", id: 7, name: "strike", params: { prowess: 5 } }]]);
});

test("a listener wants one handler for each message of its direction, no more and no fewer", () => {
  const all = handlersFor(TO_PAGE, () => {});
  const { ready, ...withoutReady } = all;
  assert.equal(typeof ready, "function");
  assert.throws(() => pageListener(withoutReady), /no handler for \[ready\]/);
  assert.throws(() => pageListener({ ...all, done: () => {} }), /no such message: \[done\]/);
  assert.throws(() => workerListener(all), /page to worker/);
});

test("a message of a type the protocol does not have is refused", () => {
  const listen = pageListener(handlersFor(TO_PAGE, () => {}));
  assert.throws(() => listen({ data: { type: "finished" } }), /no message "finished"/);
});

test("the engine answers each request the page can send, and no other", () => {
  const views = { render: () => "{}", readLink: () => "{}" };
  assert.deepEqual(Object.keys(requestHandlers(() => "{}", views)).sort(), [...REQUESTS].sort());
  assert.ok(REQUESTS.every((type) => TO_WORKER.includes(type)));
});

// The page's end (worker-client.js) against a worker that speaks the protocol's worker half. Its
// backstop timers wait here until a test runs them.
const timers = [];
globalThis.setTimeout = (run, ms) => timers.push({ run, ms });
// Online, with no service worker: no offline copy to drop when a start fails.
Object.defineProperty(globalThis, "navigator", { value: { onLine: true }, configurable: true });

function scriptedWorker(answer) {
  const received = [];
  class FakeWorker {
    constructor() {
      const listen = workerListener(handlersFor(TO_WORKER, (type, message) => {
        received.push(message);
        for (const reply of answer(type, message)) queueMicrotask(() => this.onmessage({ data: structuredClone(reply) }));
      }));
      this.postMessage = (message) => listen({ data: structuredClone(message) });
    }
  }
  return { FakeWorker, received };
}

test("the page's end starts the engine, follows its progress and gets each request answered", async () => {
  const { FakeWorker, received } = scriptedWorker((type, message) => {
    if (type === "start") return [toPage.progress(10, 20), toPage.ready({ from: "trimmed", phases: {}, stdlib: "trimmed", wheel: "network" })];
    if (type === "run") return [toPage.result(message.id, { chance: "1/2" })];
    if (type === "view") return [toPage.resultFailed(message.id, "no such view")];
    if (type === "link") return [toPage.result(message.id, { values: {} })];
    return [];
  });
  globalThis.Worker = FakeWorker;
  globalThis.document = { querySelector: () => null };   // no wasm preload: the worker fetches the wheel
  const { engine, engineTimings } = await import(`${CALCULATORS}worker-client.js?page-end`);
  const shared = engine();
  const seen = [];
  shared.subscribe((status) => seen.push(status.label));
  assert.equal(await shared.ready, true);
  assert.deepEqual(seen, ["starting", "downloading", "ready"]);
  assert.deepEqual(await shared.run("strike", { prowess: 5 }), { chance: "1/2" });
  await assert.rejects(shared.render("strike", {}, {}), /no such view/);
  assert.deepEqual(await shared.readLink("strike", [["strike.prowess", "5"]]), { values: {} });
  assert.deepEqual(received.map((message) => message.type), ["start", "run", "view", "link"]);
  assert.equal(received[0].wheelFromPage, false);
  assert.equal(engineTimings().startedFrom, "trimmed");
});

test("the page's end shows a start that never ends as failed", async () => {
  const { FakeWorker, received } = scriptedWorker(() => []);
  globalThis.Worker = FakeWorker;
  const { engine } = await import(`${CALCULATORS}worker-client.js?never-ready`);
  const shared = engine();
  assert.equal(received.length, 1);
  for (const timer of timers.filter(({ ms }) => ms <= 90_000)) timer.run();
  assert.equal(await shared.ready, false);
  assert.equal(shared.status.label, "the engine took too long to load; check the connection and reload the page");
});

test("the page's end says when the worker's start failed", async () => {
  const { FakeWorker } = scriptedWorker((type) => (type === "start" ? [toPage.failed("no network")] : []));
  globalThis.Worker = FakeWorker;
  const { engine } = await import(`${CALCULATORS}worker-client.js?start-failed`);
  assert.equal(await engine().ready, false);
  assert.equal(engine().status.label, "no network");
  await assert.rejects(engine().run("strike", {}), /no network/);
});

test("the page's end keeps a failed start's reason while the start's other files still arrive", async () => {
  const failure = "assets/pyodide/pyodide.asm.wasm could not be downloaded (HTTP 500); reload the page to try again";
  const { FakeWorker } = scriptedWorker((type) => (type === "start" ? [toPage.failed(failure)] : []));
  let worker;
  globalThis.Worker = class extends FakeWorker { constructor() { super(); worker = this; } };
  const { engine } = await import(`${CALCULATORS}worker-client.js?progress-after-failure`);
  assert.equal(await engine().ready, false);
  worker.onmessage({ data: structuredClone(toPage.progress(10, 20)) });
  assert.equal(engine().status.state, "error");
  assert.equal(engine().status.label, failure);
});

test("started while the head is read, the page's end hands the wheel over once the wasm's preload, parsed later, has come", async () => {
  const { FakeWorker, received } = scriptedWorker(() => []);
  globalThis.Worker = FakeWorker;
  const parsed = new EventTarget();
  const preload = { relList: { supports: (kind) => kind === "preload" }, href: "/assets/pyodide/pyodide.asm.wasm",
    addEventListener: (type, come) => type === "load" && queueMicrotask(come) };
  let inHead = false;
  globalThis.document = { readyState: "loading", querySelector: () => (inHead ? preload : null),
    addEventListener: (type, listener, options) => parsed.addEventListener(type, listener, options) };
  const asked = [];
  globalThis.fetch = async (url) => {
    asked.push(String(url));
    return String(url).endsWith("engine.json")
      ? { ok: true, json: async () => ({ wheel: "assets/engine/engine.whl" }) }
      : { ok: true, arrayBuffer: async () => new Uint8Array([1, 2, 3]).buffer, headers: { get: () => "gzip" } };
  };
  const { engine } = await import(`${CALCULATORS}worker-client.js?head-being-read`);
  engine();
  assert.equal(received[0].wheelFromPage, true, "the page says it will send the wheel");
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(asked, [], "nothing is asked for before the head is read");
  inHead = true;
  globalThis.document.readyState = "interactive";
  parsed.dispatchEvent(new Event("DOMContentLoaded"));
  while (received.length < 2) await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(asked.map((url) => url.split("/").pop()), ["engine.json", "engine.whl"]);
  assert.equal(received[1].type, "wheel");
  assert.deepEqual([...new Uint8Array(received[1].bytes)], [1, 2, 3]);
});

// The worker's end (engine-worker.js) in a worker scope of its own, against the protocol's page half.
test("the worker's end answers a request before its start, and says when its start fails", async () => {
  const heard = [];
  let heardAll;
  const allHeard = new Promise((resolve) => { heardAll = resolve; });
  const page = pageListener(handlersFor(TO_PAGE, (type, message) => {
    heard.push(message);
    if (type === "failed") heardAll();
  }));
  const scope = new EventTarget();
  scope.postMessage = (message) => page({ data: structuredClone(message) });
  globalThis.self = scope;
  globalThis.fetch = async () => { throw new TypeError("offline"); };
  await import(`${CALCULATORS}engine-worker.js`);
  const send = (message) => scope.dispatchEvent(new MessageEvent("message", { data: structuredClone(message) }));

  send(toWorker.run(1, { name: "strike", params: {} }));
  send(toWorker.wheelFailed("the page was offline"));
  send(toWorker.start(false));
  await allHeard;
  assert.deepEqual(heard[0], toPage.resultFailed(1, "The engine is not ready."));
  assert.equal(
    heard.find((message) => message.type === "failed").message,
    "assets/engine/engine.json could not be downloaded (offline); reload the page to try again",
  );
});
