"""The rulebook as plain text (rules.txt) and as data (rules.json, with the site's version, checked
against its JSON Schema, docs/rules.schema.json), both kept in the offline copy."""

from __future__ import annotations

import json
import re

import jsonschema
import pytest

from build_scripts.edition import EDITION
from build_scripts.generated import NOTE
from build_scripts.model.load import load_rulebook
from calculators import __version__
from tests.support.site import ROOT


@pytest.fixture(scope="module")
def rulebook():
    return load_rulebook()


@pytest.fixture(scope="module")
def published(site) -> dict:
    return json.loads((site / "rules.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def rules_txt(site) -> list[str]:
    return (site / "rules.txt").read_text(encoding="utf-8").splitlines()


def test_rules_json_validates_against_its_schema_and_holds_every_rule(site, published, rulebook):
    schema = json.loads((site / "rules.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(published)
    assert published["version"] == __version__ and published["built"] == EDITION["built"]
    ids = [rule["id"] for rule in published["rules"]]
    assert len(ids) == len(set(ids))
    assert [i for i in ids if i[0].isdigit()] == [block.id for block in rulebook.document.blocks]
    assert {i.split(".")[0] for i in ids if not i[0].isdigit()} == {"SBG-A", "SBG-B"}


def test_the_schema_rejects_what_rules_json_must_not_hold(published):
    schema = json.loads((ROOT / "docs" / "rules.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    rule = published["rules"][0]
    for broken in (
        {**published, "version": "new"},
        {**published, "rules": [{**rule, "id": "1.7"}]},
        {**published, "rules": [{**rule, "kind": "sidebar"}]},
        {**published, "rules": [{k: v for k, v in rule.items() if k != "text"}]},
        {**published, "extra": 1},
    ):
        assert not validator.is_valid(broken)


RULE_LINE = re.compile(r"^((?:\d+|SBG-[AB])\.\d+\.\d+) (.*)$")


def txt_rules(lines: list[str]) -> dict[str, list[str]]:
    """rules.txt read back: each rule's number -> its first line's words and its indented lines."""
    found: dict[str, list[str]] = {}
    current = None
    for line in lines:
        rule = RULE_LINE.match(line)
        if rule:
            assert rule[1] not in found, f"{rule[1]} twice"
            current = found[rule[1]] = [rule[2]]
        elif current is not None and line.startswith("    "):
            current.append(line[4:])
        else:
            current = None
    return found


def test_rules_txt_has_every_rule_as_its_number_and_words_under_its_headings(published, rules_txt, rulebook):
    found = txt_rules(rules_txt)
    assert list(found) == [rule["id"] for rule in published["rules"]]
    for rule in published["rules"]:
        lines = [line for line in rule["text"].split("\n") if line.strip()]
        assert found[rule["id"]][: len(lines)] == lines, rule["id"]
    headings = [line for line in rules_txt if line.startswith("#")]
    for section in rulebook.document.sections:
        assert any(h.startswith(f"## {section.part}.{section.number} ") for h in headings), section.key
    assert {"# Front Matter", "# Part I · The Starter Rules", "# Part II · Standard Rules"} <= set(headings)
    assert rules_txt[0] == f"# {NOTE}"  # it is written into docs/ before it is published (generated.py)
    assert rules_txt[1].startswith(f"Middle-earth Rules Reference, reference {__version__}, built {EDITION['built']}")


def test_rules_txt_marks_every_correction_and_editor_s_note_under_its_rule(published, rules_txt):
    found = txt_rules(rules_txt)
    for rule in published["rules"]:
        notes = [line for line in found[rule["id"]][1:] if line.startswith("[")]
        assert [re.search(r", ([A-Z]+\d+)\)", note)[1] for note in notes] == rule["errata"], rule["id"]
    assert "[Corrected on this site (typo, C4): the source reads “mover each”.]" in found["0.3.6"]


def test_rules_txt_rules_json_and_the_schema_are_in_the_offline_copy(site):
    worker = (site / "sw.js").read_text(encoding="utf-8")
    for name in ("rules.txt", "rules.json", "rules.schema.json", "rules/whole-rulebook/index.html", "about/index.html"):
        assert f'"url":"{name}"' in worker, name
