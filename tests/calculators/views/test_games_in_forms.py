"""The page's side of an option that belongs to one game (Option.game, calculators/options.py): the
form disables it in the other game with its reason beside it, a row's input too (an attack's
support), a link that sets it is told why and it is left out, and every calculator whose answer
depends on the game gets its game input filled from the header's "Reading as" setting
(page_config.py: the other game's defaults and their result). And a step's editor's note is
shown as one in the result."""

from __future__ import annotations

import xml.etree.ElementTree as etree

import pytest

from calculators.options import GAME
from calculators.params import CALCULATORS
from calculators.views.catalogue import VIEWS
from calculators.views.fields import unmet
from calculators.views.form import dom_id, render_form
from calculators.views.form_elements import Html
from calculators.views.markup import Html as ResultHtml
from calculators.views.page_api import read_link as open_link
from calculators.views.page_api import render
from calculators.views.page_config import OTHER_GAME, page_config
from calculators.views.results import render_result
from calculators.views.values import default_values
from tests.support.explain_sweep import results

STARTER = {GAME: "1"}


class AnyRule(dict):
    def __missing__(self, rule_id):
        return f"#r{rule_id}"


def game_specs():
    """(view id, spec, whether it is a row's) for each input whose option belongs to one game."""
    for view_id, view in VIEWS.items():
        for spec in view["fields"]:
            if spec["game"]:
                yield view_id, spec, False
        for spec in (view.get("rows") or {}).get("fields", []):
            if spec["game"]:
                yield view_id, spec, True


GAME_SPECS = list(game_specs())
IDS = [f"{view_id}-{spec['name']}" for view_id, spec, _ in GAME_SPECS]


def test_every_input_of_one_game_is_found():
    assert {(view_id, spec["name"]) for view_id, spec, _ in GAME_SPECS} == {
        ("strike", "support"),
        ("attack", "support"),
        ("hazard-limit", "halved"),
        ("audience", "revealed_against_me"),
        ("audience", "revealed_against_opponent"),
    }


@pytest.mark.parametrize("view_id", [v for v, view in VIEWS.items() if view.get("game", "MELE") == "MELE"])
def test_a_view_whose_engine_has_the_game_option_lets_the_reading_fill_it(view_id):
    view = VIEWS[view_id]
    engine = CALCULATORS[view["engine"]]
    tables = [engine.options] + [option.item for option in engine.options if option.kind == "rows"]
    has_game = any(GAME in {option.name for option in table} for table in tables)
    assert (view.get("game_field") == GAME) == has_game, view_id
    if has_game:
        urls = AnyRule()
        config = page_config(view_id, view, default_values(view), urls, lambda values: render(view_id, values, urls))
        assert config["games"][OTHER_GAME]["values"][GAME] == "1"


def form_of(view_id: str, values: dict) -> etree.Element:
    root = etree.Element("div")
    render_form(Html(lambda rule_id: f"#r{rule_id}"), root, view_id, VIEWS[view_id], values)
    return root


@pytest.mark.parametrize("view_id, spec, in_row", GAME_SPECS, ids=IDS)
def test_the_form_disables_an_input_of_the_other_game_with_its_reason(view_id, spec, in_row):
    view = VIEWS[view_id]
    (rule,) = spec["requires"][:1]
    values = {**default_values(view), **STARTER}
    assert rule["field"] == GAME and unmet(spec, values) == rule["reason"]
    control_id = dom_id(view_id, spec["name"], "-0" if in_row else "")
    for reading, disabled in ((values, True), (default_values(view), False)):
        form = form_of(view_id, reading)
        control = form.find(f".//*[@id='{control_id}']")
        why = form.find(f".//*[@id='{control_id}-off']")
        assert (control.get("disabled") == "disabled") == disabled, (view_id, spec["name"], reading.get(GAME))
        assert (why.text == f"Does not apply: {rule['reason']}") == disabled


@pytest.mark.parametrize("view_id, spec, in_row", GAME_SPECS, ids=IDS)
def test_a_link_that_sets_an_input_of_the_other_game_says_why_and_leaves_it_out(view_id, spec, in_row):
    view = VIEWS[view_id]
    values = default_values(view)
    entries = [[f"{view_id}.{name}", value] for name, value in values.items() if name != "rows"]
    entries = [[key, "1" if key == f"{view_id}.{GAME}" else value] for key, value in entries]
    if in_row:
        entries.append([f"{view_id}.rows", str(len(values["rows"]))])
        entries.append([f"{view_id}.{spec['name']}.0", "2"])
    else:
        entries = [
            [key, ("1" if spec["kind"] == "bool" else "2") if key == f"{view_id}.{spec['name']}" else value]
            for key, value in entries
        ]
    opened = open_link(view_id, entries)
    shown = opened["values"]["rows"][0] if in_row else opened["values"]
    assert shown[spec["name"]] == (spec["neutral"] or "")
    assert any(spec["requires"][0]["reason"] in message for message in opened["messages"]), opened["messages"]


# --- a step's editor's note, shown as one ---------------------------------------------------


def test_the_result_shows_each_note_marked_as_the_editor_s_and_no_other():
    noted = plain = 0
    for name, _, result in results():
        view = next(view for view in VIEWS.values() if view["engine"] == name)
        out = etree.fromstring(str(render_result(ResultHtml(lambda rule_id: f"#r{rule_id}"), view, result, [])))
        for step, item in zip(result["explain"], out.find("ol[@class='calc-explain']"), strict=True):
            notes = item.findall("span[@class='calc-note']")
            if step["note"]:
                noted += 1
                (note,) = notes
                assert "".join(note.itertext()) == f" Editor's note: {step['note']}"
                assert note.find("strong").text == "Editor's note:"
            else:
                plain += 1
                assert notes == []
            assert item.find("a[@class='rule-ref']").text == step["rule"]
    assert noted and plain
