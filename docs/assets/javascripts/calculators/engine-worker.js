// The rules engine in a module Web Worker: Pyodide plus the calculators wheel.
// Started off the main thread because Pyodide's start freezes a page for seconds.
// The page sends `start` once (and the wheel, if it said it would; see worker-client.js), then
// requests; the messages both ways are engine-protocol.js's.
//
// The engine's files are listed in assets/engine/engine.json (build_scripts/postbuild/pyodide_bundle/manifest.py).
// A first visit boots Python from the trimmed standard library; once the reader keeps the
// calculators offline, the memory snapshot is in the offline copy and later starts restore
// it instead, engine included (see engine-boot.mjs). If the snapshot does not fit, or holds
// another engine than the wheel's (an offline copy part-way through a deploy's update),
// Python boots the ordinary way; if the trimmed library lacks a module, the full one is added behind it.
import {
  addFullStdlib, isMissingModule, requestHandlers, restoreEngine, setUpEngine, setUpViews, startPython, unpackSnapshot,
} from "./engine-boot.mjs";
import { FileFailure, requestFailure, startFailure } from "./engine-failure.js";
import { toPage, workerListener } from "./engine-protocol.js";
import { fileProblem, sizeProblem } from "../offline/engine-file-check.js";

const SITE = new URL("../../../", import.meta.url); // this file is assets/javascripts/calculators/
const PROGRESS_EVERY_MS = 100;
let requests = null; // the engine's and the views' answers, once both are set up
let pyodide = null;
let manifest = null;
let fullStdlibAdded = false;
let handOverWheel; // resolves handedWheel: {bytes, encoding} from the page, or null if it could not fetch them
const handedWheel = new Promise((resolve) => { handOverWheel = resolve; });

function post(message) {
  self.postMessage(message);
}

function errorText(error) {
  return String(error && error.message ? error.message : error);
}

const siteUrl = (path) => new URL(path, SITE).href;

// Download progress, in bytes as they cross the network: each file's bytes read so far,
// scaled by its compression ratio (the manifest has its size as it is, gzipped and, if the
// site has a Brotli copy, in Brotli; a file sent in Brotli counts as such from its answer on).
function progressMeter(files) {
  const read = new Map();
  const sent = new Map(files.map((file) => [file.url, file.transfer]));
  let lastPost = 0;
  const total = () => [...sent.values()].reduce((sum, size) => sum + size, 0);
  const report = (force) => {
    const now = performance.now();
    if (!force && now - lastPost < PROGRESS_EVERY_MS) return;
    lastPost = now;
    let loaded = 0;
    for (const file of files) loaded += Math.min(read.get(file.url) || 0, file.bytes) * (sent.get(file.url) / file.bytes);
    post(toPage.progress(Math.round(loaded), total()));
  };
  return {
    get total() { return total(); },
    encoding(file, contentEncoding) { if (contentEncoding === "br" && file.brotli) sent.set(file.url, file.brotli); },
    add(file, count) { read.set(file.url, (read.get(file.url) || 0) + count); report(false); },
    done(file) { read.set(file.url, file.bytes); report(true); },
  };
}

// Fetch a file, counting its bytes; the bytes themselves only if `keep`. Pyodide fetches
// the runtime files itself; the browser's HTTP cache joins its request to this one, so this
// starts every download at once and measures it, without a second download.
// A file that does not come whole (a failed answer, a body cut short, other bytes than
// engine.json lists) is a FileFailure that names it.
async function download(file, meter, keep) {
  const response = await fetched(file.url);
  meter.encoding(file, response.headers.get("Content-Encoding"));
  const reader = response.body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch((error) => {
      throw new FileFailure(file, `${file.url} stopped arriving (${error.message})`, { cause: error });
    });
    if (done) break;
    if (keep) chunks.push(value);
    size += value.length;
    meter.add(file, value.length);
  }
  const cut = sizeProblem(file, size);
  if (cut) throw new FileFailure(file, cut);
  meter.done(file);
  if (!keep) return null;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) { bytes.set(chunk, offset); offset += chunk.length; }
  return checked(file, bytes);
}

// The response for one of the engine's files (its address in the site), or a FileFailure.
async function fetched(path) {
  let response;
  try {
    response = await fetch(siteUrl(path), { credentials: "same-origin" });
  } catch (error) {
    throw new FileFailure({ url: path }, `${path} could not be downloaded (${error.message})`, { cause: error });
  }
  if (!response.ok) throw new FileFailure({ url: path }, `${path} could not be downloaded (HTTP ${response.status})`);
  return response;
}

// `bytes`, once they are the file engine.json lists.
async function checked(file, bytes) {
  const problem = await fileProblem(file, bytes);
  if (problem) throw new FileFailure(file, problem);
  return bytes;
}

// Rejects with the first of `downloads` to fail: a start that waits for Python's boot would
// hear of a failed download only when the boot gives up (a failed wasm left it waiting 90 s).
function firstFailure(downloads) {
  const failure = new Promise((_, reject) => { for (const pending of downloads) pending.catch(reject); });
  failure.catch(() => {});
  return failure;
}

// The responses of the engine's files this device keeps in its offline copy, by address.
// The snapshot is used only once it is there: a first visit never downloads it.
async function keptFiles() {
  const kept = new Map();
  if (!self.caches || !manifest.offlineCache) return kept;
  try {
    const cache = await caches.open(manifest.offlineCache);
    const files = [...manifest.boot, ...manifest.later];
    const responses = await Promise.all(files.map((file) => cache.match(siteUrl(file.url))));
    files.forEach((file, i) => { if (responses[i]) kept.set(file.url, responses[i]); });
  } catch {
    kept.clear(); // storage refused (private mode): boot the ordinary way
  }
  return kept;
}

// A file of the offline copy, its bytes only if `keep`, checked as a download is: a file kept cut
// short (or, for the bytes kept here, of another deploy) ends the start at once, naming it. The
// ones Pyodide reads itself (through the service worker) are checked by their size there, without
// reading them a second time.
async function fromOfflineCopy(file, response, meter, keep) {
  if (keep) {
    const bytes = await checked(file, new Uint8Array(await response.arrayBuffer()));
    meter.done(file);
    return bytes;
  }
  const cut = sizeProblem(file, (await response.blob()).size);
  if (cut) throw new FileFailure(file, cut);
  meter.done(file);
  return null;
}

// A file a start waits for, from the offline copy where it is `kept`; the snapshot's bytes are kept.
function bootFile(file, meter, kept) {
  const keep = file.url === manifest.snapshot;
  return kept.has(file.url) ? fromOfflineCopy(file, kept.get(file.url), meter, keep) : download(file, meter, keep);
}

async function fetchFullStdlib() {
  const response = await fetched(manifest.fullStdlib);
  return new Uint8Array(await response.arrayBuffer());
}

async function bootPython(loadPyodide, snapshot) {
  const options = { indexURL: siteUrl(manifest.runtime), stdLibURL: siteUrl(manifest.stdlib), lockInfo: manifest.lockInfo };
  if (snapshot) {
    try {
      const restored = await restoreEngine(loadPyodide, { ...options, snapshot }, manifest.engineRevision);
      return { pyodide: restored, from: "snapshot" };
    } catch (error) {
      console.warn(`engine: starting without the snapshot (${errorText(error)})`);
    }
  }
  try {
    return { pyodide: await startPython(loadPyodide, options), from: "trimmed" };
  } catch (error) {
    console.warn(`engine: starting with the full standard library (${errorText(error)})`);
  }
  return { pyodide: await startPython(loadPyodide, { ...options, stdLibURL: siteUrl(manifest.fullStdlib) }), from: "full" };
}

// The wheel: handed over by the page if it said it would (and could fetch it), else
// read here (from the offline copy where it is `kept`) once the files the boot waits for are in.
async function wheelFor(wheelFile, meter, bootFilesIn, pageSendsWheel, kept) {
  const handed = pageSendsWheel ? await handedWheel : null;
  const problem = handed && await fileProblem(wheelFile, handed.bytes);
  if (problem) console.warn(`engine: the wheel the page fetched is not whole (${problem}); fetching it here`);
  if (handed && !problem) {
    meter.encoding(wheelFile, handed.encoding);
    meter.done(wheelFile);
    return { bytes: handed.bytes, from: "page" };
  }
  await bootFilesIn;
  if (kept.has(wheelFile.url)) {
    return { bytes: await fromOfflineCopy(wheelFile, kept.get(wheelFile.url), meter, true), from: "kept" };
  }
  return { bytes: await download(wheelFile, meter, true), from: "network" };
}

async function start(pageSendsWheel) {
  const phases = {};
  const startedAt = performance.now();
  const lap = (name) => { phases[name] = performance.now() - startedAt; };
  try {
    const runtimeScript = import(siteUrl("assets/pyodide/pyodide.mjs"));
    runtimeScript.catch(() => {}); // a failure is reported where it is awaited, if the start gets there
    manifest = await engineFiles();
    const kept = await keptFiles();
    const useSnapshot = kept.has(manifest.snapshot);
    const files = [...manifest.boot, ...(useSnapshot ? manifest.later : [])];
    const meter = progressMeter(files);
    post(toPage.progress(0, meter.total));
    // The wheel is needed only once Python has booted: it downloads after the files the boot
    // waits for, which then arrive sooner on a slow network, and comes in while Python boots.
    // On a calculator page's first load the page asks for it (worker-client.js), as the wasm ends:
    // asked for here, the request could wait until Python's boot, which holds this thread, was over.
    const wheelFile = files.find((file) => file.url === manifest.wheel);
    const downloads = new Map(files.filter((file) => file !== wheelFile)
      .map((file) => [file.url, bootFile(file, meter, kept)]));
    const bootFilesIn = Promise.allSettled([...downloads.values()]);
    const wheel = wheelFor(wheelFile, meter, bootFilesIn, pageSendsWheel, kept);
    for (const pending of [...downloads.values(), wheel]) pending.catch(() => {}); // a failure is reported where it is awaited
    // A boot file that fails ends the start at once (a snapshot that fails is only not used).
    const failed = firstFailure([...downloads].filter(([url]) => url !== manifest.snapshot).map(([, pending]) => pending));
    const { loadPyodide } = await Promise.race([runtimeScript.catch((error) => {
      throw new FileFailure({ url: "assets/pyodide/pyodide.mjs" }, `assets/pyodide/pyodide.mjs could not be loaded (${error.message})`);
    }), failed]);
    lap("runtimeScript");
    const snapshot = useSnapshot ? downloads.get(manifest.snapshot).then(unpackSnapshot) : null;
    const booted = await Promise.race([bootPython(loadPyodide, snapshot), failed]);
    pyodide = booted.pyodide;
    lap("python");
    const { bytes: wheelBytes, from: wheelFrom } = await wheel;
    const callJson = await withFullStdlibIfNeeded(() => setUpEngine(pyodide, wheelBytes));
    lap("engine");
    requests = requestHandlers(callJson, await withFullStdlibIfNeeded(() => setUpViews(pyodide)));
    lap("views");
    post(toPage.ready({ from: booted.from, phases, stdlib: fullStdlibAdded ? "full" : "trimmed", wheel: wheelFrom }));
  } catch (error) {
    console.warn(`engine: the start failed (${errorText(error)})`);
    post(toPage.failed(startFailure(error)));
  }
}

// engine.json: what the engine is made of (a failed answer or another file is named as such).
async function engineFiles() {
  const path = "assets/engine/engine.json";
  const response = await fetched(path);
  try {
    return await response.json();
  } catch {
    throw new FileFailure({ url: path }, `${path} is not the engine's list of files`);
  }
}

async function useFullStdlib() {
  console.warn("engine: a module is missing from the trimmed standard library; adding the full one");
  addFullStdlib(pyodide, await fetchFullStdlib());
  fullStdlibAdded = true;
}

// Python asked for a module the trimmed standard library lacks: add the full one, try again.
async function withFullStdlibIfNeeded(call) {
  try {
    return call();
  } catch (error) {
    if (!isMissingModule(error) || fullStdlibAdded) throw error;
    await useFullStdlib();
    return call();
  }
}

async function answer(message) {
  const { id } = message;
  if (!requests) {
    post(toPage.resultFailed(id, "The engine is not ready."));
    return;
  }
  try {
    post(toPage.result(id, JSON.parse(await withFullStdlibIfNeeded(() => requests[message.type](message)))));
  } catch (error) {
    console.warn(`engine: a ${message.type} request failed (${errorText(error)})`);
    post(toPage.resultFailed(id, requestFailure(error)));
  }
}

// Pyodide does not always reject when a download fails (a failed wasm fetch leaves
// loadPyodide waiting), so a stray rejection means the start failed.
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  if (!requests) post(toPage.failed(startFailure(event.reason)));
});

self.addEventListener("message", workerListener({
  start: (message) => start(Boolean(message.wheelFromPage)),
  wheel(message) {
    if (message.failure) console.warn(`engine: the page could not fetch the wheel (${message.failure}); fetching it here`);
    handOverWheel(message.bytes ? { bytes: new Uint8Array(message.bytes), encoding: message.encoding } : null);
  },
  run: answer,
  view: answer,
  link: answer,
}));
