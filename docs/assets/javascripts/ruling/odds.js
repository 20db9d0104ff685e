// "Add to ruling" on a calculator: beside its Copy link button, it attaches the
// calculator's current case to the reader's ruling. The case is what the page's own
// address holds for that calculator (the calculator page mirrors each computed result's
// inputs there), so the ruling links to exactly the result the reader saw.
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

// Loaded once, on the first page with a calculator; the listener then serves every such page.
document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("button.ruling-add-odds");
  if (!button) return;
  const box = button.closest(".calculator");
  if (box.querySelector(".calc-result--stale")) {
    say("Wait for the result, then add it.");
    return;
  }
  const replaced = Boolean(current().calculator);
  update({ calculator: caseLink(box) });
  say(replaced ? "Replaced the odds in your ruling." : "Added the odds to your ruling.");
});
