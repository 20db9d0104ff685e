"""Which creature keyings a company's movement allows, and which are detainment.

Also which card gives the site path for each kind of move, and whether a
Ringwraith's company may make the move.
"""

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import ClassVar

from calculators import citations as rules
from calculators.errors import InputError
from calculators.options import Option, OptionTable
from calculators.result import Step, result_dict, to_json_value
from calculators.validate import quoted, require_choice

# Region and site types and their letter codes, as the rulebook defines them (l.417-431):
# the one definition the engine, the form and the rule pages' badges use.
REGION_NAMES = {
    "c": "Coastal Seas",
    "f": "Free-domain",
    "b": "Border-land",
    "w": "Wilderness",
    "s": "Shadow-land",
    "d": "Dark-domain",
}
REGION_TYPES = tuple(REGION_NAMES)
SITE_NAMES = {
    "DH": "Darkhaven",
    "F": "Free-hold",
    "B": "Border-hold",
    "R": "Ruins & Lairs",
    "S": "Shadow-hold",
    "D": "Dark-hold",
}
SITE_TYPES = tuple(SITE_NAMES)
DOUBLE = 2  # the rulebook's symbols go up to double (l.717)
MOST_OF_ONE_TYPE = 3  # single, double and triple symbols

# Doors of Night with Fell Winter, in the order the example (l.638) applies them:
# Border-lands become Wilderness, then Free-domains become Border-lands.
FELL_WINTER_WITH_DOORS = ({"b": "w"}, {"f": "b"})
FELL_WINTER_WOLVES = "wolves, 3 strikes at 7 prowess"

ALWAYS = "always"
ORC_TROLL_UNDEAD_MAN = "orc-troll-undead-man"
NEVER = "no"
# Whether an attack keyed there is a detainment attack, in words (l.498-500).
DETAINMENT_WORDS = {ALWAYS: "always", ORC_TROLL_UNDEAD_MAN: "Orcs, Trolls, Undead and Men", NEVER: "no"}


def keying_name(code: str) -> str:
    """A keying by its name, never by letter case alone: "w" Wilderness, "ww" double Wilderness,
    "S" Shadow-hold (the site), "s" Shadow-land (the region)."""
    if code in SITE_NAMES:
        return SITE_NAMES[code]
    return ("", "double ", "triple ")[len(code) - 1] + REGION_NAMES[code[0]]


def _slug(name: str) -> str:
    return name.lower().replace(" & ", " ").replace(" ", "-")


# What a creature may be keyed to, by a name a link can carry (letter case cannot tell a
# Shadow-land "s" from a Shadow-hold "S"): the region symbols, single and double as the rulebook's
# cards have them (l.717), then the site symbols.
KEYED_TO = {
    _slug(keying_name(code)): code
    for code in [region * count for region in REGION_TYPES for count in (1, DOUBLE)] + list(SITE_TYPES)
}


def parse_site_path(path) -> tuple[str, ...]:
    """ "s d d s d", "sddsd", "S,D" or a list of letters -> ("s", "d", "d", "s", "d")."""
    if isinstance(path, str):
        letters = [ch.lower() for ch in path.replace(",", " ").replace("-", " ") if not ch.isspace()]
    elif isinstance(path, (list, tuple)):
        letters = list(path)
    else:
        raise InputError("path", 'Give the site path as region letters, e.g. "s d d s d".')
    for letter in letters:
        if letter not in REGION_TYPES:
            raise InputError(
                "path",
                f"Unknown region letter {quoted(letter)} in the site path; use "
                + ", ".join(REGION_TYPES[:-1])
                + f" or {REGION_TYPES[-1]} ("
                + ", ".join(REGION_NAMES.values())
                + ").",
            )
    return tuple(letters)


_LETTERS = "".join(REGION_TYPES)
KEYING_OPTIONS = OptionTable(
    Option(
        "path",
        "text",
        "The site path",
        f'site path, e.g. "s d d s d" ({" ".join(REGION_TYPES)})',
        "",
        None,
        40,
        metavar="PATH",
        pattern=rf"^[{_LETTERS}{_LETTERS.upper()}\s,-]*$",
        parse=parse_site_path,
        syntax='Give the site path as region letters, e.g. "s d d s d"',
    ),
    Option(
        "site",
        "choice",
        "The site type",
        "new (or current) site type: " + " ".join(SITE_TYPES),
        None,
        choices=SITE_TYPES,
        metavar="TYPE",
    ),
    Option(
        "keyed_to",
        "choice",
        "What the creature is keyed to",
        "the region or site type the creature is keyed to: " + " ".join(KEYED_TO),
        None,
        choices=tuple(KEYED_TO),
        metavar="KEYING",
    ),
    Option("not_moving", "bool", "Not moving", "the company did not move", False),
    Option("geann_a_lisch", "bool", "Geann a-Lisch", "the site is Geann a-Lisch", False),
    Option("doors_of_night", "bool", "Doors of night", "Doors of Night is in play", False),
    Option("fell_winter", "bool", "Fell winter", "Fell Winter is in play", False),
)


@dataclass(frozen=True)
class KeyingInput:
    path: tuple[str, ...] = ()
    site: str | None = None
    not_moving: bool = False
    geann_a_lisch: bool = False
    doors_of_night: bool = False
    fell_winter: bool = False
    keyed_to: str | None = None

    def __post_init__(self):
        object.__setattr__(self, "path", parse_site_path(self.path))
        KEYING_OPTIONS.check(self)
        if self.geann_a_lisch and self.site not in (None, "DH"):
            raise InputError("site", "Geann a-Lisch is a Darkhaven: use site DH (or leave the site out).")
        if self.geann_a_lisch and self.site is None:
            object.__setattr__(self, "site", "DH")
        if not self.not_moving and not self.path:
            raise InputError(
                "path",
                "A moving company has a site path of at least one region; give the path, "
                "or say the company is not moving.",
            )
        if self.keyed_to and KEYED_TO[self.keyed_to] in SITE_NAMES and self.site is None:
            raise InputError(
                "site",
                f"The creature is keyed to {keying_name(KEYED_TO[self.keyed_to])}, a site type: give the site "
                "the company moved to (or stayed at).",
            )


@dataclass(frozen=True)
class KeyingResult:
    calculator: ClassVar[str] = "keying"

    input: KeyingInput
    path: tuple[str, ...]
    region_keyings: tuple[str, ...]
    site_keyings: tuple[str, ...]
    detainment: dict
    outcomes: dict
    explain: tuple
    changes: tuple = ()  # the region type changes that altered the path: (from, to) letters
    facts: tuple = ()  # what else the environment brings, each with its rule (Step-like)
    keyed_to: str | None = None  # the keying asked about ("S"), if one was
    playable: bool | None = None  # whether a creature keyed so can be played, if one was asked about
    answer: tuple = ()  # why (or why not), each with its rule (Step-like)

    def to_dict(self) -> dict:
        return result_dict(
            self,
            (
                "input",
                "keyed_to",
                "playable",
                "answer",
                "path",
                "changes",
                "region_keyings",
                "site_keyings",
                "detainment",
                "facts",
                "outcomes",
                "explain",
            ),
        )


def environment_stages(path, doors_of_night: bool, fell_winter: bool) -> list[tuple[str, ...]]:
    """The site path before and after each change the environment makes, in order."""
    stages = [tuple(path)]
    if doors_of_night and fell_winter:
        for change in FELL_WINTER_WITH_DOORS:
            stages.append(tuple(change.get(region, region) for region in stages[-1]))
    return stages


def apply_environment(path, doors_of_night: bool, fell_winter: bool) -> tuple[str, ...]:
    return environment_stages(path, doors_of_night, fell_winter)[-1]


def environment_changes(path, doors_of_night: bool, fell_winter: bool) -> tuple[tuple[str, str], ...]:
    """The region type changes that altered this path, in order: ("b", "w") when a Border-land
    became Wilderness."""
    stages = environment_stages(path, doors_of_night, fell_winter)
    return tuple(
        (old, new)
        for stage, change in zip(stages, FELL_WINTER_WITH_DOORS if len(stages) > 1 else (), strict=False)
        for old, new in change.items()
        if old in stage
    )


def region_keyings(path) -> tuple[str, ...]:
    """Every region keying the path allows: "d", "dd" with two d anywhere, "ddd" with three."""
    keyings = []
    for region in dict.fromkeys(path):  # in the order the path meets them
        for count in range(1, min(path.count(region), MOST_OF_ONE_TYPE) + 1):
            keyings.append(region * count)
    return tuple(keyings)


def detainment_for(keying: str) -> str:
    """Whether an attack keyed here is a detainment attack."""
    if keying in ("S", "D") or keying[0] == "d":
        return ALWAYS
    if keying[0] == "s":
        return ORC_TROLL_UNDEAD_MAN
    return NEVER


def keying(keys: KeyingInput) -> KeyingResult:
    steps = []
    path = apply_environment(keys.path, keys.doors_of_night, keys.fell_winter)
    if keys.doors_of_night and keys.fell_winter:
        stages = " -> ".join(" ".join(stage) for stage in dict.fromkeys(environment_stages(keys.path, True, True)))
        steps.append(
            Step(
                "Fell Winter with Doors of Night: every Border-land becomes Wilderness, then every "
                f"Free-domain becomes Border-land ({stages}).",
                rules.DOORS_OF_NIGHT_FELL_WINTER,
                "The rulebook shows this in one example (s w f b -> s w f w -> s w b w); this site applies the "
                "example's order to every path, so a Free-domain turned Border-land does not go on to Wilderness.",
            )
        )
    elif keys.fell_winter:
        steps.append(
            Step(
                "With Doors of Night in play, Fell Winter changes region types; here Doors of Night is not in play.",
                rules.FELL_WINTER_NEEDS_DOORS,
                "So this site leaves the region types as they are.",
            )
        )
    elif keys.doors_of_night:
        steps.append(
            Step(
                "With Doors of Night in play, Fell Winter changes region types; here Fell Winter is not in play.",
                rules.FELL_WINTER_NEEDS_DOORS,
                "The rulebook gives Doors of Night itself no change of region types, so this site changes none.",
            )
        )

    if keys.not_moving:
        regions = ()
        steps.append(
            Step(
                "The company did not move, so it moved through no regions: no region keyings.",
                rules.NOT_MOVING_NO_REGIONS,
            )
        )
    else:
        regions = region_keyings(path)
        single_and_double = [k for k in regions if len(k) <= DOUBLE]
        triples = [k for k in regions if len(k) > DOUBLE]
        steps.append(
            Step(
                f"Region keyings come from the types on the site path {' '.join(path)}: "
                + ", ".join(single_and_double)
                + ".",
                rules.CREATURE_REGION_KEYING,
            )
        )
        if any(len(k) >= DOUBLE for k in regions):
            steps.append(
                Step(
                    "A double Wilderness symbol needs two Wildernesses in the site path, which need not be adjacent.",
                    rules.DEEP_WILDERNESS,
                    "The rule speaks of Wilderness; this site counts two regions of any one type anywhere in the "
                    'path for its double symbol the same way (1.10.58: "two regions of that same type")'
                    + (
                        "; and, beyond the rulebook's single and double symbols, three regions of one type for a "
                        f"triple symbol: {', '.join(triples)}."
                        if triples
                        else "."
                    ),
                )
            )

    sites = ()
    if keys.site is not None:
        sites = (keys.site,)
        where = "stayed at" if keys.not_moving else "moved to"
        steps.append(
            Step(
                f"Site keying: the site the company {where}, a {SITE_NAMES[keys.site]} ({keys.site}).",
                rules.CREATURE_SITE_KEYING,
            )
        )
        if keys.geann_a_lisch:
            sites += ("R",)
            steps.append(
                Step("Geann a-Lisch: creatures keyed to Ruins & Lairs may also be played.", rules.GEANN_A_LISCH)
            )

    detainment = {k: detainment_for(k) for k in regions + sites}
    if any(v == ALWAYS for v in detainment.values()):
        steps.append(
            Step(
                "Any attack keyed to a Dark-domain, Shadow-hold or Dark-hold is a detainment attack.",
                rules.DETAINMENT_DARK,
            )
        )
    if any(v == ORC_TROLL_UNDEAD_MAN for v in detainment.values()):
        steps.append(
            Step(
                "An Orc, Troll, Undead or Man attack keyed to a Shadow-land is a detainment attack.",
                rules.DETAINMENT_SHADOW_LAND,
            )
        )
    if any(v != NEVER for v in detainment.values()):
        steps.append(
            Step(
                "These detainment keyings apply whether the attack is keyed by type or to a region or site by "
                "name of that type.",
                rules.DETAINMENT_BY_NAME,
            )
        )
    steps.append(
        Step(
            "A creature keyed to a region by name is not keyed to that region's type: a Shadow-cloak cannot "
            "cancel a strike from a creature keyed to a Shadow-land region by name.",
            rules.KEYED_BY_NAME_NOT_TYPE,
            "For detainment, 1.7.41 counts an attack keyed to a region or site by name as keyed to its type "
            "(erratum B15).",
        )
    )

    facts = ()
    if keys.fell_winter and keys.site == "B":
        facts = (
            Step(
                f"Fell Winter gives this Border-hold an automatic-attack: {FELL_WINTER_WOLVES}.",
                rules.FELL_WINTER_AUTOMATIC_ATTACK,
            ),
        )
    keyed_to = KEYED_TO[keys.keyed_to] if keys.keyed_to else None
    playable, answer = can_be_played(keys, keyed_to, path) if keyed_to else (None, ())
    outcome = "not_moving" if keys.not_moving else "moved"
    return KeyingResult(
        keys,
        path,
        regions,
        sites,
        detainment,
        {outcome: Fraction(1)},
        tuple(steps),
        environment_changes(keys.path, keys.doors_of_night, keys.fell_winter),
        facts,
        keyed_to,
        playable,
        answer,
    )


def _regions(count: int, region: str) -> str:
    number = ("no", "one", "two", "three")[count] if count <= MOST_OF_ONE_TYPE else str(count)
    return f"{number} {REGION_NAMES[region]} region" + ("" if count == 1 else "s") + f" ({region})"


# A "yes" says only that the keying meets a criterion of 1.10.54: an attack "can occur only if" one is met.
KEYING_IS_ONE_CONDITION = "Its keying allows it; the hazard limit and the card's own text still apply."


def can_be_played(keys: KeyingInput, code: str, path: tuple[str, ...]) -> tuple[bool, tuple[Step, ...]]:
    """Whether a creature keyed to `code` can be played against the company, and why: the first
    step says why; where it cannot by that keying, the card's own text may still allow it."""
    keyed = f"Keyed to {keying_name(code)}"
    if code in SITE_NAMES:
        where = "stayed at" if keys.not_moving else "moved to"
        site = f"{SITE_NAMES[keys.site]} ({keys.site})"
        if keys.site == code:
            playable, why = (
                True,
                Step(f"{keyed}: the site the company {where} is a {site}.", rules.CREATURE_SITE_KEYING),
            )
        elif code == "R" and keys.geann_a_lisch:
            playable, why = (
                True,
                Step(
                    f"{keyed}: the site is Geann a-Lisch, against which creatures keyed to Ruins & Lairs may be played.",
                    rules.GEANN_A_LISCH,
                ),
            )
        else:
            playable, why = (
                False,
                Step(
                    f"{keyed}: the site the company {where} is a {site}, not a {SITE_NAMES[code]} ({code}).",
                    rules.CREATURE_SITE_KEYING,
                ),
            )
    elif keys.not_moving:
        playable, why = (
            False,
            Step(f"{keyed}: the company did not move, so it moved through no regions.", rules.NOT_MOVING_NO_REGIONS),
        )
    else:
        region, wanted = code[0], len(code)
        have = path.count(region)
        playable = have >= wanted
        lacking = "" if playable or wanted == 1 or have == 0 else f"; {keying_name(code)} needs two"
        why = Step(
            f"{keyed}: the site path {' '.join(path)} has {_regions(have, region)}{lacking}.",
            rules.CREATURE_REGION_KEYING,
        )
    if playable:
        return True, (replace(why, note=KEYING_IS_ONE_CONDITION),)
    at_a_named_site = Step(
        "It may still be played if its card's text says it can be played at the specific site the company is at.",
        rules.CREATURE_AT_A_NAMED_SITE,
    )
    if keys.not_moving:  # a company that stayed has no site of origin or new site (1.6.5), so 1.10.56 is not met
        return False, (why, at_a_named_site)
    return False, (
        why,
        at_a_named_site,
        Step(
            "Or if its card's text says it can be played in the region of the company's site of origin or new site.",
            rules.CREATURE_IN_A_NAMED_REGION,
        ),
    )


# --- moves ---------------------------------------------------------------------------------

MOVE_KINDS = ("darkhaven-to-site", "darkhaven-to-darkhaven", "site-to-darkhaven")


@dataclass(frozen=True)
class MovePath:
    """Which card's site path a move uses."""

    move: str
    card: str
    rule: rules.Rule


def site_path_for_move(move: str) -> MovePath:
    """The card whose site path gives the regions moved through (l.726-728)."""
    if move == "site-to-site":
        raise InputError("move", "A company at a non-Darkhaven site can only move to its nearest Darkhaven.")
    require_choice("move", "The kind of move", move, MOVE_KINDS)
    return {
        "darkhaven-to-site": MovePath(move, "the new site's card", rules.PATH_DARKHAVEN_TO_SITE),
        "darkhaven-to-darkhaven": MovePath(
            move, 'the new Darkhaven\'s "Site Path from" the old Darkhaven', rules.PATH_DARKHAVEN_TO_DARKHAVEN
        ),
        "site-to-darkhaven": MovePath(move, "the site of origin's card", rules.PATH_SITE_TO_DARKHAVEN),
    }[move]


@dataclass(frozen=True)
class RingwraithMove:
    allowed: bool
    explain: tuple

    def to_dict(self) -> dict:
        return {"allowed": self.allowed, "explain": to_json_value(self.explain)}


def ringwraith_may_move(move: str, path=(), has_mode_card: bool = False, starter: bool = False) -> RingwraithMove:
    """Whether a Ringwraith's company may make this move along this site path (in the Starter game,
    when ``starter``: the Coastal Seas limit is a Standard rule)."""
    site_path_for_move(move)
    path = parse_site_path(path)
    allowed = True
    steps = []
    if move == "darkhaven-to-site":
        if has_mode_card:
            steps.append(
                Step(
                    "From a Darkhaven to a non-Darkhaven site: allowed with a Black Rider, "
                    "Fell Rider or Heralded Lord card.",
                    rules.RINGWRAITH_MOVEMENT,
                )
            )
        else:
            allowed = False
            steps.append(
                Step(
                    "From a Darkhaven to a non-Darkhaven site a Ringwraith needs a Black "
                    "Rider, Fell Rider or Heralded Lord card.",
                    rules.RINGWRAITH_MOVEMENT,
                )
            )
    else:
        steps.append(
            Step(
                "Darkhaven to Darkhaven and non-Darkhaven site to Darkhaven need no mode card.",
                rules.RINGWRAITH_MOVEMENT,
            )
        )
    if "c" in path and not starter:
        allowed = False
        steps.append(
            Step(
                "A Ringwraith may not use a site path that contains Coastal Seas regions (Standard Rules).",
                rules.RINGWRAITH_NO_COASTAL_SEAS,
            )
        )
    return RingwraithMove(allowed, tuple(steps))
