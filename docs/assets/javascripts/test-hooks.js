// The one entry through which the browser tests and the benchmark look into a page: they import
// this module into the page (tests/support/page_hooks.py); the site itself never loads it.
//
//   engine()         the page's one engine (calculators/worker-client.js), started if it was not
//   engineTimings()  the engine's start on this document and the answers shown since, or null
//                    before a start (calculators/worker-client.js says what each field holds)
//   engineSettled()  null before a start, then a promise of whether the engine started
//   offlineState()   the offline copy's state ({state, engineState, engine, bytes, error}), or
//                    null where the page has no service worker (offline.js)
//   showMessage(text, options), clearMessage(id)   the message area's own (message-area.js)
export { engineSettled } from "./calculators/engine-settled.js";
export { engine, engineTimings } from "./calculators/worker-client.js";
export { clear as clearMessage, show as showMessage } from "./message-area.js";
export { offlineState } from "./offline.js";
