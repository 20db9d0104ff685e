// Writes the service worker (sw.js at the site root) with Workbox, and offline.json,
// which tells a first visit how much the site stores and which build it is.
//
//   node build_scripts/service_worker.mjs <site dir>
//
// Every page, the search index, rules.json, the wheel, the engine snapshot and the
// Pyodide runtime are precached and served cache-first. Each entry carries its own
// content hash (Workbox's revision), and sw.js embeds the whole list, so a deploy
// that changes any file changes sw.js: the browser installs the new worker, which
// fetches only the changed files, takes over at once (skipWaiting, clientsClaim) and
// drops every entry the new build no longer lists. offline.js then reloads the page
// that was served from the old copy, or offers to. The Workbox runtime is inlined
// into sw.js: nothing is loaded from a CDN.
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import workboxBuild from "workbox-build";

const { generateSW, getManifest } = workboxBuild;
const MANIFEST_FILE = "offline.json";
const FILES = {
  globPatterns: ["**/*.{html,css,js,mjs,json,wasm,zip,whl,gz,svg,png,ico,webmanifest,xml}"],
  globIgnores: [
    "sw.js",
    MANIFEST_FILE, // added by generateSW below, after it is written
    "sitemap.xml.gz",   // sitemap.xml stays: instant navigation reads it
    "**/*.map",
    // Material's search loads these only for languages other than English.
    "assets/javascripts/lunr/**",
  ],
  // The runtime is about 10 MB; a default of 2 MB would silently leave it out.
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
};

// One hash for the whole build: the manifest lists every file with its content hash.
function buildHash(manifestEntries) {
  const lines = manifestEntries.map((entry) => `${entry.url} ${entry.revision}`).sort();
  return createHash("sha256").update(lines.join("\n")).digest("hex").slice(0, 16);
}

async function main([siteArg]) {
  if (!siteArg) throw new Error("usage: node service_worker.mjs <site dir>");
  const site = resolve(siteArg);
  const { manifestEntries, count, size } = await getManifest({ globDirectory: site, ...FILES });
  const build = buildHash(manifestEntries);
  const offline = { build, files: count + 1, bytes: size };
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
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    directoryIndex: "index.html",
    // Calculator pages carry their inputs in the query (?strike.prowess=5): the page is the same.
    ignoreURLParametersMatching: [/.*/],
    // Material's bundles have a content hash in their names: no cache-busting query needed.
    dontCacheBustURLsMatching: /\.[0-9a-f]{8}\.min\.(js|css)$/,
  });
  for (const warning of warnings) console.error(`service worker: ${warning}`);
  console.log(JSON.stringify(offline));
}

main(process.argv.slice(2)).catch((error) => {
  console.error(`service worker failed: ${error && error.stack ? error.stack : error}`);
  process.exit(1);
});
