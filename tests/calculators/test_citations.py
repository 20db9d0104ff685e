"""Every rule the engine cites exists, and its block covers the cited line.

The site's rules.json (the run's build: the `site` fixture builds it if missing; RULES_JSON
names another) gives the numbered rules; RULEBOOK_TXT (default sources/mele-rulebook.txt) the MELE
source, and the Strategy Battle Game citations are checked against their own
files in sources/ (sbg-advanced-rules.txt, sbg-boats-article.txt).
A source check is skipped only when RULEBOOK_TXT names a file that is absent.
"""

import json
import os
import re
from pathlib import Path

import pytest

from build_scripts.model.evidence import MOST_WORDS
from calculators.citations import MELE_RULEBOOK, SBG_ADVANCED, SBG_ARTICLE, Rule, all_citations

REPO = Path(__file__).resolve().parents[2]


def _path(variable: str, default: str) -> Path:
    path = Path(os.environ.get(variable, default))
    return path if path.is_absolute() else REPO / path


RULES_JSON = _path("RULES_JSON", "") if os.environ.get("RULES_JSON") else None
RULEBOOK_TXT = _path("RULEBOOK_TXT", "sources/mele-rulebook.txt")
SOURCE_FILES = {
    MELE_RULEBOOK: RULEBOOK_TXT,
    SBG_ADVANCED: REPO / "sources" / SBG_ADVANCED,
    SBG_ARTICLE: REPO / "sources" / SBG_ARTICLE,
}
ID_FORM = {
    MELE_RULEBOOK: re.compile(r"\d+\.\d+\.\d+"),
    SBG_ADVANCED: re.compile(r"SBG-A\.\d+\.\d+"),
    SBG_ARTICLE: re.compile(r"SBG-B\.\d+\.\d+"),
}
CITATIONS = all_citations()


def test_all_citations_lists_every_constant():
    assert len(CITATIONS) > 50
    assert all(isinstance(rule, Rule) for rule in CITATIONS.values())
    assert all(rule.id and rule.id != "?" for rule in CITATIONS.values())


def test_citation_ids_have_the_part_section_number_form():
    """MELE: P.S.N; Strategy Battle Game: SBG-A.S.N (Advanced Rules), SBG-B.S.N (boats article)."""
    for name, rule in CITATIONS.items():
        assert rule.source in ID_FORM, (name, rule.source)
        assert ID_FORM[rule.source].fullmatch(rule.id), (name, rule.source, rule.id)


def test_sbg_citations_are_there():
    sources = {rule.source for rule in CITATIONS.values()}
    assert {MELE_RULEBOOK, SBG_ADVANCED, SBG_ARTICLE} <= sources


_LINES = {}


def source_lines(source: str) -> list[str]:
    path = SOURCE_FILES[source]
    if not path.exists():
        pytest.skip(
            f"{path} is absent" + (" (set RULEBOOK_TXT to the rulebook text)" if source == MELE_RULEBOOK else "")
        )
    if source not in _LINES:
        _LINES[source] = path.read_text(encoding="utf-8").split("\n")
    return _LINES[source]


@pytest.mark.parametrize("name", sorted(CITATIONS))
def test_quote_is_on_the_cited_line(name):
    rule = CITATIONS[name]
    lines = source_lines(rule.source)
    assert 1 <= rule.line <= len(lines)
    for quote in rule.quotes:
        assert quote in lines[rule.line - 1], (name, rule.source, rule.line, quote)


@pytest.mark.parametrize("name", sorted(CITATIONS))
def test_a_quote_is_a_few_words_that_carry_a_claim(name):
    """As the glossary's evidence (build_scripts/model/evidence.py): words, not a copy of the rule."""
    assert all(quote.strip() and len(quote.split()) <= MOST_WORDS for quote in CITATIONS[name].quotes), name


@pytest.fixture(scope="module")
def rules_by_id(site):
    data = json.loads((RULES_JSON or site / "rules.json").read_text(encoding="utf-8"))
    entries = data["rules"] if isinstance(data, dict) and "rules" in data else data
    return {entry["id"]: entry for entry in entries}


@pytest.mark.parametrize("name", sorted(CITATIONS))
def test_cited_rule_exists_and_covers_the_line(name, rules_by_id):
    rule = CITATIONS[name]
    assert rule.id in rules_by_id, f"{name}: rule {rule.id} is not in rules.json"
    entry = rules_by_id[rule.id]
    assert entry.get("source", MELE_RULEBOOK) == rule.source, (
        f"{name}: rule {rule.id} comes from {entry.get('source')}, not {rule.source}"
    )
    assert entry["first_line"] <= rule.line <= entry["last_line"], (
        f"{name}: rule {rule.id} covers lines {entry['first_line']}-{entry['last_line']}, not {rule.line}"
    )


@pytest.mark.parametrize("name", sorted(CITATIONS))
def test_quote_is_in_the_cited_rules_own_text_as_the_reader_sees_it(name, rules_by_id):
    """Covering the line is not enough where one line holds two rules (lines 93 and 931); and the
    words a step rests on are the rule's as shown, errata applied."""
    rule = CITATIONS[name]
    for field in ("original_text", "text"):
        text = " ".join(rules_by_id[rule.id][field].split())
        for quote in rule.quotes:
            assert " ".join(quote.split()) in text, f"{name}: {quote!r} is not in rule {rule.id}'s {field}"
