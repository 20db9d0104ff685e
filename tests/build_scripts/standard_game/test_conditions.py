"""The change map's lines carry their conditions (build_scripts/standard_game/conditions.py): the
check on the real map, and on planted bad entries, which must stop the build naming the rule."""

from __future__ import annotations

import copy

import pytest

from build_scripts.standard_game.changes import StandardMapError, read_standard_map
from build_scripts.standard_game.conditions import unqualified_lines


def entry(data: dict, rule_id: str) -> dict:
    return next(e for e in data["rules"] if e["rule"] == rule_id)


def link(data: dict, rule_id: str, starter: str) -> dict:
    return next(raw for raw in entry(data, rule_id)["links"] if raw["rule"] == starter)


def test_every_line_of_the_map_carries_its_conditions(standard_map, rule_texts):
    assert unqualified_lines(standard_map, rule_texts) == []


def test_the_lines_the_review_found_would_stop_the_build(data, rule_texts):
    """The lines as they were before (items 1 and 7, and 2.6.1 beside its note 2.6.3): all are named at once."""
    planted = copy.deepcopy(data)
    entry(planted, "2.1.8").update(summary="a type your opponent lacks counts double")
    entry(planted, "2.1.8").pop("condition")
    entry(planted, "2.2.5").update(summary="or to fetch one card into your play deck")
    entry(planted, "2.2.5").pop("condition")
    entry(planted, "2.2.7").pop("condition")
    entry(planted, "2.6.1").pop("condition")
    with pytest.raises(StandardMapError) as failed:
        read_standard_map(planted, rule_texts)
    message = str(failed.value)
    assert (
        "2.1.8: the line 'a type your opponent lacks counts double' leaves out an exception (“doesn't apply”" in message
    )
    assert "2.1.8: the line 'a type your opponent lacks counts double' leaves out a condition (“If”" in message
    assert (
        "2.2.5: the line 'or to fetch one card into your play deck' leaves out a least number (“at least 5”" in message
    )
    assert (
        "2.2.7: the line 'or tap a Nazgûl hazard: one hazard from sideboard into play deck' leaves out a condition"
        in (message)
    )
    assert (
        "2.6.1: the line 'region movement, a second way to move' leaves out the players' agreement (“agree” in 2.6.3:"
        in (message)
    )


def test_a_links_own_line_answers_for_the_sentence_it_quotes(data, rule_texts):
    """Item 6's class: 1.1.7's line is 2.1.3's Sudden Call sentence, which says "at least 25"; 1.5.33's
    is 2.5.32's "If this happens to your Ringwraith" sentence."""
    planted = copy.deepcopy(data)
    link(planted, "2.1.3", "1.1.7")["line"] = "2-deck game: Sudden Call if a deck has run out twice"
    with pytest.raises(
        StandardMapError,
        match=r"2\.1\.3: the line on 1\.1\.7 '2-deck game: Sudden Call if a deck has run out twice' leaves out a least number",
    ):
        read_standard_map(planted, rule_texts)
    planted = copy.deepcopy(data)
    link(planted, "2.5.32", "1.5.33")["line"] = "a 7 or 8: you may reveal just him again, and your opponent may not"
    with pytest.raises(
        StandardMapError,
        match=r"2\.5\.32: the line on 1\.5\.33 .* leaves out a condition \(“If” in 2\.5\.32: If this happens",
    ):
        read_standard_map(planted, rule_texts)
    # Without lines of their own, 1.1.6 and 1.1.7 show the summary, which must then say it.
    planted = copy.deepcopy(data)
    for starter in ("1.1.6", "1.1.7"):
        link(planted, "2.1.3", starter).pop("line")
    with pytest.raises(
        StandardMapError,
        match=r"2\.1\.3: the line '2-deck game: the Audience once each deck has run out twice' leaves out a least number",
    ):
        read_standard_map(planted, rule_texts)


def test_a_sentence_no_link_quotes_is_beside_every_line(data, rule_texts):
    """2.1.8's link quotes only the doubling; the exception beside it must still be on the line shown on 1.1.14."""
    planted = copy.deepcopy(data)
    link(planted, "2.1.8", "1.1.14")["evidence"]["2.1.8"] = (
        "your points for that same type of marshalling point are doubled"
    )
    entry(planted, "2.1.8").pop("condition")
    with pytest.raises(StandardMapError, match=r"2\.1\.8: the line .* leaves out an exception \(“doesn't apply”"):
        read_standard_map(planted, rule_texts)


def test_examples_and_asking_if_set_no_condition(standard_map, rule_texts):
    """2.2.18 (an example on 2.2.13) tells a turn with "if"; 2.1.11's "determine if you can call" asks
    whether. Neither asks anything of 2.1.10's line, which has no condition word."""
    assert "if" not in standard_map.entries["2.1.10"].line.split()
    assert "2.1.10" not in " ".join(unqualified_lines(standard_map, rule_texts))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda e: e.update(condition="unless at a Darkhaven"), r"a condition has 'words' \(as shown\) and 'evidence'"),
        (
            lambda e: e.update(
                condition={"words": "unless at a Darkhaven", "evidence": {"2.5.4": "Unless at a Haven"}}
            ),
            r"condition: the quote 'Unless at a Haven' is not in rule 2\.5\.4",
        ),
        (
            lambda e: e["condition"].update(words="unless at a Darkhaven" + " or somewhere else" * 5),
            r"its summary and condition have 1\d\d characters, more than 125",
        ),
        (lambda e: e["links"][0].update(lines="no Orcs"), r"link to 1\.5\.43: unknown field\(s\) \['lines'\]"),
        (lambda e: e["links"][0].update(line="x" * 126), r"link to 1\.5\.43: its line has 126 characters"),
    ],
)
def test_a_malformed_condition_or_line_fails_naming_its_rule(data, rule_texts, change, message):
    planted = copy.deepcopy(data)
    change(entry(planted, "2.5.4"))
    with pytest.raises(StandardMapError, match=r"rule 2\.5\.4\b.*" + message):
        read_standard_map(planted, rule_texts)
