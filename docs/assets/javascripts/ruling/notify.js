// Short messages and the clipboard, through the helpers the rule pages already use
// (rules.js), so that the ruling says things the same way and in the same place.
import { announce, copyText } from "../rules.js";

export function say(message) {
  announce(message);
}

/** Copies `text`; resolves when done, rejects if the browser refused. */
export function copy(text) {
  return copyText(text);
}

export function rulesCount(n) {
  return n === 1 ? "1 rule" : `${n} rules`;
}
