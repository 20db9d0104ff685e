"""The search index follows the site's address: built for a sub-path with .html page URLs
(tests/site/test_site_urls.py), every location in it still leads to its page and anchor."""

from __future__ import annotations

from build_scripts.search.index import write_search_index
from build_scripts.steps import GLOSSARY_PAGES
from tests.support.site import MOVED_BASE as BASE
from tests.support.site import missing_target


def test_search_index_locations_follow_the_url_style(moved_site):
    site, config = moved_site
    index = write_search_index(site, GLOSSARY_PAGES, config)
    rules = [doc["location"] for doc in index["docs"] if doc["kind"] == "rule"]
    assert rules[0].partition("#")[0].endswith(".html")
    locations = [doc["location"] for doc in index["docs"]] + list(index["help"].values())
    assert [loc for loc in locations if missing_target(site, BASE, BASE + loc)] == []
