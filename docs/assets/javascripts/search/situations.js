// A situation typed with numbers, read as a calculator's inputs: "tapped guy 4 prowess rolls 6
// vs 9 prowess strike" opens the strike calculator with prowess 4, tapped, strike's prowess 9
// and roll 6. The result states each input it read and the words it did not read, so that the
// reader sees what was understood before following the link; nothing is guessed. The words of
// each calculator are the index's `situations` (sources/search-situations.yaml, checked against
// the views by build_scripts/search/situations.py).
import { escapeHtml } from "./snippet.js";
import { STOP_WORDS, stems, tokenize } from "./words.js";

const GAP = 2;                     // stop words that may sit between a number and its words ("roll of 6", "vs a 9")
const NUMBER = /^\d{1,3}$/;        // a number a calculator may take; longer ones are no input
const SIGNS = new Set(["+", "-", "\u2212"]);

// `records`: the index's situations. read(query, game) -> a result for the list, or null.
export function createSituations(records) {
  const calculators = (records || []).map(function (record) {
    return {
      record: record,
      names: record.names.map(stems),
      ignore: new Set(record.ignore.map(function (word) { return stems(word).join(" "); })),
      inputs: record.inputs.map(function (input) {
        return { input: input, after: input.numberAfter.map(stems), before: input.numberBefore.map(stems),
          words: new Map(Object.entries(input.words).map(function ([word, value]) { return [stems(word).join(" "), value]; })) };
      })
    };
  });

  function read(query, game) {
    const tokens = tokenize(query);
    if (!tokens.some(function (t) { return NUMBER.test(t.word); })) return null;
    let best = null;
    calculators.forEach(function (calculator) {
      const reading = readAs(calculator, tokens, query);
      if (reading && (!best || reading.read > best.read)) best = reading;
    });
    return best && result(best, game);
  }

  return { read: read };
}

// Where `phrase` (stems) is in `tokens` from `at` on: true if it is there.
function holds(tokens, at, phrase) {
  if (at < 0 || at + phrase.length > tokens.length) return false;
  for (let k = 0; k < phrase.length; k++) if (tokens[at + k].stem !== phrase[k]) return false;
  return true;
}

function isGap(token) {
  return STOP_WORDS.has(token.word);
}

// The words that may give the number at `i`: each input whose words end just before it
// (`after`: "prowess 4") or start just after it (`before`: "4 prowess"), across at most GAP
// stop words; the nearer words first, then the longer, then those before the number.
function cues(calculator, tokens, i) {
  const found = [];
  for (let gap = 0; gap <= GAP; gap++) {
    const back = i - 1 - gap;
    if (back < 0 || (gap > 0 && !isGap(tokens[back + 1]))) break;
    calculator.inputs.forEach(function (entry) {
      entry.after.forEach(function (phrase) {
        const from = back - phrase.length + 1;
        if (holds(tokens, from, phrase)) found.push({ entry: entry, length: phrase.length, gap: gap, side: 0, from: from, to: i });
      });
    });
  }
  for (let gap = 0; gap <= GAP; gap++) {
    const ahead = i + 1 + gap;
    if (gap > 0 && (ahead - 1 >= tokens.length || !isGap(tokens[ahead - 1]))) break;
    calculator.inputs.forEach(function (entry) {
      entry.before.forEach(function (phrase) {
        if (holds(tokens, ahead, phrase)) found.push({ entry: entry, length: phrase.length, gap: gap, side: 1, from: i, to: ahead + phrase.length - 1 });
      });
    });
  }
  return found.sort(function (a, b) { return a.gap - b.gap || b.length - a.length || a.side - b.side; });
}

function signed(query, token) {
  return SIGNS.has(query.charAt(token.start - 1));
}

function within(input, value) {
  if (input.kind !== "int") return true;
  const n = Number(value);
  return (input.min === undefined || n >= input.min) && (input.max === undefined || n <= input.max);
}

// The query read as this calculator: {calculator, values, said, unread, read} or null when the
// query does not name it or gives it no number.
function readAs(calculator, tokens, query) {
  const used = new Set();
  calculator.names.forEach(function (phrase) {
    for (let at = 0; at < tokens.length; at++) {
      if (holds(tokens, at, phrase)) for (let k = 0; k < phrase.length; k++) used.add(at + k);
    }
  });
  if (!used.size) return null;
  const values = new Map();    // field -> value
  let read = 0;
  tokens.forEach(function (token, i) {
    if (!NUMBER.test(token.word) || signed(query, token)) return;   // "+1", "-3": a modifier, no input read here
    const value = String(Number(token.word));
    const found = cues(calculator, tokens, i);
    const cue = found.filter(function (c) { return !values.has(c.entry.input.field) && within(c.entry.input, value); })[0];
    if (!cue) return;
    values.set(cue.entry.input.field, value);
    found.forEach(function (c) {     // "vs 9 prowess strike": the words on both sides gave it
      if (c.entry === cue.entry) for (let k = c.from; k <= c.to; k++) used.add(k);
    });
    read++;
  });
  if (!read) return null;
  tokens.forEach(function (token, i) {
    calculator.inputs.forEach(function (entry) {
      const value = entry.words.get(token.stem);
      if (value === undefined || values.has(entry.input.field)) return;
      values.set(entry.input.field, value);
      used.add(i);
    });
  });
  const unread = [];
  tokens.forEach(function (token, i) {
    if (used.has(i) || (STOP_WORDS.has(token.word) && !NUMBER.test(token.word)) || calculator.ignore.has(token.stem)) return;
    unread.push(query.slice(token.start - (signed(query, token) ? 1 : 0), token.end));
  });
  // One input read beside words it could not read is a number that only looks like one of its
  // inputs ("creature with 2 strikes ... body checks"): the query is no situation of this calculator.
  if (values.size < 2 && unread.some(function (word) { return !/^[+\-\u2212]?\d+$/.test(word); })) return null;
  return { calculator: calculator, values: values, unread: unread, read: values.size };
}

// What the reader sees: the calculator, each input it read as the form names it, in the form's
// order ("strike: prowess 4, tapped, strike's prowess 9, roll 6"), the words it did not read,
// the numbers it starts with that the query did not give, and a link that opens the calculator
// with those inputs (every input named: its start value for the rest; its game as the reader reads).
function result(reading, game) {
  const record = reading.calculator.record;
  const said = [];
  record.fields.forEach(function ([name]) {
    if (!reading.values.has(name)) return;
    const input = record.inputs.find(function (i) { return i.field === name; });
    const value = reading.values.get(name);
    said.push(input.kind === "choice" || input.kind === "bool" ? input.say || value : input.say + " " + value);
  });
  // A number the form starts with that the query did not give ("body 8") is said as such: the
  // calculator's answer uses it, and it is not the reader's.
  const started = [];
  record.fields.forEach(function ([name, kind, start]) {
    const input = record.inputs.find(function (i) { return i.field === name; });
    if (reading.values.has(name) || !input || !input.say || kind !== "int" || !start || Number(start) === 0) return;
    started.push(input.say + " " + start);
  });
  const startedText = started.length ? "; " + started.join(", ") + (started.length > 1 ? " are" : " is") +
    " the calculator's start" + (started.length > 1 ? " values" : " value") : "";
  const entries = record.fields.map(function ([name, kind, start]) {
    let value = reading.values.has(name) ? reading.values.get(name) : start;
    if (name === record.gameField && game) value = game === "starter" ? "1" : "";
    return [record.view + "." + name, kind === "bool" ? (value === "1" ? "1" : "0") : value];
  });
  const [page, hash] = record.location.split("#");
  return { kind: "situation", id: record.view, title: record.title, where: ["Calculator"], score: 0,
    location: page + "?" + new URLSearchParams(entries).toString() + (hash ? "#" + hash : ""),
    snippet: escapeHtml(record.say + ": " + said.join(", ") + startedText), unread: reading.unread };
}
