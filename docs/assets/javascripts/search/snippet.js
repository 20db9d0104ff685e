// What a result shows of a rule's (or a page's) text: all of it when it is short, else the
// sentence that holds most of the query; the query's words marked in it, its stop words not.
import { STOP_WORDS } from "./words.js";

export const SNIPPET = 220;      // characters of a long text shown around its matches
const SHORT = SNIPPET + 40;      // a text this long is shown whole
const BULLET = /^\s*[\u2022\u00b7]\s*/;
const ABBREVIATIONS = new Set(["e.g", "i.e", "etc", "p", "pp", "vs", "cf"]);

export function escapeHtml(text) {
  return text.replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; });
}

// Where each sentence of the text starts and ends: [{start, end}], after a full stop, a
// question or exclamation mark (not an abbreviation's: "e.g.", "i.e."), or a line break.
export function sentences(text) {
  const spans = [];
  const ends = /([.!?])["\u201d\u2019)\]]*\s+|\n+/g;
  let start = 0, match;
  while ((match = ends.exec(text)) !== null) {
    if (match[1] === "." && ABBREVIATIONS.has(lastWord(text.slice(start, match.index)))) continue;
    const end = match.index + match[0].trimEnd().length;
    if (/\S/.test(text.slice(start, end))) spans.push({ start: start, end: end });
    start = match.index + match[0].length;
  }
  if (/\S/.test(text.slice(start))) spans.push({ start: start, end: text.trimEnd().length });
  return spans;
}

function lastWord(text) {
  const words = text.toLowerCase().match(/[a-z.]+$/);
  return words ? words[0].replace(/^\.+/, "") : "";
}

// The text as HTML with the query's words marked. `found`: each of the query's concepts as
// {at: the positions of `tokens` it was found at, atWeight: the weight of the form found at
// each (optional), weight, size: how many of the query's words it is (optional)}. A long text shows the sentence
// holding the most weight (the first of equals), cut around its first mark if it is long too.
export function snippet(text, tokens, found) {
  const marked = new Set();
  found.forEach(function (concept) {
    concept.at.forEach(function (p) { if (tokens[p] && !STOP_WORDS.has(tokens[p].word)) marked.add(p); });
  });
  const marks = Array.from(marked).sort(function (a, b) { return a - b; }).map(function (p) { return tokens[p]; });
  let from = (BULLET.exec(text) || [""])[0].length, to = text.length;   // not a list's bullet
  if (text.length - from > SHORT) {
    const best = bestSentence(text, tokens, found);
    if (best) {
      from = Math.max(from, best.start);
      to = best.end;
    }
    if (to - from > SHORT) {
      const first = marks.filter(function (t) { return t.start >= from && t.end <= to; })[0];
      const centre = first ? first.start : from;
      const end = to;
      from = Math.max(from, centre - 60);
      if (from > 0 && /\S/.test(text.charAt(from - 1))) from = text.indexOf(" ", from) + 1 || from;
      to = Math.min(end, from + SNIPPET);
      if (to < end) to = text.lastIndexOf(" ", to) > from ? text.lastIndexOf(" ", to) : to;
    }
  }
  let out = from > 0 && /\S/.test(text.slice(0, from).replace(/[\u2022\u00b7]/g, "")) ? "\u2026" : "";
  let cursor = from;
  marks.forEach(function (t) {
    if (t.start < cursor || t.end > to) return;
    out += escapeHtml(text.slice(cursor, t.start)) + "<mark>" + escapeHtml(text.slice(t.start, t.end)) + "</mark>";
    cursor = t.end;
  });
  return out + escapeHtml(text.slice(cursor, to)) + (to < text.trimEnd().length ? "\u2026" : "");
}

// The sentence that holds the most of the query: each concept counts its weight times the
// closest form found in the sentence (a word of a phrase found alone counts less) times how many
// of its words are there ("hazard limit" in full holds two of the query's words).
function bestSentence(text, tokens, found) {
  let best = null, most = 0;
  sentences(text).forEach(function (sentence) {
    let held = 0;
    found.forEach(function (concept) {
      let closest = 0;
      const words = new Set();
      concept.at.forEach(function (p, k) {
        const t = tokens[p];
        if (t && !STOP_WORDS.has(t.word) && t.start >= sentence.start && t.end <= sentence.end) {
          closest = Math.max(closest, concept.atWeight ? concept.atWeight[k] : 1);
          words.add(t.stem);
        }
      });
      held += concept.weight * closest * Math.min(words.size, concept.size || 1);
    });
    if (held > most) {
      most = held;
      best = sentence;
    }
  });
  return best;
}
