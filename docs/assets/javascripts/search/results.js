// One search result as the reader sees it in the list: the number (or what the result is),
// where it sits, the game a rule belongs to, and the text with the matched words marked; and
// the line above the list.

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
// and marks the matches).
export function resultItem(result, href) {
  const name = result.kind === "rule" ? result.id
    : result.kind === "section" ? result.id + " " + result.title
    : result.title;
  const where = result.where && result.where.length ? result.where.join(" \u203a ") : LABELS[result.kind];
  const game = result.kind === "rule" ? gameText(result) : "";
  return '<li class="rule-search__item"><a class="rule-search__link" href="' + escapeHtml(href) + '">' +
    '<span class="rule-hit rule-hit--' + result.kind + '"' + (result.exact ? " data-exact" : "") + ">" +
    '<span class="rule-hit__name">' + escapeHtml(name) + "</span>" +
    (where ? '<span class="rule-hit__where">' + escapeHtml(where) + "</span>" : "") +
    (game ? '<span class="rule-hit__game" data-game="' + escapeHtml(result.game) + '">' + escapeHtml(game) + "</span>" : "") +
    (result.said ? '<span class="rule-hit__said">' + escapeHtml(saidText(result.said)) + "</span>" : "") +
    "</span>" +
    '<span class="rule-hit__text">' + result.snippet + "</span></a></li>";
}

// The line above the list: `texts` are the theme's own words for no result, one result and
// several ("# matching documents").
export function countText(count, texts) {
  if (count === 0) return texts.none;
  if (count === 1) return texts.one;
  return texts.other.replace("#", String(count));
}
