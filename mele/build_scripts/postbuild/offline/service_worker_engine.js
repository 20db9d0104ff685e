// The service worker's second part (sw.js imports it as sw-engine.js; the build puts the
// engine's manifest, assets/engine/engine.json, in front of it as self.ENGINE_MANIFEST).
// Workbox keeps the pages, search and glossary offline at once (they are small); the
// calculators' engine (Pyodide, the trimmed standard library, the wheel and the memory
// snapshot, about 11 MB to download) is kept only when a page asks:
//
//   {type: "engine-status"}                 -> {kept, snapshot, outdated, bytes, transfer, total}
//   {type: "keep-engine", snapshot, onlyIfCached}
//                                           -> progress {loaded, total} ..., then the status
//   {type: "forget-engine"}                 -> the status
//
// each sent with a MessageChannel port for the replies. offline.js asks once the reader
// has used a calculator (the files were just downloaded: they come from the browser's
// HTTP cache) or taps "Keep the calculators offline". Kept files are served from this
// cache first; a new deploy's changed files are fetched again on the next request to
// keep them.
(function () {
  const ENGINE = self.ENGINE_MANIFEST;
  const CACHE = ENGINE.offlineCache;
  const scope = self.registration.scope;
  const siteUrl = (path) => new URL(path, scope).href;
  const KEPT = siteUrl("__engine-kept__.json"); // in the cache: the revision of each file kept
  const BOOT = ENGINE.boot;
  const LATER = ENGINE.later;
  const BY_URL = new Map([...BOOT, ...LATER].map((file) => [siteUrl(file.url), file]));
  const sum = (files, key) => files.reduce((total, file) => total + file[key], 0);

  async function keptRevisions(cache) {
    const response = await cache.match(KEPT);
    return response ? response.json() : {};
  }

  async function status() {
    const cache = await caches.open(CACHE);
    const revisions = await keptRevisions(cache);
    const has = (file) => file.url in revisions;
    const current = (file) => revisions[file.url] === file.revision;
    const keptFiles = [...BOOT, ...LATER].filter(has);
    return {
      type: "status",
      kept: BOOT.every(has),
      snapshot: LATER.every(has),
      outdated: keptFiles.some((file) => !current(file)),
      bytes: sum(keptFiles, "bytes"),                  // what the offline copy of the engine holds
      transfer: sum([...BOOT, ...LATER], "transfer"),  // what keeping all of it downloads at most
      total: sum([...BOOT, ...LATER], "bytes"),
    };
  }

  // Fetch and store each file not kept at its current revision. `onlyIfCached`: take it from
  // the browser's HTTP cache or not at all (Save-Data: never download the engine in the background).
  async function keep({ snapshot, onlyIfCached }, report) {
    const cache = await caches.open(CACHE);
    const revisions = await keptRevisions(cache);
    const files = [...BOOT, ...(snapshot ? LATER : [])];
    const total = sum(files, "transfer");
    let loaded = 0;
    for (const file of files) {
      if (revisions[file.url] !== file.revision) {
        const init = onlyIfCached ? { cache: "only-if-cached", mode: "same-origin" } : { cache: "no-cache" };
        let response;
        try {
          response = await fetch(siteUrl(file.url), init);
        } catch {
          response = null;
        }
        if (!response || !response.ok) {
          if (onlyIfCached) continue;
          throw new Error(`${file.url}: ${response ? `HTTP ${response.status}` : "network error"}`);
        }
        await cache.put(siteUrl(file.url), response);
        revisions[file.url] = file.revision;
        await cache.put(KEPT, new Response(JSON.stringify(revisions), { headers: { "Content-Type": "application/json" } }));
      }
      loaded += file.transfer;
      report({ type: "progress", loaded, total });
    }
  }

  // Drop what no engine file is any more (a deploy renamed it): the rest is refreshed on request.
  async function dropStale() {
    if (!(await caches.has(CACHE))) return;
    const cache = await caches.open(CACHE);
    const revisions = await keptRevisions(cache);
    for (const request of await cache.keys()) {
      if (request.url !== KEPT && !BY_URL.has(request.url)) await cache.delete(request);
    }
    const known = Object.fromEntries(Object.entries(revisions).filter(([url]) => BY_URL.has(siteUrl(url))));
    await cache.put(KEPT, new Response(JSON.stringify(known), { headers: { "Content-Type": "application/json" } }));
  }

  self.addEventListener("activate", (event) => event.waitUntil(dropStale()));

  // Before Workbox's handler (this file is imported first): the engine's files from this cache.
  self.addEventListener("fetch", (event) => {
    if (event.request.method !== "GET") return;
    const url = new URL(event.request.url);
    url.search = "";
    if (!BY_URL.has(url.href)) return;
    event.respondWith(
      caches.open(CACHE)
        .then((cache) => cache.match(url.href))
        .then((kept) => kept || fetch(event.request)),
    );
  });

  self.addEventListener("message", (event) => {
    const message = event.data || {};
    const port = event.ports && event.ports[0];
    if (!port) return;
    const reply = (value) => port.postMessage(value);
    const fail = (error) => reply({ type: "failed", message: String(error && error.message ? error.message : error) });
    let work = null;
    if (message.type === "engine-status") work = status().then(reply);
    else if (message.type === "keep-engine") work = keep(message, reply).then(status).then(reply);
    else if (message.type === "forget-engine") work = caches.delete(CACHE).then(status).then(reply);
    if (work) event.waitUntil(work.catch(fail));
  });
})();
