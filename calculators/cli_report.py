"""Readable, plain-text summaries of results (the CLI's default output)."""

from calculators.keying import DETAINMENT_WORDS, keying_name
from calculators.result import EDITORS_NOTE
from calculators.text import percent, signed


def format_result(data: dict) -> str:
    """Text for a result's ``to_dict()``."""
    lines = [_TITLES.get(data["calculator"], lambda d: d["calculator"])(data)]
    lines += _DETAILS.get(data["calculator"], lambda d: [])(data)
    if data.get("mode") == "roll" and data.get("outcome"):
        lines.append(f"Outcome: {data['outcome']}")
    elif data["calculator"] not in _CERTAIN:
        lines.append("Chances:")
        width = max(len(name) for name in data["outcomes"])
        for name, chance in data["outcomes"].items():
            if chance != "0" or len(data["outcomes"]) <= 3:
                lines.append(f"  {name:<{width}}  {chance:>9}  {percent(chance):>6}")
        if data.get("totals"):
            lines.append("In all (several outcomes together):")
            for name, chance in data["totals"].items():
                lines.append(f"  {name:<{width}}  {chance:>9}  {percent(chance):>6}")
    if "least_roll" in data and data.get("mode") == "chances":
        least = data["least_roll"]
        lines.append(f"{_least_roll_label(data)}: {least if least is not None else 'none'}")
    lines.append("Steps:")
    for step in data["explain"]:
        lines.append(f"  - {step_text(step)}")
    return "\n".join(lines)


def step_text(step: dict) -> str:
    """ "Wounded: -2 prowess. [MELE 1.7.16]", an editor's note after the citation, marked as one."""
    note = f" {EDITORS_NOTE}: {step['note']}" if step.get("note") else ""
    text = f"{step['text']} " if step["text"] else ""
    return f"{text}[{cited(step['rule'])}]{note}"


def cited(rule_id: str) -> str:
    """ "MELE 1.7.23" for the rulebook; SBG ids ("SBG-A.1.2") name their source already."""
    return rule_id if rule_id.startswith("SBG") else f"MELE {rule_id}"


def _least_roll_label(d) -> str:
    if d["calculator"] == "strike":
        return "Least natural roll that makes the strike fail"
    if d["calculator"] == "corruption":
        if d["kind"] == "removal":
            return "Least natural roll that removes the card"
        return "Least natural roll that passes (not eliminated)"
    return "Least natural roll that succeeds"


def _strike_title(d):
    i = d["input"]
    body = "-" if i["strike_body"] is None else i["strike_body"]
    return (
        f"Strike: prowess {d['modified_prowess']} (base {i['prowess']}) against a strike of "
        f"{i['strike_prowess']}/{body}" + _roll_text(d)
    )


def _roll_text(d):
    if d.get("mode") != "roll":
        return ""
    rolls = d.get("rolls") or [d.get("roll")]
    text = f", roll {', '.join(str(r) for r in rolls)}"
    if d.get("body_roll") is not None:
        text += f", body check roll {d['body_roll']}"
    return text


def _corruption_title(d):
    i = d["input"]
    if d["kind"] == "removal":
        return (
            f"Removing a corruption card (roll greater than {i['need_greater_than']}"
            + (", not tapping: -3)" if i["no_tap"] else ", tapping)")
            + _roll_text(d)
        )
    checks = f", {i['checks']} checks" if i["checks"] > 1 else ""
    return f"Corruption check: {i['points']} corruption points, modifier {signed(i['modifier'])}{checks}" + _roll_text(
        d
    )


def _corruption_details(d):
    lines = []
    if d.get("survives_all") is not None:
        lines.append(f"Survives all checks: {d['survives_all']} ({percent(d['survives_all'])})")
    return lines


def _influence_title(d):
    i = d["input"]
    return f"Influence check: 2D6 {signed(d['total_modifier'])} must be greater than {i['required']}" + _roll_text(d)


def _keying_details(d):
    lines = []
    if d["keyed_to"]:
        lines.append(f"Can be played keyed to {keying_name(d['keyed_to'])}: {'yes' if d['playable'] else 'no'}")
        lines += [f"  {step_text(step)}" for step in d["answer"]]
    lines += [
        f"Site path: {effective_path(d)}",
        f"Region keyings: {', '.join(keying_name(code) for code in d['region_keyings']) or 'none'}",
        f"Site keyings: {', '.join(keying_name(code) for code in d['site_keyings']) or 'none'}",
    ]
    for keyed, rule in d["detainment"].items():
        lines.append(f"  keyed to {keying_name(keyed)}: detainment {DETAINMENT_WORDS[rule]}")
    for fact in d["facts"]:
        lines.append(step_text(fact))
    return lines


def effective_path(d) -> str:
    """The site path as the environment leaves it: "s w f b -> s w b w", or "d w w (unchanged)"."""
    given, path = " ".join(d["input"]["path"]), " ".join(d["path"])
    if not given:
        return "(none)"
    if given == path:
        changed_by = d["input"]["doors_of_night"] or d["input"]["fell_winter"]
        return f"{path} (unchanged)" if changed_by else path
    return f"{given} -> {path}"


def _swim_title(d):
    i = d["input"]
    edition = {"advanced": "Advanced Rules Swim Test", "article": "boats article Swimming chart roll"}[i["edition"]]
    return f"SBG {edition}, modifier {signed(d['modifier'])}" + _roll_text(d)


def _swim_details(d):
    lines = []
    if d["chart_missing"]:
        lines.append(
            "The article's Swimming chart is missing from the source: chances are for the modified D6 result only."
        )
    if d.get("mode") == "roll":
        lines.append(f"Modified roll: {d['modified_roll']}")
    return lines


def _hazard_title(d):
    return f"Hazard limit {d['hazard_limit']} (company size {d['company_size']})"


def _audience_details(d):
    lines = [f"  {'':<10}{'raw':>6}{'doubled':>9}{'capped':>8}{'revealed':>10}{'final':>7}"]
    for side in ("me", "opponent"):
        t = d[side]
        lines.append(
            f"  {side:<10}{t['raw_total']:>6}{t['doubled_total']:>9}{t['capped_total']:>8}"
            f"{-t['revealed_against']:>10}{t['final_total']:>7}"
        )
    lines.append(f"Winner: {d['winner']}")
    return lines


def _attack_details(d):
    return [
        f"Attack defeated: {d['defeated']} ({percent(d['defeated'])})",
        f"Expected wounded characters: {d['expected_wounded']}",
        f"At least one eliminated: {d['at_least_one_eliminated']} ({percent(d['at_least_one_eliminated'])})",
    ]


def _sheet_details(d):
    lines = [f"General influence used {d['used_general_influence']}, unused {d['unused_general_influence']}"]
    for entry in d["influence"]:
        lines.append(f"  {entry['name']}: unused direct influence {entry['unused_direct_influence']}")
    for violation in d["violations"]:
        note = f" {EDITORS_NOTE}: {violation['note']}" if violation.get("note") else ""
        lines.append(f"  BROKEN [MELE {violation['rule']}]: {violation['message']}{note}")
    return lines


# Calculators whose single outcome is certain: their details say it all.
_CERTAIN = ("keying", "hazard-limit", "audience", "control-sheet")

_TITLES = {
    "strike": _strike_title,
    "corruption": _corruption_title,
    "influence": _influence_title,
    "keying": lambda d: "Creature keying" + (" (company not moving)" if d["input"]["not_moving"] else ""),
    "hazard-limit": _hazard_title,
    "audience": lambda d: "Audience with Sauron" + (" (Starter Rules)" if d["input"]["starter"] else ""),
    "attack": lambda d: f"Attack with {len(d['strikes'])} strike(s)",
    "control-sheet": lambda d: "Control sheet",
    "swim": _swim_title,
    "passenger-hit": lambda d: "SBG Hitting Passengers: a shot that would hit the rider" + _roll_text(d),
    "mount": lambda d: "SBG Mounting a Cavalry model as a Passenger" + _roll_text(d),
}
_DETAILS = {
    "corruption": _corruption_details,
    "keying": _keying_details,
    "audience": _audience_details,
    "attack": _attack_details,
    "control-sheet": _sheet_details,
    "swim": _swim_details,
}
