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
  else if (input.tagName === "SELECT" && ![...input.options].some((option) => option.value === value)) {
    input.add(new Option(value, value)); // a character's controller, before the list of names is brought up to date
    input.value = value;
  } else input.value = value;
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
  listOtherCharacters(config, form);
}

// A character's "Controlled by" chooses among the sheet's other characters, by name
// (calculators/views/form.py writes the list the page opens with): the list follows the names
// as they are typed and the rows as they come and go, and a follower follows his controller's
// new name. A name the sheet no longer has stays chosen, marked, for the engine to refuse.
let rowKeys = 0;
const NOT_ON_THE_SHEET = " (not on the sheet)";

export function listOtherCharacters(config, form) {
  const specs = config.rows ? config.rows.fields.filter((spec) => spec.kind === "controller") : [];
  if (!specs.length) return;
  const rows = rowElements(form);
  for (const row of rows) row.dataset.key ||= String(rowKeys++);
  const names = new Map(rows.map((row) => [row.dataset.key, control(row, "name").value.trim()]));
  for (const row of rows) {
    const others = [...new Set(rows.filter((other) => other !== row).map((other) => names.get(other.dataset.key)))]
      .filter(Boolean);
    for (const spec of specs) {
      const select = control(row, spec.name);
      let value = select.value;
      // Unchanged since the list was last written: the same character, under his name of now.
      const followed = select.dataset.controllerRow;
      if (value && value === select.dataset.controllerName && names.get(followed)) value = names.get(followed);
      const options = [["", select.options[0] ? select.options[0].textContent : ""], ...others.map((name) => [name, name])];
      if (value && !others.includes(value)) options.push([value, value + NOT_ON_THE_SHEET]);
      const listed = [...select.options].map((option) => [option.value, option.textContent]);
      if (JSON.stringify(listed) !== JSON.stringify(options)) {
        select.replaceChildren(...options.map(([optionValue, label]) => new Option(label, optionValue)));
      }
      select.value = value;
      const controller = rows.find((other) => other !== row && names.get(other.dataset.key) === value);
      select.dataset.controllerRow = controller ? controller.dataset.key : "";
      select.dataset.controllerName = value;
    }
  }
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
