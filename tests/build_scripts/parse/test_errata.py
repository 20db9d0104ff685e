"""The errata layer: validation, placement, and a clear failure for stale entries."""

from __future__ import annotations

import re

import pytest

from build_scripts import paths
from build_scripts.model.errata import ErrataError, Erratum, apply_errata, load_errata

# A row of CONTRIBUTING's table of erratum ids: | `A` | `mele-rulebook.txt` | ... |
ID_ROW = re.compile(r"^\| `([A-Z]+)` \| `([\w.-]+)` \|", re.MULTILINE)


def test_the_project_errata_file_is_valid_and_sorted():
    errata = load_errata(paths.ERRATA)
    assert len(errata) >= 40
    kinds = {e.kind for e in errata}
    assert kinds >= {"typo", "name", "rule-conflict", "arithmetic", "missing"}


def id_scheme() -> dict[str, str]:
    """letters -> the source they are for, from CONTRIBUTING's "How to add an erratum"."""
    return dict(ID_ROW.findall((paths.ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")))


def off_scheme(errata: list[Erratum], scheme: dict[str, str]) -> list[str]:
    """The ids the scheme does not allow for their source, and the letters counted on with a gap."""
    wrong = [
        f"{e.id} ({e.source})"
        for e in errata
        if not (found := re.fullmatch(r"([A-Z]+)([1-9]\d*)", e.id)) or scheme.get(found.group(1)) != e.source
    ]
    for letters in ("N", "SA", "SB"):  # counted on, one after another
        numbers = sorted(int(e.id.removeprefix(letters)) for e in errata if re.fullmatch(rf"{letters}\d+", e.id))
        if numbers != list(range(1, len(numbers) + 1)):
            wrong.append(f"{letters} numbers {numbers}")
    return wrong


def test_every_erratum_id_follows_the_scheme_contributing_states():
    scheme = id_scheme()
    assert {"A", "B", "C", "D", "N", "SA", "SB"} <= set(scheme), scheme
    wrong = off_scheme(load_errata(paths.ERRATA), scheme)
    assert not wrong, f"ids that CONTRIBUTING's table does not allow: {wrong}"


def test_an_id_off_the_scheme_is_caught():
    def erratum(id_: str, source: str = "mele-rulebook.txt") -> Erratum:
        return Erratum(id_, source, 1, "x", "typo", "why", replacement="y")

    errata = [
        erratum("C2"),
        erratum("N1"),
        erratum("N3"),
        erratum("SA1", "sbg-advanced-rules.txt"),
        erratum("A4", "sbg-boats-article.txt"),
    ]
    assert off_scheme(errata, id_scheme()) == ["A4 (sbg-boats-article.txt)", "N numbers [1, 3]"]


def test_required_conflicts_have_editor_notes():
    by_line = {(e.line, e.kind) for e in load_errata(paths.ERRATA)}
    assert (334, "rule-conflict") in by_line  # overt vs covert
    assert any(line == 797 for line, _ in by_line)  # the marshalling-point half cap
    assert (611, "arithmetic") in by_line and (612, "arithmetic") in by_line  # Ice-orcs sums


def test_correction_is_applied_and_marked():
    fix = Erratum("X1", "b.txt", 3, "fot", "typo", "OCR", replacement="not")
    text, marks = apply_errata(3, "weapons do fot tap", [fix])
    assert text == "weapons do not tap"
    assert (marks[0].start, marks[0].end) == (11, 14)


def test_two_corrections_on_one_line_keep_their_positions():
    a = Erratum("X1", "b.txt", 1, "teh", "typo", "r", replacement="the")
    b = Erratum("X2", "b.txt", 1, "mover", "typo", "r", replacement="move")
    text, marks = apply_errata(1, "mover teh card", [b, a])
    assert text == "move the card"
    assert [(m.erratum.id, text[m.start : m.end]) for m in marks] == [("X2", "move"), ("X1", "the")]


def test_a_noted_erratum_keeps_the_source_text():
    note = Erratum("B1", "b.txt", 1, "an overt company", "rule-conflict", "r", note="Should be covert.")
    text, marks = apply_errata(1, "Any other company is an overt company.", [note])
    assert text == "Any other company is an overt company."
    assert text[marks[0].start : marks[0].end] == "an overt company"


def test_text_not_on_its_line_fails_the_build_with_the_line():
    stale = Erratum("C9", "b.txt", 7, "Grishnakh(", "typo", "r", replacement="Grishnákh (")
    with pytest.raises(ErrataError, match=r"C9.*not found.*line 7"):
        apply_errata(7, "Grishnákh (3·0)", [stale])


def test_entry_validation(tmp_path):
    bad = tmp_path / "errata.yaml"
    bad.write_text('- {id: A1, line: 3, text: "x", kind: typo, reason: "r"}\n', encoding="utf-8")
    with pytest.raises(ErrataError, match="replacement"):
        load_errata(bad)
    bad.write_text('- {id: B1, line: 3, text: "x", kind: rule-conflict, reason: "r", replacement: "y"}\n')
    with pytest.raises(ErrataError, match="note"):
        load_errata(bad)
    bad.write_text('- {id: B1, line: 3, text: "x", kind: wrong, reason: "r"}\n')
    with pytest.raises(ErrataError, match="unknown kind"):
        load_errata(bad)


# --- format errata that split a line into two rules (lines 93 and 931) -----------


def _parse(lines: list[str], errata: list[Erratum]):
    from build_scripts.model.build_document import parse_rulebook_lines
    from build_scripts.parse.layout import Layout
    from build_scripts.parse.source_lines import split_source

    text = "\n".join(["· PART I ·", "The Starter Rules", "", "1 · COMBAT", *lines])
    return parse_rulebook_lines("b.txt", split_source(text), errata, Layout())


def test_a_split_erratum_makes_a_rule_with_the_next_free_number_and_moves_no_other():
    split = Erratum("X1", "b.txt", 5, "· Second", "format", "merged", replacement="Second", new_rule="1.1.3")
    doc = _parse(["· First rule. · Second rule.", "Third rule."], [split])
    blocks = doc.sections[0].blocks
    assert [(b.id, b.kind, b.text) for b in blocks] == [
        ("1.1.1", "bullet", "· First rule."),
        ("1.1.3", "bullet", "Second rule."),
        ("1.1.2", "paragraph", "Third rule."),
    ]
    assert blocks[1].original_text == "· Second rule." and blocks[1].errata == ["X1"] and blocks[0].errata == []
    assert blocks[1].pieces[0].span.offset == len("· First rule. ")


def test_a_split_off_rule_may_not_take_a_published_number():
    from build_scripts.model.build_document import ParseError

    split = Erratum("X1", "b.txt", 5, "· Second", "format", "merged", replacement="Second", new_rule="1.1.2")
    with pytest.raises(ParseError, match="1.1.2.*above 2"):
        _parse(["· First rule. · Second rule.", "Third rule."], [split])


def test_only_a_format_erratum_may_split_a_line(tmp_path):
    bad = tmp_path / "errata.yaml"
    bad.write_text(
        '- {id: B1, line: 3, text: "x", kind: ambiguity, reason: "r", note: "n", new_rule: "1.1.9"}\n', encoding="utf-8"
    )
    with pytest.raises(ErrataError, match="only a format entry"):
        load_errata(bad)


def test_the_merged_lines_93_and_931_are_rules_of_their_own():
    from build_scripts.model.load import load_rulebook

    rules = {b.id: b.text for b in load_rulebook().document.blocks}
    assert "End-of-Turn" not in rules["0.3.7"] and rules["0.3.7"].endswith("faction, etc.")
    assert rules["0.3.9"] == "End-of-Turn Phase - Your turn ends."
    assert rules["0.3.8"].startswith("Note: For purposes of readability")
    assert "see the previous page" not in rules["2.5.31"]
    assert rules["2.5.39"].startswith("A Ringwraith follower (see the previous page) may not use")
    assert rules["2.5.32"].startswith("· If a body check against a Ringwraith is exactly equal to 7 or 8")


def test_entries_are_in_source_line_order_within_each_source():
    errata = load_errata(paths.ERRATA)
    for source in {e.source for e in errata}:
        lines = [e.line for e in errata if e.source == source]
        assert lines == sorted(lines), source


# --- each candidate decided, and the decision on the Errata page ------------


@pytest.mark.parametrize(
    "erratum_id, line, kind, words",
    [
        ("N11", 535, "ambiguity", "The card's own text governs"),  # Weariness of the Heart
        ("D2", 395, "format", "[tree in a circle]"),  # the Wilderness symbol
        ("N12", 217, "ambiguity", "one copy of each character card"),  # one character card vs three copies
        ("B7", 307, "missing", "depends on one premise, taken from line 319"),
        ("B8", 303, "ambiguity", "once the second Orc Captain of erratum B7 is restored"),
        ("N13", 931, "ambiguity", "920"),  # "only discarded" vs the reveal rule
    ],
)
def test_each_reviewed_candidate_is_decided_with_its_reason(erratum_id, line, kind, words):
    erratum = next(e for e in load_errata(paths.ERRATA) if e.id == erratum_id)
    assert (erratum.line, erratum.kind) == (line, kind)
    assert words in (erratum.note or erratum.replacement)


def test_every_decision_is_on_the_errata_page(site):
    from tests.support.site import soup_of

    page = soup_of(site / "rules" / "errata-and-coverage" / "index.html")
    for erratum_id in ("B17", "C39", "N11", "D2", "N12", "B7", "B8", "N13"):
        entry = page.select_one(f"#e-{erratum_id.lower()}")
        assert entry is not None and erratum_id in entry.get_text(), erratum_id
    split = page.select_one("#e-c39").get_text(" ")
    assert "2.5.31" in split and "2.5.39" in split and "a rule of its own" in split
