// One message area for the whole site (#site-messages, made here once per document): a band
// just under the header bar that floats over the page, so the page never moves when a note
// appears, and never over what the reader is using: if the band would lie over the focused
// field or the block just tapped, it shows at the bottom of the screen instead. The text
// wraps and is never cut; the page title in the header stays as it is. Messages wait in a
// queue instead of stacking: one shows at a time, each for at least a moment.
//
//   import { show, clear } from "./message-area.js";
//   show(text, {id, timeoutMs, urgent, actions: [{label, onClick}]})
//
// `id` names a message: showing it again updates it in place (progress) or in the queue.
// `timeoutMs` (default 4 s) hides it; null keeps it until it is replaced, cleared or
// dismissed (a lasting message has a close button). `urgent` (the reader's own action, such
// as "Copied") shows at once; what was showing goes back to the front of the queue.
// clear(id) removes a message.
const DEFAULT_MS = 4000;
let queue = [];
let current = null;
let timer = null;
let lastTapped = null;

// Made as the page loads, before any message, so a screen reader knows the live region.
function area() {
  let element = document.getElementById("site-messages");
  if (!element) {
    element = document.createElement("div");
    element.id = "site-messages";
    element.className = "site-messages";
    element.setAttribute("role", "status");
    element.setAttribute("aria-live", "polite");
    element.hidden = true;
    document.body.append(element);
  }
  return element;
}

// What the reader is using: the focused field, or the block holding what was last tapped.
function inUse() {
  const focused = document.activeElement;
  if (focused && focused.matches("input, select, textarea, [contenteditable]")) return focused;
  return lastTapped && lastTapped.isConnected ? lastTapped.closest("[id]") || lastTapped : null;
}

function overlap(a, b) {
  return Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
}

// Under the header unless that covers what the reader is using and the bottom covers less.
function place(element) {
  const header = document.querySelector(".md-header");
  element.style.setProperty("--site-messages-top", `${header ? Math.max(0, header.getBoundingClientRect().bottom) : 0}px`);
  element.dataset.place = "top";
  const used = inUse();
  if (!used) return;
  const target = used.getBoundingClientRect();
  const top = overlap(element.getBoundingClientRect(), target);
  if (!top) return;
  element.dataset.place = "bottom";
  if (overlap(element.getBoundingClientRect(), target) >= top) element.dataset.place = "top";
}

function render() {
  const element = area();
  element.replaceChildren();
  if (!current) {
    element.hidden = true;
    element.removeAttribute("data-message");
    return;
  }
  const body = document.createElement("div");
  body.className = "site-messages__body";
  const text = document.createElement("span");
  text.className = "site-messages__text";
  text.textContent = current.text;
  body.append(text);
  for (const action of current.actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "site-messages__action";
    button.textContent = action.label;
    button.addEventListener("click", action.onClick);
    body.append(button);
  }
  element.append(body);
  if (current.timeoutMs === null) {
    const close = document.createElement("button");
    close.type = "button";
    close.className = "site-messages__close";
    close.setAttribute("aria-label", "Dismiss");
    close.textContent = "×";
    const { id } = current;
    close.addEventListener("click", () => clear(id));
    element.append(close);
  }
  element.dataset.message = current.id;
  element.hidden = false;
  place(element);
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

function normalise(text, options = {}) {
  return {
    id: options.id || text,
    text,
    actions: options.actions || [],
    timeoutMs: options.timeoutMs === undefined ? DEFAULT_MS : options.timeoutMs,
  };
}

export function show(text, options) {
  const message = normalise(text, options);
  const urgent = Boolean(options && options.urgent);
  if (current && current.id === message.id) {
    current = message;
    render();
    schedule();
    return;
  }
  queue = queue.filter((queued) => queued.id !== message.id);
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

export function clear(id) {
  queue = queue.filter((queued) => queued.id !== id);
  if (current && current.id === id) next();
}

addEventListener("pointerdown", (event) => {
  if (!event.target.closest("#site-messages")) lastTapped = event.target;
}, { capture: true, passive: true });
area();
