// Whether a downloaded file of the calculators' engine is the one assets/engine/engine.json lists
// (build_scripts/postbuild/pyodide_bundle/manifest.py): its size, then its SHA-256.
// One check for the service worker, before it keeps a file (service_worker_engine.js), and for the
// engine's worker, before it starts from one (calculators/engine-worker.js). Pure: no DOM.

// The number as the site writes sizes in sentences: "1,234,567".
const count = (n) => n.toLocaleString("en-GB");

function hex(digest) {
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

// Whether `size` bytes are what `file` lists.
export function sizeProblem(file, size) {
  if (file.bytes === size) return null;
  return `${file.url} arrived with ${count(size)} of its ${count(file.bytes)} bytes`;
}

// null when `bytes` (an ArrayBuffer or a typed array) are the file `file` lists; else what is
// wrong, in words that name the file ("... arrived with 120,000 of its 246,000 bytes").
export async function fileProblem(file, bytes) {
  const size = bytes.byteLength;
  const problem = sizeProblem(file, size);
  if (problem) return problem;
  if (!file.sha256) return null;
  const digest = hex(await crypto.subtle.digest("SHA-256", bytes));
  return digest === file.sha256 ? null : `${file.url} is not the file this site lists (its content differs)`;
}
