"""Glossary data, matching, backlinks and pop-up markup on the built pages."""

from __future__ import annotations

import json
import re

import pytest

from build_scripts import paths
from build_scripts.glossary.definitions import DEFINITIONS_PATH
from build_scripts.glossary.matcher import TermMatcher
from build_scripts.glossary.terms import GlossaryError, Term, load_terms
from build_scripts.glossary.usage import used_in
from build_scripts.rulebook_build import load_rulebook
from tests.conftest import content_text, soup_of


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


def marks_in(path) -> list:
    return soup_of(path).select("article abbr.gloss")


def rule_pages(site) -> list:
    return sorted(p for p in (site / "rules").glob("*/index.html") if p.parent.name != "errata-and-coverage")


def test_marks_carry_only_a_term_id_and_never_sit_in_headings_code_links_or_forms(site, terms):
    ids = {t.id for t in terms}
    for path in site.rglob("index.html"):
        article = soup_of(path).select_one("article")
        if article is None:
            continue
        for mark in article.select("abbr.gloss"):
            assert mark["data-term"] in ids and not mark.get("title") and not mark.get("data-definition"), path
        for forbidden in article.select("h1, h2, h3, h4, code, pre, summary, a, form, .admonition-title, .no-glossary"):
            assert not forbidden.select("abbr.gloss"), (path, forbidden.name)


def test_rule_text_glossary_and_turn_summary_are_marked(site):
    strike = soup_of(site / "rules" / "1-7-combat" / "index.html").select_one("#r1-7-24 abbr.gloss[data-term='strike']")
    assert strike is not None
    for page in ("glossary", "turn-summary"):
        assert marks_in(site / page / "index.html"), page


def test_site_prose_and_form_hints_are_not_marked(site):
    """Issue 19 (8): "Tap the number", "tap the region symbols" and the calculators' hints are
    instructions for this site, not the game's terms."""
    pages = [site / "index.html", site / "sbg" / "index.html", *(site / "calculators").glob("*/index.html")]
    for path in pages:
        assert not marks_in(path), path
    combat = soup_of(site / "rules" / "1-7-combat" / "index.html")
    assert not combat.select(".calc-link abbr.gloss")


def words_in(soup) -> int:
    return len(re.findall(r"[^\W_]+(?:['’-][^\W_]+)*", content_text(soup)))


def test_first_mentions_stay_within_3_per_100_words_on_every_rule_page(site):
    pages = rule_pages(site)
    assert len(pages) >= 20
    for path in pages:
        soup = soup_of(path)
        firsts, words = len(soup.select("article abbr.gloss--first")), words_in(soup)
        assert firsts <= 3 * words / 100, f"{path.parent.name}: {firsts} first mentions in {words} words"
        assert len(soup.select("article abbr.gloss")) >= firsts


def test_a_term_is_flagged_once_per_section(site):
    soup = soup_of(site / "rules" / "1-7-combat" / "index.html")
    section, seen = 0, set()
    for el in soup.select("article h1, article h2, article abbr.gloss--first"):
        if el.name in ("h1", "h2"):
            section, seen = section + 1, set()
            continue
        assert el["data-term"] not in seen, (section, el["data-term"])
        seen.add(el["data-term"])


def test_definitions_are_one_file_for_the_site_and_kept_offline(site, terms):
    data = json.loads((site / DEFINITIONS_PATH).read_text(encoding="utf-8"))["terms"]
    assert data == {t.id: {"term": t.term, "game": t.game, "definition": t.definition} for t in terms}
    assert f'url:"{DEFINITIONS_PATH}"' in (site / "sw.js").read_text(encoding="utf-8"), "the service worker precaches it"


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


def test_each_game_gets_its_own_marks(site, terms):
    game_of = {t.id: t.game for t in terms}
    sbg = marks_in(site / "rules" / "sbg-advanced-rules" / "index.html")
    assert sbg and all(game_of[a["data-term"]] == "SBG" for a in sbg)
    mele = marks_in(site / "rules" / "1-7-combat" / "index.html")
    assert mele and all(game_of[a["data-term"]] == "MELE" for a in mele)


def test_sbg_glossary_page_lists_only_sbg_terms(site, terms):
    soup = soup_of(site / "sbg" / "glossary" / "index.html")
    shown = {h["id"] for h in soup.select("h3.glossary-term")}
    assert shown == {t.anchor for t in terms if t.game == "SBG"}
