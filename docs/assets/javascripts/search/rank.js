// The rule search: ranks the site's rules (and its sections, glossary terms, calculators
// and pages) for what a reader types. The site's search box (box.js) runs it on the page;
// the tests and benchmarks run it in Node. The index is site/search/search_index.json,
// written by build_scripts/search/index.py. How it ranks: ARCHITECTURE.md ("Search") and WEIGHTS.
import { createSituations } from "./situations.js";
import { escapeHtml, sentences, snippet } from "./snippet.js";
import { ACTION_WORDS, MAX_QUERY, STOP_WORDS, fold, numberText, parseRuleNumber, readQuery, stems, tokenize } from "./words.js";

// --- the index ---------------------------------------------------------------------------

// How much each kind of evidence counts. createSearch(index, {name: value}) overrides any of
// them, for tuning (benchmarks and tests use the defaults).
export const WEIGHTS = {
  synonym: 1,       // a synonym's match, against the word itself
  part: 0.35,       // one word of a multi-word term found without the rest
  sense: 0.45,      // a word the rules do not say, read as the term the glossary's plain words use it for ("sideways": tapped)
  prefix: 0.7,      // a word still being typed, matched by its beginning
  clipped: 0.7,     // a word no rule has, cut short ("org"), matched by the few words it begins
  typo: 0.8,        // a word no rule has, matched by the words one slip away ("wonded", "corupption")
  heading: 0.8,     // the rule's sub-heading names the concept
  section: 0.4,     // the rule's section title names the concept
  lead: 0.3,        // ... and the rule is the first under that sub-heading (it states, the rest qualify)
  defining: 3,      // ... times this when the query asks what a thing is
  defines: 2,       // the rule is one the glossary says defines the term
  term: 1.5,        // ... and the query is that term, no more (times the query's whole weight)
  near: 0.35,       // two query words side by side (within 3 words) in the rule
  coverage: 1.5,    // power of the share of the query found: every word found beats one word found often
  example: 0.6,     // an Example block, against the rule it illustrates (it tells a whole turn in the game's common words)
  aside: 0.9,       // a Note, Clarification or Suggestion, against the rule it qualifies
  gloss: 0.3,       // a word found only in the glossary's plain words for the rule, against its own words
  table: 0.5,       // a word found only among the players' words for the rule (sources/search-table-words.yaml)
  entry: 1,         // ... where one entry holds all such words with another of the query's: the index lists the query there
  context: 0.5,     // a word found only in the sentence a listed rule completes ("... one of the following:"),
                    // or in the rule a rule that refers back leans on ("... in this manner")
  page: 0.7,        // a page about the site, against a rule that matches as well
  named: 1,         // a query that is a glossary term, no more, asks what it is (0: it does not)
  asking: 1,        // a word of what "when" or "where" asks for (a phase, a pile), when the query asks it
  permission: 0.4,  // "may", "cannot", when the query asks whether a player can
  negation: 0.4,    // "not", "never", "otherwise", when the query says something is not so
  number: 0.4,      // a number or "up to", "no more than", when the query asks how many
  topic: 0.4,       // a word found only among the words its section's rules use most, against its own words
  topics: 12,       // how many such words each section has
  split: 0.75,      // the share of the query the best rule holds under which terms no rule names together are a split question
  held: 0.5,        // the share of the query the best rule must hold, a word no rule has counted as the rarest,
                    // for the rulebook not to be said silent (0: never said)
  k1: 1.2, b: 0.75  // BM25
};
const ASIDES = new Set(["note", "clarification", "suggestion"]);
const LISTED = new Set(["bullet", "item"]);   // a rule that completes the sentence of the rule it is listed under
const MAX_RESULTS = 30;
const SAID = 2;              // players' words a result names at most
// "what is ...", "what are ...", "what does ... mean": asks what a thing is, which the first
// rule under its sub-heading states.
const DEFINING = /^\s*(?:what\s*(?:is|are|'s|s)\b|define\b)|\bmean\s*\??\s*$/;
// What a question word asks for, which the rule that answers states: "when" a time of the
// turn, "where" a place for a card, "can I" what a player may do, "isn't" or "never" what is
// not so ("non-Darkhaven", "otherwise"), "how many" a number or a limit. Each adds a concept
// found as those words, weighed as `weight` says.
const ASKING = [
  { name: "when", words: /^\s*when\b|\bwhen\s*\??\s*$/, weight: "asking",
    forms: "during,phase,before,after,until,at the end,at the beginning,at the start,each turn,following" },
  { name: "where", words: /^\s*where\b|\bwhere\s*\??\s*$/, weight: "asking",
    forms: "site,pile,deck,darkhaven,haven,home site,hand,place,placed" },
  { name: "can", words: /^\s*(?:can|may|could)\b|\ballowed\b/, weight: "permission",
    forms: "may,can,cannot,allowed" },
  { name: "many", words: /\bhow\s+(?:many|much|often)\b/, weight: "number",
    forms: "one,two,three,four,five,six,seven,eight,nine,ten,twice,up to,no more than,at most,maximum,only one,between,1,2,3,4,5,6,7,8,9,10,20,25,50" },
  { name: "not", words: /\b(?:not|no|never|none|nothing|without|cannot|(?:is|are|was|were|do|does|did|ca|wo|could|would|should|has|have|had)n'?t)\b/,
    weight: "negation", forms: "not,non,never,nothing,cannot,otherwise,without" }
];
// A query that asks for an example ("audience example", "e.g."): an Example block answers it.
const EXAMPLE = /\b(?:examples?|e\.?g)\b/;
const MAX_COMPLETIONS = 8;      // words tried for the one being typed
const MAX_CLIPPED = 3;          // a short word that begins more words than this is not read as one of them
const MIN_CLIPPED = 3;          // letters of the shortest word read as cut short
const MIN_TYPO = 4;             // letters of the shortest word read as mistyped
const MIN_SHARE = 0.15;         // results scoring under this share of the best are left out
const SILENT_DEPTH = 10;        // rules looked at for one that holds the whole question
const SENSE_RULES = 2;          // a word of a term's definition said by at most this many rules, all defining it, stands for it
const SENSES = 2;               // ... unless it stands so for more terms than this
const SILENT_RULES = 3;         // the nearest rules shown above the terms when none answers

function Field(text) {
  this.tokens = tokenize(text || "");
  this.positions = new Map();
  for (let i = 0; i < this.tokens.length; i++) {
    const s = this.tokens[i].stem;
    if (!this.positions.has(s)) this.positions.set(s, []);
    this.positions.get(s).push(i);
  }
}

const NOWHERE = [];

// A Field of words already stemmed, each on its own (found one by one, not as phrases).
function stemField(list) {
  const field = Object.create(Field.prototype);
  field.tokens = list.map(function (s) { return { stem: s }; });
  field.positions = new Map(list.map(function (s, i) { return [s, [i]]; }));
  return field;
}

// Where the phrase (a list of stems) starts in this field.
Field.prototype.find = function (phrase) {
  const first = this.positions.get(phrase[0]);
  if (!first) return NOWHERE;
  if (phrase.length === 1) return first;
  const found = [];
  for (let i = 0; i < first.length; i++) {
    const at = first[i];
    let k = 1;
    while (k < phrase.length && this.tokens[at + k] && this.tokens[at + k].stem === phrase[k]) k++;
    if (k === phrase.length) found.push(at);
  }
  return found;
};

// Whether b is one letter left out, added or changed, two neighbours swapped, or a doubled
// letter doubled in the wrong place ("corupption").
export function oneSlip(a, b) {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length && single(a) === single(b)) return true;
  let i = 0;
  while (i < a.length && a.charAt(i) === b.charAt(i)) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a.charAt(i) === b.charAt(i + 1) && a.charAt(i + 1) === b.charAt(i) && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

function firstSentence(text) {
  const first = sentences(text)[0];
  return first ? text.slice(first.start, first.end) : "";
}

// Adds the items of `more` to `list` in place: merging a record's matches stays linear in the query.
function append(list, more) {
  for (let i = 0; i < more.length; i++) list.push(more[i]);
}

function single(word) {
  return word.replace(/(.)\1/g, "$1");
}

export function createSearch(index, tuning) {
  const W = Object.assign({}, WEIGHTS, tuning || {});
  const docs = index.docs || [];
  const sections = new Map();
  const rules = [];
  const rulesById = new Map();
  const glossary = [];
  const pages = [];
  const fields = new Map();    // many rules share a sub-heading: one Field for each
  function shared(text) {
    if (!fields.has(text)) fields.set(text, new Field(text));
    return fields.get(text);
  }
  const sectionFields = new Map();
  docs.forEach(function (doc) {
    if (doc.kind === "section") {
      sections.set(doc.id, doc);
      sectionFields.set(doc.id, new Field(doc.title));
    }
  });
  docs.forEach(function (doc, order) {
    if (doc.kind === "rule") {
      const section = sections.get(doc.section) || { title: "", part: "" };
      const previous = rules[rules.length - 1];
      const lead = !!doc.heading && !(previous && previous.doc.section === doc.section && previous.doc.heading === doc.heading);
      const entry = { doc: doc, order: order, text: new Field(doc.text), heading: shared(doc.heading),
        section: sectionFields.get(doc.section) || shared(""), sectionDoc: section, lead: lead };
      rules.push(entry);
      rulesById.set(doc.id, entry);
    } else if (doc.kind === "glossary") {
      const names = [doc.title].concat(doc.aliases || []);
      glossary.push({ doc: doc, names: names.map(stems), words: names.map(meaningful),
        defines: new Set(doc.rules || []) });
    } else if (doc.kind === "page" || doc.kind === "calculator") {
      pages.push({ doc: doc, order: order, text: new Field(doc.text), heading: new Field(doc.title),
        section: shared(""), gloss: shared(""), table: shared(""), context: shared(""), topic: shared("") });
    }
  });
  // The rules that refer back to each rule ("in this manner"), in the rulebook's order.
  const dependents = new Map();
  rules.forEach(function (entry) {
    const parent = entry.doc.parent;
    if (!parent || !rulesById.has(parent)) return;
    if (!dependents.has(parent)) dependents.set(parent, []);
    dependents.get(parent).push(entry.doc.id);
  });
  // A rule's plain words: the glossary's definitions of the terms it defines, written for this
  // site in the words a reader uses, found as the rule's own words are but counting less.
  const glosses = new Map();
  glossary.forEach(function (term) {
    term.defines.forEach(function (id) {
      glosses.set(id, (glosses.get(id) || "") + " " + term.doc.title + ". " + term.doc.text);
    });
  });
  rules.forEach(function (entry, k) {
    entry.gloss = glosses.has(entry.doc.id) ? new Field(glosses.get(entry.doc.id)) : shared("");
    entry.table = entry.doc.tableWords ? new Field(entry.doc.tableWords.join(". ")) : shared("");
    entry.entries = entry.doc.tableWords ? entry.doc.tableWords.map(function (words) { return new Field(words); }) : NOWHERE;
    entry.context = shared(leadIn(k) || (entry.doc.parent && rulesById.has(entry.doc.parent) ? rulesById.get(entry.doc.parent).doc.text : ""));
  });
  const topics = sectionTopics();
  rules.forEach(function (entry) { entry.topic = topics.get(entry.doc.section) || shared(""); });
  // What each section is about: the words most of its rules use and few other sections do
  // ("attack" in Combat), so that a rule of the section is found for them although it does
  // not say them itself (it says "strike", the section says "attack" around it).
  function sectionTopics() {
    const held = new Map();    // section -> stem -> how many of its rules hold it
    const size = new Map();
    rules.forEach(function (entry) {
      const id = entry.doc.section;
      if (!held.has(id)) { held.set(id, new Map()); size.set(id, 0); }
      size.set(id, size.get(id) + 1);
      const counts = held.get(id);
      const seen = new Set();
      entry.text.tokens.forEach(function (t) {
        if (seen.has(t.stem) || STOP_WORDS.has(t.word)) return;
        seen.add(t.stem);
        counts.set(t.stem, (counts.get(t.stem) || 0) + 1);
      });
    });
    const spread = new Map();  // stem -> how many sections hold it
    held.forEach(function (counts) { counts.forEach(function (_, s) { spread.set(s, (spread.get(s) || 0) + 1); }); });
    const topicsOf = new Map();
    held.forEach(function (counts, id) {
      const ranked = [];
      counts.forEach(function (n, s) {
        if (n < 2 || s.length < 3) return;
        ranked.push({ stem: s, weight: (n / size.get(id)) * Math.log(held.size / spread.get(s)) });
      });
      ranked.sort(function (a, b) { return b.weight - a.weight || (a.stem < b.stem ? -1 : 1); });
      topicsOf.set(id, stemField(ranked.slice(0, W.topics).map(function (t) { return t.stem; })));
    });
    return topicsOf;
  }
  // The rule a listed rule completes: "If this result is equal to the strike's prowess..." is
  // about the roll of the paragraph above the list. A bullet may sit under a numbered item.
  function leadIn(k) {
    const block = rules[k].doc.block;
    if (!LISTED.has(block)) return "";
    for (let j = k - 1; j >= 0 && rules[j].doc.section === rules[k].doc.section; j--) {
      const above = rules[j].doc.block;
      if (above === "bullet" || (above === "item" && block === "item")) continue;
      return above === "paragraph" || above === "item" ? rules[j].doc.text : "";
    }
    return "";
  }
  function averageLength(records) {
    return records.reduce(function (sum, r) { return sum + r.text.tokens.length; }, 0) / (records.length || 1);
  }
  // Which records hold a stem in any field: a query scores only the records that hold one of its words.
  function postings(records) {
    const map = new Map();
    records.forEach(function (record, k) {
      [record.text, record.heading, record.section, record.gloss, record.table, record.context, record.topic].forEach(function (field) {
        field.positions.forEach(function (_, s) {
          if (!map.has(s)) map.set(s, []);
          const list = map.get(s);
          if (list[list.length - 1] !== k) list.push(k);
        });
      });
    });
    return map;
  }
  [rules, pages].forEach(function (records) {
    records.averageLength = averageLength(records);
    records.postings = postings(records);
  });
  const situations = createSituations(index.situations);
  const vocabulary = new Set();
  rules.forEach(function (r) { r.text.positions.forEach(function (_, s) { vocabulary.add(s); }); });
  const senses = gameSenses();

  // The game sense of a word a player uses and the rules do not: a word the glossary's plain
  // definition of a term opens with, up to its first comma ("Turned sideways to show that a card
  // has been used", "A character's toughness, printed ..."), that no rule says, or only the term's
  // own defining rules, stands for that term ("sideways": tapped; "toughness": body). A word that
  // stands so for more than SENSES terms stands for none, and an adverb for none.
  function gameSenses() {
    const holders = new Map();    // stem -> the rules whose text has it, while few
    rules.forEach(function (entry) {
      entry.text.positions.forEach(function (_, s) {
        const held = holders.get(s) || [];
        if (held.length <= SENSE_RULES) held.push(entry.doc.id);
        holders.set(s, held);
      });
    });
    const found = new Map();      // stem -> terms
    glossary.forEach(function (term) {
      const own = new Set([].concat.apply([], term.names));
      const sentence = firstSentence(term.doc.text).split(/[,;:(]/)[0];
      tokenize(sentence).forEach(function (t) {
        if (STOP_WORDS.has(t.word) || own.has(t.stem) || t.word.length < 4 || /\d/.test(t.word)) return;
        if (/ly$/.test(t.word)) return;   // an adverb ("mostly", "fairly") says how, not which thing
        if (t.start > 0 && /[A-Z]/.test(sentence.charAt(t.start))) return;   // a name ("My Precious"), no sense of a word
        const held = holders.get(t.stem) || NOWHERE;
        if (held.length > SENSE_RULES || !held.every(function (id) { return term.defines.has(id); })) return;
        if (!found.has(t.stem)) found.set(t.stem, []);
        if (found.get(t.stem).indexOf(term) < 0) found.get(t.stem).push(term);
      });
    });
    const meant = new Map();
    found.forEach(function (terms, s) {
      if (terms.length > SENSES) return;
      meant.set(s, distinct([].concat.apply([], terms.map(function (term) {
        return term.names.map(function (name) { return { phrase: name, weight: W.sense }; });
      }))));
    });
    return meant;
  }

  // Phrases a query may hold: every glossary name and every synonym the players use.
  const phrases = new Map();   // "hazard limit" (stems joined) -> {forms, glossary}
  function addPhrase(key, entry) {
    const known = phrases.get(key);
    if (!known) { phrases.set(key, entry); return; }
    known.forms = known.forms.concat(entry.forms);
    known.glossary = known.glossary || entry.glossary;
  }
  const glossaryByName = new Map();
  glossary.forEach(function (term) {
    const forms = term.names.map(function (name) { return { phrase: name, weight: 1 }; });
    term.names.forEach(function (name) {
      const key = name.join(" ");
      if (!glossaryByName.has(key) || term.doc.game === "MELE") glossaryByName.set(key, term);
      addPhrase(key, { forms: forms, glossary: term });
    });
  });
  (index.synonyms || []).forEach(function (pair) {
    const said = pair[0].map(stems);
    const meant = pair[1].map(stems);
    let term = null;
    meant.forEach(function (phrase) { term = term || glossaryByName.get(phrase.join(" ")) || null; });
    // What the reader typed counts in full (phraseConcept adds it); the rulebook's words as a synonym.
    // A weaker reading (a third element under 1) counts for less than the closer ones.
    const weight = W.synonym * (pair.length > 2 ? pair[2] : 1);
    let forms = meant.map(function (p) { return { phrase: p, weight: weight }; });
    if (term) forms = forms.concat(term.names.map(function (p) { return { phrase: p, weight: weight }; }));
    said.forEach(function (phrase) { addPhrase(phrase.join(" "), { forms: forms, glossary: term }); });
  });
  // The concept each question word adds, found as the words it asks for.
  const asking = ASKING.map(function (question) {
    return { words: question.words, concept: { words: [question.name], glossary: null, asking: true,
      forms: question.forms.split(",").map(function (words) { return { phrase: stems(words), weight: W[question.weight] }; }) } };
  });
  let longestPhrase = 1;
  phrases.forEach(function (_, key) { longestPhrase = Math.max(longestPhrase, key.split(" ").length); });

  // --- understanding a query ---

  // The query's concepts: each a word or a known phrase, with the forms that count for it.
  function concepts(query) {
    let tokens = tokenize(query);
    const action = tokens.some(function (t) { return ACTION_WORDS.has(t.word); });
    tokens = tokens.filter(function (t) { return !ACTION_WORDS.has(t.word); });
    const typing = !/\s$/.test(query);
    const completion = typing ? complete(tokens) : null;
    const list = [];
    for (let i = 0; i < tokens.length;) {
      if (completion && i === completion.from) {
        list.push(phraseConcept(completion));
        i += completion.size;
        continue;
      }
      let found = null;
      for (let n = Math.min(longestPhrase, tokens.length - i); n >= 1 && !found; n--) {
        const span = tokens.slice(i, i + n);
        if (n === 1 && STOP_WORDS.has(span[0].word)) break;
        const entry = phrases.get(span.map(function (t) { return t.stem; }).join(" "));
        if (entry) found = { size: n, entry: entry, words: span };
      }
      if (found) {
        list.push(phraseConcept(found));
        i += found.size;
        continue;
      }
      const token = tokens[i];
      if (!STOP_WORDS.has(token.word)) {
        let forms = [{ phrase: [token.stem], weight: 1 }];
        if (W.sense && senses.has(token.stem)) forms = forms.concat(senses.get(token.stem));
        if (!vocabulary.has(token.stem)) {
          if (typing && i === tokens.length - 1) {
            if (token.word.length >= 2) forms = forms.concat(completions(token.word));
          } else if (token.word.length >= MIN_CLIPPED) {
            forms = forms.concat(clipped(token.word));
          }
          if (token.word.length >= MIN_TYPO) forms = forms.concat(misspelt(token.stem));
        }
        list.push({ words: [token.word], forms: forms, glossary: null });
      }
      i++;
    }
    asking.forEach(function (question) {
      if (list.length && question.concept.forms[0].weight && question.words.test(fold(query))) list.push(question.concept);
    });
    return { list: list, action: action, defining: list.length <= 2 && DEFINING.test(fold(query)),
      example: EXAMPLE.test(fold(query)) };
  }

  // The words a word being typed may become: the most used ones first.
  function completions(start) {
    const found = [];
    vocabulary.forEach(function (s) { if (s.indexOf(start) === 0) found.push(s); });
    return found.sort(function (a, b) {
      return rules.postings.get(b).length - rules.postings.get(a).length || (a < b ? -1 : 1);
    }).slice(0, MAX_COMPLETIONS).map(function (s) { return { phrase: [s], weight: W.prefix }; });
  }

  // The few words a word no rule has begins ("org": organization, organize), as a player
  // clips them; none when it begins many (it is then no one word cut short).
  function clipped(start) {
    if (!W.clipped) return [];
    const found = [];
    vocabulary.forEach(function (s) { if (s.indexOf(start) === 0) found.push(s); });
    return found.length > MAX_CLIPPED ? [] : found.map(function (s) { return { phrase: [s], weight: W.clipped }; });
  }

  // The words one slip away from a word no rule has: a letter left out, added, changed, two
  // swapped, a double misplaced ("wonded" is "wounded", "ringwriath" "ringwraith").
  const slips = new Map();
  function misspelt(word) {
    if (!W.typo) return [];
    let found = slips.get(word);
    if (!found) {
      found = [];
      vocabulary.forEach(function (s) { if (s.length >= MIN_TYPO - 1 && oneSlip(word, s)) found.push(s); });
      if (slips.size < 1000) slips.set(word, found);
    }
    return found.map(function (s) { return { phrase: [s], weight: W.typo }; });
  }

  // A known phrase the query ends in, its last word still being typed ("hazard lim").
  function complete(tokens) {
    const last = tokens[tokens.length - 1];
    if (!last || vocabulary.has(last.stem) || last.word.length < 2) return null;
    let best = null;
    phrases.forEach(function (entry, key) {
      const phrase = key.split(" ");
      const n = phrase.length;
      if (n < 2 || n > tokens.length || phrase[n - 1].indexOf(last.word) !== 0) return;
      for (let k = 0; k < n - 1; k++) if (tokens[tokens.length - n + k].stem !== phrase[k]) return;
      if (!best || n > best.size) {
        best = { from: tokens.length - n, size: n, entry: entry,
          words: tokens.slice(tokens.length - n).map(function (t, k) { return { word: t.word, stem: phrase[k] }; }) };
      }
    });
    return best;
  }

  // Each phrase once, with its best weight.
  function distinct(forms) {
    const best = new Map();
    forms.forEach(function (f) {
      const key = f.phrase.join(" ");
      if (!best.has(key) || best.get(key).weight < f.weight) best.set(key, f);
    });
    return Array.from(best.values());
  }

  function phraseConcept(found) {
    const forms = found.entry.forms.slice();
    const own = found.words.map(function (t) { return t.stem; });
    if (!forms.some(function (f) { return f.phrase.join(" ") === own.join(" "); })) forms.unshift({ phrase: own, weight: 1 });
    if (own.length > 1) {
      own.forEach(function (s, k) {
        if (!STOP_WORDS.has(found.words[k].word)) forms.push({ phrase: [s], weight: W.part, part: true });
      });
    }
    return { words: found.words.map(function (t) { return t.word; }), forms: distinct(forms),
      glossary: found.entry.glossary };
  }

  // --- scoring ---

  function idf(df, total) {
    return Math.log(1 + (total - df + 0.5) / (df + 0.5));
  }

  // How well one form of a concept matches one record: null, or {score, credit, at (positions in its text)}.
  function matchForm(form, record, averageLength, defining) {
    const found = record.text.find(form.phrase);
    const inHeading = record.heading.positions.has(form.phrase[0]) && record.heading.find(form.phrase).length > 0;
    const inSection = record.section.positions.has(form.phrase[0]) && record.section.find(form.phrase).length > 0;
    const inGloss = !found.length && record.gloss.positions.has(form.phrase[0]) && record.gloss.find(form.phrase).length > 0;
    const inTable = !found.length && record.table.positions.has(form.phrase[0]) && record.table.find(form.phrase).length > 0;
    const inContext = !found.length && record.context.positions.has(form.phrase[0]) && record.context.find(form.phrase).length > 0;
    const inTopic = !found.length && !inHeading && !inSection && !inGloss && !inTable && !inContext && form.phrase.length === 1 &&
      record.topic.positions.has(form.phrase[0]);
    if (!found.length && !inHeading && !inSection && !inGloss && !inTable && !inContext && !inTopic) return null;
    let entries = NOWHERE;
    if (!form.part && record.entries && record.entries.length && record.table.positions.has(form.phrase[0])) {
      entries = [];
      record.entries.forEach(function (field, k) {
        field.find(form.phrase).forEach(function (at) { entries.push(k + ":" + at); });
      });
    }
    const tf = found.length;
    const length = record.text.tokens.length;
    const bm25 = tf ? (tf * (W.k1 + 1)) / (tf + W.k1 * (1 - W.b + W.b * length / averageLength)) : 0;
    const at = [], atWeight = [];
    for (let i = 0; i < found.length; i++) {
      for (let k = 0; k < form.phrase.length; k++) {
        at.push(found[i] + k);
        atWeight.push(form.weight);
      }
    }
    const own = found.length || inHeading || inSection;
    return { score: form.weight * (bm25 + (inHeading ? W.heading + (record.lead ? W.lead * (defining ? W.defining : 1) : 0) : 0) +
      (inSection ? W.section : 0) + (inContext ? W.context : inGloss ? W.gloss : inTable ? W.table : inTopic ? W.topic : 0)),
      credit: form.weight * (own ? 1 : inContext ? W.context : inGloss ? W.gloss : inTable ? W.table : W.topic),
      strong: form.weight > W.part && (tf > 0 || inHeading),   // counts for how rare the concept is
      held: !form.part && (tf > 0 || inHeading || inTable),   // ... when no closer form is found
      said: inTable ? form.phrase : null, at: at, atWeight: atWeight, entries: entries,
      listed: inTable ? form.weight : 0, own: !!own };
  }

  const UNMATCHED = { score: 0, credit: 0, at: NOWHERE, atWeight: NOWHERE, entries: NOWHERE, listed: 0, own: false };

  // All the query's words a rule's own words lack, found in one entry of its players' index
  // together with another of the query's words: that entry lists the query under the rule, so
  // those words count as the rule's own. One word shared with some entry is weak evidence (many
  // rules' entries say "turn"). Each word of the entry stands for one of the query's words (a
  // synonym may reach it twice). `weights`: each concept's, 0 for a word no record has.
  function listedTogether(matches, list, weights) {
    const lacking = [];
    matches.forEach(function (m, k) { if (!m.own && weights[k] && !list[k].asking) lacking.push(k); });
    if (!lacking.some(function (k) { return matches[k].listed; })) return;
    const held = new Map();    // entry -> the query's words it holds, by concept
    matches.forEach(function (m, k) {
      if (list[k].asking) return;
      m.entries.forEach(function (key) {
        const entry = key.split(":")[0], at = key.split(":")[1];
        if (!held.has(entry)) held.set(entry, { concepts: new Set(), at: new Set() });
        const words = held.get(entry);
        if (words.concepts.has(k) || words.at.has(at)) return;
        words.concepts.add(k);
        words.at.add(at);
      });
    });
    let best = null;
    held.forEach(function (words) {
      const complete = lacking.every(function (k) { return words.concepts.has(k); });
      if (complete && words.concepts.size > 1 && (!best || words.concepts.size > best.size)) best = words.concepts;
    });
    if (!best) return;
    best.forEach(function (k) {
      const m = matches[k];
      matches[k] = Object.assign({}, m, { together: true,
        score: Math.max(m.score, m.listed * W.entry), credit: Math.max(m.credit, m.listed) });
    });
  }

  // Records scored for the query, best first. `term`: the glossary term the query is, if any.
  // Only records holding a concept's word are looked at, once for each of its forms.
  // `known`: each concept's weight as the rules give it, so that a page's score is measured on
  // the rules' scale (a word only pages hold keeps the weight the pages give it).
  function rank(records, query, isRule, term, known) {
    const total = records.length;
    const found = new Map();    // record index -> each concept's best match
    const weights = query.list.map(function (concept, c) {
      let holding = 0, held = 0;
      concept.forms.forEach(function (form) {
        (records.postings.get(form.phrase[0]) || NOWHERE).forEach(function (k) {
          const m = matchForm(form, records[k], records.averageLength, query.defining);
          if (!m) return;
          if (!found.has(k)) found.set(k, query.list.map(function () { return UNMATCHED; }));
          const matches = found.get(k);
          const best = matches[c];
          if (m.strong && !best.strong) holding++;
          if (m.held && !best.held) held++;
          if (best === UNMATCHED) {
            matches[c] = Object.assign({}, m, { strong: !!m.strong, held: !!m.held, entries: m.entries.slice() });
            return;
          }
          best.score = Math.max(best.score, m.score);
          best.credit = Math.max(best.credit, m.credit);
          best.strong = best.strong || m.strong;
          best.held = best.held || m.held;
          best.said = best.said || m.said;
          best.listed = Math.max(best.listed, m.listed);
          best.own = best.own || m.own;
          append(best.at, m.at);
          append(best.atWeight, m.atWeight);
          append(best.entries, m.entries);
        });
      });
      if (known && known[c]) return known[c];
      if (holding) return idf(holding, total);
      return held ? idf(held, total) : 0;   // a word no record has (a typo, a stray word) is left out
    });
    let sum = weights.reduce(function (a, b) { return a + b; }, 0);
    const hits = [];
    hits.weights = weights;
    if (!sum) return hits;
    // "calculate", "odds": a calculator has what the query asks for, a rule does not.
    const asked = query.action ? sum / weights.filter(Boolean).length : 0;
    sum += asked;
    found.forEach(function (matches, index) {
      const record = records[index];
      let score = 0, covered = 0;
      listedTogether(matches, query.list, weights);
      matches.forEach(function (m, k) {
        if (!m.credit || !weights[k]) return;
        score += weights[k] * m.score;
        covered += weights[k] * m.credit;
        const concept = query.list[k];
        if (isRule && concept.glossary && concept.glossary.defines.has(record.doc.id)) score += weights[k] * W.defines;
      });
      if (!score) return;
      if (asked && record.doc.kind === "calculator") {
        score += asked;
        covered += asked;
      }
      if (isRule && term && term.defines.has(record.doc.id)) score += W.term * sum;
      for (let k = 1; k < matches.length; k++) {
        // Words of the one entry that lists the query sit side by side, as the rule's own would.
        const side = near(matches[k - 1].at, matches[k].at) || (matches[k - 1].together && matches[k].together);
        if (side) score += W.near * Math.min(weights[k - 1], weights[k]);
      }
      const coverage = covered / sum;
      score *= Math.pow(coverage, W.coverage) * prior(record.doc, query);
      hits.push({ record: record, score: score, coverage: coverage, matches: matches });
    });
    hits.sort(function (a, b) { return b.score - a.score || a.record.order - b.record.order; });
    return hits;
  }

  // What a record counts for before its words are weighed, the one place a record's own
  // standing enters the ranking: an Example illustrates a rule, a Note or a Clarification
  // qualifies one, and each counts less than the rule itself, unless the query asks for an example.
  function prior(doc, query) {
    if (doc.block === "example") return query.example ? 1 / W.example : W.example;
    if (ASIDES.has(doc.block)) return W.aside;
    return 1;
  }

  function near(a, b) {
    for (let i = 0; i < a.length; i++) {
      for (let j = 0; j < b.length; j++) if (a[i] !== b[j] && Math.abs(a[i] - b[j]) <= 3) return true;
    }
    return false;
  }

  // --- what each result shows ---

  function whereOf(entry) {
    const section = entry.sectionDoc;
    return [section.part, section.id ? section.id + " " + section.title : "", entry.doc.heading]
      .filter(Boolean);
  }

  // `found`: each of the query's concepts as {at, weight}, for the sentence shown and its marks.
  function ruleResult(entry, found, score, exact, matches) {
    const result = { kind: "rule", id: entry.doc.id, location: entry.doc.location, score: score, exact: !!exact,
      where: whereOf(entry), snippet: snippet(entry.doc.text, entry.text.tokens, found || NOWHERE) };
    const said = saidFor(entry, matches || []);
    if (said.length) result.said = said;
    if (entry.doc.game) result.game = entry.doc.game;
    if (entry.doc.replacedBy) result.replacedBy = entry.doc.replacedBy;
    return result;
  }

  // The players' words a rule was found by where its text does not say the query's word, so
  // that a result with nothing marked in its text says why it is there: the entries holding
  // most of those words, at most SAID of them (a phone shows each on a line).
  function saidFor(entry, matches) {
    const phrases = matches.filter(function (m) { return m.said && !m.at.length; }).map(function (m) { return m.said; });
    if (!phrases.length) return [];
    return entry.doc.tableWords.map(function (words) {
      const own = stems(words);
      return { words: words, holds: phrases.filter(function (phrase) { return own.indexOf(phrase[0]) >= 0; }).length };
    }).filter(function (e) { return e.holds; })
      .sort(function (a, b) { return b.holds - a.holds; })
      .slice(0, SAID).map(function (e) { return e.words; });
  }

  function sectionResult(section, score) {
    const ids = rules.filter(function (r) { return r.doc.section === section.id; }).map(function (r) { return r.doc.id; });
    const count = ids.length === 1 ? "1 rule, " + ids[0] : ids.length + " rules, " + ids[0] + " to " + ids[ids.length - 1];
    return { kind: "section", id: section.id, location: section.location, score: score, where: [section.part],
      title: section.title, snippet: escapeHtml(count) };
  }

  function otherResult(kind, doc, score, found, field) {
    return { kind: kind, id: doc.id || doc.location, location: doc.location, score: score, title: doc.title,
      where: kind === "glossary" ? [doc.game === "SBG" ? "SBG glossary" : "Glossary"] : [kind === "calculator" ? "Calculator" : "Page"],
      snippet: field ? snippet(doc.text, field.tokens, found || NOWHERE) : escapeHtml(doc.text) };
  }

  // --- rule numbers ---

  function byNumber(number) {
    const wanted = numberText(number);
    const results = [];
    if (number.rule !== undefined) {
      const exact = rulesById.get(wanted);
      if (exact) {
        results.push(ruleResult(exact, [], 1, true));
        (exact.doc.twins || []).forEach(function (id) { results.push(ruleResult(rulesById.get(id), [], 0.9)); });
      }
      rules.forEach(function (r) {
        if (r !== exact && r.doc.id.indexOf(wanted) === 0 && r.doc.id.charAt(wanted.length) !== ".") {
          results.push(ruleResult(r, [], 0.5));
        }
      });
      if (results.length) return results.slice(0, MAX_RESULTS);
      return [missingResult(number)].concat(sections.has(number.prefix + "." + number.section)
        ? [sectionResult(sections.get(number.prefix + "." + number.section), 0.5)] : []);
    }
    if (number.section !== undefined) {
      const section = sections.get(wanted);
      if (!section) return [missingResult(number)];
      return [sectionResult(section, 1)].concat(rules.filter(function (r) { return r.doc.section === wanted; })
        .slice(0, MAX_RESULTS - 1).map(function (r) { return ruleResult(r, [], 0.5); }));
    }
    const parts = [];
    sections.forEach(function (s) { if (s.id.split(".").slice(0, -1).join(".") === number.prefix) parts.push(s); });
    return parts.length ? parts.map(function (s) { return sectionResult(s, 0.5); }) : [missingResult(number)];
  }

  // A clear answer for a number that does not exist: what there is instead, and where to look.
  function missingResult(number) {
    const wanted = numberText(number);
    const help = index.help || {};
    const inPart = [];
    sections.forEach(function (s) { if (s.id.split(".").slice(0, -1).join(".") === number.prefix) inPart.push(s); });
    const section = sections.get(number.prefix + "." + number.section);
    let text, location;
    if (section) {
      const ids = rules.filter(function (r) { return r.doc.section === section.id; }).map(function (r) { return r.doc.id; });
      text = "Section " + section.id + " (" + section.title + ") has rules " + ids[0] + " to " + ids[ids.length - 1] + ".";
      location = section.location;
    } else if (inPart.length) {
      const sbgText = number.prefix.indexOf("SBG") === 0;    // a whole article; the rulebook's later parts are lost
      text = inPart[0].part + " has sections " + inPart[0].id + " to " + inPart[inPart.length - 1].id +
        (sbgText ? "." : " here; the rest of the book is missing from the source text.");
      location = sbgText ? inPart[0].location : help.missing || inPart[0].location;
    } else {
      const sbg = number.prefix.indexOf("SBG") === 0;
      const known = [];
      sections.forEach(function (s) {
        const prefix = s.id.split(".").slice(0, -1).join(".");
        const label = prefix + " (" + s.part + ")";
        if ((prefix.indexOf("SBG") === 0) === sbg && known.indexOf(label) < 0) known.push(label);
      });
      text = (sbg ? "Strategy Battle Game" : "MELE") + " rule numbers here start with " + known.join(", ") + "." +
        (sbg ? "" : " Parts III to V of the rulebook are missing from the source text.");
      location = help.missing || "";
    }
    return { kind: "missing", id: wanted, location: location, score: 0,
      title: (number.rule !== undefined ? "No rule " : "No section ") + wanted, snippet: escapeHtml(text) };
  }

  // --- putting the list together ---

  // The one glossary entry whose name the query (nearly) is.
  function glossaryFor(query) {
    let words = meaningful(query);
    if (!words.length) return null;
    words = words.filter(function (s, k) { return words.indexOf(s) === k; });
    let best = null;
    glossary.forEach(function (term) {
      term.words.forEach(function (name) {   // "keyed to" is the question "what does keyed to mean"
        const same = name.filter(function (s) { return words.indexOf(s) >= 0; }).length;
        if (name.length && same === name.length && same === words.length) {
          const rankKey = -name.length - (term.doc.game === "MELE" ? 0.5 : 0);
          if (!best || rankKey < best.key) best = { term: term, key: rankKey };
        }
      });
    });
    return best && best.term;
  }

  function searchWords(query) {
    const parsed = concepts(query);
    if (!parsed.list.length) return [];
    const term = glossaryFor(query);
    if (W.named && namesTerm(parsed, term)) parsed.defining = true;
    const ruleHits = rank(rules, parsed, true, term);
    const top = ruleHits.length ? ruleHits[0].score : 0;
    const floor = top * MIN_SHARE;
    const results = [];
    const placed = new Set();
    const hitOf = new Map(ruleHits.map(function (hit) { return [hit.record.doc.id, hit]; }));
    function place(id, score, detailOf) {
      if (placed.has(id)) return;
      const hit = hitOf.get(id);
      const result = hit ? ruleResult(hit.record, foundIn(hit.matches, ruleHits.weights, parsed.list), hit.score, false, hit.matches)
        : ruleResult(rulesById.get(id), NOWHERE, score);
      if (detailOf) result.detailOf = detailOf;
      results.push(result);
      placed.add(id);
    }
    // A rule that refers back comes with the rule it depends on: the parent first (brought in
    // when only the dependent matched), then its dependents the query found, as its details;
    // a Starter rule's Standard twin (and the other way round) after them.
    ruleHits.forEach(function (hit) {
      if (results.length >= MAX_RESULTS || hit.score < floor) return;
      const root = hit.record.doc.parent || hit.record.doc.id;
      if (placed.has(root)) return;
      place(root, hit.score);
      (dependents.get(root) || NOWHERE).forEach(function (id) {
        const found = hitOf.get(id);
        if (found && found.score >= floor) place(id, found.score, root);
      });
      (rulesById.get(root).doc.twins || NOWHERE).forEach(function (id) { place(id, 0); });
    });
    const pageHits = rank(pages, parsed, false, null, ruleHits.weights);
    pageHits.forEach(function (hit) {
      const calculator = hit.record.doc.kind === "calculator";
      if (calculator ? !(parsed.action || namesIt(hit, query)) : hit.coverage < 1) return;
      const score = hit.score * (calculator ? 1 : W.page);
      if (score < floor) return;
      let at = results.findIndex(function (r) { return r.score < score; });
      if (at < 0) at = results.length;
      if (!(calculator && parsed.action)) at = Math.max(at, afterPositions(results, 3));   // rules first
      at = afterPositions(results, 0, at);
      const result = otherResult(calculator ? "calculator" : "page", hit.record.doc, score, foundIn(hit.matches, pageHits.weights, parsed.list), hit.record.text);
      results.splice(at, 0, result);
    });
    if (term) results.splice(afterPositions(results, 1), 0, otherResult("glossary", term.doc, top));
    const terms = silence(parsed, ruleHits);
    if (terms) {
      const recognised = terms.filter(function (t) { return t !== term; });
      results.splice.apply(results, [afterPositions(results, SILENT_RULES), 0].concat(recognised.map(function (t) {
        return otherResult("glossary", t.doc, top);
      })));
      results.unshift(silentNotice(terms));
    }
    return results.slice(0, MAX_RESULTS);
  }

  // --- when the rulebook is silent ---

  // The glossary terms the query names, when no rule holds enough of it (else null): the terms it
  // names in their own words (two or more) are in no one rule among the first found, and no rule
  // of the book names them all; or a word of
  // it that no rule, page or players' index has, counted as the rarest word, leaves the best of
  // them holding under HELD of the query.
  function silence(parsed, ruleHits) {
    const weights = ruleHits.weights;
    const first = ruleHits.slice(0, SILENT_DEPTH);
    if (!first.length) return null;
    const terms = [], named = [];
    parsed.list.forEach(function (concept, k) {
      if (!concept.glossary || !weights[k]) return;
      if (terms.indexOf(concept.glossary) < 0) terms.push(concept.glossary);
      if (namesItself(concept)) named.push(k);
    });
    const namedTerms = Array.from(new Set(named.map(function (k) { return parsed.list[k].glossary; })));
    const best = Math.max.apply(null, first.map(function (hit) { return hit.coverage; }));
    if (namedTerms.length >= 2 && best < W.split && !first.some(function (hit) {
      return named.every(function (k) { return hit.matches[k].credit >= W.table; });
    }) && !saidTogether(namedTerms)) return terms;
    const unknown = parsed.list.filter(function (concept, k) {
      return !weights[k] && !concept.asking && /^[a-z]{4,}$/.test(concept.words.join(""));
    }).length;
    if (!unknown) return null;
    let asked = 0;
    parsed.list.forEach(function (concept, k) { if (!concept.asking) asked += weights[k]; });
    const whole = asked + unknown * idf(1, rules.length);
    const held = Math.max.apply(null, first.map(function (hit) {
      let found = 0;
      hit.matches.forEach(function (m, k) { if (!parsed.list[k].asking) found += weights[k] * Math.min(1, m.credit); });
      return found / whole;
    }));
    return held < W.held ? terms : null;
  }

  // Whether some rule's own words name every one of these glossary terms.
  function saidTogether(terms) {
    return rules.some(function (entry) {
      return terms.every(function (term) {
        return term.names.some(function (name) { return entry.text.positions.has(name[0]) && entry.text.find(name).length > 0; });
      });
    });
  }

  // Is the concept a glossary term the query names as the glossary does (not a players' word for it)?
  function namesItself(concept) {
    const own = stems(concept.words.join(" ")).join(" ");
    return concept.glossary.names.some(function (name) { return name.join(" ") === own; });
  }

  function silentNotice(terms) {
    const names = terms.map(function (t) { return t.doc.title; });
    return { kind: "notice", id: "silent", location: "", score: 0, title: "The rulebook has no rule that answers this directly",
      snippet: escapeHtml("Below: the nearest rules" + (names.length ? ", and the glossary's " + names.join(", ") : "") + ".") };
  }

  // The index in `results` after the first `count` positions from `from` on: a rule and the
  // details shown beside it hold one position, and nothing goes in between them.
  function afterPositions(results, count, from) {
    let at = from || 0;
    while (at < results.length && results[at].detailOf) at++;
    for (let n = 0; n < count && at < results.length; n++) {
      at++;
      while (at < results.length && results[at].detailOf) at++;
    }
    return at;
  }

  // Is the query a glossary term and no more ("strike", "HL", "hazard lim" being typed)? It
  // asks what the term is, as "what is a strike" does; "strike odds" asks for a calculator.
  function namesTerm(parsed, term) {
    return !parsed.action && !!(term || (parsed.list.length === 1 && parsed.list[0].glossary));
  }

  // Does the query name this calculator (its title, give or take a word)?
  function namesIt(hit, query) {
    const title = meaningful(hit.record.doc.title);
    const words = meaningful(query);
    const same = title.filter(function (s) { return words.indexOf(s) >= 0; }).length;
    return same === title.length && words.length - same <= 1;
  }

  // The stems of the words that carry meaning (no stop words, no "calculate" or "odds").
  function meaningful(text) {
    return tokenize(text).filter(function (t) { return !STOP_WORDS.has(t.word) && !ACTION_WORDS.has(t.word); })
      .map(function (t) { return t.stem; });
  }

  // Each of the query's concepts where a record holds it, with the concept's weight.
  function foundIn(matches, weights, list) {
    return matches.map(function (m, k) {
      return { at: m.at, atWeight: m.atWeight, weight: weights[k] || 0, size: list[k].words.length };
    });
  }

  // `options.game`: the game the reader reads as ("standard" or "starter"). A rule that the
  // other game's rule replaces gives its place to that rule and ranks right below it (the
  // replacement is brought into the list if the words alone left it out or further down).
  // A rule number asked for keeps its place.
  // A query longer than MAX_QUERY is read up to there, and the first result says so. A situation
  // a calculator reads ("prowess 4 vs 9") opens it above the rules.
  // A key that leaves the text read as it was (every key typed past the cap of a paste) is
  // answered with the results already found for it.
  let last = { key: null, results: NOWHERE };
  function search(query, options) {
    if (!query || !query.trim()) return [];
    const read = readQuery(query);
    const game = options && options.game;
    const key = (read.cut ? "cut " : "whole ") + game + " " + read.text;
    if (key !== last.key) last = { key: key, results: answer(read, game) };
    return last.results.slice();
  }

  function answer(read, game) {
    const number = parseRuleNumber(read.text);
    let results = number ? byNumber(number) : searchWords(read.text);
    if (!number && game) results = inGame(results, game);
    const situation = number ? null : situations.read(read.text, game);
    if (situation) results = [situation].concat(results);
    return read.cut ? [cutNotice()].concat(results) : results;
  }

  function cutNotice() {
    return { kind: "notice", id: "cut", location: "", score: 0, title: "Only the first " + MAX_QUERY + " characters are searched",
      snippet: "" };
  }

  // The rules that replace this rule in `game`: a Starter rule's replacements in the Standard
  // game; in the Starter game, the Starter rules a Standard rule replaces.
  function replacementsIn(game, doc) {
    if (game === "standard") return doc.replacedBy || NOWHERE;
    if (game === "starter") return doc.replaces || NOWHERE;
    return NOWHERE;
  }

  function inGame(results, game) {
    const list = results.slice();
    for (let k = 0; k < list.length; k++) {
      if (list[k].kind !== "rule") continue;
      const instead = replacementsIn(game, rulesById.get(list[k].id).doc);
      if (!instead.length) continue;
      let at = -1;
      for (let j = 0; j < list.length && at < 0; j++) {
        if (list[j].kind === "rule" && instead.indexOf(list[j].id) >= 0) at = j;
      }
      if (at >= 0 && at < k) continue;      // already above it
      const replacement = at > k ? list.splice(at, 1)[0] : ruleResult(rulesById.get(instead[0]), [], list[k].score);
      list.splice(k, 0, replacement);
      k++;
    }
    return list.slice(0, MAX_RESULTS);
  }

  // Why a record scored what it did for a query (for tuning): each concept's forms and match.
  function explain(query, id) {
    const parsed = concepts(query);
    const term = glossaryFor(query);
    if (W.named && namesTerm(parsed, term)) parsed.defining = true;
    const ruleHits = rank(rules, parsed, true, term);
    const hit = ruleHits.concat(rank(pages, parsed, false, null, ruleHits.weights)).filter(function (h) {
      return (h.record.doc.id || h.record.doc.location) === id;
    })[0];
    return { term: term && term.doc.id, action: parsed.action, score: hit && hit.score, coverage: hit && hit.coverage,
      concepts: parsed.list.map(function (c, k) {
        return { words: c.words, forms: c.forms.map(function (f) { return f.phrase.join(" ") + "@" + f.weight; }),
          weight: ruleHits.weights ? ruleHits.weights[k] : 0, term: c.glossary ? c.glossary.doc.id : null,
          match: hit && { score: hit.matches[k].score, credit: hit.matches[k].credit, own: hit.matches[k].own } };
      }) };
  }

  return { search: search, explain: explain, rules: rules.length };
}
