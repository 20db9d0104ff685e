// The messages between a page and the service worker about the calculators' engine
// (docs/assets/javascripts/offline/service-worker-protocol.js): the page's requests go over a
// real MessageChannel, as workbox-window's messageSW sends them, to the service worker's engine
// half (build_scripts/postbuild/offline/service_worker_engine.js, bundled with Workbox as the
// build bundles it), so a request renamed on one side fails here, not only in a browser.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

import { nodeResolve } from "@rollup/plugin-node-resolve";
import replace from "@rollup/plugin-replace";
import { rollup } from "rollup";

import {
  answerPages, ask, progress, progressOf, statusOf,
} from "../../docs/assets/javascripts/offline/service-worker-protocol.js";
import { ownSources } from "../../build_scripts/postbuild/offline/service_worker.mjs";

const ENGINE_HALF = fileURLToPath(new URL("../../build_scripts/postbuild/offline/service_worker_engine.js", import.meta.url));
const PROTOCOL = fileURLToPath(new URL("../../docs/assets/javascripts/offline/service-worker-protocol.js", import.meta.url));

// A page's request as messageSW sends it (a MessageChannel whose second port goes with it),
// delivered to `listener` as the service worker's "message" event; resolves with the reply.
function send(listener, message, source = null) {
  const channel = new MessageChannel();
  const reply = new Promise((resolve) => {
    channel.port1.onmessage = (event) => {
      channel.port1.close();
      resolve(event.data);
    };
  });
  const event = { data: structuredClone(message), ports: [channel.port2], source, waitUntil: (work) => work };
  listener(event);
  return reply;
}

const STATUS = { kept: true, snapshot: false, outdated: false, startsOffline: true, bytes: 1, transfer: 2, total: 3 };

test("each request reaches its handler, and its status comes back to the page", async () => {
  const heard = [];
  const listener = answerPages({
    status: (message) => { heard.push(message); return STATUS; },
    keep: async (message) => { heard.push(message); return STATUS; },
    forget: (message) => { heard.push(message); return STATUS; },
  });
  for (const request of [ask.status(), ask.keep({ snapshot: true, onlyIfCached: false }), ask.forget()]) {
    assert.deepEqual(statusOf(await send(listener, request)), { ...STATUS, type: "status" });
  }
  assert.deepEqual(heard, [ask.status(), ask.keep({ snapshot: true, onlyIfCached: false }), ask.forget()]);
});

test("a request the service worker could not do is an error on the page, with its reason", async () => {
  const listener = answerPages({ status: () => { throw new Error("storage refused"); }, keep: () => STATUS, forget: () => STATUS });
  assert.throws(() => statusOf(undefined), /not the engine's status/);
  const reply = await send(listener, ask.status());
  assert.throws(() => statusOf(reply), /^Error: storage refused$/);
});

test("the service worker wants one handler for each request, no more and no fewer", () => {
  assert.throws(() => answerPages({ status: () => STATUS, keep: () => STATUS }), /no handler for \[forget\]/);
  assert.throws(() => answerPages({ status() {}, keep() {}, forget() {}, clear() {} }), /no such request: \[clear\]/);
});

test("a message that is not about the engine is left to others", () => {
  const listener = answerPages({ status: () => STATUS, keep: () => STATUS, forget: () => STATUS });
  let waited = false;
  listener({ data: { type: "SKIP_WAITING" }, ports: [new MessageChannel().port2], waitUntil: () => { waited = true; } });
  assert.equal(waited, false);
});

test("a keep's progress is read as such, and nothing else is", () => {
  assert.deepEqual(progressOf(structuredClone(progress(5, 9))), { loaded: 5, total: 9 });
  for (const other of [null, {}, { type: "status", loaded: 1 }]) assert.equal(progressOf(other), null);
});

test("the service worker's bundle is made again when the messages change", () => {
  assert.ok(ownSources().has(PROTOCOL));
  assert.ok(ownSources().has(ENGINE_HALF));
});

// --- the service worker's own engine half ------------------------------------------------------

// Each engine file's bytes, and engine.json's entry for it (its size and SHA-256, as the build writes them).
const CONTENT = {
  "assets/pyodide/pyodide.asm.wasm": "0123456789",
  "assets/engine/engine-snapshot.bin": "abcdefghijklmnopqrst",
};
const sha256 = (text) => createHash("sha256").update(text).digest("hex");
const entry = (url, revision, transfer) => ({
  url, revision, bytes: CONTENT[url].length, sha256: sha256(CONTENT[url]), transfer,
});
const MANIFEST = {
  offlineCache: "mele-engine-test",
  boot: [entry("assets/pyodide/pyodide.asm.wasm", "r1", 4)],
  later: [entry("assets/engine/engine-snapshot.bin", "r2", 8)],
};
const cut = new Map(); // address -> how many more of its downloads arrive cut short

// Cache Storage, in memory: what Workbox and the engine half use of it.
function memoryCaches() {
  const stores = new Map();
  const store = (name) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const entries = stores.get(name);
    const key = (request) => (typeof request === "string" ? request : request.url);
    return {
      match: async (request) => entries.get(key(request))?.clone(),
      put: async (request, response) => { entries.set(key(request), response); },
      delete: async (request) => entries.delete(key(request)),
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
    };
  };
  return {
    open: async (name) => store(name),
    has: async (name) => stores.has(name),
    delete: async (name) => stores.delete(name),
    keys: async () => [...stores.keys()],
  };
}

// A fetched file's response: it and its clones carry its address, as the browser's do.
function fetchedResponse(url, body) {
  const response = new Response(body, { status: 200 });
  Object.defineProperty(response, "url", { value: url });
  response.clone = () => fetchedResponse(url, body);
  return response;
}

let work;
let listener;
const fetched = [];

before(async () => {
  work = mkdtempSync(join(tmpdir(), "sw-engine-"));
  const bundle = await rollup({
    input: ENGINE_HALF,
    plugins: [nodeResolve({ browser: true }), replace({ preventAssignment: true, values: { "process.env.NODE_ENV": '"production"' } })],
  });
  const { output } = await bundle.generate({ format: "es" });
  await bundle.close();
  writeFileSync(join(work, "engine-half.mjs"), output[0].code);

  const scope = new EventTarget();
  scope.registration = { scope: "https://site.test/" };
  scope.addEventListener = ((add) => function (type, handle, options) {
    if (type === "message") listener = handle;
    return add.call(this, type, handle, options);
  })(scope.addEventListener);
  globalThis.self = scope;
  globalThis.location = new URL("https://site.test/");
  scope.location = globalThis.location;
  globalThis.caches = memoryCaches();
  scope.caches = globalThis.caches;
  globalThis.FetchEvent = class FetchEvent extends Event {};
  globalThis.fetch = async (request) => {
    const path = new URL(request.url).pathname;
    fetched.push(path);
    const body = CONTENT[path.slice(1)];
    const cutShort = (cut.get(path) || 0) > 0;
    if (cutShort) cut.set(path, cut.get(path) - 1);
    return fetchedResponse(request.url, cutShort ? body.slice(0, body.length / 2) : body);
  };
  const { keepTheEngineOnRequest } = await import(pathToFileURL(join(work, "engine-half.mjs")).href);
  keepTheEngineOnRequest(MANIFEST);
});

after(() => rmSync(work, { recursive: true, force: true }));

test("the service worker answers the page's status request: nothing kept yet", async () => {
  const status = statusOf(await send(listener, ask.status()));
  assert.deepEqual({ ...status }, {
    type: "status", kept: false, snapshot: false, outdated: false, startsOffline: false, bytes: 0, transfer: 12, total: 30,
  });
});

test("the service worker keeps the engine when the page asks, reporting its progress, and forgets it", async () => {
  const progressed = [];
  const page = { postMessage: (data) => progressed.push(progressOf(structuredClone(data))) };
  const kept = statusOf(await send(listener, ask.keep({ snapshot: true, onlyIfCached: false }), page));
  assert.deepEqual([kept.kept, kept.snapshot, kept.startsOffline, kept.bytes], [true, true, true, 30]);
  assert.deepEqual(fetched, ["/assets/pyodide/pyodide.asm.wasm", "/assets/engine/engine-snapshot.bin"]);
  assert.deepEqual(progressed, [{ loaded: 4, total: 12 }, { loaded: 12, total: 12 }]);
  const forgotten = statusOf(await send(listener, ask.forget()));
  assert.deepEqual([forgotten.kept, forgotten.startsOffline, forgotten.bytes], [false, false, 0]);
});

test("a file that arrives cut short is not kept: it is fetched again, and kept once it is whole", async () => {
  fetched.length = 0;
  cut.set("/assets/pyodide/pyodide.asm.wasm", 1);
  const kept = statusOf(await send(listener, ask.keep({ snapshot: false, onlyIfCached: false })));
  assert.deepEqual(fetched, ["/assets/pyodide/pyodide.asm.wasm", "/assets/pyodide/pyodide.asm.wasm"]);
  assert.equal(kept.kept, true);
  const stored = await (await caches.open(MANIFEST.offlineCache)).match("https://site.test/assets/pyodide/pyodide.asm.wasm");
  assert.equal(await stored.text(), CONTENT["assets/pyodide/pyodide.asm.wasm"]);
  statusOf(await send(listener, ask.forget()));
});

test("a file that arrives cut short twice is not kept, and the page is told which and why", async () => {
  fetched.length = 0;
  cut.set("/assets/pyodide/pyodide.asm.wasm", 2);
  const reply = await send(listener, ask.keep({ snapshot: false, onlyIfCached: false }));
  assert.throws(() => statusOf(reply), {
    message: "assets/pyodide/pyodide.asm.wasm arrived with 5 of its 10 bytes, so it was not kept",
  });
  const status = statusOf(await send(listener, ask.status()));
  assert.deepEqual([status.kept, status.startsOffline, status.bytes], [false, false, 0]);
});

test("under Save-Data a file cut short is not fetched again, and not kept", async () => {
  fetched.length = 0;
  cut.set("/assets/pyodide/pyodide.asm.wasm", 1);
  const status = statusOf(await send(listener, ask.keep({ snapshot: false, onlyIfCached: true })));
  assert.deepEqual(fetched, ["/assets/pyodide/pyodide.asm.wasm"]);
  assert.deepEqual([status.kept, status.bytes], [false, 0]);
});
