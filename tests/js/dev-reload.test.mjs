// The developer server's live reload: what an open page does with each build event
// (devtools/reload/reload-state.js; the server is devtools/serve.py --watch).
import assert from "node:assert/strict";
import { test } from "node:test";

import { UNKNOWN, nextStep, noteText } from "../../devtools/reload/reload-state.js";

test("the first build named is the page's own: no reload", () => {
  assert.deepEqual(nextStep(null, { state: "ready", build: "b1" }), { shown: "b1", action: "none" });
  assert.deepEqual(nextStep("b1", { state: "ready", build: "b1" }), { shown: "b1", action: "none" });
});

test("another build reloads the page", () => {
  assert.deepEqual(nextStep("b1", { state: "ready", build: "b2" }), { shown: "b1", action: "reload" });
});

test("news of a build under way is shown; a page that first hears of one reloads when it is done", () => {
  const step = nextStep(null, { state: "building" });
  assert.deepEqual(step, { shown: UNKNOWN, action: "note" });
  assert.equal(nextStep(step.shown, { state: "ready", build: "b1" }).action, "reload");
  assert.deepEqual(nextStep("b1", { state: "failed", message: "m" }), { shown: "b1", action: "note" });
});

test("the note says what happens", () => {
  assert.equal(noteText({ state: "building" }), "Rebuilding the site…");
  assert.equal(noteText({ state: "failed", message: "The build failed: see the terminal." }),
    "The build failed: see the terminal.");
  assert.equal(noteText({ state: "ready", build: "b1" }), "");
});
