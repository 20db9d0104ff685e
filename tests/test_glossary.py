"""Glossary data, matching, backlinks and pop-up markup on the built pages."""

from __future__ import annotations

import re

import pytest

from build_scripts import paths
from build_scripts.glossary.matcher import TermMatcher
from build_scripts.glossary.terms import GlossaryError, Term, load_terms
from build_scripts.glossary.usage import used_in
from build_scripts.rulebook_build import load_rulebook
from tests.conftest import soup_of


@pytest.fixture(scope="module")
def terms() -> list[Term]:
    return load_terms(paths.SOURCES)


@pytest.fixture(scope="module")
def mele_terms(terms) -> list[Term]:
    return [t for t in terms if t.game == "MELE"]


@pytest.fixture(scope="module")
def rulebook():
    return load_rulebook()


def term(id_: str, name: str, *aliases: str) -> Term:
    return Term(id_, name, aliases, "d", (), True, (), "MELE")


def test_at_least_100_mele_terms(mele_terms):
    assert len(mele_terms) >= 100


def test_every_term_and_alias_occurs_in_the_rulebook(mele_terms):
    text = paths.RULEBOOK.read_text(encoding="utf-8")
    missing = [name for t in mele_terms for name in t.names
               if not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE)]
    assert missing == []


def test_terms_the_source_never_defines_are_marked(mele_terms):
    undefined = [t for t in mele_terms if not t.defined]
    assert undefined, "the source uses some terms without defining them; they must be marked"
    for t in mele_terms:
        assert t.defined_in, f"{t.id} cites no rule"


def test_every_cited_rule_exists(mele_terms, rules):
    ids = {r["id"] for r in rules}
    for t in mele_terms:
        assert set(t.defined_in) <= ids, t.id


def test_every_entry_has_a_used_in_link(site, mele_terms):
    soup = soup_of(site / "glossary" / "index.html")
    for t in mele_terms:
        entry = soup.select_one(f"#{t.anchor}").find_next_sibling("div", class_="glossary-entry")
        assert entry.select(".used-in a.rule-ref"), f"{t.id} has no Used in link"


def test_used_in_is_computed_from_the_text(mele_terms, rulebook):
    usage = used_in(mele_terms, rulebook.document.blocks)
    assert "1.7.24" in usage["strike"]
    assert "1.8.14" not in usage["strike"] or "strike" in rulebook.document.blocks_by_line(1).text.lower()


def test_longest_term_wins():
    matcher = TermMatcher([term("di", "direct influence"), term("udi", "unused direct influence"),
                           term("w", "Wilderness"), term("dw", "deep Wilderness")])
    found = [(t.id, s, e) for s, e, t in matcher.find("his unused direct influence in deep Wilderness")]
    assert [f[0] for f in found] == ["udi", "dw"]


def test_hyphenated_words_are_not_split():
    matcher = TermMatcher([term("lands", "lands"), term("sl", "Shadow-lands")])
    assert [t.id for _, _, t in matcher.find("Shadow-lands and lands")] == ["sl", "lands"]


def test_duplicate_names_are_refused(tmp_path):
    (tmp_path / "glossary.yaml").write_text(
        "terms:\n  - {id: a, term: Strike, definition: x}\n  - {id: b, term: Thing, aliases: [strike], definition: y}\n",
        encoding="utf-8")
    with pytest.raises(GlossaryError, match="names both"):
        load_terms(tmp_path)


def test_pop_ups_mark_terms_but_never_headings_code_or_permalinks(site):
    page = soup_of(site / "rules" / "1-7-combat" / "index.html")
    article = page.select_one("article")
    assert len(article.select("abbr.gloss")) > 50
    strike = article.select_one("#r1-7-24 abbr.gloss[data-term='strike']")
    assert strike and "strike" in strike["title"].lower()
    for forbidden in article.select("h1, h2, h3, h4, code, pre, summary, a.rule-num, .admonition-title, .no-glossary"):
        assert not forbidden.select("abbr.gloss"), forbidden.name


def test_pop_ups_appear_on_hand_written_pages_too(site):
    assert soup_of(site / "index.html").select("article abbr.gloss")


def test_glossary_page_has_letters_and_stable_anchors(site):
    soup = soup_of(site / "glossary" / "index.html")
    letters = [a.get_text() for a in soup.select(".glossary-index a")]
    assert letters[:3] == ["#", "A", "B"] or letters[0] == "A"
    assert soup.select_one("#g-darkhaven")
    assert soup.select_one("#g-darkhaven").get_text().strip() == "Darkhaven"


def test_page_references_link_to_their_section_or_the_coverage_page(site):
    combat = soup_of(site / "rules" / "1-7-combat" / "index.html")
    assert any(a.get_text() == "page 33" and a["href"] == "./" for a in combat.select("article a"))
    using = soup_of(site / "rules" / "0-2-using-this-rulebook" / "index.html")
    link = next(a for a in using.select("article a") if a.get_text() == "pages 92-94")
    assert link["href"].endswith("errata-and-coverage/#page-references")


def test_no_pop_ups_in_collapsible_titles(site):
    soup = soup_of(site / "turn-summary" / "index.html")
    assert soup.select("details.phase summary")
    assert not soup.select("details.phase summary abbr.gloss")


def test_each_game_gets_its_own_pop_ups(site):
    sbg = soup_of(site / "rules" / "sbg-advanced-rules" / "index.html").select("article abbr.gloss")
    assert sbg and all(a["data-game"] == "SBG" for a in sbg)
    mele = soup_of(site / "rules" / "1-7-combat" / "index.html").select("article abbr.gloss")
    assert all(a["data-game"] == "MELE" for a in mele)


def test_sbg_glossary_page_lists_only_sbg_terms(site, terms):
    soup = soup_of(site / "sbg" / "glossary" / "index.html")
    shown = {h["id"] for h in soup.select("h3.glossary-term")}
    assert shown == {t.anchor for t in terms if t.game == "SBG"}
