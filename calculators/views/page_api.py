"""What the page asks the views for, at build time and in the browser's worker alike:

    render(view_id, values, rule_urls) -> {"params", "html", "summary"}
                                       or {"params", "error", "summary"}
    read_link(view_id, entries)        -> {"values", "messages", "present"}

`values` are the form's values (strings, rows as a list of them); `rule_urls` maps each
rule id a result can cite to its URL (the calculator block's data, from the one RuleIndex).
The worker calls the *_json forms: JSON text in, JSON text out.
"""

from __future__ import annotations

import json

from calculators.api import run
from calculators.views.answer_line import error_summary, summary
from calculators.views.catalogue import VIEWS
from calculators.views.markup import Html
from calculators.views.results import render_result
from calculators.views.values import engine_params
from calculators.views.values import read_link as _read_link


def render(view_id: str, values: dict, rule_urls: dict) -> dict:
    view = VIEWS[view_id]
    params = engine_params(view, values)
    result = run(view["engine"], params)
    if "error" in result:
        return {"params": params, "error": result["error"], "summary": error_summary(result["error"]["message"])}
    names = [row.get("name", "") for row in values.get("rows", [])]
    html = str(render_result(Html(rule_urls.__getitem__), view, result, names))
    return {"params": params, "html": html, "summary": summary(view, result, names)}


def read_link(view_id: str, entries: list) -> dict:
    return _read_link(view_id, VIEWS[view_id], entries)


def render_json(view_id: str, values: str, rule_urls: str) -> str:
    return json.dumps(render(view_id, json.loads(values), json.loads(rule_urls)), ensure_ascii=False)


def read_link_json(view_id: str, entries: str) -> str:
    return json.dumps(read_link(view_id, json.loads(entries)), ensure_ascii=False)
