// One message area for the whole site (issue 19): it takes the place of the page title in
// the header bar while it speaks, so it never covers the text, a form control or the open
// navigation drawer, and never moves the page. Messages wait in a queue instead of
// stacking: one shows at a time, each for at least a moment.
//
//   window.siteMessages.show(text, {id, timeoutMs, urgent, actions: [{label, onClick}]})
//
// `id` names a message: showing it again updates it in place (progress) or in the queue.
// `timeoutMs` (default 4 s) hides it; null keeps it until it is replaced or cleared.
// `urgent` (the reader's own action, such as "Copied") shows at once; what was showing
// goes back to the front of the queue. clear(id) removes a message.
// Material's instant navigation may run this file again: it sets up only once.
(function () {
  if (window.siteMessages) return;
  var DEFAULT_MS = 4000;
  var queue = [];
  var current = null;
  var timer = null;

  function area() {
    var element = document.getElementById("site-messages");
    var header = document.querySelector(".md-header__title") || document.querySelector(".md-header");
    if (!element) {
      element = document.createElement("div");
      element.id = "site-messages";
      element.className = "site-messages";
      element.setAttribute("role", "status");
      element.setAttribute("aria-live", "polite");
      element.hidden = true;
    }
    var home = header || document.body;
    if (element.parentNode !== home) home.appendChild(element);
    return element;
  }

  function render() {
    var element = area();
    element.replaceChildren();
    if (!current) {
      element.hidden = true;
      element.removeAttribute("data-message");
      return;
    }
    var text = document.createElement("span");
    text.className = "site-messages__text";
    text.textContent = current.text;
    element.appendChild(text);
    (current.actions || []).forEach(function (action) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "site-messages__action";
      button.textContent = action.label;
      button.addEventListener("click", action.onClick);
      element.appendChild(button);
    });
    element.dataset.message = current.id;
    element.hidden = false;
  }

  function schedule() {
    clearTimeout(timer);
    if (current && current.timeoutMs !== null) timer = setTimeout(next, current.timeoutMs);
  }

  function next() {
    current = queue.shift() || null;
    render();
    schedule();
  }

  function normalise(text, options) {
    options = options || {};
    return {
      id: options.id || text,
      text: text,
      actions: options.actions || [],
      timeoutMs: options.timeoutMs === undefined ? DEFAULT_MS : options.timeoutMs,
    };
  }

  function show(text, options) {
    var message = normalise(text, options);
    var urgent = Boolean(options && options.urgent);
    if (current && current.id === message.id) {
      current = message;
      render();
      schedule();
      return;
    }
    queue = queue.filter(function (queued) { return queued.id !== message.id; });
    if (!current) {
      current = message;
      render();
      schedule();
    } else if (urgent) {
      queue.unshift(current);
      current = message;
      render();
      schedule();
    } else {
      queue.push(message);
      if (current.timeoutMs === null) { // a lasting message yields and comes back after
        queue.push(current);
        next();
      }
    }
  }

  function clear(id) {
    queue = queue.filter(function (queued) { return queued.id !== id; });
    if (current && current.id === id) next();
  }

  window.siteMessages = { show: show, clear: clear };
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(function () { if (current) render(); });
})();
