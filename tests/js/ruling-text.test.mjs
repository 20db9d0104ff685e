// The ruling as plain text (docs/assets/javascripts/ruling/text.js), for chat or e-mail: the
// question, the answer, the game, each rule with its words, its address, its corrections and
// notes and the Standard game's changes, the odds (the case's chances and inputs, the calculator's
// link), where the rules come from, the ruling's link.
import assert from "node:assert/strict";
import { test } from "node:test";

import { siteUrl } from "../../docs/assets/javascripts/ruling/site.js";
import { rulingText } from "../../docs/assets/javascripts/ruling/text.js";

const RULES = new Map([
  ["1.7.25", { id: "1.7.25", source: "mele-rulebook.txt", url: "rules/1-7-combat/#r1-7-25", section: "1.7",
    text: "· If this result is equal to the strike's prowess, the strike was ineffectual.",
    changed_by: [{ rule: "2.7.25", summary: "a tie taps the character", how: "replaces" }, { rule: "9.9.9", summary: "gone" }] }],
  ["2.7.25", { id: "2.7.25", source: "mele-rulebook.txt", url: "rules/2-7-combat/#r2-7-25", section: "2.7", text: "A tie taps." }],
  ["1.1.21", { id: "1.1.21", source: "mele-rulebook.txt", url: "rules/1-1-the-victory-conditions/#r1-1-21",
    section: "1.1", text: "Example: Nick only has 18." }],
  ["SBG-A.1.4", { id: "SBG-A.1.4", source: "sbg-advanced.txt", url: "rules/sbg-advanced-rules/#rsbg-a-1-4",
    section: "SBG-A.1", text: "Boats float." }],
]);
const DATA = {
  sources: { "mele-rulebook.txt": { title: "Middle-earth: The Lidless Eye rulebook", cite: "MELE" },
    "sbg-advanced.txt": { title: "The Strategy Battle Game's advanced rules", cite: "MESBG Advanced Rules" } },
  sections: { "1.7": "Combat", "1.1": "The Victory Conditions" },
  errata: { A1: { kind: "name", label: "Name slip", source_text: "Jason only has 18", note: null },
    B6: { kind: "conflict", label: "Rule conflict", source_text: null, note: "As told, this move breaks the rules." } },
  marks: { "1.1.21": [["A1", 10, 27], ["B6", 0, 5]] },
  calculators: {},
  edition: "reference 0.1.0",
};
const RULING = { rules: ["1.7.25", "1.1.21"], question: "Does it tap?", answer: "No.\nPlay on.", calculator: "", game: "" };

test("the question, the answer, then each rule in the ruling's order with its words and address", () => {
  const text = rulingText(RULING, RULES, DATA, { version: "abc123", address: "https://x.example/ruling/?r=1" });
  assert.ok(text.startsWith("Question:\nDoes it tap?\n\nAnswer:\nNo.\nPlay on.\n\n"), text);
  assert.ok(text.includes("MELE 1.7.25: If this result is equal to the strike's prowess, the strike was ineffectual.\n"
    + `${siteUrl("rules/1-7-combat/#r1-7-25")}\n`), "the list bullet is left out, the address follows");
  assert.ok(text.indexOf("MELE 1.7.25") < text.indexOf("MELE 1.1.21"));
  assert.ok(text.endsWith("Rules from Middle-earth: The Lidless Eye rulebook, as published on this site, reference 0.1.0, build abc123.\n"
    + "This ruling: https://x.example/ruling/?r=1\n"), text);
});

test("a correction quotes the source; an editor's note says what it notes", () => {
  const text = rulingText(RULING, RULES, DATA, { version: "v", address: "" });
  assert.ok(text.includes('(Corrected on this site, name slip A1: the source reads "Jason only has 18".)'), text);
  assert.ok(text.includes("Editor's note (rule conflict, B6): As told, this move breaks the rules."), text);
  assert.ok(!text.includes("This ruling:"), "no address, no line for it");
});

test("the Standard game's change to a rule follows it, and a change to a rule the site lacks is left out", () => {
  const text = rulingText(RULING, RULES, DATA, { version: "v", address: "" });
  assert.ok(text.includes(`Standard game: MELE 2.7.25 — a tie taps the character (replaces it). ${siteUrl("rules/2-7-combat/#r2-7-25")}`), text);
  assert.ok(!text.includes("gone"));
});

test("the game, the odds, and each book the rules come from; unknown rules are left out", () => {
  const ruling = { ...RULING, rules: ["1.7.25", "0.0.0", "SBG-A.1.4"], game: "standard" };
  const odds = { title: "One strike and its body checks", address: "https://x.example/calculators/strike/" };
  const text = rulingText(ruling, RULES, DATA, { version: "", address: "", odds });
  assert.ok(text.includes("\n\nGame: the Standard game.\n\n"), text);
  assert.ok(text.includes("The odds: One strike and its body checks\nhttps://x.example/calculators/strike/\n"), text);
  assert.ok(text.includes("MESBG Advanced Rules SBG-A.1.4: Boats float."), text);
  assert.ok(!text.includes("0.0.0"));
  assert.ok(text.includes("Rules from Middle-earth: The Lidless Eye rulebook; The Strategy Battle Game's advanced rules, "
    + "as published on this site, reference 0.1.0, build unknown."), text);
});

test("question and answer are cut at the text limit", () => {
  const text = rulingText({ ...RULING, question: "q".repeat(2100), answer: "" }, RULES, DATA, { version: "v" });
  assert.ok(text.includes(`Question:\n${"q".repeat(2000)}\n\n`));
  assert.ok(!text.includes("q".repeat(2001)));
  assert.ok(!text.includes("Answer:"));
});

test("the odds state the case's headline chances and inputs before the calculator's link", () => {
  const ruling = { ...RULING, calculator: "calculators/strike/?strike.prowess=6#calc-strike",
    inputs: "Character's prowess: 6 · Strike's prowess: 10", chances: "Strike fails 83.3% · wounded 8.3%" };
  const odds = { title: "One strike and its body checks", address: "https://x.example/calculators/strike/?strike.prowess=6#calc-strike" };
  const text = rulingText(ruling, RULES, DATA, { version: "v", address: "", odds });
  assert.ok(text.includes("The odds: Strike fails 83.3% · wounded 8.3%\n"
    + "For: Character's prowess: 6 · Strike's prowess: 10\n"
    + `From the calculator One strike and its body checks: ${odds.address}\n`), text);
});
