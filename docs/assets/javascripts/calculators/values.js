// A calculator's inputs as plain values: read from and written to its form,
// turned into engine params, and mirrored in the URL query.
// Values are strings as in the form ("" empty, "1" ticked); rows are a list of them.
// engineParams mirrors engine_params in build_scripts/calculators_ui/values.py.
// A link's values are checked against each field's limits, which the build takes from
// the engine's option tables (calculators/options.py): the page accepts what the engine does.

const WHOLE = /^[+-]?[0-9]+$/;
const NUMBER = /[+-]?[0-9]+/g;

export function copyValues(values) {
  return JSON.parse(JSON.stringify(values));
}

export function sameValues(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function blankRow(config) {
  return Object.fromEntries(config.rows.fields.map((spec) => [spec.name, spec.default]));
}

function put(params, spec, value) {
  if (!spec.send || String(value).trim() === "") return;
  let converted;
  if (spec.kind === "bool") {
    if (value !== "1") return;
    converted = true;
  } else if (spec.kind === "int" && WHOLE.test(value.trim())) {
    converted = parseInt(value.trim(), 10);
  } else {
    converted = value.trim();
  }
  let target = params;
  for (const key of spec.param.slice(0, -1)) target = target[key] ??= {};
  target[spec.param[spec.param.length - 1]] = converted;
}

export function engineParams(config, values) {
  const params = { ...config.params };
  const shared = new Set(config.rows ? config.rows.shared : []);
  for (const spec of [...config.fields, ...config.rollFields]) {
    if (!shared.has(spec.name)) put(params, spec, values[spec.name] ?? "");
  }
  if (config.rows) {
    const common = {};
    for (const spec of config.fields) if (shared.has(spec.name)) put(common, spec, values[spec.name] ?? "");
    params[config.rows.param] = values.rows.map((row) => {
      const entry = { ...common };
      for (const spec of config.rows.fields) put(entry, spec, row[spec.name] ?? "");
      return entry;
    });
  }
  return params;
}

// --- the form -------------------------------------------------------------------------------

function control(scope, name) {
  return scope.querySelector(`[data-field="${name}"] input, [data-field="${name}"] select`);
}

function readControl(input) {
  return input.type === "checkbox" ? (input.checked ? "1" : "") : input.value;
}

function writeControl(input, value) {
  if (input.type === "checkbox") input.checked = value === "1";
  else input.value = value;
}

export function readForm(config, form) {
  const values = {};
  for (const spec of [...config.fields, ...config.rollFields]) values[spec.name] = readControl(control(form, spec.name));
  if (config.rows) {
    values.rows = [...form.querySelectorAll(".calc-rows__list > .calc-row")].map((row) => Object.fromEntries(
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
    [...list.children].forEach((row, index) => {
      for (const spec of config.rows.fields) writeControl(control(row, spec.name), values.rows[index][spec.name]);
    });
  }
}

export function addRow(config, form) {
  const template = form.querySelector(".calc-rows__template");
  const list = form.querySelector(".calc-rows__list");
  list.appendChild(template.content.firstElementChild.cloneNode(true));
  numberRows(config, form);
}

// Rows are numbered in order after every change, so ids and names stay unique.
export function numberRows(config, form) {
  const list = form.querySelector(".calc-rows__list");
  [...list.children].forEach((row, index) => {
    row.dataset.row = String(index);
    row.querySelector(".calc-row__legend").textContent = `Character ${index + 1}`;
    for (const wrap of row.querySelectorAll("[data-field]")) {
      const name = wrap.dataset.field;
      const id = `calc-${config.view}-${name}-${index}`.replace(/_/g, "-");
      const input = wrap.querySelector("input, select");
      input.id = id;
      input.name = `${name}.${index}`;
      input.setAttribute("aria-describedby", `${id}-hint ${id}-error`);
      wrap.querySelector("label").htmlFor = id;
      wrap.querySelector(".calc-hint").id = `${id}-hint`;
      wrap.querySelector(".calc-error").id = `${id}-error`;
    }
    row.querySelector(".calc-row__remove").disabled = list.children.length <= config.rows.min;
  });
  form.querySelector(".calc-rows__add").disabled = list.children.length >= config.rows.max;
}

// --- the URL query ------------------------------------------------------------------------------

function within(number, low, high) {
  return (low == null || number >= low) && (high == null || number <= high);
}

function choiceOf(spec, raw) {
  const wanted = raw.trim().toLowerCase();
  return spec.options.find(([value]) => value.toLowerCase() === wanted);
}

function isValid(spec, raw) {
  const text = raw.trim();
  if (text === "") return spec.optional || spec.kind === "bool";
  if (spec.kind === "bool") return raw === "1" || raw === "0";
  if (spec.kind === "int") return WHOLE.test(text) && within(parseInt(text, 10), spec.min, spec.max);
  if (spec.kind === "choice") return Boolean(choiceOf(spec, raw));
  if (!within(text.length, spec.minLength, spec.maxLength)) return false;
  if (spec.pattern && !new RegExp(spec.pattern).test(text)) return false;
  const ranges = spec.numbers || [];
  return !ranges.length || (text.match(NUMBER) || []).every(
    (number, index) => within(parseInt(number, 10), ...ranges[Math.min(index, ranges.length - 1)]));
}

function normalised(spec, raw) {
  if (spec.kind === "bool") return raw === "1" ? "1" : "";
  if (spec.kind === "choice") return choiceOf(spec, raw)[0];
  return raw;
}

function rejected(spec, raw) {
  const fallback = spec.default === "" ? "empty" : `“${spec.default}”`;
  return `The link's value “${raw.slice(0, 40)}” for ${spec.label} is not valid, so the default (${fallback}) is used.`;
}

// {values, messages, present}: the view's inputs from the query; bad values fall back to defaults.
export function valuesFromQuery(config, search) {
  const prefix = `${config.view}.`;
  const values = copyValues(config.defaults);
  const messages = [];
  const entries = [...search.entries()].filter(([key]) => key.startsWith(prefix));
  if (!entries.length) return { values, messages, present: false };
  const specs = Object.fromEntries([...config.fields, ...config.rollFields].map((spec) => [spec.name, spec]));
  const rowSpecs = config.rows ? Object.fromEntries(config.rows.fields.map((spec) => [spec.name, spec])) : {};
  const rowsRaw = search.get(`${prefix}rows`);
  if (config.rows && rowsRaw !== null) {
    const count = WHOLE.test(rowsRaw) ? parseInt(rowsRaw, 10) : NaN;
    if (count >= config.rows.min && count <= config.rows.max) {
      values.rows = Array.from({ length: count }, (_, index) => values.rows[index] ?? blankRow(config));
    } else {
      messages.push(`The link asks for “${rowsRaw.slice(0, 10)}” characters; between ${config.rows.min} and ${config.rows.max} are allowed, so the default characters are used.`);
    }
  }
  for (const [key, raw] of entries) {
    const name = key.slice(prefix.length);
    if (name === "rows" && config.rows) continue;
    const rowMatch = /^(\w+)\.(\d+)$/.exec(name);
    if (specs[name]) {
      if (isValid(specs[name], raw)) values[name] = normalised(specs[name], raw);
      else messages.push(rejected(specs[name], raw));
    } else if (rowMatch && rowSpecs[rowMatch[1]] && Number(rowMatch[2]) < values.rows.length) {
      const spec = rowSpecs[rowMatch[1]];
      if (isValid(spec, raw)) values.rows[Number(rowMatch[2])][spec.name] = normalised(spec, raw);
      else messages.push(rejected(spec, raw) + ` (character ${Number(rowMatch[2]) + 1})`);
    } else {
      messages.push(`The link's “${name.slice(0, 40)}” is not an input of this calculator, so it is ignored.`);
    }
  }
  return { values, messages, present: true };
}

// The view's inputs as query entries: all of them for a shared link (so it keeps
// its meaning if a default changes), or only those that differ from the defaults.
export function queryEntries(config, values, changedOnly = false) {
  const prefix = `${config.view}.`;
  const defaults = config.defaults;
  const encode = (spec, value) => (spec.kind === "bool" ? (value === "1" ? "1" : "0") : value);
  const entries = [];
  for (const spec of [...config.fields, ...config.rollFields]) {
    if (!changedOnly || values[spec.name] !== defaults[spec.name]) entries.push([prefix + spec.name, encode(spec, values[spec.name])]);
  }
  if (config.rows) {
    const sameRows = sameValues(values.rows, defaults.rows);
    if (!changedOnly || !sameRows) entries.push([`${prefix}rows`, String(values.rows.length)]);
    values.rows.forEach((row, index) => {
      const defaultRow = defaults.rows[index] || blankRow(config);
      for (const spec of config.rows.fields) {
        if (!changedOnly || row[spec.name] !== defaultRow[spec.name]) {
          entries.push([`${prefix}${spec.name}.${index}`, encode(spec, row[spec.name])]);
        }
      }
    });
  }
  return entries;
}
