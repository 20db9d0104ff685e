"""Inline marks: rule links by id, type badges, icons, labels and errata; an unknown
rule or erratum fails the build."""

from __future__ import annotations

import pytest

from tests.support.markdown_extensions import convert, write_index

EXTENSIONS = ["build_scripts.markdown.rule_marks"]
ERRATA = """
- id: T1
  line: 10
  text: "S`adow"
  replacement: "Shadow"
  kind: typo
  reason: "OCR slip."
- id: A1
  line: 12
  text: "greater"
  kind: ambiguity
  reason: "Unclear."
  note: "Read as greater than."
"""


@pytest.fixture
def configs(tmp_path):
    errata = tmp_path / "errata.yaml"
    errata.write_text(ERRATA, encoding="utf-8")
    index = write_index(tmp_path, ["1.7.24", "SBG-A.2.3"])
    return {"build_scripts.markdown.rule_marks": {"index": str(index), "errata": str(errata)}}


MARKS = {
    # A rule link is a Markdown link to its page and anchor: MkDocs makes it relative on each page.
    "rule links": (
        "See {ref:1.7.24} and {ref:SBG-A.2.3|the swim rule}.",
        '<p>See <a class="rule-ref" href="/rules/1-7-combat.md#r1-7-24">1.7.24</a> and '
        '<a class="rule-ref" href="/rules/sbg-advanced-rules.md#rsbg-a-2-3">the swim rule</a>.</p>',
    ),
    "badges, icons and labels": (
        "{badge:region:w} {badge:site:DH} {icon:hand icon} {label:Type}",
        '<p><span aria-label="Wilderness (region type symbol w)" class="badge badge--region badge--w" '
        'title="Wilderness (region type)">w</span> <span aria-label="Darkhaven (site type symbol DH)" '
        'class="badge badge--site badge--dh" title="Darkhaven (site type)">DH</span> <span class="icon-desc" '
        'title="The card shows an icon here">[hand icon]</span> <span class="site-label">Type</span></p>',
    ),
    "errata": (
        "{erratum:T1}Shadow{/erratum}-holds, {erratum:A1}greater{/erratum}",
        '<p><ins class="erratum erratum--typo" data-erratum="T1" data-original="S`adow" tabindex="0" '
        'title="Corrected (typo, T1). The source reads: S`adow">Shadow</ins>-holds, '
        '<mark class="disputed disputed--ambiguity" data-erratum="A1"><a href="#e-a1" '
        'title="Editor\'s note A1">greater</a></mark></p>',
    ),
}


@pytest.mark.parametrize("case", MARKS)
def test_marks(configs, case):
    source, html = MARKS[case]
    assert convert(source, EXTENSIONS, configs) == html


@pytest.mark.parametrize(
    "source, message",
    [
        ("See {ref:9.9.9}.", r"\{ref:9\.9\.9\}: there is no rule 9\.9\.9"),
        ("{erratum:Z9}x{/erratum}", r"\{erratum:Z9\}: no such erratum"),
    ],
)
def test_an_unknown_id_fails_with_the_id(configs, source, message):
    with pytest.raises(ValueError, match=message):
        convert(source, EXTENSIONS, configs)
