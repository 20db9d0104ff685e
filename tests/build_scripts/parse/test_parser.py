"""Unit tests for the rulebook parser: each block kind and each source quirk."""

from __future__ import annotations

import pytest

from build_scripts.model.build_document import ParseError, parse_rulebook_lines
from build_scripts.model.document import Bullet, Heading, Paragraph, Table
from build_scripts.model.errata import Erratum
from build_scripts.parse.layout import Layout, TableHint
from build_scripts.parse.source_lines import split_source

NBSP = "\u00a0"


def parse(text: str, layout: Layout | None = None, errata: list[Erratum] | None = None):
    return parse_rulebook_lines("book.txt", split_source(text), errata or [], layout or Layout())


def section_text(lines: list[str]) -> str:
    return "\n".join(["· PART I ·", "The Starter Rules", "", "1 · COMBAT", *lines])


def blocks(text: str, **kw):
    return parse(section_text(text.split("\n")), **kw).sections[0].blocks


def test_paragraphs_are_one_block_per_line_and_numbered_in_order():
    found = blocks("First rule.\nSecond rule.")
    assert [(b.id, b.kind, b.text) for b in found] == [
        ("1.1.1", "paragraph", "First rule."),
        ("1.1.2", "paragraph", "Second rule."),
    ]


@pytest.mark.parametrize("label", ["Note", "Clarification", "Example", "Suggestion", "Exception"])
def test_boxed_paragraphs_run_to_the_next_blank_line(label):
    block, after = blocks(f"{label}: Boxed text.\nMore of the box.\n\nOutside.")
    assert block.kind == label.lower() and block.title == label
    assert (block.first_line, block.last_line) == (5, 6)
    assert after.kind == "paragraph"


def test_titled_example_box():
    (block,) = blocks("Example of Combat [(#/#) means (prowess/body)]\nYou control Bróin (3/8).")
    assert block.kind == "example" and block.title == "Example of Combat"


def test_bullets_numbered_items_and_nesting():
    found = blocks("Intro:\n1. First.\n3. Third.\n   • Nested bullet.\n· Plain bullet.")
    assert [b.kind for b in found] == ["paragraph", "item", "item", "bullet", "bullet"]
    assert found[2].pieces[0].marker == "3."
    assert found[3].pieces[0].level == 2 and found[4].pieces[0].level == 1


def test_two_bullets_merged_on_one_line_stay_one_block():
    (block,) = blocks("· First bullet. · Second bullet.")
    assert [p.span.text for p in block.pieces] == ["First bullet.", "Second bullet."]


def test_headings_are_not_numbered():
    doc = parse(section_text(["BODY CHECKS", "Text.", "", "Resolving Strikes", "More text."]))
    items = doc.sections[0].items
    assert [type(i).__name__ for i in items] == ["Heading", "Block", "Heading", "Block"]
    assert items[0].level == 2 and items[2].level == 3
    assert [b.id for b in doc.sections[0].blocks] == ["1.1.1", "1.1.2"]


def test_trailing_non_breaking_spaces_are_trimmed_but_kept_out_of_the_text():
    (block,) = blocks(f"A rule.{NBSP} {NBSP}")
    assert block.text == "A rule." and block.original_text == "A rule."


def test_whitespace_only_lines_count_as_blank():
    first, second = blocks(f"• Untap Phase - Heal.\n  {NBSP}\n   \n• Organization Phase - Play.")
    assert (first.kind, second.kind) == ("bullet", "bullet")


def test_unterminated_last_line_is_read():
    lines = split_source("One.\nNote: You do not receive marshalling point")
    assert lines[-1].text == "Note: You do not receive marshalling point"
    assert len(split_source("One.\nTwo.\n")) == 2


def test_bracketed_icon_descriptions_survive_in_the_text():
    (block,) = blocks("Mind [head icon]: A character's mind.")
    assert "[head icon]" in block.text


def test_flattened_table_becomes_one_table_block():
    layout = Layout(tables=(TableHint(5, 7, "condition-modifier", header=1),))
    (block,) = blocks(
        "Condition and Mod. to Target's Prowess\nTapped character * ...-1\n"
        "Other resource cards ...varies Hazard cards ...varies",
        layout=layout,
    )
    table = block.pieces[0]
    assert block.kind == "table" and isinstance(table, Table)
    assert [[c.text for c in row] for row in table.rows] == [
        ["Tapped character *", "-1"],
        ["Other resource cards", "varies"],
        ["Hazard cards", "varies"],
    ]


def test_symbol_table_gets_letter_codes():
    layout = Layout(tables=(TableHint(5, 7, "symbol-description", header=1, kind="region"),))
    (block,) = blocks(
        "Region Type Symbol - circles.\nWilderness [tree]\nDark-domains [black tower in a circle]", layout=layout
    )
    assert [row[2].text for row in block.pieces[0].rows] == ["w", "d"]


def test_a_stale_table_hint_fails_clearly():
    layout = Layout(tables=(TableHint(5, 5, "influence-listing"),))
    with pytest.raises(ParseError, match="table at lines 5-5"):
        blocks("This is not a listing.", layout=layout)


def test_box_extent_hints_join_and_split_boxes():
    text = "Example: Start.\n\nStill the example.\nNote: Short note.\nNext entry - not in the note."
    layout = Layout(box_ends={5: 7, 8: 8})
    example, note, entry = blocks(text, layout=layout)
    assert (example.first_line, example.last_line) == (5, 7)
    assert (note.kind, note.last_line) == ("note", 8)
    assert entry.kind == "paragraph"


def test_text_before_section_one_is_section_zero_of_its_part():
    doc = parse(
        "\n".join(
            [
                "· PART II ·",
                "Standard Rules",
                "",
                "Read the Starter Rules first.",
                "",
                "1 · THE VICTORY CONDITIONS",
                "Text.",
            ]
        )
    )
    assert [s.key for s in doc.sections] == ["2.0", "2.1"]
    assert doc.sections[0].blocks[0].id == "2.0.1"


def test_errata_change_text_and_keep_the_original():
    fix = Erratum("C2", "book.txt", 5, "resplrce", "typo", "OCR slip", replacement="resource")
    (block,) = blocks("You may play resplrce cards.", errata=[fix])
    assert block.text == "You may play resource cards."
    assert block.original_text == "You may play resplrce cards."
    assert block.errata == ["C2"]


def test_pieces_remember_their_source_columns():
    (block,) = blocks("· Each strike targets one character.")
    bullet = block.pieces[0]
    assert isinstance(bullet, Bullet) and bullet.span.offset == 2
    (para,) = blocks("Plain.")
    assert isinstance(para.pieces[0], Paragraph)


def test_heading_tracks_into_blocks():
    doc = parse(section_text(["CORRUPTION CHECKS", "Roll 2D6."]))
    assert isinstance(doc.sections[0].items[0], Heading)
    assert doc.sections[0].blocks[0].heading == "CORRUPTION CHECKS"


def test_a_second_phase_entry_run_onto_a_bullet_is_shown_as_its_own_bullet():
    (block,) = blocks("• Site Phase - Enter the site, etc. End-of-Turn Phase - Your turn ends.")
    assert [p.span.text for p in block.pieces] == [
        "Site Phase - Enter the site, etc.",
        "End-of-Turn Phase - Your turn ends.",
    ]
    assert block.pieces[1].span.offset == len("• Site Phase - Enter the site, etc. ")
