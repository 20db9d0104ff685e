// Short messages and the clipboard, through the helpers the rule pages already use
// (rules.js: window.ruleTools), so that the ruling says things the same way and in the same place.

export function say(message) {
  if (window.ruleTools) window.ruleTools.announce(message);
}

/** Copies `text`; resolves when done, rejects if the browser refused. */
export function copy(text) {
  if (window.ruleTools) return window.ruleTools.copyText(text);
  return navigator.clipboard.writeText(text);
}

export function rulesCount(n) {
  return n === 1 ? "1 rule" : `${n} rules`;
}
