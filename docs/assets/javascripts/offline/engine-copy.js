// The calculators' engine on this device: the service worker's second precache, kept only
// once the reader has used a calculator (its files were just downloaded anyway) or asks
// ("Keep the calculators offline", on the home page, in the "Ready offline" note, and in
// the note a calculator page raises when it is offline without its engine). With Save-Data
// on, nothing of the engine is downloaded unasked. The reader can remove it again.
// Requests go to the worker with workbox-window's messageSW, in the messages of
// service-worker-protocol.js; build_scripts/postbuild/offline/service_worker_engine.js answers them.
import { engineSettled } from "../calculators/engine-settled.js";
import { ask as request, progressOf, statusOf } from "./service-worker-protocol.js";
import { engineSize, megabytes, progress } from "./sizes.js";
import { messageSW } from "./workbox-window.mjs";

const CONTROL = "[data-offline-engine]";
const FAILED_MS = 16000;

export function saveData() {
  return Boolean(navigator.connection && navigator.connection.saveData);
}

// `offline` is offline.js's state (the tests read it): engineState and engine, the last status.
// `manifest`: offline.json, which says how big the engine is before the worker is asked.
export function engineCopy(offline, messages, manifest) {
  let keepRequested = false;
  let sizes = null;
  const sizesKnown = manifest.then((known) => { sizes = known.engine; }, () => {});
  let keepOnceOnline = false;

  async function ask(message) {
    const registration = await navigator.serviceWorker.ready;
    return statusOf(await messageSW(registration.active, message));
  }

  // The worker reports a keep's progress to the page that asked.
  navigator.serviceWorker.addEventListener("message", (event) => {
    const kept = progressOf(event.data);
    if (kept && offline.engineState === "keeping" && !offline.quietly) showProgress(kept.loaded, kept.total);
  });

  function button(className, label, onClick) {
    const element = document.createElement("button");
    element.type = "button";
    element.className = `${className} md-button`;
    element.textContent = label;
    element.addEventListener("click", onClick);
    return element;
  }

  // What keeping the engine downloads and stores: the worker's figures, or the build's.
  function size() {
    const status = offline.engine;
    return engineSize(status ? { transfer: status.transfer, bytes: status.total } : sizes);
  }

  function keepLabel() {
    return `Keep the calculators offline (${size()})`;
  }

  function paragraph(text) {
    const element = document.createElement("p");
    element.textContent = text;
    return element;
  }

  // The home page's control (a `data-offline-engine` element): what is kept, and a button.
  function renderControls() {
    const status = offline.engine;
    for (const control of document.querySelectorAll(CONTROL)) {
      control.replaceChildren();
      control.dataset.state = offline.engineState;
      control.hidden = !status;
      if (!status) continue;
      if (offline.engineState === "keeping") {
        control.append(paragraph(offline.keepingText || "Keeping the calculators offline…"));
      } else if (status.kept) {
        control.append(paragraph("Offline on this device: the pages, search and glossary, and the calculators ("
          + `${megabytes(status.bytes)} on this device`
          + `${status.snapshot ? "" : "; they start faster once the rest is kept"}).`),
        button("offline-engine__remove", "Remove them from this device", forget));
        if (!status.snapshot) control.append(button("offline-engine__keep", keepLabel(), () => keep(true)));
      } else {
        control.append(paragraph("The pages, search and glossary are kept offline on this device. The calculators' "
          + "engine is kept too once you use a calculator, or now:"
          + (saveData() ? " (your browser asks to save data: nothing more is downloaded unless you tap)" : "")),
        button("offline-engine__keep", keepLabel(), () => keep(true)));
      }
    }
  }

  function setStatus(status, state) {
    offline.engine = status;
    offline.engineState = state || (status.kept ? (status.snapshot ? "kept" : "kept-without-snapshot") : "none");
    renderControls();
  }

  function showProgress(loaded, total) {
    offline.keepingText = `Keeping the calculators offline: ${progress(loaded, total)}…`;
    messages.show(offline.keepingText, { id: "offline-engine", timeoutMs: null });
    renderControls();
  }

  async function keep(asked) {
    if (offline.engineState === "keeping") return;
    if (asked && !navigator.onLine) { offerOnceOnline(); return; }
    // Without the reader asking, under Save-Data: only what the browser already holds, no snapshot.
    const quietly = !asked && saveData();
    offline.engineState = "keeping";
    offline.quietly = quietly;
    if (!quietly) showProgress(0, offline.engine ? offline.engine.transfer : sizes.transfer);
    try {
      const status = await ask(request.keep({ snapshot: !quietly, onlyIfCached: quietly }));
      setStatus(status);
      if (!quietly) {
        messages.show(`The calculators work offline now (${megabytes(status.bytes)} on this device).`,
          { id: "offline-engine" });
      }
    } catch (error) {
      offline.engineState = "failed";
      offline.error = String(error);
      renderControls();
      messages.show(`The calculators could not be kept offline (${error.message}); they still work online.`,
        { id: "offline-engine", timeoutMs: FAILED_MS });
    }
  }

  async function forget() {
    setStatus(await ask(request.forget()));
    messages.show("The calculators' offline copy is removed; they still work online.", { id: "offline-engine" });
  }

  // Tapped while offline: kept as soon as the network is back.
  function offerOnceOnline() {
    if (!keepOnceOnline) {
      keepOnceOnline = true;
      addEventListener("online", () => keep(true), { once: true });
    }
    messages.show("The calculators will be kept offline as soon as this device is online again "
      + `(${size()}).`, { id: "offline-engine" });
  }

  // A calculator that has started means its files are in the browser: keep them (and, unless
  // Save-Data is on, fetch the snapshot that makes the next start fast).
  async function keepAfterUse() {
    if (!engineSettled() || keepRequested) return;
    keepRequested = true;
    const started = await engineSettled();
    const status = offline.engine;
    if (started && status && (!status.kept || status.outdated || (!status.snapshot && !saveData()))) keep(false);
  }

  // The worker's status; a new deploy that changed a kept file has it kept again.
  async function refresh() {
    setStatus(await ask(request.status()));
    if (offline.engine.outdated && !saveData()) keep(false);
    keepAfterUse();
  }

  // The engine could not start from this device's copy, which worker-client.js dropped: say so,
  // and show the copy gone (it is kept again, checked, once the engine has started).
  async function copyDropped() {
    messages.show("The calculators could not start from their offline copy on this device, so it was removed; "
      + "they are starting from the network.", { id: "offline-engine", timeoutMs: FAILED_MS });
    setStatus(await ask(request.status()));
  }

  // Offered beside "Ready offline" on a first visit that has not used a calculator.
  function offerAction() {
    const status = offline.engine;
    if (!status || status.kept || engineSettled() || offline.engineState === "keeping") return null;
    return { label: keepLabel(), onClick: () => keep(true) };
  }

  // A calculator page, offline without the engine, says so (the `mele:keep-offline-offer`
  // event): the reader can ask for it to be kept, then or the next time online.
  async function offerAfterMissing() {
    await sizesKnown;
    if ((offline.engine && offline.engine.kept) || (!offline.engine && !sizes)) return;
    messages.show("The calculators need their engine on this device to work offline.", {
      id: "offline-engine",
      timeoutMs: null,
      actions: [{ label: keepLabel(), onClick: () => keep(true) }],
    });
  }

  return { refresh, renderControls, keepAfterUse, offerAction, offerAfterMissing, copyDropped };
}
