// A ruling lives in its address: /ruling/?r=1.7.25,1.7.28&question=...&a=...&c=...&inputs=...&chances=...&g=standard
// (rules, question, answer, calculator link with the case's inputs and headline chances as the
// calculator showed them, and the game it was made for: a link opens in it). The question is not
// "q": Material's search takes ?q= on any page, opens itself with it and then deletes it.
// This module reads such an address and writes one. It never trusts what it reads:
// rule ids are checked against the rules the site has, text is only ever shown as
// text, and the calculator link must be one of this site's calculator pages.

import { GAMES, parseGame } from "../game/game-choice.js";

export const TEXT_LIMIT = 2000;          // characters, for the question and for the answer
const LISTED_AT_MOST = 8;                // bad ids named in a message; the rest are counted
const SHOWN_ID_LENGTH = 24;              // a bad id is cut to this in a message
const RULE_ID = /^(?:\d+|[A-Z]+-[A-Z]+)\.\d+\.\d+$/;   // 1.7.25, SBG-A.1.4 (the prefix takes the part's place)

export function hasRuling(search) {
  const params = new URLSearchParams(search);
  return ["r", "question", "a", "c", "inputs", "chances", "g"].some((key) => params.has(key));
}

/** The ruling an address holds, and what was wrong with it, in words.
 *  `knows(id)` says whether the site has that rule; `calculatorOf(link)` gives the
 *  calculator a link leads to ({path}, see calculatorPath), or null when it is not one of this site's. */
export function readRuling(search, knows, calculatorOf) {
  const params = new URLSearchParams(search);
  const rules = [], malformed = [], unknown = [], repeated = [];
  for (const raw of params.getAll("r").join(",").split(",")) {
    const id = raw.trim().toUpperCase();
    if (!id) continue;
    if (!RULE_ID.test(id)) malformed.push(raw.trim());
    else if (rules.includes(id)) { if (!repeated.includes(id)) repeated.push(id); }
    else if (!knows(id)) unknown.push(id);
    else rules.push(id);
  }
  const problems = [];
  if (malformed.length) problems.push(`Not rule numbers, left out: ${listed(malformed, true)}. A rule number looks like 1.7.25.`);
  if (unknown.length) problems.push(`No such rule on this site, left out: ${listed(unknown)}.`);
  if (repeated.length) problems.push(`Listed more than once, shown once: ${listed(repeated)}.`);

  const question = params.get("question") || "", answer = params.get("a") || "";
  for (const [name, text] of [["question", question], ["answer", answer]]) {
    if (text.length > TEXT_LIMIT) {
      problems.push(`The ${name} in this link is ${count(text.length)} characters long; only the first ${count(TEXT_LIMIT)} are shown.`);
    }
  }
  const link = params.get("c") || "";
  const found = link ? calculatorOf(link) : null;
  const calculator = found ? found.path : "";
  if (link && !found) {
    problems.push("The calculator link was left out: a ruling can only link to this site's calculator pages.");
  }
  // The case's words belong to its calculator link: without one they describe nothing.
  const [inputs, chances] = ["inputs", "chances"].map((name) => (calculator ? params.get(name) || "" : ""));
  for (const [name, text] of [["inputs", inputs], ["chances", chances]]) {
    if (text.length > TEXT_LIMIT) {
      problems.push(`The odds' ${name} in this link are ${count(text.length)} characters long; only the first ${count(TEXT_LIMIT)} are shown.`);
    }
  }
  const named = params.get("g");
  const game = parseGame(named) || "";
  if (named !== null && !game) {
    problems.push(`The game in this link, “${named.slice(0, SHOWN_ID_LENGTH)}”, is not one this site knows `
      + `(${GAMES.join(" or ")}): the ruling is shown in the game you are reading.`);
  }
  return {
    ruling: { rules, question, answer, calculator, inputs: inputs.slice(0, TEXT_LIMIT), chances: chances.slice(0, TEXT_LIMIT), game },
    problems,
  };
}

/** The query that reproduces `ruling` (empty parts left out); "" for an empty ruling. */
export function rulingQuery(ruling) {
  const parts = [];
  if (ruling.rules.length) parts.push(`r=${ruling.rules.map(encodeURIComponent).join(",")}`);
  if (ruling.question) parts.push(`question=${encodeURIComponent(ruling.question)}`);
  if (ruling.answer) parts.push(`a=${encodeURIComponent(ruling.answer)}`);
  if (ruling.calculator) {
    parts.push(`c=${encodeURIComponent(ruling.calculator)}`);
    if (ruling.inputs) parts.push(`inputs=${encodeURIComponent(ruling.inputs)}`);
    if (ruling.chances) parts.push(`chances=${encodeURIComponent(ruling.chances)}`);
  }
  if (parts.length && parseGame(ruling.game)) parts.push(`g=${parseGame(ruling.game)}`);
  return parts.length ? `?${parts.join("&")}` : "";
}

/** The same rules, words and odds; the game is the reading's, so it does not make a ruling another one. */
export function sameRuling(a, b) {
  return a.rules.join(",") === b.rules.join(",") && a.question === b.question
    && a.answer === b.answer && a.calculator === b.calculator
    && (a.inputs || "") === (b.inputs || "") && (a.chances || "") === (b.chances || "");
}

/** A calculator link as the site-relative path a ruling keeps ("calculators/strike/?...#calc-strike"),
 *  or null unless it is a page in `pages` on this site (same origin, under the site root). */
export function calculatorPath(link, siteRoot, pages) {
  let url;
  try {
    url = new URL(link, siteRoot);
  } catch {
    return null;
  }
  const root = new URL(siteRoot);
  if (url.origin !== root.origin || url.username || url.password || !url.pathname.startsWith(root.pathname)) return null;
  const page = url.pathname.slice(root.pathname.length);
  if (!Object.hasOwn(pages, page)) return null;
  return { path: page + url.search + url.hash, page, view: url.hash.slice(1) };
}

/** Characters over the limit, or 0. */
export function overLimit(text) {
  return Math.max(0, text.length - TEXT_LIMIT);
}

export function count(n) {
  return n.toLocaleString("en-GB");
}

export function characters(n) {
  return n === 1 ? "1 character" : `${count(n)} characters`;
}

// The first few of `ids`, cut to a short length each, and how many more there are.
export function listed(ids, quote = false) {
  const shown = ids.slice(0, LISTED_AT_MOST).map((id) => {
    const cut = id.length > SHOWN_ID_LENGTH ? `${id.slice(0, SHOWN_ID_LENGTH)}…` : id;
    return quote ? `“${cut}”` : cut;
  });
  const more = ids.length - shown.length;
  return shown.join(", ") + (more ? ` and ${count(more)} more` : "");
}
