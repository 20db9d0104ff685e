// The rule search's ranking and answers (docs/assets/javascripts/search/rank.js) over a small
// index in the built index's shape (search-index.mjs). The real index's rankings are the
// question set's (tests/build_scripts/search/questions.yaml).
import assert from "node:assert/strict";
import { test } from "node:test";

import { WEIGHTS, createSearch, oneSlip } from "../../docs/assets/javascripts/search/rank.js";
import { searchIndex } from "./search-index.mjs";

const search = createSearch(searchIndex());
const ask = (query) => search.search(query);
const first = (results) => [results[0].kind, results[0].id];
const ids = (results) => results.map((r) => r.id);
// A small index of one section: its rules numbered from 1 in the order given, then filler rules,
// so that word rarity (BM25) behaves as in a real section.
const rulesOf = (section, title, texts) => {
  const docs = [{ kind: "section", id: section, title, part: "Standard Rules", location: `rules/${section}/`, text: "" }];
  texts.forEach((text, k) => docs.push({ kind: "rule", id: `${section}.${k + 1}`, section, heading: "", block: "paragraph",
    location: `rules/${section}/#r${k + 1}`, text }));
  for (let n = 20; n < 50; n++) docs.push({ kind: "rule", id: `${section}.${n}`, section, heading: "", block: "paragraph",
    location: `rules/${section}/#r${n}`, text: `Filler ${n}.` });
  return { format: 3, synonyms: [], help: {}, docs };
};

test("a rule number in any form puts that rule first, marked exact, with its address", () => {
  for (const [query, rule] of [["1.7.25", "1.7.25"], ["r1-7-25", "1.7.25"], ["#r1-7-25", "1.7.25"],
    ["MELE 1.7.25", "1.7.25"], ["0.3.4", "0.3.4"], ["2.7.4", "2.7.4"], ["SBG-A.1.2", "SBG-A.1.2"],
    ["sbg-a.1.2", "SBG-A.1.2"], ["rsbg-a-1-2", "SBG-A.1.2"], ["SBG-B.6.3", "SBG-B.6.3"],
    ["MELE 1.7.24 — https://rules.example.org/rules/1-7-combat/#r1-7-24", "1.7.24"]]) {
    const results = ask(query);
    assert.deepEqual(first(results), ["rule", rule], query);
    assert.equal(results[0].exact, true, query);
    assert.ok(results[0].location.endsWith("#r" + rule.toLowerCase().replace(/\./g, "-")), query);
  }
});

test("a number being typed lists the rules it may become", () => {
  assert.deepEqual(ids(ask("1.7.2")), ["1.7.2", ...Array.from({ length: 10 }, (_, n) => `1.7.2${n}`)]);
});

test("a section number puts the section first, then its rules", () => {
  for (const [query, section, firstRule] of [["1.7", "1.7", "1.7.1"], ["1.10", "1.10", "1.10.1"],
    ["2.5.", "2.5", "2.5.1"], ["SBG-B.6", "SBG-B.6", "SBG-B.6.1"]]) {
    const results = ask(query);
    assert.deepEqual(first(results), ["section", section], query);
    assert.equal(results[1].id, firstRule, query);
    assert.ok(results.slice(1).every((r) => r.id.startsWith(section + ".")), query);
  }
});

test("a part's number lists its sections", () => {
  assert.deepEqual(ids(ask("1.")), ["1.2", "1.5", "1.7", "1.10"]);
});

test("a section result says how many rules it holds", () => {
  const [section] = ask("1.7");
  assert.deepEqual([section.title, section.where, section.snippet], ["Combat", ["Starter Rules"], "57 rules, 1.7.1 to 1.7.57"]);
});

test("a number that does not exist says so, what there is instead, and where to look", () => {
  for (const [query, says, leadsTo] of [
    ["9.9.9", "MELE rule numbers here start with 0 (Front Matter), 1 (Starter Rules), 2 (Standard Rules)",
      "rules/errata-and-coverage/#what-the-source-lacks"],
    ["1.7.99", "Section 1.7 (Combat) has rules 1.7.1 to 1.7.57", "rules/1-7-combat/"],
    ["2.9.1", "Standard Rules has sections 2.5 to 2.7 here; the rest of the book is missing from the source text.",
      "rules/errata-and-coverage/#what-the-source-lacks"],
    ["SBG-A.9.1", "SBG Advanced Rules has sections SBG-A.1 to SBG-A.1.", "rules/sbg-advanced-rules/#water-features"],
    ["SBG-C.1.1", "Strategy Battle Game rule numbers here start with SBG-A", "rules/errata-and-coverage/#what-the-source-lacks"],
  ]) {
    const [missing] = ask(query);
    assert.equal(missing.kind, "missing", query);
    assert.equal(missing.title, `No rule ${query.toLowerCase().includes("sbg") ? query.toUpperCase() : query}`);
    assert.ok(missing.snippet.includes(says), `${query}: ${missing.snippet}`);
    assert.equal(missing.location, leadsTo, query);
  }
});

test("a missing rule in a real section offers the section", () => {
  assert.deepEqual(ask("1.7.99").map((r) => r.kind), ["missing", "section"]);
});

test("players' words find the rulebook's: synonyms and glossary aliases", () => {
  const tie = ask("tie strike prowess");
  assert.deepEqual(first(tie), ["rule", "1.7.25"]);
  assert.match(tie[0].snippet, /<mark>equal<\/mark>/);
  assert.match(tie[0].snippet, /<mark>prowess<\/mark>/);
  assert.deepEqual(first(ask("heal at DH")), ["rule", "1.5.46"]);
  assert.deepEqual(first(ask("MP pile")), ["rule", "1.2.15"]);
});

test("a looser synonym (a weight under 1) still counts for a word no rule has", () => {
  const index = rulesOf("1.2", "Cards", ["An item may be played at a site.", "You may store an item at a Darkhaven."]);
  index.synonyms = [[["stash"], ["store"], 0.3]];
  assert.deepEqual(ids(createSearch(index).search("stash item")).slice(0, 2), ["1.2.2", "1.2.1"]);
});

test("a players' word for a rule finds it, below a rule that says the word itself", () => {
  const index = rulesOf("1.7", "Combat", ["A roll equal to the strike's prowess is ineffectual.",
    "The strike is resolved by a roll.", "A draw in this rule's own words."]);
  index.docs.find((doc) => doc.id === "1.7.1").tableWords = ["tie", "draw"];
  const search = createSearch(index);
  assert.deepEqual(ids(search.search("tie on the roll")).slice(0, 1), ["1.7.1"]);
  assert.deepEqual(ids(search.search("draw")).slice(0, 2), ["1.7.3", "1.7.1"]);
  assert.deepEqual(ids(createSearch(index, { table: 0 }).search("tie on the roll")).slice(0, 1), ["1.7.2"]);
  assert.deepEqual(search.search("tie on the roll")[0].said, ["tie"]);   // the text says "roll", not "tie"
  assert.equal(search.search("draw").find((r) => r.id === "1.7.3").said, undefined);
  index.docs.find((doc) => doc.id === "1.7.1").tableWords = ["tie", "a tie", "tie on the roll", "tie again", "flat tie"];
  assert.deepEqual(createSearch(index).search("flat tie")[0].said, ["flat tie", "tie"]);   // the closest two
});

test("the query's words a rule lacks, held together in one entry of its players' index, count as its own words", () => {
  const index = rulesOf("1.5", "Characters", ["During your organization phase, you may perform one and only one of the following.",
    "A character may have more than one corruption card, but only one may be played on him each turn."]);
  index.docs.find((doc) => doc.id === "1.5.1").tableWords = ["characters per turn", "one guy per turn"];
  index.docs.find((doc) => doc.id === "1.5.20").tableWords = ["turn order"];
  const search = createSearch(index);
  for (const query of ["one character per turn", "characters per turn"]) {
    assert.deepEqual(ids(search.search(query)).slice(0, 1), ["1.5.1"], query);
  }
  const credit = (query, id, word) => search.explain(query, id).concepts.find((c) => c.words[0] === word).match.credit;
  assert.equal(credit("characters per turn", "1.5.1", "turn"), 1);
  // One word an entry shares with the query is weak evidence: it counts as a players' word.
  assert.equal(credit("character turn", "1.5.20", "turn"), WEIGHTS.table);
  // So is an entry that leaves out a word of the query the rule lacks too ("card": 1.5.2 says it).
  assert.equal(credit("characters per turn card", "1.5.1", "turn"), WEIGHTS.table);
});

test("an Example counts less than the rule it illustrates", () => {
  const results = ids(ask("ineffectual strike prowess"));
  assert.ok(results.indexOf("1.7.25") < results.indexOf("1.7.45"), results.join(" "));
});

test("an Example that tells a whole combat in the common words does not outrank the rule that answers", () => {
  const index = rulesOf("1.7", "Combat", [
    "All of the factors affecting the strike must be decided before the roll. Hazard cards that do not affect the " +
      "strike may not be played during the strike sequence.",
    "Example: your opponent plays a creature with two strikes. You assign the strikes and tap your characters. Before " +
      "the first roll he plays a hazard that modifies the strike; you roll, the strike fails and your character makes " +
      "no body check. For the second strike he plays another card and you play a resource, then you roll again."]);
  index.docs[2].block = "example";
  assert.deepEqual(ids(createSearch(index).search("play a hazard on a strike")).slice(0, 2), ["1.7.1", "1.7.2"]);
});

test("plurals, hyphens and case do not matter", () => {
  const top = (query) => ids(ask(query)).slice(0, 5);
  const spellings = ["automatic-attack", "automatic attack", "automatic attacks", "Automatic-Attacks"];
  for (const query of spellings) assert.deepEqual(top(query), top(spellings[0]), query);
});

test("accents do not matter", () => {
  assert.deepEqual(ids(ask("barad-dur")).slice(0, 5), ids(ask("Barad-dûr")).slice(0, 5));
  assert.equal(ask("barad-dur")[0].id, "1.10.42");
});

test("a query that is a glossary term shows the entry once, after the first rule", () => {
  const results = ask("hazard limit");
  assert.equal(results[0].kind, "rule");
  assert.deepEqual(results.filter((r) => r.kind === "glossary").map((g) => [g.id, results.indexOf(g), g.location]),
    [["hazard-limit", 1, "glossary/#g-hazard-limit"]]);
  const swim = ask("swim test");
  assert.deepEqual(first(swim), ["rule", "SBG-A.1.2"]);
  assert.deepEqual(swim.filter((r) => r.kind === "glossary").map((g) => [g.id, g.where]), [["sbg-swim-test", ["SBG glossary"]]]);
});

test("a query that only mentions a term shows no glossary entry", () => {
  assert.deepEqual(ask("hazard limit when a character moves").filter((r) => r.kind === "glossary"), []);
});

test("calculators come only when asked for, and never above a rule that matches better", () => {
  assert.deepEqual(ask("strike prowess").filter((r) => r.kind === "calculator"), []);
  assert.deepEqual(first(ask("calculate strike odds")), ["calculator", "calculators/strike/"]);
  const chance = ask("chance of a corruption check");
  const calculator = chance.find((r) => r.kind === "calculator");
  assert.equal(calculator.id, "calculators/corruption/");
  for (const above of chance.slice(0, chance.indexOf(calculator))) {
    assert.ok(["rule", "glossary"].includes(above.kind) && above.score >= calculator.score, above.id);
  }
});

test("a calculator named without an asking word comes after the first rules", () => {
  const kinds = ask("strike and body check").map((r) => r.kind);
  assert.ok(kinds.includes("calculator"));
  assert.deepEqual(kinds.slice(0, 3), ["rule", "rule", "rule"]);
});

test("a page comes after the first rules, and only when it holds every word", () => {
  const results = ask("untap phase hazard limit");
  const page = results.findIndex((r) => r.kind === "page");
  assert.ok(page >= 3, results.map((r) => r.id).join(" "));
  assert.deepEqual(ask("untap your tapped cards").filter((r) => r.kind === "page"), []);
});

test("a Starter rule and its Standard version are shown together, each labelled with its part", () => {
  const results = ask("ringwraiths never make corruption checks");
  const order = ids(results);
  assert.equal(order.indexOf("2.5.27"), order.indexOf("1.5.50") + 1);
  assert.ok(order.indexOf("2.5.27") < 3, order.join(" "));
  const parts = Object.fromEntries(results.filter((r) => ["1.5.50", "2.5.27"].includes(r.id)).map((r) => [r.id, r.where[0]]));
  assert.deepEqual(parts, { "1.5.50": "Starter Rules", "2.5.27": "Standard Rules" });
});

test("each rule result says where it sits", () => {
  assert.deepEqual(ask("tie strike prowess")[0].where, ["Starter Rules", "1.7 Combat", "Resolving Strikes"]);
  assert.deepEqual(ask("SBG-A.1.3")[0].where, ["SBG Advanced Rules", "SBG-A.1 Water Features", "DEEP WATER"]);
});

test("a long rule shows the part with the match, marked", () => {
  const result = ask("Foul Smelling Paste Nevido").find((r) => r.id === "1.7.57");
  assert.ok(result.snippet.startsWith("\u2026"), result.snippet);
  assert.match(result.snippet, /<mark>Nevido<\/mark>/);
  assert.ok(result.snippet.length < 700);
});

test("the rulebook's text is escaped in a result", () => {
  const [result] = ask("1.7.24");
  assert.ok(result.snippet.includes("&quot;-&quot;") && !result.snippet.includes('"-"'), result.snippet);
});

test("nothing typed, or only stop words, gives nothing", () => {
  assert.deepEqual(ask("   "), []);
  assert.deepEqual(ask("the of and"), []);
});

test("a word still being typed matches by its beginning, alone or ending a known phrase", () => {
  assert.equal(ask("ineffec")[0].id, "1.7.25");
  assert.equal(ask("hazard lim")[0].id, ask("hazard limit")[0].id);
});

test("a glossary name with a small word in it is still the question's term", () => {
  const results = ask("what does keyed to mean");
  assert.equal(results[0].id, "1.10.61");
  assert.deepEqual([results[1].kind, results[1].id], ["glossary", "keyed-to"]);
});

test("a Note counts less than the rule it qualifies", () => {
  const order = ids(ask("marshalling points become inactive"));
  assert.ok(order.indexOf("1.2.15") < order.indexOf("1.2.16"), order.join(" "));
});

test("an asked-for calculator is weighed on the rules' scale and comes first when it matches best", () => {
  assert.deepEqual(first(ask("chance of a corruption check")), ["calculator", "calculators/corruption/"]);
});

test("a listed rule is also found by the words of the sentence it completes, counting less", () => {
  const rule = (id, block, text) => ({ kind: "rule", id, section: "1.7", heading: "", block,
    location: `rules/1-7-combat/#r${id.replace(/\./g, "-")}`, text });
  const docs = [{ kind: "section", id: "1.7", title: "Combat", part: "Starter Rules", location: "rules/1-7-combat/", text: "" },
    rule("1.7.23", "paragraph", "To resolve a strike, the defender makes a roll and adds his modified prowess:"),
    rule("1.7.24", "bullet", "· If this result is greater than the strike's prowess, the strike fails."),
    rule("1.7.25", "bullet", "· If this result is equal to the strike's prowess, the strike was ineffectual."),
    rule("1.7.26", "paragraph", "A defender who makes a roll of 12 may untap."),
    rule("1.7.27", "bullet", "· A bullet under a paragraph about something else entirely.")];
  for (let n = 28; n < 60; n++) docs.push(rule(`1.7.${n}`, "paragraph", `Filler ${n}.`));
  const small = createSearch({ format: 3, synonyms: [], help: {}, docs });
  const found = ids(small.search("defender roll ineffectual"));
  assert.equal(found[0], "1.7.25", "the bullet holds one word and completes the sentence with the others");
  assert.ok(!ids(small.search("defender roll ineffectual")).includes("1.7.27") ||
    found.indexOf("1.7.27") > found.indexOf("1.7.26"), "only the paragraph right above the list is its lead-in");
  const own = small.search("defender roll").filter((r) => r.kind === "rule");
  assert.ok(["1.7.23", "1.7.26"].includes(own[0].id), "a rule with the words itself ranks above a listed one");
});

test("a synonym's weaker reading finds its rules, below those that say the closer words", () => {
  const rule = (id, text) => ({ kind: "rule", id, section: "1.7", heading: "", block: "paragraph",
    location: `rules/1-7-combat/#r${id.replace(/\./g, "-")}`, text });
  const docs = [{ kind: "section", id: "1.7", title: "Combat", part: "Starter Rules", location: "rules/1-7-combat/", text: "" },
    rule("1.7.24", "If the strike roll is greater than the strike's prowess, the strike fails."),
    rule("1.7.25", "If the strike roll is equal to the strike's prowess, the strike was ineffectual."),
    rule("1.7.34", "If the body check roll is greater than the strike's body, the strike is defeated.")];
  for (let n = 40; n < 70; n++) docs.push(rule(`1.7.${n}`, `Filler ${n}.`));
  const synonyms = [[["tie"], ["equal to the strike's prowess"]], [["tie"], ["greater than"], 0.3]];
  const small = createSearch({ format: 3, synonyms, help: {}, docs });
  const strike = ids(small.search("tie strike"));
  assert.equal(strike[0], "1.7.25", strike.join(" "));
  assert.ok(strike.indexOf("1.7.24") > 0, "the weaker reading still finds the rule");
  assert.equal(ids(small.search("body check tie"))[0], "1.7.34");
  const full = createSearch({ format: 3, synonyms: [synonyms[0], [["tie"], ["greater than"]]], help: {}, docs });
  assert.equal(ids(full.search("tie strike"))[0], "1.7.24", "without the weight the earlier rule would come first");
});

test("a question what a thing is puts first the rule that opens its sub-heading", () => {
  const rule = (id, text) => ({ kind: "rule", id, section: "2.2", heading: "MANIFESTATIONS", block: "paragraph",
    location: `rules/2-2/#r${id.replace(/\./g, "-")}`, text });
  const docs = [{ kind: "section", id: "2.2", title: "The Cards", part: "Standard Rules", location: "rules/2-2/", text: "" },
    rule("2.2.12", "Certain entities have several different manifestations, each a different card."),
    rule("2.2.14", "A defeated manifestation: no more manifestations.")];
  for (let n = 20; n < 50; n++) docs.push({ ...rule(`2.2.${n}`, `Filler ${n}.`), heading: "" });
  const small = createSearch({ format: 3, synonyms: [], help: {}, docs });
  assert.equal(ids(small.search("manifestations"))[0], "2.2.14", "the words alone favour the rule that says them most");
  for (const query of ["what are manifestations", "what's a manifestation", "manifestation mean?"]) {
    assert.equal(ids(small.search(query))[0], "2.2.12", query);
  }
});

test("a query that is a glossary term and no more asks what it is, typed in full or still being typed", () => {
  // 1.10.49 says "hazard limit" twice in fewer words; 1.10.48 opens the sub-heading and states it.
  for (const query of ["hazard limit", "hazard lim"]) assert.equal(ask(query)[0].id, "1.10.48", query);
  assert.equal(createSearch(searchIndex(), { named: 0 }).search("hazard limit")[0].id, "1.10.49",
    "the words alone favour the shorter rule");
});

test("a rule is found by a word its section is about though it does not say it, counting less", () => {
  // Combat's rules say "attack" around 1.7.15, which says "tapped character" and "prowess" only.
  const query = "tapped character gets attacked";
  const attacked = search.explain(query, "1.7.15").concepts.find((c) => c.words[0] === "attacked");
  assert.ok(attacked.match.credit > 0 && attacked.match.credit < 1, JSON.stringify(attacked));
  const found = ids(ask(query));
  assert.ok(found.indexOf("1.7.15") < found.indexOf("1.7.6"), "above a rule that says attacked but not tapped");
  assert.equal(search.explain("tapped character gets attacked", "1.5.46").concepts[2].match.credit, 0,
    "a rule of another section gets nothing for it");
});

test("when and where ask for a time of the turn and a place for a card", () => {
  assert.equal(ids(ask("where do defeated creatures go"))[0], "1.2.15", "the marshalling point pile");
  assert.equal(ids(ask("when can a hazard target an automatic-attack"))[1], "1.10.48", "during the movement/hazard phase");
  const without = createSearch(searchIndex(), { asking: 0 });
  assert.equal(ids(without.search("where do defeated creatures go"))[0], "1.10.61", "the words alone");
});

test("a question whether a player can puts first the rule that says what he may or can do", () => {
  const small = createSearch(rulesOf("2.1", "The Victory Conditions", [
    "Points from items: the points of the items your characters bear.",
    "No more than half of your marshalling points can come from any one type of marshalling point."]));
  assert.equal(ids(small.search("my points come from items"))[0], "2.1.1", "the words alone");
  assert.equal(ids(small.search("can my points come from items"))[0], "2.1.2");
});

test("one slip: a letter left out, added or changed, two neighbours swapped, a double misplaced", () => {
  for (const [typed, meant] of [["wond", "wound"], ["ringwriath", "ringwraith"], ["corupt", "corrupt"], ["hazzard", "hazard"],
    ["prowes", "prowess"], ["strika", "strike"], ["corupption", "corruption"], ["ocurr", "occur"]]) {
    assert.ok(oneSlip(typed, meant), `${typed} ${meant}`);
  }
  for (const [typed, other] of [["wound", "wound"], ["corupptoin", "corruption"], ["wond", "wounds"], ["tsrike", "strikes"], ["hazzard", "hazards"]]) {
    assert.equal(oneSlip(typed, other), false, `${typed} ${other}`);
  }
});

test("a word no rule has is read as the word one slip away, counting less", () => {
  const found = ids(ask("wonded"));
  assert.ok(found.includes("1.5.46") && found.includes("1.7.26"), found.join(" "));
  const rule = search.explain("heal a wonded character", "1.7.26").concepts.find((c) => c.words[0] === "wonded");
  assert.ok(rule.match.credit > 0 && rule.match.credit < 1, JSON.stringify(rule));
  assert.deepEqual(createSearch(searchIndex(), { typo: 0 }).search("wonded"), [], "without it, nothing");
  assert.equal(search.explain("heal a character", "1.5.46").concepts.length, 2, "a word the rules have is taken as it is");
});

test("a four-letter word no rule has is read as the word one slip away too", () => {
  assert.equal(ids(ask("creature keyd to"))[0], "1.10.61", "keyd: keyed");
  assert.ok(ids(ask("keyd")).includes("1.10.61"));
});

test("where a card goes, under a character, is asked with the word the rule uses", () => {
  const index = rulesOf("1.8", "Corruption", ["Each character has a corruption point total.",
    "Most corruption cards are kept under the character's card until they are discarded.",
    "A corruption card is played on a character and affects the character's corruption."]);
  assert.equal(ids(createSearch(index).search("corruption cards go under the character"))[0], "1.8.2");
});

test("a query that asks for an example puts the Example block first", () => {
  const index = rulesOf("1.1", "The Victory Conditions", ["At the audience, each player scores his marshalling points.",
    "Example: at the audience Wendy scores 20 marshalling points and Nick 18."]);
  index.docs[2].block = "example";
  assert.equal(ids(createSearch(index).search("audience scoring"))[0], "1.1.1", "the rule before its example");
  assert.equal(ids(createSearch(index).search("audience scoring example"))[0], "1.1.2");
  assert.equal(ids(createSearch(index).search("e.g. audience scoring"))[0], "1.1.2");
});

test("a query that asks how many puts first the rule that gives the number", () => {
  const index = rulesOf("1.5", "Characters & Companies", ["A character may control followers; followers of a character " +
    "move with his company.", "A character may have no more than two followers."]);
  assert.equal(ids(createSearch(index).search("how many followers can a character have"))[0], "1.5.2");
  assert.equal(ids(createSearch(index, { number: 0 }).search("how many followers can a character have"))[0], "1.5.1",
    "the words alone");
});

test("a word cut short that begins one or a few of the rules' words is read as them, counting less", () => {
  const index = rulesOf("2.4", "Turn Sequence", ["During the site phase you may play a character.",
    "During the organization phase you may reorganize your companies.",
    "Each orc and orcish character is an orc."]);
  assert.equal(ids(createSearch(index).search("org phase"))[0], "2.4.2");
  assert.equal(ids(createSearch(index, { clipped: 0 }).search("org phase"))[0], "2.4.1", "the words alone");
});

test("a query that says something is not so puts first the rule that says what is not", () => {
  const index = rulesOf("2.1", "The Victory Conditions", ["If you have characters in play at the end of the game, count them.",
    "Even if you have no characters in play at all, the game is not over: you may continue to draw and discard cards."]);
  assert.equal(ids(createSearch(index).search("game over if I have no characters in play"))[0], "2.1.2");
  assert.equal(ids(createSearch(index).search("characters in play and the game isn't over"))[0], "2.1.2");
  assert.equal(ids(createSearch(index, { negation: 0 }).search("game over if I have no characters in play"))[0], "2.1.1",
    "the words alone");
});

test("a word the glossary's plain words use for a term and no rule says is read as the term, counting less", () => {
  const index = rulesOf("1.7", "Combat", ["During play certain cards must be tapped when they are used.",
    "An unwounded, tapped character must modify his prowess by -1.", "A character may fight in the Ring War.",
    "Each character faces one strike.", "A card may be played."]);
  index.docs.push({ kind: "glossary", id: "tapped", game: "MELE", title: "tapped", aliases: ["tap"], rules: ["1.7.1"],
    location: "glossary/#g-tapped", text: "Turned sideways to show that a card has been used. Also Named Sideways Cards." },
  { kind: "glossary", id: "ring-war", game: "MELE", title: "Ring War", aliases: [], rules: ["1.7.3"],
    location: "glossary/#g-ring-war", text: "The War of the Ring, when Characters fought." },
  { kind: "glossary", id: "strike", game: "MELE", title: "strike", aliases: [], rules: ["1.7.4"],
    location: "glossary/#g-strike", text: "Mostly a blow, aimed at one character." });
  const search = createSearch(index);
  assert.deepEqual(ids(search.search("sideways character")).slice(0, 1), ["1.7.2"], "sideways: tapped");
  const sideways = search.explain("sideways character", "1.7.2").concepts[0];
  assert.ok(sideways.forms.includes("tap@" + WEIGHTS.sense), sideways.forms.join(" "));
  assert.equal(createSearch(index, { sense: 0 }).search("sideways character").find((r) => r.kind === "rule").id, "1.7.4",
    "the words alone");
  assert.deepEqual(search.explain("card", "1.7.5").concepts[0].forms, ["card@1"], "a word a rule of another term says");
  assert.deepEqual(search.explain("named", "1.7.1").concepts[0].forms, ["nam@1"], "only the definition's first sentence");
  assert.deepEqual(search.explain("blow", "1.7.4").concepts[0].forms, ["blow@1", "strik@" + WEIGHTS.sense], "a blow: strike");
  assert.deepEqual(search.explain("mostly", "1.7.4").concepts[0].forms, ["mostli@1"], "an adverb stands for no term");
});
