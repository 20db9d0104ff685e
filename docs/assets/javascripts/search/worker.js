// The site's search worker. Material for MkDocs runs its search in a worker it talks to
// with four messages (SETUP, READY, QUERY, RESULT) and accepts any worker that speaks
// them; this one answers with the rule search (engine.js) instead of lunr, so the reader
// types into Material's own search box on every page. Material's bundle fetches the
// index (search/search_index.json, written by build_scripts/search/index.py) and sends it
// with SETUP; each RESULT lists one item per result, best first, for Material to show.
/* global RuleSearch */
importScripts("words.js", "engine.js");

var SETUP = 0, READY = 1, QUERY = 2, RESULT = 3;   // Material's SearchMessageType
var search = null;
// The page asks as soon as the text changes (use-rule-search.js, `early`), then Material asks
// on keyup for the same text: the list on screen already answers it, so that one query is
// not answered twice. An empty answer is sent again, since Material words it from its own query.
var answeredEarly = null;

addEventListener("message", function (event) {
  var message = event.data;
  if (message.type === SETUP) {
    search = RuleSearch.createSearch(message.data);
    postMessage({ type: READY });
  } else if (message.type === QUERY) {
    var again = !message.early && message.data === answeredEarly;
    answeredEarly = null;
    if (again) return;
    var results = search ? search.search(message.data) : [];
    if (message.early && results.length) answeredEarly = message.data;
    postMessage({ type: RESULT, data: { items: results.map(item) } });
  }
});

function escapeHtml(text) {
  return String(text).replace(/[&<>"]/g, function (c) {
    return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c];
  });
}

var LABELS = { glossary: "", calculator: "Calculator", page: "Page", section: "Section", missing: "" };

// One Material search item: a document without a teaser, so the title holds everything:
// the number (or what the result is), where it sits, and the text with the matched words marked.
function item(result, rank, results) {
  var name = result.kind === "rule" ? result.id
    : result.kind === "section" ? result.id + " " + result.title
    : result.kind === "missing" ? result.title
    : result.title;
  var where = result.where && result.where.length ? result.where.join(" \u203a ") : LABELS[result.kind];
  var title = '<span class="rule-hit rule-hit--' + result.kind + '"' + (result.exact ? " data-exact" : "") + ">" +
    '<span class="rule-hit__name">' + escapeHtml(name) + "</span>" +
    (where ? '<span class="rule-hit__where">' + escapeHtml(where) + "</span>" : "") +
    "</span>" +
    '<span class="rule-hit__text">' + result.snippet + "</span>";
  // Material's Enter key follows the highest score: the first result.
  return [{ location: result.location, title: title, text: "", score: results.length - rank, terms: {} }];
}
