// Whether this visit has started the calculators' engine, and how the start ended: null until
// a page starts it (worker-client.js), then a promise of true (ready) or false (failed). The
// offline copy waits on it, so that its downloads do not slow the engine's (offline.js).
let settled = null;

export function engineSettled() {
  return settled;
}

export function engineStarting(ready) {
  settled = ready;
}
