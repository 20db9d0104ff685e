"""What a calculator block hands its page script, as JSON in `data-config`: the view's
inputs (name, kind and neutral value: enough to read and write the form and mark what
is set), its defaults and rulebook example, and the URL of every rule its results can
cite, which the page passes on to the views in the worker."""

from __future__ import annotations

from mele.views.values import example_values


def field_config(spec: dict) -> dict:
    return {"name": spec["name"], "kind": spec["kind"], "neutral": spec["neutral"], "more": spec["more"]}


def page_config(view_id: str, view: dict, values: dict, rule_urls: dict[str, str]) -> dict:
    rows = view.get("rows")
    return {
        "view": view_id,
        "fields": [field_config(spec) for spec in view["fields"]],
        "rollFields": [field_config(spec) for spec in view.get("roll_fields", [])],
        "rows": rows and {"fields": [field_config(spec) for spec in rows["fields"]],
                          "min": rows["min"], "max": rows["max"]},
        "defaults": values, "example": example_values(view), "ruleUrls": rule_urls,
    }
