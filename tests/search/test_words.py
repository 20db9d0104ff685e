"""words.js on its own, in Node: how the search reads what is typed (rule numbers in every
form a reader types or pastes, and words folded and stemmed so their forms meet)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

WORDS = Path(__file__).resolve().parents[2] / "docs" / "assets" / "javascripts" / "search" / "words.js"
CALL = """const words = require(process.argv[1]);
const calls = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(calls.map(([name, arg]) => words[name](arg) ?? null)));"""


def call(name: str, *args: str) -> list:
    node = shutil.which("node")
    assert node, "node is needed (it also writes the service worker)"
    done = subprocess.run([node, "-e", CALL, str(WORDS)], input=json.dumps([[name, a] for a in args]),
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize("typed, number", [
    ("1.7.25", {"prefix": "1", "section": "7", "rule": "25"}),
    ("r1-7-25", {"prefix": "1", "section": "7", "rule": "25"}),
    ("MELE 1.7.25", {"prefix": "1", "section": "7", "rule": "25"}),
    (" 1.7.25 ", {"prefix": "1", "section": "7", "rule": "25"}),
    ("1.7.25 \u2014 https://example.org/rules/1-7-combat/#r1-7-25", {"prefix": "1", "section": "7", "rule": "25"}),
    ("1.7", {"prefix": "1", "section": "7"}),
    ("1.", {"prefix": "1"}),
    ("SBG-A.2.4", {"prefix": "SBG-A", "section": "2", "rule": "4"}),
    ("rsbg-a-2-4", {"prefix": "SBG-A", "section": "2", "rule": "4"}),
    ("sbg b 6 3", {"prefix": "SBG-B", "section": "6", "rule": "3"}),
])
def test_a_rule_number_is_read_in_every_form(typed, number):
    assert call("parseRuleNumber", typed) == [number]


def test_words_and_dice_are_not_rule_numbers():
    assert call("parseRuleNumber", "1", "hazard limit", "2d6", "2 characters", "") == [None] * 5


def test_forms_of_a_word_meet():
    same = [["strikes", "striking", "strike"], ["companies", "company"], ["tapped", "taps", "tap"],
            ["elves", "elf"], ["wounded", "wounds", "wound"]]
    for forms in same:
        assert len(set(call("stem", *forms))) == 1, forms


def test_hyphens_accents_and_possessives_do_not_split_or_hide_a_word():
    assert call("stems", "automatic-attack", "Nazg\u00fbl", "opponent\u2019s", "M/H") == [
        ["automatic", "attack"], ["nazgul"], ["opponent"], ["m", "h"]]
