// The calculators' engine kept offline on this device, as the service worker that serves this
// page holds it. Whether it holds every file a start downloads (its status's `startsOffline`) is
// asked only offline, to say at once that live answers need the engine rather than show a
// download that cannot happen; the copy is dropped when a start from it failed (worker-client.js).
import { ask, statusOf } from "../offline/service-worker-protocol.js";
import { messageSW } from "../offline/workbox-window.mjs";

export async function engineKeptOffline() {
  const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (!worker) return false; // no offline copy serves this page: nothing is kept
  try {
    return Boolean(statusOf(await messageSW(worker, ask.status())).startsOffline);
  } catch {
    return false; // the worker could not look (storage refused): nothing is kept
  }
}

// Removes the engine's offline copy from this device, if the service worker that serves this page
// holds one; resolves whether it did (a start from a copy stored cut short fails on every visit).
export async function dropKeptEngine() {
  const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (!worker) return false;
  try {
    const held = statusOf(await messageSW(worker, ask.status()));
    if (!held.bytes && !held.startsOffline) return false;
    statusOf(await messageSW(worker, ask.forget()));
    return true;
  } catch {
    return false; // the worker could not look or forget (storage refused): nothing was dropped
  }
}
