// The messages between a page and the service worker about the calculators' engine, written
// once for both ends: the page (engine-copy.js, calculators/engine-kept.js) sends `ask.*` with
// workbox-window's messageSW and reads the reply with `statusOf`; the service worker
// (build_scripts/postbuild/offline/service_worker_engine.js, which Rollup bundles with this
// module) answers through `answerPages`, which takes one handler for each request, no more and
// no fewer.
//
//   engine-status {}                        -> status
//   keep-engine   {snapshot, onlyIfCached}  -> status, once kept; meanwhile the page that asked
//                                              gets engine-progress {loaded, total}
//   forget-engine {}                        -> status
// status: {type: "status", kept, snapshot, outdated, held, bytes, transfer, total} (the service
// worker's status() says what each holds); a request that could not be done is answered
// {type: "failed", message}.

const REQUESTS = { status: "engine-status", keep: "keep-engine", forget: "forget-engine" };
const STATUS = "status";
const FAILED = "failed";
const PROGRESS = "engine-progress";

export const ask = {
  status: () => ({ type: REQUESTS.status }),
  keep: ({ snapshot, onlyIfCached }) => ({ type: REQUESTS.keep, snapshot, onlyIfCached }),
  forget: () => ({ type: REQUESTS.forget }),
};

// The status a reply carries; a refusal, or anything else, as an error.
export function statusOf(reply) {
  if (reply && reply.type === STATUS) return reply;
  if (reply && reply.type === FAILED) throw new Error(reply.message);
  throw new Error(`the service worker answered ${JSON.stringify(reply)}, not the engine's status`);
}

// {loaded, total} from a message the service worker posted to the page, or null if it is not a keep's progress.
export function progressOf(data) {
  return data && data.type === PROGRESS ? { loaded: data.loaded, total: data.total } : null;
}

export function progress(loaded, total) {
  return { type: PROGRESS, loaded, total };
}

// The service worker's "message" listener. `handlers` is {status, keep, forget}: each is given
// the message and its event and returns (a promise of) the status's fields, sent back on the
// port messageSW opened. A message of another kind is left alone: it is not about the engine.
export function answerPages(handlers) {
  const names = Object.keys(REQUESTS);
  const missing = names.filter((name) => typeof handlers[name] !== "function");
  const unknown = Object.keys(handlers).filter((name) => !names.includes(name));
  if (missing.length || unknown.length) {
    throw new Error(`engine copy messages: no handler for [${missing}]; no such request: [${unknown}]`);
  }
  const byType = new Map(names.map((name) => [REQUESTS[name], handlers[name]]));
  return (event) => {
    const message = event.data || {};
    const port = event.ports && event.ports[0];
    const handle = byType.get(message.type);
    if (!port || !handle) return;
    event.waitUntil(Promise.resolve().then(() => handle(message, event)).then(
      (status) => port.postMessage({ ...status, type: STATUS }),
      (error) => port.postMessage({ type: FAILED, message: String(error && error.message ? error.message : error) }),
    ));
  };
}
