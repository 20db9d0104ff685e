"""Every explanation step says only what the quoted words of the rule it cites say; anything more
(the site's reading of an ambiguity, an inference, what a calculator does where the rules are
silent) is the step's editor's note, shown marked as one. The same rule as the glossary's evidence.

The steps the sweep reaches (tests/support/explain_sweep.py), numbers written #, are listed by rule
with the quotes they rest on (calculators/citations.py) in tests/golden/explain-steps.yaml, for a
judge to read against the rulebook: a new or changed step fails here until it has been read
against its rule's words and the list is written again with
    .venv/bin/python -m tests.calculators.test_explain_evidence
The quotes themselves are checked against the rules' text in test_citations.py."""

from __future__ import annotations

import re
import sys

import pytest
import yaml

from calculators.api import run
from calculators.citations import all_citations
from calculators.cli_report import format_result
from calculators.result import EDITORS_NOTE
from tests.support.explain_sweep import cited_texts, results
from tests.support.site import ROOT

GOLDEN = ROOT / "tests" / "golden" / "explain-steps.yaml"
# A number on its own (+2, -1, 7), not a rule's (1.7.28, which stays) nor one in a word (2D6).
NUMBER = re.compile(r"(?P<rule>(?:SBG-[AB]\.)?\d+\.\d+\.\d+)|(?<![\w.])(?:[+-](?=\d))?\d+(?!\w)")
# Words of a reading, not of a rule: they belong in a step's note.
READING = re.compile(
    r"\b(this site|this calculator|reads?|reading|cautious|does ?n[o']t say|do ?n[o']t (say|cover)|says nothing|"
    r"unclear|we count|counts? (it|him|them) as)\b",
    re.IGNORECASE,
)


def template(text: str) -> str:
    return NUMBER.sub(lambda found: found["rule"] or "#", text)


def inventory(found) -> dict:
    """rule id -> {"quotes": the words its citations rest on, "steps": each step's text and note}."""
    quotes = {}
    for rule in all_citations().values():
        quotes.setdefault(rule.id, [])
        quotes[rule.id] += [quote for quote in rule.quotes if quote not in quotes[rule.id]]
    steps = {}
    for _, _, result in found:
        for step in cited_texts(result):
            entry = {"text": template(step["text"])} | ({"note": template(step["note"])} if step["note"] else {})
            listed = steps.setdefault(step["rule"], [])
            if entry not in listed:
                listed.append(entry)
    return {
        rule_id: {"quotes": quotes[rule_id], "steps": sorted(listed, key=lambda e: (e["text"], e.get("note", "")))}
        for rule_id, listed in sorted(steps.items(), key=lambda item: _rule_order(item[0]))
    }


def _rule_order(rule_id: str):
    source, number = (rule_id[:5], rule_id[6:]) if rule_id.startswith("SBG") else ("", rule_id)  # SBG-A.1.2
    return (source, *(int(part) for part in number.split(".")))


def written(found) -> str:
    head = (
        "# Every explanation step the calculators write, by the rule it cites, with the words of that rule\n"
        "# it rests on (numbers written #). Written by tests/calculators/test_explain_evidence.py: a step's text\n"
        "# says only what the quotes say; a step's note is the site's reading, shown as an editor's note.\n"
    )
    return head + yaml.safe_dump(inventory(found), allow_unicode=True, sort_keys=False, width=110)


@pytest.fixture(scope="module")
def found():
    return results()


def test_every_step_is_listed_with_the_words_of_its_rule(found):
    assert GOLDEN.exists(), f"write {GOLDEN.name}: python -m tests.calculators.test_explain_evidence"
    listed = yaml.safe_load(GOLDEN.read_text(encoding="utf-8"))
    now = inventory(found)
    changed = {rule: now.get(rule) for rule in set(now) | set(listed) if now.get(rule) != listed.get(rule)}
    assert not changed, (
        "steps changed since they were last read against their rules; read them, then write the list again "
        f"(python -m tests.calculators.test_explain_evidence): {changed}"
    )


def test_a_step_s_claim_holds_no_reading_its_note_does(found):
    for name, params, result in found:
        for step in cited_texts(result):
            assert not READING.search(step["text"]), f"{name} {params}: a reading in a claim: {step['text']!r}"


def test_every_calculator_s_steps_are_reached(found):
    from calculators.params import CALCULATORS

    assert {name for name, _, _ in found} == set(CALCULATORS)


def test_the_command_line_marks_each_note_as_the_editor_s(found):
    for name, params, result in found:
        lines = format_result(result).splitlines()
        steps = lines[lines.index("Steps:") + 1 :]
        assert len(steps) == len(result["explain"])
        for step, line in zip(result["explain"], steps, strict=True):
            assert line.startswith(f"  - {step['text']}"), (name, params, line)
            if step["note"]:
                assert line.endswith(f"] {EDITORS_NOTE}: {step['note']}"), (name, params, line)
            else:
                assert EDITORS_NOTE not in line, (name, params, line)


def step_lists(result: dict) -> list[list[dict]]:
    """The result's list of steps and each strike's own, as each is shown: one after another."""
    return [result["explain"]] + [steps for strike in result.get("strikes", ()) for steps in step_lists(strike)]


# The rules whose steps say what one case of a body check does: an "Otherwise" may follow them.
BODY_CHECK_CASES = {"1.7.28", "1.7.29", "2.5.32"}


def test_an_otherwise_step_follows_the_case_it_is_the_otherwise_of(found):
    """A strike's steps once went "makes a body check: 2D6." then "Otherwise, a modified body check
    greater than his body eliminates him.", an Otherwise with no case before it; and "If your
    Ringwraith is eliminated, your opponent wins." then "Otherwise, he is just wounded."."""
    for name, params, result in found:
        for steps in step_lists(result):
            for before, step in zip(steps, steps[1:], strict=False):
                if step["text"].startswith("Otherwise"):
                    assert before["rule"] in BODY_CHECK_CASES, (name, params, before["text"], step["text"])
            assert not steps or not steps[0]["text"].startswith("Otherwise"), (name, params)


@pytest.mark.parametrize("others, scouts, together, each", [(3, 2, 4, 5), (0, 3, 2, 3)])
def test_the_orc_scouts_rounding_is_a_reading_and_its_note_says_what_rounding_each_would_give(
    others, scouts, together, each
):
    """The step once read 'rounded up over all of them (rounding each scout up would change nothing)'
    claimed more than 2.5.2 says, and wrongly: rounding each scout up counts each as 1 (5, not 4, for
    three characters and two scouts). The claim restates the rule; the reading is the note's."""
    result = run("hazard-limit", {"characters": others, "orc_scouts": scouts})
    assert result["company_size"] == together != each == others + scouts
    (step,) = [step for step in result["explain"] if step["rule"] == "2.5.2"]
    assert "each" not in step["text"] and "(Standard Rules)" in step["text"]
    assert "each count 1, as a whole character" in step["note"] and "together" in step["note"]


if __name__ == "__main__":
    GOLDEN.write_text(written(results()), encoding="utf-8")
    sys.stdout.write(f"wrote {GOLDEN.relative_to(ROOT)}\n")
