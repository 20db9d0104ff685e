"""What the search box shows, rule by rule: numbers, players' words, the glossary entry,
calculators, Starter and Standard versions, marked words. The engine runs in Node over the
built index (tests/search/conftest.py)."""

from __future__ import annotations

import json

import pytest

from tests.search.conftest import ask_engine


def first(results: list[dict]) -> tuple[str, str]:
    return results[0]["kind"], results[0]["id"]


@pytest.mark.parametrize("query, rule", [
    ("1.7.25", "1.7.25"), ("r1-7-25", "1.7.25"), ("#r1-7-25", "1.7.25"), ("MELE 1.7.25", "1.7.25"),
    ("0.3.4", "0.3.4"), ("2.7.4", "2.7.4"),
    ("SBG-A.2.4", "SBG-A.2.4"), ("sbg-a.2.4", "SBG-A.2.4"), ("rsbg-a-2-4", "SBG-A.2.4"), ("SBG-B.6.3", "SBG-B.6.3"),
    ("MELE 1.7.24 — https://rules.example.org/rules/1-7-combat/#r1-7-24", "1.7.24"),   # a pasted citation
])
def test_a_rule_number_puts_that_rule_first(ask, query, rule):
    results = ask(query)
    assert first(results) == ("rule", rule)
    assert results[0]["exact"] is True
    assert results[0]["location"].endswith("#r" + rule.lower().replace(".", "-"))


def test_a_number_being_typed_lists_the_rules_it_may_become(ask):
    ids = [r["id"] for r in ask("1.7.2")]
    assert ids[0] == "1.7.2" and ids[1:] == [f"1.7.2{n}" for n in range(10)]


@pytest.mark.parametrize("query, section, first_rule", [
    ("1.7", "1.7", "1.7.1"), ("1.10", "1.10", "1.10.1"), ("2.5.", "2.5", "2.5.1"), ("SBG-B.6", "SBG-B.6", "SBG-B.6.1"),
])
def test_a_section_number_puts_the_section_first_then_its_rules(ask, query, section, first_rule):
    results = ask(query)
    assert first(results) == ("section", section)
    assert results[1]["id"] == first_rule
    assert all(r["id"].startswith(section + ".") for r in results[1:])


def test_the_starter_rules_prefix_lists_their_sections(ask):
    assert [r["id"] for r in ask("1.")] == [f"1.{n}" for n in range(11)]


@pytest.mark.parametrize("query, says, leads_to", [
    ("9.9.9", "MELE rule numbers here start with 0 (Front Matter), 1 (Starter Rules), 2 (Standard Rules)",
     "rules/errata-and-coverage/#what-the-source-lacks"),
    ("1.7.99", "Section 1.7 (Combat) has rules 1.7.1 to 1.7.57", "rules/1-7-combat/"),
    ("2.9.1", "Standard Rules has sections 2.0 to 2.7 here", "rules/errata-and-coverage/#what-the-source-lacks"),
    ("SBG-A.9.1", "SBG Advanced Rules has sections SBG-A.0 to SBG-A.5.", "rules/sbg-advanced-rules/#rsbg-a-0-1"),
    ("SBG-C.1.1", "Strategy Battle Game rule numbers here start with SBG-A", "rules/errata-and-coverage/#what-the-source-lacks"),
])
def test_a_number_that_does_not_exist_says_so(ask, query, says, leads_to):
    results = ask(query)
    missing = results[0]
    assert missing["kind"] == "missing"
    assert missing["title"] == f"No rule {query.upper() if 'sbg' in query.lower() else query}"
    assert says in missing["snippet"]
    assert missing["location"] == leads_to


def test_a_missing_rule_in_a_real_section_offers_the_section(ask):
    assert [r["kind"] for r in ask("1.7.99")] == ["missing", "section"]


def test_players_words_find_the_rulebook_words(ask):
    tie = ask("tie strike prowess")
    assert first(tie) == ("rule", "1.7.25")
    assert "<mark>equal</mark>" in tie[0]["snippet"] and "<mark>prowess</mark>" in tie[0]["snippet"]
    assert first(ask("heal at DH")) == ("rule", "1.5.46")         # DH -> Darkhaven (sources/search-synonyms.yaml)
    assert first(ask("MP pile")) == ("rule", "1.2.15")            # MP pile: a glossary alias


def test_plurals_and_hyphens_do_not_matter(ask):
    spellings = ask("automatic-attack", "automatic attack", "automatic attacks", "Automatic-Attacks")
    assert all([r["id"] for r in results[:5]] == [r["id"] for r in spellings[0][:5]] for results in spellings)


def test_accents_do_not_matter(ask):
    assert [r["id"] for r in ask("barad-dur")[:5]] == [r["id"] for r in ask("Barad-dûr")[:5]]


def test_a_query_that_is_a_glossary_term_shows_the_entry_once_after_the_first_rule(ask):
    results = ask("hazard limit")
    glossary = [r for r in results if r["kind"] == "glossary"]
    assert [(g["id"], results.index(g)) for g in glossary] == [("hazard-limit", 1)]
    assert results[0]["kind"] == "rule"
    assert glossary[0]["location"] == "glossary/#g-hazard-limit"
    assert first(ask("swim test")) == ("rule", "SBG-A.1.2")
    assert [r["id"] for r in ask("swim test") if r["kind"] == "glossary"] == ["sbg-swim-test"]


def test_a_query_that_only_mentions_a_term_shows_no_glossary_entry(ask):
    assert not [r for r in ask("hazard limit when a character leaves") if r["kind"] == "glossary"]


def test_calculators_only_when_asked_for(ask):
    assert not [r for r in ask("strike prowess") if r["kind"] == "calculator"]
    results = ask("calculate strike odds")
    assert first(results) == ("calculator", "calculators/strike/")
    chance = ask("chance of a corruption check")
    calculator = next(r for r in chance if r["kind"] == "calculator")
    assert calculator["id"] == "calculators/corruption/"
    above = chance[:chance.index(calculator)]
    assert all(r["kind"] in ("rule", "glossary") and r["score"] >= calculator["score"] for r in above)


def test_a_calculator_named_without_an_action_word_comes_after_the_first_rules(ask):
    results = ask("strike and body check")
    kinds = [r["kind"] for r in results]
    assert "calculator" in kinds and kinds[:3] == ["rule", "rule", "rule"]


def test_starter_and_standard_versions_are_shown_together_and_labelled(ask):
    results = ask("ringwraiths never make corruption checks")
    ids = [r["id"] for r in results]
    assert ids.index("2.5.27") == ids.index("1.5.50") + 1 < 3, ids[:4]
    parts = {r["id"]: r["where"][0] for r in results if r["id"] in ("1.5.50", "2.5.27")}
    assert parts == {"1.5.50": "Starter Rules", "2.5.27": "Standard Rules"}


def test_each_rule_result_says_where_it_sits(ask):
    result = ask("tie strike prowess")[0]
    assert result["where"] == ["Starter Rules", "1.7 Combat", "Resolving Strikes"]
    sbg = ask("SBG-A.1.3")[0]
    assert sbg["where"] == ["SBG Advanced Rules", "SBG-A.1 Water Features", "Deep Water"]


def test_long_rules_show_the_part_with_the_match(ask):
    result = next(r for r in ask("Foul Smelling Paste Nevido") if r["id"] == "1.7.57")
    assert result["snippet"].startswith("\u2026") and "<mark>" in result["snippet"]
    assert len(result["snippet"]) < 700


def test_snippets_escape_the_rulebook_text(ask):
    result = ask("1.7.24")[0]
    assert '&quot;-&quot;' in result["snippet"] and '"-"' not in result["snippet"]


def test_nothing_typed_gives_nothing(ask):
    assert ask("   ") == [] and ask("the of and") == []


def test_a_section_result_says_how_many_rules_it_holds(ask):
    section = ask("1.7")[0]
    assert (section["title"], section["where"], section["snippet"]) == ("Combat", ["Starter Rules"],
                                                                        "57 rules, 1.7.1 to 1.7.57")


def test_without_the_rule_index_the_generators_own_records_are_still_searched(tmp_path):
    """Before postbuild has run, search/search_index.json is Material's: its records have no kind."""
    index = tmp_path / "search_index.json"
    index.write_text(json.dumps({"config": {"lang": ["en"]}, "docs": [
        {"location": "rules/1-7-combat/", "title": "1.7 Combat", "text": "Strikes are resolved one at a time."},
        {"location": "glossary/", "title": "Glossary", "text": "Terms in plain words."}]}), encoding="utf-8")
    [results] = ask_engine(index, ["strikes resolved"])
    assert [(r["kind"], r["location"]) for r in results] == [("page", "rules/1-7-combat/")]
