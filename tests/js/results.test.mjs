// A search result as the list shows it (docs/assets/javascripts/search/results.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { countText, resultAddress, resultItem } from "../../docs/assets/javascripts/search/results.js";

const RULE = { kind: "rule", id: "1.7.25", exact: true, where: ["Starter Rules", "1.7 Combat", "Resolving Strikes"],
  snippet: "· If this result is <mark>equal</mark> to the strike's prowess" };

test("a rule result: its number, where it sits, then its text with the matches marked", () => {
  assert.equal(resultItem(RULE, "https://x.example/rules/1-7-combat/#r1-7-25"),
    '<li class="rule-search__item"><a class="rule-search__link" href="https://x.example/rules/1-7-combat/#r1-7-25">' +
    '<span class="rule-hit rule-hit--rule" data-exact><span class="rule-hit__name">1.7.25</span>' +
    '<span class="rule-hit__where">Starter Rules \u203a 1.7 Combat \u203a Resolving Strikes</span></span>' +
    '<span class="rule-hit__text">· If this result is <mark>equal</mark> to the strike\'s prowess</span></a></li>');
});

test("a rule found by a players' word its text does not say names that word as what it was found by", () => {
  const item = resultItem({ kind: "rule", id: "1.2.14", where: ["Starter Rules"], game: "both", said: ["rfg"],
    snippet: "Out-of-play Pile" }, "/r");
  assert.match(item, /<span class="rule-hit__said">Found by “rfg”<\/span>/);
  assert.match(resultItem({ kind: "rule", id: "1.2.14", said: ["rfg", "oop"], snippet: "x" }, "/r"),
    /Found by “rfg”, “oop”</);
  assert.doesNotMatch(resultItem({ kind: "rule", id: "1.2.14", snippet: "x" }, "/r"), /rule-hit__said/);
});

test("a section result is named by its number and title; a page by its title and kind", () => {
  assert.match(resultItem({ kind: "section", id: "1.7", title: "Combat", where: ["Starter Rules"], snippet: "" }, "/"),
    /rule-hit__name">1\.7 Combat</);
  const page = resultItem({ kind: "page", id: "turn-summary/", title: "Turn <Summary>", where: [], snippet: "" }, "/");
  assert.match(page, /rule-hit__name">Turn &lt;Summary&gt;</);
  assert.match(page, /rule-hit__where">Page</);
});

test("an answer that no rule has that number is shown as one result", () => {
  const item = resultItem({ kind: "missing", id: "9.9.9", title: "No rule 9.9.9", snippet: "MELE rule numbers here start with 0" },
    "/rules/errata-and-coverage/#what-the-source-lacks");
  assert.match(item, /rule-hit--missing/);
  assert.match(item, /rule-hit__name">No rule 9\.9\.9</);
  assert.doesNotMatch(item, /rule-hit__where/);
});

test("an address is escaped in the link", () => {
  assert.match(resultItem(RULE, 'https://x.example/?a="b"&c'), /href="https:\/\/x\.example\/\?a=&quot;b&quot;&amp;c"/);
});

test("a result's address is the index's location from the site's root", () => {
  assert.equal(resultAddress("rules/1-7-combat/#r1-7-25", "https://x.example/mele/"),
    "https://x.example/mele/rules/1-7-combat/#r1-7-25");
  assert.equal(resultAddress("", "https://x.example/mele/"), "https://x.example/mele/");
});

test("the line above the list counts the rules, then the other results by kind", () => {
  const rule = { kind: "rule" };
  assert.deepEqual([[], [rule], Array(12).fill(rule)].map(countText), ["No rules", "1 rule", "12 rules"]);
  assert.equal(countText([{ kind: "notice" }, rule, rule, { kind: "glossary" }, { kind: "situation" }, { kind: "page" }]),
    "2 rules, 1 glossary term, 1 calculator, 1 page");
  assert.equal(countText([{ kind: "missing" }, { kind: "section" }]), "No rules, 1 section");
});

test("a notice is a line of the list, not a link", () => {
  const item = resultItem({ kind: "notice", id: "silent", title: "The rulebook has <no> rule", snippet: "<b>x</b>" }, "/r");
  assert.doesNotMatch(item, /<a /);
  assert.match(item, /data-notice="silent"/);
  assert.match(item, /The rulebook has &lt;no&gt; rule/);
  assert.match(item, /<b>x<\/b>/, "the snippet is HTML already");
});
