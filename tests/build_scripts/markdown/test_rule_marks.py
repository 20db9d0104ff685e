"""Inline marks: rule links by id and the site's labels; an unknown rule fails the build. (The
generated pages' badges, icons and errata are inline HTML: tests/build_scripts/render/test_inline_html.py.)"""

from __future__ import annotations

import pytest

from tests.support.markdown_extensions import convert, write_index

EXTENSIONS = ["build_scripts.markdown.rule_marks"]


@pytest.fixture
def configs(tmp_path):
    index = write_index(tmp_path, ["1.7.24", "SBG-A.2.3"])
    return {"build_scripts.markdown.rule_marks": {"index": str(index)}}


MARKS = {
    # A rule link is a Markdown link to its page and anchor: MkDocs makes it relative on each page.
    "rule links": (
        "See {ref:1.7.24} and {ref:SBG-A.2.3|the swim rule}.",
        '<p>See <a class="rule-ref" href="/rules/1-7-combat.md#r1-7-24">1.7.24</a> and '
        '<a class="rule-ref" href="/rules/sbg-advanced-rules.md#rsbg-a-2-3">the swim rule</a>.</p>',
    ),
    "labels": ("{label:Type}", '<p><span class="site-label">Type</span></p>'),
}


@pytest.mark.parametrize("case", MARKS)
def test_marks(configs, case):
    source, html = MARKS[case]
    assert convert(source, EXTENSIONS, configs) == html


@pytest.mark.parametrize(
    "source, message",
    [
        ("See {ref:9.9.9}.", r"\{ref:9\.9\.9\}: there is no rule 9\.9\.9"),
    ],
)
def test_an_unknown_id_fails_with_the_id(configs, source, message):
    with pytest.raises(ValueError, match=message):
        convert(source, EXTENSIONS, configs)
