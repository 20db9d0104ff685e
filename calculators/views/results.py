"""A calculator's result as HTML: the one view of it, written at build time for the
default inputs and in the browser's worker for every change (calculators.views.page_api).
The engine's result (its to_dict()) goes in; the words come from the view (mele_calculators.py, sbg_calculators.py)."""

from __future__ import annotations

from fractions import Fraction

from calculators.cli_report import effective_path
from calculators.dice import PROBABILITY, ROLLS, chance_of
from calculators.keying import DETAINMENT_WORDS, REGION_NAMES, keying_name
from calculators.result import EDITORS_NOTE
from calculators.text import percent, signed
from calculators.views.markup import Element, Html


def bar_width(chance: str) -> str:
    return f"width: {float(Fraction(chance)) * 100:.2f}%"


def at_least(roll: int) -> Fraction:
    """The chance of a natural 2D6 roll of `roll` or more."""
    return chance_of(r for r in ROLLS if r >= roll)


def character_name(names: list[str], index: int) -> str:
    return names[index] if index < len(names) and names[index] else f"Character {index + 1}"


def render_result(html: Html, view: dict, result: dict, names: list[str]) -> Element:
    out = Element("div", {"class": "calc-output", "data-calculator": result["calculator"]})
    RENDERERS[view["render"]](html, out, view, result, names)
    explain = out.add("ol", {"class": "calc-explain", "aria-label": "Steps"})
    for step in result["explain"]:
        cited(html, explain.add("li"), step, "text")
    return out


def cited(html, parent: Element, step: dict, words: str) -> Element:
    """A step's words (`words`: its key), the rule it cites, and its editor's note marked as one."""
    if step[words]:
        parent.text(step[words] + " ")
    html.rule_link(parent, step["rule"])
    if step.get("note"):
        note = parent.add("span", {"class": "calc-note"})
        note.text(" ")
        note.add("strong", None, f"{EDITORS_NOTE}:")
        note.text(" " + step["note"])
    return parent


def chance_row(body: Element, key: str, name: str, label: str, chance: str) -> None:
    row = body.add("tr", {key: name})
    row.add("th", {"scope": "row"}, label)
    row.add("td", {"class": "calc-bar"}).add("span", {"class": "calc-bar__track"}).add(
        "span", {"class": "calc-bar__fill", "style": bar_width(chance)}
    )
    row.add("td", {"class": "calc-pct"}, percent(chance))
    row.add("td", {"class": "calc-frac"}, chance)


def outcome_table(html, parent, labels, outcomes, caption="Chances"):
    body = html.table(parent, "calc-outcomes", caption)
    for name, chance in outcomes.items():
        if Fraction(chance) != 0:
            chance_row(body, "data-outcome", name, labels.get(name, name), chance)


def totals_table(html, parent, labels, totals):
    """The chances that answer a player's question, each several outcomes together."""
    body = html.table(parent, "calc-outcomes calc-totals", "In all")
    for name, chance in totals.items():
        chance_row(body, "data-total", name, labels[name], chance)


def needed_roll(html, parent, label, least):
    box = parent.add("details", {"class": "calc-needed"})
    if least is None:
        box.add("summary", None, f"{label}: none")
        box.add("p", None, "No natural roll is enough.")
        return
    box.add("summary", None, f"{label}: {least} or more · {at_least(least)} ({percent(at_least(least))})")
    body = html.table(box, "calc-rolls", "2D6: exactly and at least each natural roll", ("Roll", "Exactly", "At least"))
    for roll in ROLLS:
        row = body.add("tr", {"class": "calc-rolls__ok" if roll >= least else "calc-rolls__short", "data-roll": roll})
        row.add("th", {"scope": "row"}, roll)
        for chance in (PROBABILITY[roll], at_least(roll)):
            row.add("td", None, f"{chance} ({percent(chance)})")


def roll_outcome(parent, labels, result):
    line = parent.add("p", {"class": "calc-outcome", "data-outcome": result["outcome"]})
    line.add("strong", None, "Outcome: ")
    line.text(labels.get(result["outcome"], result["outcome"]))


def fact(parent, label, value, chance=None):
    row = parent.add("div", {"class": "calc-fact"})
    row.add("dt", None, label)
    return row.add("dd", None, value if chance is None else f"{percent(chance)} ({chance})")


def chances_headline(result) -> str:
    data = result["input"]
    if result["calculator"] == "strike":
        body = "–" if data["strike_body"] is None else data["strike_body"]
        return f"Modified prowess {result['modified_prowess']} against a strike of {data['strike_prowess']}/{body}"
    if result["calculator"] == "influence":
        return (
            f"2D6 {signed(result['total_modifier'])} must be greater than {data['required']} "
            f"(unused direct influence {result['unused_direct_influence']})"
        )
    if result["kind"] == "removal":
        how = "not tapping: −3" if data["no_tap"] else "tapping"
        return f"Remove on a roll greater than {data['need_greater_than']} ({how})"
    checks = f", {data['checks']} checks" if data["checks"] > 1 else ""
    return f"{data['points']} corruption points, modifier {signed(data['modifier'])}{checks}"


def total_labels(view, result) -> dict:
    if result["calculator"] == "corruption" and result["input"]["checks"] > 1:
        return {"survives": f"Survives all {result['input']['checks']} checks"}
    if result["calculator"] == "strike" and result["input"]["ringwraith"] and not result["input"]["starter"]:
        return view["ringwraith_totals"]
    return view["totals"]


def render_chances(html, out, view, result, names):
    out.add("p", {"class": "calc-headline"}, chances_headline(result))
    if result.get("outcome") is not None:
        roll_outcome(out, view["outcomes"], result)
        return
    if result.get("totals"):
        totals_table(html, out, total_labels(view, result), result["totals"])
    outcome_table(
        html, out, view["outcomes"], result["outcomes"], "Each outcome" if result.get("totals") else "Chances"
    )
    if result.get("mode") != "roll":
        needed_roll(html, out, view["least_label"], result.get("least_roll"))


def render_attack(html, out, view, result, names):
    first = result["strikes"][0]["input"]
    body = "–" if first["strike_body"] is None else first["strike_body"]
    out.add("p", {"class": "calc-headline"}, f"{len(result['strikes'])} strike(s) of {first['strike_prowess']}/{body}")
    outcome_table(html, out, view["outcomes"], result["outcomes"], "The attack")
    totals_table(html, out, view["totals"], result["totals"])
    facts = out.add("dl", {"class": "calc-facts"})
    fact(facts, "Expected wounded characters who survive", result["expected_wounded"])
    fact(facts, "At least one eliminated", None, result["at_least_one_eliminated"])
    for index, strike in enumerate(result["strikes"]):
        name = character_name(names, index)
        box = out.add("details", {"class": "calc-strike", "data-strike": index})
        defeated = strike["outcomes"]["defeated"]
        box.add(
            "summary",
            None,
            f"{name}: prowess {strike['modified_prowess']}, defeats the strike {percent(defeated)} ({defeated})",
        )
        totals_table(html, box, view["strike_totals"], strike["totals"])
        outcome_table(html, box, view["strike_outcomes"], strike["outcomes"], name)


def badges(parent, kind, codes):
    """Region keyings ("dd") show their region's badge; site keyings their site type's; each with its
    name (a Shadow-land "s" and a Shadow-hold "S" differ by more than letter case)."""
    if not codes:
        parent.add("span", None, "none")
    for index, code in enumerate(codes):
        symbol = code[0] if kind == "region" else code
        item = parent.add("span", {"class": "calc-keyed", "data-keyed": code})
        item.add("span", {"class": f"badge badge--{kind} badge--{symbol.lower()}", "aria-hidden": "true"}, code)
        item.text(" " + keying_name(code) + ("," if index < len(codes) - 1 else ""))
        parent.text(" ")


def keying_answer(html, out, result):
    """Whether a creature keyed as asked can be played, and why, each reason with its rule."""
    verdict = "yes" if result["playable"] else "no"
    out.add("p", {"class": "calc-headline calc-big", "data-playable": verdict}, f"Can be played: {verdict}")
    because = out.add("ul", {"class": "calc-because", "aria-label": "Because"})
    for index, step in enumerate(result["answer"]):
        line = because.add("li")
        if index == 0:
            line.add("strong", None, "Because: ")
        cited(html, line, step, "text")


def environment_line(out, result):
    """The site path the environment leaves, and what changed it (or that nothing did)."""
    line = out.add("p", {"class": "calc-path", "data-path": " ".join(result["path"])})
    line.add("strong", None, "Effective site path: ")
    line.text(effective_path(result))
    if result["changes"]:
        changed = "; ".join(
            f"{REGION_NAMES[old]} [{old}] → {REGION_NAMES[new]} [{new}]" for old, new in result["changes"]
        )
        out.add("p", {"class": "calc-changes"}, f"Fell Winter with Doors of Night: {changed}.")


def render_keying(html, out, view, result, names):
    if result["keyed_to"]:
        keying_answer(html, out, result)
    out.add("p", {"class": "calc-headline"}, "Site path: " + (" ".join(result["input"]["path"]) or "none"))
    environment_line(out, result)
    facts = out.add("dl", {"class": "calc-facts"})
    for label, kind, codes in (
        ("Region keyings", "region", result["region_keyings"]),
        ("Site keyings", "site", result["site_keyings"]),
    ):
        row = facts.add("div", {"class": "calc-fact", "data-fact": label})
        row.add("dt", None, label)
        badges(row.add("dd"), kind, codes)
    for environment_fact in result["facts"]:
        row = facts.add("div", {"class": "calc-fact", "data-fact": "environment"})
        row.add("dt", None, "Automatic-attack")
        cited(html, row.add("dd"), environment_fact, "text")
    body = html.table(out, "calc-detainment", "Detainment attack when keyed to", ("Keyed to", "Detainment"))
    for keyed, when in result["detainment"].items():
        row = body.add("tr", {"data-keyed": keyed})
        row.add("th", {"scope": "row"}, f"{keying_name(keyed)} ({keyed})")
        row.add("td", {"data-detainment": when}, DETAINMENT_WORDS[when])


def counted(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def company_counted(result) -> str:
    """The company as the form's two counts give it: "3 other characters and 2 Orc scouts"."""
    data = result["input"]
    if not data["orc_scouts"]:
        return counted(data["characters"], "character")
    others = counted(data["characters"], "other character")
    return f"{others} and {counted(data['orc_scouts'], 'Orc scout')}"


def company_read_as(result) -> str:
    """How the form's counts were read, said back, where a player could have meant them two ways
    (the Orc scouts among the characters, or besides them): "5 in all: 3 other characters and 2
    Orc scouts, who count half, rounded up together (erratum B19)"."""
    data = result["input"]
    if not data["orc_scouts"]:
        return company_counted(result)
    how = (
        "who count in full in the Starter game"
        if data["starter"]
        else "who count half, rounded up together (erratum B19)"
    )
    return f"{data['characters'] + data['orc_scouts']} in all: {company_counted(result)}, {how}"


def render_hazard(html, out, view, result, names):
    out.add("p", {"class": "calc-headline calc-big"}, f"Hazard limit {result['hazard_limit']}")
    facts = out.add("dl", {"class": "calc-facts"})
    fact(facts, "Company", company_read_as(result))
    fact(facts, "Company size", result["company_size"])


AUDIENCE_WINNER = {"me": "I win", "opponent": "The opponent wins", "tie": "A tie"}


def render_audience(html, out, view, result, names):
    me, them = result["me"], result["opponent"]
    out.add(
        "p",
        {"class": "calc-headline"},
        f"Me {me['final_total']}, opponent {them['final_total']}: {AUDIENCE_WINNER[result['winner']]}",
    )
    body = html.table(
        out, "calc-audience", "Marshalling points after doubling and the one-type cap", ("", "Me", "Opponent")
    )
    rows = [(kind, points, them["capped"][kind]) for kind, points in me["capped"].items()]  # the book's order
    rows += [
        ("raw total", me["raw_total"], them["raw_total"]),
        ("doubled total", me["doubled_total"], them["doubled_total"]),
        ("capped total", me["capped_total"], them["capped_total"]),
        ("revealed against", -me["revealed_against"], -them["revealed_against"]),
        ("final total", me["final_total"], them["final_total"]),
    ]
    for label, mine, theirs in rows:
        row = body.add("tr", {"data-row": label})
        row.add("th", {"scope": "row"}, label)
        row.add("td", None, mine)
        row.add("td", None, theirs)


def render_sheet(html, out, view, result, names):
    legal = "legal" if result["legal"] else "not legal"
    out.add(
        "p",
        {"class": "calc-headline"},
        f"General influence: {result['used_general_influence']} used, "
        f"{result['unused_general_influence']} unused; the sheet is {legal}",
    )
    if result["violations"]:
        problems = out.add("ul", {"class": "calc-violations"})
        for violation in result["violations"]:
            cited(html, problems.add("li"), violation, "message")
    body = html.table(out, "calc-sheet", "Direct influence", ("Character", "Followers", "Unused DI", "Unused [DI]"))
    for entry in result["influence"]:
        row = body.add("tr", {"data-character": entry["name"]})
        row.add("th", {"scope": "row"}, entry["name"])
        row.add("td", None, ", ".join(entry["followers"]) or "–")
        row.add("td", None, entry["unused_direct_influence"])
        row.add("td", None, entry["unused_bracket_influence"])


# --- the Strategy Battle Game: one D6 each ------------------------------------------------------

SWIM_EDITIONS = {"advanced": "Swim Test, Advanced Rules", "article": "Swimming chart, boats article"}
CHART_MISSING = (
    "The boats article's Swimming chart is missing from the source, so this shows the "
    "modified D6 result only, not what it means for the model."
)


def faces_table(html, parent, labels, faces, modified=False):
    """What each natural D6 roll gives (with its modified result, where modifiers apply)."""
    titles = ("Roll", "Modified", "Result") if modified else ("Roll", "Result")
    body = html.table(parent, "calc-faces", "Each natural roll", titles)
    for face, given in faces.items():
        row = body.add("tr", {"data-roll": face})
        row.add("th", {"scope": "row"}, face)
        outcome = given["outcome"] if modified else given
        if modified:
            row.add("td", None, given["modified"])
        row.add("td", None, labels.get(outcome, outcome))


def render_swim(html, out, view, result, names):
    edition = SWIM_EDITIONS[result["input"]["edition"]]
    out.add("p", {"class": "calc-headline"}, f"{edition}: D6 {signed(result['modifier'])}")
    if result["chart_missing"]:
        out.add("p", {"class": "calc-missing"}, CHART_MISSING)
    if result["mode"] == "roll":
        roll_outcome(out, view["outcomes"], result)
        facts = out.add("dl", {"class": "calc-facts"})
        fact(facts, "Natural roll", result["roll"])
        fact(facts, "Modified result", result["modified_roll"])
        return
    caption = "Modified D6 result" if result["chart_missing"] else "Chances"
    outcome_table(html, out, view["outcomes"], result["outcomes"], caption)
    faces_table(html, out, view["outcomes"], result["faces"], modified=True)


def render_d6(html, out, view, result, names):
    out.add("p", {"class": "calc-headline"}, "One D6, no modifiers")
    if result["mode"] == "roll":
        roll_outcome(out, view["outcomes"], result)
        return
    outcome_table(html, out, view["outcomes"], result["outcomes"])
    faces_table(html, out, view["outcomes"], result["faces"])


RENDERERS = {
    "chances": render_chances,
    "attack": render_attack,
    "keying": render_keying,
    "hazard": render_hazard,
    "audience": render_audience,
    "sheet": render_sheet,
    "swim": render_swim,
    "d6": render_d6,
}
