// One search result as the reader sees it in Material's list: the number (or what the
// result is), where it sits, and the text with the matched words marked. The worker hands
// these titles to Material (worker.js); the page renders the same markup itself as the
// reader types (use-rule-search.js), so both lists are the same to the byte.
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.RuleSearchItems = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  var LABELS = { glossary: "", calculator: "Calculator", page: "Page", section: "Section", missing: "" };

  function escapeHtml(text) {
    return String(text).replace(/[&<>"]/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c];
    });
  }

  // The result's title: a document without a teaser, so the title holds everything.
  // `snippet` is already HTML (engine.js escapes the text and marks the matches).
  function title(result) {
    var name = result.kind === "rule" ? result.id
      : result.kind === "section" ? result.id + " " + result.title
      : result.title;
    var where = result.where && result.where.length ? result.where.join(" \u203a ") : LABELS[result.kind];
    return '<span class="rule-hit rule-hit--' + result.kind + '"' + (result.exact ? " data-exact" : "") + ">" +
      '<span class="rule-hit__name">' + escapeHtml(name) + "</span>" +
      (where ? '<span class="rule-hit__where">' + escapeHtml(where) + "</span>" : "") +
      "</span>" +
      '<span class="rule-hit__text">' + result.snippet + "</span>";
  }

  // Material's score for the result at `rank`: its Enter key follows the highest, the first.
  function score(rank, count) {
    return count - rank;
  }

  // The list item Material renders for one result (its renderSearchResultItem, for a
  // document with no sections): the page's own rendering must match it.
  function listItem(result, rank, count, href) {
    return '<li class="md-search-result__item"><a href="' + escapeHtml(href) +
      '" class="md-search-result__link" tabindex="-1"><article class="md-search-result__article md-typeset"' +
      ' data-md-score="' + score(rank, count).toFixed(2) + '"><div class="md-search-result__icon md-icon"></div>' +
      "<h1>" + title(result) + "</h1></article></a></li>";
  }

  return { title: title, score: score, listItem: listItem };
});
