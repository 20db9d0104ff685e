// The tray's panel: the collected rules in order, each with up, down and remove, the
// odds, and the way on to the ruling page. On a phone it rises from the bottom of the
// screen, in reach of a thumb.
import { el } from "./dom.js";
import { citation, oddsOf, wordsOf } from "./facts.js";
import { rulesCount } from "./notify.js";
import { loadRulebook, siteUrl } from "./site.js";
import { clear, current, move, remove, removeOdds, subscribe } from "./store.js";

const SNIPPET_LENGTH = 90;
const CLEAR_CONFIRM_MS = 4000;

let panel = null;
let rulebook = null;        // {rules, data} once loaded, for the rules' first words

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
  else if (button.dataset.action === "odds-remove") removeOdds();
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
  // The same control, or (a row moved to an end, its arrow now disabled) the row's other one.
  const target = item && (item.querySelector(`[data-action="${action}"]:not([disabled])`)
    || item.querySelector("[data-action]:not([disabled])"));
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
    el("span", {}, "The odds: ", odds ? el("a", { href: odds.address }, odds.title) : "a calculator link",
      ruling.chances ? `: ${ruling.chances}` : ""),
    el("button", { type: "button", className: "ruling-tool", "data-action": "odds-remove", "aria-label": "Remove the odds" }, "×"),
  ] : []));
  if (!n && !ruling.calculator) {
    status.textContent = "No rules yet. Tap the + beside a rule's number to add it.";
  } else if (!rulebook) {
    status.textContent = "Loading the rules' words…";
  } else {
    status.textContent = `${rulesCount(n)}, in the order the ruling cites them.`;
  }
}

export function openPanel() {
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

subscribe(renderPanel);
