// The tray: a button in the site's header with the number of rules collected, which
// opens a panel listing them (tray-panel.js, loaded on the first tap). It never covers
// the page until the reader opens it.
import { el, icon } from "./dom.js";
import { rulesCount } from "./notify.js";
import { current, subscribe } from "./store.js";

// Material Design Icons "gavel".
const GAVEL = "m2.3 20.28 9.6-9.6-1.4-1.42-.72.71a.996.996 0 0 1-1.41 0l-.71-.71a.996.996 0 0 1 0-1.41l5.66-5.66a.996.996 0 0 1 1.41 0l.71.71c.39.39.39 1.02 0 1.41l-.71.69 1.42 1.43a.996.996 0 0 1 1.41 0c.39.39.39 1.03 0 1.42l1.41 1.41.71-.71c.39-.39 1.03-.39 1.42 0l.7.71c.39.39.39 1.03 0 1.42l-5.65 5.65c-.39.39-1.03.39-1.42 0l-.7-.7a.99.99 0 0 1 0-1.42l.7-.71-1.41-1.41-9.61 9.61a.996.996 0 0 1-1.41 0c-.39-.39-.39-1.03 0-1.42M20 19a2 2 0 0 1 2 2v1H12v-1a2 2 0 0 1 2-2z";

let panel = null;           // the panel module, once the tray has been opened

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
  header.insertBefore(button, header.querySelector("[data-rule-search-open]") || header.querySelector("[data-rule-search]"));
  return button;
}

function showCount(ruling) {
  const button = headerButton();
  if (!button) return;
  const n = ruling.rules.length;
  button.hidden = !n && !ruling.calculator;
  button.querySelector(".ruling-tray-button__count").textContent = String(n);
  button.setAttribute("aria-label", `Your ruling: ${rulesCount(n)}${ruling.calculator ? " and the odds" : ""}. Open the list.`);
}

function openTray() {
  panel ||= import("./tray-panel.js");
  panel.then((module) => module.openPanel());
}

export function setUpTray() {
  showCount(current());
  subscribe(showCount);
}

/** On every page change (instant navigation): the header may be new, an open panel closes. */
export function trayOnPage() {
  showCount(current());
  const open = document.querySelector("#ruling-tray[open]");
  if (open) open.close();
}
