"""The ruling sheet's build side: ruling-data.json agrees with rules.json and
the errata file, every rule carries its "Add to ruling" control, and the ruling page is
built, linked from the home page, and in the navigation."""

from __future__ import annotations

import json

import pytest

from build_scripts.model.errata import CORRECTED_KINDS, load_errata
from build_scripts.render.ruling_data import ruling_data
from tests.support.site import ROOT, soup_of


@pytest.fixture(scope="module")
def data(site) -> dict:
    return json.loads((site / "ruling-data.json").read_text(encoding="utf-8"))


def test_every_erratum_mark_sits_on_the_words_it_names(data, rules):
    by_id = {rule["id"]: rule for rule in rules}
    errata = {e.id: e for e in load_errata(ROOT / "sources" / "errata.yaml")}
    checked = 0
    for rule_id, marks in data["marks"].items():
        text = by_id[rule_id]["text"]
        for erratum_id, start, end in marks:
            erratum = errata[erratum_id]
            shown = erratum.replacement if erratum.kind in CORRECTED_KINDS else erratum.text
            assert text[start:end] == shown, (rule_id, erratum_id)
            checked += 1
    assert checked > 80


def test_a_rule_split_off_a_line_has_its_own_marks_from_its_own_first_word(data):
    """Line 93 holds two rules (a format erratum restores the lost break): 0.3.9's text
    starts at the break, so B17's mark starts its text, and 0.3.7 does not carry it."""
    assert data["marks"]["0.3.9"] == [["B17", 0, len("End-of-Turn Phase")]]
    assert "0.3.7" not in data["marks"]


def test_every_rule_with_errata_has_them_marked_and_explained(data, rules):
    for rule in rules:
        marked = [erratum_id for erratum_id, _, _ in data["marks"].get(rule["id"], [])]
        assert sorted(marked) == sorted(rule["errata"]), rule["id"]
        for erratum_id in marked:
            entry = data["errata"][erratum_id]
            assert entry["label"] and entry["source_text"]
            assert bool(entry["note"]) == (entry["kind"] not in CORRECTED_KINDS), erratum_id


def test_every_rule_has_a_named_section_and_a_citable_source(data, rules):
    for rule in rules:
        assert data["sections"].get(rule["section"]), rule["id"]
        assert data["sources"][rule["source"]]["cite"], rule["id"]
    assert data["sections"]["1.7"] == "Combat"
    assert data["sources"]["mele-rulebook.txt"] == {"title": "Middle-earth: The Lidless Eye rulebook", "cite": "MELE"}


def test_the_calculators_named_are_the_calculators_built(data, site):
    built = {}
    for page in sorted((site / "calculators").glob("*/index.html")):
        boxes = [box["id"] for box in soup_of(page).select(".calculator[data-config]")]
        if boxes:
            built[f"calculators/{page.parent.name}/"] = boxes
    assert {page: sorted(entry["views"]) for page, entry in data["calculators"].items()} == {
        page: sorted(boxes) for page, boxes in built.items()
    }
    assert data["calculators"]["calculators/strike/"]["views"]["calc-strike"] == "One strike and its body checks"
    assert (site / data["errata_page"] / "index.html").exists()


def test_a_mark_off_its_words_fails_the_build(monkeypatch):
    from build_scripts.model.load import load_rulebook

    rulebook = load_rulebook()
    block = next(b for b in rulebook.document.blocks if b.errata)
    block.text = "x" + block.text  # as if the text and the marks had drifted apart
    with pytest.raises(ValueError, match=f"rule {block.id}: erratum"):
        ruling_data([(rulebook.document, "Rulebook", "MELE")], rulebook.errata)


@pytest.mark.parametrize("page", ["rules/1-7-combat", "rules/sbg-advanced-rules"])
def test_every_rule_number_has_an_add_to_ruling_control_beside_it(site, page):
    soup = soup_of(site / page / "index.html")
    rules = soup.select("article [data-rule].rule")
    assert len(rules) > 10
    for rule in rules:
        number = rule.select_one("a.rule-num")
        button = number.find_next_sibling("button")
        assert button is not None and "rule-add" in button["class"], rule["id"]
        assert button["data-rule"] == rule["data-rule"] and button["type"] == "button"
        assert button["aria-label"] == f"Add {number['data-cite']} to the ruling"
        assert not button.get_text(strip=True), "the icon is drawn by CSS; the page's words stay the rule's"


def test_the_ruling_page_is_built_linked_and_in_the_navigation(site):
    ruling = soup_of(site / "ruling" / "index.html")
    for part in ("#ruling-question", "#ruling-answer", ".ruling-rules", ".ruling-copy-text", ".ruling-copy-link"):
        assert ruling.select_one(f"#ruling {part}"), part
    assert ruling.select_one('script[type="module"][src$="assets/javascripts/ruling.js"]')
    home = soup_of(site / "index.html")
    assert home.select_one('article a[href="ruling/"]'), "the home page points to the ruling sheet"
    assert home.select_one('nav a.md-nav__link[href="ruling/"]')
