// What the page says when the engine fails: one line, never a traceback, naming the file or the
// step and what to do. The engine's worker (engine-worker.js) words its failures with these, so
// that a Python traceback (a PythonError's message is the whole traceback) or a browser's error
// never reaches the status line or a calculator's message. Pure: no DOM, no worker.

const MOST = 200; // characters of a failure the page shows

// `text` on one line, at most MOST characters.
export function oneLine(text) {
  const line = String(text).replace(/\s+/g, " ").trim();
  return line.length <= MOST ? line : `${line.slice(0, MOST - 1)}…`;
}

// A problem with one of the engine's files: its message names the file ("… could not be
// downloaded (HTTP 500)", "… arrived with 1,450 of its 2,900 bytes").
export class FileFailure extends Error {
  constructor(file, message, options) {
    super(message, options);
    this.name = "FileFailure";
    this.file = file;
  }
}

// Pyodide's PythonError: its class is so named (its instances' `name` is Error's), its `type` is
// the Python exception's class, and its message the traceback.
function isPythonError(error) {
  return Boolean(error && typeof error.type === "string" && error.constructor && error.constructor.name === "PythonError");
}

function messageOf(error) {
  return String(error && error.message ? error.message : error);
}

// Why the engine could not start, as the clause after "Engine error: ".
export function startFailure(error) {
  if (isPythonError(error)) {
    return oneLine(`the engine's Python code could not be loaded (${error.type}); reload the page to try again`);
  }
  if (error instanceof FileFailure) return oneLine(`${messageOf(error)}; reload the page to try again`);
  return oneLine(`${messageOf(error)}; check the connection and reload the page`);
}

// Why the engine could not answer one request (a result, a shared link).
export function requestFailure(error) {
  if (isPythonError(error)) return oneLine(`the engine stopped on these inputs (${error.type})`);
  return oneLine(messageOf(error));
}
