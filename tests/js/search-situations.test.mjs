// A situation typed with numbers opens its calculator (docs/assets/javascripts/search/situations.js),
// as the first result, above the rules: each input it read stated, the words it did not read said,
// and a link naming every input of the calculator. The records are in the shape
// build_scripts/search/situations.py writes from sources/search-situations.yaml.
import assert from "node:assert/strict";
import { test } from "node:test";

import { createSearch } from "../../docs/assets/javascripts/search/rank.js";
import { resultItem } from "../../docs/assets/javascripts/search/results.js";
import { searchIndex } from "./search-index.mjs";

const STRIKE = {
  view: "strike", title: "Strike and body check", location: "calculators/strike/", say: "strike",
  names: ["strike", "prowess"], ignore: ["guy", "my", "need", "roll", "what"],
  inputs: [
    { field: "prowess", say: "prowess", kind: "int", min: -20, max: 40, numberAfter: ["prowess", "my prowess"],
      numberBefore: ["prowess"], words: {} },
    { field: "strike_prowess", say: "strike's prowess", kind: "int", min: -20, max: 40,
      numberAfter: ["vs", "against", "strike", "strike's prowess"], numberBefore: ["strike", "prowess strike"], words: {} },
    { field: "body", say: "body", kind: "int", min: 1, max: 40, numberAfter: ["body"], numberBefore: [], words: {} },
    { field: "state", say: "", kind: "choice", numberAfter: [], numberBefore: [],
      words: { tapped: "tapped", wounded: "wounded" } },
    { field: "roll", say: "roll", kind: "int", min: 2, max: 12, numberAfter: ["roll", "rolls", "rolled"], numberBefore: [],
      words: {} },
  ],
  fields: [["prowess", "int", "5"], ["body", "int", "8"], ["state", "choice", "untapped"], ["strike_prowess", "int", "10"],
    ["no_tap", "bool", ""], ["starter", "bool", ""], ["roll", "int", ""]],
  gameField: "starter",
};
const CORRUPTION = {
  view: "corruption", title: "Corruption check", location: "calculators/corruption/", say: "corruption check",
  names: ["corruption", "cp"], ignore: [],
  inputs: [{ field: "points", say: "corruption points", kind: "int", min: 0, max: 40,
    numberAfter: ["corruption points", "cp"], numberBefore: ["corruption points", "cp"], words: {} }],
  fields: [["points", "int", "5"], ["roll", "text", ""]],
};
const REMOVAL = { ...CORRUPTION, view: "removal", title: "Removing a corruption card",
  location: "calculators/corruption/#removing-a-corruption-card", say: "removal", names: ["removal"],
  inputs: [{ ...CORRUPTION.inputs[0], field: "remove", say: "removal number", numberAfter: ["removal"], numberBefore: [] }],
  fields: [["remove", "int", "6"]] };

const search = createSearch({ ...searchIndex(), situations: [STRIKE, CORRUPTION, REMOVAL] });
const inputsOf = (result) => Object.fromEntries(new URLSearchParams(result.location.split("?")[1].split("#")[0]));

test("a situation opens its calculator first, each input it read stated, linking with those inputs", () => {
  const results = search.search("tapped guy 4 prowess rolls 6 vs 9 prowess strike");
  const [situation] = results;
  assert.deepEqual([situation.kind, situation.title, situation.snippet, situation.unread],
    ["situation", "Strike and body check",
      "strike: prowess 4, tapped, strike's prowess 9, roll 6; body 8 is the calculator's start value", []]);
  assert.ok(situation.location.startsWith("calculators/strike/?"), situation.location);
  assert.deepEqual(inputsOf(situation), { "strike.prowess": "4", "strike.body": "8", "strike.state": "tapped",
    "strike.strike_prowess": "9", "strike.no_tap": "0", "strike.starter": "0", "strike.roll": "6" },
  "every input named: the form's start value where the query gave none");
  assert.equal(results[1].kind, "rule", "the rules follow");
  const item = resultItem(situation, "/calculators/strike/?x=1");
  assert.match(item, /data-situation/);
  assert.match(item, /rule-hit__text">strike: prowess 4, tapped, strike's prowess 9, roll 6; body 8 is the calculator's start value</);
});

test("the words a situation does not read are said, never guessed", () => {
  const [dagger] = search.search("prowess 4 vs 9 with a dagger and 2 friends");
  assert.deepEqual([dagger.snippet, dagger.unread],
    ["strike: prowess 4, strike's prowess 9; body 8 is the calculator's start value", ["dagger", "2", "friends"]]);
  assert.match(resultItem(dagger, "/"), /Not read: dagger, 2, friends/);
  const [big] = search.search("prowess 99 vs 9");
  assert.deepEqual([big.snippet, big.unread],
    ["strike: strike's prowess 9; prowess 5, body 8 are the calculator's start values", ["99"]], "outside the field's limits");
  const [twice] = search.search("6 CP and 7 CP");
  assert.deepEqual([twice.snippet, twice.unread], ["corruption check: corruption points 6", ["7"]], "one value a field");
});

test("a query with no number, no calculator's name or no number for an input opens no calculator", () => {
  for (const query of ["tapped prowess strike", "4 vs 9", "does a 12 always beat the strike", "1.7.25",
    "two +1 corruption modifiers do they add up"]) {
    assert.equal(search.search(query).some((r) => r.kind === "situation"), false, query);
  }
});

test("the calculator the query gives most inputs to is opened; the game read as is the link's", () => {
  assert.equal(search.search("prowess 4 vs 9 and 6 CP")[0].id, "strike");
  assert.equal(search.search("creature with 2 strikes do I need both body checks").some((r) => r.kind === "situation"), false,
    "one number that only looks like an input, among words no input reads");
  assert.equal(inputsOf(search.search("prowess 4 vs 9", { game: "starter" })[0])["strike.starter"], "1");
  assert.equal(inputsOf(search.search("prowess 4 vs 9", { game: "standard" })[0])["strike.starter"], "0");
  const removal = search.search("removal 5")[0];
  assert.equal(removal.location, "calculators/corruption/?removal.remove=5#removing-a-corruption-card", "the link's inputs go before the part's anchor");
});
