"""The errata layer: validation, placement, and a clear failure for stale entries."""

from __future__ import annotations

import pytest

from build_scripts import paths
from build_scripts.errata import ErrataError, Erratum, apply_errata, load_errata


def test_the_project_errata_file_is_valid_and_sorted():
    errata = load_errata(paths.ERRATA)
    assert len(errata) >= 40
    kinds = {e.kind for e in errata}
    assert kinds >= {"typo", "name", "rule-conflict", "arithmetic", "missing"}


def test_required_conflicts_have_editor_notes():
    by_line = {(e.line, e.kind) for e in load_errata(paths.ERRATA)}
    assert (334, "rule-conflict") in by_line      # overt vs covert
    assert any(line == 797 for line, _ in by_line)  # the marshalling-point half cap
    assert (611, "arithmetic") in by_line and (612, "arithmetic") in by_line   # Ice-orcs sums


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
    assert [(m.erratum.id, text[m.start:m.end]) for m in marks] == [("X2", "move"), ("X1", "the")]


def test_a_noted_erratum_keeps_the_source_text():
    note = Erratum("B1", "b.txt", 1, "an overt company", "rule-conflict", "r", note="Should be covert.")
    text, marks = apply_errata(1, "Any other company is an overt company.", [note])
    assert text == "Any other company is an overt company."
    assert text[marks[0].start:marks[0].end] == "an overt company"


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
