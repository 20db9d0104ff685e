// What a calculator page says about itself (docs/assets/javascripts/calculators/calculator-state.js): the
// status line for every state, which inputs apply, the reading game's defaults, and the reader's
// own edits kept over a link's or a game's values.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  behindSummary, gameDefaults, keepEdits, statusText, unmetReason, valuesForGame,
} from "../../docs/assets/javascripts/calculators/calculator-state.js";

const loading = { state: "loading", label: "downloading", loaded: 1e6, total: 4e6 };
const ready = { state: "ready", label: "ready", loaded: 4e6, total: 4e6 };
const failed = { state: "error", label: "the engine could not start" };

test("the status says the result follows the inputs only when it does", () => {
  assert.equal(statusText({ engine: ready, behind: false, shownFor: "earlier" }), "Live: the result follows your inputs.");
  for (const state of [{ behind: true }, { working: true }, { behind: true, invalid: true }]) {
    const text = statusText({ engine: ready, shownFor: "earlier", ...state });
    assert.match(text, /^Not updated/);
    assert.doesNotMatch(text, /follows your inputs/);
  }
});

test("while the engine loads, an edit is said to be behind; the bar says what the result is for", () => {
  assert.equal(statusText({ engine: loading, behind: true, shownFor: "default" }), "Not updated yet (engine: 1.0 of 4.0 MB).");
  assert.equal(statusText({ engine: loading, behind: false, shownFor: "default" }), "Loading the engine: 1.0 of 4.0 MB.");
  assert.match(behindSummary({ engine: loading, shownFor: "default" }), /^Not updated yet: this result is for the default inputs/);
});

// The status keeps one line, and so one height, in every state the page leaves without the reader
// (calculators.css): the words of each such state, with the widest figures, fit a line of a 390-px
// phone. The browser test measures the line; this bounds every state's words.
test("every state the page leaves by itself is said in one short line", () => {
  const widest = { state: "loading", label: "downloading", loaded: 8.8e6, total: 9.9e6 };
  const labels = ["starting", "downloading", "starting Python"].map((label) => ({ state: "loading", label, loaded: 0, total: 0 }));
  const texts = [];
  for (const engine of [widest, ...labels]) {
    for (const behind of [false, true]) {
      for (const shownFor of ["default", "earlier"]) {
        texts.push(statusText({ engine, behind, shownFor }), statusText({ engine, checking: true, behind, shownFor }));
      }
    }
  }
  for (const state of [{}, { behind: true }, { working: true }, { behind: true, invalid: true }]) {
    texts.push(statusText({ engine: ready, shownFor: "earlier", ...state }));
  }
  assert.ok(texts.includes("Not updated yet (engine: 8.8 of 9.9 MB)."), texts);
  for (const text of texts) assert.ok(text.length <= 44, `${text.length} characters: ${text}`);
});

test("offline, the page says it is looking for the saved engine before it says anything else", () => {
  assert.equal(statusText({ engine: loading, checking: true, behind: true, shownFor: "default" }),
    "Offline: looking for the saved engine…");
  assert.match(statusText({ engine: ready, checking: true, shownFor: "default" }), /^Live/);
});

test("offline without the engine says why, at once, and never that it is downloading", () => {
  for (const engine of [loading, failed]) {
    const text = statusText({ engine, offline: true, behind: true, shownFor: "default" });
    assert.match(text, /live answers need the engine, which this device has not saved/);
    assert.match(text, /Connect once, or keep the calculators offline/);
    assert.match(text, /default inputs, worked out when the site was built/);
    assert.doesNotMatch(text, /download|Loading/i);
    assert.doesNotMatch(behindSummary({ engine, offline: true, shownFor: "default" }), /download|once the engine is ready/i);
  }
});

test("when the engine could not work the inputs out, the status never says it is still working on them", () => {
  const text = statusText({ engine: ready, behind: true, failed: true, shownFor: "earlier" });
  assert.equal(text, "Not updated: the engine could not work these inputs out; change one to try again.");
  assert.doesNotMatch(text, /working out/);
});

test("an engine that restarts from the network after its offline copy failed says so in one short line", () => {
  const text = statusText({ engine: { state: "loading", label: "restarting", loaded: 0, total: 0 }, behind: false, shownFor: "default" });
  assert.equal(text, "Loading the engine: restarting.");
});

test("an engine error keeps saying which inputs the result is for", () => {
  assert.match(statusText({ engine: failed, behind: true, shownFor: "earlier" }), /^Engine error: .*Not updated: the result is for earlier inputs\.$/);
});

test("an input applies only while the other inputs meet its requirements", () => {
  const spec = { name: "banner", requires: [{ field: "edition", values: ["advanced"], reason: "Advanced only." }] };
  assert.equal(unmetReason(spec, { edition: "advanced" }), null);
  assert.equal(unmetReason(spec, { edition: "article" }), "Advanced only.");
  assert.equal(unmetReason({ name: "shield" }, { edition: "article" }), null);
  const unticked = { name: "reveal", requires: [{ field: "starter", values: [""], reason: "Standard only." }] };
  assert.equal(unmetReason(unticked, {}), null);
  assert.equal(unmetReason(unticked, { starter: "1" }), "Standard only.");
});

test("the reading game's defaults come from the build; a calculator the games share keeps its own", () => {
  const config = { defaults: { starter: "" }, builtGame: "standard", games: { starter: { values: { starter: "1" } } } };
  assert.deepEqual(gameDefaults(config, "starter"), { starter: "1" });
  assert.deepEqual(gameDefaults(config, "standard"), { starter: "" });
  assert.deepEqual(gameDefaults({ defaults: { prowess: "5" } }, "starter"), { prowess: "5" });
});

test("the reader's edits are kept over the values a link or a game brings", () => {
  const built = { prowess: "5", body: "8", rows: [{ name: "" }] };
  const typed = { prowess: "8", body: "8", rows: [{ name: "Frodo" }] };
  const wanted = { prowess: "6", body: "9", rows: [{ name: "" }, { name: "" }] };
  const { values, edited } = keepEdits(wanted, typed, built);
  assert.deepEqual(values, { prowess: "8", body: "9", rows: [{ name: "Frodo" }] });
  assert.deepEqual(edited, ["prowess", "rows"]);
  assert.deepEqual(keepEdits(wanted, built, built), { values: wanted, edited: [] });
});

test("an edited calculator answers in the game the reader chooses, with the reader's inputs", () => {
  const config = {
    gameField: "starter",
    defaults: { characters: "3", orc_scouts: "0", starter: "" },
    builtGame: "standard",
    games: { starter: { values: { characters: "3", orc_scouts: "0", starter: "1" } } },
  };
  const standard = config.defaults;
  const edited = { characters: "3", orc_scouts: "2", starter: "" };
  assert.deepEqual(valuesForGame(config, edited, standard, "starter"),
    { values: { characters: "3", orc_scouts: "2", starter: "1" }, kept: true });
  assert.deepEqual(valuesForGame(config, standard, standard, "starter"),
    { values: config.games.starter.values, kept: false });
  // A calculator the games share has no game input: nothing to switch.
  assert.deepEqual(valuesForGame({ defaults: { points: "5" } }, { points: "7" }, { points: "5" }, "starter"),
    { values: { points: "7" }, kept: true });
});
