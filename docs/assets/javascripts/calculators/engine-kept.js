// Whether this device has kept the calculators' engine for offline use: the service worker
// that serves this page holds every file a start downloads (its status's `startsOffline`).
// Asked only offline, to say at once that live answers need the engine rather than show a
// download that cannot happen.
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
