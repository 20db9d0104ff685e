// How the page words the engine's failures (docs/assets/javascripts/calculators/engine-failure.js):
// one line, no traceback, the file or the step named and what to do.
import assert from "node:assert/strict";
import { test } from "node:test";

import { FileFailure, oneLine, requestFailure, startFailure } from "../../docs/assets/javascripts/calculators/engine-failure.js";

// As Pyodide makes one: its class is named PythonError, its message is the whole traceback.
class PythonError extends Error {
  constructor(type, message) {
    super(message);
    this.type = type;
  }
}
const TRACEBACK = `Traceback (most recent call last):
  File "/lib/engine.whl/calculators/views/page_api.py", line 1, in <module>
ModuleNotFoundError: No module named 'calculators.views'`;

test("a Python traceback never reaches the page: the exception's class is named instead", () => {
  const error = new PythonError("ModuleNotFoundError", TRACEBACK);
  assert.equal(startFailure(error), "the engine's Python code could not be loaded (ModuleNotFoundError); reload the page to try again");
  assert.equal(requestFailure(error), "the engine stopped on these inputs (ModuleNotFoundError)");
});

test("a file's failure names the file and says what to do", () => {
  const error = new FileFailure({ url: "assets/pyodide/pyodide.asm.wasm" }, "assets/pyodide/pyodide.asm.wasm could not be downloaded (HTTP 500)");
  assert.equal(startFailure(error), "assets/pyodide/pyodide.asm.wasm could not be downloaded (HTTP 500); reload the page to try again");
});

test("any other failure is one line of at most 200 characters", () => {
  const text = startFailure(new Error(`line one\nline two ${"x".repeat(500)}`));
  assert.ok(!text.includes("\n") && text.length <= 200, text);
  assert.equal(oneLine("a\n  b\tc"), "a b c");
});
