// The site's search worker. Material for MkDocs runs its search in a worker it talks to
// with four messages (SETUP, READY, QUERY, RESULT) and accepts any worker that speaks
// them; this one answers with the rule search (engine.js) instead of lunr, so the reader
// types into Material's own search box on every page. Material's bundle fetches the
// index (search/search_index.json, written by build_scripts/search/index.py) and sends it
// with SETUP; each RESULT lists one item per result, best first, for Material to show.
// Material asks on keyup; the page has usually shown the same list already, as the
// character appeared (use-rule-search.js). Each RESULT names its query, so the page can
// hold back an answer to text the reader has since changed.
/* global RuleSearch, RuleSearchItems */
importScripts("words.js", "engine.js", "result-item.js");

var SETUP = 0, READY = 1, QUERY = 2, RESULT = 3;   // Material's SearchMessageType
var search = null;

addEventListener("message", function (event) {
  var message = event.data;
  if (message.type === SETUP) {
    search = RuleSearch.createSearch(message.data);
    postMessage({ type: READY });
  } else if (message.type === QUERY) {
    var results = search ? search.search(message.data) : [];
    postMessage({ type: RESULT, query: message.data, data: { items: results.map(item) } });
  }
});

// One Material search item: a document without a teaser, so the title holds everything.
function item(result, rank, results) {
  return [{ location: result.location, title: RuleSearchItems.title(result), text: "",
            score: RuleSearchItems.score(rank, results.length), terms: {} }];
}
