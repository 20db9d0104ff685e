"""A view's form values (strings, as in the form and the URL): its defaults, its
rulebook example, the engine's params they make, and the values a shared link gives.

The page script only reads and writes the form; what the values mean is decided here,
in the browser's worker as at build time. A link's values are checked against each
field's limits, which come from the engine's option tables (calculators/options.py).
"""

from __future__ import annotations

import re

from calculators.validate import MOST_TEXT, cut, whole_number
from calculators.views.fields import unmet
from calculators.views.renamed_inputs import renamed_inputs

NUMBER = re.compile(r"[+-]?[0-9]+")
ROW_INPUT = re.compile(r"([a-z_]+)\.([0-9]{1,4})")  # prowess.0: an input of the first character
MESSAGES_AT_MOST = 6  # a link's messages listed; the rest are counted


def default_values(view: dict) -> dict:
    values = {f["name"]: f["default"] for f in view["fields"] + view.get("roll_fields", [])}
    rows = view.get("rows")
    if rows:
        values["rows"] = [row_values(rows, row) for row in rows["defaults"]]
    return values


def row_values(rows: dict, given: dict) -> dict:
    """One row of the form: `given`, the fields' defaults for the rest."""
    return {f["name"]: given.get(f["name"], f["default"]) for f in rows["fields"]}


def example_values(view: dict) -> dict | None:
    """The form filled with the rulebook's worked example (None if the view has none)."""
    example = view.get("example")
    if not example:
        return None
    values = {**default_values(view), **example.get("values", {})}
    if "rows" in example:
        values["rows"] = [row_values(view["rows"], row) for row in example["rows"]]
    return values


def _put(params: dict, spec: dict, value: str) -> None:
    if not isinstance(value, str):  # not the form's: the engine says what is wrong with it
        converted = value
    elif not spec["send"] or value.strip() == "":
        return
    elif spec["kind"] == "bool":
        if value != "1":
            return
        converted = True
    elif spec["kind"] == "int" and whole_number(value) is not None:
        converted = whole_number(value)
    else:
        converted = value.strip()
    target = params
    for key in spec["param"][:-1]:
        target = target.setdefault(key, {})
    target[spec["param"][-1]] = converted


def engine_params(view: dict, values: dict) -> dict:
    params: dict = dict(view.get("params", {}))
    rows = view.get("rows")
    shared = set(rows["shared"]) if rows else set()
    for spec in view["fields"] + view.get("roll_fields", []):
        if spec["name"] not in shared:
            _put(params, spec, values.get(spec["name"], ""))
    if rows:
        common: dict = {}
        for spec in view["fields"]:
            if spec["name"] in shared:
                _put(common, spec, values.get(spec["name"], ""))
        given = values.get("rows")
        if not isinstance(given, list) or not rows["min"] <= len(given) <= rows["max"]:
            params[rows["param"]] = given  # the engine refuses it, by its count, before reading a row
            return params
        params[rows["param"]] = []
        for row in given:
            if not isinstance(row, dict):
                params[rows["param"]].append(row)
                continue
            entry = dict(common)
            for spec in rows["fields"]:
                _put(entry, spec, row.get(spec["name"], ""))
            params[rows["param"]].append(entry)
    return params


# --- a shared link -----------------------------------------------------------------------------


def _within(number: int, low, high) -> bool:
    return (low is None or number >= low) and (high is None or number <= high)


def _choice(spec: dict, raw: str) -> str | None:
    wanted = raw.strip().lower()
    return next((value for value, _ in spec["options"] if value.lower() == wanted), None)


def link_value(spec: dict, raw: str) -> str | None:
    """The form value a link's text stands for, or None if the field does not take it."""
    text = raw.strip()
    if text == "":
        return "" if spec["optional"] or spec["kind"] == "bool" else None
    if spec["kind"] == "bool":
        return {"1": "1", "0": ""}.get(raw)
    if spec["kind"] == "int":
        number = whole_number(text)
        return raw if number is not None and _within(number, spec.get("min"), spec.get("max")) else None
    if spec["kind"] == "choice":
        return _choice(spec, raw)
    if len(text) > MOST_TEXT or not _within(len(text), spec.get("minLength"), spec.get("maxLength")):
        return None
    if spec.get("pattern") and not re.search(spec["pattern"], text):
        return None
    ranges = spec.get("numbers") or []
    numbers = [whole_number(number) for number in NUMBER.findall(text)]
    if ranges and not all(
        number is not None and _within(number, *ranges[min(index, len(ranges) - 1)])
        for index, number in enumerate(numbers)
    ):
        return None
    return raw


def _refused(spec: dict, raw: str, kept: str) -> str:
    fallback = "empty" if kept == "" else f"“{cut(kept)}”"
    return f"The link's value “{cut(raw)}” for {spec['label']} is not valid, so the default ({fallback}) is used."


def read_link(view_id: str, view: dict, entries: list) -> dict:
    """The view's inputs from a link's query entries ([key, value] pairs, keys `<view>.<field>`):
    {"values", "messages", "present"}. A value a field does not take falls back to its default,
    with a message saying so; an input the link leaves out takes its neutral default, never the
    rulebook's example."""
    prefix = f"{view_id}."
    values = default_values(view)
    ours = renamed_inputs(
        view_id, [(key[len(prefix) :], raw) for key, raw in _pairs(entries) if key.startswith(prefix)]
    )
    if not ours:
        return {"values": values, "messages": [], "present": False}
    specs = {spec["name"]: spec for spec in view["fields"] + view.get("roll_fields", [])}
    rows = view.get("rows")
    row_specs = {spec["name"]: spec for spec in rows["fields"]} if rows else {}
    inputs = len(specs) + (1 + rows["max"] * len(row_specs) if rows else 0)
    if len(ours) > inputs:
        return {
            "values": values,
            "messages": [
                f"The link names {len(ours):,} inputs; this calculator has {inputs}, so its default inputs are used."
            ],
            "present": True,
        }
    messages = []
    count = dict(ours).get("rows") if rows else None
    if count is not None:
        number = whole_number(count)
        if number is not None and rows["min"] <= number <= rows["max"]:
            values["rows"] = [
                values["rows"][index] if index < len(values["rows"]) else row_values(rows, {})
                for index in range(number)
            ]
        else:
            messages.append(
                f"The link asks for “{cut(count, 10)}” characters; between {rows['min']} and "
                f"{rows['max']} are allowed, so the default characters are used."
            )
    for name, raw in ours:
        in_row = ROW_INPUT.fullmatch(name)
        if name == "rows" and rows:
            continue
        if name in specs:
            value = link_value(specs[name], raw)
            if value is None:
                messages.append(_refused(specs[name], raw, values[name]))
            else:
                values[name] = value
        elif in_row and in_row[1] in row_specs and int(in_row[2]) < len(values["rows"]):
            spec, index = row_specs[in_row[1]], int(in_row[2])
            value = link_value(spec, raw)
            if value is None:
                kept = values["rows"][index][spec["name"]]
                messages.append(_refused(spec, raw, kept) + f" (character {index + 1})")
            else:
                values["rows"][index][spec["name"]] = value
        else:
            messages.append(f"The link's “{cut(name)}” is not an input of this calculator, so it is ignored.")
    for spec in specs.values():
        reason = unmet(spec, values)
        if reason and values[spec["name"]] != (spec["neutral"] or ""):
            messages.append(f"The link sets {spec['label']}, which does not apply here, so it is left out: {reason}")
            values[spec["name"]] = spec["neutral"] or ""
    for index, row in enumerate(values.get("rows", []) if rows else []):
        for spec in row_specs.values():
            reason = unmet(spec, {**values, **row})
            if reason and row[spec["name"]] != (spec["neutral"] or ""):
                messages.append(
                    f"The link sets {spec['label']} (character {index + 1}), which does not apply here, so it is "
                    f"left out: {reason}"
                )
                row[spec["name"]] = spec["neutral"] or ""
    return {"values": values, "messages": _at_most(messages), "present": True}


def _pairs(entries) -> list:
    """A link's [key, value] pairs of text; anything else in `entries` is not a link's and is dropped."""
    if not isinstance(entries, list):
        return []
    return [
        (entry[0], entry[1])
        for entry in entries
        if isinstance(entry, (list, tuple)) and len(entry) == 2 and all(isinstance(part, str) for part in entry)
    ]


def _at_most(messages: list[str]) -> list[str]:
    """The first MESSAGES_AT_MOST messages, and how many more there were."""
    if len(messages) <= MESSAGES_AT_MOST:
        return messages
    more = len(messages) - MESSAGES_AT_MOST + 1
    return [*messages[: MESSAGES_AT_MOST - 1], f"And {more} more of the link's values were not used."]
