// Offline use at the table: every page registers the service worker (sw.js at the site
// root, written by mele/build_scripts/postbuild/offline/service_worker.mjs), which keeps the pages, search and
// glossary at once (small). The calculators' engine (about 11 MB to download) is kept
// only once the reader has used a calculator (its files were just downloaded anyway) or
// taps "Keep the calculators offline (N MB)" (home page, and the "Ready offline" note).
// With Save-Data on, nothing of the engine is downloaded in the background. The reader can
// remove it again. Notes go through the site's message area (messages.js). When a new deploy
// takes over a page that was served from the old copy, the page reloads itself if the
// reader has not touched it yet, and otherwise offers to.
// Material's instant navigation may run this file again: it sets up only once.
(function () {
  if (window.__offline || !("serviceWorker" in navigator)) return;
  // Read by the tests and the benchmark: state of the pages' copy, and of the engine's.
  var offline = (window.__offline = { state: "starting", engineState: "unknown", engine: null });

  var SITE_ROOT = new URL("../../", document.currentScript.src); // this file is assets/javascripts/offline.js
  var SHOW_READY_MS = 8000;
  var RECHECK_MS = 1000; // how often a first save asks the browser whether its worker is active
  var RELOAD_GUARD = "offline-reloaded-at";
  var CONTROL = "[data-offline-engine]";
  var servedFromCache = Boolean(navigator.serviceWorker.controller);
  var touched = false;
  var messages = window.siteMessages;

  ["pointerdown", "keydown", "wheel", "touchstart", "input"].forEach(function (type) {
    addEventListener(type, function () { touched = true; }, { capture: true, passive: true, once: true });
  });

  function megabytes(bytes) {
    return (bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0) + " MB";
  }

  function saveData() {
    return Boolean(navigator.connection && navigator.connection.saveData);
  }

  function setState(state) {
    offline.state = state;
    document.documentElement.dataset.offline = state;
  }

  // One question to the service worker; `onProgress` gets its progress replies.
  function ask(message, onProgress) {
    return navigator.serviceWorker.ready.then(function (registration) {
      return new Promise(function (resolve, reject) {
        var channel = new MessageChannel();
        channel.port1.onmessage = function (event) {
          var reply = event.data;
          if (reply.type === "progress") { if (onProgress) onProgress(reply); }
          else if (reply.type === "failed") reject(new Error(reply.message));
          else resolve(reply);
        };
        registration.active.postMessage(message, [channel.port2]);
      });
    });
  }

  // --- the engine's offline copy ------------------------------------------------------------

  function engineSize() {
    return offline.engine ? megabytes(offline.engine.transfer) : "";
  }

  function keepButton() {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "offline-engine__keep md-button";
    button.textContent = "Keep the calculators offline (" + engineSize() + ")";
    button.addEventListener("click", function () { keepEngine(true); });
    return button;
  }

  function removeButton() {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "offline-engine__remove md-button";
    button.textContent = "Remove them from this device";
    button.addEventListener("click", forgetEngine);
    return button;
  }

  function paragraph(text) {
    var element = document.createElement("p");
    element.textContent = text;
    return element;
  }

  // The home page's control (a `data-offline-engine` element): what is kept, and a button.
  function renderControls() {
    var status = offline.engine;
    document.querySelectorAll(CONTROL).forEach(function (control) {
      control.replaceChildren();
      control.dataset.state = offline.engineState;
      if (!status) { control.hidden = true; return; }
      control.hidden = false;
      if (offline.engineState === "keeping") {
        control.append(paragraph(offline.keepingText || "Keeping the calculators offline…"));
      } else if (status.kept) {
        control.append(paragraph("Offline on this device: the pages, search and glossary, and the calculators ("
          + megabytes(status.bytes) + " stored" + (status.snapshot ? "" : "; they start faster once the rest is kept")
          + ")."), removeButton());
        if (!status.snapshot) control.append(keepButton());
      } else {
        control.append(paragraph("The pages, search and glossary are kept offline on this device. The calculators' "
          + "engine is kept too once you use a calculator, or now:"
          + (saveData() ? " (your browser asks to save data: nothing more is downloaded unless you tap)" : "")),
          keepButton());
      }
    });
  }

  function setEngine(status, state) {
    offline.engine = status;
    offline.engineState = state || (status.kept ? (status.snapshot ? "kept" : "kept-without-snapshot") : "none");
    renderControls();
  }

  function keepEngine(asked) {
    if (offline.engineState === "keeping") return Promise.resolve();
    // Without the reader asking, under Save-Data: only what the browser already holds, no snapshot.
    var quietly = !asked && saveData();
    offline.engineState = "keeping";
    var show = function (loaded, total) {
      offline.keepingText = "Keeping the calculators offline: " + megabytes(loaded) + " of " + megabytes(total) + "…";
      messages.show(offline.keepingText, { id: "offline-engine", timeoutMs: null });
      renderControls();
    };
    if (asked || !quietly) show(0, offline.engine ? offline.engine.transfer : 0);
    return ask({ type: "keep-engine", snapshot: !quietly, onlyIfCached: quietly }, function (progress) {
      if (!quietly) show(progress.loaded, progress.total);
    }).then(function (status) {
      setEngine(status);
      if (!quietly) messages.show("The calculators work offline now (" + megabytes(status.bytes) + " stored).",
        { id: "offline-engine" });
    }, function (error) {
      offline.engineState = "failed";
      offline.error = String(error);
      renderControls();
      messages.show("The calculators could not be kept offline (" + error.message + "); they still work online.",
        { id: "offline-engine", timeoutMs: 2 * SHOW_READY_MS });
    });
  }

  function forgetEngine() {
    return ask({ type: "forget-engine" }).then(function (status) {
      setEngine(status);
      messages.show("The calculators' offline copy is removed; they still work online.", { id: "offline-engine" });
    });
  }

  // A calculator that has started means its files are in the browser: keep them (and, unless
  // Save-Data is on, fetch the snapshot that makes the next start fast).
  var keepRequested = false;
  function keepAfterUse() {
    if (!window.engineSettled || keepRequested) return; // set by calculators/engine.js once it starts
    keepRequested = true;
    Promise.resolve(window.engineSettled).then(function (started) {
      var status = offline.engine;
      if (started && status && (!status.kept || status.outdated || (!status.snapshot && !saveData()))) keepEngine(false);
    });
  }

  function engineStatus() {
    return ask({ type: "engine-status" }).then(function (status) {
      setEngine(status);
      if (status.kept && status.outdated && !saveData()) keepEngine(false); // a new deploy changed a kept file
      keepAfterUse();
      if (window.document$ && window.document$.subscribe) window.document$.subscribe(function () {
        renderControls();
        keepAfterUse();
      });
    });
  }

  // --- the pages' copy --------------------------------------------------------------------------

  // Resolves "activated" or "redundant": on the worker's statechange, or when the browser, asked
  // every second, has this scope's newest worker active (none installing or waiting). WebKit has
  // been seen to leave a first visit "saving" for good, its worker "installing" as the page saw
  // it, while a reload found the copy saved and the worker active.
  function whenActivated(worker) {
    return new Promise(function (resolve) {
      var timer = null;
      function settle(state) {
        if (state !== "activated" && state !== "redundant") return;
        clearInterval(timer);
        resolve(state);
      }
      function askTheBrowser() {
        navigator.serviceWorker.getRegistration(SITE_ROOT.href).then(function (registration) {
          var settled = registration && registration.active && !registration.installing && !registration.waiting;
          settle(settled && registration.active.state === "activated" ? "activated" : worker.state);
        }, function () {});
      }
      worker.addEventListener("statechange", function () { settle(worker.state); });
      timer = setInterval(askTheBrowser, RECHECK_MS);
      settle(worker.state);
    });
  }

  function readyNote() {
    var status = offline.engine;
    var offer = status && !status.kept && !window.engineSettled && offline.engineState !== "keeping";
    messages.show(offer ? "Ready offline." : "Ready offline: the pages, search and glossary.", {
      id: "offline-pages",
      timeoutMs: SHOW_READY_MS,
      actions: offer ? [{ label: "Keep the calculators offline (" + engineSize() + ")", onClick: function () {
        messages.clear("offline-pages");
        keepEngine(true);
      } }] : [],
    });
  }

  function saved() {
    setState("ready");
    engineStatus().then(readyNote, readyNote);
  }

  function firstSave(registration) {
    var worker = registration.installing || registration.waiting;
    if (!worker) {   // saved while this page loaded (reloaded, or opened in another tab, during a first save)
      saved();
      return;
    }
    setState("saving");
    messages.show("Saving the site for offline use…", { id: "offline-pages", timeoutMs: null });
    fetch(new URL("offline.json", SITE_ROOT)).then(function (response) { return response.json(); }).then(
      function (manifest) {
        offline.bytes = manifest.bytes;
        if (offline.state === "saving") {
          messages.show("Saving the pages, search and glossary for offline use (" + megabytes(manifest.bytes) + ")…",
            { id: "offline-pages", timeoutMs: null });
        }
      },
      function () {} // the size is a courtesy; saving goes on without it
    );
    whenActivated(worker).then(function (state) {
      if (state !== "activated") {
        setState("failed");
        messages.show("The site could not be saved for offline use; it still works online.",
          { id: "offline-pages", timeoutMs: 2 * SHOW_READY_MS });
        return;
      }
      saved();
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
    setState("updated");
    messages.show("The site has been updated.", {
      id: "offline-update",
      timeoutMs: null,
      actions: [{ label: "Reload", onClick: function () { location.reload(); } }],
    });
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
          setState("ready");
          engineStatus().catch(function () {});
        }
      },
      function (error) {
        offline.error = String(error);
        setState("failed");
        messages.show("Offline use is not available here; the site still works online.",
          { id: "offline-pages", timeoutMs: 2 * SHOW_READY_MS });
      }
    );
  }

  // Reading comes first: register once the page has loaded and, on a calculator page,
  // once its engine has started, so the copy's downloads do not slow the engine's.
  function afterLoad() {
    Promise.resolve(window.engineSettled).then(register); // set by calculators/engine.js
  }

  if (document.readyState === "complete") afterLoad();
  else addEventListener("load", afterLoad, { once: true });
})();
