// The service worker's source (bundled with Workbox's modules into sw.js by
// service_worker.mjs, which fills in both manifests). Every page, the search index, the
// glossary and rules.json are precached when the worker installs and served cache-first;
// the calculators' engine is a second precache, kept only when a page asks
// (service_worker_engine.js). Each precached entry carries its content hash, so a deploy
// that changes any file changes sw.js: the browser installs the new worker, which fetches
// only the changed files, takes over at once and drops every entry the new build no longer
// lists; offline.js then reloads the page that was served from the old copy, or offers to.
// Offline, an address the copy does not have gets the site's own 404 page.
import { clientsClaim, setCacheNameDetails } from "workbox-core";
import { cleanupOutdatedCaches, PrecacheFallbackPlugin, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkOnly } from "workbox-strategies";
import { keepTheEngineOnRequest } from "./service_worker_engine.js";

setCacheNameDetails({ prefix: "mele-rules" });
self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST, {
  directoryIndex: "index.html",
  // Calculator pages carry their inputs in the query (?strike.prowess=5): the page is the same.
  ignoreURLParametersMatching: [/.*/],
});
cleanupOutdatedCaches();

keepTheEngineOnRequest(self.__ENGINE_MANIFEST);   // engine.json, written in by the build

// A page the copy does not have is tried online (a newer deploy may have it), else the 404 page.
registerRoute(
  ({ request }) => request.mode === "navigate",
  new NetworkOnly({ plugins: [new PrecacheFallbackPlugin({ fallbackURL: "404.html" })] }),
);
