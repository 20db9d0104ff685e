"""The rulebook parser on the Strategy Battle Game texts' layout: sections opened
by layout hints, prefixed rule ids, and tables flattened inside a line."""

from __future__ import annotations

import pytest

from build_scripts.model.build_document import ParseError, parse_rulebook_lines
from build_scripts.model.document import Heading, Paragraph, Table
from build_scripts.model.errata import Erratum
from build_scripts.parse.layout import Layout, SectionStart, TableHint
from build_scripts.parse.source_lines import split_source

SWIM_LINE = (
    "1 2-5 6 Result Sink: The model drowns. Swim: It moves half. Swim Strongly: It moves all. "
    "Modifiers are cumulative: If the model is a Cavalry model, apply a +1 modifier. "
    "If the model is carrying a banner, apply a -1 modifier."
)
SWIM_TABLES = (
    TableHint(5, 7, "roll-chart", header=1, cells=("Sink:", "Swim:", "Swim Strongly:"), end="Modifiers are"),
    TableHint(7, 7, "if-modifier", start="Modifiers are", columns=("Circumstance", "Modifier")),
)
SECTIONS = {3: SectionStart(0, "Introduction"), 4: SectionStart(1, "Water")}


def parse(lines: list[str], tables=(), errata=()):
    layout = Layout(contents=(1, 1), sections=SECTIONS, tables=tuple(tables))
    return parse_rulebook_lines(
        "sbg.txt", split_source("\n".join(lines)), list(errata), layout, id_prefix="SBG-X", first_part="A Chapter"
    )


def swim_document(errata=()):
    return parse(["A Chapter", "", "Intro text.", "WATER", "D6", "", SWIM_LINE, "After."], SWIM_TABLES, errata)


def test_sections_open_where_the_layout_says_and_ids_carry_the_prefix():
    doc = parse(["A Chapter", "", "Intro text.", "WATER", "SHALLOW WATER", "Wade."])
    assert [(s.number, s.title) for s in doc.sections] == [(0, "Introduction"), (1, "Water")]
    assert [b.id for b in doc.blocks] == ["SBG-X.0.1", "SBG-X.1.1"]
    assert isinstance(doc.sections[1].items[0], Heading)  # a sub-heading, not a section
    assert doc.parts[0].title == "A Chapter" and [s.text for s in doc.contents] == ["A Chapter"]


def test_a_flattened_chart_and_its_modifiers_become_two_tables_in_one_rule():
    doc = swim_document()
    chart_rule, after = doc.sections[1].blocks
    chart, modifiers = chart_rule.pieces
    assert (chart_rule.kind, chart_rule.first_line, chart_rule.last_line) == ("table", 5, 7)
    assert [c.text for c in chart.columns] == ["D6", "Result"]
    assert [[c.text for c in row] for row in chart.rows] == [
        ["1", "Sink: The model drowns."],
        ["2-5", "Swim: It moves half."],
        ["6", "Swim Strongly: It moves all."],
    ]
    assert [s.text for s in modifiers.caption] == ["Modifiers are cumulative:"]
    assert [[c.text for c in row] for row in modifiers.rows] == [
        ["If the model is a Cavalry model", "apply a +1 modifier."],
        ["If the model is carrying a banner", "apply a -1 modifier."],
    ]
    assert after.id == "SBG-X.1.2"


def test_spans_of_a_table_inside_a_line_keep_their_columns_in_that_line():
    chart, modifiers = swim_document().sections[1].blocks[0].pieces
    for span in [*chart.rows[2], *modifiers.caption, *modifiers.rows[1]]:
        assert SWIM_LINE[span.offset : span.offset + len(span.text)] == span.text


def test_the_rest_of_a_line_after_a_chart_stays_in_its_rule_as_prose():
    line = "1 2-3 Result The Sentry waits. The Sentry moves. Until the alarm, no shooting."
    hint = TableHint(
        5, 5, "roll-chart", columns=("D6",), cells=("The Sentry waits", "The Sentry moves"), end="Until the alarm"
    )
    (rule,) = parse(["A Chapter", "", "Intro.", "WATER", line], [hint]).sections[1].blocks
    chart, rest = rule.pieces
    assert isinstance(chart, Table) and chart.columns[0].line == 0  # "D6" is the site's label
    assert isinstance(rest, Paragraph) and rest.spans[0].text == "Until the alarm, no shooting."
    assert rest.spans[0].offset == line.index("Until")


def test_tab_separated_rows():
    hint = TableHint(5, 6, "tab-separated", columns=("Circumstance", "Modifier"))
    (rule,) = parse(["A Chapter", "", "Intro.", "WATER", "No armour\t+1", "Shield\t-1"], [hint]).sections[1].blocks
    assert [[c.text for c in row] for row in rule.pieces[0].rows] == [["No armour", "+1"], ["Shield", "-1"]]
    assert rule.pieces[0].rows[1][1].offset == len("Shield\t")


def test_a_corrected_running_header_inside_a_chart_line_is_shown_corrected():
    leak = Erratum("S1", "sbg.txt", 7, "all. Water Modifiers", "format", "running header", replacement="all. Modifiers")
    lines = [
        "A Chapter",
        "",
        "Intro text.",
        "WATER",
        "D6",
        "",
        SWIM_LINE.replace("all. Modifiers", "all. Water Modifiers"),
    ]
    rule = parse(lines, SWIM_TABLES, [leak]).sections[1].blocks[0]
    assert rule.errata == ["S1"] and "Water Modifiers" not in rule.text and "Water Modifiers" in rule.original_text


@pytest.mark.parametrize(
    "hint",
    [
        TableHint(5, 7, "roll-chart", header=1, cells=("Sink:", "Drown:", "Swim Strongly:"), end="Modifiers are"),
        TableHint(5, 7, "roll-chart", header=1, cells=("Sink:", "Swim:"), end="Modifiers are"),
        TableHint(5, 7, "roll-chart", header=1, cells=("Sink:", "Swim:", "Swim Strongly:"), end="No such phrase"),
    ],
)
def test_a_stale_chart_hint_fails_the_build(hint):
    with pytest.raises(ParseError, match="table at lines 5-7"):
        parse(["A Chapter", "", "Intro text.", "WATER", "D6", "", SWIM_LINE], [hint])
