"""The control sheet: who controls whom, and what influence is left.

Python API only: give every character in play with its mind (None for a
Ringwraith), direct influence and controller; get the used and unused general
influence, each character's unused direct influence, and every rule broken.
"""

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from calculators import citations as rules
from calculators.errors import InputError
from calculators.options import REQUIRED, Option, OptionTable, game_option
from calculators.result import Step, result_dict
from calculators.validate import cut, quoted

GENERAL_INFLUENCE = 20
RINGWRAITH_FOLLOWER_COST = 1
STARTER_RINGWRAITH_NOTE = (
    "No Starter rule lets a character control a Ringwraith: your Ringwraith requires no influence (1.5.18) and "
    "represents you (1.5.33). So in the Starter game this site counts a Ringwraith under another character's "
    "control as a broken rule, taking none of his direct influence."
)


def names_list(value) -> tuple[str, ...]:
    """ "Orc, Troll" or ["Orc", "Troll"] -> ("Orc", "Troll")."""
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, (list, tuple)) or not all(isinstance(name, str) for name in value):
        raise InputError(
            "bracket_races",
            f'Give the bracket races as names separated by commas, e.g. "Orc, Troll"; you gave {quoted(value)}.',
        )
    return tuple(name.strip() for name in value if name.strip())


# One character's options. Once his name is known, it takes the place of "A character's" in a
# message ("Shagrat's mind").
CHARACTER = "A character's"
CHARACTER_OPTIONS = OptionTable(
    Option("name", "text", f"{CHARACTER} name", "", REQUIRED, 1, 40),
    Option("mind", "int", f"{CHARACTER} mind", "empty for a Ringwraith (no mind)", None, 0, 20),
    Option("direct_influence", "int", f"{CHARACTER} direct influence", "", 0, 0, 20),
    Option(
        "controller", "text", f"{CHARACTER} controller", "a character's name; empty for general influence", None, 0, 40
    ),
    Option("race", "text", f"{CHARACTER} race", "", None, 0, 40),
    Option("bracket_influence", "int", f"{CHARACTER} bracketed direct influence", "", 0, 0, 20),
    Option("bracket_races", "text", f"{CHARACTER} bracket races", "", (), 0, 80, parse=names_list),
    Option("site", "text", f"{CHARACTER} site", "", None, 0, 40),
)
CHARACTERS = Option(
    "characters", "rows", "The characters", "one set of character options each", REQUIRED, 1, 12, item=CHARACTER_OPTIONS
)
SHEET_OPTIONS = OptionTable(
    CHARACTERS, game_option("the Starter game: no Ringwraith followers, so one Ringwraith and no one controls him")
)


@dataclass(frozen=True)
class SheetCharacter:
    """One character. ``bracket_influence`` is direct influence usable only
    against ``bracket_races`` (the book's "6·[3]"; "9·2[3]" is DI 2 plus 3)."""

    name: str
    mind: int | None
    direct_influence: int = 0
    controller: str | None = None
    race: str | None = None
    bracket_influence: int = 0
    bracket_races: tuple[str, ...] = ()
    site: str | None = None

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name.strip():
            raise InputError("name", "Every character needs a name.")
        object.__setattr__(self, "bracket_races", tuple(self.bracket_races))
        CHARACTER_OPTIONS.check(self, lambda option: option.label.replace(CHARACTER, f"{self.name}'s", 1))

    @property
    def is_ringwraith(self) -> bool:
        return self.mind is None


@dataclass(frozen=True)
class ControlSheetInput:
    characters: tuple[SheetCharacter, ...]
    starter: bool = False

    def __post_init__(self):
        characters = tuple(self.characters)
        object.__setattr__(self, "characters", characters)
        CHARACTERS.check(characters)
        SHEET_OPTIONS["starter"].check(self.starter)
        names = [c.name for c in characters]
        for name in names:
            if names.count(name) > 1:
                raise InputError("characters", f"Two characters are called {quoted(name)}; give each a different name.")
        for c in characters:
            if c.controller is None:
                continue
            if c.controller == c.name:
                raise InputError("controller", f"{c.name} can't control himself.")
            if c.controller not in names:
                raise InputError(
                    "controller", f"{cut(c.name)}'s controller {quoted(c.controller)} is not on the sheet."
                )


@dataclass(frozen=True)
class ControllerInfluence:
    name: str
    followers: tuple[str, ...]
    direct_influence: int
    unused_direct_influence: int
    bracket_influence: int
    unused_bracket_influence: int


@dataclass(frozen=True)
class Violation:
    """A rule the sheet breaks: ``message`` says what the rule's quoted words say, ``note`` (an
    editor's note, as a Step's) any reading beyond them."""

    character: str | None
    message: str
    rule: rules.Rule
    note: str = ""

    def to_dict(self) -> dict:
        return {"character": self.character, "message": self.message, "rule": self.rule.id, "note": self.note}


@dataclass(frozen=True)
class ControlSheetResult:
    calculator: ClassVar[str] = "control-sheet"

    input: ControlSheetInput
    used_general_influence: int
    unused_general_influence: int
    influence: tuple[ControllerInfluence, ...]
    violations: tuple[Violation, ...]
    outcomes: dict
    explain: tuple

    @property
    def legal(self) -> bool:
        return not self.violations

    def unused_for(self, name: str, race: str | None = None) -> int:
        """Direct influence ``name`` has left for a new follower of ``race``."""
        for entry in self.influence:
            if entry.name == name:
                character = next(c for c in self.input.characters if c.name == name)
                bracket = entry.unused_bracket_influence if race in character.bracket_races else 0
                return entry.unused_direct_influence + bracket
        raise InputError("controller", f"{quoted(name)} is not on the sheet.")

    def to_dict(self) -> dict:
        return result_dict(
            self,
            (
                "input",
                "used_general_influence",
                "unused_general_influence",
                "influence",
                "violations",
                "outcomes",
                "explain",
            ),
        ) | {"legal": self.legal}


def follower_cost(follower: SheetCharacter, starter: bool = False) -> int:
    """The direct influence a follower takes: his mind; a Ringwraith follower (Standard Rules) 1.
    In the Starter game a Ringwraith needs no influence, and one with a controller is a broken rule."""
    if follower.is_ringwraith:
        return 0 if starter else RINGWRAITH_FOLLOWER_COST
    return follower.mind


def control_sheet(sheet: ControlSheetInput) -> ControlSheetResult:
    followers_of = {c.name: [f for f in sheet.characters if f.controller == c.name] for c in sheet.characters}
    violations = []

    used = sum(c.mind for c in sheet.characters if c.controller is None and not c.is_ringwraith)
    unused = GENERAL_INFLUENCE - used
    if used > GENERAL_INFLUENCE:
        violations.append(
            Violation(
                None,
                f"Non-followers' minds total {used}, more than the 20 general influence.",
                rules.GENERAL_INFLUENCE_POOL,
            )
        )

    ringwraiths = [c for c in sheet.characters if c.is_ringwraith and c.controller is None]
    if len(ringwraiths) > 1:
        violations.append(
            Violation(
                None,
                f"{len(ringwraiths)} Ringwraiths are under no one's control: you may play a Ringwraith card only if "
                "you do not have one in play.",
                rules.ONE_RINGWRAITH,
            )
        )

    influence = []
    for c in sheet.characters:
        followers = followers_of[c.name]
        if c.controller is not None and followers:
            violations.append(
                Violation(c.name, f"{c.name} is a follower and can't have followers.", rules.FOLLOWER_NO_FOLLOWERS)
            )
        matching = sum(follower_cost(f, sheet.starter) for f in followers if f.race in c.bracket_races)
        others = sum(follower_cost(f, sheet.starter) for f in followers if f.race not in c.bracket_races)
        from_bracket = min(matching, c.bracket_influence)
        needed = others + matching - from_bracket
        if needed > c.direct_influence:
            total = others + matching
            violations.append(
                Violation(
                    c.name,
                    f"{c.name}'s followers need {total} direct influence but he has "
                    f"{c.direct_influence}"
                    + (f" (+{c.bracket_influence} against {'/'.join(c.bracket_races)})" if c.bracket_influence else "")
                    + ".",
                    rules.FOLLOWERS_MIND_LIMIT,
                )
            )
        for f in followers:
            if f.is_ringwraith and sheet.starter:
                violations.append(
                    Violation(
                        f.name,
                        f"Starter game: {f.name} is a Ringwraith under {c.name}'s control, but Ringwraith "
                        "followers are an exception of the Standard Rules.",
                        rules.RINGWRAITH_FOLLOWERS_ARE_STANDARD,
                        STARTER_RINGWRAITH_NOTE,
                    )
                )
            elif f.is_ringwraith and not c.is_ringwraith:
                violations.append(
                    Violation(
                        f.name,
                        f"{f.name} is a Ringwraith follower and must always be under the control of your Ringwraith.",
                        rules.RINGWRAITH_FOLLOWER_CONTROL,
                    )
                )
            if f.site and c.site and f.site != c.site:
                violations.append(
                    Violation(
                        f.name,
                        f"{f.name} is at {f.site} but his controller {c.name} is at {c.site}.",
                        rules.FOLLOWER_SAME_SITE,
                    )
                )
        influence.append(
            ControllerInfluence(
                c.name,
                tuple(f.name for f in followers),
                c.direct_influence,
                max(0, c.direct_influence - needed),
                c.bracket_influence,
                c.bracket_influence - from_bracket,
            )
        )

    any_ringwraith = any(c.is_ringwraith for c in sheet.characters)
    steps = [Step(f"Used general influence: the minds of non-followers = {used}.", rules.USED_GENERAL_INFLUENCE)]
    if any_ringwraith:
        steps.append(
            Step("Your Ringwraith has no mind and requires no influence to control.", rules.RINGWRAITH_NO_MIND)
        )
    steps += [
        Step(f"Unused general influence: 20 - {used} = {unused}.", rules.UNUSED_GENERAL_INFLUENCE),
        Step(
            "Unused direct influence: direct influence minus the followers' minds, never below 0.",
            rules.UNUSED_DIRECT_INFLUENCE,
        ),
    ]
    if any_ringwraith and sheet.starter:
        steps.append(
            Step(
                "Starter game: Ringwraith followers are an exception of the Standard Rules.",
                rules.RINGWRAITH_FOLLOWERS_ARE_STANDARD,
            )
        )
    elif any_ringwraith:
        steps.append(
            Step(
                "Ringwraith followers (Standard Rules): your Ringwraith must use 1 point of direct influence to "
                "control each.",
                rules.RINGWRAITH_FOLLOWER_INFLUENCE,
            )
        )
    steps.append(
        Step(
            "Bracketed direct influence only pays for followers of the listed races.", rules.BRACKETED_DIRECT_INFLUENCE
        )
    )
    outcome = "legal" if not violations else "illegal"
    outcomes = {"legal": Fraction(int(outcome == "legal")), "illegal": Fraction(int(outcome == "illegal"))}
    return ControlSheetResult(sheet, used, unused, tuple(influence), tuple(violations), outcomes, tuple(steps))
