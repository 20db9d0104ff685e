// Points Material's search box at the site's own search worker (search/worker.js), before
// Material's bundle reads its configuration. Loaded from overrides/main.html, right after
// the configuration. A build without Material's search form (Zensical's search is a
// different component) keeps its own search.
(function () {
  var config = document.getElementById("__config");
  var form = document.forms.namedItem("search");
  if (!config || !form) return;
  var settings = JSON.parse(config.textContent);
  var workerUrl = new URL(document.currentScript.dataset.worker, location.href).href;
  settings.search = document.currentScript.dataset.worker;
  config.textContent = JSON.stringify(settings);

  // Material asks the worker on keyup, and a key is held for tens of milliseconds after its
  // character appears. The worker is also asked as soon as the text changes (the input
  // event), so the results follow the character; Material's keyup query for the same text
  // is then not answered twice (worker.js).
  if (window.__ruleSearchEarly) return;
  window.__ruleSearchEarly = true;
  var READY = 1, QUERY = 2;   // Material's SearchMessageType
  var NativeWorker = window.Worker;
  var searchWorker = null, ready = false;
  window.Worker = function (url, options) {
    var worker = new NativeWorker(url, options);
    if (new URL(url, location.href).href === workerUrl) {
      searchWorker = worker;
      worker.addEventListener("message", function (event) {
        if (event.data && event.data.type === READY) ready = true;
      });
    }
    return worker;
  };
  window.Worker.prototype = NativeWorker.prototype;
  document.addEventListener("input", function (event) {
    var box = event.target;
    if (ready && box.name === "query" && box.form && box.form.name === "search") {
      searchWorker.postMessage({ type: QUERY, data: box.value, early: true });
    }
  });
})();
