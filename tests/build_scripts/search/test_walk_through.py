"""The walk-through at the table (a player typing at the table, on a phone), asked word for word of the built site's search: each
question with the rule it must show first, the calculator it must open, or the sentence that says the
rulebook has no rule for it. The classes each stands for have their own tests (tests/js/search-*.mjs,
test_referring.py, test_situations.py, test_silent.py); these keep the questions themselves answered."""

from __future__ import annotations

import pytest

from tests.support.search_positions import found_within, positions


@pytest.mark.parametrize(
    "question, rules",
    [
        # 2.7.2 ("... in this manner") leans on 2.7.1 and is listed as its detail, not above it.
        ("can I tap a Ringwraith to give +1", ["2.7.1"]),
        # pass: not responding; 1.10.83, each player a chance to respond, the chain of effects.
        ("what happens when both players pass", ["1.10.83"]),
        # in a row: 1.10.1, resource cards anytime during your own turn.
        ("can i play two resources in a row", ["1.10.1"]),
        # RW on a site: the Ringwraith's own rules, where he is placed (1.5.33), whom he may be with
        # (1.5.43, 1.5.47) and where he may move (1.6.16); before, 1.10.46 and 1.8.8 came first.
        ("RW on a site", ["1.5.33", "1.5.43", "1.5.47", "1.6.16"]),
        # Word for word in 1.5.31's players' index; before, 1.8.5 came first and 1.5.31 never.
        ("can i play two characters in one turn", ["1.5.31"]),
    ],
)
def test_a_walk_through_question_shows_its_rule_first(ask, question, rules):
    assert found_within(ask(question), rules, 1), (question, positions(ask(question))[:5])


@pytest.mark.parametrize(
    "question, rule",
    [
        ("RW on a site", "1.6.16"),  # the movement rule the issue names, in view on a phone's first screen
    ],
)
def test_a_walk_through_question_shows_its_rule_in_the_first_five(ask, question, rule):
    assert found_within(ask(question), [rule], 5), (question, positions(ask(question))[:5])


def test_the_walk_through_situation_opens_the_strike_calculator_with_what_it_read(ask):
    first = ask("tapped guy 4 prowess rolls 6 vs 9 prowess strike")[0]
    assert (first["kind"], first["id"]) == ("situation", "strike"), first
    assert first["snippet"] == (
        "strike: prowess 4, tapped, strike's prowess 9, roll 6; body 8 is the calculator's start value"
    )
    assert first["unread"] == []


def test_the_walk_through_question_the_book_does_not_answer_says_so_first(ask):
    first = ask("can I tap to support a corruption check")[0]
    assert (first["kind"], first["title"]) == ("notice", "The rulebook has no rule that answers this directly")


@pytest.mark.parametrize(
    "question, rule",
    [
        ("what does sideways mean", "1.2.23"),  # sideways: tapped, from the glossary's own words
        ("can a sideways character move", "1.2.25"),
        ("we both pass what happens", "1.10.83"),
        ("play two resources back to back", "1.10.1"),
        ("burn a card", "1.2.12"),  # burn: discard
        ("ringwraith on a non darkhaven site", "1.6.16"),
    ],
)
def test_a_common_word_in_its_game_sense_finds_the_rule_of_that_sense(ask, question, rule):
    """pass, in a row, on a site, sideways, burn: each read as the rulebook names what it means at the
    table (sources/search-synonyms.yaml; the glossary's plain words, search/rank.js gameSenses)."""
    assert found_within(ask(question), [rule], 3), (question, positions(ask(question))[:5])
