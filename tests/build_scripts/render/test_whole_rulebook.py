"""The whole rulebook's page and its printed pages' running heads (build_scripts/render/whole_rulebook.py);
the page as built and printed: tests/site/test_whole_rulebook_page.py, tests/browser/test_print_books.py."""

from __future__ import annotations

import pytest

from build_scripts.render.whole_rulebook import GLOSSARY_HEAD, page_rule, stylesheet_href
from build_scripts.site_urls import UrlScheme


@pytest.mark.parametrize(
    "directory_urls, page, href",
    [
        (True, "rules/whole-rulebook.md", "../print-pages.css"),
        (True, "glossary.md", "../rules/print-pages.css"),
        (False, "rules/whole-rulebook.md", "print-pages.css"),
        (False, "glossary.md", "rules/print-pages.css"),
    ],
)
def test_the_running_heads_stylesheet_is_linked_in_the_site_s_url_style(directory_urls, page, href):
    assert stylesheet_href(UrlScheme("/mele/", directory_urls), page) == href


def test_a_named_page_has_its_head_the_edition_and_the_page_number():
    rule = page_rule("s1-7", '1.7 · Combat "quoted"', {"version": "0.1.0", "built": "2026-12-07"})
    assert rule.startswith("@page s1-7 {")
    assert '@top-left { content: "1.7 · Combat \\"quoted\\""; ' in rule
    assert '@bottom-left { content: "MELE reference 0.1.0, built 2026-12-07"; ' in rule
    assert '@bottom-right { content: "Page " counter(page) " of " counter(pages); ' in rule
    assert "built" not in page_rule("glossary", GLOSSARY_HEAD, {"version": "0.1.0", "built": ""})
