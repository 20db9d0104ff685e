"""The Strategy Battle Game pages: nothing lost, numbers stable and apart from
MELE's, real tables, and every correction or gap shown where it applies."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from build_scripts import paths
from build_scripts.glossary.terms import load_terms
from build_scripts.model.errata import load_errata
from build_scripts.model.load_sbg import SBG_TEXTS, load_sbg_books
from build_scripts.render.section_pages import _spans
from tests.support.site import ROOT, content_text, normalise, soup_of

GOLDEN = ROOT / "tests" / "golden" / "sbg-rule-ids.tsv"
SBG_SOURCES = {text.source for text in SBG_TEXTS}
ADVANCED, ARTICLE = "rules/sbg-advanced-rules", "rules/sbg-boats-article"


@pytest.fixture(scope="module")
def errata():
    return load_errata(paths.ERRATA)


@pytest.fixture(scope="module")
def books(errata):
    return load_sbg_books(errata)


@pytest.fixture(scope="module")
def sbg_rules(rules) -> list[dict]:
    return [r for r in rules if r["source"] in SBG_SOURCES]


def page_soup(site: Path, page: str):
    return soup_of(site / page / "index.html")


def shown_pieces(document) -> dict[int, list]:
    """Every piece of source text the model places on the page, by line: the title
    line, section and sub-headings, and each span of each rule."""
    spans = {span.line: [span] for span in document.contents}
    ruled = {line for b in document.blocks for line in range(b.first_line, b.last_line + 1)}
    for line, text in document.shown_lines.items():
        if line not in ruled and line not in spans:  # a heading line
            spans[line] = [type(document.contents[0])(text, line)]
    for block in document.blocks:
        for span in _spans(block):
            if span.line:  # 0: a label the site adds
                spans.setdefault(span.line, []).append(span)
    return spans


def test_the_model_holds_every_word_of_every_line_in_order(books):
    for book in books:
        pieces = shown_pieces(book.document)
        for line, text in book.document.shown_lines.items():
            placed = " ".join(s.text for s in sorted(pieces.get(line, []), key=lambda s: s.offset))
            assert normalise(placed) == normalise(text), (book.document.source, line)


def test_every_source_line_appears_on_its_page_with_errata_applied(site, books):
    for book in books:
        built = normalise(content_text(page_soup(site, book.text.page.removesuffix(".md"))))
        for line, spans in shown_pieces(book.document).items():
            missing = [s.text for s in spans if normalise(s.text) not in built]
            assert not missing, (book.document.source, line, missing[:2])


def test_the_title_page_heading_is_the_source_title_and_the_byline_is_kept(site):
    assert page_soup(site, ADVANCED).select_one("h1").get_text(strip=True) == "Advanced Rules"
    assert "Mat Ward" in content_text(page_soup(site, ARTICLE))


def test_rule_ids_match_the_golden_file(sbg_rules):
    published = dict(line.split("\t") for line in GOLDEN.read_text(encoding="utf-8").splitlines())
    current = {r["id"]: " ".join(r["text"].split()[:6]) for r in sbg_rules}
    changed = {i: (w, current.get(i)) for i, w in published.items() if current.get(i) != w}
    assert not changed, f"published SBG rule ids changed meaning: {list(changed.items())[:5]}"
    assert set(current) == set(published), "new or removed SBG rule ids: update the golden file on purpose"


def test_ids_follow_their_scheme_and_never_meet_mele_ids(rules, sbg_rules):
    prefixes = {"sbg-advanced-rules.txt": "SBG-A", "sbg-boats-article.txt": "SBG-B"}
    for rule in sbg_rules:
        assert re.fullmatch(rf"{prefixes[rule['source']]}\.\d+\.\d+", rule["id"]), rule["id"]
        assert rule["url"].endswith("#r" + rule["id"].lower().replace(".", "-")), rule["id"]
        assert rule["section"] == rule["id"].rpartition(".")[0]
    mele = [r for r in rules if r["source"] == "mele-rulebook.txt"]
    assert not {r["id"] for r in mele} & {r["id"] for r in sbg_rules}
    anchors = [r["url"] for r in rules]
    assert len(anchors) == len(set(anchors))


def test_rules_json_entries_have_the_same_fields_as_mele(rules, sbg_rules):
    mele_fields = set(next(r for r in rules if r["source"] == "mele-rulebook.txt"))
    assert sbg_rules and all(set(r) == mele_fields for r in sbg_rules)
    swim = next(r for r in sbg_rules if r["id"] == "SBG-A.1.4")
    assert (swim["first_line"], swim["last_line"], swim["kind"]) == (19, 21, "table")
    assert "Water Features The following" in swim["original_text"]
    assert "Water Features" not in swim["text"]


def test_permalinks_cite_the_text_they_come_from(site):
    advanced = page_soup(site, ADVANCED).select_one("#rsbg-a-1-4 > a.rule-num")
    assert advanced["data-cite"] == "MESBG Advanced Rules SBG-A.1.4" and advanced.get_text() == "SBG-A.1.4"
    assert page_soup(site, ARTICLE).select_one("#rsbg-b-6-3 a.rule-num")["data-cite"].startswith("SBG boats article")


def _column(table, index: int) -> list[str]:
    return [row.select("td")[index].get_text(" ", strip=True) for row in table.select("tbody tr")]


def test_swim_table_and_its_modifiers_are_real_tables(site):
    chart, modifiers = page_soup(site, ADVANCED).select("#rsbg-a-1-4 table")
    assert [th.get_text() for th in chart.select("th")] == ["D6", "Result"]
    assert _column(chart, 0) == ["1", "2-5", "6"]
    assert [cell.split(":")[0] for cell in _column(chart, 1)] == ["Sink", "Swim", "Swim Strongly"]
    assert [cell.split()[2] for cell in _column(modifiers, 1)] == ["+1", "-1", "-1", "-1"]
    assert "light shield" in _column(modifiers, 0)[2]


def test_sentry_chart_and_article_armour_modifiers_are_real_tables(site):
    sentry = page_soup(site, ADVANCED).select_one("#rsbg-a-4-2 table")
    assert _column(sentry, 0) == ["1", "2-3", "4-5", "6"]
    assert "Until the alarm is raised" in page_soup(site, ADVANCED).select_one("#rsbg-a-4-2 > p").get_text()
    armour = page_soup(site, ARTICLE).select_one("#rsbg-b-6-3 table")
    assert _column(armour, 1) == ["+1", "-1", "-1", "-2"]


def test_every_sbg_erratum_is_shown_where_it_applies(site, errata):
    pages = {text.source: page_soup(site, text.page.removesuffix(".md")) for text in SBG_TEXTS}
    for erratum in (e for e in errata if e.source in SBG_SOURCES):
        page = pages[erratum.source]
        if erratum.corrects_text:
            mark = page.select_one(f'ins.erratum[data-erratum="{erratum.id}"]')
            assert mark is not None, erratum.id
            assert mark["data-original"] == erratum.text and mark.get_text() == erratum.replacement
        else:
            assert page.select_one(f"aside.editor-note#{erratum.anchor}"), f"no editor's note {erratum.id}"


@pytest.mark.parametrize(
    "rule, erratum, words",
    [
        ("rsbg-b-2-2", "SB1", "Handling chart"),
        ("rsbg-b-6-1", "SB3", "Swimming chart"),
        ("rsbg-b-7-1", "SB5", "profile"),
        ("rsbg-b-7-2", "SB6", "Thrown Rider chart"),
    ],
)
def test_missing_tables_are_noted_beside_the_rule_that_cites_them(site, rule, erratum, words):
    note = page_soup(site, ARTICLE).select_one(f"#{rule} aside#e-{erratum.lower()}")
    assert note and "missing" in note.get_text() and words in note.get_text()


def test_coverage_page_lists_the_sbg_gaps_and_errata(site, errata):
    page = soup_of(site / "rules" / "errata-and-coverage" / "index.html")
    section = page.select_one("#strategy-battle-game-texts")
    assert section is not None
    text = content_text(page)
    after = text[text.index("Strategy Battle Game texts") :]
    for gap in ("Handling chart", "Swimming chart", "boat's profile", "Thrown Rider chart", "sieges"):
        assert gap in after, gap
    for erratum in (e for e in errata if e.source in SBG_SOURCES):
        assert page.select_one(f"#{erratum.anchor}"), erratum.id
    assert page.select_one('a[href$="#rsbg-a-1-4"]')  # errata rows link to their rule


def test_sbg_is_a_section_of_its_own_reachable_from_home(site):
    home = page_soup(site, "")
    assert home.select_one('article a[href="sbg/"]')
    nav_titles = [a.get_text(" ", strip=True) for a in home.select("nav.md-nav--primary label, nav.md-nav--primary a")]
    assert any("Strategy Battle Game" in t for t in nav_titles)


def test_edition_differences_cite_both_texts(site):
    page = page_soup(site, "sbg/edition-differences")
    hrefs = [a["href"] for a in page.select("article a.rule-ref")]
    assert any("#rsbg-a-" in h for h in hrefs) and any("#rsbg-b-" in h for h in hrefs)
    text = content_text(page)
    for topic in ("Mounted models", "Banner", "Shield", "centimetres"):
        assert topic in text, topic


def test_a_comparison_row_about_water_cites_only_rules_about_water_or_swimming(site, sbg_rules):
    """ "A rider thrown into the water" cited SBG-A.3.3, a Passenger's Thrown Rider Test, which says
    nothing about water: where a text does not cover a row, the cell says "Not covered"."""
    texts = {rule["url"].rpartition("#")[2]: rule["text"] for rule in sbg_rules}
    rows = [row for row in page_soup(site, "sbg/edition-differences").select("article tr") if row.select("td")]
    about_water = [row for row in rows if "water" in row.select_one("td").get_text().lower()]
    assert len(about_water) >= 2
    for row in about_water:
        for cell in row.select("td")[1:]:
            cited = [a["href"].rpartition("#")[2] for a in cell.select("a.rule-ref")]
            assert cited or cell.get_text(" ", strip=True).lower().startswith("not covered"), row.get_text(" ")
            assert all(re.search("water|swim", texts[anchor], re.I) for anchor in cited), row.get_text(" ")
    rider = next(row for row in about_water if "rider" in row.get_text())
    assert rider.select("td")[1].get_text(strip=True) == "Not covered"


def test_sbg_glossary_terms_cite_sbg_rules_and_occur_in_the_texts(sbg_rules):
    terms = [t for t in load_terms(paths.SOURCES) if t.game == "SBG"]
    assert len(terms) >= 15 and all(t.id.startswith("sbg-") for t in terms)
    ids = {r["id"] for r in sbg_rules}
    text = " ".join((paths.SOURCES / source).read_text(encoding="utf-8") for source in SBG_SOURCES)
    for term in terms:
        assert term.defined_in and set(term.defined_in) <= ids, term.id
        for name in term.names:
            assert re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE), (term.id, name)


def test_sbg_pages_link_to_the_swim_calculator(site):
    for page in ("sbg-advanced-rules", "sbg-boats-article"):
        soup = soup_of(site / "rules" / page / "index.html")
        link = soup.select_one(".see-also a")
        assert link and link["href"].endswith("calculators/swim/"), page
    landing = page_soup(site, "sbg/")
    assert landing.select_one('article a[href$="calculators/swim/"]'), "the section's landing page lists its Swim Test"
