// Writes the service worker (sw.js at the site root) with Workbox, sw-engine.js beside it,
// and offline.json, which tells a page how much the site stores and which build it is.
//
//   node mele/build_scripts/postbuild/offline/service_worker.mjs <site dir>
//
// Every page, the search index, the glossary and rules.json are precached on a first
// visit and served cache-first (about 1.3 MB to download). The calculators' engine is not:
// sw-engine.js (service_worker_engine.js with the engine's manifest in front) keeps it
// only when a page asks (issue 13). Offline, an address the copy does not have gets the
// site's own 404 page. Each precached entry carries its own
// content hash (Workbox's revision), and sw.js embeds the whole list, so a deploy
// that changes any file changes sw.js: the browser installs the new worker, which
// fetches only the changed files, takes over at once (skipWaiting, clientsClaim) and
// drops every entry the new build no longer lists. offline.js then reloads the page
// that was served from the old copy, or offers to. The Workbox runtime is inlined
// into sw.js: nothing is loaded from a CDN.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import workboxBuild from "workbox-build";

const { generateSW, getManifest } = workboxBuild;
const MANIFEST_FILE = "offline.json";
const ENGINE_SCRIPT = "sw-engine.js";
const ENGINE_MANIFEST = "assets/engine/engine.json";
const FILES = {
  globPatterns: ["**/*.{html,css,js,mjs,json,svg,png,ico,webmanifest,xml}"],
  globIgnores: [
    "sw.js",
    ENGINE_SCRIPT,
    MANIFEST_FILE, // added by generateSW below, after it is written
    "assets/pyodide/**",   // the engine: kept by sw-engine.js when asked
    "assets/engine/*.{whl,gz,zip}",
    "sitemap.xml.gz",   // sitemap.xml stays: instant navigation reads it
    "**/*.map",
    // Material's search loads these only for languages other than English.
    "assets/javascripts/lunr/**",
  ],
  // The glossary page is large; a default of 2 MB would one day silently leave a page out.
  maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
};

// One hash for the whole build: every precached file and every engine file with its content hash.
function buildHash(manifestEntries) {
  const lines = manifestEntries.map((entry) => `${entry.url} ${entry.revision}`).sort();
  return createHash("sha256").update(lines.join("\n")).digest("hex").slice(0, 16);
}

async function main([siteArg]) {
  if (!siteArg) throw new Error("usage: node service_worker.mjs <site dir>");
  const site = resolve(siteArg);
  const engine = JSON.parse(readFileSync(join(site, ENGINE_MANIFEST), "utf8"));
  const engineSource = readFileSync(new URL("./service_worker_engine.js", import.meta.url), "utf8");
  writeFileSync(join(site, ENGINE_SCRIPT), `self.ENGINE_MANIFEST = ${JSON.stringify(engine)};\n${engineSource}`);
  const { manifestEntries, count, size } = await getManifest({ globDirectory: site, ...FILES });
  const engineFiles = [...engine.boot, ...engine.later];
  const build = buildHash([...manifestEntries, ...engineFiles]);
  const offline = {
    build, files: count + 1, bytes: size,
    engine: { bytes: engineFiles.reduce((n, f) => n + f.bytes, 0), transfer: engineFiles.reduce((n, f) => n + f.transfer, 0) },
  };
  writeFileSync(join(site, MANIFEST_FILE), JSON.stringify(offline) + "\n");

  const { warnings } = await generateSW({
    globDirectory: site,
    ...FILES,
    globIgnores: FILES.globIgnores.filter((pattern) => pattern !== MANIFEST_FILE),
    swDest: join(site, "sw.js"),
    cacheId: "mele-rules",
    inlineWorkboxRuntime: true,
    mode: "production",
    sourcemap: false,
    importScripts: [ENGINE_SCRIPT],   // first, so its fetch handler sees the engine's files before Workbox
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    directoryIndex: "index.html",
    // Calculator pages carry their inputs in the query (?strike.prowess=5): the page is the same.
    ignoreURLParametersMatching: [/.*/],
    // Material's bundles have a content hash in their names: no cache-busting query needed.
    dontCacheBustURLsMatching: /\.[0-9a-f]{8}\.min\.(js|css)$/,
    // Offline, a page the copy does not have is answered with the site's 404 page.
    runtimeCaching: [{
      urlPattern: ({ request }) => request.mode === "navigate",
      handler: "NetworkOnly",
      options: { precacheFallback: { fallbackURL: "404.html" } },
    }],
  });
  for (const warning of warnings) console.error(`service worker: ${warning}`);
  console.log(JSON.stringify(offline));
}

main(process.argv.slice(2)).catch((error) => {
  console.error(`service worker failed: ${error && error.stack ? error.stack : error}`);
  process.exit(1);
});
