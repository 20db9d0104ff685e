// Points Material's search box at the site's own search worker (search/worker.js), before
// Material's bundle reads its configuration, and answers as the reader types. Loaded from
// overrides/main.html, right after the configuration. A build without Material's search
// form (Zensical's search is a different component) keeps its own search.
(function () {
  var config = document.getElementById("__config");
  if (!config || !document.forms.namedItem("search")) return;
  var script = document.currentScript;
  var settings = JSON.parse(config.textContent);
  var workerUrl = new URL(script.dataset.worker, location.href).href;
  settings.search = script.dataset.worker;
  config.textContent = JSON.stringify(settings);

  // Material asks its worker on keyup, tens of milliseconds after the character appears, and
  // its rendering of the answer takes tens more on a phone. So the page ranks the text itself
  // as it changes (the input event) and renders Material's list markup at once; Material's own
  // answer for the same text follows on keyup and renders the same list. Instant navigation
  // may run this file again: the rest is set up once.
  if (window.__ruleSearchAsYouType) return;
  window.__ruleSearchAsYouType = true;
  var SETUP = 0, RESULT = 3;   // Material's SearchMessageType
  var SHOWN = 10;   // Material shows ten results at once, the rest as the list is scrolled
  var FIRST = 4;
  var siteRoot = new URL(settings.base, location.href);
  var scripts = new URL(script.src, location.href);
  var search = null, loading = null;
  var resolveIndex;
  var index = new Promise(function (resolve) { resolveIndex = resolve; });

  function box() {
    var form = document.forms.namedItem("search");
    return form && form.elements.namedItem("query");
  }

  // Material fetches the index and hands it to its worker (SETUP): the page keeps it too.
  // An answer from the worker to text the reader has since changed would replace the list
  // the page has already shown for the newer text: it is not passed on to Material.
  var NativeWorker = window.Worker;
  window.Worker = function (url, options) {
    var worker = new NativeWorker(url, options);
    if (new URL(url, location.href).href === workerUrl) {
      var post = worker.postMessage;
      worker.postMessage = function (message) {
        if (message && message.type === SETUP) resolveIndex(message.data);
        return post.apply(worker, arguments);
      };
      worker.addEventListener("message", function (event) {
        var data = event.data;
        if (data && data.type === RESULT && search && data.query !== box().value) event.stopImmediatePropagation();
      });
    }
    return worker;
  };
  window.Worker.prototype = NativeWorker.prototype;

  // Material requests the index (84 KB gzip) as every page loads, while a first visit to a
  // calculator waits on the same network for its engine: half a second on Slow 4G. Material's
  // request (an XMLHttpRequest) is sent once the reader first goes to the search box instead.
  var indexUrl = new URL("search/search_index.json", siteRoot).href;
  var wantIndex;
  var indexWanted = new Promise(function (resolve) { wantIndex = resolve; });
  var held = new WeakSet();
  var open = XMLHttpRequest.prototype.open, send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url) {
    if (new URL(url, location.href).href === indexUrl) held.add(this);
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    var request = this, args = arguments;
    if (!held.has(request)) return send.apply(request, args);
    indexWanted.then(function () { send.apply(request, args); });
  };

  function loadScript(name) {
    return new Promise(function (resolve, reject) {
      var element = document.createElement("script");
      element.src = new URL(name, scripts).href;
      element.onload = resolve;
      element.onerror = function () { reject(new Error("could not load " + name)); };
      document.head.appendChild(element);
    });
  }

  // The ranking, loaded when the reader first goes to the search box (the service worker
  // keeps it offline). Until it is in, Material's worker answers alone.
  function startSearch() {
    if (loading) return loading;
    var code = loadScript("words.js").then(function () {
      return Promise.all([loadScript("engine.js"), loadScript("result-item.js")]);
    });
    loading = Promise.all([index, code]).then(function (both) {
      search = window.RuleSearch.createSearch(both[0]);
      if (box().value) show(box().value);
    }).catch(function (error) {
      loading = null;   // Material's own answers go on; the next visit to the box tries again
      console.warn("search as you type is off:", error.message);
    });
    return loading;
  }

  function translation(key, count) {
    return settings.translations[key].replace("#", String(count));
  }

  // The address Material gives a result (new URL(location, base)); the index's locations are
  // plain relative paths, which the root's address only needs put in front of.
  function address(location) {
    return /^[\w\/#.~-]*$/.test(location) ? siteRoot.href + location : new URL(location, siteRoot).href;
  }

  function items(results, from, to) {
    var html = "";
    for (var rank = from; rank < Math.min(results.length, to); rank++) {
      html += window.RuleSearchItems.listItem(results[rank], rank, results.length, address(results[rank].location));
    }
    return html;
  }

  // The first results (those a phone shows above its keyboard) go in with the character; the
  // rest of the ten follow in the next frame, unless the text or the list has changed by then.
  var shown = 0;
  function show(text) {
    var list = document.querySelector(".md-search-result__list");
    var meta = document.querySelector(".md-search-result__meta");
    if (!list || !meta || !text) return;   // an empty box: Material shows its placeholder
    var results = search.search(text);
    var showing = ++shown;
    list.innerHTML = items(results, 0, FIRST);
    meta.textContent = results.length === 0 ? translation("search.result.none")
      : results.length === 1 ? translation("search.result.one")
      : translation("search.result.other", results.length);
    if (results.length <= FIRST) return;
    var first = list.firstElementChild;
    requestAnimationFrame(function () {
      setTimeout(function () {   // after that frame; not if Material's own answer is in by then
        if (showing === shown && list.firstElementChild === first) {
          list.insertAdjacentHTML("beforeend", items(results, FIRST, SHOWN));
        }
      }, 0);
    });
  }

  document.addEventListener("focusin", function (event) {
    if (event.target !== box()) return;
    wantIndex();
    startSearch();
  });
  document.addEventListener("input", function (event) {
    if (search && event.target === box()) show(box().value);
  });
})();
