"""A view's form values (strings, as in the form and the URL) -> the engine's params.
values.js does the same in the browser."""

from __future__ import annotations

from calculators.options import WHOLE


def default_values(view: dict) -> dict:
    values = {f["name"]: f["default"] for f in view["fields"] + view.get("roll_fields", [])}
    rows = view.get("rows")
    if rows:
        values["rows"] = [{f["name"]: row.get(f["name"], f["default"]) for f in rows["fields"]}
                          for row in rows["defaults"]]
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
