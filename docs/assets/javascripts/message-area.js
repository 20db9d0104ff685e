// One message area for the whole site (#site-messages, made here once per document): a band
// along the bottom of the screen that floats over the page, so the page never moves when a note
// appears, and that stays clear of the top of the screen, where a link lands (a rule, a heading,
// the calculator's full result). It never lies over what the reader is using: the anchor the
// address names, the focused field, the block just tapped, a calculator's pinned answer bar or
// an open glossary card: it then shows just above the pinned bar, or just under the header bar,
// wherever it covers least of that. The text wraps and is never cut. Messages wait in a queue
// instead of stacking: one shows at a time, each for at least a moment.
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

const inArea = (element) => Boolean(element.closest("#site-messages"));

// What the reader is using, as boxes on the screen: the anchor the address names, what has the
// focus (a field, or the result "Full result ↓" led to), the block holding what was last tapped,
// a calculator's answer bar pinned while its form is edited, the open glossary card. Of a place
// a link or a focus leads to, what counts is where the reader starts: its first third of a screen.
// The band's own buttons are not among them: a tap on one focuses it, and a band that then moved
// away from under the finger, before the finger lifted, would leave the tap to the page beneath.
function inUse() {
  const boxes = (elements) => elements.filter(Boolean).map((element) => element.getBoundingClientRect());
  const start = (box) => ({ top: box.top, bottom: Math.min(box.bottom, box.top + innerHeight / 3), height: box.height });
  let target;
  try {
    target = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  } catch {
    target = null;   // a malformed %-escape names no element
  }
  const active = document.activeElement;
  const focused = active && !inArea(active) ? active : null;
  const field = focused && focused.matches("input, select, textarea, [contenteditable]") ? focused : null;
  const led = focused && !field && focused !== document.body && focused !== document.documentElement ? focused : null;
  const tapped = lastTapped && lastTapped.isConnected ? lastTapped.closest("[id]") || lastTapped : null;
  return [
    ...boxes([target, led]).map(start),
    ...boxes([field, tapped, ...document.querySelectorAll(".calculator[data-editing] .calc-summary, #gloss-card:not([hidden])")]),
  ].filter((box) => box.height > 0);
}

function overlap(a, b) {
  return Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
}

// Where the band may go, in order of preference: the bottom of the screen; just above a
// calculator's answer bar pinned there; just under the header bar.
function places() {
  const found = [{ place: "bottom", offset: 0 }];
  for (const bar of document.querySelectorAll(".calculator[data-editing] .calc-summary")) {
    const box = bar.getBoundingClientRect();
    if (box.height && box.bottom >= innerHeight - 1 && box.top < innerHeight) {
      found.push({ place: "bottom", offset: innerHeight - box.top });
    }
  }
  found.push({ place: "top", offset: 0 });
  return found;
}

function put(element, { place, offset }) {
  element.dataset.place = place;
  element.style.setProperty("--site-messages-bottom", `${offset}px`);
}

// Where it covers least of what the reader is using: the first place that covers none of it.
function place(element) {
  if (element.hidden) return;
  const header = document.querySelector(".md-header");
  element.style.setProperty("--site-messages-top", `${header ? Math.max(0, header.getBoundingClientRect().bottom) : 0}px`);
  const used = inUse();
  let best = null;
  for (const where of places()) {
    put(element, where);
    const band = element.getBoundingClientRect();
    const covered = used.reduce((sum, box) => sum + overlap(band, box), 0);
    if (!best || covered < best.covered) best = { where, covered };
    if (!covered) break;
  }
  put(element, best.where);
}

function placeAgain() {
  requestAnimationFrame(() => place(area()));
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
  if (!inArea(event.target)) lastTapped = event.target;
}, { capture: true, passive: true });
// What the reader uses changes after these (a tap's block, a field's pinned bar, a followed
// anchor, a turned phone): the band takes its place again, once what they start has happened.
for (const type of ["click", "focusin", "hashchange", "resize"]) addEventListener(type, placeAgain, { passive: true });
area();
