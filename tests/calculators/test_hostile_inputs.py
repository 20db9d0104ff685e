"""Every option of every calculator, given what a hostile reader or a damaged link gives (numbers
past Python's 4,300-digit limit, "+-5", "--5", "²", "٣", "1_0", the wrong type, huge lists, long
text), through each way in: api.run, the command line, a shared link's reader and the page's form
reader. Each ends in an answer or a one-line message of at most 200 characters, never a
traceback, in under 100 ms (the command line: exit status 2)."""

from __future__ import annotations

import contextlib
import gc
import io
import json
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculators import cli
from calculators.api import run
from calculators.params import CALCULATORS
from calculators.validate import quoted
from calculators.views.catalogue import VIEWS
from calculators.views.page_api import read_link, render
from calculators.views.values import default_values
from tests.support.engine_inputs import GOOD, MODE
from tests.support.site import ROOT

MESSAGE_AT_MOST = 200
TIME_AT_MOST_S = 0.1
# As many examples as the run's profile asks (tests/conftest.py): fewer in make check.
HOSTILE = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

SIGNS_AND_DIGITS = ["+-5", "--5", "-+5", "++5", "²", "٣", "١٢", "５", "1_0", "½", "Ⅻ", "5e3", "0x10", "-", "+", "", " "]


def texts():
    """What a form field, a link or a command line can hold."""
    return st.one_of(
        st.sampled_from(SIGNS_AND_DIGITS),
        st.integers(4_301, 6_000).map(lambda digits: "9" * digits),  # past int()'s limit
        st.integers(4_301, 6_000).map(lambda digits: "-" + "1" * digits),
        st.integers(10, 4_300).map(lambda digits: "7" * digits),
        st.integers(1_000, 100_000).map(lambda length: "x" * length),
        st.integers(20, 5_000).map(lambda count: "1   " * count + "x"),  # a list of numbers, spaced, then not
        st.integers(20, 5_000).map(lambda count: "7," * count),
        st.integers(20, 2_000).map(lambda count: "character=" + "9" * count),
        st.text(max_size=60),
        st.text(alphabet=st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=8),
        st.text(alphabet="0123456789+-=,: \n\t", max_size=40),
    )


def json_values():
    """What api.run can be given beyond text: the wrong type, a huge number or list."""
    return st.one_of(
        texts(),
        st.integers(4_301, 6_000).map(lambda digits: 10**digits),
        st.integers(4_301, 6_000).map(lambda digits: -(10**digits)),
        st.integers(),
        st.booleans(),
        st.none(),
        st.floats(),
        st.integers(10_000, 200_000).map(lambda count: [5] * count),
        st.integers(10_000, 200_000).map(lambda count: [{}] * count),
        st.lists(st.one_of(st.integers(), st.text(max_size=5), st.none()), max_size=6),
        st.dictionaries(st.one_of(st.text(max_size=12), st.integers()), st.integers(), max_size=4),
        st.just({"bonus": 10**5000}),
        st.just([["w"]]),
    )


def assert_one_line(message, where: str) -> None:
    assert isinstance(message, str) and message, where
    assert "Traceback" not in message and "Error:" not in message, f"{where}: {message[:300]!r}"
    assert "\n" not in message and "\r" not in message, f"{where}: {message[:300]!r}"
    assert len(message) <= MESSAGE_AT_MOST, f"{where}: {len(message)} characters: {message[:300]!r}"


def timed(call):
    """call()'s answer, and the processor time it took, the collector's work aside: it is kept out
    of the call, not run before it (a full collection of a test process's heap, with the built
    pages other tests keep, costs more than the call)."""
    gc.disable()
    try:
        started = time.process_time()
        answer = call()
        return answer, time.process_time() - started
    finally:
        gc.enable()


# --- api.run ----------------------------------------------------------------------------------------

OPTIONS = [(name, option.name) for name, calculator in CALCULATORS.items() for option in calculator.options]
ROW_OPTIONS = [
    (name, calculator.options[0].name, item.name)
    for name, calculator in CALCULATORS.items()
    if calculator.options[0].kind == "rows"
    for item in calculator.options[0].item
]


def good_params(name: str, option: str) -> dict:
    params = {**GOOD[name], **MODE.get((name, option), {})}
    return {key: value for key, value in params.items() if value is not None}


@HOSTILE
@given(st.sampled_from(OPTIONS), json_values())
def test_api_run_answers_every_hostile_value_with_a_sentence(target, value):
    name, option = target
    answer, seconds = timed(lambda: run(name, {**good_params(name, option), option: value}))
    where = f"api.run {name} {option}={quoted(value)}"
    if "error" in answer:
        assert_one_line(answer["error"]["message"], where)
    assert seconds < TIME_AT_MOST_S, f"{where}: {seconds:.3f} s"


@HOSTILE
@given(st.sampled_from(ROW_OPTIONS), json_values())
def test_api_run_answers_every_hostile_value_in_a_row_with_a_sentence(target, value):
    name, rows, option = target
    params = good_params(name, rows)
    params[rows] = [{**params[rows][0], option: value}]
    answer, seconds = timed(lambda: run(name, params))
    where = f"api.run {name} {rows}[0].{option}={quoted(value)}"
    if "error" in answer:
        assert_one_line(answer["error"]["message"], where)
    assert seconds < TIME_AT_MOST_S, f"{where}: {seconds:.3f} s"


@HOSTILE
@given(
    st.one_of(st.text(max_size=20), st.integers(), st.none(), st.lists(st.text(max_size=3), max_size=3)),
    st.one_of(
        st.dictionaries(st.one_of(st.integers(), st.none(), st.text(max_size=5)), st.integers(), max_size=3),
        st.lists(st.integers(), max_size=3),
        st.text(max_size=10),
        st.none(),
    ),
)
def test_api_run_answers_a_hostile_name_or_option_names_with_a_sentence(name, params):
    answer = run(name, params)
    if "error" in answer:
        assert_one_line(answer["error"]["message"], f"api.run {name!r} {params!r}")


@pytest.mark.parametrize("count", [10**5, 10**6])
def test_too_many_strikes_are_refused_before_any_is_read(count):
    strike = {"prowess": 5, "strike_prowess": 9, "body": 8}
    answer, seconds = timed(lambda: run("attack", {"strikes": [strike] * count}))
    assert answer["error"]["message"] == f"The attack's strikes must number between 1 and 8; you gave {count:,}."
    assert seconds < TIME_AT_MOST_S


def test_a_site_path_given_as_a_list_keeps_the_forty_region_limit():
    answer = run("keying", {"path": ["w"] * 41})
    assert answer["error"]["field"] == "path"
    assert "at most 40" in answer["error"]["message"]
    assert "error" not in run("keying", {"path": ["w"] * 40})


@pytest.mark.parametrize(
    "row, field",
    [
        ({"bracket_races": 5}, "bracket_races"),
        ({"race": 5}, "race"),
        ({"site": ["Moria"]}, "site"),
        ({"controller": {"name": "x"}}, "controller"),
    ],
)
def test_a_control_sheet_entry_of_the_wrong_type_is_refused_with_a_sentence(row, field):
    answer = run("control-sheet", {"characters": [{"name": "Shagrat", "mind": 6, **row}]})
    assert answer["error"]["field"] == field
    assert_one_line(answer["error"]["message"], field)


@pytest.mark.parametrize("name", [["strike"], {"strike": 1}, 5, None])
def test_a_calculator_named_by_anything_but_text_is_refused_with_a_sentence(name):
    assert run(name, {})["error"]["message"].startswith("Unknown calculator ")


def test_an_option_named_by_anything_but_text_is_refused_with_a_sentence():
    assert run("strike", {5: 1})["error"] == {
        "field": "params",
        "message": "An option's name must be text; you gave 5.",
    }


@pytest.mark.parametrize("text", ["+-5", "--5", "²", "٣", "1_0", "9" * 5000])
def test_audience_points_read_whole_numbers_as_every_other_field_does(text):
    for points in ({"me": f"character={text}"}, {"me": {"character": text}}):
        answer = run("audience", points)
        assert answer["error"]["field"] == "me", (points, answer)
    assert run("strike", {"prowess": text, "strike_prowess": 5, "body": 8})["error"]["field"] == "prowess"


def test_a_refused_value_is_quoted_in_at_most_forty_characters():
    message = run("strike", {"prowess": "y" * 5100, "strike_prowess": 5})["error"]["message"]
    assert message == f"Prowess must be a whole number; you gave '{'y' * 39}…'."


# --- the command line -------------------------------------------------------------------------------

CLI_OPTIONS = [
    (name, option)
    for name, calculator in CALCULATORS.items()
    if calculator.command_line
    for option in calculator.options
    if option.kind != "bool"
]


def cli_argv(name: str, option, value: str) -> list[str]:
    argv = [name]
    for key, good in good_params(name, option.name).items():
        if key != option.name:
            argv.append(f"{CALCULATORS[name].options[key].flag}={good}")
    return [*argv, f"{option.flag}={value}"]


@HOSTILE
@given(st.sampled_from(CLI_OPTIONS), texts().filter(lambda text: "\x00" not in text))
def test_the_command_line_answers_every_hostile_value_with_one_line_and_status_2(target, value):
    name, option = target
    argv = cli_argv(name, option, value)
    out, err = io.StringIO(), io.StringIO()
    started = time.process_time()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(argv)
        except SystemExit as exit_:
            status = exit_.code
    seconds = time.process_time() - started
    out, err = out.getvalue(), err.getvalue()
    where = f"cli {name} {option.flag}={quoted(value)}"
    if status == 0:
        assert err == "" and out, where
    else:
        assert status == 2, f"{where}: status {status}"
        assert out == "" and err.endswith("\n") and err.count("\n") == 1, f"{where}: {err[:300]!r}"
        assert_one_line(err.strip().split(": error: ", 1)[1], where)
    assert seconds < TIME_AT_MOST_S, f"{where}: {seconds:.3f} s"


def test_the_command_line_piped_into_a_reader_that_stops_ends_without_a_traceback():
    """`mele-calc strike ... | head -1`: head stops reading after its line."""
    command = [sys.executable, "-m", "calculators", "strike", "--prowess", "5", "--strike-prowess", "9", "--body", "8"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT) as calc:
        calc.stdout.close()  # the reader stopped before the first line
        err = calc.stderr.read().decode()
        calc.wait(timeout=60)
    assert err == ""


# --- a shared link's reader -----------------------------------------------------------------------


def link_inputs(view_id: str) -> list[str]:
    view = VIEWS[view_id]
    names = [spec["name"] for spec in view["fields"] + view.get("roll_fields", [])]
    if view.get("rows"):
        names += ["rows"] + [f"{spec['name']}.0" for spec in view["rows"]["fields"]]
        names += [f"{view['rows']['fields'][0]['name']}.{'9' * 5000}", "prowess.٣"]
    return [f"{view_id}.{name}" for name in names]


LINK_INPUTS = [(view_id, key) for view_id in sorted(VIEWS) for key in link_inputs(view_id)]


def assert_link_answered(opened, seconds: float, where: str) -> None:
    assert set(opened) == {"values", "messages", "present"}, where
    for message in opened["messages"]:
        assert_one_line(message, where)
    assert seconds < TIME_AT_MOST_S, f"{where}: {seconds:.3f} s"


@HOSTILE
@given(st.sampled_from(LINK_INPUTS), texts())
def test_a_shared_link_with_a_hostile_value_is_read_with_sentences(target, value):
    view_id, key = target
    opened, seconds = timed(lambda: read_link(view_id, [[key, value]]))
    assert_link_answered(opened, seconds, f"link {key}={quoted(value)}")


@HOSTILE
@given(st.sampled_from(sorted(VIEWS)), st.integers(50, 100_000), texts())
def test_a_shared_link_of_very_many_inputs_is_read_with_sentences(view_id, count, value):
    entries = [[key, value] for key in link_inputs(view_id)] * (count // len(link_inputs(view_id)) + 1)
    opened, seconds = timed(lambda: read_link(view_id, entries))
    assert_link_answered(opened, seconds, f"link {view_id} of {len(entries)} inputs")
    assert len(opened["messages"]) <= 6


# --- the page's form reader ----------------------------------------------------------------------

RULE_URLS = type("AnyRule", (dict,), {"__missing__": lambda self, rule_id: f"#r{rule_id}"})()
FORM_INPUTS = [
    (view_id, spec["name"], row)
    for view_id, view in sorted(VIEWS.items())
    for spec, row in [(spec, None) for spec in view["fields"] + view.get("roll_fields", [])]
    + [(spec, 0) for spec in (view.get("rows") or {}).get("fields", [])]
]


def page_values():
    """What the page's script can send the views: the form's text, or (a tampered page) any JSON."""
    return st.one_of(
        texts(),
        st.integers(-(2**53), 2**53),
        st.floats(allow_nan=False, allow_infinity=False),
        st.booleans(),
        st.none(),
        st.integers(10_000, 200_000).map(lambda count: ["5"] * count),
        st.lists(st.one_of(st.integers(-(2**53), 2**53), st.text(max_size=5), st.none()), max_size=6),
        st.dictionaries(st.text(max_size=12), st.text(max_size=5), max_size=4),
    )


@HOSTILE
@given(st.sampled_from(FORM_INPUTS), page_values())
def test_the_page_s_form_with_a_hostile_value_gets_a_result_or_a_sentence(target, value):
    view_id, name, row = target
    values = default_values(VIEWS[view_id])
    (values if row is None else values["rows"][row])[name] = value
    shown_answer, seconds = timed(lambda: json.loads(json.dumps(render(view_id, values, RULE_URLS))))
    where = f"form {view_id}.{name}={quoted(value)}"
    if "error" in shown_answer:
        assert_one_line(shown_answer["error"]["message"], where)
    else:
        assert shown_answer["html"] and shown_answer["summary"], where
    assert seconds < TIME_AT_MOST_S, f"{where}: {seconds:.3f} s"


@HOSTILE
@given(
    st.sampled_from([view_id for view_id in sorted(VIEWS) if VIEWS[view_id].get("rows")]),
    st.one_of(st.integers(0, 100_000).map(lambda count: [{}] * count), page_values()),
)
def test_the_page_s_form_with_a_hostile_list_of_characters_gets_a_sentence(view_id, rows):
    values = {**default_values(VIEWS[view_id]), "rows": rows}
    shown_answer, seconds = timed(lambda: json.loads(json.dumps(render(view_id, values, RULE_URLS))))
    where = f"form {view_id} rows={quoted(rows)}"
    if "error" in shown_answer:
        assert_one_line(shown_answer["error"]["message"], where)
    assert seconds < TIME_AT_MOST_S, f"{where}: {seconds:.3f} s"


def test_a_list_of_numbers_that_does_not_match_is_refused_at_once():
    """Its pattern splits a run of spaces one way only: "\\s*[, ]\\s*" split it many, and this
    text of 57 characters took seconds."""
    spaced = "1   " * 14 + "x"
    answer, seconds = timed(lambda: run("influence", {"required": 10, "modifier": spaced}))
    assert answer["error"]["field"] == "modifier"
    opened, link_seconds = timed(lambda: read_link("influence", [["influence.modifier", spaced]]))
    assert len(opened["messages"]) == 1
    assert seconds < TIME_AT_MOST_S and link_seconds < TIME_AT_MOST_S
