// What a calculator's form does by itself, without the engine: − / + steppers, the
// region symbols that type a site path, and the marks on inputs set away from their
// neutral value, counted on the "More modifiers" (and "I rolled…") disclosures.
import { control, rowElements } from "./values.js";

// A stepper's button: one more or one less, within the field's limits.
export function step(button) {
  const input = button.parentElement.querySelector("input");
  const current = /^[+-]?\d+$/.test(input.value.trim()) ? parseInt(input.value, 10) : 0;
  const low = Number(input.dataset.min);
  const high = Number(input.dataset.max);
  input.value = String(Math.min(high, Math.max(low, current + Number(button.dataset.step))));
}

export function tapSymbol(form, symbol) {
  const input = form.querySelector('[data-field="path"] input');
  const letters = input.value.trim().split(/[\s,]+/).filter(Boolean);
  if (symbol === "back") letters.pop();
  else if (symbol === "clear") letters.length = 0;
  else letters.push(symbol);
  input.value = letters.join(" ");
}

function isSet(spec, input) {
  if (spec.neutral === null || spec.neutral === undefined) return false;
  const value = input.type === "checkbox" ? (input.checked ? "1" : "") : input.value.trim();
  return value !== spec.neutral;
}

// Marks each input that differs from its neutral value and counts them on each disclosure.
// Returns the disclosures that hold a set input.
export function markSet(config, form) {
  const mark = (scope, specs) => {
    for (const spec of specs) {
      const input = control(scope, spec.name);
      input.closest("[data-field]").classList.toggle("calc-field--set", isSet(spec, input));
    }
  };
  mark(form, [...config.fields, ...config.rollFields]);
  if (config.rows) for (const row of rowElements(form)) mark(row, config.rows.fields);
  const holding = [];
  for (const box of form.querySelectorAll("details.calc-more, details.calc-roll")) {
    const count = box.querySelectorAll(".calc-field--set").length;
    const badge = box.querySelector(":scope > summary .calc-count");
    badge.hidden = count === 0;
    badge.textContent = count ? `${count} set` : "";
    if (count) holding.push(box);
  }
  return holding;
}

// After a link, the example or a reset fills the form: show what is set, fold the rest.
export function openWhatIsSet(config, form) {
  const holding = new Set(markSet(config, form));
  for (const box of form.querySelectorAll("details.calc-more, details.calc-roll")) box.open = holding.has(box);
}

// Disables each input that does not apply to the form's other inputs (an option the chosen
// edition or game does not have) and shows why beside it; an input that was set is put back to
// its neutral value. A character's row reads the form's inputs too (the game is the form's).
// Returns the labels of the inputs put back.
export function applyRequirements(config, form, reasonOf) {
  const values = {};
  for (const spec of [...config.fields, ...config.rollFields]) values[spec.name] = readControl(control(form, spec.name));
  const reset = [];
  requireIn(form, [...config.fields, ...config.rollFields], values, reasonOf, reset);
  if (config.rows) {
    for (const row of rowElements(form)) {
      const rowValues = { ...values };
      for (const spec of config.rows.fields) rowValues[spec.name] = readControl(control(row, spec.name));
      requireIn(row, config.rows.fields, rowValues, reasonOf, reset);
    }
  }
  return reset;
}

function readControl(input) {
  return input.type === "checkbox" ? (input.checked ? "1" : "") : input.value;
}

function requireIn(scope, specs, values, reasonOf, reset) {
  for (const spec of specs) {
    if (!spec.requires || !spec.requires.length) continue;
    const wrap = scope.querySelector(`[data-field="${spec.name}"]`);
    const input = control(scope, spec.name);
    const reason = reasonOf(spec, values);
    const neutral = spec.neutral ?? "";
    if (reason && values[spec.name] !== neutral) {
      if (input.type === "checkbox") input.checked = neutral === "1";
      else input.value = neutral;
      values[spec.name] = neutral;
      reset.push(wrap.querySelector("label").textContent);
    }
    wrap.classList.toggle("calc-field--off", Boolean(reason));
    for (const element of wrap.querySelectorAll("input, select, .calc-step")) element.disabled = Boolean(reason);
    const why = wrap.querySelector(".calc-off");
    why.hidden = !reason;
    why.textContent = reason ? `Does not apply: ${reason}` : "";
  }
}
