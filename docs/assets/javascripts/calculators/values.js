// A calculator's inputs as plain values, read from and written to its form and kept in
// the URL query. Values are strings as in the form ("" empty, "1" ticked); rows are a list
// of them. What the values mean (the engine's params, whether a link's value is allowed)
// is decided by the views in the worker (calculators/views/values.py), not here.

export function copyValues(values) {
  return JSON.parse(JSON.stringify(values));
}

export function sameValues(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// --- the form -------------------------------------------------------------------------------

export function control(scope, name) {
  return scope.querySelector(`[data-field="${name}"] input, [data-field="${name}"] select`);
}

function readControl(input) {
  return input.type === "checkbox" ? (input.checked ? "1" : "") : input.value;
}

function writeControl(input, value) {
  if (input.type === "checkbox") input.checked = value === "1";
  else input.value = value;
}

export function rowElements(form) {
  return [...form.querySelectorAll(".calc-rows__list > .calc-row")];
}

export function readForm(config, form) {
  const values = {};
  for (const spec of [...config.fields, ...config.rollFields]) values[spec.name] = readControl(control(form, spec.name));
  if (config.rows) {
    values.rows = rowElements(form).map((row) => Object.fromEntries(
      config.rows.fields.map((spec) => [spec.name, readControl(control(row, spec.name))])));
  }
  return values;
}

export function writeForm(config, form, values) {
  for (const spec of [...config.fields, ...config.rollFields]) writeControl(control(form, spec.name), values[spec.name]);
  if (config.rows) {
    const list = form.querySelector(".calc-rows__list");
    while (list.children.length > values.rows.length) list.lastElementChild.remove();
    while (list.children.length < values.rows.length) addRow(config, form);
    rowElements(form).forEach((row, index) => {
      for (const spec of config.rows.fields) writeControl(control(row, spec.name), values.rows[index][spec.name]);
    });
  }
}

export function addRow(config, form) {
  const template = form.querySelector(".calc-rows__template");
  form.querySelector(".calc-rows__list").appendChild(template.content.firstElementChild.cloneNode(true));
  numberRows(config, form);
}

// Rows are numbered in order after every change, so ids and names stay unique.
export function numberRows(config, form) {
  const rows = rowElements(form);
  rows.forEach((row, index) => {
    row.dataset.row = String(index);
    row.querySelector(".calc-row__legend").textContent = `Character ${index + 1}`;
    for (const wrap of row.querySelectorAll("[data-field]")) {
      const id = `calc-${config.view}-${wrap.dataset.field}-${index}`.replace(/_/g, "-");
      const input = wrap.querySelector("input, select");
      const hint = wrap.querySelector(".calc-hint");
      input.id = id;
      input.name = `${wrap.dataset.field}.${index}`;
      input.setAttribute("aria-describedby", hint ? `${id}-hint ${id}-error` : `${id}-error`);
      wrap.querySelector("label").htmlFor = id;
      if (hint) hint.id = `${id}-hint`;
      wrap.querySelector(".calc-error").id = `${id}-error`;
    }
    row.querySelector(".calc-row__remove").disabled = rows.length <= config.rows.min;
  });
  form.querySelector(".calc-rows__add").disabled = rows.length >= config.rows.max;
}

// --- the URL query ------------------------------------------------------------------------------

// A link's entries for this view ([key, value] pairs), for the views to check; none: null.
export function linkEntries(config, search) {
  const entries = [...new URLSearchParams(search).entries()].filter(([key]) => key.startsWith(`${config.view}.`));
  return entries.length ? entries : null;
}

// The view's inputs as query entries, every one of them, so a link keeps its meaning when
// a default changes (an input a link leaves out takes the default of the day it is opened).
export function queryEntries(config, values) {
  const prefix = `${config.view}.`;
  const encode = (spec, value) => (spec.kind === "bool" ? (value === "1" ? "1" : "0") : value);
  const entries = [...config.fields, ...config.rollFields].map((spec) => [prefix + spec.name, encode(spec, values[spec.name])]);
  if (config.rows) {
    entries.push([`${prefix}rows`, String(values.rows.length)]);
    values.rows.forEach((row, index) => {
      for (const spec of config.rows.fields) entries.push([`${prefix}${spec.name}.${index}`, encode(spec, row[spec.name])]);
    });
  }
  return entries;
}
