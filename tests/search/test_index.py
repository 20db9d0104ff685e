"""The search index the build writes over Material's (build_scripts/search/), and the synonym list."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from build_scripts import paths
from build_scripts.cli import GLOSSARIES
from build_scripts.glossary.terms import load_terms
from build_scripts.rule_index import RuleIndex
from build_scripts.search.index import SEARCH_INDEX, search_index, twin_rules, write_search_index
from build_scripts.site_urls import url_scheme
from build_scripts.search.synonyms import SynonymError, load_synonyms, missing_rulebook_words
from tests.conftest import missing_target

INDEX_GZIP_LIMIT = 300_000


@pytest.fixture(scope="module")
def index(site: Path) -> dict:
    return json.loads((site / SEARCH_INDEX).read_text(encoding="utf-8"))


def records(index: dict, kind: str) -> list[dict]:
    return [doc for doc in index["docs"] if doc["kind"] == kind]


def test_every_rule_is_a_record_of_its_own(index, rules):
    by_id = {doc["id"]: doc for doc in records(index, "rule")}
    assert len(records(index, "rule")) == len(rules) == len(by_id)
    for rule in rules:
        record = by_id[rule["id"]]
        assert (record["location"], record["text"], record["section"]) == (rule["url"], rule["text"], rule["section"])


def test_every_section_and_glossary_term_is_a_record(index, rules):
    assert {doc["id"] for doc in records(index, "section")} == {rule["section"] for rule in rules}
    assert {doc["id"] for doc in records(index, "glossary")} == {term.id for term in load_terms(paths.SOURCES)}
    assert {doc["part"] for doc in records(index, "section")} == {
        "Front Matter", "Starter Rules", "Standard Rules", "SBG Advanced Rules", "SBG Boats and Water"}


def test_pages_other_than_rule_pages_are_records(index):
    locations = {doc["location"] for doc in index["docs"] if doc["kind"] in ("page", "calculator")}
    assert {"", "turn-summary/", "calculators/strike/", "rules/errata-and-coverage/", "sbg/"} <= locations
    assert not [loc for loc in locations if loc.startswith("rules/1-")], "rule pages are there rule by rule"
    assert all(doc["location"].startswith("calculators/") for doc in records(index, "calculator"))


def test_every_location_in_the_index_exists_in_the_site(index, site):
    help_links = list(index["config"]["rule_search"]["help"].values())
    missing = [(location, problem) for location in [doc["location"] for doc in index["docs"]] + help_links
               if (problem := missing_target(site, "/", "/" + location))]
    assert missing == []


def test_the_search_config_stays_materials_with_the_synonyms_added(index):
    config = index["config"]
    assert {"lang", "separator", "pipeline", "fields"} <= set(config)     # Material's, for its highlighter
    synonyms = config["rule_search"]["synonyms"]
    assert ["tie", "tied", "ties"] in [players for players, _ in synonyms]
    assert [["DH"], ["Darkhaven"]] in synonyms


def test_starter_and_standard_twins_point_at_each_other(index):
    rules = {doc["id"]: doc for doc in records(index, "rule")}
    twins = {rule_id: doc["twins"] for rule_id, doc in rules.items() if "twins" in doc}
    assert twins["1.5.50"] == ["2.5.27"] and twins["2.7.6"] == ["1.7.48"]
    for rule_id, others in twins.items():
        assert all(rule_id in rules[other]["twins"] for other in others)
        assert {rule_id[0], *(o[0] for o in others)} == {"1", "2"}


def test_twins_need_most_word_pairs_in_common():
    rules = [{"id": "1.1.1", "text": "A Ringwraith may carry items but may not use them."},
             {"id": "2.1.1", "text": "A Ringwraith may carry items but may not use them at all."},
             {"id": "2.1.2", "text": "Corruption cards may not be played on Ringwraiths."}]
    assert twin_rules(rules) == {"2.1.1": ["1.1.1"], "1.1.1": ["2.1.1"]}


def test_the_index_is_small(site):
    assert len(gzip.compress((site / SEARCH_INDEX).read_bytes())) < INDEX_GZIP_LIMIT


def test_a_second_postbuild_gives_the_same_index(index, rules):
    sections = json.loads((paths.BUILD / "search-sections.json").read_text(encoding="utf-8"))
    pages = {game: page for game, (page, _, _) in GLOSSARIES.items()}
    again = search_index(index, json.loads(paths.RULES_INDEX.read_text(encoding="utf-8")), sections,
                         load_terms(paths.SOURCES), load_synonyms(paths.SOURCES), pages,
                         RuleIndex.load(paths.RULES_INDEX, url_scheme()))
    assert again == index


def test_a_site_without_materials_index_keeps_its_own_search(tmp_path):
    """A Zensical build writes its own search index elsewhere: postbuild leaves it alone."""
    assert write_search_index(tmp_path, {}) is None
    assert not (tmp_path / SEARCH_INDEX).exists()


def test_every_rulebook_word_of_the_synonyms_is_in_the_rules(rules):
    assert missing_rulebook_words(load_synonyms(paths.SOURCES), [rule["text"] for rule in rules]) == []


def test_a_synonym_of_no_rule_is_reported():
    synonyms = load_synonyms(paths.SOURCES)
    assert missing_rulebook_words(synonyms, ["The strike is ineffectual."]) != []


@pytest.mark.parametrize("entry, problem", [
    ("- players: [tie]\n  rulebook: [equal]\n", "needs exactly players, rulebook and why"),
    ("- players: tie\n  rulebook: [equal]\n  why: x\n", "players must be a list of words"),
    ("- players: [tie]\n  rulebook: []\n  why: x\n", "rulebook must be a list of words"),
    ("- players: [tie]\n  rulebook: [equal]\n  why: ' '\n", "say why"),
])
def test_a_malformed_synonym_is_refused_with_its_entry_number(tmp_path, entry, problem):
    (tmp_path / "search-synonyms.yaml").write_text("synonyms:\n" + entry, encoding="utf-8")
    with pytest.raises(SynonymError, match=f"entry 1: {problem}"):
        load_synonyms(tmp_path)


def test_every_page_points_materials_search_box_at_the_rule_search(site):
    """The switch runs after Material's configuration and before its bundle, on every page."""
    pages = list(site.rglob("*.html"))
    assert len(pages) > 30
    for page in pages:
        html = page.read_text(encoding="utf-8")
        if 'data-md-component="search"' not in html:
            continue
        config, switch, bundle = (html.find(marker) for marker in
                                  ('id="__config"', "search/use-rule-search.js", "assets/javascripts/bundle."))
        assert 0 < config < switch < bundle, page.relative_to(site)
        assert 'data-worker="' in html[switch:bundle], page.relative_to(site)
