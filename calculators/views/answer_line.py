"""A result's headline answer in one line, for the bar that stays on screen while the
reader edits ("Strike fails 72.2% · wounded 16.7% · out of play 6.9%")."""

from __future__ import annotations

from fractions import Fraction

from calculators.keying import keying_name
from calculators.text import percent
from calculators.views.results import AUDIENCE_WINNER, company_counted

SEPARATOR = " · "


def summary(view: dict, result: dict, names: list[str]) -> str:
    if result.get("outcome") is not None:
        label = view["outcomes"].get(result["outcome"], result["outcome"])
        return f"Outcome: {label}"
    return SUMMARIES[view["render"]](view, result)


def error_summary(message: str) -> str:
    return f"Not updated: {message}"


def _chances(view, result) -> str:
    outcomes, totals = result["outcomes"], result.get("totals") or {}
    if result["calculator"] == "strike":
        fails = percent(Fraction(outcomes["defeated"]) + Fraction(outcomes["failed"]))
        if result["input"]["detainment"]:
            return SEPARATOR.join([f"Strike fails {fails}", f"he taps {percent(outcomes['detained'])}"])
        return SEPARATOR.join(
            [
                f"Strike fails {fails}",
                f"wounded {percent(totals['wounded'])}",
                f"out of play {percent(totals['out_of_play'])}",
            ]
        )
    if result["calculator"] == "corruption" and result["kind"] == "check":
        checks = result["input"]["checks"]
        survives = "Survives" if checks == 1 else f"Survives all {checks} checks"
        return SEPARATOR.join(
            [
                f"{survives} {percent(totals['survives'])} (taps {percent(outcomes['taps'])})",
                f"eliminated {percent(outcomes['eliminated'])}",
            ]
        )
    success = next(iter(outcomes))  # removed, success: the roll the reader hopes for comes first
    least = result.get("least_roll")
    needs = f"needs a natural {least} or more" if least else "no roll is enough"
    return SEPARATOR.join([f"{view['outcomes'][success]} {percent(outcomes[success])}", needs])


def _attack(view, result) -> str:
    totals = result["totals"]
    return SEPARATOR.join(
        [
            f"Attack defeated {percent(result['defeated'])}",
            f"at least one wounded {percent(totals['wounded'])}",
            f"at least one out of play {percent(totals['out_of_play'])}",
        ]
    )


def _keying(view, result) -> str:
    if result["keyed_to"]:
        verdict = "yes" if result["playable"] else "no"
        return f"Can be played: {verdict}{SEPARATOR}keyed to {keying_name(result['keyed_to'])}"
    regions = ", ".join(keying_name(code) for code in result["region_keyings"]) or "none"
    sites = ", ".join(keying_name(code) for code in result["site_keyings"]) or "none"
    return f"Regions: {regions}{SEPARATOR}site: {sites}"


def _hazard(view, result) -> str:
    return f"Hazard limit {result['hazard_limit']}{SEPARATOR}size {result['company_size']}: {company_counted(result)}"


def _audience(view, result) -> str:
    return (
        f"Me {result['me']['final_total']}, opponent {result['opponent']['final_total']}: "
        f"{AUDIENCE_WINNER[result['winner']]}"
    )


def _sheet(view, result) -> str:
    legal = "legal" if result["legal"] else "not legal"
    return (
        f"General influence {result['used_general_influence']} used, {result['unused_general_influence']} "
        f"unused{SEPARATOR}{legal}"
    )


def _d6(view, result) -> str:
    """Each outcome that can happen, in a word or two ("Sink 16.7% · Swim 66.7% · …")."""
    words = {**view["outcomes"], **view.get("short_outcomes", {})}
    return SEPARATOR.join(
        f"{words.get(name, name)} {percent(chance)}" for name, chance in result["outcomes"].items() if chance != "0"
    )


SUMMARIES = {
    "chances": _chances,
    "attack": _attack,
    "keying": _keying,
    "hazard": _hazard,
    "audience": _audience,
    "sheet": _sheet,
    "swim": _d6,
    "d6": _d6,
}
