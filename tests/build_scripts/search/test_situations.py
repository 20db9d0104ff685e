"""The calculators a situation typed with numbers opens (sources/search-situations.yaml,
build_scripts/search/situations.py): checked against the calculator views, and written into the
search index with every input of each form."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from build_scripts import paths
from build_scripts.search.index import SEARCH_INDEX
from build_scripts.search.situations import SituationError, load_situations, view_fields
from calculators.views.catalogue import VIEWS


@pytest.fixture(scope="module")
def index(site: Path) -> dict:
    return json.loads((site / SEARCH_INDEX).read_text(encoding="utf-8"))


def test_every_situation_names_a_view_its_fields_and_their_values():
    situations = load_situations(paths.SOURCES)
    assert {s.view for s in situations} >= {"strike", "corruption", "influence"}
    for situation in situations:
        fields = view_fields(VIEWS[situation.view])
        assert {spec["field"] for spec in situation.inputs} <= set(fields), situation.view


def test_half_is_read_as_no_halving_of_the_hazard_limit():
    """ "2 orc scouts count half" is the scouts counting half towards the size (2.5.2, L889); the
    calculator's `halved` is the sideboard's halving of the limit (2.2.9, L858), and a query that
    says "half" once set it."""
    (hazard,) = [s for s in load_situations(paths.SOURCES) if s.view == "hazard-limit"]
    (halved,) = [spec for spec in hazard.inputs if spec["field"] == "halved"]
    assert not {"half", "halves"} & set(halved.get("words", {}))


@pytest.mark.parametrize(
    "entry, error",
    [
        ("- view: nowhere\n    say: x\n    names: [x]\n    inputs: []", "no calculator view"),
        ("- view: attack\n    say: x\n    names: [x]\n    inputs: []", "no calculator view"),  # a list of characters
        (
            "- view: strike\n    say: x\n    names: [x]\n    inputs:\n      - {field: power, say: p, number_after: [p]}",
            "no field 'power'",
        ),
        (
            "- view: strike\n    say: x\n    names: [x]\n    inputs:\n      - {field: state, say: s, words: {dead: dead}}",
            "no value 'dead'",
        ),
        (
            "- view: strike\n    say: x\n    names: [x]\n    inputs:\n      - {field: state, say: s, number_after: [s]}",
            "takes no number",
        ),
        ("- view: strike\n    say: x\n    names: [x]\n    inputs:\n      - {field: prowess, say: p}", "say how"),
    ],
)
def test_a_situation_that_does_not_fit_its_calculator_fails_the_build(tmp_path, entry, error):
    (tmp_path / "search-situations.yaml").write_text("situations:\n  " + entry + "\n", encoding="utf-8")
    with pytest.raises(SituationError, match=error):
        load_situations(tmp_path)


def test_the_index_lists_every_input_of_each_form_and_where_the_calculator_is(index):
    by_view = {record["view"]: record for record in index["situations"]}
    strike = by_view["strike"]
    assert (strike["location"], strike["title"]) == ("calculators/strike/", "Strike and body check")
    assert [name for name, *_ in strike["fields"]] == list(view_fields(VIEWS["strike"]))
    assert dict((name, start) for name, _, start in strike["fields"])["prowess"] == "5"
    assert strike["gameField"] == "starter"
    calculators = {doc["location"] for doc in index["docs"] if doc["kind"] == "calculator"}
    assert all(record["location"] in calculators for record in index["situations"])
