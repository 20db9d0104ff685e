// Offline use at the table: every page registers the service worker (sw.js at the
// site root, written by build_scripts/service_worker.mjs). On a first visit a small
// note says how much the site will store, then "Ready offline"; it never covers the
// text. When a new deploy takes over a page that was served from the old copy, the
// page reloads itself if the reader has not touched it yet, and otherwise offers to.
// Material's instant navigation may run this file again: it sets up only once.
(function () {
  if (window.__offline || !("serviceWorker" in navigator)) return;
  var offline = (window.__offline = { state: "starting" }); // read by the tests and the benchmark

  var SITE_ROOT = new URL("../../", document.currentScript.src); // this file is assets/javascripts/offline.js
  var SHOW_READY_MS = 5000;
  var RELOAD_GUARD = "offline-reloaded-at";
  var servedFromCache = Boolean(navigator.serviceWorker.controller);
  var touched = false;

  ["pointerdown", "keydown", "wheel", "touchstart", "input"].forEach(function (type) {
    addEventListener(type, function () { touched = true; }, { capture: true, passive: true, once: true });
  });

  function note() {
    var element = document.getElementById("offline-status");
    if (!element) {
      element = document.createElement("div");
      element.id = "offline-status";
      element.className = "offline-status";
      element.setAttribute("role", "status");
      element.setAttribute("aria-live", "polite");
      document.body.appendChild(element);
    }
    return element;
  }

  function show(state, text, hideAfterMs) {
    offline.state = state;
    document.documentElement.dataset.offline = state;
    var element = note();
    element.textContent = text;
    element.dataset.state = state;
    element.hidden = false;
    clearTimeout(show.timer);
    if (hideAfterMs) show.timer = setTimeout(function () { element.hidden = true; }, hideAfterMs);
    return element;
  }

  function megabytes(bytes) {
    return (bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0) + " MB";
  }

  function whenActivated(worker) {
    return new Promise(function (resolve) {
      if (worker.state === "activated" || worker.state === "redundant") return resolve(worker.state);
      worker.addEventListener("statechange", function () {
        if (worker.state === "activated" || worker.state === "redundant") resolve(worker.state);
      });
    });
  }

  function firstSave(registration) {
    var worker = registration.installing || registration.waiting;
    if (!worker) {
      offline.state = "ready";
      document.documentElement.dataset.offline = "ready";
      return;
    }
    show("saving", "Saving the site for offline use…");
    fetch(new URL("offline.json", SITE_ROOT)).then(function (response) { return response.json(); }).then(
      function (manifest) {
        offline.bytes = manifest.bytes;
        if (offline.state === "saving") {
          show("saving", "Saving the site for offline use (" + megabytes(manifest.bytes) + ")…");
        }
      },
      function () {} // the size is a courtesy; saving goes on without it
    );
    whenActivated(worker).then(function (state) {
      if (state === "activated") show("ready", "Ready offline", SHOW_READY_MS);
      else show("failed", "The site could not be saved for offline use; it still works online.", 2 * SHOW_READY_MS);
    });
  }

  // A new deploy took over (skipWaiting + clientsClaim): this page came from the old copy.
  function newDeployTookOver() {
    var lastReload = Number(sessionStorage.getItem(RELOAD_GUARD) || 0);
    if (!touched && Date.now() - lastReload > 10000) {
      sessionStorage.setItem(RELOAD_GUARD, String(Date.now()));
      location.reload();
      return;
    }
    var element = show("updated", "The site has been updated. ");
    var button = document.createElement("button");
    button.type = "button";
    button.className = "offline-status__reload";
    button.textContent = "Reload";
    button.addEventListener("click", function () { location.reload(); });
    element.appendChild(button);
  }

  function register() {
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (servedFromCache) newDeployTookOver();
      servedFromCache = true;
    });
    navigator.serviceWorker.register(new URL("sw.js", SITE_ROOT), { scope: SITE_ROOT.pathname }).then(
      function (registration) {
        if (!servedFromCache) firstSave(registration);
        else {
          offline.state = "ready";
          document.documentElement.dataset.offline = "ready";
        }
      },
      function (error) {
        offline.error = String(error);
        show("failed", "Offline use is not available here; the site still works online.", 2 * SHOW_READY_MS);
      }
    );
  }

  // Reading comes first: register once the page has loaded and, on a calculator page,
  // once its engine has started, so the first download of the runtime is not shared.
  function afterLoad() {
    Promise.resolve(window.engineSettled).then(register); // set by calculators/engine.js
  }

  if (document.readyState === "complete") afterLoad();
  else addEventListener("load", afterLoad, { once: true });
})();
