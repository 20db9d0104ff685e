"""The project must stay buildable by Zensical (no MkDocs hooks or plugins)."""

from __future__ import annotations

from tests.support.site import soup_of


def test_zensical_builds_every_rule_page_with_its_anchors(zensical_site, rules):
    by_page: dict[str, set[str]] = {}
    for rule in rules:
        page, _, anchor = rule["url"].partition("#")
        by_page.setdefault(page, set()).add(anchor)
    for page, anchors in by_page.items():
        built = zensical_site / page / "index.html"
        assert built.exists(), page
        ids = {el["id"] for el in soup_of(built).select("[id]")}
        assert anchors <= ids, (page, sorted(anchors - ids)[:5])


def test_zensical_links_the_app_manifest_and_icons(zensical_site):
    """The theme override that links the manifest works in Zensical too."""
    for page in (zensical_site / "index.html", zensical_site / "rules" / "1-7-combat" / "index.html"):
        head = soup_of(page).head
        for selector in ('link[rel="manifest"]', 'link[rel="apple-touch-icon"]', 'link[rel="icon"]'):
            href = head.select_one(selector)["href"]
            assert (page.parent / href).resolve().is_file(), (page, selector, href)
        assert len(head.select('meta[name="theme-color"][media]')) == 2, page


def test_zensical_builds_the_standard_game_links_into_the_rules(zensical_site):
    """The links between the games are written at build time, so Zensical's pages have them too."""
    starter = soup_of(zensical_site / "rules" / "1-5-characters-companies" / "index.html")
    line = starter.select_one("#r1-5-41 .std-game a.rule-ref")
    assert line.get_text() == "2.5.2 — Orc scouts count half"
    assert line["href"] == "../2-5-characters-companies/#r2-5-2"
    assert starter.select_one("#r1-5-43")["data-std-replaced"] == "true"
    standard = soup_of(zensical_site / "rules" / "2-5-characters-companies" / "index.html")
    back = [a.get_text() for a in standard.select("#r2-5-2 .std-game a.rule-ref")]
    assert "1.5.41 (adds to)" in back
    assert soup_of(zensical_site / "index.html").select_one("#reading-as") is not None
    assert (zensical_site / "rules" / "standard-game-changes" / "index.html").exists()


def test_zensical_pages_carry_the_sites_search_and_postbuild_indexes_them(zensical_site):
    """The search box is the site's own in either build: its header override and script are in
    every page, and postbuild's index reads Zensical's pages as it reads Material's."""
    from build_scripts.search.index import site_search_index
    from build_scripts.steps import GLOSSARIES

    for page in (zensical_site / "index.html", zensical_site / "rules" / "1-7-combat" / "index.html"):
        soup = soup_of(page)
        assert soup.select_one("[data-rule-search] form[name=rule-search] input[name=query]"), page
        assert soup.select_one("[data-rule-search-open]"), page
        assert soup.select_one('script[type=module][src$="assets/javascripts/search/box.js"]'), page
    index = site_search_index(zensical_site, {game: page for game, (page, _, _) in GLOSSARIES.items()})
    locations = {doc["location"] for doc in index["docs"] if doc["kind"] in ("page", "calculator")}
    assert {"", "calculators/strike/", "turn-summary/", "rules/errata-and-coverage/"} <= locations
    sections = {doc["id"]: doc["location"] for doc in index["docs"] if doc["kind"] == "section"}
    assert sections["SBG-A.1"] == "rules/sbg-advanced-rules/#water-features"


def test_zensical_draws_materials_classic_look(zensical_site):
    """theme.variant: classic (mkdocs.yml), which Zensical reads and Material ignores: the pages link
    Zensical's classic stylesheets, not its default modern ones."""
    sheets = [link["href"] for link in soup_of(zensical_site / "index.html").select('link[rel="stylesheet"]')]
    theme = [href for href in sheets if "/stylesheets/classic/" in href or "/stylesheets/modern/" in href]
    assert theme and all("/classic/" in href for href in theme), theme
