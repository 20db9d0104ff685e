// How the search reads what is typed (docs/assets/javascripts/search/words.js): rule numbers in
// every form a reader types or pastes, and words folded and stemmed so that their forms meet.
import assert from "node:assert/strict";
import { test } from "node:test";

import { STOP_WORDS, parseRuleNumber, stem, stems, tokenize } from "../../docs/assets/javascripts/search/words.js";

test("a rule number is read in every form", () => {
  const rule = { prefix: "1", section: "7", rule: "25" };
  for (const [typed, number] of [
    ["1.7.25", rule], ["r1-7-25", rule], ["MELE 1.7.25", rule], [" 1.7.25 ", rule],
    ["1.7.25 \u2014 https://example.org/rules/1-7-combat/#r1-7-25", rule],
    ["1.7", { prefix: "1", section: "7", rule: undefined }],
    ["1.", { prefix: "1", section: undefined, rule: undefined }],
    ["SBG-A.2.4", { prefix: "SBG-A", section: "2", rule: "4" }],
    ["rsbg-a-2-4", { prefix: "SBG-A", section: "2", rule: "4" }],
    ["sbg b 6 3", { prefix: "SBG-B", section: "6", rule: "3" }],
  ]) {
    assert.deepEqual(parseRuleNumber(typed), number, typed);
  }
});

test("words and dice are not rule numbers", () => {
  for (const typed of ["1", "hazard limit", "2d6", "2 characters", ""]) assert.equal(parseRuleNumber(typed), null, typed);
});

test("forms of a word meet", () => {
  for (const forms of [["strikes", "striking", "strike"], ["companies", "company"], ["tapped", "taps", "tap"],
    ["elves", "elf"], ["wounded", "wounds", "wound"], ["struck", "strike"], ["using", "used", "use"],
    ["cancelled", "canceled", "cancel"], ["armour", "armor"], ["lost", "lose"]]) {
    assert.equal(new Set(forms.map(stem)).size, 1, forms.join(" "));
  }
});

test("hyphens, accents and possessives neither split nor hide a word", () => {
  assert.deepEqual(["automatic-attack", "Nazg\u00fbl", "opponent\u2019s", "M/H"].map(stems),
    [["automatic", "attack"], ["nazgul"], ["opponent"], ["m", "h"]]);
});

test("each word keeps where it is in the text, for marking it", () => {
  const text = "The Opponent's STRIKE";
  assert.deepEqual(tokenize(text).map((t) => text.slice(t.start, t.end)), ["The", "Opponent", "STRIKE"]);
});

test("a word of where a card is kept is not a stop word", () => {
  assert.ok(!STOP_WORDS.has("under"));
});

test("the words that frame a question are stop words", () => {
  for (const word of ["what", "does", "mean", "define", "explain", "per"]) assert.ok(STOP_WORDS.has(word), word);
});
