// What a result shows of a rule (docs/assets/javascripts/search/snippet.js): a short rule
// whole, a long one by the sentence that holds most of the question; the query's words marked,
// never its stop words.
import assert from "node:assert/strict";
import { test } from "node:test";

import { createSearch } from "../../docs/assets/javascripts/search/rank.js";
import { sentences, snippet } from "../../docs/assets/javascripts/search/snippet.js";
import { tokenize } from "../../docs/assets/javascripts/search/words.js";

const marked = (html) => [...html.matchAll(/<mark>([^<]*)<\/mark>/g)].map((m) => m[1].toLowerCase());

test("a text is cut into sentences at full stops and line breaks, not after an abbreviation", () => {
  const text = "Sites of rest (e.g., Minas Morgul, i.e. a Darkhaven) heal. A tapped character untaps?\nIt moves! Last";
  assert.deepEqual(sentences(text).map((s) => text.slice(s.start, s.end)),
    ["Sites of rest (e.g., Minas Morgul, i.e. a Darkhaven) heal.", "A tapped character untaps?", "It moves!", "Last"]);
});

// A rule of four sentences, long enough to be shown by one of them.
const NAZGUL = "During your opponent's movement/hazard phase, you may tap and discard one of your Nazgûl hazard " +
  "permanent-events in play to bring up to 5 hazard cards from your sideboard into your discard pile. The normal " +
  "result of tapping a Nazgûl hazard does not apply. The Nazgûl hazard is discarded. Tapping a Nazgûl hazard in this " +
  "fashion does count against the hazard limit.";

function rule(text) {
  const docs = [{ kind: "section", id: "2.2", title: "Sideboard", part: "Standard Rules", location: "rules/2-2/", text: "" },
    { kind: "rule", id: "2.2.6", section: "2.2", heading: "", block: "paragraph", location: "rules/2-2/#r2-2-6", text }];
  for (let n = 10; n < 40; n++) {
    docs.push({ kind: "rule", id: `2.2.${n}`, section: "2.2", heading: "", block: "paragraph", location: `rules/2-2/#r${n}`,
      text: n % 3 ? `Filler ${n} about apply and the discard pile.` : `Filler ${n} on the hazard of the day.` });
  }
  return createSearch({ format: 3, synonyms: [], help: {}, docs });
}

test("a long rule shows the sentence that holds most of the question, not the first one with a match", () => {
  const search = rule(NAZGUL);
  const shown = search.search("does the hazard limit apply to a tapped Nazgul").find((r) => r.id === "2.2.6").snippet;
  assert.equal(shown, "\u2026<mark>Tapping</mark> a <mark>Nazgûl</mark> <mark>hazard</mark> in this fashion does count against the " +
    "<mark>hazard</mark> <mark>limit</mark>.");
  const first = search.search("sideboard discard pile").find((r) => r.id === "2.2.6").snippet;
  assert.ok(first.startsWith("During your opponent") && first.endsWith("\u2026"), first);
});

test("a short rule is shown whole", () => {
  const short = "Each of your characters at a Darkhaven may heal during the untap phase. Such a character moves from " +
    "a wounded position to a tapped position.";
  assert.equal(snippet(short, tokenize(short), [{ at: [15], weight: 1 }]).replace(/<\/?mark>/g, ""), short);
});

test("the query's words are marked, its stop words never, even inside a phrase it found", () => {
  const text = "If a creature satisfies more than one of these conditions, you must choose one of these conditions " +
    "that the attack is \"keyed to.\"";
  const tokens = tokenize(text);
  const at = (words) => tokens.flatMap((t, k) => (words.includes(t.word) ? [k] : []));
  const html = snippet(text, tokens, [{ at: at(["keyed", "to"]), weight: 2 }, { at: at(["the", "attack"]), weight: 1 }]);
  assert.deepEqual(marked(html), ["attack", "keyed"]);
  assert.deepEqual(marked(rule(NAZGUL).search("the result of the hazard").find((r) => r.id === "2.2.6").snippet)
    .filter((w) => ["the", "of"].includes(w)), []);
});
