// When no rule holds enough of the question, the search says so first
// (docs/assets/javascripts/search/rank.js, silence): "The rulebook has no rule that answers this
// directly", then the nearest rules, then the glossary terms it recognised.
import assert from "node:assert/strict";
import { test } from "node:test";

import { createSearch } from "../../docs/assets/javascripts/search/rank.js";
import { resultItem } from "../../docs/assets/javascripts/search/results.js";

const SILENT = "The rulebook has no rule that answers this directly";

function book() {
  const docs = [];
  const rule = (section, n, text) => docs.push({ kind: "rule", id: `${section}.${n}`, section, heading: "", block: "paragraph",
    location: `rules/${section}/#r${n}`, text });
  docs.push({ kind: "section", id: "1.8", title: "Corruption", part: "Starter Rules", location: "rules/1-8/", text: "" });
  rule("1.8", 10, "When a card indicates that one of your characters must make a corruption check, you must make a roll " +
    "(2D6) and add any appropriate modifications.");
  rule("1.8", 11, "If the modified result is greater than the character's corruption point total, the check succeeds.");
  rule("1.8", 12, "A character may tap to remove a corruption card.");
  docs.push({ kind: "section", id: "2.7", title: "Combat", part: "Standard Rules", location: "rules/2-7/", text: "" });
  rule("2.7", 1, "An untapped character that is not the target of a strike may tap to support a character in the same " +
    "company that is the target of a strike.");
  rule("2.7", 2, "If this result is equal to the strike's prowess, the strike is ineffectual.");
  for (let n = 20; n < 60; n++) rule("2.7", n, `Filler ${n} about a card and a roll.`);
  const term = (id, title, aliases, rules) => docs.push({ kind: "glossary", id, game: "MELE", title, aliases, rules,
    location: `glossary/#g-${id}`, text: `The ${title}.` });
  term("corruption-check", "corruption check", ["corruption checks"], ["1.8.10"]);
  term("support", "support", ["supporting"], ["2.7.1"]);
  term("tapped", "tapped", ["tap", "taps"], ["1.8.12"]);
  return { format: 3, synonyms: [[["tie"], ["equal", "ineffectual"]]], help: {}, docs };
}

const search = createSearch(book());

test("terms the query names that no rule names together: the rulebook is silent, and the box says so first", () => {
  const results = search.search("can I tap to support a corruption check");
  assert.deepEqual([results[0].kind, results[0].id, results[0].title], ["notice", "silent", SILENT]);
  assert.equal(results[0].snippet, "Below: the nearest rules, and the glossary's tapped, support, corruption check.");
  assert.deepEqual(results.slice(1, 4).map((r) => r.kind), ["rule", "rule", "rule"], "the nearest rules");
  assert.deepEqual(results.slice(4, 7).map((r) => [r.kind, r.id]),
    [["glossary", "tapped"], ["glossary", "support"], ["glossary", "corruption-check"]], "then the terms it recognised");
  assert.match(resultItem(results[0], ""), new RegExp(`<p class="rule-search__notice-title">${SILENT}</p>`));
});

test("a word of the question no rule, page or players' index has, that the rest does not outweigh: silent", () => {
  assert.equal(search.search("are card sleeves allowed")[0].id, "silent");
  assert.equal(search.search("can I concede the game")[0].id, "silent");
});

test("a question a rule holds, in its words or the players', is not said to be unanswered", () => {
  for (const query of ["tie strike prowess", "tap to support a character", "corruption check roll", "remove a corruption card",
    "can I tap to remove a corruption card", "support", "sleeves"]) {
    assert.equal(search.search(query).some((r) => r.kind === "notice"), false, query);
  }
  assert.equal(createSearch(book(), { held: 0, split: 0 }).search("can I tap to support a corruption check")[0].kind, "rule",
    "without the measure, the nearest rule would look like the answer");
});
