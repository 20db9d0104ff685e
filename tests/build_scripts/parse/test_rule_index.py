"""One rule index: a rule's Markdown link and its site URL in the MkDocs configuration's
URL style and base path (the whole site built so: tests/site/test_site_urls.py)."""

from __future__ import annotations

import pytest

from build_scripts.model.rule_index import RuleIndex, RuleLocation, UnknownRule
from build_scripts.site_urls import UrlScheme, url_scheme

COMBAT = RuleLocation("1.7.24", "1.7", "rules/1-7-combat.md", "r1-7-24")


@pytest.mark.parametrize(
    "scheme, page, url",
    [
        (UrlScheme(), "rules/1-7-combat.md", "rules/1-7-combat/"),
        (UrlScheme(), "index.md", ""),
        (UrlScheme(), "calculators/index.md", "calculators/"),
        (UrlScheme(directory_urls=False), "rules/1-7-combat.md", "rules/1-7-combat.html"),
        (UrlScheme(directory_urls=False), "index.md", "index.html"),
    ],
)
def test_page_urls_follow_the_url_style(scheme, page, url):
    assert scheme.page_url(page) == url


def test_a_rule_has_one_link_for_markdown_and_one_url_for_scripts():
    index = RuleIndex([COMBAT], UrlScheme("/mele/", directory_urls=False))
    assert index.markdown_link("1.7.24") == "/rules/1-7-combat.md#r1-7-24"
    assert index.site_url("1.7.24") == "rules/1-7-combat.html#r1-7-24"
    assert index.url("1.7.24") == "/mele/rules/1-7-combat.html#r1-7-24"
    with pytest.raises(UnknownRule, match="there is no rule 9.9.9"):
        index.url("9.9.9")


def test_the_scheme_comes_from_the_mkdocs_configuration(tmp_path, monkeypatch):
    config = tmp_path / "mkdocs.yml"
    config.write_text(
        'site_name: T\nsite_url: !ENV [SITE_URL, "https://example.org/mele"]\nuse_directory_urls: false\n',
        encoding="utf-8",
    )
    monkeypatch.delenv("SITE_URL", raising=False)
    assert url_scheme(config) == UrlScheme("/mele/", directory_urls=False)
    monkeypatch.setenv("SITE_URL", "http://127.0.0.1:8000/")
    assert url_scheme(config) == UrlScheme("/", directory_urls=False)
    config.write_text("site_name: T\n", encoding="utf-8")
    assert url_scheme(config) == UrlScheme("/", directory_urls=True)
