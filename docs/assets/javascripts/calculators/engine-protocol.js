// The messages between a page and the engine's worker, written once for both ends
// (worker-client.js in the page, engine-worker.js in the worker): each end makes what it sends
// with `toWorker` or `toPage`, and reads what it receives through `workerListener` or
// `pageListener`, which take one handler for each message type of their direction, no more and
// no fewer, and refuse a message of any other type.
//
// page -> worker
//   start {wheelFromPage}              once; wheelFromPage: the page will send the wheel
//   wheel {bytes, encoding} | {failure}  the wheel the page fetched, or why it could not
//   run   {id, name, params}           the engine's result (calculators.api.run)
//   view  {id, view, values, links}    a result's HTML and answer (calculators/views/page_api.py)
//   link  {id, view, entries}          a shared link's values, checked
// worker -> page
//   progress {loaded, total}           the engine's download so far, in bytes as they cross the network
//   ready    {from, phases, stdlib, wheel}  started (engine-worker.js says what each field holds)
//   failed   {message}                 the start failed
//   result   {id, result} | {id, failure}  the answer to request `id`

export const TO_WORKER = ["start", "wheel", "run", "view", "link"];
export const TO_PAGE = ["progress", "ready", "failed", "result"];
export const REQUESTS = ["run", "view", "link"]; // each answered by one `result` with its id

export const toWorker = {
  start: (wheelFromPage) => ({ type: "start", wheelFromPage }),
  wheel: (bytes, encoding) => ({ type: "wheel", bytes, encoding }),
  wheelFailed: (failure) => ({ type: "wheel", failure }),
  run: (id, { name, params }) => ({ type: "run", id, name, params }),
  view: (id, { view, values, links }) => ({ type: "view", id, view, values, links }),
  link: (id, { view, entries }) => ({ type: "link", id, view, entries }),
};

export const toPage = {
  progress: (loaded, total) => ({ type: "progress", loaded, total }),
  ready: ({ from, phases, stdlib, wheel }) => ({ type: "ready", from, phases, stdlib, wheel }),
  failed: (message) => ({ type: "failed", message }),
  result: (id, result) => ({ type: "result", id, result }),
  resultFailed: (id, failure) => ({ type: "result", id, failure }),
};

function listener(direction, types, handlers) {
  const missing = types.filter((type) => typeof handlers[type] !== "function");
  const unknown = Object.keys(handlers).filter((type) => !types.includes(type));
  if (missing.length || unknown.length) {
    throw new Error(`engine messages ${direction}: no handler for [${missing}]; no such message: [${unknown}]`);
  }
  return (event) => {
    const message = event.data;
    const type = message && message.type;
    if (!types.includes(type)) throw new Error(`engine messages ${direction}: no message ${JSON.stringify(type)}`);
    handlers[type](message);
  };
}

// The worker's onmessage: `handlers` has one function per TO_WORKER type, given the message.
export function workerListener(handlers) {
  return listener("page to worker", TO_WORKER, handlers);
}

// The page's worker.onmessage: one function per TO_PAGE type.
export function pageListener(handlers) {
  return listener("worker to page", TO_PAGE, handlers);
}
