// "Add to ruling" on a calculator: beside its Copy link button, it attaches the
// calculator's current case to the reader's ruling. The case is what the page's own
// address holds for that calculator (the calculator page mirrors each computed result's
// inputs there), so the ruling links to exactly the result the reader saw; the ruling also
// keeps the case's inputs as the form shows them and its headline chances as the engine's
// answer line gives them, so that the sheet, its text and its print state the odds.
import { el } from "./dom.js";
import { say } from "./notify.js";
import { SITE_ROOT } from "./site.js";
import { current, update } from "./store.js";

export function addOddsButtons() {
  for (const copyLink of document.querySelectorAll(".calculator[data-config] .calc-copy")) {
    if (copyLink.parentElement.querySelector(".ruling-add-odds")) continue;
    copyLink.after(el("button", { type: "button", className: "md-button ruling-add-odds" }, "Add to ruling"));
  }
}

/** The calculator's case as a site-relative link: its page, its own inputs, its anchor. */
export function caseLink(box) {
  const view = box.dataset.view;
  const own = [...new URLSearchParams(location.search)].filter(([key]) => key.startsWith(`${view}.`));
  const query = new URLSearchParams(own).toString();
  return `${location.pathname.slice(SITE_ROOT.pathname.length)}${query ? `?${query}` : ""}#${box.id}`;
}

const words = (node) => (node ? node.textContent.replace(/\s+/g, " ").trim() : "");

/** One input as the form shows it ("Character's prowess: 6"; a ticked box by its label), or "". */
function inputText(field) {
  const control = field.querySelector("input, select, textarea");
  if (!control || control.disabled) return "";
  const label = words(field.querySelector("label, legend"));
  if (control.type === "checkbox") return control.checked ? label : "";
  const value = control.tagName === "SELECT" ? words(control.selectedOptions[0]) : control.value.trim();
  return value ? `${label}: ${value}` : "";
}

/** The case's inputs in the form's order: every filled input in view, and of those folded away
 *  ("More modifiers", "I rolled…") the ones set; a row's inputs (a character) in brackets. */
export function caseInputs(box) {
  const parts = [];
  let row = null;
  for (const field of box.querySelectorAll(".calc-form [data-field]")) {
    if (field.closest("details") && !field.classList.contains("calc-field--set")) continue;
    const text = inputText(field);
    if (!text) continue;
    const inRow = field.closest(".calc-row");
    if (!inRow) {
      row = null;
      parts.push(text);
    } else if (inRow === row) {
      parts[parts.length - 1].push(text);
    } else {
      row = inRow;
      parts.push([text]);
    }
  }
  return parts.map((part) => (Array.isArray(part) ? `(${part.join(", ")})` : part)).join(" · ");
}

// Loaded once, on the first page with a calculator; the listener then serves every such page.
document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("button.ruling-add-odds");
  if (!button) return;
  const box = button.closest(".calculator");
  if (box.querySelector(".calc-result--stale") || box.dataset.result === "behind") {
    say("Wait for the result, then add it.");
    return;
  }
  const replaced = Boolean(current().calculator);
  update({ calculator: caseLink(box), inputs: caseInputs(box), chances: words(box.querySelector(".calc-summary__text")) });
  say(replaced ? "Replaced the odds in your ruling." : "Added the odds to your ruling.");
});
