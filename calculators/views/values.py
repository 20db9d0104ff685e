"""A view's form values (strings, as in the form and the URL): its defaults, its
rulebook example, the engine's params they make, and the values a shared link gives.

The page script only reads and writes the form; what the values mean is decided here,
in the browser's worker as at build time. A link's values are checked against each
field's limits, which come from the engine's option tables (calculators/options.py).
"""

from __future__ import annotations

import copy
import re

from calculators.options import WHOLE
from calculators.views.earlier_links import earlier_defaults, earlier_inputs, names_every_input
from calculators.views.fields import unmet

NUMBER = re.compile(r"[+-]?[0-9]+")
LINK_TEXT_SHOWN = 40  # how much of a refused value a message repeats


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
    if not spec["send"] or value.strip() == "":
        return
    if spec["kind"] == "bool":
        if value != "1":
            return
        converted = True
    elif spec["kind"] == "int" and WHOLE.fullmatch(value.strip()):
        converted = int(value.strip())
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
        params[rows["param"]] = []
        for row in values["rows"]:
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
        return raw if WHOLE.fullmatch(text) and _within(int(text), spec.get("min"), spec.get("max")) else None
    if spec["kind"] == "choice":
        return _choice(spec, raw)
    if not _within(len(text), spec.get("minLength"), spec.get("maxLength")):
        return None
    if spec.get("pattern") and not re.search(spec["pattern"], text):
        return None
    ranges = spec.get("numbers") or []
    numbers = [int(number) for number in NUMBER.findall(text)]
    if ranges and not all(
        _within(number, *ranges[min(index, len(ranges) - 1)]) for index, number in enumerate(numbers)
    ):
        return None
    return raw


def _refused(spec: dict, raw: str, kept: str) -> str:
    fallback = "empty" if kept == "" else f"“{kept}”"
    return (
        f"The link's value “{raw[:LINK_TEXT_SHOWN]}” for {spec['label']} is not valid, so the default "
        f"({fallback}) is used."
    )


def read_link(view_id: str, view: dict, entries: list) -> dict:
    """The view's inputs from a link's query entries ([key, value] pairs, keys `<view>.<field>`):
    {"values", "messages", "present"}. A value a field does not take falls back to its default,
    with a message saying so. A link that leaves inputs out was made before the neutral
    defaults: the inputs it leaves out are the defaults of then (earlier_links.py)."""
    prefix = f"{view_id}."
    values = default_values(view)
    ours = earlier_inputs(view_id, [(key[len(prefix) :], raw) for key, raw in entries if key.startswith(prefix)])
    if not ours:
        return {"values": values, "messages": [], "present": False}
    if not names_every_input(view, {name for name, _ in ours}):
        values = {**values, **copy.deepcopy(earlier_defaults(view_id))}
    messages = []
    specs = {spec["name"]: spec for spec in view["fields"] + view.get("roll_fields", [])}
    rows = view.get("rows")
    row_specs = {spec["name"]: spec for spec in rows["fields"]} if rows else {}
    count = dict(ours).get("rows") if rows else None
    if count is not None:
        if WHOLE.fullmatch(count) and rows["min"] <= int(count) <= rows["max"]:
            values["rows"] = [
                values["rows"][index] if index < len(values["rows"]) else row_values(rows, {})
                for index in range(int(count))
            ]
        else:
            messages.append(
                f"The link asks for “{count[:10]}” characters; between {rows['min']} and "
                f"{rows['max']} are allowed, so the default characters are used."
            )
    for name, raw in ours:
        in_row = re.fullmatch(r"(\w+)\.(\d+)", name)
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
            messages.append(
                f"The link's “{name[:LINK_TEXT_SHOWN]}” is not an input of this calculator, so it is ignored."
            )
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
    return {"values": values, "messages": messages, "present": True}
