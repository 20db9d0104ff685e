"""What a calculator block hands its page script, as JSON in `data-config`: the view's
fields (with the limits from the engine's option tables), its starting values, its
outcome labels and the URL of every rule its results can cite."""

from __future__ import annotations


def page_config(view_id: str, view: dict, values: dict, rule_urls: dict[str, str], wheel: str) -> dict:
    return {
        "view": view_id, "engine": view["engine"], "render": view["render"], "title": view["title"],
        "fields": view["fields"], "rollFields": view.get("roll_fields", []), "rows": view.get("rows"),
        "outcomes": view.get("outcomes", {}), "strikeOutcomes": view.get("strike_outcomes", {}),
        "leastLabel": view.get("least_label", ""), "params": view.get("params", {}),
        "defaults": values, "ruleUrls": rule_urls, "wheel": wheel,
    }
