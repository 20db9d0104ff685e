// What a calculator page says about itself, worked out from plain values (no DOM): one rule
// for every moment. The status line, the result, the answer bar and the address describe the
// same inputs, or the page says which is behind. Also: which inputs apply (an option the chosen
// edition or game does not have), the defaults when reading as the other game, and which of the
// reader's own edits survive a link or a change of game.
import { loadingText } from "./worker-client.js";

// Why the input `spec` does not apply to the form's `values`, or null when it does: the reason of
// the first requirement (calculators/options.py: Requires) the other inputs do not meet.
export function unmetReason(spec, values) {
  for (const rule of spec.requires || []) {
    if (!rule.values.includes(values[rule.field] ?? "")) return rule.reason;
  }
  return null;
}

// The defaults when reading as `game`: the built ones, or the other game's from the build.
export function gameDefaults(config, game) {
  const other = config.games && game !== config.builtGame ? config.games[game] : null;
  return other ? other.values : config.defaults;
}

// The form's values once the reader reads as `game`: a form still at `previous` (the old game's
// defaults) takes the new game's defaults; an edited form keeps its inputs and answers in the new
// game (its game input set to it). `kept`: the reader's inputs were kept.
export function valuesForGame(config, typed, previous, game) {
  const wanted = gameDefaults(config, game);
  if (JSON.stringify(typed) === JSON.stringify(previous)) return { values: wanted, kept: false };
  if (!config.gameField) return { values: typed, kept: true }; // the games share it: nothing to switch
  const values = JSON.parse(JSON.stringify(typed));
  values[config.gameField] = wanted[config.gameField];
  return { values, kept: true };
}

// The form's values with the reader's own edits kept: the inputs in which `typed` (what the form
// holds) differs from `built` (what the page was written with) keep `typed`'s value; the others
// take `wanted`'s. The list of characters is one input.
export function keepEdits(wanted, typed, built) {
  const kept = JSON.parse(JSON.stringify(wanted));
  const edited = [];
  for (const name of Object.keys(typed)) {
    if (JSON.stringify(typed[name]) !== JSON.stringify(built[name])) {
      kept[name] = JSON.parse(JSON.stringify(typed[name]));
      edited.push(name);
    }
  }
  return { values: kept, edited };
}

// The status line for the page's state:
//   engine: {state: "loading" | "ready" | "error", label, loaded, total}
//   checking: offline, and still looking for the engine among this device's saved files
//   offline: true when the device is offline and has not saved the engine
//   behind: the result (and the bar and the address with it) is for other inputs than the form's
//   working: a result for the form's inputs is being worked out
//   invalid: the form's inputs are refused (the message by the input says why)
//   failed: the engine could not work out the form's inputs (the calculator's message says why)
//   shownFor: "default" (the result built with the page) or "earlier" (worked out here)
// A state the page leaves by itself (loading, checking, working, ready) says it in one short line,
// so that the status keeps one height and the form under it stays put; the answer bar says what
// the result is for. Only the states that wait for the reader (offline, an engine error) take
// more words.
export function statusText({ engine, checking, offline, behind, working, invalid, failed, shownFor }) {
  const shown = shownFor === "default" ? "the default inputs, worked out when the site was built" : "earlier inputs";
  if (offline) {
    return "Offline: live answers need the engine, which this device has not saved. Connect once, "
      + `or keep the calculators offline. The result is for ${shown}.`;
  }
  if (checking && engine.state === "loading") return "Offline: looking for the saved engine…";
  if (engine.state === "loading") {
    return behind ? `Not updated yet (engine: ${loadingText(engine)}).` : `Loading the engine: ${loadingText(engine)}.`;
  }
  if (engine.state === "error") {
    return `Engine error: ${engine.label}. ${behind ? `Not updated: the result is for ${shown}.`
      : "The result is for the inputs shown."}`;
  }
  if (invalid) return "Not updated: an input below needs fixing.";
  if (failed) return "Not updated: the engine could not work these inputs out; change one to try again.";
  if (behind || working) return "Not updated yet: working out your inputs…";
  return "Live: the result follows your inputs.";
}

// The answer bar's line while the result is behind the form.
export function behindSummary({ engine, offline, shownFor }) {
  const shown = shownFor === "default" ? "the default inputs" : "earlier inputs";
  if (offline) return `Not updated: this result is for ${shown}; live answers need the engine (not saved offline).`;
  if (engine.state === "error") return `Not updated: this result is for ${shown}; the engine could not start.`;
  if (engine.state === "loading") return `Not updated yet: this result is for ${shown}; it updates once the engine is ready.`;
  return "Not updated yet: working out your inputs…";
}
