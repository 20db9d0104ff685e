"""Inline marks: rule links by id, type badges, icons, labels and errata; an unknown
rule or erratum fails the build."""

from __future__ import annotations

import pytest

from tests.extensions.conftest import convert, write_index

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


def test_a_rule_link_is_a_markdown_link_to_its_page_and_anchor(configs):
    html = convert("See {ref:1.7.24} and {ref:SBG-A.2.3|the swim rule}.", EXTENSIONS, configs)
    assert html == ('<p>See <a class="rule-ref" href="/rules/1-7-combat.md#r1-7-24">1.7.24</a> and '
                    '<a class="rule-ref" href="/rules/sbg-advanced-rules.md#rsbg-a-2-3">the swim rule</a>.</p>')


def test_an_unknown_rule_fails_with_its_id(configs):
    with pytest.raises(ValueError, match=r"\{ref:9\.9\.9\}: there is no rule 9\.9\.9"):
        convert("See {ref:9.9.9}.", EXTENSIONS, configs)


def test_badges_icons_and_labels(configs):
    html = convert("{badge:region:w} {badge:site:DH} {icon:hand icon} {label:Type}", EXTENSIONS, configs)
    assert html == (
        '<p><span aria-label="Wilderness (region type symbol w)" class="badge badge--region badge--w" '
        'title="Wilderness (region type)">w</span> <span aria-label="Darkhaven (site type symbol DH)" '
        'class="badge badge--site badge--dh" title="Darkhaven (site type)">DH</span> <span class="icon-desc" '
        'title="The card shows an icon here">[hand icon]</span> <span class="site-label">Type</span></p>')


def test_errata_marks(configs):
    html = convert("{erratum:T1}Shadow{/erratum}-holds, {erratum:A1}greater{/erratum}", EXTENSIONS, configs)
    assert html == (
        '<p><ins class="erratum erratum--typo" data-erratum="T1" data-original="S`adow" tabindex="0" '
        'title="Corrected (typo, T1). The source reads: S`adow">Shadow</ins>-holds, '
        '<mark class="disputed disputed--ambiguity" data-erratum="A1"><a href="#e-a1" '
        'title="Editor\'s note A1">greater</a></mark></p>')


def test_an_unknown_erratum_fails_with_its_id(configs):
    with pytest.raises(ValueError, match=r"\{erratum:Z9\}: no such erratum"):
        convert("{erratum:Z9}x{/erratum}", EXTENSIONS, configs)
