// Points Material's search box at the site's own search worker (search/worker.js), before
// Material's bundle reads its configuration. Loaded from overrides/main.html, right after
// the configuration. A build without Material's search form (Zensical's search is a
// different component) keeps its own search.
(function () {
  var config = document.getElementById("__config");
  if (!config || !document.forms.namedItem("search")) return;
  var settings = JSON.parse(config.textContent);
  settings.search = document.currentScript.dataset.worker;
  config.textContent = JSON.stringify(settings);
})();
