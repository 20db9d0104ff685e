"""The calculators' views (calculator_views/): shared links, the neutral defaults and the
rulebook examples. The views' HTML is compared with the browser's in
tests/browser/test_build_time.py; the engine's numbers are tests/engine/."""

from __future__ import annotations

import json
from urllib.parse import parse_qsl

import pytest

from calculator_views.catalogue import VIEWS
from calculator_views.render import read_link, render
from calculator_views.values import default_values, engine_params
from tests.conftest import ROOT

# Links made before the neutral defaults, with the engine params they gave then
# (worked out with that release's views).
EARLIER_LINKS = json.loads((ROOT / "tests" / "golden" / "share-links-before-neutral.json").read_text())


@pytest.mark.parametrize("link", EARLIER_LINKS, ids=[f"{link['view']}: {link['made']}" for link in EARLIER_LINKS])
def test_links_made_before_the_neutral_defaults_keep_their_inputs(link):
    opened = read_link(link["view"], parse_qsl(link["query"], keep_blank_values=True))
    assert opened["messages"] == [] and opened["present"]
    assert engine_params(VIEWS[link["view"]], opened["values"]) == link["params"]


def every_input(view_id: str, values: dict) -> list[tuple[str, str]]:
    """A link as the page writes it now (values.js queryEntries): every input named."""
    view = VIEWS[view_id]
    encode = {spec["name"]: spec["kind"] for spec in view["fields"] + view.get("roll_fields", [])}
    entries = [(f"{view_id}.{name}", ("1" if value == "1" else "0") if encode[name] == "bool" else value)
               for name, value in values.items() if name != "rows"]
    if view.get("rows"):
        entries.append((f"{view_id}.rows", str(len(values["rows"]))))
        kinds = {spec["name"]: spec["kind"] for spec in view["rows"]["fields"]}
        entries += [(f"{view_id}.{name}.{index}", ("1" if value == "1" else "0") if kinds[name] == "bool" else value)
                    for index, row in enumerate(values["rows"]) for name, value in row.items()]
    return entries


@pytest.mark.parametrize("view_id", sorted(VIEWS))
def test_a_link_naming_every_input_means_today_s_defaults(view_id):
    values = default_values(VIEWS[view_id])
    opened = read_link(view_id, every_input(view_id, values))
    assert opened["messages"] == [] and opened["values"] == values


@pytest.mark.parametrize("view_id", sorted(VIEWS))
def test_every_view_renders_its_defaults_with_a_summary(view_id):
    shown = render(view_id, default_values(VIEWS[view_id]), RULE_URLS)
    assert "error" not in shown, shown
    assert shown["html"].startswith('<div class="calc-output"') and shown["summary"]


class _AnyRule(dict):
    def __missing__(self, rule_id):
        return f"#r{rule_id}"


RULE_URLS = _AnyRule()
