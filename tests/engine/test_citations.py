"""Every rule the engine cites exists, and its block covers the cited line.

RULES_JSON (default site/rules.json, written by the site build) gives the
numbered rules; RULEBOOK_TXT (default sources/mele-rulebook.txt) the source.
Each check is skipped only when its file is absent.
"""

import json
import os
from pathlib import Path

import pytest

from calculators.citations import Rule, all_citations

REPO = Path(__file__).resolve().parents[2]


def _path(variable: str, default: str) -> Path:
    path = Path(os.environ.get(variable, default))
    return path if path.is_absolute() else REPO / path


RULES_JSON = _path("RULES_JSON", "site/rules.json")
RULEBOOK_TXT = _path("RULEBOOK_TXT", "sources/mele-rulebook.txt")
CITATIONS = all_citations()


def test_all_citations_lists_every_constant():
    assert len(CITATIONS) > 50
    assert all(isinstance(rule, Rule) for rule in CITATIONS.values())
    assert all(rule.id and rule.id != "?" for rule in CITATIONS.values())


def test_citation_ids_have_the_part_section_number_form():
    for name, rule in CITATIONS.items():
        parts = rule.id.split(".")
        assert len(parts) == 3 and all(p.isdigit() for p in parts), (name, rule.id)


@pytest.fixture(scope="module")
def rulebook_lines():
    if not RULEBOOK_TXT.exists():
        pytest.skip(f"{RULEBOOK_TXT} is absent (set RULEBOOK_TXT to the rulebook text)")
    return RULEBOOK_TXT.read_text(encoding="utf-8").split("\n")


@pytest.mark.parametrize("name", sorted(CITATIONS))
def test_quote_is_on_the_cited_line(name, rulebook_lines):
    rule = CITATIONS[name]
    assert 1 <= rule.line <= len(rulebook_lines)
    assert rule.quote in rulebook_lines[rule.line - 1], (name, rule.line)


@pytest.fixture(scope="module")
def rules_by_id():
    if not RULES_JSON.exists():
        pytest.skip(f"{RULES_JSON} is absent (build the site, or set RULES_JSON)")
    data = json.loads(RULES_JSON.read_text(encoding="utf-8"))
    entries = data["rules"] if isinstance(data, dict) and "rules" in data else data
    return {entry["id"]: entry for entry in entries}


@pytest.mark.parametrize("name", sorted(CITATIONS))
def test_cited_rule_exists_and_covers_the_line(name, rules_by_id):
    rule = CITATIONS[name]
    assert rule.id in rules_by_id, f"{name}: rule {rule.id} is not in rules.json"
    entry = rules_by_id[rule.id]
    assert entry["first_line"] <= rule.line <= entry["last_line"], (
        f"{name}: rule {rule.id} covers lines {entry['first_line']}-{entry['last_line']}, "
        f"not {rule.line}"
    )
