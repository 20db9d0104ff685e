// Calculator pages: wires each `.calculator` block to the shared engine. The result's
// HTML and its one-line answer come from the views in the worker (calculator_views),
// the same code that wrote the build-time result; this script only wires events, the
// URL and the status, and swaps in what the views wrote.
// Material's instant navigation swaps pages without reloading, so setup runs on
// every document$ emission, skips blocks it has already wired, and the engine is
// a module-level singleton (engine.js) started only where a calculator is.
import { engine, loadingText } from "./engine.js";
import { markSet, openWhatIsSet, step, tapSymbol } from "./form.js";
import {
  addRow, copyValues, linkEntries, numberRows, queryEntries, readForm, sameValues, writeForm,
} from "./values.js";

// A call takes a few milliseconds in the worker, so each change is computed at once
// (0 only merges the events of one change); stale answers are dropped by sequence.
const DEBOUNCE_MS = 0;

class Calculator {
  constructor(box) {
    this.box = box;
    this.config = JSON.parse(box.dataset.config);
    this.form = box.querySelector(".calc-form");
    this.result = box.querySelector(".calc-result");
    this.summary = box.querySelector(".calc-summary");
    this.summaryText = box.querySelector(".calc-summary__text");
    this.statusText = box.querySelector(".calc-status__text");
    this.progress = box.querySelector(".calc-status__progress");
    this.message = box.querySelector(".calc-message");
    this.built = { html: this.result.innerHTML, summary: this.summaryText.textContent };
    this.pagePath = location.pathname; // set up once the address is this page's (instant navigation too)
    this.sequence = 0;
    this.timer = null;
    box.dataset.wired = "true";
    if (this.config.rows) numberRows(this.config, this.form);
    this.link = linkEntries(this.config, location.search);
    if (this.link) this.markStale("This result is for the default inputs; the link's inputs are filled in once the engine is ready.");
    const example = box.querySelector(".calc-example__load");
    if (example) example.disabled = false;
    this.listen();
  }

  listen() {
    // The answer's bar is pinned to the screen once the reader starts on the form (CSS). A tap
    // pins it only once it has landed (its click): pinned at the touch, the bar would cover a
    // field near the screen's bottom and take the tap meant for it. Keyboard focus pins at once.
    let pressing = false;
    const pin = () => {
      if (this.box.dataset.editing) return;
      this.box.dataset.editing = "true";
      const field = document.activeElement;
      if (field && this.form.contains(field)) requestAnimationFrame(() => field.scrollIntoView({ block: "nearest" }));
    };
    this.form.addEventListener("pointerdown", () => { pressing = true; });
    this.form.addEventListener("pointercancel", () => { pressing = false; }); // a scroll, not a tap
    this.form.addEventListener("click", () => { pressing = false; pin(); });
    this.form.addEventListener("focusin", () => { if (!pressing) pin(); });
    this.form.addEventListener("input", (event) => { pin(); this.changed(event); });
    this.form.addEventListener("change", (event) => { pin(); this.changed(event); });
    this.form.addEventListener("submit", (event) => event.preventDefault());
    this.form.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button) return;
      if (button.classList.contains("calc-copy")) this.copyLink();
      else if (button.classList.contains("calc-reset")) this.fill(this.config.defaults);
      else if (button.classList.contains("calc-example__load")) this.fill(this.config.example);
      else if (button.dataset.step) { step(button); this.changed(event); }
      else if (button.dataset.symbol) { tapSymbol(this.form, button.dataset.symbol); this.changed(event); }
      else if (button.classList.contains("calc-rows__add")) this.editRows(event, () => addRow(this.config, this.form));
      else if (button.classList.contains("calc-row__remove")) this.editRows(event, () => button.closest(".calc-row").remove());
    });
  }

  attach(shared) {
    this.engine = shared;
    const unsubscribe = shared.subscribe((status) => {
      if (!this.box.isConnected) { unsubscribe(); return; }
      this.showStatus(status);
    });
    shared.ready.then((ok) => {
      if (!ok || !this.box.isConnected) return;
      if (this.link) this.openLink();
      else if (this.dirty) this.compute(performance.now());
    });
  }

  get ready() {
    return this.engine && this.engine.status.state === "ready";
  }

  showStatus(status) {
    this.box.dataset.engine = status.state;
    this.progress.hidden = status.state !== "loading";
    this.progress.max = status.total || 1;
    this.progress.value = status.loaded || 0;
    if (status.state === "loading") {
      this.statusText.textContent = `Loading the engine: ${loadingText(status)}. `
        + "Until then, the result is for the default inputs.";
    } else if (status.state === "ready") {
      this.statusText.textContent = "Engine ready: the result follows your inputs.";
    } else {
      this.statusText.textContent = `Engine error: ${status.label}. The result shown is the last one worked out.`;
    }
  }

  // A shared link's inputs, checked by the views; a value the form does not take keeps its default.
  async openLink() {
    const entries = this.link;
    this.link = null;
    let opened;
    try {
      opened = await this.engine.readLink(this.config.view, entries);
    } catch (error) {
      this.showMessage(`The link's inputs could not be read: ${error.message}.`);
      return;
    }
    if (this.dirty) {
      this.showMessage("The link's inputs were not filled in: you had already changed the form.", true);
      return;
    }
    writeForm(this.config, this.form, opened.values);
    if (this.config.rows) numberRows(this.config, this.form);
    openWhatIsSet(this.config, this.form);
    this.showMessage(opened.messages.join(" "), true);
    this.fromLink = true;
    this.compute(performance.now());
  }

  changed(event) {
    this.stickyMessage = false;
    this.dirty = true;
    markSet(this.config, this.form);
    if (!this.ready) {
      this.markStale("This result is for earlier inputs; it updates once the engine is ready.");
      return;
    }
    clearTimeout(this.timer);
    const startedAt = event.timeStamp || performance.now();
    this.timer = setTimeout(() => this.compute(startedAt), DEBOUNCE_MS);
  }

  editRows(event, change) {
    change();
    numberRows(this.config, this.form);
    this.changed(event);
  }

  // The defaults (Reset) or the rulebook's example: the form, what is set, the result.
  fill(values) {
    writeForm(this.config, this.form, copyValues(values));
    if (this.config.rows) numberRows(this.config, this.form);
    openWhatIsSet(this.config, this.form);
    this.fromLink = false;
    this.showMessage("");
    this.clearErrors();
    this.dirty = true;
    if (this.ready) this.compute(performance.now());
    else if (sameValues(values, this.config.defaults)) this.show(this.built);
    else this.markStale("This result is for earlier inputs; it updates once the engine is ready.");
  }

  async compute(startedAt) {
    const values = readForm(this.config, this.form);
    const sequence = ++this.sequence;
    let answer;
    try {
      answer = await this.engine.render(this.config.view, values, this.config.ruleUrls);
    } catch (error) {
      this.showMessage(`The engine failed: ${error.message}. The last good result is kept.`);
      return;
    }
    if (sequence !== this.sequence || !this.box.isConnected) return;
    this.clearErrors();
    if (answer.error) {
      if (this.fromLink) {
        this.fromLink = false;
        this.showMessage(`The link's inputs don't work together (${answer.error.message}), so the defaults are used.`, true);
        writeForm(this.config, this.form, copyValues(this.config.defaults));
        if (this.config.rows) numberRows(this.config, this.form);
        openWhatIsSet(this.config, this.form);
        this.compute(startedAt);
        return;
      }
      this.showError(answer.error);
      this.markStale("Showing the last good result until the inputs are fixed.", answer.summary);
      return;
    }
    this.fromLink = false;
    this.show(answer);
    this.box.dataset.params = JSON.stringify(answer.params); // what the shown result is for (tests read it)
    mirrorInAddress(this, values);
    const timings = window.__calculators;
    timings.updates = (timings.updates || 0) + 1;
    timings.lastUpdateMs = performance.now() - startedAt;
  }

  // The views' result and answer; the answer is read out (the bar is the live region) only when it changes.
  show({ html, summary }) {
    this.result.innerHTML = html;
    this.result.classList.remove("calc-result--stale");
    this.summary.classList.remove("calc-summary--stale");
    if (this.summaryText.textContent !== summary) this.summaryText.textContent = summary;
  }

  showError({ field, message }) {
    const target = this.form.querySelector(`[data-field="${field}"]`)
      || this.form.querySelector(`[data-field^="${field}_"]`); // an entry of a points option: me -> me_character
    if (!target || target.closest(".calc-row")) {
      this.showMessage(message);
      return;
    }
    const error = target.querySelector(".calc-error");
    error.textContent = message;
    error.hidden = false;
    target.querySelector("input, select").setAttribute("aria-invalid", "true");
    const folded = target.closest("details:not([open])");
    if (folded) folded.open = true;
  }

  clearErrors() {
    for (const error of this.form.querySelectorAll(".calc-error:not([hidden])")) {
      error.hidden = true;
      error.textContent = "";
    }
    for (const input of this.form.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
    if (!this.stickyMessage) this.showMessage("");
  }

  // A sticky message (about the link's inputs) stays until the reader changes an input.
  showMessage(text, sticky = false) {
    this.message.textContent = text;
    this.message.hidden = !text;
    this.stickyMessage = sticky && Boolean(text);
  }

  markStale(note, summary = note) {
    this.result.classList.add("calc-result--stale");
    this.summary.classList.add("calc-summary--stale");
    if (this.summaryText.textContent !== summary) this.summaryText.textContent = summary;
    let line = this.result.querySelector(".calc-stale");
    if (!line) {
      line = document.createElement("p");
      line.className = "calc-stale";
      this.result.prepend(line);
    }
    line.textContent = note;
  }

  // This calculator's inputs in `search` (the address's query): none while they are the defaults.
  writeQuery(search, values) {
    for (const key of [...search.keys()]) if (key.startsWith(`${this.config.view}.`)) search.delete(key);
    if (!sameValues(values, this.config.defaults)) {
      for (const [key, value] of queryEntries(this.config, values)) search.append(key, value);
    }
  }

  shareUrl() {
    const search = new URLSearchParams();
    for (const [key, value] of queryEntries(this.config, readForm(this.config, this.form))) search.append(key, value);
    return `${location.origin}${location.pathname}?${search}#${this.box.id}`;
  }

  async copyLink() {
    const url = this.shareUrl();
    const note = this.box.querySelector(".calc-copied");
    this.box.dataset.shareUrl = url;
    try {
      await navigator.clipboard.writeText(url);
      note.textContent = "Link copied.";
    } catch {
      note.textContent = `Copy this link: ${url}`;
    }
  }
}

// The address bar follows the inputs, so a reload or a bookmark keeps them. A browser caps how
// often a page may rewrite its address (WebKit: 100 times in 30 s, after which
// history.replaceState throws, and so does the pushState of Material's instant navigation, whose
// next page then shows under the old address; Firefox: 200 in 10 s), and a reader tapping a
// stepper or typing changes inputs faster than that. So the address is written at once after a
// pause, then at most every ADDRESS_GAP_MS while changes go on, the last one always; only onto
// the calculator's own page's address (Material's instant navigation puts the next page's
// address up before that page arrives, then swaps the page); and if the browser refuses even so,
// again once its cap has passed.
// At most 30 writes in 30 s: under a third of WebKit's cap, which Material shares (it saves the
// scroll position in the history as the reader scrolls, and the section in view in the address).
const ADDRESS_GAP_MS = 1000;
const ADDRESS_RETRY_MS = 5000;
const addressUpdates = new Map(); // calculator -> the values to show for it
let addressTimer = null;
let lastAddressWrite = -Infinity;

function mirrorInAddress(calculator, values) {
  addressUpdates.set(calculator, values);
  if (addressTimer === null) {
    addressTimer = setTimeout(writeAddress, Math.max(0, lastAddressWrite + ADDRESS_GAP_MS - performance.now()));
  }
}

function writeAddress() {
  addressTimer = null;
  const search = new URLSearchParams(location.search);
  const here = [...addressUpdates].filter(([calculator]) =>
    calculator.box.isConnected && calculator.pagePath === location.pathname);
  if (!here.length) { addressUpdates.clear(); return; }
  for (const [calculator, values] of here) calculator.writeQuery(search, values);
  const query = search.toString();
  try {
    history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
  } catch {
    addressTimer = setTimeout(writeAddress, ADDRESS_RETRY_MS);
    return;
  }
  addressUpdates.clear();
  lastAddressWrite = performance.now();
}

// A calculator that moved to a page of its own (the hazard limit left the keying page): a
// link made for it here, with its inputs in the query, goes on to its page.
function followMovedCalculator() {
  const keys = [...new URLSearchParams(location.search).keys()];
  for (const link of document.querySelectorAll("a[data-calculator-moved]")) {
    if (keys.some((key) => key.startsWith(`${link.dataset.calculatorMoved}.`))) {
      location.replace(`${link.href.split("#")[0]}${location.search}${location.hash}`);
      return true;
    }
  }
  return false;
}

function setup() {
  if (followMovedCalculator()) return;
  const boxes = [...document.querySelectorAll(".calculator[data-config]:not([data-wired])")];
  if (!boxes.length) return;
  const shared = engine();
  for (const box of boxes) new Calculator(box).attach(shared);
}

if (window.document$) window.document$.subscribe(setup);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
else setup();
