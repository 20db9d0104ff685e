"""The calculators' views (calculators/views/): shared links, the neutral defaults and the
rulebook examples. The views' HTML is compared with the browser's in
tests/browser/test_build_time.py; the engine's numbers are tests/calculators/."""

from __future__ import annotations

import json
import xml.etree.ElementTree as etree
from urllib.parse import parse_qsl

import pytest

from calculators.api import run
from calculators.views.catalogue import VIEWS
from calculators.views.form import render_form
from calculators.views.form_elements import Html
from calculators.views.page_api import read_link, render
from calculators.views.values import default_values, engine_params
from tests.support.site import ROOT

# Links that name some inputs, among them the address bar's links from before the neutral defaults,
# which named only the inputs that differed from the rulebook's examples.
PARTIAL_LINKS = json.loads((ROOT / "tests" / "golden" / "share-links-before-neutral.json").read_text())


@pytest.mark.parametrize("link", PARTIAL_LINKS, ids=[f"{link['view']}: {link['made']}" for link in PARTIAL_LINKS])
def test_a_link_that_names_some_inputs_means_the_neutral_defaults_for_the_rest(link):
    view = VIEWS[link["view"]]
    named = parse_qsl(link["query"], keep_blank_values=True)
    opened = read_link(link["view"], named)
    assert opened["present"]
    # The same link with every other input named, at today's default.
    full = dict(every_input(link["view"], default_values(view)))
    full.update(named)
    assert opened == read_link(link["view"], list(full.items()))


@pytest.mark.parametrize("view_id", sorted(VIEWS))
def test_a_link_naming_one_input_opens_the_neutral_defaults_for_the_rest(view_id):
    values = default_values(VIEWS[view_id])
    opened = read_link(view_id, every_input(view_id, values)[:1])
    assert opened == {"values": values, "messages": [], "present": True}


def test_a_partial_strike_link_gets_the_engine_s_answer_for_its_inputs_not_the_example_s():
    """The probe's link: the Lagduf example's "discarded on 8" made "out of play" 6.9 % instead of 4.6 %."""
    opened = read_link(
        "strike",
        [("strike.prowess", "5"), ("strike.body", "8"), ("strike.strike_prowess", "10"), ("strike.strike_body", "8")],
    )
    shown = render("strike", opened["values"], RULE_URLS)
    assert shown["params"] == {
        **engine_params(VIEWS["strike"], default_values(VIEWS["strike"])),
        "prowess": 5,
        "body": 8,
        "strike_prowess": 10,
        "strike_body": 8,
    }
    assert run("strike", shown["params"]) == run(
        "strike", {"prowess": 5, "body": 8, "strike_prowess": 10, "strike_body": 8}
    )
    assert "out of play 4.6%" in shown["summary"]


def every_input(view_id: str, values: dict) -> list[tuple[str, str]]:
    """A link as the page writes it now (values.js queryEntries): every input named."""
    view = VIEWS[view_id]
    encode = {spec["name"]: spec["kind"] for spec in view["fields"] + view.get("roll_fields", [])}
    entries = [
        (f"{view_id}.{name}", ("1" if value == "1" else "0") if encode[name] == "bool" else value)
        for name, value in values.items()
        if name != "rows"
    ]
    if view.get("rows"):
        entries.append((f"{view_id}.rows", str(len(values["rows"]))))
        kinds = {spec["name"]: spec["kind"] for spec in view["rows"]["fields"]}
        entries += [
            (f"{view_id}.{name}.{index}", ("1" if value == "1" else "0") if kinds[name] == "bool" else value)
            for index, row in enumerate(values["rows"])
            for name, value in row.items()
        ]
    return entries


@pytest.mark.parametrize("view_id", sorted(VIEWS))
def test_a_link_naming_every_input_means_today_s_defaults(view_id):
    values = default_values(VIEWS[view_id])
    opened = read_link(view_id, every_input(view_id, values))
    assert opened["messages"] == [] and opened["values"] == values


@pytest.mark.parametrize("view_id", sorted(VIEWS))
def test_every_view_renders_its_defaults_with_a_summary(view_id):
    shown = render(view_id, default_values(VIEWS[view_id]), RULE_URLS)
    assert "error" not in shown, shown
    assert shown["html"].startswith('<div class="calc-output"') and shown["summary"]


class _AnyRule(dict):
    def __missing__(self, rule_id):
        return f"#r{rule_id}"


RULE_URLS = _AnyRule()


# --- neutral defaults and the rulebook's examples ------------------------------------


def form_specs(view: dict) -> list[dict]:
    return view["fields"] + view.get("roll_fields", []) + (view.get("rows") or {}).get("fields", [])


@pytest.mark.parametrize("view_id", sorted(VIEWS))
def test_every_calculator_opens_with_neutral_inputs(view_id):
    view = VIEWS[view_id]
    values = default_values(view)
    rows = values.get("rows", [])
    for spec in form_specs(view):
        if spec["neutral"] is None:
            continue  # the question itself (prowess, a site path): no neutral value
        shown = (
            [row[spec["name"]] for row in rows]
            if spec in view.get("rows", {}).get("fields", [])
            else [values[spec["name"]]]
        )
        assert all(value == spec["neutral"] for value in shown), (view_id, spec["name"], shown)
    assert all(values[spec["name"]] == "" for spec in view.get("roll_fields", [])), "no roll entered"


def test_no_discard_on_weapon_support_or_modifier_by_default():
    strike = default_values(VIEWS["strike"])
    assert (strike["discard_on"], strike["weapon"], strike["support"], strike["modifier"], strike["state"]) == (
        "",
        "",
        "0",
        "0",
        "untapped",
    )
    shown = render("strike", strike, RULE_URLS)
    assert 'data-outcome="discarded"' not in shown["html"]


# The book's numbers for each example (tests/calculators/test_worked_examples.py): what the
# example's result must say.
BOOK_SAYS = {
    "strike": ['data-outcome="defeated"'],  # 1.7.45: Lagduf rolls 8, 13 > 10
    "attack": ["5 strike(s) of 7/–"],  # 1.7.57: the Orc-warband
    "corruption": ['data-outcome="taps"'],  # 1.8.21: Layos taps on the 4
    "removal": ['data-outcome="removed"'],  # 1.8.20: Tarcil removes it
    "influence": ['data-outcome="success"'],  # 1.9.10: 5 + 7 = 12 > 10
    "control-sheet": ["5 unused"],  # 1.5.30: Wendy's characters
    "keying": ["</strong>s w f b -&gt; s w b w</p>"],  # 1.10.14: Minas Morgul to Dunharrow
    "hazard-limit": ["Hazard limit 5"],  # 1.10.48: a company of five
    "audience": ["Me 22, opponent 14: I win"],  # 2.1.12: Wendy and Nick
}


def test_every_mele_calculator_has_a_rulebook_example():
    from calculators.views.values import example_values

    for view_id, view in VIEWS.items():
        if view_id in BOOK_SAYS:
            assert example_values(view) is not None, view_id


@pytest.mark.parametrize("view_id", sorted(BOOK_SAYS))
def test_the_rulebook_example_reproduces_the_book(view_id):
    from calculators.views.values import example_values

    view = VIEWS[view_id]
    example = example_values(view)
    assert example != default_values(view)
    shown = render(view_id, example, RULE_URLS)
    for words in BOOK_SAYS[view_id]:
        assert words in shown["html"], (view_id, words)


# --- totals that answer the question ---------------------------------------------------


def test_a_strike_shows_wounded_in_all_and_out_of_play_above_the_detail():
    values = {**default_values(VIEWS["strike"]), "discard_on": "8"}
    html = render("strike", values, RULE_URLS)["html"]
    assert (
        html.index("Wounded (in all)")
        < html.index("Out of play (discarded or eliminated)")
        < html.index("Each outcome")
    )


def test_corruption_says_survives_and_an_attack_at_least_one_out_of_play():
    assert (
        "Survives (nothing happens, or he taps)"
        in render("corruption", default_values(VIEWS["corruption"]), RULE_URLS)["html"]
    )
    checks = {**default_values(VIEWS["corruption"]), "checks": "3"}
    assert "Survives all 3 checks" in render("corruption", checks, RULE_URLS)["html"]
    attack = render("attack", default_values(VIEWS["attack"]), RULE_URLS)
    assert "At least one out of play" in attack["html"] and "at least one out of play" in attack["summary"]


# --- keying says what changed -----------------------------------------------------------


@pytest.mark.parametrize(
    ("doors", "winter", "line", "changes"),
    [
        ("", "", "</strong>s w f b</p>", None),
        ("1", "", "</strong>s w f b (unchanged)</p>", None),
        ("", "1", "</strong>s w f b (unchanged)</p>", None),
        (
            "1",
            "1",
            "</strong>s w f b -&gt; s w b w</p>",
            "Border-land [b] → Wilderness [w]; Free-domain [f] → Border-land [b]",
        ),
    ],
)
def test_keying_shows_the_effective_path_for_each_environment(doors, winter, line, changes):
    values = {
        **default_values(VIEWS["keying"]),
        "path": "s w f b",
        "site": "B",
        "doors_of_night": doors,
        "fell_winter": winter,
    }
    html = render("keying", values, RULE_URLS)["html"]
    assert "Effective site path: " + line in html
    assert (changes in html) if changes else "calc-changes" not in html
    assert ("Automatic-attack" in html) == bool(winter)  # Fell Winter's wolves at a Border-hold: a fact


def test_keying_detainment_is_in_words():
    values = {**default_values(VIEWS["keying"]), "path": "s d", "site": "S"}
    html = render("keying", values, RULE_URLS)["html"]
    assert "Orcs, Trolls, Undead and Men" in html and "orc-troll-undead-man<" not in html


def _hint(view_id: str, name: str) -> str:
    [hint] = [spec["hint"] for spec in VIEWS[view_id]["fields"] if spec["name"] == name]
    return hint


@pytest.mark.parametrize(
    "view_id, name, must_say, must_not_say",
    [
        # l.962: not the target of a strike, in the same company (l.966: one assigned a strike is still a target)
        ("strike", "support", ["in his company", "not itself the target of a strike"], []),
        # l.496, l.500: "an untapped target is tapped"
        ("strike", "detainment", ["if he is untapped"], []),
        # l.505: "A detainment attack from a creature is never defeated"
        ("attack", "detainment", ["from a creature"], []),
        # l.638: Fell Winter changes region types while Doors of Night is in play; Doors of Night changes none
        ("keying", "doors_of_night", ["Fell Winter changes region types"], ["With Fell Winter, changes"]),
        # l.857-858: only the fetch at the end of your untap phase, with your Ringwraith in play, halves it
        ("hazard-limit", "halved", ["at the end of your untap phase", "with your Ringwraith in play"], ["revealed"]),
        # SBG-A.1.4 "heavy Dwarf armour"; plain Dwarf armour is the article's regular armour (SBG-B.6.2)
        ("swim", "heavy_armour", ["heavy Dwarf armour"], ["(heavy)"]),
    ],
)
def test_a_hint_keeps_the_condition_its_rule_states(view_id, name, must_say, must_not_say):
    hint = _hint(view_id, name)
    assert all(words in hint for words in must_say), hint
    assert not any(words in hint for words in must_not_say), hint


# --- the hazard limit asks what a player counts


def test_the_hazard_limit_asks_for_the_characters_and_the_orc_scouts_apart():
    """ "3 characters and 2 Orc scouts" goes into the form as the player says it: the Orc scouts are
    not among the characters counted, so no entry of the one is read into the other."""
    fields = {spec["name"]: spec for spec in VIEWS["hazard-limit"]["fields"]}
    assert "Orc scouts" in fields["characters"]["label"] and "not" in fields["characters"]["label"]
    assert fields["orc_scouts"]["label"] == "Orc scouts"
    assert not fields["orc_scouts"]["game"], "a Starter player's scouts are characters too: the input stays"


@pytest.mark.parametrize(
    ("starter", "limit", "read_as"),
    [
        (
            "",
            "Hazard limit 4",
            "5 in all: 3 other characters and 2 Orc scouts, who count half, rounded up together (erratum B19)",
        ),
        ("1", "Hazard limit 5", "5 in all: 3 other characters and 2 Orc scouts, who count in full in the Starter game"),
    ],
)
def test_the_hazard_limit_says_back_how_it_read_the_company(starter, limit, read_as):
    values = {**default_values(VIEWS["hazard-limit"]), "characters": "3", "orc_scouts": "2", "starter": starter}
    shown = render("hazard-limit", values, RULE_URLS)
    assert shown["summary"] == f"{limit} · size {limit[-1]}: 3 other characters and 2 Orc scouts"
    assert f"<dt>Company</dt><dd>{read_as}</dd>" in shown["html"]


def test_a_hazard_limit_link_that_gave_the_company_s_size_keeps_its_meaning():
    """Links made when the form asked for the size, Orc scouts included: size 5 with 2 scouts is 3
    characters besides them."""
    entries = [
        (f"hazard-limit.{k}", v) for k, v in (("size", "5"), ("orc_scouts", "2"), ("halved", "0"), ("starter", "0"))
    ]
    opened = read_link("hazard-limit", entries)
    assert opened["messages"] == []
    assert engine_params(VIEWS["hazard-limit"], opened["values"]) == {"characters": 3, "orc_scouts": 2}


# --- keying answers the question


def test_the_keyings_a_creature_may_have_differ_by_more_than_letter_case():
    """Shadow-land (s) and Shadow-hold (S) once differed only by the case of one letter."""
    (keyed_to,) = [spec for spec in VIEWS["keying"]["fields"] if spec["name"] == "keyed_to"]
    labels = dict(keyed_to["options"])
    assert labels["shadow-land"] == "Shadow-land (region, s)" and labels["shadow-hold"] == "Shadow-hold (site, S)"
    assert len({label.lower() for label in labels.values()}) == len(labels)
    assert len({value.lower() for value in labels}) == len(labels)


def test_keying_answers_can_be_played_with_its_rule():
    values = {**default_values(VIEWS["keying"]), "path": "w s d", "site": "R", "keyed_to": "shadow-hold"}
    shown = render("keying", values, RULE_URLS)
    assert shown["summary"] == "Can be played: no · keyed to Shadow-hold"
    assert 'data-playable="no">Can be played: no</p>' in shown["html"]
    assert "not a Shadow-hold (S)." in shown["html"] and "1.10.57" in shown["html"]
    # the path as entered, and its keyings in its order, by name
    assert "Site path: w s d</p>" in shown["html"]
    assert shown["html"].index("Wilderness,") < shown["html"].index("Shadow-land,") < shown["html"].index("Dark-domain")


def test_keying_opens_asking_about_a_creature():
    shown = render("keying", default_values(VIEWS["keying"]), RULE_URLS)
    assert shown["summary"].startswith("Can be played: ")


# --- the control sheet's "Controlled by" picks, not retypes


def test_controlled_by_is_a_choice_among_the_other_characters_on_the_sheet():
    view = VIEWS["control-sheet"]
    values = default_values(view)
    values["rows"][1]["controller"] = values["rows"][0]["name"]
    root = etree.Element("div")
    render_form(Html(lambda rule_id: f"#r{rule_id}"), root, "control-sheet", view, values)
    first, second = (root.find(f".//select[@id='calc-control-sheet-controller-{index}']") for index in (0, 1))
    assert first is not None and second is not None, "a free text input: the name must be retyped"
    assert [option.get("value") for option in first] == ["", "Character 2"]
    assert [option.get("value") for option in second] == ["", "Character 1"]
    assert [option.get("value") for option in second if option.get("selected")] == ["Character 1"]
