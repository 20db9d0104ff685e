"""Composed content shows the words it rests on (section 6): every glossary entry and
turn-summary step quotes each rule it cites, the build checks the quotes, and the Standard flag of
a step agrees with the rules it rests on."""

from __future__ import annotations

import pytest
import yaml

from build_scripts import paths
from build_scripts.glossary.terms import GlossaryError, check_terms_against_rules, load_terms
from build_scripts.model.evidence import MOST_WORDS, EvidenceError, check_evidence, is_standard_only, read_evidence
from build_scripts.render.turn_summary import PHASE_IDS, TurnSummaryError, load_turn_summary

# --- the checks themselves -------------------------------------------------------------------


def test_a_quote_must_be_in_its_rule_and_the_error_names_the_entry():
    texts = {"1.7.24": "· If this result is greater than the strike's prowess, the strike fails."}
    check_evidence("glossary term strike", {"1.7.24": ("the strike fails",)}, texts)
    with pytest.raises(
        EvidenceError, match=r"glossary term strike: the quote 'the strike wins' is not in rule 1\.7\.24"
    ):
        check_evidence("glossary term strike", {"1.7.24": ("the strike wins",)}, texts)
    with pytest.raises(EvidenceError, match="glossary term strike: cites rule 9.9.9, which does not exist"):
        check_evidence("glossary term strike", {"9.9.9": ("x",)}, texts)


def test_quotes_compare_whitespace_only_not_case_or_punctuation():
    texts = {"1.1.1": "Two  six-sided\ndice (2D6)."}
    check_evidence("x", {"1.1.1": ("Two six-sided dice (2D6)",)}, texts)
    for wrong in ("two six-sided dice", "Two six sided dice"):
        with pytest.raises(EvidenceError):
            check_evidence("x", {"1.1.1": (wrong,)}, texts)


def test_evidence_must_quote_every_cited_rule_and_stay_short():
    assert read_evidence({"1.1.1": "a b", "1.1.2": ["c", "d e"]}, "x") == {"1.1.1": ("a b",), "1.1.2": ("c", "d e")}
    for bad in (None, {}, ["1.1.1"], {"1.1.1": ""}, {"1.1.1": []}, {"1.1.1": [""]}):
        with pytest.raises(EvidenceError, match="x"):
            read_evidence(bad, "x")
    with pytest.raises(EvidenceError, match=f"more than {MOST_WORDS} words"):
        read_evidence({"1.1.1": " ".join(["word"] * (MOST_WORDS + 1))}, "x")


def test_a_glossary_entry_with_a_wrong_quote_fails_naming_the_entry(tmp_path, rule_texts):
    (tmp_path / "glossary.yaml").write_text(
        "terms:\n  - {id: nazgul-hazard, term: Nazgûl hazard, definition: d, defined: false,\n"
        "     evidence: {'1.10.49': 'A Ringwraith card played by the hazard player'}}\n",
        encoding="utf-8",
    )
    terms = load_terms(tmp_path)
    with pytest.raises(GlossaryError, match="glossary term nazgul-hazard: the quote .* is not in rule 1.10.49"):
        check_terms_against_rules(terms, rule_texts)


def test_a_glossary_entry_without_evidence_is_refused(tmp_path):
    (tmp_path / "glossary.yaml").write_text(
        "terms:\n  - {id: a, term: A, definition: d, defined_in: ['1.1.1']}\n", encoding="utf-8"
    )
    with pytest.raises(GlossaryError, match="term 'a': 'evidence' must map each cited rule id"):
        load_terms(tmp_path)


# --- the project's data -----------------------------------------------------------------------


def test_every_glossary_entry_quotes_every_rule_it_cites(rule_texts):
    terms = load_terms(paths.SOURCES)
    check_terms_against_rules(terms, rule_texts)
    for term in terms:
        assert term.defined_in and set(term.defined_in) == set(term.quotes), term.id
        assert all(quotes for quotes in term.quotes.values()), term.id


def test_every_turn_summary_step_quotes_every_rule_it_cites(rule_texts):
    phases = load_turn_summary(paths.SOURCES / "turn-summary.yaml", rule_texts)
    steps = [step for phase in phases for step in phase.steps]
    assert len(steps) > 50
    assert all(step.rules and all(quotes for _, quotes in step.evidence) for step in steps)


def test_the_data_files_write_evidence_not_bare_rule_lists():
    for name in ("glossary.yaml", "glossary-sbg.yaml", "turn-summary.yaml"):
        text = (paths.SOURCES / name).read_text(encoding="utf-8")
        assert "defined_in:" not in text and "\n        rules:" not in text, name


# --- the Standard flag ------------------------------------------------------------------------


def test_standard_only_rules_are_part_ii_or_say_so():
    assert is_standard_only("2.7.1", "An untapped character ...")
    assert is_standard_only("1.5.22", "Note: In the Standard Rules, your unused general influence points help")
    assert is_standard_only("1.9.4", "Note: In the Standard Game, direct influence can be used")
    assert not is_standard_only("1.5.43", "Unless at a Darkhaven, a Ringwraith may not be in a company")
    assert not is_standard_only("0.2.6", "The Standard Rules - These rules assume you have already played")


def _summary(tmp_path, step: str):
    data = "phases:\n" + "".join(
        f"  - {{id: {p}, name: {p}, steps: [{step if p == 'site' else '{text: t, card: c, who: both, evidence: {1.4.6: Site Phase}}'}]}}\n"
        for p in PHASE_IDS
    )
    (tmp_path / "t.yaml").write_text(data, encoding="utf-8")
    return tmp_path / "t.yaml"


TEXTS = {
    "1.4.6": "5. Site Phase",
    "1.5.43": "Unless at a Darkhaven, a Ringwraith may not be",
    "1.9.4": "Note: In the Standard Game, direct influence can be used",
    "2.7.4": "A character at one of his home sites",
}


@pytest.mark.parametrize(
    "step, error",
    [
        # the old step used direct influence against the opponent, resting only on
        # Standard notes, but was not marked Standard
        (
            "{text: t, card: c, who: player, standard: false, evidence: {1.9.4: In the Standard Game}}",
            "mark it Standard",
        ),
        ("{text: t, card: c, who: player, standard: false, evidence: {2.7.4: A character}}", "mark it Standard"),
        # a Standard badge on a step that rests on no Standard rule (item 4.2 in the other direction)
        (
            "{text: t, card: c, who: player, standard: true, evidence: {1.5.43: Unless at a Darkhaven}}",
            "marked Standard but cites no Standard rule",
        ),
    ],
)
def test_a_wrong_standard_flag_fails_naming_the_step(tmp_path, step, error):
    with pytest.raises(TurnSummaryError, match=rf"t.yaml: site step 1 \(t \.\.\.\).*{error}"):
        load_turn_summary(_summary(tmp_path, step), TEXTS)


@pytest.mark.parametrize(
    "step",
    [
        "{text: t, card: c, who: player, standard: true, evidence: {1.9.4: In the Standard Game}}",
        "{text: t, card: c, who: player, standard: true, evidence: {1.5.43: Unless, 2.7.4: A character}}",
        "{text: t, card: c, who: player, standard: false, evidence: {1.5.43: Unless, 2.7.4: A character}}",
    ],
)
def test_a_right_standard_flag_passes(tmp_path, step):
    load_turn_summary(_summary(tmp_path, step), TEXTS)


def test_a_step_with_a_wrong_quote_fails_naming_the_step(tmp_path):
    with pytest.raises(TurnSummaryError, match=r"site step 1 \(t \.\.\.\): the quote 'Starter' is not in rule 1.9.4"):
        load_turn_summary(
            _summary(tmp_path, "{text: t, card: c, who: player, standard: true, evidence: {1.9.4: Starter}}"), TEXTS
        )


def test_the_site_phase_direct_influence_step_is_standard():
    data = yaml.safe_load((paths.SOURCES / "turn-summary.yaml").read_text(encoding="utf-8"))
    site = next(p for p in data["phases"] if p["id"] == "site")
    step = next(s for s in site["steps"] if "direct influence can also be used" in s["text"])
    assert step["standard"] is True
