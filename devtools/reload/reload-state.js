// What an open page does with each message of the developer server's build events
// (devtools/serve.py --watch, /__dev__/events). Pure: reload.js acts on the answer.
//
// `shown` is the build the page shows: null until the server first names one, the first build
// it names once the page listens, or UNKNOWN when the first news was of a build under way (the
// page came from before it).
// A message is { state: "building" } | { state: "ready", build } | { state: "failed", message }.
// Returns { shown, action }: action "none", "note" (building or failed: say so), or "reload".
export const UNKNOWN = "(a build before the one under way)";

export function nextStep(shown, message) {
  if (message.state === "ready") {
    if (shown === null || message.build === shown) return { shown: message.build, action: "none" };
    return { shown, action: "reload" };
  }
  if (message.state === "building" || message.state === "failed") return { shown: shown ?? UNKNOWN, action: "note" };
  return { shown, action: "none" };
}

// The words of the developer's note for a message, or "" for none.
export function noteText(message) {
  if (message.state === "building") return "Rebuilding the site…";
  if (message.state === "failed") return message.message || "The build failed.";
  return "";
}
