// The offline copy's sizes say what they are: a download, or what the device keeps.
import assert from "node:assert/strict";
import { test } from "node:test";
import { engineSize, megabytes, progress } from "../../docs/assets/javascripts/offline/sizes.js";

test("one decimal below 10 MB, none above", () => {
  assert.equal(megabytes(8_615_325), "8.6 MB");
  assert.equal(megabytes(17_907_602), "18 MB");
  assert.equal(megabytes(0), "0.0 MB");
});

test("the engine's size names the download and what the device keeps", () => {
  assert.equal(engineSize({ transfer: 8_615_325, bytes: 17_907_602 }), "8.6 MB to download, 18 MB on this device");
});

test("progress counts in the total's unit", () => {
  assert.equal(progress(2_100_000, 8_615_325), "2.1 of 8.6 MB downloaded");
  assert.equal(progress(2_100_000, 12_000_000), "2 of 12 MB downloaded");
});
