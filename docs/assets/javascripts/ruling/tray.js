// The tray: a button in the site's header with the number of rules collected, which
// opens a panel listing them in order, each with up, down and remove, and the way on
// to the ruling page. On a phone the panel rises from the bottom of the screen, in
// reach of a thumb; it never covers the page until the reader opens it.
import { el, icon } from "./dom.js";
import { citation, oddsOf, wordsOf } from "./facts.js";
import { loadRulebook, siteUrl } from "./site.js";
import { clear, current, move, remove, subscribe, update } from "./store.js";

// Material Design Icons "gavel".
const GAVEL = "m2.3 20.28 9.6-9.6-1.4-1.42-.72.71a.996.996 0 0 1-1.41 0l-.71-.71a.996.996 0 0 1 0-1.41l5.66-5.66a.996.996 0 0 1 1.41 0l.71.71c.39.39.39 1.02 0 1.41l-.71.69 1.42 1.43a.996.996 0 0 1 1.41 0c.39.39.39 1.03 0 1.42l1.41 1.41.71-.71c.39-.39 1.03-.39 1.42 0l.7.71c.39.39.39 1.03 0 1.42l-5.65 5.65c-.39.39-1.03.39-1.42 0l-.7-.7a.99.99 0 0 1 0-1.42l.7-.71-1.41-1.41-9.61 9.61a.996.996 0 0 1-1.41 0c-.39-.39-.39-1.03 0-1.42M20 19a2 2 0 0 1 2 2v1H12v-1a2 2 0 0 1 2-2z";
const SNIPPET_LENGTH = 90;
const CLEAR_CONFIRM_MS = 4000;

let panel = null;
let rulebook = null;        // {rules, data} once loaded, for the rules' first words

function headerButton() {
  let button = document.getElementById("ruling-tray-button");
  if (button) return button;
  const header = document.querySelector(".md-header__inner");
  if (!header) return null;
  button = el("button", {
    type: "button", id: "ruling-tray-button", className: "md-header__button md-icon ruling-tray-button",
    "aria-haspopup": "dialog", "aria-controls": "ruling-tray", hidden: true,
  }, icon(GAVEL), el("span", { className: "ruling-tray-button__count" }));
  button.addEventListener("click", openTray);
  header.insertBefore(button, header.querySelector('label.md-header__button[for="__search"]') || header.querySelector(".md-search"));
  return button;
}

function showCount(ruling) {
  const button = headerButton();
  if (!button) return;
  const n = ruling.rules.length;
  button.hidden = !n && !ruling.calculator;
  button.querySelector(".ruling-tray-button__count").textContent = String(n);
  button.setAttribute("aria-label", `Your ruling: ${n === 1 ? "1 rule" : `${n} rules`}${ruling.calculator ? " and the odds" : ""}. Open the list.`);
}

function buildPanel() {
  const dialog = el("dialog", { id: "ruling-tray", className: "md-typeset ruling-tray", "aria-labelledby": "ruling-tray-title" },
    el("div", { className: "ruling-tray__head" },
      el("h2", { id: "ruling-tray-title" }, "Your ruling"),
      el("button", { type: "button", className: "ruling-tool ruling-tray__close", "aria-label": "Close the list" }, "×")),
    el("p", { className: "ruling-tray__status", role: "status" }),
    el("ol", { className: "ruling-tray__list" }),
    el("div", { className: "ruling-tray__odds" }),
    el("div", { className: "ruling-tray__actions" },
      el("a", { className: "md-button md-button--primary ruling-tray__open", href: siteUrl("ruling/") }, "Open the ruling"),
      el("button", { type: "button", className: "md-button ruling-tray__clear" }, "Clear")));
  dialog.addEventListener("click", onPanelClick);
  document.body.append(dialog);
  return dialog;
}

function onPanelClick(event) {
  if (event.target === panel) { panel.close(); return; }   // a tap on the backdrop
  const button = event.target.closest("button");
  if (event.target.closest("a")) { panel.close(); return; }
  if (!button) return;
  if (button.classList.contains("ruling-tray__close")) panel.close();
  else if (button.classList.contains("ruling-tray__clear")) confirmClear(button);
  else if (button.dataset.action === "odds-remove") update({ calculator: "" });
  else if (button.dataset.action) {
    const id = button.closest("li").dataset.rule;
    if (button.dataset.action === "remove") remove(id);
    else move(id, button.dataset.action === "up" ? -1 : 1);
    refocus(id, button.dataset.action);
  }
}

// After a change the list is drawn again: keep the reader's place on the same control.
function refocus(id, action) {
  const item = [...panel.querySelectorAll(".ruling-tray__list li")].find((li) => li.dataset.rule === id);
  const target = item && item.querySelector(`[data-action="${action}"]:not([disabled])`);
  (target || panel.querySelector(".ruling-tray__open")).focus();
}

function confirmClear(button) {
  if (button.dataset.confirm) {
    clear();
    return;
  }
  button.dataset.confirm = "1";
  button.textContent = "Tap again to clear all";
  setTimeout(() => { delete button.dataset.confirm; button.textContent = "Clear"; }, CLEAR_CONFIRM_MS);
}

function snippet(rule) {
  const text = wordsOf(rule).replace(/\s+/g, " ");
  return text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH).trimEnd()}…` : text;
}

function renderPanel(ruling) {
  if (!panel) return;
  const list = panel.querySelector(".ruling-tray__list");
  const status = panel.querySelector(".ruling-tray__status");
  const n = ruling.rules.length;
  list.replaceChildren(...ruling.rules.map((id, index) => {
    const rule = rulebook && rulebook.rules.get(id);
    const name = rule ? citation(rule, rulebook.data) : id;
    const label = rule
      ? el("a", { className: "ruling-tray__rule", href: siteUrl(rule.url) }, el("strong", {}, name), " ", snippet(rule))
      : el("span", { className: "ruling-tray__rule" }, el("strong", {}, name));
    return el("li", { "data-rule": id }, label,
      el("span", { className: "ruling-tray__tools" },
        el("button", { type: "button", className: "ruling-tool", "data-action": "up", "aria-label": `Move ${name} up`, disabled: index === 0 }, "↑"),
        el("button", { type: "button", className: "ruling-tool", "data-action": "down", "aria-label": `Move ${name} down`, disabled: index === n - 1 }, "↓"),
        el("button", { type: "button", className: "ruling-tool", "data-action": "remove", "aria-label": `Remove ${name}` }, "×")));
  }));
  const odds = ruling.calculator && rulebook ? oddsOf(ruling.calculator, rulebook.data) : null;
  panel.querySelector(".ruling-tray__odds").replaceChildren(...(ruling.calculator ? [
    el("span", {}, "The odds: ", odds ? el("a", { href: odds.address }, odds.title) : "a calculator link"),
    el("button", { type: "button", className: "ruling-tool", "data-action": "odds-remove", "aria-label": "Remove the odds" }, "×"),
  ] : []));
  if (!n && !ruling.calculator) {
    status.textContent = "No rules yet. Tap the + beside a rule's number to add it.";
  } else if (!rulebook) {
    status.textContent = "Loading the rules' words…";
  } else {
    status.textContent = `${n === 1 ? "1 rule" : `${n} rules`}, in the order the ruling cites them.`;
  }
}

function openTray() {
  panel ||= buildPanel();
  renderPanel(current());
  panel.showModal();
  if (!rulebook) {
    loadRulebook().then((loaded) => {
      rulebook = loaded;
      renderPanel(current());
    }, () => {
      panel.querySelector(".ruling-tray__status").textContent =
        "The rules' words could not be loaded (no connection?); the numbers are listed.";
    });
  }
}

export function setUpTray() {
  showCount(current());
  subscribe((ruling) => {
    showCount(ruling);
    renderPanel(ruling);
  });
}

/** On every page change (instant navigation): the header may be new, an open panel closes. */
export function trayOnPage() {
  showCount(current());
  if (panel && panel.open) panel.close();
}
