// The ruling page (/ruling/): the question, the answer, each rule in full and the odds,
// all held in the page's address so that one link shows the same ruling anywhere.
//
// Two modes. "own": the reader's ruling from local storage; the fields are editable,
// rules can be reordered or removed, and every change is mirrored into the address.
// "shared": an address that holds another ruling; it is shown as the link has it,
// and "Edit it as your ruling" makes it the reader's own.
import { el } from "./dom.js";
import { attribution, citation, errataOf, oddsOf, placeOf, ruleAddress, wordsStart } from "./facts.js";
import {
  calculatorPath, characters, count, hasRuling, listed, overLimit, readRuling, rulingQuery, sameRuling, TEXT_LIMIT,
} from "./link.js";
import { copy, rulesCount, say } from "./notify.js";
import { buildVersion, loadRulebook, SITE_ROOT, siteUrl } from "./site.js";
import * as store from "./store.js";
import { rulingText } from "./text.js";
import { currentGame, GAME_NAMES, onGameChange, setGame } from "../game/setting.js";

const TYPING_DEBOUNCE_MS = 250;   // Safari limits how often the address may be replaced
const FIELDS = { question: "ruling-question", answer: "ruling-answer" };

class RulingPage {
  constructor(root) {
    this.root = root;
    root.dataset.wired = "true";
    this.find = (selector) => root.querySelector(selector);
    this.unsubscribe = () => {};
    // A ruling is for the game the reader reads (the header's setting); its link carries it.
    this.stopGame = onGameChange(() => { if (this.mode && this.root.isConnected) this.render(this.ruling()); });
    root.addEventListener("click", (event) => this.onClick(event));
    this.onPageHide = () => { if (this.addressTimer) this.flush(); };
    addEventListener("pagehide", this.onPageHide);
    for (const [name, id] of Object.entries(FIELDS)) {
      document.getElementById(id).addEventListener("input", (event) => this.typed(name, event.target.value));
    }
    this.start();
  }

  async start() {
    try {
      this.rulebook = await loadRulebook();
    } catch (error) {
      this.setStatus(`The rules could not be loaded (${error.message}). Check the connection; once the site `
        + "has been kept offline, the ruling opens without one.");
      return;
    }
    if (!this.root.isConnected) return;
    this.setStatus("");
    const own = store.current();
    if (hasRuling(location.search)) {
      const { ruling, problems } = readRuling(location.search, (id) => this.rulebook.rules.has(id),
        (link) => calculatorPath(link, SITE_ROOT, this.rulebook.data.calculators));
      if (ruling.game && setGame(ruling.game)) {
        say(`Reading as the ${GAME_NAMES[ruling.game]}, the game this ruling was made for.`);
      }
      if (sameRuling(ruling, own)) this.showOwn(problems);
      else this.showShared(ruling, problems);
    } else {
      this.showOwn([]);
    }
  }

  // --- modes ---------------------------------------------------------------------------------

  showOwn(problems) {
    this.mode = "own";
    const ruling = store.current();
    const missing = ruling.rules.filter((id) => !this.rulebook.rules.has(id));
    if (missing.length) {
      store.update({ rules: ruling.rules.filter((id) => this.rulebook.rules.has(id)) });
      problems = [...problems, `Your ruling named rules this site no longer has; they were taken out: ${listed(missing)}.`];
    }
    this.root.dataset.mode = "own";
    this.find(".ruling-shared").hidden = true;
    this.showProblems(problems);
    for (const [name, id] of Object.entries(FIELDS)) document.getElementById(id).value = store.current()[name];
    this.unsubscribe = store.subscribe((changed) => this.ownChanged(changed));
    this.render(store.current());
  }

  showShared(ruling, problems) {
    this.mode = "shared";
    this.shared = { ...ruling, question: ruling.question.slice(0, TEXT_LIMIT), answer: ruling.answer.slice(0, TEXT_LIMIT) };
    this.root.dataset.mode = "shared";
    this.find(".ruling-shared").hidden = false;
    const mine = store.current();
    const replaces = mine.rules.length && !sameRuling(mine, this.shared);
    this.find(".ruling-adopt").textContent = replaces
      ? `Edit it as your ruling (replaces yours of ${rulesCount(mine.rules.length)})`
      : "Edit it as your ruling";
    this.showProblems(problems);
    this.render(this.shared);
  }

  adopt() {
    store.replace(this.shared);
    this.shared = null;
    history.replaceState(history.state, "", location.pathname + rulingQuery(store.current()));
    this.showOwn([]);
    this.find("#ruling-question").focus();
    say("This ruling is now yours to edit.");
  }

  ownChanged(ruling) {
    if (!this.root.isConnected) { this.dispose(); return; }
    for (const [name, id] of Object.entries(FIELDS)) {
      const field = document.getElementById(id);
      if (document.activeElement !== field && field.value !== ruling[name]) field.value = ruling[name];
    }
    this.render(ruling);
  }

  ruling() {
    return { ...(this.mode === "shared" ? this.shared : store.current()), game: currentGame() };
  }

  /** The page has gone (instant navigation): stop listening. */
  dispose() {
    this.unsubscribe();
    this.stopGame();
    removeEventListener("pagehide", this.onPageHide);
    clearTimeout(this.addressTimer);
  }

  // --- showing -------------------------------------------------------------------------------

  render(ruling) {
    const { rules, data } = this.rulebook;
    const editable = this.mode === "own";
    const game = currentGame();
    ruling = { ...ruling, game };
    const shown = ruling.rules.filter((id) => rules.has(id));
    this.find(".ruling-game").replaceChildren(`For the ${GAME_NAMES[game]}`,
      el("span", { className: "ruling-game__how" }, " (the header's “Reading” switch chooses)"), ".");
    this.find(".ruling-rules").replaceChildren(...shown.map((id, index) =>
      ruleCard(rules.get(id), data, editable && { first: index === 0, last: index === shown.length - 1 },
        { rules, game })));
    this.find(".ruling-empty").hidden = shown.length > 0;
    this.showOdds(ruling, editable);
    this.showStatement(ruling);
    for (const name of Object.keys(FIELDS)) this.showCount(name, ruling[name]);
    this.showSource(shown.map((id) => rules.get(id)));
    if (editable) this.mirrorInAddress(ruling);
  }

  async showSource(cited) {
    this.version ??= await buildVersion();
    this.find(".ruling-source").textContent = attribution(cited, this.rulebook.data, this.version);
  }

  // The case's headline chances and inputs as the calculator showed them, and the calculator
  // that works them out again from the link (a ruling made before the sheet kept them has the link alone).
  showOdds(ruling, editable) {
    const box = this.find(".ruling-odds");
    const odds = oddsOf(ruling.calculator, this.rulebook.data);
    box.hidden = !odds;
    if (!odds) return;
    const link = el("a", { href: odds.address }, odds.title);
    box.replaceChildren(
      el("h2", { className: "ruling-odds__title" }, "The odds"),
      ...(ruling.chances ? [el("p", { className: "ruling-odds__chances" }, ruling.chances)] : []),
      ...(ruling.inputs ? [el("p", { className: "ruling-odds__inputs" }, el("strong", {}, "For: "), ruling.inputs)] : []),
      el("p", { className: "ruling-odds__source" }, ruling.chances ? "From the calculator " : "The calculator: ", link,
        ...(editable ? [" ", el("button", { type: "button", className: "ruling-tool", "data-action": "odds-remove",
          "aria-label": "Remove the odds" }, "Remove")] : [])));
  }

  showStatement(ruling) {
    for (const name of Object.keys(FIELDS)) {
      const text = ruling[name].slice(0, TEXT_LIMIT);
      this.find(`.ruling-statement__${name}`).textContent = text || `No ${name} given.`;
      this.find(`.ruling-statement__${name}`).classList.toggle("ruling-statement--empty", !text);
      this.find(`.ruling-statement__${name}-label`).classList.toggle("ruling-statement--empty", !text);
    }
  }

  showCount(name, text) {
    const line = document.getElementById(`${FIELDS[name]}-count`);
    const over = overLimit(text);
    line.textContent = over
      ? `${count(text.length)} of ${count(TEXT_LIMIT)} characters: ${count(over)} too many. Shorten the ${name} to copy or share the ruling.`
      : `${count(text.length)} of ${count(TEXT_LIMIT)} characters`;
    line.classList.toggle("ruling-count--over", over > 0);
    document.getElementById(FIELDS[name]).toggleAttribute("aria-invalid", over > 0);
  }

  showProblems(problems) {
    const box = this.find(".ruling-problems");
    box.hidden = !problems.length;
    box.replaceChildren(...problems.map((problem) => el("p", {}, problem)));
  }

  setStatus(text) {
    const status = this.find(".ruling-status");
    status.textContent = text;
    status.hidden = !text;
  }

  // A tap changes the address at once (a reload right after it keeps the change); typing
  // changes it once the reader pauses, and before the page goes away.
  mirrorInAddress(ruling) {
    clearTimeout(this.addressTimer);
    const write = () => {
      this.addressTimer = null;
      if (this.root.isConnected && this.mode === "own") {
        history.replaceState(history.state, "", location.pathname + rulingQuery({ ...ruling, game: currentGame() }));
      }
    };
    if (this.typing) this.addressTimer = setTimeout(write, TYPING_DEBOUNCE_MS);
    else write();
    this.flush = write;
  }

  // --- acting --------------------------------------------------------------------------------

  typed(name, value) {
    if (this.mode !== "own") return;
    this.typing = true;
    store.update({ [name]: value });
    this.typing = false;
  }

  onClick(event) {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.classList.contains("ruling-adopt")) this.adopt();
    else if (button.classList.contains("ruling-copy-text")) this.copyText();
    else if (button.classList.contains("ruling-copy-link")) this.copyLink();
    else if (button.classList.contains("ruling-print")) window.print();
    else if (button.dataset.action === "odds-remove") store.removeOdds();
    else if (button.dataset.action) {
      const id = button.closest("[data-rule]").dataset.rule;
      if (button.dataset.action === "remove") store.remove(id);
      else store.move(id, button.dataset.action === "up" ? -1 : 1);
      const card = [...this.root.querySelectorAll(".ruling-rule")].find((item) => item.dataset.rule === id);
      const again = card && (card.querySelector(`[data-action="${button.dataset.action}"]:not([disabled])`)
        || card.querySelector("[data-action]:not([disabled])"));
      if (again) again.focus();
    }
  }

  link() {
    return siteUrl(`ruling/${rulingQuery(this.ruling())}`);   // as the address bar writes it (' becomes %27)
  }

  /** Why the ruling cannot be shared yet, or "". */
  notReady() {
    const ruling = this.ruling();
    for (const name of Object.keys(FIELDS)) {
      const over = overLimit(ruling[name]);
      if (over) return `The ${name} is ${characters(over)} over the limit of ${count(TEXT_LIMIT)}: shorten it first.`;
    }
    if (!ruling.rules.length && !ruling.question && !ruling.answer && !ruling.calculator) {
      return "The ruling is empty: add a rule or write the question first.";
    }
    return "";
  }

  async copyText() {
    const problem = this.notReady();
    if (problem) { this.note(problem); return; }
    const ruling = this.ruling();
    const text = rulingText(ruling, this.rulebook.rules, this.rulebook.data, {
      version: this.version ?? await buildVersion(), address: this.link(), odds: oddsOf(ruling.calculator, this.rulebook.data),
    });
    this.copied(text, "Copied the ruling as text.");
  }

  copyLink() {
    const problem = this.notReady();
    if (problem) { this.note(problem); return; }
    this.copied(this.link(), "Copied the link to this ruling.");
  }

  copied(text, done) {
    const manual = this.find(".ruling-manual-copy");
    copy(text).then(() => {
      manual.hidden = true;
      this.note(done);
      say(done);
    }, () => {
      manual.value = text;
      manual.hidden = false;
      manual.select();
      this.note("The browser did not allow copying: the text is selected below, copy it from there.");
    });
  }

  note(text) {
    this.find(".ruling-action-note").textContent = text;
  }
}

/** What the other game does with a cited rule: the Standard rules that change a Starter rule
 *  (rules.json's changed_by, from the change map), or that a Standard rule is not in the Starter game. */
function gameLines(rule, { rules, game }) {
  const changes = (rule.changed_by || []).filter((change) => rules.has(change.rule));
  const lines = [];
  if (changes.length) {
    const replaced = game === "standard" && changes.some((change) => change.how === "replaces");
    lines.push(el("p", { className: `ruling-rule__standard${replaced ? " ruling-rule__standard--replaced" : ""}` },
      el("strong", {}, replaced ? "Replaced in the Standard game, see: " : "Standard game: "),
      ...changes.flatMap((change, index) => [index ? " · " : "",
        el("a", { href: ruleAddress(rules.get(change.rule)) }, `${change.rule} — ${change.summary}`),
        change.how === "replaces" ? " (replaces it)" : ""])));
  }
  if (rule.game === "standard" && game === "starter") {
    lines.push(el("p", { className: "ruling-rule__standard" },
      el("strong", {}, "Standard Rules only: "), "not part of the Starter game."));
  }
  return lines;
}

/** One rule in full: citation and link, section, words with their errata marks, editor's notes,
 *  and what the other game does with it. */
function ruleCard(rule, data, tools, reading) {
  const name = citation(rule, data);
  const anchor = rule.url.split("#")[1] || rule.id;
  const errata = errataOf(rule, data);
  const noteId = (erratum) => `ruling-${anchor}-${erratum.id.toLowerCase()}`;
  return el("li", { className: "ruling-rule", "data-rule": rule.id },
    el("p", { className: "ruling-rule__head" },
      el("a", { className: "ruling-rule__cite", href: ruleAddress(rule) }, name), " ",
      el("span", { className: "ruling-rule__place" }, placeOf(rule, data))),
    el("p", { className: "ruling-rule__text" }, markedText(rule.text, wordsStart(rule), errata, noteId)),
    gameLines(rule, reading),
    errata.filter((erratum) => !erratum.corrects).map((erratum) =>
      el("aside", { className: "admonition editor-note", id: noteId(erratum) },
        el("p", { className: "admonition-title" }, `Editor's note · ${erratum.label.toLowerCase()} (${erratum.id})`),
        el("p", {}, erratum.note, " ", el("a", { href: siteUrl(`${data.errata_page}#e-${erratum.id.toLowerCase()}`) },
          "All errata")))),
    tools ? el("div", { className: "ruling-rule__tools" },
      el("button", { type: "button", className: "ruling-tool", "data-action": "up", "aria-label": `Move ${name} up`,
        disabled: tools.first }, "↑ Up"),
      el("button", { type: "button", className: "ruling-tool", "data-action": "down", "aria-label": `Move ${name} down`,
        disabled: tools.last }, "↓ Down"),
      el("button", { type: "button", className: "ruling-tool", "data-action": "remove", "aria-label": `Remove ${name}` },
        "Remove")) : null);
}

/** The rule's words with each erratum marked as the rule pages mark it (rule_marks.py):
 *  a correction underlined with the source's words on tap, disputed words linked to their note. */
function markedText(text, from, errata, noteId) {
  const parts = [];
  let at = from;
  for (const erratum of [...errata].sort((a, b) => a.start - b.start)) {
    if (erratum.start < at) continue;   // overlapping marks: the first one wins
    parts.push(text.slice(at, erratum.start));
    const words = text.slice(erratum.start, erratum.end);
    parts.push(erratum.corrects
      ? el("ins", { className: `erratum erratum--${erratum.kind}`, "data-erratum": erratum.id,
        "data-original": erratum.source_text, tabindex: "0",
        title: `Corrected (${erratum.label.toLowerCase()}, ${erratum.id}). The source reads: ${erratum.source_text}` }, words)
      : el("mark", { className: `disputed disputed--${erratum.kind}`, "data-erratum": erratum.id },
        el("a", { href: `#${noteId(erratum)}` }, words)));
    at = erratum.end;
  }
  parts.push(text.slice(at));
  return parts;
}

let page = null;

/** On every page (instant navigation): wire the ruling page if this is it. */
export function rulingPageOnPage() {
  if (page && !page.root.isConnected) {
    page.dispose();
    page = null;
  }
  const root = document.querySelector("#ruling:not([data-wired])");
  if (root) page = new RulingPage(root);
}
