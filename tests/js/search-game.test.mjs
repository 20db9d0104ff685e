// The rule search read as a game (docs/assets/javascripts/search/rank.js, search(query, {game})):
// the Standard-game change map in the index (`game`, `replacedBy`, `replaces`) moves a replaced
// rule below the rule that replaces it in the reader's game; each rule result says its game.
import assert from "node:assert/strict";
import { test } from "node:test";

import { createSearch } from "../../docs/assets/javascripts/search/rank.js";
import { gameText, resultItem } from "../../docs/assets/javascripts/search/results.js";
import { searchIndex } from "./search-index.mjs";

const search = createSearch(searchIndex());
const ids = (results) => results.filter((r) => r.kind === "rule").map((r) => r.id);
const QUESTION = "ringwraith in a company with other characters";

test("without a game, the words alone rank: the Starter rules come first for these words", () => {
  const found = ids(search.search(QUESTION));
  assert.ok(found.indexOf("1.5.43") < found.indexOf("2.5.28"), found.join(" "));
});

test("read as the Standard game, a replaced Starter rule ranks right below its replacement", () => {
  const found = ids(search.search(QUESTION, { game: "standard" }));
  for (const [starter, standard] of [["1.5.43", "2.5.28"], ["1.5.47", "2.5.24"]]) {
    assert.equal(found.indexOf(starter), found.indexOf(standard) + 1, `${starter} after ${standard}: ${found.join(" ")}`);
  }
  const replacement = { "1.5.43": "2.5.28", "1.5.47": "2.5.24" }[ids(search.search(QUESTION))[0]];
  assert.equal(found[0], replacement, "the replacement takes the place the Starter rule earned");
});

test("read as the Starter game, a Standard rule that replaces a Starter rule ranks below it", () => {
  const found = ids(search.search(QUESTION, { game: "starter" }));
  assert.ok(found.indexOf("1.5.43") < found.indexOf("2.5.28"), found.join(" "));
  assert.ok(found.indexOf("1.5.47") < found.indexOf("2.5.24") || !found.includes("2.5.24"), found.join(" "));
});

test("switching the game swaps the order of a replaced rule and its replacement", () => {
  const standard = ids(search.search(QUESTION, { game: "standard" }));
  const starter = ids(search.search(QUESTION, { game: "starter" }));
  assert.ok(standard.indexOf("2.5.28") < standard.indexOf("1.5.43"));
  assert.ok(starter.indexOf("1.5.43") < starter.indexOf("2.5.28"));
});

test("a replacement the words left out is brought in above the rule it replaces", () => {
  const words = ids(search.search("revealed Ringwraith operates like any other character"));
  assert.ok(words.includes("1.5.47") && !words.includes("2.5.24"), words.join(" "));
  const standard = ids(search.search("revealed Ringwraith operates like any other character", { game: "standard" }));
  assert.equal(standard.indexOf("1.5.47"), standard.indexOf("2.5.24") + 1, standard.join(" "));
});

test("a rule number asked for keeps its place in either game", () => {
  for (const game of ["standard", "starter"]) {
    assert.equal(search.search("1.5.43", { game })[0].id, "1.5.43");
  }
});

test("a rule that no rule replaces keeps its rank in either game", () => {
  const plain = ids(search.search("hazard limit"));
  assert.deepEqual(ids(search.search("hazard limit", { game: "standard" })), plain);
  assert.deepEqual(ids(search.search("hazard limit", { game: "starter" })), plain);
});

test("each rule result carries its game and, for a replaced Starter rule, what replaces it", () => {
  const results = search.search(QUESTION, { game: "standard" });
  const byId = Object.fromEntries(results.map((r) => [r.id, r]));
  assert.equal(byId["2.5.28"].game, "standard");
  assert.equal(byId["1.5.43"].game, "starter");
  assert.deepEqual(byId["1.5.43"].replacedBy, ["2.5.28"]);
});

test("the result says which game it belongs to", () => {
  assert.equal(gameText({ kind: "rule", game: "standard" }), "Standard game");
  assert.equal(gameText({ kind: "rule", game: "both" }), "Both games");
  assert.equal(gameText({ kind: "rule", game: "starter", replacedBy: ["2.5.5", "2.5.28"] }),
    "Starter game; Standard: 2.5.5, 2.5.28");
  assert.equal(gameText({ kind: "rule" }), "", "a Strategy Battle Game rule has no MELE game");
  const item = resultItem({ kind: "rule", id: "1.5.43", game: "starter", replacedBy: ["2.5.28"], where: [], snippet: "" }, "/");
  assert.match(item, /<span class="rule-hit__game" data-game="starter">Starter game; Standard: 2\.5\.28<\/span>/);
  assert.doesNotMatch(resultItem({ kind: "rule", id: "SBG-A.1.2", where: [], snippet: "" }, "/"), /rule-hit__game/);
});
