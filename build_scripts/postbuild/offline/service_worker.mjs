// Writes the service worker (sw.js at the site root) with Workbox, offline.json, which tells
// a page how much the site stores and which build it is, and copies workbox-window, which
// offline.js registers the worker with, into the site.
//
//   node build_scripts/postbuild/offline/service_worker.mjs [--when-told] <site dir> [<bundle cache dir>]
//
// With --when-told it loads Workbox and runs it once over the site as it is, writing nothing, then
// waits for a line on stdin before it writes anything, and writes nothing if stdin closes first:
// the developer server's quick pass starts it before an edit, so that node and Workbox are loaded
// and warm by the time the edit's pages are written.
//
// sw.js is service_worker_site.js bundled with Workbox's modules (nothing is loaded from a
// CDN), with two manifests: the site's files (Workbox's injectManifest, precached when the
// worker installs) and the engine's (assets/engine/engine.json, kept when a page asks).
// The bundle depends only on the worker's sources, the engine's manifest and the locked
// packages, so it is kept in the cache folder under their digest: a build that changed a page
// only injects the new list of files into it.
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import workboxBuild from "workbox-build";

const { getManifest, injectManifest } = workboxBuild;
const HERE = dirname(fileURLToPath(import.meta.url));
const SOURCE = join(HERE, "service_worker_site.js");
const MANIFEST_FILE = "offline.json";
const ENGINE_MANIFEST = "assets/engine/engine.json";
const WORKBOX_WINDOW = "assets/javascripts/offline/workbox-window.mjs";
const FILES = {
  globPatterns: ["**/*.{html,css,js,mjs,json,svg,png,ico,webmanifest,xml,txt}"],   // txt: rules.txt
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

// The worker's source and Workbox's modules in one classic script, the engine's manifest in it
// (rollup and its plugins are loaded only when the bundle is not kept already).
async function bundleWorker(engine, target) {
  const [{ rollup }, { default: nodeResolve }, { default: replace }, { default: terser }] = await Promise.all([
    import("rollup"), import("@rollup/plugin-node-resolve"), import("@rollup/plugin-replace"), import("@rollup/plugin-terser"),
  ]);
  const bundle = await rollup({
    input: SOURCE,
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

// The worker's source and every module it imports by a relative path, the page's modules
// among them (the messages the page and the worker share).
export function ownSources(file = SOURCE, found = new Set()) {
  if (found.has(file)) return found;
  found.add(file);
  for (const [, path] of readFileSync(file, "utf8").matchAll(/^import\b[^"']*["'](\.{1,2}\/[^"']+)["']/gm)) {
    ownSources(resolve(dirname(file), path), found);
  }
  return found;
}

// What the bundle is made of: this folder's worker sources and the modules they import, the
// engine's manifest and the lock file.
function bundleKey(engine) {
  const hash = createHash("sha256");
  const sources = new Set([...readdirSync(HERE).filter((n) => /^service_worker.*\.m?js$/.test(n)).map((n) => join(HERE, n)),
    ...ownSources()]);
  for (const file of [...sources].sort()) hash.update(relative(HERE, file)).update(readFileSync(file));
  hash.update(JSON.stringify(engine)).update(readFileSync("package-lock.json"));
  return hash.digest("hex").slice(0, 16);
}

// The bundle from the cache folder, made and kept there first when missing; without a cache
// folder, made in `work`.
async function keptBundle(engine, cacheDir, work) {
  if (!cacheDir) {
    const made = join(work, "sw.js");
    await bundleWorker(engine, made);
    return made;
  }
  const kept = join(cacheDir, `sw-${bundleKey(engine)}.js`);
  if (!existsSync(kept)) {
    mkdirSync(cacheDir, { recursive: true });
    const made = join(work, "sw.js");
    await bundleWorker(engine, made);
    for (const old of readdirSync(cacheDir).filter((n) => n.startsWith("sw-"))) rmSync(join(cacheDir, old));
    copyFileSync(made, `${kept}.${process.pid}.partial`);
    renameSync(`${kept}.${process.pid}.partial`, kept);   // whole or absent, for a build run beside it
  }
  return kept;
}

async function main([siteArg, cacheArg]) {
  if (!siteArg) throw new Error("usage: node service_worker.mjs <site dir> [<bundle cache dir>]");
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

  const warnings = await injectInto(site, engine, cacheArg, join(site, "sw.js"));
  for (const warning of warnings) console.error(`service worker: ${warning}`);
  console.log(JSON.stringify(offline));
}

// Workbox's injectManifest over the site: the bundled worker with the site's files, into `swDest`.
async function injectInto(site, engine, cacheArg, swDest) {
  const work = mkdtempSync(join(tmpdir(), "service-worker-"));
  try {
    const source = await keptBundle(engine, cacheArg && resolve(cacheArg), work);
    const { warnings } = await injectManifest({
      globDirectory: site,
      ...FILES,
      swSrc: source,
      swDest,
      // Material's bundles have a content hash in their names: no cache-busting query needed.
      dontCacheBustURLsMatching: /\.[0-9a-f]{8}\.min\.(js|css)$/,
    });
    return warnings;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// Before it waits: Workbox's two calls once over the site as it is, their results thrown away (the
// site is left alone), since the first call of each runs several times slower than the next.
async function warmUp([siteArg, cacheArg]) {
  const site = resolve(siteArg);
  const engine = JSON.parse(readFileSync(join(site, ENGINE_MANIFEST), "utf8"));
  await getManifest({ globDirectory: site, ...FILES });
  const scratch = mkdtempSync(join(tmpdir(), "service-worker-warm-"));
  try {
    await injectInto(site, engine, cacheArg, join(scratch, "sw.js"));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

// Whether a line came on stdin before it closed.
function toldToGo() {
  return new Promise((resolve) => {
    let heard = "";
    process.stdin.setEncoding("utf8");
    process.stdin.on("data", (chunk) => {
      heard += chunk;
      if (heard.includes("\n")) {
        process.stdin.destroy();
        resolve(true);
      }
    });
    process.stdin.on("end", () => resolve(heard.length > 0));
  });
}

async function run(args) {
  if (args[0] !== "--when-told") return main(args);
  const told = toldToGo();
  await warmUp(args.slice(1)).catch(() => {});   // a site it cannot read yet: the work says why, if told
  if (await told) return main(args.slice(1));
}

// Run by the build (or by the quick pass, --when-told); imported by the tests for ownSources alone.
if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? "")).href) {
  run(process.argv.slice(2)).catch((error) => {
    console.error(`service worker failed: ${error && error.stack ? error.stack : error}`);
    process.exit(1);
  });
}
