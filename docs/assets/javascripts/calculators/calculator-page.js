// Calculator pages: every page loads this small module, and a page with a `.calculator` block
// loads the rest (calculator.js and what it imports) when it has one, so the other pages do not
// download the calculators' code. Material's instant navigation swaps pages without reloading,
// so setup runs on every page and skips blocks already wired.
import { onEveryPage } from "../material-events.js";

let calculator = null; // calculator.js's import, once a page has needed it

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
  calculator ||= import("./calculator.js");
  calculator.then(({ wireCalculators }) => wireCalculators(boxes));
}

onEveryPage(setup);
