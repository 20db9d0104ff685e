"""Every bad value of every option of every calculator gets a message that reads as a sentence and
names the option by its label: missing, of the wrong type, out of its range, too long; through
api.run, the command line and a shared link. Options that do not apply to the other options (the
boats article's banner, the Starter game's reveals) are refused with their reason, by the engine
and by a link, from the one declaration in the option table."""

from __future__ import annotations

import re

import pytest

from calculators import cli
from calculators.api import run
from calculators.options import Option
from calculators.params import CALCULATORS
from calculators.views.catalogue import VIEWS
from calculators.views.fields import unmet
from calculators.views.values import default_values, read_link
from tests.support.engine_inputs import GOOD, MODE

MODAL = {("corruption", "remove")}  # required only in its mode: left out, the other mode is meant
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b")  # an option's key (strike_prowess) is not a word


def assert_sentence(message: str, label: str, where: str) -> None:
    assert message[0].isupper(), f"{where}: {message!r} does not start as a sentence"
    assert message.rstrip("”\"'").endswith((".", ")")), f"{where}: {message!r} does not end as a sentence"
    assert not IDENTIFIER.search(message), f"{where}: {message!r} names an option by its key"
    core = re.sub(r"^(a|an|the|each) ", "", label.lower())  # "the discard-on results" names "A discard-on result"
    core = core.replace("marshalling points", "character points")  # a points option names the entry at fault
    assert core in message.lower(), f"{where}: {message!r} does not name {label!r}"
    assert not re.search(r"\b(characters|strikes|points) is required\b", message), f"{where}: {message!r}"


def bad_values(option: Option):
    """(what is wrong, the value) for each way `option` can be given wrong."""
    if option.kind in ("int", "points"):
        yield "wrong type", "many" if option.kind == "int" else "character=many"
        if option.high is not None:
            yield "out of range", option.high + 1 if option.kind == "int" else f"character={option.high + 1}"
    elif option.kind == "bool":
        yield "wrong type", "perhaps"
    elif option.kind == "choice":
        yield "wrong type", "neither"
    elif option.kind == "ints":
        yield "wrong type", "seven"
        yield "out of range", str(option.high + 1)
    elif option.kind == "text":
        if option.pattern:
            yield "wrong form", "@"
        if option.high is not None:
            yield "too long", "x" * (option.high + 1)
    elif option.kind == "rows":
        yield "wrong type", 0
        good = GOOD["attack"]["strikes"][0] if option.name == "strikes" else GOOD["control-sheet"]["characters"][0]
        yield (
            "too many",
            [{**good, **({"name": f"C{index}"} if "name" in good else {})} for index in range(option.high + 1)],
        )


def cases():
    for name, calculator in CALCULATORS.items():
        for option in calculator.options:
            if option.required and (name, option.name) not in MODAL:
                yield pytest.param(name, option, "missing", None, id=f"{name}-{option.name}-missing")
            for problem, value in bad_values(option):
                yield pytest.param(name, option, problem, value, id=f"{name}-{option.name}-{problem}")
            for item in option.item:
                for problem, value in bad_values(item):
                    yield pytest.param(name, item, f"row {problem}", value, id=f"{name}-{item.name}-row-{problem}")


def params_with(name: str, option: Option, problem: str, value) -> dict:
    params = {**GOOD[name], **MODE.get((name, option.name), {})}
    params = {key: given for key, given in params.items() if given is not None}
    if problem.startswith("row"):
        row_option = next(iter(CALCULATORS[name].options))
        rows = [dict(row) for row in params[row_option.name]]
        if problem == "row missing":
            rows[0].pop(option.name, None)
        else:
            rows[0][option.name] = value
        return {**params, row_option.name: rows}
    if problem == "missing":
        params.pop(option.name, None)
    else:
        params[option.name] = value
    return params


@pytest.mark.parametrize("name, option, problem, value", list(cases()))
def test_every_bad_value_through_api_run_reads_as_a_sentence_naming_the_option(name, option, problem, value):
    answer = run(name, params_with(name, option, problem, value))
    assert "error" in answer, f"{name} {option.name} {problem}: accepted"
    message = answer["error"]["message"]
    label = option.label.replace("A character's", "Shagrat's") if message.startswith("Shagrat's") else option.label
    assert_sentence(message, label, f"{name} {option.name} {problem}")


CLI_FLAGS = [
    (name, option)
    for name, calculator in CALCULATORS.items()
    if calculator.command_line
    for option in calculator.options
    if option.kind not in ("bool", "rows")
]


def cli_argv(name: str, option: Option, value: str) -> list[str]:
    argv = [name]
    for key, good in {**GOOD[name], **MODE.get((name, option.name), {})}.items():
        if key != option.name and good is not None:
            argv += [CALCULATORS[name].options[key].flag, str(good)]
    return argv + [option.flag, value]


@pytest.mark.parametrize("name, option", CLI_FLAGS, ids=[f"{n}-{o.name}" for n, o in CLI_FLAGS])
def test_every_bad_flag_on_the_command_line_reads_as_a_sentence_naming_the_option(name, option, capsys):
    problem, value = next(bad_values(option))
    status = cli.main(cli_argv(name, option, str(value)))
    err = capsys.readouterr().err
    assert status == 2, err
    message = err.split(": error: ", 1)[1].strip()
    assert_sentence(message, option.label, f"cli {name} {option.flag}")


LINK_FIELDS = [
    (view_id, spec)
    for view_id, view in VIEWS.items()
    for spec in view["fields"] + view.get("roll_fields", [])
    if spec["send"]
]


@pytest.mark.parametrize("view_id, spec", LINK_FIELDS, ids=[f"{v}-{s['name']}" for v, s in LINK_FIELDS])
def test_every_refused_link_value_reads_as_a_sentence_naming_the_input_by_its_label(view_id, spec):
    view = VIEWS[view_id]
    bad = "x" * 200 if spec["kind"] == "text" else "many"
    entries = [[f"{view_id}.{name}", value] for name, value in default_values(view).items() if name != "rows"]
    entries = [[key, bad if key == f"{view_id}.{spec['name']}" else value] for key, value in entries]
    if view.get("rows"):
        entries.append([f"{view_id}.rows", str(len(view["rows"]["defaults"]))])
    opened = read_link(view_id, view, entries)
    assert opened["messages"], f"{view_id}.{spec['name']}={bad!r} was taken"
    for message in opened["messages"]:
        assert_sentence(message, spec["label"], f"link {view_id}.{spec['name']}")


# --- options that apply only with some values of another --------------------------------------

REQUIRING = [
    (name, option) for name, calculator in CALCULATORS.items() for option in calculator.options if option.requirements
]


def test_the_options_that_depend_on_another_are_the_editions_and_games_own():
    assert {(name, option.name) for name, option in REQUIRING} == {
        ("swim", "cavalry"),
        ("swim", "banner"),
        ("swim", "prone_in_deep"),
        ("swim", "no_armour"),
        ("audience", "revealed_against_me"),
        ("audience", "revealed_against_opponent"),
        ("hazard-limit", "halved"),
        ("strike", "support"),
    }


def unmet_params(name: str, option: Option) -> dict:
    rule = option.requirements[0]
    other = CALCULATORS[name].options[rule.option]
    wrong = next(choice for choice in (other.choices or (True, False)) if choice not in rule.values)
    value = True if option.kind == "bool" else 1
    return {**GOOD[name], rule.option: wrong, option.name: value}


@pytest.mark.parametrize("name, option", REQUIRING, ids=[f"{n}-{o.name}" for n, o in REQUIRING])
def test_an_option_that_does_not_apply_is_refused_with_its_reason(name, option):
    answer = run(name, unmet_params(name, option))
    assert answer["error"] == {"field": option.name, "message": option.requirements[0].reason}
    assert_sentence(option.requirements[0].reason, "", f"{name} {option.name}")


VIEW_REQUIRING = [(view_id, spec) for view_id, view in VIEWS.items() for spec in view["fields"] if spec["requires"]]


@pytest.mark.parametrize("view_id, spec", VIEW_REQUIRING, ids=[f"{v}-{s['name']}" for v, s in VIEW_REQUIRING])
def test_a_link_that_sets_an_option_that_does_not_apply_says_so_and_leaves_it_out(view_id, spec):
    view = VIEWS[view_id]
    rule = spec["requires"][0]
    other = next(s for s in view["fields"] if s["name"] == rule["field"])
    wrong = (
        next(value for value, _ in other["options"])
        if other["kind"] == "choice" and other["options"][0][0] not in rule["values"]
        else ("1" if "" in rule["values"] else "")
    )
    if other["kind"] == "choice":
        wrong = next(value for value, _ in other["options"] if value not in rule["values"])
    set_to = "1" if spec["kind"] == "bool" else "2"
    values = {**default_values(view), rule["field"]: wrong, spec["name"]: set_to}
    assert unmet(spec, values) == rule["reason"]
    entries = [[f"{view_id}.{name}", value] for name, value in values.items()]
    opened = read_link(view_id, view, entries)
    assert opened["values"][spec["name"]] == (spec["neutral"] or "")
    assert any(spec["label"] in message and rule["reason"] in message for message in opened["messages"]), opened[
        "messages"
    ]
