// A long paste in the search box (docs/assets/javascripts/search/rank.js, words.js): it is read
// up to MAX_QUERY characters and the first result says so, and each keystroke at its end is
// answered in a time that does not grow with the paste. The index has the size of the site's
// (about 480 rules of 20 to 80 words over a vocabulary of a few thousand words), so that the
// time is the one a reader meets; the paste is a ruling's citations, as the ruling sheet writes them.
import assert from "node:assert/strict";
import { test } from "node:test";

import { createSearch } from "../../docs/assets/javascripts/search/rank.js";
import { MAX_QUERY, readQuery } from "../../docs/assets/javascripts/search/words.js";

const SYLLABLES = "ar bel cor dan el fa gor hal in ka lor mor nar or pel ran sar tor ul var wen".split(" ");
const COMMON = "the a of to character strike company site may his your is in card play turn prowess body".split(" ");

function siteSizedIndex() {
  let seed = 7;
  const next = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const vocabulary = Array.from({ length: 3000 }, () =>
    SYLLABLES[next(SYLLABLES.length)] + SYLLABLES[next(SYLLABLES.length)] + SYLLABLES[next(SYLLABLES.length)]);
  const docs = [];
  for (let section = 1; section <= 12; section++) {
    const id = `1.${section}`;
    docs.push({ kind: "section", id, title: `Section ${section}`, part: "Starter Rules", location: `rules/${section}/`, text: "" });
    for (let n = 1; n <= 40; n++) {
      const words = Array.from({ length: 20 + next(60) }, () =>
        next(3) ? COMMON[next(COMMON.length)] : vocabulary[next(vocabulary.length)]);
      docs.push({ kind: "rule", id: `${id}.${n}`, section: id, heading: "", block: "paragraph",
        location: `rules/${section}/#r1-${section}-${n}`, text: words.join(" ") + "." });
    }
  }
  return { format: 3, synonyms: [], help: {}, docs };
}

const index = siteSizedIndex();
const search = createSearch(index);
const rules = index.docs.filter((doc) => doc.kind === "rule");

function citations(size) {
  let text = "";
  for (let k = 0; text.length < size; k += 11) {
    const rule = rules[k % rules.length];
    text += `MELE ${rule.id}: ${rule.text} https://mele.example.org/${rule.location} `;
  }
  return text.slice(0, size);
}

test("a query longer than the cap is read up to its last whole word there, and says so first", () => {
  const paste = citations(5000);
  const read = readQuery(paste);
  assert.equal(read.cut, true);
  assert.ok(read.text.length <= MAX_QUERY && paste.startsWith(read.text), read.text);
  assert.ok(/\S$/.test(read.text) && /\s/.test(paste.charAt(read.text.length)), "cut between words");
  const results = search.search(paste);
  assert.deepEqual([results[0].kind, results[0].title], ["notice", `Only the first ${MAX_QUERY} characters are searched`]);
  assert.deepEqual(results.slice(1).map((r) => r.id), search.search(read.text).map((r) => r.id));
  assert.equal(readQuery("tie strike prowess").cut, false);
  assert.equal(search.search("tie strike prowess").some((r) => r.kind === "notice"), false);
});

test("each keystroke at the end of a 5 KB paste of citations is answered in a few milliseconds", () => {
  // Before the cap, each such keystroke ranked the whole paste: over 500 ms here in Node.
  const paste = citations(5000);
  search.search(paste);   // the first query compiles the ranking
  const times = [];
  for (let key = 0; key < 20; key++) {
    const from = process.hrtime.bigint();
    search.search(paste.slice(0, 4980 + key));
    times.push(Number(process.hrtime.bigint() - from) / 1e6);
  }
  times.sort((a, b) => a - b);
  assert.ok(times[10] < 100, `median ${times[10].toFixed(1)} ms a keystroke`);
});

test("a key typed past the cap of a paste is answered with the results already found, not ranked again", () => {
  const paste = citations(5000);
  const first = search.search(paste);
  const next = search.search(paste + "x");
  assert.deepEqual(next, first);
  assert.ok(next.every((result, k) => result === first[k]), "the same results, found once");
  assert.notEqual(next, first, "a list of its own, which the caller may change");
  const other = search.search(paste, { game: "standard" });
  assert.ok(other[1] !== first[1], "read as another game: ranked again");
  assert.ok(search.search("tie strike")[0] !== search.search("tie strikes")[0], "a key that changes the text read: ranked again");
});
