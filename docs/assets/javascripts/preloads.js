// A calculator page preloads the engine's files (overrides/partials/engine-files.html), so
// that they download while the page loads; the engine's worker then reads them from the
// browser's HTTP cache. The browser counts only the page's own use of a preload, and warns
// of each one the page leaves unused, so the page takes each one, dropping the bytes: no
// second download, and no warning in the console. It does so once the document is parsed:
// in Chromium a fetch made while Material's bundle starts is not matched to the preload.
async function drain(response) {
  const reader = response.body.getReader();
  while (!(await reader.read()).done);
}

function takePreloads() {
  for (const link of document.querySelectorAll('link[rel="preload"][as="fetch"]')) {
    fetch(link.href, { credentials: "same-origin" }).then(drain).catch(() => {}); // a failure is the engine's to report
  }
}

if (document.readyState === "loading") addEventListener("DOMContentLoaded", takePreloads, { once: true });
else takePreloads();
