"""Which text and which version, on every page: the footer's line, the About page it leads to (the
texts and their state, the change log), and a rule's citation with the site's version."""

from __future__ import annotations

import json
import re

import pytest

from build_scripts.edition import EDITION
from build_scripts.model.load import load_rulebook
from calculators import __version__
from tests.support.site import ROOT, resolves_to, soup_of

ABOUT = "about/index.html"
# One page of each kind the site has: home, rule section, Standard comparison, coverage, glossary,
# SBG text and glossary, calculator, ruling sheet, turn summary and its card, About, the whole
# rulebook, the page a missing address gets.
PAGE_KINDS = (
    "index.html",
    "rules/1-7-combat/index.html",
    "rules/standard-game-changes/index.html",
    "rules/errata-and-coverage/index.html",
    "glossary/index.html",
    "rules/sbg-advanced-rules/index.html",
    "sbg/glossary/index.html",
    "calculators/strike/index.html",
    "ruling/index.html",
    "turn-summary/index.html",
    "turn-summary-card/index.html",
    ABOUT,
    "rules/whole-rulebook/index.html",
    "404.html",
)


@pytest.fixture(scope="module")
def rulebook():
    return load_rulebook()


# --- which text, which version -------------------------------------------------------------------


def test_the_edition_is_the_reference_s_version_and_a_reproducible_date():
    assert EDITION["version"] == __version__
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", EDITION["built"]), EDITION  # this is a git checkout
    assert EDITION["built_from"] in ("SOURCE_DATE_EPOCH", "the last commit")


@pytest.mark.parametrize("page", PAGE_KINDS)
def test_every_kind_of_page_names_the_text_and_the_edition_in_its_footer_and_leads_to_about(site, page):
    line = soup_of(site / page).select_one("footer .edition-line")
    assert line is not None, page
    words = " ".join(line.get_text(" ").split())
    assert "Middle-earth: The Lidless Eye rulebook" in words and words.startswith("Unofficial"), words
    assert line.select_one(".edition-line__version").get_text() == __version__
    assert line.select_one(".edition-line__built")["datetime"] == EDITION["built"]
    about = line.select_one("a.edition-line__about")
    assert about.get_text() == "About these rules"
    assert resolves_to(site, page, about["href"]) == site / ABOUT


def test_zensical_s_pages_carry_the_footer_line_and_the_about_page(zensical_site):
    """mkdocs.yml gives the edition to the templates (!!python/name), which Zensical reads as MkDocs does."""
    for page in ("index.html", "rules/1-7-combat/index.html"):
        line = soup_of(zensical_site / page).select_one("footer .edition-line")
        assert line.select_one(".edition-line__version").get_text() == __version__, page
        assert line.select_one(".edition-line__built")["datetime"] == EDITION["built"], page
    assert soup_of(zensical_site / ABOUT).select(".about-changelog li")


def test_the_about_page_gives_the_edition_the_texts_the_changes_and_the_downloads(site, rulebook):
    soup = soup_of(site / ABOUT)
    edition = " ".join(soup.select_one(".about-edition").get_text(" ").split())
    assert f"reference {__version__} of this site, built on {EDITION['built']}" in edition
    rows = soup.select(".about-sources tbody tr")
    assert [row.find("code").get_text() for row in rows] == [
        "mele-rulebook.txt",
        "sbg-advanced-rules.txt",
        "sbg-boats-article.txt",
    ]
    assert rows[0].find_all("td")[2].get_text() == str(len(rulebook.document.blocks))
    for row in rows:
        lacks = row.select_one("td:last-child a")
        assert resolves_to(site, ABOUT, lacks["href"]) == site / "rules/errata-and-coverage/index.html"
    versions = [h.get_text(" ", strip=True) for h in soup.select(".about-changelog h3")]
    assert versions[0].startswith(__version__), versions
    for link in soup.select(".about-changelog a.rule-ref"):
        resolves_to(site, ABOUT, link["href"])
    for href in ("../rules/whole-rulebook/", "../glossary/", "../rules/errata-and-coverage/"):
        assert soup.select_one(f'article a[href="{href}"]'), href
    downloads = {a.get_text(): a["href"] for a in soup.select(".about-downloads a")}
    assert set(downloads) == {"rules.txt", "rules.json", "rules.schema.json"}
    for name, href in downloads.items():
        assert resolves_to(site, ABOUT, href) == site / name


def test_a_rule_s_number_copies_its_citation_with_the_version(site):
    number = soup_of(site / "rules/1-7-combat/index.html").select_one("#r1-7-25 a.rule-num")
    assert number["data-citation"] == f"MELE 1.7.25, reference {__version__}"
    sbg = soup_of(site / "rules/sbg-advanced-rules/index.html").select_one("#rsbg-a-1-4 a.rule-num")
    assert sbg["data-citation"] == f"MESBG Advanced Rules SBG-A.1.4, reference {__version__}"
    assert json.loads((ROOT / "docs" / "ruling-data.json").read_text(encoding="utf-8"))["edition"] == (
        f"reference {__version__}"
    )
