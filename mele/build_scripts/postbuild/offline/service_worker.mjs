// Writes the service worker (sw.js at the site root) with Workbox, offline.json, which tells
// a page how much the site stores and which build it is, and copies workbox-window, which
// offline.js registers the worker with, into the site.
//
//   node mele/build_scripts/postbuild/offline/service_worker.mjs <site dir>
//
// sw.js is service_worker_site.js bundled with Workbox's modules (nothing is loaded from a
// CDN), with two manifests: the site's files (Workbox's injectManifest, precached when the
// worker installs) and the engine's (assets/engine/engine.json, kept when a page asks).
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import nodeResolve from "@rollup/plugin-node-resolve";
import replace from "@rollup/plugin-replace";
import terser from "@rollup/plugin-terser";
import { rollup } from "rollup";
import workboxBuild from "workbox-build";

const { getManifest, injectManifest } = workboxBuild;
const HERE = dirname(fileURLToPath(import.meta.url));
const MANIFEST_FILE = "offline.json";
const ENGINE_MANIFEST = "assets/engine/engine.json";
const WORKBOX_WINDOW = "assets/javascripts/offline/workbox-window.mjs";
const FILES = {
  globPatterns: ["**/*.{html,css,js,mjs,json,svg,png,ico,webmanifest,xml}"],
  globIgnores: [
    "sw.js",
    "assets/pyodide/**",   // the engine: its own precache, kept when a page asks
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

// The worker's source and Workbox's modules in one classic script, the engine's manifest in it.
async function bundleWorker(engine, target) {
  const bundle = await rollup({
    input: join(HERE, "service_worker_site.js"),
    plugins: [
      nodeResolve({ browser: true }),
      replace({
        preventAssignment: true,
        values: {
          "process.env.NODE_ENV": JSON.stringify("production"),
          "self.__ENGINE_MANIFEST": JSON.stringify(engine),
        },
      }),
      terser({ format: { comments: false } }),
    ],
  });
  await bundle.write({ file: target, format: "iife" });
  await bundle.close();
}

async function main([siteArg]) {
  if (!siteArg) throw new Error("usage: node service_worker.mjs <site dir>");
  const site = resolve(siteArg);
  mkdirSync(dirname(join(site, WORKBOX_WINDOW)), { recursive: true });
  const workboxWindow = join(dirname(createRequire(import.meta.url).resolve("workbox-window/package.json")),
    "build", "workbox-window.prod.mjs");
  copyFileSync(workboxWindow, join(site, WORKBOX_WINDOW));

  const engine = JSON.parse(readFileSync(join(site, ENGINE_MANIFEST), "utf8"));
  const pages = await getManifest({ globDirectory: site, ...FILES, globIgnores: [...FILES.globIgnores, MANIFEST_FILE] });
  const engineFiles = [...engine.boot, ...engine.later];
  const offline = {
    build: buildHash([...pages.manifestEntries, ...engineFiles]),
    files: pages.count + 1,
    bytes: pages.size,
    engine: { bytes: engineFiles.reduce((n, f) => n + f.bytes, 0), transfer: engineFiles.reduce((n, f) => n + f.transfer, 0) },
  };
  writeFileSync(join(site, MANIFEST_FILE), JSON.stringify(offline) + "\n");

  const work = mkdtempSync(join(tmpdir(), "service-worker-"));
  try {
    const source = join(work, "sw.js");
    await bundleWorker(engine, source);
    const { warnings } = await injectManifest({
      globDirectory: site,
      ...FILES,
      swSrc: source,
      swDest: join(site, "sw.js"),
      // Material's bundles have a content hash in their names: no cache-busting query needed.
      dontCacheBustURLsMatching: /\.[0-9a-f]{8}\.min\.(js|css)$/,
    });
    for (const warning of warnings) console.error(`service worker: ${warning}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(JSON.stringify(offline));
}

main(process.argv.slice(2)).catch((error) => {
  console.error(`service worker failed: ${error && error.stack ? error.stack : error}`);
  process.exit(1);
});
