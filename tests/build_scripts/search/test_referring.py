"""Rules that refer back to the rule above them (build_scripts/search/referring.py), read from the
document model: which rules lean on another, and on which."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from build_scripts.search.index import SEARCH_INDEX
from build_scripts.search.referring import parent_rules, refers_back


@pytest.mark.parametrize(
    "text",
    [
        "Clarification: An ally may tap to give a +1 prowess modification in this manner.",
        "Note: This represents the Ringwraith's mount being eliminated.",
        "Clarification: These restrictions mean that two companies may not start at the same site.",
        "Clarification: Some cards can interrupt this process by forcing a company to return to its site of origin.",
        "Note: A Wizard player does not receive marshalling points for defeating such a creature.",
        "If you move cards from your sideboard in this fashion, the hazard limit is reduced to half of normal.",
        "Clarification: The card, Twilight, is an exception to this rule - it can be played at anytime.",
    ],
)
def test_a_rule_that_leans_on_the_rule_above_refers_back(text):
    assert refers_back(text)


@pytest.mark.parametrize(
    "text",
    [
        "Note: These rules apply to a Ringwraith player playing a Ringwraith player.",  # the rulebook itself
        "Location Deck - This deck consists of your site cards.",  # its own label
        "Race: This is one criterion for using certain resources.",
        'If a card states that it is "unique," only one such card may be in play at a time.',  # its own sentence
        "Gold Rings - After your company faces the automatic-attack at such a site which specifies a gold ring.",
        "Follow these steps to get ready to play:",  # what follows
        "At the end of your opponent's untap phase, you may at this point bring up to five hazard cards.",  # a time
        "Areas of water that pose a minimal risk, such as streams, small ponds and fords, are Shallow Water.",
        "Clarification: Playing a character does not tap a site.",
        "Each of your characters at a Darkhaven may heal. Such a character moves to a tapped position.",  # 2nd sentence
    ],
)
def test_a_rule_that_stands_on_its_own_does_not(text):
    assert not refers_back(text)


def rule(rule_id: str, text: str, kind: str = "paragraph", heading: str = "", section: str = "2.7") -> dict:
    return {"id": rule_id, "kind": kind, "section": section, "heading": heading, "text": text}


def test_a_dependent_leans_on_the_nearest_rule_above_that_is_no_box_in_its_section_and_heading():
    rules = [
        rule("2.7.1", "An untapped character may tap to support a character."),
        rule("2.7.2", "Example: Gorbag taps to support Muzgash.", kind="example"),
        rule(
            "2.7.3", "Clarification: An ally may tap to give a +1 prowess modification in this manner.", "clarification"
        ),
        rule("2.7.4", "This represents the ally's help.", kind="note"),
        rule("2.7.5", "In this manner a creature is defeated.", heading="DEFEATING"),  # opens a sub-heading
        rule("2.8.1", "These rules apply to the Standard game.", section="2.8"),
        rule("2.8.2", "This represents the second game.", section="2.8"),
    ]
    assert parent_rules(rules, set()) == {"2.7.3": "2.7.1", "2.7.4": "2.7.1", "2.8.2": "2.8.1"}


def test_after_a_list_these_points_at_the_sentence_that_opens_it_and_this_at_the_item_above():
    rules = [
        rule("2.5.34", "A company may split into two or more companies. The following instructions apply:"),
        rule("2.5.35", "· One of the companies may remain at the current site.", kind="bullet"),
        rule("2.5.36", "· Any other companies must move to different sites.", kind="bullet"),
        rule("2.5.37", "Clarification: These restrictions mean that two companies may not meet.", kind="clarification"),
        rule("2.5.38", "Note: This represents a company moving alone.", kind="note"),
        rule("2.5.39", "· If this result is greater, the strike fails.", kind="bullet"),  # a list's own item
    ]
    assert parent_rules(rules, set()) == {"2.5.37": "2.5.34", "2.5.38": "2.5.36"}


def test_a_rule_that_states_a_glossary_term_stands_on_its_own():
    rules = [
        rule("1.10.58", "A creature can be played keyed to a region type the company moved through."),
        rule("1.10.61", "If a creature satisfies more than one of these conditions, you must choose one of them."),
    ]
    assert parent_rules(rules, set()) == {"1.10.61": "1.10.58"}
    assert parent_rules(rules, {"1.10.61"}) == {}


def test_the_index_gives_the_rulebooks_referring_rules_their_parents(site: Path):
    index = json.loads((site / SEARCH_INDEX).read_text(encoding="utf-8"))
    parents = {doc["id"]: doc["parent"] for doc in index["docs"] if doc.get("parent")}
    assert {"2.7.2": "2.7.1", "2.5.33": "2.5.32", "2.5.38": "2.5.34", "2.2.9": "2.2.8"}.items() <= parents.items()
    assert "1.10.61" not in parents and "1.7.25" not in parents, "a term's own rule and a list's item stand alone"
    assert len(parents) < 40, "a rule that refers back is the exception"
