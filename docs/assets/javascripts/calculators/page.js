// Calculator pages: wires each `.calculator` block to the shared engine.
// Material's instant navigation swaps pages without reloading, so setup runs on
// every document$ emission, skips blocks it has already wired, and the engine is
// a module-level singleton (engine.js) started only where a calculator is.
import { engine, loadingText } from "./engine.js";
import { renderResult } from "./render.js";
import {
  addRow, copyValues, engineParams, numberRows, queryEntries, readForm, sameValues, valuesFromQuery, writeForm,
} from "./values.js";

const SITE_ROOT = new URL("../../../", import.meta.url);
// A call takes well under a millisecond in the worker, so each change is computed at
// once (0 only merges the events of one change); stale answers are dropped by sequence.
const DEBOUNCE_MS = 0;

class Calculator {
  constructor(box) {
    this.box = box;
    this.config = JSON.parse(box.dataset.config);
    this.form = box.querySelector(".calc-form");
    this.result = box.querySelector(".calc-result");
    this.statusText = box.querySelector(".calc-status__text");
    this.progress = box.querySelector(".calc-status__progress");
    this.message = box.querySelector(".calc-message");
    this.buildTimeResult = this.result.firstElementChild.cloneNode(true);
    this.sequence = 0;
    this.fromLink = false;
    this.timer = null;
    box.dataset.wired = "true";
    if (this.config.rows) numberRows(this.config, this.form);
    this.loadFromLink();
    this.listen();
  }

  // The build gives every rule the results can cite its URL (build_scripts/rule_index.py).
  ruleHref = (ruleId) => this.config.ruleUrls[ruleId];

  loadFromLink() {
    const { values, messages, present } = valuesFromQuery(this.config, new URLSearchParams(location.search));
    if (!present) return;
    writeForm(this.config, this.form, values);
    this.fromLink = true;
    this.showMessage(messages.join(" "), true);
    if (!sameValues(values, this.config.defaults)) this.markStale("This result is for the default inputs; it updates to the link's inputs once the engine is ready.");
  }

  listen() {
    this.form.addEventListener("input", (event) => this.changed(event));
    this.form.addEventListener("change", (event) => this.changed(event));
    this.form.addEventListener("submit", (event) => event.preventDefault());
    this.form.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button) return;
      const editsInputs = Boolean(button.dataset.symbol || button.closest(".calc-rows")); // before a row is removed
      if (button.classList.contains("calc-copy")) this.copyLink();
      else if (button.classList.contains("calc-reset")) this.reset();
      else if (button.dataset.symbol) this.tapSymbol(button.dataset.symbol);
      else if (button.classList.contains("calc-rows__add")) this.editRows(() => addRow(this.config, this.form));
      else if (button.classList.contains("calc-row__remove")) this.editRows(() => button.closest(".calc-row").remove());
      else return;
      if (editsInputs) this.changed(event);
    });
  }

  attach(shared) {
    this.engine = shared;
    const unsubscribe = shared.subscribe((status) => {
      if (!this.box.isConnected) { unsubscribe(); return; }
      this.showStatus(status);
    });
    shared.ready.then((ok) => {
      if (ok && this.box.isConnected && (this.fromLink || this.dirty)) this.compute(performance.now());
    });
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

  changed(event) {
    this.stickyMessage = false;
    this.dirty = true;
    const startedAt = event.timeStamp || performance.now();
    if (!this.engine || this.engine.status.state !== "ready") {
      this.markStale("This result is for earlier inputs; it updates once the engine is ready.");
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.compute(startedAt), DEBOUNCE_MS);
  }

  tapSymbol(symbol) {
    const input = this.form.querySelector('[data-field="path"] input');
    const letters = input.value.trim().split(/[\s,]+/).filter(Boolean);
    if (symbol === "back") letters.pop();
    else if (symbol === "clear") letters.length = 0;
    else letters.push(symbol);
    input.value = letters.join(" ");
  }

  editRows(change) {
    change();
    numberRows(this.config, this.form);
  }

  async compute(startedAt) {
    const values = readForm(this.config, this.form);
    const sequence = ++this.sequence;
    const params = engineParams(this.config, values);
    let result;
    try {
      result = await this.engine.run(this.config.engine, params);
    } catch (error) {
      this.showMessage(`The engine failed: ${error.message}. The last good result is kept.`);
      return;
    }
    if (sequence !== this.sequence || !this.box.isConnected) return;
    this.clearErrors();
    if (result.error) {
      if (this.fromLink) {
        this.fromLink = false;
        writeForm(this.config, this.form, copyValues(this.config.defaults));
        this.showMessage(`The link's inputs don't work together (${result.error.message}), so the defaults are used.`, true);
        this.compute(startedAt);
        return;
      }
      this.showError(result.error);
      this.markStale("Showing the last good result until the inputs are fixed.");
      return;
    }
    this.fromLink = false;
    this.result.replaceChildren(renderResult(this.config, result, (values.rows || []).map((row) => row.name || ""), this.ruleHref));
    this.result.classList.remove("calc-result--stale");
    this.box.dataset.params = JSON.stringify(params); // what the shown result is for (tests read it)
    this.mirrorInUrl(values);
    const timings = window.__calculators;
    timings.updates = (timings.updates || 0) + 1;
    timings.lastUpdateMs = performance.now() - startedAt;
  }

  showError({ field, message }) {
    const specs = [...this.config.fields, ...this.config.rollFields];
    const spec = specs.find((s) => s.name === field) || specs.find((s) => s.param[0] === field);
    const target = spec && this.form.querySelector(`.calc-fields [data-field="${spec.name}"], .calc-roll [data-field="${spec.name}"]`);
    if (!target) {
      this.showMessage(message);
      return;
    }
    const error = target.querySelector(".calc-error");
    error.textContent = message;
    error.hidden = false;
    target.querySelector("input, select").setAttribute("aria-invalid", "true");
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

  markStale(note) {
    this.result.classList.add("calc-result--stale");
    let line = this.result.querySelector(".calc-stale");
    if (!line) {
      line = document.createElement("p");
      line.className = "calc-stale";
      this.result.prepend(line);
    }
    line.textContent = note;
  }

  mirrorInUrl(values) {
    const search = new URLSearchParams(location.search);
    for (const key of [...search.keys()]) if (key.startsWith(`${this.config.view}.`)) search.delete(key);
    if (!sameValues(values, this.config.defaults)) {
      for (const [key, value] of queryEntries(this.config, values, true)) search.append(key, value);
    }
    const query = search.toString();
    const url = `${location.pathname}${query ? `?${query}` : ""}${location.hash}`;
    history.replaceState(history.state, "", url);
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

  reset() {
    writeForm(this.config, this.form, copyValues(this.config.defaults));
    if (this.config.rows) numberRows(this.config, this.form);
    this.fromLink = false;
    this.showMessage("");
    this.clearErrors();
    this.dirty = true;
    if (this.engine && this.engine.status.state === "ready") this.compute(performance.now());
    else this.result.replaceChildren(this.buildTimeResult.cloneNode(true));
  }
}

function setup() {
  const boxes = [...document.querySelectorAll(".calculator[data-config]:not([data-wired])")];
  if (!boxes.length) return;
  const calculators = boxes.map((box) => new Calculator(box));
  const shared = engine(new URL(calculators[0].config.wheel, SITE_ROOT).href);
  for (const calculator of calculators) calculator.attach(shared);
}

if (window.document$) window.document$.subscribe(setup);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
else setup();
