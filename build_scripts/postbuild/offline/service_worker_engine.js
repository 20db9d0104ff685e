// The service worker's second precache: the calculators' engine (Pyodide, the trimmed
// standard library, the wheel and the memory snapshot), listed by assets/engine/engine.json,
// which the build hands in. Unlike the site's precache it is not filled when the worker
// installs: a page asks for its status, to keep it or to forget it, in the messages of
// docs/assets/javascripts/offline/service-worker-protocol.js, which the page imports too.
// Files are kept under their own address (the engine's worker looks its snapshot up there),
// each checked against its size and SHA-256 first and stored with its revision, so a deploy that
// changes a file shows as "outdated" and the page keeps it again. Kept files are served from this cache first, through Workbox's
// PrecacheRoute; the engine is never kept without a page asking.
import { copyResponse } from "workbox-core";
import { PrecacheController, PrecacheRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { Strategy } from "workbox-strategies";
import { fileProblem } from "../../../docs/assets/javascripts/offline/engine-file-check.js";
import { answerPages, progress } from "../../../docs/assets/javascripts/offline/service-worker-protocol.js";

const REVISION_HEADER = "X-Engine-Revision";

const sum = (files, key) => files.reduce((total, file) => total + file[key], 0);

// Fetches a file and stores it with its revision, once it is checked against engine.json: a file
// cut short (a half-written deploy, a proxy that cut the body) would be served to every later
// start. One that does not match is fetched again past the HTTP cache, which may hold the cut
// copy, unless only the HTTP cache may be read (Save-Data); still wrong, it is not kept. A
// missing or refused file is an error.
class FetchAndKeep extends Strategy {
  async _handle(request, handler) {
    const { file, onlyIfCached } = handler.params;
    let response = await handler.fetch(request);
    let problem = await this.problemWith(file, response);
    if (problem && !onlyIfCached) {
      console.warn(`engine copy: ${problem}; fetching it again`);
      response = await handler.fetch(new Request(request, { cache: "reload" }));
      problem = await this.problemWith(file, response);
    }
    if (problem) throw new Error(`${problem}, so it was not kept`);
    if (!(await handler.cachePut(request, response.clone()))) throw new Error(`${file.url} could not be stored`);
    return response;
  }

  async problemWith(file, response) {
    if (!response.ok) return `${file.url} could not be downloaded (HTTP ${response.status})`;
    return fileProblem(file, await response.clone().arrayBuffer());
  }
}

export function keepTheEngineOnRequest(manifest) {
  const boot = manifest.boot;
  const later = manifest.later;
  const all = [...boot, ...later];
  const cacheName = manifest.offlineCache;
  // The engine's files change at a fixed address (a new Pyodide, a new snapshot): the
  // address is the cache key and the revision travels with the stored response.
  const engine = new PrecacheController({ cacheName });
  engine.addToCacheList(all.map((file) => ({ url: file.url, revision: null })));
  const keyOf = (file) => engine.getCacheKeyForURL(file.url);
  const keeper = new FetchAndKeep({
    cacheName,
    plugins: [{   // the file's address as its key, and its revision stored with it
      cacheKeyWillBeUsed: ({ params, state }) => {
        state.revision = params.revision;
        return params.cacheKey;
      },
      cacheWillUpdate: ({ response, state }) => copyResponse(response, (init) => {
        init.headers.set(REVISION_HEADER, state.revision);
        return init;
      }),
    }],
  });

  async function status() {
    const cache = await caches.open(cacheName);
    const revisions = new Map();
    for (const file of all) {
      const kept = await cache.match(keyOf(file));
      if (kept) revisions.set(file.url, kept.headers.get(REVISION_HEADER));
    }
    const current = (file) => revisions.get(file.url) === file.revision;
    return {
      kept: boot.every(current),
      snapshot: later.every(current),
      outdated: all.some((file) => revisions.has(file.url) && !current(file)),
      startsOffline: boot.every((file) => revisions.has(file.url)),   // every file a start needs, of this deploy or not
      bytes: sum(all.filter(current), "bytes"),   // what the offline copy of the engine holds
      transfer: sum(all, "transfer"),             // what keeping all of it downloads at most
      total: sum(all, "bytes"),
    };
  }

  // Fetch and keep each file not kept at its current revision. `onlyIfCached`: from the
  // browser's HTTP cache or not at all (Save-Data: the engine is never downloaded unasked).
  async function keep(event, { snapshot, onlyIfCached }) {
    const files = [...boot, ...(snapshot ? later : [])];
    const current = await status();
    const cache = await caches.open(cacheName);
    const total = sum(files, "transfer");
    let loaded = 0;
    for (const file of files) {
      const kept = await cache.match(keyOf(file));
      if (!kept || kept.headers.get(REVISION_HEADER) !== file.revision) {
        const request = new Request(keyOf(file), onlyIfCached
          ? { cache: "only-if-cached", mode: "same-origin", credentials: "same-origin" }
          : { cache: "no-cache", credentials: "same-origin" });
        try {
          await keeper.handle({
            request, event, params: { cacheKey: keyOf(file), revision: file.revision, file, onlyIfCached },
          });
        } catch (error) {
          const reason = String(error && error.message ? error.message : error);
          if (!onlyIfCached) throw new Error(reason.includes(file.url) ? reason : `${file.url}: ${reason}`, { cause: error });
        }
      }
      loaded += file.transfer;
      if (event.source) event.source.postMessage(progress(loaded, total));
    }
    if (current.outdated) await engine.activate(event);   // no file of an older deploy is left
    return status();
  }

  registerRoute(new PrecacheRoute(engine, { ignoreURLParametersMatching: [/.*/], directoryIndex: null }));

  // A deploy that drops a file (a renamed wheel) drops its kept copy; changed files stay
  // until the page keeps them again.
  self.addEventListener("activate", (event) => event.waitUntil(
    caches.has(cacheName).then((has) => has && engine.activate(event)),
  ));

  self.addEventListener("message", answerPages({
    status: () => status(),
    keep: (message, event) => keep(event, message),
    forget: () => caches.delete(cacheName).then(status),
  }));
}
