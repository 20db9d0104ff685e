// A page opened at an anchor lands on it again when something else moved it away before the
// reader did (docs/assets/javascripts/search/opened-anchor.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { landAgain } from "../../docs/assets/javascripts/search/opened-anchor.js";

const OPENED = "https://x.example/rules/1-7-combat/#r1-7-25";
const PUT_BACK_TO_THE_TOP = {
  navigation: "navigate", readerMoved: false, openedAt: OPENED, address: OPENED, anchorOnScreen: false,
};

test("a page just opened that something moved off its anchor lands on it again", () => {
  assert.equal(landAgain(PUT_BACK_TO_THE_TOP), true);
});

test("the anchor on the screen, as the browser lands, is left alone", () => {
  assert.equal(landAgain({ ...PUT_BACK_TO_THE_TOP, anchorOnScreen: true }), false);
});

test("the reader's own move, a reload, Back, or another address is never undone", () => {
  assert.equal(landAgain({ ...PUT_BACK_TO_THE_TOP, readerMoved: true }), false);
  for (const navigation of ["reload", "back_forward", "prerender", undefined]) {
    assert.equal(landAgain({ ...PUT_BACK_TO_THE_TOP, navigation }), false, navigation);
  }
  assert.equal(landAgain({ ...PUT_BACK_TO_THE_TOP, address: "https://x.example/rules/1-8-corruption/" }), false);
});
