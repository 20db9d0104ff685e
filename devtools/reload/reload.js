// Live reload for the developer server only (devtools/serve.py --watch puts this script on
// the pages it serves; the built site never has it). When the server names a new build, the page
// waits for the site's new service worker to take over (else a reload would show the old copy
// it keeps), then reloads.
import { nextStep, noteText } from "./reload-state.js";

const root = document.documentElement;
let shown = null;
let note = null;

function showNote(text) {
  if (!note) {
    note = document.createElement("div");
    note.setAttribute("role", "status");
    note.className = "dev-reload-note";
    note.style.cssText = "position:fixed;inset:auto 0 0 0;z-index:10;padding:.5em 1em;"
      + "background:#333;color:#fff;font:14px/1.4 sans-serif";
    document.body.append(note);
  }
  note.textContent = text;
  note.hidden = !text;
}

// Resolves once the service worker of the new build controls the page (at once when the build
// changed nothing it keeps, or when the page has none).
async function newWorkerInControl() {
  const registration = await navigator.serviceWorker?.getRegistration();
  if (!registration) return;
  await registration.update().catch(() => {});
  const incoming = registration.installing || registration.waiting;
  if (!incoming) return;
  await new Promise((resolve) => {
    navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
    incoming.addEventListener("statechange", () => {
      if (incoming.state === "activated" || incoming.state === "redundant") resolve();
    });
  });
}

const events = new EventSource("/__dev__/events");
events.addEventListener("build", async (event) => {
  const message = JSON.parse(event.data);
  const step = nextStep(shown, message);
  shown = step.shown;
  root.dataset.devBuild = step.action === "reload" ? "reloading" : message.state;
  if (step.action === "note") showNote(noteText(message));
  else if (note) showNote("");
  if (step.action !== "reload") return;
  events.close();
  await newWorkerInControl();
  location.reload();
});
