"""Strategy Battle Game: a model swimming (the Swim Test / the Swimming chart).

Two editions, never mixed:

* ``advanced``: the newer Rules Manual's Advanced Rules (``sources/sbg-advanced-rules.txt``):
  D6 on the Swim Table, 1 Sink / 2-5 Swim / 6 Swim Strongly, with cumulative
  modifiers for Cavalry (+1), heavy armour (-1), a shield that is not a light
  shield (-1), a banner (-1), and -1 more for a test taken because the model was
  knocked Prone in Deep Water.
* ``article``: the older boats article (``sources/sbg-boats-article.txt``). Only
  its armour modifier table survives; the Swimming chart itself is missing, so
  the result is the distribution of the modified D6 result, not an outcome.
"""

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from calculators import citations as rules
from calculators.dice import D6_FACES
from calculators.options import REQUIRED, Option, OptionTable, Requires, roll_option
from calculators.result import Step, check_distribution, result_dict
from calculators.text import signed

EDITIONS = ("advanced", "article")
EDITION_NAMES = {
    "advanced": "the Advanced Rules (newer Rules Manual)",
    "article": "the boats article (older edition)",
}
FACES = D6_FACES
LOWEST, HIGHEST = 1, 6
OUTCOMES = ("sink", "swim", "swim_strongly")
ARTICLE_OUTCOMES = tuple(str(face) for face in FACES)


def _advanced_only(reason: str) -> tuple:
    return (Requires("edition", ("advanced",), reason),)


SWIM_OPTIONS = OptionTable(
    Option(
        "edition",
        "choice",
        "The edition",
        "advanced (Advanced Rules) or article (boats article)",
        REQUIRED,
        choices=EDITIONS,
        metavar="EDITION",
    ),
    Option(
        "cavalry",
        "bool",
        "Cavalry",
        "a Cavalry model, +1 (advanced only)",
        False,
        requires=_advanced_only(
            "In the boats article mounted models may not attempt to swim; they may "
            "dismount and swim without their mount "
            f"({rules.SBG_ARTICLE_MOUNTED_MAY_NOT_SWIM})."
        ),
    ),
    Option("heavy_armour", "bool", "Heavy armour", "heavy (or Dwarf heavy) armour, -1", False),
    Option("shield", "bool", "Shield", "a shield (not a light shield), -1", False),
    Option(
        "banner",
        "bool",
        "Banner",
        "carrying a banner, -1 (advanced only)",
        False,
        requires=_advanced_only(
            "The boats article has no modifier for a banner (only armour and shields, "
            f"{rules.SBG_ARTICLE_APPLY_MODIFIERS}, {rules.SBG_ARTICLE_SHIELD}); the -1 for a banner is in the "
            "advanced edition only."
        ),
    ),
    Option(
        "prone_in_deep",
        "bool",
        "Knocked Prone in Deep Water",
        "the test for being knocked Prone in Deep Water, -1 (advanced only)",
        False,
        requires=_advanced_only(
            "The boats article has no -1 for a model knocked Prone in the water: its only modifiers are "
            f"for armour and shields ({rules.SBG_ARTICLE_APPLY_MODIFIERS}, {rules.SBG_ARTICLE_SHIELD}), and after a fight in the water "
            f"a model simply rolls on the Swimming chart again ({rules.SBG_ARTICLE_ROLL_AGAIN_AFTER_A_FIGHT}). "
            "Use the advanced edition for that -1."
        ),
    ),
    Option(
        "no_armour",
        "bool",
        "No armour",
        "no or Mithril armour, +1 (article only)",
        False,
        requires=(
            Requires(
                "edition",
                ("article",),
                "The advanced edition has no modifier for wearing no "
                f"armour (that +1 is the boats article's, {rules.SBG_ARTICLE_NO_ARMOUR}); a model "
                "without heavy armour simply takes no armour modifier.",
            ),
            Requires(
                "heavy_armour",
                (False,),
                "A model can't wear no armour and heavy armour at once: give either no armour or heavy armour.",
            ),
        ),
    ),
)
SWIM_ROLL = roll_option("roll", "The swim roll", "resolve this D6 roll (1-6)", dice="D6")


def clamp(result: int) -> int:
    return min(HIGHEST, max(LOWEST, result))


@dataclass(frozen=True)
class SwimInput:
    edition: str
    cavalry: bool = False
    heavy_armour: bool = False
    shield: bool = False
    banner: bool = False
    prone_in_deep: bool = False
    no_armour: bool = False

    def __post_init__(self):
        SWIM_OPTIONS.check(self)


@dataclass(frozen=True)
class SwimResult:
    calculator: ClassVar[str] = "swim"

    input: SwimInput
    modifier: int
    modifiers: tuple
    modified_results: dict
    outcomes: dict
    chart_missing: bool
    faces: dict  # natural roll -> its modified result (clamped to 1-6) and outcome name
    explain: tuple
    mode: str = "chances"
    roll: int | None = None
    modified_roll: int | None = None
    outcome: str | None = None

    def to_dict(self) -> dict:
        return result_dict(
            self,
            (
                "mode",
                "input",
                "chart_missing",
                "modifier",
                "modifiers",
                "modified_results",
                "outcomes",
                "faces",
                "roll",
                "modified_roll",
                "outcome",
                "explain",
            ),
        )


# --- modifiers ---------------------------------------------------------------------------------


def _modifiers(swim: SwimInput) -> tuple[list[dict], list[Step]]:
    """The modifier rows that apply, each {name, value, rule}, and a step for each."""
    rows = []  # (name, value, what it is for, rule, editor's note)
    if swim.edition == "advanced":
        if swim.cavalry:
            rows.append(("cavalry", +1, "a Cavalry model", rules.SBG_SWIM_CAVALRY, ""))
        if swim.heavy_armour:
            rows.append(("heavy_armour", -1, "heavy armour or heavy Dwarf armour", rules.SBG_SWIM_HEAVY_ARMOUR, ""))
        if swim.shield:
            rows.append(("shield", -1, "a shield (but not a light shield)", rules.SBG_SWIM_SHIELD, ""))
        if swim.banner:
            rows.append(("banner", -1, "a banner", rules.SBG_SWIM_BANNER, ""))
        if swim.prone_in_deep:
            rows.append(
                (
                    "prone_in_deep",
                    -1,
                    "the further test for being knocked Prone within Deep Water (an additional -1)",
                    rules.SBG_PRONE_IN_DEEP_WATER,
                    "",
                )
            )
    else:
        if swim.no_armour:
            rows.append(("no_armour", +1, "no armour or Mithril armour", rules.SBG_ARTICLE_NO_ARMOUR, ""))
        if swim.shield and swim.heavy_armour:
            rows.append(
                (
                    "shield_and_heavy_armour",
                    -2,
                    "a shield and heavy armour or Dwarf heavy armour",
                    rules.SBG_ARTICLE_SHIELD_AND_HEAVY_ARMOUR,
                    "This site uses this combined row instead of the shield row and the heavy armour row, "
                    "never with them.",
                )
            )
        elif swim.heavy_armour:
            rows.append(("heavy_armour", -1, "heavy armour or Dwarf heavy armour", rules.SBG_ARTICLE_HEAVY_ARMOUR, ""))
        elif swim.shield:
            rows.append(("shield", -1, "a shield", rules.SBG_ARTICLE_SHIELD, ""))
    steps = [Step(f"{signed(value)} for {text}.", rule, note) for _, value, text, rule, note in rows]
    return [{"name": name, "value": value, "rule": rule} for name, value, _, rule, _ in rows], steps


def _steps(swim: SwimInput, total: int, modifier_steps: list[Step]) -> list[Step]:
    if swim.edition == "advanced":
        steps = [
            Step(
                "Swim Test: roll a D6, apply the modifiers and consult the Swim Table (Advanced Rules).",
                rules.SBG_SWIM_TEST,
            ),
        ]
        if swim.prone_in_deep:
            steps.append(
                Step(
                    "This is the further Swim Test a model takes at once when knocked Prone within Deep Water.",
                    rules.SBG_PRONE_IN_DEEP_WATER,
                )
            )
        steps.append(Step("All modifiers are cumulative.", rules.SBG_SWIM_MODIFIERS_CUMULATIVE))
        steps += modifier_steps
        if not modifier_steps:
            steps.append(
                Step(
                    "No modifiers apply.",
                    rules.SBG_SWIM_MODIFIERS_CUMULATIVE,
                    "A light shield, and armour that is not heavy, are not among the modifiers.",
                )
            )
        steps.append(Step(f"Total modifier {signed(total)}.", rules.SBG_SWIM_MODIFIERS_CUMULATIVE))
        steps += [
            Step("1: Sink - the model drowns and is removed as a casualty.", rules.SBG_SINK),
            Step("2-5: Swim - it may Move up to half its remaining Move Value.", rules.SBG_SWIM),
            Step("6: Swim Strongly - it may Move all its remaining Move Value.", rules.SBG_SWIM_STRONGLY),
            Step(
                "The Swim Table lists 1, 2-5 and 6.",
                rules.SBG_SWIM_TABLE,
                "The text says nothing of a modified result below 1 or above 6, nor that a natural 1 always "
                "sinks; this site counts a result below 1 as 1 (Sink) and above 6 as 6 (Swim Strongly), and "
                "modifies a natural 1 or 6 like any other roll.",
            ),
        ]
        return steps
    steps = [
        Step(
            "Roll a D6 for each swimming model and consult the Swimming chart (boats article).",
            rules.SBG_ARTICLE_SWIMMING_CHART,
            "The Swimming chart itself is missing from the source: only its modifier table survives. So this "
            "gives the chances of each modified D6 result (1-6), not what a result means; no chart is invented.",
        ),
        Step(
            "The chart represents a model wearing armour (including regular Dwarf armour).",
            rules.SBG_ARTICLE_ARMOUR_BASELINE,
            "Such armour has no row in the modifier table, so it takes no modifier.",
        ),
        Step(
            "The modifiers shown in the table apply to the Swimming chart.",
            rules.SBG_ARTICLE_APPLY_MODIFIERS,
            "The text does not say they are cumulative, but its own shield-and-heavy-armour row (-2) is the sum "
            "of the two single rows, so this site adds rows that apply together.",
        ),
    ]
    steps += modifier_steps
    if not modifier_steps:
        steps.append(Step("No modifiers apply.", rules.SBG_ARTICLE_APPLY_MODIFIERS))
    steps += [
        Step(f"Total modifier {signed(total)}.", rules.SBG_ARTICLE_APPLY_MODIFIERS),
        Step(
            "",
            rules.SBG_ARTICLE_APPLY_MODIFIERS,
            "The text does not say what a modified result below 1 or above 6 means; this site counts below 1 as 1 "
            "and above 6 as 6.",
        ),
    ]
    return steps


def _outcome_of(swim: SwimInput, modified: int) -> str:
    if swim.edition == "article":
        return str(modified)
    if modified <= 1:
        return "sink"
    if modified >= 6:
        return "swim_strongly"
    return "swim"


def _prepare(swim: SwimInput):
    rows, modifier_steps = _modifiers(swim)
    total = sum(row["value"] for row in rows)
    return rows, total, _steps(swim, total, modifier_steps)


def _result_names(swim: SwimInput) -> tuple:
    return ARTICLE_OUTCOMES if swim.edition == "article" else OUTCOMES


def _faces(swim: SwimInput, total: int) -> dict:
    """Each natural roll's modified result and what it means."""
    return {
        str(face): {"modified": clamp(face + total), "outcome": _outcome_of(swim, clamp(face + total))}
        for face in FACES
    }


def swim_chances(swim: SwimInput) -> SwimResult:
    rows, total, steps = _prepare(swim)
    faces = _faces(swim, total)
    results = dict.fromkeys(ARTICLE_OUTCOMES, 0)
    ways = dict.fromkeys(_result_names(swim), 0)
    for face in faces.values():
        results[str(face["modified"])] += 1
        ways[face["outcome"]] += 1
    modified_results = check_distribution({k: Fraction(n, len(FACES)) for k, n in results.items()})
    outcomes = check_distribution({k: Fraction(n, len(FACES)) for k, n in ways.items()})
    return SwimResult(
        swim, total, tuple(rows), modified_results, outcomes, swim.edition == "article", faces, tuple(steps)
    )


def resolve_swim(swim: SwimInput, roll: int) -> SwimResult:
    SWIM_ROLL.check(roll)
    rows, total, steps = _prepare(swim)
    raw = roll + total
    modified = clamp(raw)
    outcome = _outcome_of(swim, modified)
    shown = f"{roll} {signed(total)} = {raw}" if total else f"{roll}"
    if raw != modified:
        shown += f", counted as {modified}"
    if swim.edition == "advanced":
        rule = {"sink": rules.SBG_SINK, "swim": rules.SBG_SWIM, "swim_strongly": rules.SBG_SWIM_STRONGLY}[outcome]
        text = {
            "sink": "Sink: the model drowns and is removed as a casualty.",
            "swim": "Swim: it may Move up to half its remaining Move Value.",
            "swim_strongly": "Swim Strongly: it may Move all its remaining Move Value.",
        }[outcome]
        steps.append(Step(f"Roll {shown}: {text}", rule))
    else:
        steps.append(
            Step(
                f"Roll {shown}: modified result {modified}.",
                rules.SBG_ARTICLE_SWIMMING_CHART,
                "The Swimming chart that says what it means is missing from the source.",
            )
        )
    results = {key: Fraction(int(key == str(modified))) for key in ARTICLE_OUTCOMES}
    outcomes = {key: Fraction(int(key == outcome)) for key in _result_names(swim)}
    return SwimResult(
        swim,
        total,
        tuple(rows),
        results,
        outcomes,
        swim.edition == "article",
        _faces(swim, total),
        tuple(steps),
        "roll",
        roll,
        modified,
        outcome,
    )
