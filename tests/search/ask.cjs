// node tests/search/ask.cjs INDEX < queries.json > results.json
// Asks the rule search engine (docs/assets/javascripts/search/engine.js) each query of a JSON
// list against a built search index, and prints each query's results with their timing.
"use strict";
const fs = require("fs");
const path = require("path");
const RuleSearch = require(path.join(__dirname, "..", "..", "docs", "assets", "javascripts", "search", "engine.js"));

const index = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const started = process.hrtime.bigint();
const search = RuleSearch.createSearch(index, process.argv[3] ? JSON.parse(process.argv[3]) : undefined);
const setupMs = Number(process.hrtime.bigint() - started) / 1e6;
const queries = JSON.parse(fs.readFileSync(0, "utf8"));
const answers = queries.map((query) => {
  const from = process.hrtime.bigint();
  const results = search.search(query);
  return { query, ms: Number(process.hrtime.bigint() - from) / 1e6, results };
});
process.stdout.write(JSON.stringify({ setupMs, answers }));
