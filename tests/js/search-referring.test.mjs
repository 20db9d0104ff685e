// A rule that refers back ("in this manner") ranks with the rule it depends on
// (docs/assets/javascripts/search/rank.js; the index's `parent` is build_scripts/search/referring.py's):
// the parent first, the dependent right after it as its detail, never above it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { createSearch } from "../../docs/assets/javascripts/search/rank.js";
import { resultItem } from "../../docs/assets/javascripts/search/results.js";

const SUPPORT = "An untapped character that is not the target of a strike may tap to support a character in the same " +
  "company that is the target of a strike. The target's prowess is modified by +1 for each supporting character.";
const PLANTED = "Note: An ally may tap to give a +1 prowess modification in this manner.";

function combat(parent) {
  const rule = (id, text, extra) => ({ kind: "rule", id, section: "2.7", heading: "", block: "paragraph",
    location: `rules/2-7-combat/#r${id.replace(/\./g, "-")}`, text, ...extra });
  const docs = [{ kind: "section", id: "2.7", title: "Combat", part: "Standard Rules", location: "rules/2-7-combat/", text: "" },
    rule("2.7.1", SUPPORT),
    rule("2.7.2", PLANTED, { block: "note", ...(parent ? { parent: "2.7.1" } : {}) }),
    rule("2.7.3", "An ally is not a character; it may tap to cancel an automatic-attack at one of its home sites."),
    rule("2.7.4", "A tapped character must modify his prowess by -1, and an ally gives no modification when tapped.")];
  for (let n = 10; n < 50; n++) docs.push(rule(`2.7.${n}`, `Filler ${n} about a character and a strike.`));
  docs.push({ kind: "glossary", id: "ally", game: "MELE", title: "ally", aliases: ["allies"], rules: ["2.7.2"],
    location: "glossary/#g-ally", text: "A card that joins a character's company." });
  return createSearch({ format: 3, synonyms: [], help: {}, docs });
}

const WORDS = ["ally", "tap", "give", "+1", "prowess", "modification", "manner", "can", "help", "ringwraith"];
// Every query of one to three of the planted note's words, and the walk-through's question.
const QUERIES = ["can I tap a Ringwraith to give +1", "ally helps in combat"];
for (const a of WORDS) {
  QUERIES.push(a);
  for (const b of WORDS) {
    if (b > a) QUERIES.push(`${a} ${b}`);
    for (const c of WORDS) if (b > a && c > b) QUERIES.push(`${a} ${b} ${c}`);
  }
}

test("a planted referring note never outranks its parent: wherever it is listed, its parent is right above it", () => {
  const search = combat(true);
  let listed = 0;
  for (const query of QUERIES) {
    const ids = search.search(query).map((r) => r.id);
    const note = ids.indexOf("2.7.2");
    if (note < 0) continue;
    listed++;
    assert.equal(ids[note - 1], "2.7.1", `${query}: ${ids.slice(0, 5).join(" ")}`);
  }
  assert.ok(listed > QUERIES.length / 2, `the note is listed for ${listed} of ${QUERIES.length} queries`);
});

test("the dependent is shown as its parent's detail, and brings the parent when only it matched", () => {
  const results = combat(true).search("ally give modification manner");
  assert.deepEqual(results.slice(0, 2).map((r) => [r.id, r.detailOf]), [["2.7.1", undefined], ["2.7.2", "2.7.1"]]);
  assert.match(resultItem(results[1], "/r"), /rule-search__item--detail.*Detail of 2\.7\.1/);
  assert.equal(combat(false).search("ally give modification manner")[0].id, "2.7.2", "without its parent it ranks alone");
});

test("the dependent is also found by the words of the rule it leans on, counting less than its own", () => {
  const search = combat(true);
  const supported = search.explain("ally support", "2.7.2").concepts.find((c) => c.words[0] === "support");
  assert.ok(supported.match.credit > 0 && supported.match.credit < 1, JSON.stringify(supported));
  assert.equal(combat(false).explain("ally support", "2.7.2").concepts.find((c) => c.words[0] === "support").match.credit, 0);
});

test("a glossary entry never goes between a rule and its detail", () => {
  const results = combat(true).search("ally");
  assert.deepEqual(results.slice(0, 3).map((r) => [r.kind, r.id]), [["rule", "2.7.1"], ["rule", "2.7.2"], ["glossary", "ally"]]);
});
