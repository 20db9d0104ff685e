// Offline use at the table: every page registers the service worker (sw.js at the site
// root, written by build_scripts/postbuild/offline/service_worker.mjs) with
// workbox-window. The worker keeps the pages, search and glossary at once (they are small);
// the calculators' engine is kept as offline/engine-copy.js says. Notes go through the site's message area (message-area.js).
// offlineState() is what the tests and the benchmark read (test-hooks.js).
// When a new deploy takes over a page that was served from the old copy, the page reloads
// itself if the reader has not touched it yet, and otherwise offers to.
import { engineSettled } from "./calculators/engine-settled.js";
import { onEveryPage } from "./material-events.js";
import * as messages from "./message-area.js";
import { engineCopy } from "./offline/engine-copy.js";
import { mayReloadNow } from "./offline/reload-guard.js";
import { megabytes } from "./offline/sizes.js";
import { Workbox } from "./offline/workbox-window.mjs";

const SITE_ROOT = new URL("../../", import.meta.url); // this file is assets/javascripts/offline.js
const SHOW_READY_MS = 8000;
const RELOAD_AGAIN_AFTER_MS = 10000;

function setState(offline, state) {
  offline.state = state;
  document.documentElement.dataset.offline = state;
}

// Resolves "activated" once the new worker has the copy saved, or "redundant" if it failed.
// Any of Workbox's events says so; the registration's `ready` covers a page that never hears
// its worker change state (as WebKit has done on a first visit).
function whenSaved(workbox) {
  return new Promise((resolve) => {
    workbox.addEventListener("activated", (event) => { if (!event.isExternal) resolve("activated"); });
    workbox.addEventListener("redundant", (event) => { if (!event.isExternal) resolve("redundant"); });
    workbox.controlling.then(() => resolve("activated"));
    navigator.serviceWorker.ready.then(() => resolve("activated"));
  });
}

// The state of the pages' copy and of the engine's, once this page has started offline use.
let offline = null;

export function offlineState() {
  return offline;
}

function start() {
  offline = { state: "starting", engineState: "unknown", engine: null };
  const controllerAtLoad = navigator.serviceWorker.controller;
  const manifest = fetch(new URL("offline.json", SITE_ROOT)).then((response) => response.json());
  const engine = engineCopy(offline, messages, manifest);
  let touched = false;

  for (const type of ["pointerdown", "keydown", "wheel", "touchstart", "input"]) {
    addEventListener(type, () => { touched = true; }, { capture: true, passive: true, once: true });
  }
  // A calculator page that finds itself offline without the engine asks for the offer.
  document.addEventListener("mele:keep-offline-offer", () => engine.offerAfterMissing());
  // The engine could not start from the copy kept on this device, which was dropped (worker-client.js).
  document.addEventListener("mele:engine-copy-dropped", () => engine.copyDropped().catch(() => {}));
  onEveryPage(() => {
    engine.renderControls();
    if (offline.engine) engine.keepAfterUse();
  });

  function readyNote() {
    const offer = engine.offerAction();
    messages.show(offer ? "Ready offline." : "Ready offline: the pages, search and glossary.", {
      id: "offline-pages",
      timeoutMs: SHOW_READY_MS,
      actions: offer ? [{ ...offer, onClick: () => { messages.clear("offline-pages"); offer.onClick(); } }] : [],
    });
  }

  function saved() {
    setState(offline, "ready");
    engine.refresh().then(readyNote, readyNote);
  }

  async function firstSave(workbox, registration) {
    if (!registration.installing && !registration.waiting) {
      saved();   // saved while this page loaded (reloaded, or opened in another tab, during a first save)
      return;
    }
    setState(offline, "saving");
    messages.show("Saving the site for offline use…", { id: "offline-pages", timeoutMs: null });
    manifest.then((known) => {
      offline.bytes = known.bytes;
      if (offline.state === "saving") {
        messages.show(`Saving the pages, search and glossary for offline use (${megabytes(known.bytes)} `
          + "on this device)…", { id: "offline-pages", timeoutMs: null });
      }
    }, () => {});   // the size is a courtesy; saving goes on without it
    if (await whenSaved(workbox) === "activated") {
      saved();
      return;
    }
    setState(offline, "failed");
    messages.show("The site could not be saved for offline use; it still works online.",
      { id: "offline-pages", timeoutMs: 2 * SHOW_READY_MS });
  }

  // A new deploy took over (the worker skips waiting and claims its pages): this page came
  // from the old copy.
  function newDeployTookOver() {
    if (!touched && mayReloadNow(() => sessionStorage, Date.now(), RELOAD_AGAIN_AFTER_MS)) {
      location.reload();
      return;
    }
    setState(offline, "updated");
    messages.show("The site has been updated.", {
      id: "offline-update",
      timeoutMs: null,
      actions: [{ label: "Reload", onClick: () => location.reload() }],
    });
  }

  async function register() {
    const workbox = new Workbox(new URL("sw.js", SITE_ROOT).href, { scope: SITE_ROOT.pathname });
    workbox.addEventListener("controlling", (event) => { if (event.isUpdate) newDeployTookOver(); });
    let registration;
    try {
      registration = await workbox.register({ immediate: true });
    } catch (error) {
      offline.error = String(error);
      setState(offline, "failed");
      messages.show("Offline use is not available here; the site still works online.",
        { id: "offline-pages", timeoutMs: 2 * SHOW_READY_MS });
      return;
    }
    if (!controllerAtLoad) {
      firstSave(workbox, registration);
      return;
    }
    if (navigator.serviceWorker.controller !== controllerAtLoad) newDeployTookOver(); // before registering
    setState(offline, "ready");
    engine.refresh().catch(() => {});
  }

  // Reading comes first: register once the page has loaded and, on a calculator page, once
  // its engine has started, so the copy's downloads do not slow the engine's.
  const afterLoad = () => Promise.resolve(engineSettled()).then(register);
  if (document.readyState === "complete") afterLoad();
  else addEventListener("load", afterLoad, { once: true });
}

// Material's instant navigation keeps this module's one run: it sets up once per document.
if ("serviceWorker" in navigator) start();
