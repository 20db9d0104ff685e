"""The engine's result as HTML, at build time. render.js mirrors this in the
browser; a browser test checks that the two say the same."""

from __future__ import annotations

from fractions import Fraction

from calculators.dice import PROBABILITY, ROLLS, chance_of
from calculators.text import percent, signed

from .elements import Html


def bar_width(chance: str) -> str:
    return f"width: {float(Fraction(chance)) * 100:.2f}%"


def at_least(roll: int) -> Fraction:
    """The chance of a natural 2D6 roll of `roll` or more."""
    return chance_of(r for r in ROLLS if r >= roll)


def render_result(html: Html, parent, view: dict, result: dict, names: list[str]) -> None:
    out = html.el(parent, "div", {"class": "calc-output", "data-calculator": result["calculator"]})
    RENDERERS[view["render"]](html, out, view, result, names)
    explain = html.el(out, "ol", {"class": "calc-explain", "aria-label": "Steps"})
    for step in result["explain"]:
        item = html.el(explain, "li", None, step["text"] + " ")
        html.rule_link(item, step["rule"])


def outcome_table(html, parent, labels, outcomes, caption="Chances"):
    body = html.table(parent, "calc-outcomes", caption)
    for name, chance in outcomes.items():
        if Fraction(chance) == 0:
            continue
        row = html.el(body, "tr", {"data-outcome": name})
        html.el(row, "th", {"scope": "row"}, labels.get(name, name))
        cell = html.el(row, "td", {"class": "calc-bar"})
        html.el(html.el(cell, "span", {"class": "calc-bar__track"}), "span",
                {"class": "calc-bar__fill", "style": bar_width(chance)})
        html.el(row, "td", {"class": "calc-pct"}, percent(chance))
        html.el(row, "td", {"class": "calc-frac"}, chance)


def needed_roll(html, parent, label, least):
    box = html.el(parent, "details", {"class": "calc-needed"})
    if least is None:
        html.el(box, "summary", None, f"{label}: none")
        html.el(box, "p", None, "No natural roll is enough.")
        return
    html.el(box, "summary", None, f"{label}: {least} or more · {at_least(least)} ({percent(at_least(least))})")
    body = html.table(box, "calc-rolls", "2D6: exactly and at least each natural roll",
                      ("Roll", "Exactly", "At least"))
    for roll in ROLLS:
        row = html.el(body, "tr", {"class": "calc-rolls__ok" if roll >= least else "calc-rolls__short",
                                   "data-roll": roll})
        html.el(row, "th", {"scope": "row"}, roll)
        for chance in (PROBABILITY[roll], at_least(roll)):
            html.el(row, "td", None, f"{chance} ({percent(chance)})")


def roll_outcome(html, parent, labels, result):
    line = html.el(parent, "p", {"class": "calc-outcome", "data-outcome": result["outcome"]})
    html.el(line, "strong", None, "Outcome: ")
    html.tail(line[-1], labels.get(result["outcome"], result["outcome"]))


def fact(html, parent, label, value, chance=None):
    row = html.el(parent, "div", {"class": "calc-fact"})
    html.el(row, "dt", None, label)
    html.el(row, "dd", None, value if chance is None else f"{percent(chance)} ({chance})")


def chances_headline(result) -> str:
    data = result["input"]
    if result["calculator"] == "strike":
        body = "–" if data["strike_body"] is None else data["strike_body"]
        return f"Modified prowess {result['modified_prowess']} against a strike of {data['strike_prowess']}/{body}"
    if result["calculator"] == "influence":
        return (f"2D6 {signed(result['total_modifier'])} must be greater than {data['required']} "
                f"(unused direct influence {result['unused_direct_influence']})")
    if result["kind"] == "removal":
        how = "not tapping: −3" if data["no_tap"] else "tapping"
        return f"Remove on a roll greater than {data['need_greater_than']} ({how})"
    checks = f", {data['checks']} checks" if data["checks"] > 1 else ""
    return f"{data['points']} corruption points, modifier {signed(data['modifier'])}{checks}"


def render_chances(html, out, view, result, names):
    html.el(out, "p", {"class": "calc-headline"}, chances_headline(result))
    if result.get("mode") == "roll":
        roll_outcome(html, out, view["outcomes"], result)
    else:
        outcome_table(html, out, view["outcomes"], result["outcomes"])
        needed_roll(html, out, view["least_label"], result.get("least_roll"))
    if result.get("survives_all") is not None:
        facts = html.el(out, "dl", {"class": "calc-facts"})
        fact(html, facts, "Survives every check", None, result["survives_all"])


def render_attack(html, out, view, result, names):
    first = result["strikes"][0]["input"]
    body = "–" if first["strike_body"] is None else first["strike_body"]
    html.el(out, "p", {"class": "calc-headline"},
            f"{len(result['strikes'])} strike(s) of {first['strike_prowess']}/{body}")
    outcome_table(html, out, view["outcomes"], result["outcomes"], "The attack")
    facts = html.el(out, "dl", {"class": "calc-facts"})
    fact(html, facts, "Expected wounded characters", result["expected_wounded"])
    fact(html, facts, "At least one eliminated", None, result["at_least_one_eliminated"])
    for index, strike in enumerate(result["strikes"]):
        name = names[index] if index < len(names) and names[index] else f"Character {index + 1}"
        box = html.el(out, "details", {"class": "calc-strike", "data-strike": index})
        defeated = strike["outcomes"]["defeated"]
        html.el(box, "summary", None, f"{name}: prowess {strike['modified_prowess']}, defeats the strike "
                                      f"{percent(defeated)} ({defeated})")
        outcome_table(html, box, view["strike_outcomes"], strike["outcomes"], name)


def badges(html, parent, kind, codes):
    """Region keyings ("dd") show their region's badge; site keyings their site type's."""
    if not codes:
        html.el(parent, "span", None, "none")
    for code in codes:
        symbol = code[0] if kind == "region" else code
        html.el(parent, "span", {"class": f"badge badge--{kind} badge--{symbol.lower()}"}, code)
        html.tail(parent[-1], " ")


def render_keying(html, out, view, result, names):
    html.el(out, "p", {"class": "calc-headline"}, "Site path: " + (" ".join(result["path"]) or "none"))
    facts = html.el(out, "dl", {"class": "calc-facts"})
    for label, kind, codes in (("Region keyings", "region", result["region_keyings"]),
                               ("Site keyings", "site", result["site_keyings"])):
        row = html.el(facts, "div", {"class": "calc-fact", "data-fact": label})
        html.el(row, "dt", None, label)
        badges(html, html.el(row, "dd"), kind, codes)
    body = html.table(out, "calc-detainment", "Detainment when keyed to")
    for keyed, when in result["detainment"].items():
        row = html.el(body, "tr", {"data-keyed": keyed})
        html.el(row, "th", {"scope": "row"}, keyed)
        html.el(row, "td", None, when)


def render_hazard(html, out, view, result, names):
    html.el(out, "p", {"class": "calc-headline calc-big"}, f"Hazard limit {result['hazard_limit']}")
    facts = html.el(out, "dl", {"class": "calc-facts"})
    fact(html, facts, "Company size", result["company_size"])


AUDIENCE_WINNER = {"me": "I win", "opponent": "The opponent wins", "tie": "A tie"}


def render_audience(html, out, view, result, names):
    me, them = result["me"], result["opponent"]
    html.el(out, "p", {"class": "calc-headline"},
            f"Me {me['final_total']}, opponent {them['final_total']}: {AUDIENCE_WINNER[result['winner']]}")
    body = html.table(out, "calc-audience", "Marshalling points after doubling and the one-type cap",
                      ("", "Me", "Opponent"))
    rows = [(kind, points, them["capped"][kind]) for kind, points in me["capped"].items()]   # the book's order
    rows += [("raw total", me["raw_total"], them["raw_total"]),
             ("doubled total", me["doubled_total"], them["doubled_total"]),
             ("capped total", me["capped_total"], them["capped_total"]),
             ("revealed against", -me["revealed_against"], -them["revealed_against"]),
             ("final total", me["final_total"], them["final_total"])]
    for label, mine, theirs in rows:
        row = html.el(body, "tr", {"data-row": label})
        html.el(row, "th", {"scope": "row"}, label)
        html.el(row, "td", None, mine)
        html.el(row, "td", None, theirs)


def render_sheet(html, out, view, result, names):
    legal = "legal" if result["legal"] else "not legal"
    html.el(out, "p", {"class": "calc-headline"},
            f"General influence: {result['used_general_influence']} used, "
            f"{result['unused_general_influence']} unused; the sheet is {legal}")
    if result["violations"]:
        problems = html.el(out, "ul", {"class": "calc-violations"})
        for violation in result["violations"]:
            item = html.el(problems, "li", None, violation["message"] + " ")
            html.rule_link(item, violation["rule"])
    body = html.table(out, "calc-sheet", "Direct influence",
                      ("Character", "Followers", "Unused DI", "Unused [DI]"))
    for entry in result["influence"]:
        row = html.el(body, "tr", {"data-character": entry["name"]})
        html.el(row, "th", {"scope": "row"}, entry["name"])
        html.el(row, "td", None, ", ".join(entry["followers"]) or "–")
        html.el(row, "td", None, entry["unused_direct_influence"])
        html.el(row, "td", None, entry["unused_bracket_influence"])


# --- the Strategy Battle Game: one D6 each ------------------------------------------------------

SWIM_EDITIONS = {"advanced": "Swim Test, Advanced Rules", "article": "Swimming chart, boats article"}
CHART_MISSING = ("The boats article's Swimming chart is missing from the source, so this shows the "
                 "modified D6 result only, not what it means for the model.")


def render_swim(html, out, view, result, names):
    edition = SWIM_EDITIONS[result["input"]["edition"]]
    html.el(out, "p", {"class": "calc-headline"}, f"{edition}: D6 {signed(result['modifier'])}")
    if result["chart_missing"]:
        html.el(out, "p", {"class": "calc-missing"}, CHART_MISSING)
    if result["mode"] == "roll":
        roll_outcome(html, out, view["outcomes"], result)
        facts = html.el(out, "dl", {"class": "calc-facts"})
        fact(html, facts, "Natural roll", result["roll"])
        fact(html, facts, "Modified result", result["modified_roll"])
    else:
        caption = "Modified D6 result" if result["chart_missing"] else "Chances"
        outcome_table(html, out, view["outcomes"], result["outcomes"], caption)


def render_d6(html, out, view, result, names):
    html.el(out, "p", {"class": "calc-headline"}, "One D6, no modifiers")
    if result["mode"] == "roll":
        roll_outcome(html, out, view["outcomes"], result)
        return
    outcome_table(html, out, view["outcomes"], result["outcomes"])
    body = html.table(out, "calc-faces", "Each natural roll", ("Roll", "Result"))
    for face, outcome in result["faces"].items():
        row = html.el(body, "tr", {"data-roll": face})
        html.el(row, "th", {"scope": "row"}, face)
        html.el(row, "td", None, view["outcomes"].get(outcome, outcome))


RENDERERS = {"chances": render_chances, "attack": render_attack, "keying": render_keying,
             "hazard": render_hazard, "audience": render_audience, "sheet": render_sheet,
             "swim": render_swim, "d6": render_d6}
