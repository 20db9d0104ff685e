"""Every declared limit of every calculator option holds alike on the command line, in
api.run and on the page: each accepts a value at the limit and rejects one just past it.

The cases come from the option tables (calculators/options.py), not from a list here, so
a new option or a changed limit is tested without touching this file. The page's check
is the views' read_link (calculators/views/values.py), which the browser's worker runs.
(The browser test of a few shared links is tests/browser/test_option_links.py.)
"""

from __future__ import annotations

import contextlib
import io
import json
import re

import pytest

from calculators.api import run
from calculators.cli import main
from calculators.params import CALCULATORS
from calculators.views.catalogue import VIEWS
from calculators.views.page_api import read_link
from calculators.views.values import default_values, engine_params
from tests.support.engine_inputs import GOOD

# Where another option must change for a value at the limit to be valid.
CONTEXT = {
    ("strike", "body_roll"): {"roll": 2},  # a body check roll needs the strike roll
    ("corruption", "remove"): {"points": None},  # removal takes no corruption points
    ("hazard-limit", "characters"): {"orc_scouts": 1},  # a company has someone in it
    ("keying", "keyed_to"): {"site": "R"},  # a creature keyed to a site type needs the site
}
ROW_CONTEXT = {  # a controller must be on the sheet
    ("control-sheet", "controller"): lambda value: [{"name": value, "mind": 2}],
}


# --- the cases, from the tables --------------------------------------------------------------------


def filler(option) -> str:
    """A character the option's text form allows ("d" for a site path)."""
    return next(c for c in "xd" if not option.pattern or re.fullmatch(option.pattern, c))


def limit_cases(option) -> list[tuple[object, bool]]:
    """(value, accepted) at and just past each of the option's limits."""
    if option.kind == "int":
        return [(option.low, True), (option.high, True), (option.low - 1, False), (option.high + 1, False)]
    if option.kind == "ints":
        return [
            (str(option.low), True),
            (str(option.high), True),
            (str(option.low - 1), False),
            (str(option.high + 1), False),
        ]
    if option.kind == "points":
        entry = option.choices[0]
        return [
            ({entry: number}, accepted)
            for number, accepted in (
                (option.low, True),
                (option.high, True),
                (option.low - 1, False),
                (option.high + 1, False),
            )
        ]
    if option.kind == "choice":
        return [(choice, True) for choice in option.choices] + [("bogus", False)]
    if option.kind == "text" and option.parts:
        middle = [(part.low + part.high) // 2 or 1 for part in option.parts]
        cases = []
        for index, part in enumerate(option.parts):
            for number, accepted in (
                (part.low, True),
                (part.high, True),
                (part.low - 1, False),
                (part.high + 1, False),
            ):
                numbers = middle[:index] + [number] + middle[index + 1 :]
                cases.append((":".join(str(n) for n in numbers), accepted))
        return cases
    if option.kind == "text" and option.high is not None:
        cases = [(filler(option) * option.high, True), (filler(option) * (option.high + 1), False)]
        if option.low:
            cases.append((filler(option) * (option.low - 1), False))
        return cases
    return []


def with_context(name: str, option: str, params: dict) -> dict:
    params = {**params, **CONTEXT.get((name, option), {})}
    return {key: value for key, value in params.items() if value is not None}


def engine_cases():
    """(calculator, option name, value, params, accepted) for every limit of every option."""
    for name, calculator in CALCULATORS.items():
        for option in calculator.options:
            if option.kind == "rows":
                row = GOOD[name][option.name][0]
                for count, accepted in (
                    (option.low, True),
                    (option.high, True),
                    (option.low - 1, False),
                    (option.high + 1, False),
                ):
                    rows = [{**row, "name": f"C{i}"} if "name" in row else row for i in range(count)]
                    yield name, option.name, count, {option.name: rows}, accepted
                for item in option.item:
                    others = ROW_CONTEXT.get((name, item.name), lambda value: [])
                    for value, accepted in limit_cases(item):
                        rows = [{**row, item.name: value}, *others(value)]
                        yield name, item.name, value, {option.name: rows}, accepted
                continue
            for value, accepted in limit_cases(option):
                params = with_context(name, option.name, {**GOOD[name], option.name: value})
                yield name, option.name, value, params, accepted


ENGINE_CASES = list(engine_cases())


def case_id(case) -> str:
    name, option, value, _, accepted = case
    return f"{name}-{option}-{json.dumps(value)[:16]}-{'ok' if accepted else 'past'}"


# --- the engine: api.run and the command line ------------------------------------------------------


def cli_argv(name: str, params: dict) -> list[str]:
    argv = [name]
    for key, value in params.items():
        flag = "--" + key.replace("_", "-")
        if value is True:
            argv.append(flag)
        elif isinstance(value, dict):
            argv += [flag, ",".join(f"{entry}={number}" for entry, number in value.items())]
        else:
            argv += [flag, str(value)]
    return argv


def run_cli(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exit_:
            status = exit_.code
    return status, err.getvalue()


def test_every_option_with_a_limit_is_tested():
    tested = {(name, option) for name, option, _, _, _ in ENGINE_CASES}
    for name, calculator in CALCULATORS.items():
        for option in calculator.options:
            if option.kind != "bool":
                assert (name, option.name) in tested, (name, option.name)


@pytest.mark.parametrize("case", ENGINE_CASES, ids=case_id)
def test_api_and_cli_accept_and_reject_alike(case):
    name, option, _, params, accepted = case
    result = run(name, params)
    if accepted:
        assert "error" not in result, result
    else:
        assert result.get("error", {}).get("field") == option, result
    if not CALCULATORS[name].command_line:
        return
    status, err = run_cli(cli_argv(name, params))
    assert status == (0 if accepted else 2), err
    if not accepted:
        assert err.strip().endswith(result["error"]["message"]), err


# --- the page: the views' reading of a shared link, as the worker runs it -----------------------

# Other inputs a value at a field's limit needs to be valid (the inputs' own limits are
# what is tested; these are rules between inputs).
VIEW_CONTEXT = {
    ("strike", "body_roll"): lambda values, value: values.update(roll="2"),
    ("hazard-limit", "characters"): lambda values, value: values.update(orc_scouts="1"),
    # A character renamed, or a controller named, must still be on the sheet.
    ("control-sheet", "name"): lambda values, value: values["rows"][1].update(controller=value),
    ("control-sheet", "controller"): lambda values, value: values["rows"][1].update(name=value),
}


def field_cases(spec) -> list[tuple[str, bool]]:
    """(text, accepted) at and just past each limit a form field declares."""
    cases = []
    if spec["kind"] == "int":
        cases += [
            (str(spec["min"]), True),
            (str(spec["max"]), True),
            (str(spec["min"] - 1), False),
            (str(spec["max"] + 1), False),
        ]
    for index, (low, high) in enumerate(spec.get("numbers") or []):
        middle = [str((lo + hi) // 2 or 1) for lo, hi in spec["numbers"]]
        for number, accepted in ((low, True), (high, True), (low - 1, False), (high + 1, False)):
            cases.append((":".join(middle[:index] + [str(number)] + middle[index + 1 :]), accepted))
    if spec.get("maxLength") and spec["send"]:
        letter = next(c for c in "xd" if not spec.get("pattern") or re.fullmatch(spec["pattern"], c))
        cases += [(letter * spec["maxLength"], True), (letter * (spec["maxLength"] + 1), False)]
    return cases


ROWS = {"name": "rows"}  # the number of characters in a list, as a link gives it


def page_cases():
    """(view, field, row or None, text, accepted) for every limit of every form field."""
    for view_id, view in VIEWS.items():
        for spec in view["fields"] + view.get("roll_fields", []):
            for text, accepted in field_cases(spec):
                yield view_id, spec, None, text, accepted
        rows = view.get("rows")
        if not rows:
            continue
        for spec in rows["fields"]:
            if spec["send"]:  # a name that only labels the result is the form's alone
                for text, accepted in field_cases(spec):
                    yield view_id, spec, 0, text, accepted
        for count, accepted in (
            (rows["min"], True),
            (rows["max"], True),
            (rows["min"] - 1, False),
            (rows["max"] + 1, False),
        ):
            yield view_id, ROWS, None, str(count), accepted


PAGE_CASES = list(page_cases())


def engine_accepts(view_id: str, spec: dict, row: int | None, text: str) -> bool:
    view = VIEWS[view_id]
    values = default_values(view)
    if spec is ROWS:  # more characters: copies of the last, each with a name of its own
        last = values["rows"][-1]
        values["rows"] = (values["rows"] + [{**last, "name": f"{last['name']} {i}"} for i in range(int(text))])[
            : int(text)
        ]
        return "error" not in run(view["engine"], engine_params(view, values))
    (values if row is None else values["rows"][row])[spec["name"]] = text
    VIEW_CONTEXT.get((view_id, spec["name"]), lambda values, value: None)(values, text)
    return "error" not in run(view["engine"], engine_params(view, values))


@pytest.fixture(scope="module")
def page_verdicts() -> list[bool]:
    """Whether the page takes each case's value from a shared link (no message about it)."""
    return [
        not read_link(view_id, [(f"{view_id}.{spec['name']}" + ("" if row is None else f".{row}"), text)])["messages"]
        for view_id, spec, row, text, _ in PAGE_CASES
    ]


def test_every_form_field_with_a_limit_is_tested():
    tested = {(view_id, spec["name"]) for view_id, spec, _, _, _ in PAGE_CASES}
    for view_id, view in VIEWS.items():
        for spec in view["fields"] + view.get("roll_fields", []) + (view.get("rows") or {}).get("fields", []):
            if spec["send"] and ("min" in spec or spec.get("numbers") or spec.get("maxLength")):
                assert (view_id, spec["name"]) in tested, (view_id, spec["name"])


@pytest.mark.parametrize(
    "index", range(len(PAGE_CASES)), ids=[f"{c[0]}-{c[1]['name']}-{c[3][:12]}" for c in PAGE_CASES]
)
def test_the_page_accepts_what_the_engine_accepts(page_verdicts, index):
    view_id, spec, row, text, accepted = PAGE_CASES[index]
    assert page_verdicts[index] == accepted, f"the page {'rejects' if accepted else 'accepts'} {text!r}"
    assert engine_accepts(view_id, spec, row, text) == accepted, f"api.run disagrees on {text!r}"
