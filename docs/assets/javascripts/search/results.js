// One search result as the reader sees it in the list: the number (or what the result is),
// where it sits, the game a rule belongs to, and the text with the matched words marked; and
// the line above the list, which counts the rules.

const LABELS = { glossary: "", calculator: "Calculator", page: "Page", section: "Section", missing: "" };
// The game a rule belongs to (the Standard-game change map, in the index); the Strategy Battle
// Game's rules have none.
const GAMES = { both: "Both games", starter: "Starter game", standard: "Standard game" };

// "Starter game", or for a Starter rule the Standard game replaces, which rule does.
export function gameText(result) {
  if (!GAMES[result.game]) return "";
  if (result.game === "starter" && result.replacedBy && result.replacedBy.length) {
    return "Starter game; Standard: " + result.replacedBy.join(", ");
  }
  return GAMES[result.game];
}

export function escapeHtml(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// The address of a result: the index's locations are from the site root.
export function resultAddress(location, siteRoot) {
  return new URL(location, siteRoot).href;
}

// Why a rule whose text does not say the reader's word is listed: the entries of its players'
// index it was found by, named as such (an entry is words or a question, never a claim about the rule).
export function saidText(said) {
  return "Found by " + said.map((words) => "\u201c" + words + "\u201d").join(", ");
}

// The list item of one result. `result.snippet` is already HTML (rank.js escapes the text
// and marks the matches). A notice (the query was cut, the rulebook has no rule that answers
// it) is a line of the list, not a link.
export function resultItem(result, href) {
  if (result.kind === "notice") return noticeItem(result);
  const name = result.kind === "rule" ? result.id
    : result.kind === "section" ? result.id + " " + result.title
    : result.title;
  const where = result.where && result.where.length ? result.where.join(" \u203a ") : LABELS[result.kind];
  const game = result.kind === "rule" ? gameText(result) : "";
  const detail = result.detailOf ? " rule-search__item--detail" : "";
  return '<li class="rule-search__item' + detail + '"><a class="rule-search__link" href="' + escapeHtml(href) + '"' +
    (result.kind === "situation" ? " data-situation" : "") + ">" +
    '<span class="rule-hit rule-hit--' + result.kind + '"' + (result.exact ? " data-exact" : "") + ">" +
    '<span class="rule-hit__name">' + escapeHtml(name) + "</span>" +
    (where ? '<span class="rule-hit__where">' + escapeHtml(where) + "</span>" : "") +
    (result.detailOf ? '<span class="rule-hit__detail">' + escapeHtml("Detail of " + result.detailOf) + "</span>" : "") +
    (game ? '<span class="rule-hit__game" data-game="' + escapeHtml(result.game) + '">' + escapeHtml(game) + "</span>" : "") +
    (result.said ? '<span class="rule-hit__said">' + escapeHtml(saidText(result.said)) + "</span>" : "") +
    "</span>" +
    '<span class="rule-hit__text">' + result.snippet + "</span>" +
    (result.unread && result.unread.length ? '<span class="rule-hit__unread">' + escapeHtml(unreadText(result.unread)) + "</span>" : "") +
    "</a></li>";
}

function noticeItem(result) {
  return '<li class="rule-search__item rule-search__notice" data-notice="' + escapeHtml(result.id) + '">' +
    '<p class="rule-search__notice-title">' + escapeHtml(result.title) + "</p>" +
    (result.snippet ? '<p class="rule-search__notice-text">' + result.snippet + "</p>" : "") + "</li>";
}

// The words of a situation the calculator did not read: said, so that nothing is guessed.
export function unreadText(words) {
  return "Not read: " + words.join(", ");
}

// What the count calls each kind of result, one and several.
const COUNTED = { rule: ["rule", "rules"], situation: ["calculator", "calculators"], calculator: ["calculator", "calculators"],
  glossary: ["glossary term", "glossary terms"], section: ["section", "sections"], page: ["page", "pages"] };

// The line above the list: how many rules, then how many of each other kind ("12 rules,
// 1 glossary term"); notices and answers that a number does not exist are not counted.
export function countText(results) {
  const counts = new Map([["rule", 0]]);
  for (const result of results) {
    const names = COUNTED[result.kind];
    if (names) counts.set(names[0], (counts.get(names[0]) || 0) + 1);
  }
  return Array.from(counts, ([one, n]) => {
    const many = Object.values(COUNTED).find((names) => names[0] === one)[1];
    return (n === 0 ? "No" : n) + " " + (n === 1 ? one : many);
  }).join(", ");
}
