// node tests/build_scripts/search/ask.mjs INDEX [TUNING [GAME]] < queries.json > answers.json
// node tests/build_scripts/search/ask.mjs INDEX --lines
// Asks the site's rule search (docs/assets/javascripts/search/rank.js) each query of a JSON
// list against a built search index, read as GAME ("standard" or "starter"; the site's default
// reading when not given, as a new reader's box asks it), and prints each query's results with
// their timing. With --lines it stays, as the tests keep it for their run: each line it reads is
// a JSON list of queries, each line it writes their answers.
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { DEFAULT_GAME } from "../../../docs/assets/javascripts/game/game-choice.js";
import { createSearch } from "../../../docs/assets/javascripts/search/rank.js";

const [indexFile, tuning, game = DEFAULT_GAME] = process.argv.slice(2);
const lines = tuning === "--lines";
const index = JSON.parse(readFileSync(indexFile, "utf8"));
const started = process.hrtime.bigint();
const search = createSearch(index, tuning && tuning !== "-" && !lines ? JSON.parse(tuning) : undefined);
const setupMs = Number(process.hrtime.bigint() - started) / 1e6;
const answer = (queries) => queries.map((query) => {
  const from = process.hrtime.bigint();
  const results = search.search(query, { game });
  return { query, ms: Number(process.hrtime.bigint() - from) / 1e6, results };
});
if (lines) {
  for await (const line of createInterface({ input: process.stdin })) {
    process.stdout.write(JSON.stringify({ setupMs, answers: answer(JSON.parse(line)) }) + "\n");
  }
} else {
  process.stdout.write(JSON.stringify({ setupMs, answers: answer(JSON.parse(readFileSync(0, "utf8"))) }));
}
