"""Strategy Battle Game swimming: both editions, every modifier and combination, exactly."""

import itertools
from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculators.errors import InputError
from calculators.swim import SwimInput, resolve_swim, swim_chances

ADVANCED_FLAGS = ("cavalry", "heavy_armour", "shield", "banner", "prone_in_deep")
ADVANCED_VALUES = {"cavalry": +1, "heavy_armour": -1, "shield": -1, "banner": -1, "prone_in_deep": -1}

# Advanced Swim Table (1 Sink / 2-5 Swim / 6 Swim Strongly), by total modifier, counted by hand.
ADVANCED_BY_TOTAL = {
    +1: {"sink": F(0), "swim": F(4, 6), "swim_strongly": F(2, 6)},  # 1..4 -> 2..5; 5,6 -> 6, 7
    0: {"sink": F(1, 6), "swim": F(4, 6), "swim_strongly": F(1, 6)},
    -1: {"sink": F(2, 6), "swim": F(4, 6), "swim_strongly": F(0)},  # 1 -> 0, 2 -> 1; 3..6 -> 2..5
    -2: {"sink": F(3, 6), "swim": F(3, 6), "swim_strongly": F(0)},
    -3: {"sink": F(4, 6), "swim": F(2, 6), "swim_strongly": F(0)},
    -4: {"sink": F(5, 6), "swim": F(1, 6), "swim_strongly": F(0)},
}


def sixths(*counts):
    """Modified-result distribution "1".."6" from counts of faces out of 6."""
    return {str(result): F(count, 6) for result, count in zip(range(1, 7), counts, strict=True)}


# --- advanced edition ------------------------------------------------------------------------


def test_no_modifiers():
    result = swim_chances(SwimInput("advanced"))
    assert result.outcomes == {"sink": F(1, 6), "swim": F(2, 3), "swim_strongly": F(1, 6)}
    assert result.modifier == 0 and result.modifiers == ()
    assert result.modified_results == sixths(1, 1, 1, 1, 1, 1)
    assert result.chart_missing is False


@pytest.mark.parametrize(
    "flag, expected",
    [
        ("cavalry", {"sink": F(0), "swim": F(2, 3), "swim_strongly": F(1, 3)}),
        ("heavy_armour", {"sink": F(1, 3), "swim": F(2, 3), "swim_strongly": F(0)}),
        ("shield", {"sink": F(1, 3), "swim": F(2, 3), "swim_strongly": F(0)}),
        ("banner", {"sink": F(1, 3), "swim": F(2, 3), "swim_strongly": F(0)}),
        ("prone_in_deep", {"sink": F(1, 3), "swim": F(2, 3), "swim_strongly": F(0)}),
    ],
)
def test_each_advanced_modifier(flag, expected):
    result = swim_chances(SwimInput("advanced", **{flag: True}))
    assert result.outcomes == expected
    assert [(row["name"], row["value"]) for row in result.modifiers] == [(flag, ADVANCED_VALUES[flag])]


def test_cavalry_modified_results_clamp_at_six():
    assert swim_chances(SwimInput("advanced", cavalry=True)).modified_results == sixths(0, 1, 1, 1, 1, 2)


def test_worst_advanced_case_still_swims_on_a_six():
    result = swim_chances(SwimInput("advanced", heavy_armour=True, shield=True, banner=True, prone_in_deep=True))
    assert result.modifier == -4
    assert result.outcomes == {"sink": F(5, 6), "swim": F(1, 6), "swim_strongly": F(0)}
    assert result.modified_results == sixths(5, 1, 0, 0, 0, 0)


def test_heavy_armoured_shield_bearer_with_banner():
    result = swim_chances(SwimInput("advanced", heavy_armour=True, shield=True, banner=True))
    assert result.outcomes == {"sink": F(2, 3), "swim": F(1, 3), "swim_strongly": F(0)}


def test_cavalry_cancels_a_shield():
    result = swim_chances(SwimInput("advanced", cavalry=True, shield=True))
    assert result.modifier == 0
    assert result.outcomes == {"sink": F(1, 6), "swim": F(2, 3), "swim_strongly": F(1, 6)}


COMBINATIONS = [dict(zip(ADVANCED_FLAGS, bits, strict=True)) for bits in itertools.product((False, True), repeat=5)]


@pytest.mark.parametrize("flags", COMBINATIONS, ids=lambda f: "+".join(k for k, v in f.items() if v) or "none")
def test_every_advanced_combination_is_cumulative(flags):
    total = sum(ADVANCED_VALUES[name] for name, on in flags.items() if on)
    result = swim_chances(SwimInput("advanced", **flags))
    assert result.modifier == total
    assert result.outcomes == ADVANCED_BY_TOTAL[total]
    assert sum(result.outcomes.values()) == 1


@pytest.mark.parametrize(
    "roll, flags, modified, outcome",
    [
        (1, {}, 1, "sink"),
        (2, {}, 2, "swim"),
        (5, {}, 5, "swim"),
        (6, {}, 6, "swim_strongly"),
        (1, {"cavalry": True}, 2, "swim"),  # a natural 1 is modified like any roll
        (5, {"cavalry": True}, 6, "swim_strongly"),
        (6, {"cavalry": True}, 6, "swim_strongly"),  # 7 counts as 6
        (2, {"shield": True}, 1, "sink"),
        (1, {"heavy_armour": True, "banner": True}, 1, "sink"),  # -1 counts as 1
        (6, {"prone_in_deep": True}, 5, "swim"),
    ],
)
def test_advanced_roll_mode(roll, flags, modified, outcome):
    result = resolve_swim(SwimInput("advanced", **flags), roll)
    assert (result.mode, result.roll, result.modified_roll, result.outcome) == ("roll", roll, modified, outcome)
    assert result.outcomes[outcome] == 1 and sum(result.outcomes.values()) == 1
    assert result.modified_results[str(modified)] == 1


def test_advanced_explain_cites_each_modifier_and_the_clamping():
    result = swim_chances(
        SwimInput("advanced", cavalry=True, heavy_armour=True, shield=True, banner=True, prone_in_deep=True)
    )
    texts = " ".join(step.text for step in result.explain)
    notes = " ".join(step.note for step in result.explain)
    assert "cumulative" in texts and "light shield" in texts
    assert "below 1 as 1" in notes and "above 6 as 6" in notes  # the site's reading: an editor's note
    rule_ids = {step.rule.id for step in result.explain}
    for row in result.modifiers:
        assert row["rule"].id in rule_ids


# --- article edition -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "flags, total, expected",
    [
        ({}, 0, sixths(1, 1, 1, 1, 1, 1)),
        ({"no_armour": True}, +1, sixths(0, 1, 1, 1, 1, 2)),
        ({"heavy_armour": True}, -1, sixths(2, 1, 1, 1, 1, 0)),
        ({"shield": True}, -1, sixths(2, 1, 1, 1, 1, 0)),
        ({"shield": True, "heavy_armour": True}, -2, sixths(3, 1, 1, 1, 0, 0)),
        ({"shield": True, "no_armour": True}, 0, sixths(1, 1, 1, 1, 1, 1)),
    ],
)
def test_article_distribution_of_the_modified_result(flags, total, expected):
    result = swim_chances(SwimInput("article", **flags))
    assert result.modifier == total
    assert result.outcomes == expected
    assert result.modified_results == expected
    assert result.chart_missing is True
    assert any("missing" in step.note for step in result.explain)


def test_article_combined_row_replaces_the_single_rows():
    result = swim_chances(SwimInput("article", shield=True, heavy_armour=True))
    assert [(row["name"], row["value"]) for row in result.modifiers] == [("shield_and_heavy_armour", -2)]
    assert result.modifiers[0]["rule"].line == 42


def test_article_rows_cite_their_lines():
    lines = {
        row["name"]: row["rule"].line
        for flags in ({"no_armour": True}, {"heavy_armour": True}, {"shield": True})
        for row in swim_chances(SwimInput("article", **flags)).modifiers
    }
    assert lines == {"no_armour": 39, "heavy_armour": 40, "shield": 41}


@pytest.mark.parametrize(
    "roll, flags, modified",
    [
        (1, {}, 1),
        (4, {}, 4),
        (6, {"no_armour": True}, 6),
        (5, {"no_armour": True}, 6),
        (2, {"shield": True, "heavy_armour": True}, 1),
        (6, {"shield": True, "heavy_armour": True}, 4),
    ],
)
def test_article_roll_mode(roll, flags, modified):
    result = resolve_swim(SwimInput("article", **flags), roll)
    assert result.outcome == str(modified) and result.modified_roll == modified
    assert result.outcomes == {str(n): F(int(n == modified)) for n in range(1, 7)}
    assert result.chart_missing is True


def test_article_to_dict_says_the_chart_is_missing():
    data = swim_chances(SwimInput("article")).to_dict()
    assert data["chart_missing"] is True
    assert list(data["outcomes"]) == ["1", "2", "3", "4", "5", "6"]
    assert all(set(step) == {"text", "rule", "note"} for step in data["explain"])
    assert data["explain"][1]["rule"].startswith("SBG-B")


# --- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, field, words",
    [
        ({"edition": "article", "cavalry": True}, "cavalry", "mounted models may not attempt to swim"),
        ({"edition": "article", "banner": True}, "banner", "no modifier for a banner"),
        ({"edition": "article", "prone_in_deep": True}, "prone_in_deep", "no -1 for a model knocked Prone"),
        ({"edition": "article", "no_armour": True, "heavy_armour": True}, "no_armour", "at once"),
        ({"edition": "article", "no_armour": True, "heavy_armour": True, "shield": True}, "no_armour", "at once"),
        ({"edition": "advanced", "no_armour": True}, "no_armour", "advanced edition has no modifier"),
        ({"edition": "newer"}, "edition", "advanced, article"),
        ({"edition": "advanced", "shield": "yes"}, "shield", "true or false"),
    ],
)
def test_bad_input(kwargs, field, words):
    with pytest.raises(InputError) as caught:
        SwimInput(**kwargs)
    assert caught.value.field == field
    assert words in caught.value.message


@pytest.mark.parametrize("roll", [0, 7, -1, True, 3.0])
def test_bad_roll(roll):
    with pytest.raises(InputError) as caught:
        resolve_swim(SwimInput("advanced"), roll)
    assert caught.value.field == "roll"


# --- properties ------------------------------------------------------------------------------

swims = st.one_of(
    st.builds(SwimInput, st.just("advanced"), *(st.booleans() for _ in ADVANCED_FLAGS)),
    st.builds(SwimInput, st.just("article"), heavy_armour=st.booleans(), shield=st.booleans()),
    st.builds(SwimInput, st.just("article"), shield=st.booleans(), no_armour=st.booleans()),
)


@given(swims)
def test_outcomes_sum_to_one(swim):
    result = swim_chances(swim)
    assert sum(result.outcomes.values()) == 1
    assert sum(result.modified_results.values()) == 1
    assert all(isinstance(p, F) and 0 <= p <= 1 for p in result.outcomes.values())


@given(swims)
def test_roll_mode_over_the_six_faces_is_the_distribution(swim):
    chances = swim_chances(swim)
    total = {name: F(0) for name in chances.outcomes}
    results = {name: F(0) for name in chances.modified_results}
    for face in range(1, 7):
        rolled = resolve_swim(swim, face)
        for name, value in rolled.outcomes.items():
            total[name] += value / 6
        for name, value in rolled.modified_results.items():
            results[name] += value / 6
    assert total == chances.outcomes
    assert results == chances.modified_results


def test_the_article_s_reason_against_the_prone_modifier_is_what_the_article_says():
    """Not lying down by choice (SBG-B.6.4) is not being knocked down: the article simply has no such
    modifier (its table, SBG-B.6.2-6.3) and has a model that fought in the water roll again (SBG-B.6.4)."""
    with pytest.raises(InputError) as caught:
        SwimInput(edition="article", prone_in_deep=True)
    assert "may not lie down" not in caught.value.message
    assert "SBG-B.6.2" in caught.value.message and "roll" in caught.value.message
