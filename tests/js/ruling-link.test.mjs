// The ruling's address (docs/assets/javascripts/ruling/link.js): what a link holds, what it
// leaves out and why, and that a ruling written to an address reads back the same.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  calculatorPath, characters, hasRuling, overLimit, readRuling, rulingQuery, sameRuling, TEXT_LIMIT,
} from "../../docs/assets/javascripts/ruling/link.js";

const KNOWN = ["1.7.25", "1.7.28", "1.1.21", "1.5.41", "SBG-A.1.4"];
const CALCULATORS = { "calculators/strike/": {} };
const SITE_ROOT = "https://rules.example.org/mele/";

function read(search) {
  const { ruling, problems } = readRuling(search, (id) => KNOWN.includes(id),
    (link) => calculatorPath(link, SITE_ROOT, CALCULATORS));
  const query = rulingQuery(ruling);
  const again = readRuling(query, (id) => KNOWN.includes(id), (link) => calculatorPath(link, SITE_ROOT, CALCULATORS));
  return { ruling, problems, query, roundTrip: sameRuling(ruling, again.ruling) };
}

test("the text limit is 2,000 characters", () => {
  assert.equal(TEXT_LIMIT, 2000);
  assert.equal(overLimit("x".repeat(2001)), 1);
  assert.equal(overLimit("x".repeat(2000)), 0);
  assert.equal(characters(1), "1 character");
  assert.equal(characters(2345), "2,345 characters");
});

test("an address holds a ruling when it names any of its parts", () => {
  for (const search of ["?r=1.7.25", "?question=x", "?a=", "?c=x", "?g=standard"]) assert.ok(hasRuling(search), search);
  assert.ok(!hasRuling("?q=strike"), "Material's own search parameter is no ruling");
});

test("a clean link reads back exactly", () => {
  const link = read("?r=1.7.25,1.7.28&question=Does%20it%20tap%3F&a=No.&c=calculators%2Fstrike%2F%3Fstrike.prowess%3D6%23calc-strike");
  assert.deepEqual(link.ruling, { rules: ["1.7.25", "1.7.28"], question: "Does it tap?", answer: "No.",
    calculator: "calculators/strike/?strike.prowess=6#calc-strike", inputs: "", chances: "", game: "" });
  assert.deepEqual(link.problems, []);
  assert.ok(link.query.startsWith("?r=1.7.25,1.7.28&question="), "ids stay readable in the address");
  assert.ok(link.roundTrip);
});

test("unknown, repeated and malformed ids leave the rest and say so", () => {
  const link = read("?r=1.7.25,9.9.99,1.7.25,abc,1.7,sbg-a.1.4,,%3Cscript%3E");
  assert.deepEqual(link.ruling.rules, ["1.7.25", "SBG-A.1.4"]);
  const problems = link.problems.join(" ");
  assert.ok(problems.includes("No such rule on this site, left out: 9.9.99."), problems);
  assert.ok(problems.includes("Listed more than once, shown once: 1.7.25."), problems);
  assert.ok(problems.includes("Not rule numbers, left out: “abc”, “1.7”, “<script>”."), problems);
  assert.ok(link.roundTrip);
});

test("a flood of bad ids is summed up, not listed", () => {
  const link = read("?r=" + Array.from({ length: 500 }, (_, n) => `x${n}`).join(","));
  assert.deepEqual(link.ruling.rules, []);
  assert.equal(link.problems.length, 1);
  const [problem] = link.problems;
  assert.equal(problem.split("“").length - 1, 8);
  assert.ok(problem.includes("and 492 more"), problem);
});

test("an over-long bad id is cut in the message", () => {
  const [problem] = read(`?r=${"y".repeat(40)}`).problems;
  assert.equal(problem, `Not rule numbers, left out: “${"y".repeat(24)}…”. A rule number looks like 1.7.25.`);
});

test("an over-long question is kept whole and the reader told", () => {
  const question = "q".repeat(2345);
  const link = read(`?r=1.7.25&question=${question}&a=short`);
  assert.equal(link.ruling.question, question);     // the page shows the first 2,000 (browser test)
  assert.deepEqual(link.problems, ["The question in this link is 2,345 characters long; only the first 2,000 are shown."]);
});

for (const calculator of [
  "javascript:alert(1)",
  "https://evil.example/mele/calculators/strike/",
  "//evil.example/mele/calculators/strike/",
  "https://user:pw@rules.example.org/mele/calculators/strike/",
  "https://rules.example.org/calculators/strike/",          // outside the site's root
  "calculators/no-such-calculator/",
  "rules/1-7-combat/",
]) {
  test(`only this site's calculator pages can be attached: not ${calculator}`, () => {
    const link = read("?r=1.7.25&c=" + calculator.replaceAll("&", "%26").replaceAll("#", "%23"));
    assert.equal(link.ruling.calculator, "");
    assert.deepEqual(link.problems, ["The calculator link was left out: a ruling can only link to this site's calculator pages."]);
    assert.deepEqual(link.ruling.rules, ["1.7.25"]);
  });
}

test("a calculator link is kept relative to the site", () => {
  const link = read("?c=https%3A%2F%2Frules.example.org%2Fmele%2Fcalculators%2Fstrike%2F%3Fstrike.prowess%3D6");
  assert.equal(link.ruling.calculator, "calculators/strike/?strike.prowess=6");
  assert.deepEqual(link.problems, []);
});

test("a ruling link carries the game it was made for; an unknown game is left out with a sentence", () => {
  const made = read("?r=1.5.41&g=standard");
  assert.equal(made.ruling.game, "standard");
  assert.equal(made.query, "?r=1.5.41&g=standard");
  assert.deepEqual(made.problems, []);
  const shouting = read("?r=1.5.41&g=%20Starter");
  assert.equal(shouting.ruling.game, "starter");
  assert.ok(shouting.query.endsWith("&g=starter"));
  const unknown = read("?r=1.7.25&g=advanced");
  assert.deepEqual(unknown.ruling, { rules: ["1.7.25"], question: "", answer: "", calculator: "", inputs: "", chances: "",
    game: "" });
  assert.deepEqual(unknown.problems, ["The game in this link, “advanced”, is not one this site knows (starter or standard): "
    + "the ruling is shown in the game you are reading."]);
  const alone = read("?g=starter");
  assert.equal(alone.query, "", "an empty ruling has no address");
  assert.equal(alone.ruling.game, "starter");
});

test("the same ruling in another game is the same ruling", () => {
  const a = read("?r=1.7.25&g=starter").ruling, b = read("?r=1.7.25&g=standard").ruling;
  assert.ok(sameRuling(a, b));
  assert.ok(!sameRuling(a, read("?r=1.7.25&question=x").ruling));
});

test("the odds' case travels with its calculator link: its inputs and headline chances as shown", () => {
  const c = "c=calculators%2Fstrike%2F%3Fstrike.prowess%3D6%23calc-strike";
  const link = read(`?r=1.7.25&${c}&inputs=Character%27s%20prowess%3A%206&chances=Strike%20fails%2083.3%25`);
  assert.equal(link.ruling.inputs, "Character's prowess: 6");
  assert.equal(link.ruling.chances, "Strike fails 83.3%");
  assert.deepEqual(link.problems, []);
  assert.ok(link.query.includes(`&${c}&inputs=Character's%20prowess%3A%206&chances=Strike%20fails%2083.3%25`), link.query);
  assert.ok(link.roundTrip);
  assert.ok(!sameRuling(link.ruling, read(`?r=1.7.25&${c}`).ruling), "other odds' words, another ruling");
  const orphan = read("?r=1.7.25&inputs=x&chances=99%25");
  assert.equal(orphan.ruling.inputs, "", "without a calculator link the words describe nothing");
  assert.equal(orphan.ruling.chances, "");
  assert.equal(orphan.query, "?r=1.7.25");
  const long = read(`?${c}&chances=${"9".repeat(2100)}`);
  assert.equal(long.ruling.chances.length, TEXT_LIMIT);
  assert.deepEqual(long.problems, ["The odds' chances in this link are 2,100 characters long; only the first 2,000 are shown."]);
});
