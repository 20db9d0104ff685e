// A calculator block at work: wires a `.calculator` block to the shared engine. The result's
// HTML and its one-line answer come from the views in the worker (calculators/views), the same code
// that wrote the build-time result; this module only wires events, the URL and the status, and
// swaps in what the views wrote. calculator-page.js loads it on a page that has a calculator; the engine is
// a module-level singleton (worker-client.js), started only there.
import { answerShown, engine } from "./worker-client.js";
import { engineKeptOffline } from "./engine-kept.js";
import { applyRequirements, markSet, openWhatIsSet, step, tapSymbol } from "./form.js";
import { keepClear } from "./keep-clear.js";
import {
  behindSummary, gameDefaults, keepEdits, statusText, unmetReason, valuesForGame,
} from "./calculator-state.js";
import {
  addRow, copyValues, linkEntries, listOtherCharacters, numberRows, queryEntries, readForm, sameValues, writeForm,
} from "./values.js";
import { currentGame, GAME_NAMES, onGameChange } from "../game/setting.js";

// A call takes a few milliseconds in the worker, so each change is computed at once
// (0 only merges the events of one change); stale answers are dropped by sequence.
const DEBOUNCE_MS = 0;

// One rule for every moment: the result, the answer bar and the address are for the inputs in
// `shownValues`; when the form holds others, the status and the bar say that the result is
// behind and why, and the result is dimmed (refresh()).
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
    this.pagePath = location.pathname; // set up once the address is this page's (instant navigation too)
    this.sequence = 0;
    this.timer = null;
    this.working = false;
    this.invalid = false;
    this.failed = false; // the engine could not work out the form's inputs: nothing runs until the next change
    this.offline = false;
    this.engineStatus = { state: "loading", label: "starting", loaded: 0, total: 0 };
    this.shownFor = "default";
    box.dataset.wired = "true";
    if (this.config.rows) numberRows(this.config, this.form);
    this.link = linkEntries(this.config, location.search);
    this.takeOver();
    const example = box.querySelector(".calc-example__load");
    if (example) example.disabled = false;
    this.listen();
  }

  // The page as built shows the built defaults and their result; the reader may already have
  // typed, ticked or chosen something before this script ran. What they entered is input: it
  // stays in the form (focus and caret untouched) and the first live result answers it.
  takeOver() {
    const built = copyValues(this.config.defaults);
    this.shownValues = built;
    this.shown = { html: this.result.innerHTML, summary: this.summaryText.textContent, params: this.box.dataset.params };
    this.builtAnswer = this.shown;
    const typed = readForm(this.config, this.form);
    this.game = currentGame();
    this.defaults = gameDefaults(this.config, this.game);
    if (!this.link && !sameValues(this.defaults, built)) {
      const { values } = keepEdits(this.defaults, typed, built);
      this.writeValues(values, false);
      if (sameValues(values, this.defaults)) this.showGameDefaults();
    }
    this.dirty = !sameValues(readForm(this.config, this.form), this.defaults);
    if (this.dirty && this.form.contains(document.activeElement)) this.box.dataset.editing = "true"; // the bar is pinned
    applyRequirements(this.config, this.form, unmetReason);
    markSet(this.config, this.form);
  }

  // The built result for the reading game's defaults (the page carries it): no engine needed.
  showGameDefaults() {
    const other = this.config.games && this.config.games[this.game];
    const answer = other ? { html: other.html, summary: other.summary, params: JSON.stringify(other.params) }
      : this.builtAnswer;
    this.shownValues = copyValues(this.defaults);
    this.show(answer);
    this.box.dataset.params = answer.params;
  }

  writeValues(values, open = true) {
    const focused = document.activeElement;
    writeForm(this.config, this.form, values);
    if (this.config.rows) numberRows(this.config, this.form);
    if (open) openWhatIsSet(this.config, this.form);
    if (focused && this.form.contains(focused) && document.activeElement !== focused) focused.focus();
  }

  listen() {
    // The answer's bar is pinned to the screen once the reader starts on the form (CSS). A tap
    // pins it only once it has landed (its click): pinned at the touch, the bar would cover a
    // field near the screen's bottom and take the tap meant for it. Keyboard focus pins at once.
    let pressing = false;
    const pin = () => {
      const field = document.activeElement;
      if (!this.box.dataset.editing) this.box.dataset.editing = "true";
      if (field && this.form.contains(field)) requestAnimationFrame(() => keepClear(field, this.summary));
    };
    this.form.addEventListener("pointerdown", () => { pressing = true; });
    this.form.addEventListener("pointercancel", () => { pressing = false; }); // a scroll, not a tap
    this.form.addEventListener("click", () => { pressing = false; pin(); });
    this.form.addEventListener("focusin", () => { if (!pressing) pin(); });
    // A box or a list sends "input" then "change" for one edit; text sends "change" again on leaving
    // it: an edit is taken once.
    let lastInput = null;
    this.form.addEventListener("input", (event) => { lastInput = event.target; pin(); this.changed(event); });
    this.form.addEventListener("change", (event) => {
      if (event.target === lastInput) { lastInput = null; return; }
      pin();
      this.changed(event);
    });
    this.form.addEventListener("submit", (event) => event.preventDefault());
    this.form.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button) return;
      if (button.classList.contains("calc-copy")) this.copyLink();
      else if (button.classList.contains("calc-reset")) this.fill(this.defaults);
      else if (button.classList.contains("calc-example__load")) this.fill(this.config.example);
      else if (button.dataset.step) { step(button); this.changed(event); }
      else if (button.dataset.symbol) { tapSymbol(this.form, button.dataset.symbol); this.changed(event); }
      else if (button.classList.contains("calc-rows__add")) this.editRows(event, () => addRow(this.config, this.form));
      else if (button.classList.contains("calc-row__remove")) this.editRows(event, () => button.closest(".calc-row").remove());
    });
    // A link within the calculator to a place on this page (the answer bar's "Full result ↓")
    // scrolls there and leaves the address alone: the address holds the inputs, and following
    // the link would drop them (Material's instant navigation loads the page anew).
    this.box.addEventListener("click", (event) => {
      const link = event.target.closest("a[href]");
      if (!link || event.defaultPrevented || event.button || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const url = new URL(link.href, location.href);
      if (url.pathname !== location.pathname || !url.hash) return;
      const target = document.getElementById(decodeURIComponent(url.hash.slice(1)));
      if (!target) return;
      event.preventDefault();
      event.stopPropagation();
      target.scrollIntoView({ block: "start" });
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    });
  }

  attach(shared) {
    this.engine = shared;
    const unsubscribe = shared.subscribe((status) => {
      if (!this.box.isConnected) { unsubscribe(); return; }
      this.engineStatus = status;
      this.refresh();
    });
    if (!navigator.onLine) {
      // Offline: say at once what works without the engine, unless this device has kept it.
      this.offlineChecking = true;
      this.refresh();
      engineKeptOffline().then((kept) => {
        this.offlineChecking = false;
        if (!this.box.isConnected) return;
        if (!kept && this.engineStatus.state !== "ready") {
          this.offline = true;
          document.dispatchEvent(new CustomEvent("mele:keep-offline-offer"));
        }
        this.refresh();
      });
    }
    shared.ready.then((ok) => {
      if (!this.box.isConnected) return;
      if (!ok) {
        if (!navigator.onLine && !this.offline) {
          this.offline = true;
          document.dispatchEvent(new CustomEvent("mele:keep-offline-offer"));
        }
        this.refresh();
        return;
      }
      this.offline = false;
      if (this.link) this.openLink();
      else if (!sameValues(readForm(this.config, this.form), this.shownValues)) this.compute(performance.now());
      else this.refresh();
    });
    const stop = onGameChange(({ game }) => {
      if (!this.box.isConnected) { stop(); return; }
      this.gameChanged(game);
    });
  }

  get ready() {
    return this.engine && this.engine.status.state === "ready";
  }

  // The status line, the bar and the result's look for the page's state (calculator-state.js: statusText).
  refresh() {
    const status = this.engineStatus;
    const behind = !sameValues(readForm(this.config, this.form), this.shownValues) || Boolean(this.link);
    this.box.dataset.engine = this.offline ? "offline" : status.state;
    this.box.dataset.result = behind ? "behind" : "current";
    this.progress.hidden = this.offline || this.offlineChecking || status.state !== "loading";
    this.progress.max = status.total || 1;
    this.progress.value = status.loaded || 0;
    const shownFor = this.shownFor;
    const text = statusText({ engine: status, checking: this.offlineChecking, offline: this.offline, behind,
      working: this.working, invalid: this.invalid && behind, failed: this.failed && behind, shownFor });
    if (this.statusText.textContent !== text) this.statusText.textContent = text;
    // A result being worked out by a ready engine takes a few milliseconds: the bar keeps its
    // answer (it is the live region: a note on every keystroke would be read out each time) and
    // is dimmed with the result, while the status line says they are behind.
    const working = behind && status.state === "ready" && !this.offline && !this.link;
    const waiting = this.invalid || this.failed; // for the reader: nothing is being worked out
    this.result.classList.toggle("calc-result--working", working && !waiting);
    this.summary.classList.toggle("calc-summary--working", working && !waiting);
    if (behind && !waiting && !working) {
      const note = this.link && status.state === "loading" && !this.offline && !this.offlineChecking
        ? "Not updated yet: this result is for the default inputs; the link's inputs are filled in once the engine is ready."
        : behindSummary({ engine: status, offline: this.offline, shownFor });
      this.markStale(note);
    } else if (!behind) {
      this.unmarkStale();
    }
  }

  // The reading setting changed: the calculator answers in the game chosen. A form still at the
  // old game's defaults takes the new ones; one the reader has changed keeps its inputs, its game
  // input set to the new game (an input that game does not have is left out, and said so).
  gameChanged(game) {
    const old = this.defaults;
    this.game = game;
    this.defaults = gameDefaults(this.config, game);
    if (sameValues(old, this.defaults) || this.link) return; // a link's inputs are filled in as they come
    const { values, kept } = valuesForGame(this.config, readForm(this.config, this.form), old, game);
    this.writeValues(values, false);
    const reset = applyRequirements(this.config, this.form, unmetReason);
    markSet(this.config, this.form);
    this.dirty = kept;
    if (kept) {
      const left = reset.length ? `; ${reset.join(", ")}: left out, as the ${GAME_NAMES[game]} does not have it` : "";
      this.showMessage(`Now answering for the ${GAME_NAMES[game]}, with your inputs${left}.`, true);
    } else this.showMessage("");
    if (this.ready) this.compute(performance.now());
    else if (!kept && this.config.games) { this.showGameDefaults(); this.shownFor = "default"; this.refresh(); }
    else this.refresh();
  }

  // A shared link's inputs, checked by the views; a value the form does not take keeps its
  // default. Inputs the reader changed before the link was read stay as the reader left them.
  async openLink() {
    const entries = this.link;
    let opened;
    try {
      opened = await this.engine.readLink(this.config.view, entries);
    } catch (error) {
      this.link = null;
      this.showMessage(`The link's inputs could not be read: ${error.message}.`);
      this.refresh();
      return;
    }
    this.link = null;
    const messages = [...opened.messages];
    let values = opened.values;
    const field = this.config.gameField;
    if (field && !entries.some(([key]) => key === `${this.config.view}.${field}`)) values[field] = this.defaults[field];
    const typed = readForm(this.config, this.form);
    const { values: kept, edited } = keepEdits(values, typed, this.config.defaults);
    if (edited.length) {
      values = kept;
      messages.push("The inputs you had already changed keep your values.");
    }
    this.writeValues(values);
    applyRequirements(this.config, this.form, unmetReason);
    markSet(this.config, this.form);
    this.showMessage(messages.join(" "), true);
    this.fromLink = !edited.length;
    this.compute(performance.now());
  }

  changed(event) {
    this.stickyMessage = false;
    this.dirty = true;
    listOtherCharacters(this.config, this.form); // a name typed: the other rows' "Controlled by" follow
    const reset = applyRequirements(this.config, this.form, unmetReason);
    if (reset.length) this.showMessage(`${reset.join(", ")}: left out, as it does not apply (see the note by it).`, true);
    markSet(this.config, this.form);
    if (!this.ready) {
      this.refresh();
      return;
    }
    clearTimeout(this.timer);
    const startedAt = event.timeStamp || performance.now();
    this.working = true;
    this.failed = false;
    this.refresh();
    this.timer = setTimeout(() => this.compute(startedAt), DEBOUNCE_MS);
  }

  editRows(event, change) {
    change();
    numberRows(this.config, this.form);
    this.changed(event);
  }

  // The defaults (Reset) or the rulebook's example: the form, what is set, the result.
  fill(values) {
    this.writeValues(copyValues(values));
    applyRequirements(this.config, this.form, unmetReason);
    markSet(this.config, this.form);
    this.fromLink = false;
    this.showMessage("");
    this.clearErrors();
    this.dirty = true;
    if (this.ready) this.compute(performance.now());
    else if (sameValues(values, this.defaults)) { this.showGameDefaults(); this.shownFor = "default"; this.refresh(); }
    else this.refresh();
  }

  async compute(startedAt) {
    const values = readForm(this.config, this.form);
    const sequence = ++this.sequence;
    this.working = true;
    this.failed = false;
    let answer;
    try {
      answer = await this.engine.render(this.config.view, values, this.config.ruleUrls);
    } catch (error) {
      if (sequence !== this.sequence) return;
      this.working = false;
      this.failed = true;
      this.showMessage(`The engine failed: ${error.message}. The last good result is kept.`);
      this.markStale("Not updated: the engine could not work these inputs out; the last good result is shown.");
      this.refresh();
      return;
    }
    if (sequence !== this.sequence || !this.box.isConnected) return;
    this.working = false;
    this.failed = false;
    this.clearErrors();
    if (answer.error) {
      if (this.fromLink) {
        this.fromLink = false;
        this.showMessage(`The link's inputs don't work together (${answer.error.message}), so the defaults are used.`, true);
        this.writeValues(copyValues(this.defaults));
        this.compute(startedAt);
        return;
      }
      this.invalid = true;
      this.showError(answer.error);
      this.markStale("Not updated: showing the last good result until the inputs are fixed.", answer.summary);
      this.refresh();
      return;
    }
    this.invalid = false;
    this.fromLink = false;
    this.shownValues = values;
    this.shownFor = "earlier";
    this.show(answer);
    this.box.dataset.params = JSON.stringify(answer.params); // what the shown result is for (tests read it)
    mirrorInAddress(this, values);
    this.refresh();
    answerShown(performance.now() - startedAt);
  }

  // The views' result and answer; the answer is read out (the bar is the live region) only when it changes.
  show({ html, summary }) {
    this.result.innerHTML = html;
    this.unmarkStale();
    if (this.summaryText.textContent !== summary) this.summaryText.textContent = summary;
    this.shown = { html, summary };
  }

  unmarkStale() {
    if (!this.result.classList.contains("calc-result--stale")) return;
    this.result.classList.remove("calc-result--stale");
    this.summary.classList.remove("calc-summary--stale");
    const line = this.result.querySelector(".calc-stale");
    if (line) line.remove();
    if (this.summaryText.textContent !== this.shown.summary) this.summaryText.textContent = this.shown.summary;
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
    if (line.textContent !== note) line.textContent = note;
  }

  // This calculator's inputs in `search` (the address's query): none while they are the defaults.
  writeQuery(search, values) {
    for (const key of [...search.keys()]) if (key.startsWith(`${this.config.view}.`)) search.delete(key);
    if (!sameValues(values, this.defaults)) {
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

// Wires the blocks not wired yet that are still on the page (Material's instant navigation may
// have swapped the page while this module loaded).
export function wireCalculators(boxes) {
  const unwired = boxes.filter((box) => box.isConnected && !box.dataset.wired);
  if (!unwired.length) return;
  const shared = engine();
  for (const box of unwired) new Calculator(box).attach(shared);
}
