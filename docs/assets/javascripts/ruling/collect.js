// "Add to ruling" beside every rule number (the button.rule-add that the rule_blocks
// Markdown extension writes next to the number): a tap puts the rule at the end of the
// reader's ruling, a second tap takes it out. The buttons show whether their rule is in.
import { say } from "./notify.js";
import { current, persistent, toggle } from "./store.js";

export function showCollected(scope = document) {
  const rules = new Set(current().rules);
  for (const button of scope.querySelectorAll("button.rule-add")) {
    button.setAttribute("aria-pressed", String(rules.has(button.dataset.rule)));
  }
}

function citationBeside(button) {
  const number = button.parentElement.querySelector("a.rule-num");
  return (number && number.dataset.cite) || button.dataset.rule;
}

// The message area is two short lines in the phone's header bar, beside the gavel that
// now counts the rules: the message names the rule and no more.
function addedMessage(cited) {
  return persistent ? `Added ${cited} to your ruling.` : `Added ${cited}; kept until you leave.`;
}

export function listenForAdds() {
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("button.rule-add");
    if (!button) return;
    const added = toggle(button.dataset.rule);
    say(added ? addedMessage(citationBeside(button)) : `Took ${citationBeside(button)} out of your ruling.`);
  });
}
