"""Every rule the engine cites, in one place.

Each constant records the rule id of the numbered text (``P.S.N`` for the MELE
rulebook, ``SBG-A.S.N`` / ``SBG-B.S.N`` for the two Strategy Battle Game
sources), the 1-based line of its source file in ``sources/`` the rule comes
from, and the verbatim words of that line that carry the claims of the steps
citing it: one quote, or several (tests check each quote is on the line of that
file and in the rule's text after errata, and that the id's block comes from
the same file and covers the line).
Explain steps cite these constants only, and say no more than their quotes; a
step that says more puts it in its editor's note (result.Step).
"""

from dataclasses import dataclass

MELE_RULEBOOK = "mele-rulebook.txt"
SBG_ADVANCED = "sbg-advanced-rules.txt"  # newer MESBG Rules Manual, Advanced Rules (SBG-A)
SBG_ARTICLE = "sbg-boats-article.txt"  # older SBG boats article by Mat Ward (SBG-B)


@dataclass(frozen=True)
class Rule:
    id: str
    line: int
    quote: str | tuple[str, ...]  # the words a step citing the rule rests on: one quote or several
    source: str = MELE_RULEBOOK  # file name in sources/

    @property
    def quotes(self) -> tuple[str, ...]:
        return (self.quote,) if isinstance(self.quote, str) else tuple(self.quote)

    def __str__(self) -> str:
        return self.id


# Dice
MAKING_A_ROLL = Rule("1.0.4", line=107, quote="roll 2D6 and add the two results together")

# Victory and the Audience with Sauron
RINGWRAITH_ELIMINATED_LOSES = Rule(
    "1.1.2",
    line=114,
    quote='If your Ringwraith is "eliminated" (i.e., through combat or corruption) - your opponent wins.',
)
AUDIENCE_WINNER = Rule(
    "1.1.14",
    line=133,
    quote="The winner of the game is the player that has gathered the most marshalling points",
)
AUDIENCE_TIE = Rule("1.1.20", line=141, quote="the game ends in a tie")
MP_TYPES = Rule("2.1.6", line=788, quote="There are six different types of marshalling points")
MP_DOUBLING = Rule(
    "2.1.8",
    line=796,
    quote=(
        "If your opponent has zero (or negative) points for any one type of marshalling point",
        "your points for that same type of marshalling point are doubled",
        "This doesn't apply to kill points and miscellaneous points.",
    ),
)
MP_HALF_CAP = Rule(
    "2.1.9",
    line=797,
    quote="No more than half (round up) of your final marshalling points can come from any one type of marshalling point.",
)
MP_REVEALS = Rule(
    "2.1.10",
    line=799,
    quote=(
        "you may reveal any unique marshalling point cards in your hand that match",
        "Each such revealed card reduces your opponent's final MP total by one",
    ),
)
MP_HALF_CAP_EXAMPLE = Rule("2.1.12", line=804, quote="Nick only gets 7 MPs from his characters")
STANDARD_VICTORY_CHANGES = Rule(
    "2.1.1",
    line=773,
    quote=(
        "The Standard Rules victory conditions differ from those found in the Starter Rules",
        "certain modifications to the marshalling point totals can be made at the Audience With Sauron",
    ),
)

# Influence and control
GENERAL_INFLUENCE_POOL = Rule(
    "1.5.21",
    line=278,
    quote=(
        "You have a pool of 20 general influence points",
        "the total mind attributes of your characters in play (not counting followers) must be less than or equal to 20",
    ),
)
USED_GENERAL_INFLUENCE = Rule(
    "1.5.21",
    line=278,
    quote=(
        "the total mind attributes of your characters in play (not counting followers)",
        "this total is equal to your used general influence points",
    ),
)
ONE_RINGWRAITH = Rule("1.5.33", line=312, quote="You may play a Ringwraith card if you do not have one in play")
RINGWRAITH_FOLLOWERS_ARE_STANDARD = Rule(
    "1.5.38",
    line=321,
    quote='In the Standard Rules, some exceptions to these restrictions are presented for "Ringwraith followers"',
)
RINGWRAITH_NO_MIND = Rule("1.5.18", line=273, quote="Your Ringwraith has no mind and requires no influence to control")
DIRECT_INFLUENCE_CONTROL = Rule("1.5.23", line=283, quote="he may take control of that other character")
FOLLOWERS_MIND_LIMIT = Rule("1.5.24", line=284, quote="may not exceed his direct influence")
FOLLOWER_SAME_SITE = Rule("1.5.25", line=285, quote="only if both characters are at the same site")
FOLLOWER_NO_FOLLOWERS = Rule("1.5.26", line=286, quote="a follower may not have his own followers")
BRACKETED_DIRECT_INFLUENCE = Rule(
    "1.5.30",
    line=291,
    quote="A direct influence value in brackets applies only against certain types",
)
UNUSED_GENERAL_INFLUENCE = Rule("1.9.2", line=590, quote="Your unused general influence is equal to 20 minus")
UNUSED_DIRECT_INFLUENCE = Rule(
    "1.9.3",
    line=591,
    quote=(
        "unused direct influence is equal to his direct influence attribute minus the sum of the mind attributes of his followers",
        "any character has unused direct influence of at least zero",
    ),
)
INFLUENCE_CHECK = Rule("1.9.5", line=596, quote="add your character's unused direct influence")
INFLUENCE_CHECK_RESULT = Rule(
    "1.9.6",
    line=597,
    quote=(
        "If the modified result is greater than the value required on the faction card",
        "Otherwise, you discard the faction card",
    ),
)
INFLUENCE_MODIFICATIONS = Rule(
    "1.9.5",
    line=596,
    quote=(
        "add any appropriate modifications",
        "any applicable standard modifications from the faction card and from any other cards played",
    ),
)
OWN_INFLUENCE_BONUS = Rule(
    "1.9.9",
    line=604,
    quote=(
        "Certain characters have special modifications to influence checks.",
        "Such a modification only applies if it belongs to the character that was tapped",
    ),
)
INFLUENCE_EXAMPLE_BULLETS = Rule("1.9.10", line=610, quote="A standard modification of +2")
FAILED_INFLUENCE_SITE_UNTAPPED = Rule(
    "1.9.10", line=612, quote="you would have had to discard the faction card and Lossadan Cairn would not have tapped"
)
FACTION_TAPS_SITE = Rule(
    "1.10.19",
    line=648,
    quote="After a faction is successfully played at a site, the site card is tapped",
)
RINGWRAITH_FOLLOWER_INFLUENCE = Rule(
    "2.5.20",
    line=918,
    quote="Your Ringwraith must use 1 point of direct influence to control each Ringwraith follower",
)
RINGWRAITH_FOLLOWER_CONTROL = Rule(
    "2.5.20", line=918, quote="A Ringwraith follower must always be under the control of your Ringwraith"
)

# Combat: strikes
EXCESS_STRIKES = Rule("1.7.8", line=443, quote="allocate the excess strikes as -1 modifications")
EXCESS_STRIKES_ALL_PLACED = Rule(
    "1.7.13",
    line=451,
    quote="The attacker may not choose to not apply strikes or excess strike modifiers",
)
TAPPED_PROWESS = Rule("1.7.15", line=455, quote="An unwounded, tapped character must modify his prowess by -1")
WOUNDED_PROWESS = Rule("1.7.16", line=456, quote="A wounded character must modify his prowess by -2")
NOT_TAPPING_PROWESS = Rule(
    "1.7.17",
    line=457,
    quote=(
        "take a -3 modification to his prowess to avoid being tapped",
        "the character is not tapped after the strike is resolved (he may still be wounded)",
    ),
)
CARD_PROWESS_MODIFIERS = Rule("1.7.19", line=459, quote="modified due to the play of certain resource and hazard cards")
STRIKE_ROLL = Rule("1.7.23", line=474, quote="the defender makes a roll (2D6) and adds his modified prowess")
STRIKES_ONE_AT_A_TIME = Rule(
    "1.7.23", line=474, quote="Strikes are resolved one at a time as decided by the defending player"
)
STRIKE_FAILS = Rule("1.7.24", line=475, quote="If this result is greater than the strike's prowess, the strike fails")
STRIKE_WITHOUT_BODY = Rule("1.7.24", line=475, quote='Such a strike is defeated if its body attribute is "-"')
STRIKE_INEFFECTUAL = Rule(
    "1.7.25", line=476, quote="If this result is equal to the strike's prowess, the strike was ineffectual"
)
STRIKE_SUCCESSFUL = Rule("1.7.26", line=477, quote="Otherwise, the strike was successful")
BODY_CHECK = Rule(
    "1.7.27",
    line=480,
    quote=(
        "the character is wounded and must make a body check",
        "To make a body check, the attacker makes a roll (2D6).",
    ),
)
BODY_CHECK_DISCARD = Rule(
    "1.7.28",
    line=481,
    quote="you must discard the character if the modified body check roll is equal to either of these numbers",
)
BODY_CHECK_ELIMINATED = Rule(
    "1.7.29",
    line=482,
    quote="Otherwise, if the modified body check roll is greater than the character's body attribute, the character is eliminated",
)
BODY_CHECK_WOUNDED = Rule("1.7.30", line=483, quote="Otherwise, nothing happens (i.e., the character is just wounded)")
WOUNDED_BONUS_ONCE = Rule(
    "1.7.32",
    line=487,
    quote=(
        "If a character was already wounded before a strike wounds him again",
        "the resulting body check modification is always +1 (regardless of how many times a character is wounded)",
    ),
)
STRIKE_BODY_CHECK = Rule(
    "1.7.34",
    line=491,
    quote=(
        "the defender makes a roll (2D6)",
        "if this value is greater than the strike's body attribute, the strike is defeated",
    ),
)
DETAINMENT = Rule(
    "1.7.36",
    line=496,
    quote="When a strike from a detainment attack is successful, an untapped target is tapped instead of being wounded.",
)
DETAINMENT_DARK = Rule(
    "1.7.39",
    line=499,
    quote="Any attack keyed to Dark-domains, Shadow-hold, or Dark-hold is a detainment attack",
)
DETAINMENT_SHADOW_LAND = Rule(
    "1.7.40",
    line=500,
    quote="Any Orc, Troll, Undead, or Man attack keyed to Shadow-land is a detainment attack",
)
DETAINMENT_BY_NAME = Rule(
    "1.7.41",
    line=501,
    quote="if keyed to a region or site by name which happens to be of appropriate type",
)
KEYED_BY_NAME_NOT_TYPE = Rule(
    "1.10.69",
    line=734,
    quote=(
        "A creature played keyed to a specific region by name is not keyed to the specific region's type",
        "a target character with a Shadow-cloak can not use it to cancel a strike",
    ),
)
ATTACK_DEFEATED = Rule(
    "1.7.42",
    line=504,
    quote=(
        "An attack by a hazard creature is defeated",
        "if it is not a detainment attack and all of its strikes directed against (i.e., assigned to) a company are defeated",
    ),
)
ATTACK_NOT_DEFEATED = Rule("1.7.43", line=505, quote="A detainment attack from a creature is never defeated")
STRIKE_SEQUENCE_NOT_TAPPING = Rule("1.7.54", line=526, quote="A target untapped character may take a -3 modification")
WEAPON_FIRST = Rule(
    "1.7.56",
    line=529,
    quote="The prowess modification and maximum for a weapon is applied to a character before any other modifiers",
)
RINGWRAITH_NO_ITEMS = Rule(
    "1.5.49",
    line=344,
    quote="an item has no effect on a Ringwraith's company or on his attributes",
)
RINGWRAITH_BODY_CHECK = Rule(
    "2.5.32",
    line=932,
    quote=(
        "If a body check against a Ringwraith is exactly equal to 7 or 8, the Ringwraith is returned to your hand.",
        "You do not lose the game if your Ringwraith is removed in this fashion",
    ),
)
SUPPORT = Rule(
    "2.7.1",
    line=962,
    quote=(
        "An untapped character that is not the target of a strike may tap to support a character in the same company",
        "The target's prowess is modified by +1 for each supporting character.",
    ),
)
ALLY_SUPPORT = Rule("2.7.2", line=964, quote="An ally may tap to give a +1 prowess modification")

# Corruption
NO_CORRUPTION_CARDS_ON_RINGWRAITHS = Rule("1.8.8", line=551, quote="Corruption cards may not be played on Ringwraiths")
CORRUPTION_POINT_TOTAL = Rule(
    "1.8.17",
    line=571,
    quote="Corruption point values never have a plus or minus sign. The sum of all such values is the character's corruption point total",
)
CORRUPTION_CHECK = Rule("1.8.10", line=557, quote="you must make a roll (2D6) and add any appropriate modifications")
CORRUPTION_NOTHING = Rule(
    "1.8.11",
    line=558,
    quote="If the modified result is greater than the character's corruption point total, nothing happens",
)
CORRUPTION_TAPS = Rule(
    "1.8.12",
    line=559,
    quote=(
        "equal to the character's corruption point total or one less",
        "does not fail the corruption check. If the character is untapped, tap the character.",
    ),
)
CORRUPTION_ELIMINATED = Rule(
    "1.8.13",
    line=560,
    quote=(
        "less than character's corruption point total by two or more",
        "the character fails the corruption check and is eliminated",
        "you must discard any non-follower cards he controls",
    ),
)
CORRUPTION_ELIMINATED_LEAVES_PLAY = Rule(
    "1.8.15", line=564, quote="A character eliminated due to a corruption check is removed from active play."
)
RINGWRAITH_NO_CORRUPTION = Rule("1.8.14", line=562, quote="Ringwraiths never make corruption checks.")
CORRUPTION_MODIFIERS = Rule(
    "1.8.17",
    line=570,
    quote=(
        "Corruption check modifiers always have either a plus (+) sign or a minus (-) sign",
        "The sum of all such applicable modifiers are added to the corruption check roll",
    ),
)
REMOVAL_TAPS = Rule(
    "1.8.18",
    line=575,
    quote="the restriction that he tap to remove a corruption card (as printed on a corruption card)",
)
REMOVAL_NOT_TAPPING = Rule(
    "1.8.18",
    line=575,
    quote=(
        "suffer a -3 penalty to the dice roll to remove it",
        "even if he is already tapped or wounded (the roll is modified by -3)",
    ),
)
REMOVAL_ONE_ATTEMPT = Rule(
    "1.8.19",
    line=576,
    quote="Each turn, a character may only make one removal attempt for each corruption card if he uses the -3 modifier.",
)
REMOVAL_GREATER_THAN = Rule(
    "1.8.20", line=578, quote="his roll is an 8, so the card is removed (greater than 6 was required)"
)
REMOVAL_NO_RETRY_EXAMPLE = Rule(
    "1.8.21",
    line=585,
    quote="Layos would like to tap and try again, but since he tried without tapping, he cannot make another attempt",
)

# Movement, site paths and keying
RINGWRAITH_COMPANY_ALONE = Rule(
    "1.5.43",
    line=331,
    quote="Unless at a Darkhaven, a Ringwraith may not be in a company with other characters",
)
MOVE_FROM_NON_DARKHAVEN = Rule(
    "1.6.8",
    line=362,
    quote="the new site card must be the Darkhaven listed as the nearest Darkhaven",
)
MOVE_FROM_DARKHAVEN_TO_SITE = Rule("1.6.10", line=366, quote="it must list the site of origin as its nearest Darkhaven")
MOVE_FROM_DARKHAVEN_TO_DARKHAVEN = Rule(
    "1.6.11",
    line=367,
    quote="it must give a site path to the Darkhaven the company is at currently",
)
RINGWRAITH_MOVEMENT = Rule(
    "1.6.16",
    line=385,
    quote=(
        "may freely move from Darkhaven to Darkhaven and from a non-Darkhaven site to a Darkhaven",
        "a Ringwraith must have a special resource card: a Black Rider card, a Fell Rider card, or a Heralded Lord card",
    ),
)
SITE_PATH = Rule(
    "1.6.21",
    line=407,
    quote="A site path is the sequence of regions between a site and its nearest Darkhaven",
)
REGION_TYPES = Rule("1.6.18", line=390, quote="There are six types of regions and six types of sites")
KEYING_EXAMPLE = Rule("1.6.25", line=415, quote="double Shadow-lands (s s)")
CREATURE_AT_A_NAMED_SITE = Rule(
    "1.10.55",
    line=714,
    quote="The company is at a specific site at which the creature's card text says it can be played",
)
CREATURE_IN_A_NAMED_REGION = Rule(
    "1.10.56",
    line=715,
    quote="The company's site of origin or new site is in a region where the creature's card text says it can be played",
)
CREATURE_SITE_KEYING = Rule(
    "1.10.57",
    line=716,
    quote=(
        "One of the site symbols on the creature's card matches the site that the company moved to (i.e., the new site) "
        "or stayed at"
    ),
)
CREATURE_REGION_KEYING = Rule(
    "1.10.58",
    line=717,
    quote=(
        "At least one of the region symbols on the creature's card matches one of the region types the company moved through",
        "If the creature's card has two region symbols of the same type",
    ),
)
GEANN_A_LISCH = Rule(
    "1.10.59",
    line=719,
    quote="creatures keyed to Ruins & Lairs may be played against a company that has Geann a-Lisch",
)
DEEP_WILDERNESS = Rule(
    "1.10.60",
    line=721,
    quote=(
        "Two wilderness symbols are required in a site path to play a deep Wilderness creature.",
        "the two symbols need not be adjacent in the site path",
    ),
)
KEYED_TO = Rule("1.10.61", line=723, quote='one of these conditions that the attack is "keyed to."')
NOT_MOVING_NO_REGIONS = Rule(
    "1.10.63",
    line=725,
    quote=(
        "If a company did not play a new site card, it did not move through any regions",
        "no creature may be played based solely on region conditions",
    ),
)
PATH_DARKHAVEN_TO_SITE = Rule(
    "1.10.64",
    line=726,
    quote="the region types are indicated by the new site card's site path",
)
PATH_DARKHAVEN_TO_DARKHAVEN = Rule(
    "1.10.65",
    line=727,
    quote='the new Darkhaven site card\'s "Site Path from" the old Darkhaven site',
)
PATH_SITE_TO_DARKHAVEN = Rule(
    "1.10.66",
    line=728,
    quote="the region types are indicated by the site of origin's site path",
)
DOORS_OF_NIGHT_FELL_WINTER = Rule(
    "1.10.14",
    line=638,
    quote=(
        "Since Doors of Night is in play it can do two more things",
        "change all Border-lands [b] into Wilderness [w], making the site path s w f w",
        "change all Free-domains [f] into Border-lands [b], making the site path s w b w",
    ),
)
FELL_WINTER_NEEDS_DOORS = Rule("1.10.14", line=638, quote="Since Doors of Night is in play it can do two more things")
FELL_WINTER_AUTOMATIC_ATTACK = Rule(
    "1.10.14",
    line=638,
    quote="it gives all Border-holds [B] (including Dunharrow) an automatic-attack: wolves - 3 strikes at 7 prowess",
)
RINGWRAITH_NO_COASTAL_SEAS = Rule(
    "2.5.29",
    line=929,
    quote="A Ringwraith may not use a site path that contains Coastal Seas regions",
)

# Hazard limit
COMPANY_SIZE = Rule(
    "1.10.48",
    line=701,
    quote="A company's size is equal to the number of characters in it. For this purpose, allies do not count",
)
HAZARD_LIMIT = Rule(
    "1.10.48",
    line=701,
    quote="The hazard limit is equal to two or the company's size, whichever is greater",
)
SIDEBOARD = Rule(
    "2.2.2",
    line=843,
    quote='In addition to the normal location deck and play deck, you can have a 25 card "sideboard" deck.',
)
SIDEBOARD_AGAINST_A_RINGWRAITH = Rule(
    "2.2.8",
    line=857,
    quote=(
        "At the end of your opponent's untap phase, if your opponent's Ringwraith is in play",
        "bring up to five hazard cards from your sideboard to your discard pile",
        "bring one hazard card directly from your sideboard into your play deck",
    ),
)
HAZARD_LIMIT_HALVED = Rule(
    "2.2.9",
    line=858,
    quote=(
        "If you move cards from your sideboard in this fashion",
        "the hazard limit for each of your opponent's companies is reduced to half of normal for the rest of the turn (round up",
    ),
)
ORC_SCOUTS = Rule("2.5.2", line=889, quote="Orc scouts only count half towards a company's size (round up)")


# --- Strategy Battle Game: Advanced Rules (sources/sbg-advanced-rules.txt) -----------------


def _advanced(id_: str, line: int, quote: str | tuple[str, ...]) -> Rule:
    return Rule(id_, line=line, quote=quote, source=SBG_ADVANCED)


def _article(id_: str, line: int, quote: str | tuple[str, ...]) -> Rule:
    return Rule(id_, line=line, quote=quote, source=SBG_ARTICLE)


SBG_SHALLOW_WATER_PRONE = _advanced(
    "SBG-A.1.2", 11, "if any model begins its Activation Prone whilst within Shallow Water"
)
SBG_SWIM_TEST = _advanced(
    "SBG-A.1.2",
    11,
    (
        "To make a Swim Test, the model rolls a D6 and consults the Swim Table",
        "There are a number of modifiers that can affect a Swim Test",
    ),
)
SBG_DEEP_WATER_SWIM_TEST = _advanced(
    "SBG-A.1.3", 17, "Any model that enters an area of Deep Water must immediately take a Swim Test"
)
SBG_PRONE_IN_DEEP_WATER = _advanced(
    "SBG-A.1.3",
    17,
    "Models that are knocked Prone within Deep Water must immediately take another Swim Test and apply an additional -1 modifier",
)
SBG_SWIM_TABLE = _advanced("SBG-A.1.4", 21, "1 2-5 6 Result")
SBG_SINK = _advanced(
    "SBG-A.1.4",
    21,
    ("Sink: The model is overcome by the weight of its wargear", "drowns. Remove the model as a casualty."),
)
SBG_SWIM = _advanced("SBG-A.1.4", 21, "Swim: The model may Move up to half its remaining Move Value")
SBG_SWIM_STRONGLY = _advanced("SBG-A.1.4", 21, "Swim Strongly: The model may Move all its remaining Move Value")
SBG_SWIM_MODIFIERS_CUMULATIVE = _advanced("SBG-A.1.4", 21, "All modifiers are cumulative")
SBG_SWIM_CAVALRY = _advanced("SBG-A.1.4", 21, "If the model is a Cavalry model, apply a +1 modifier")
SBG_SWIM_HEAVY_ARMOUR = _advanced(
    "SBG-A.1.4", 21, "If the model is equipped with heavy armour or heavy Dwarf armour, apply a -1 modifier"
)
SBG_SWIM_SHIELD = _advanced(
    "SBG-A.1.4", 21, "If the model is carrying a shield (but not a light shield), apply a -1 modifier"
)
SBG_SWIM_BANNER = _advanced("SBG-A.1.4", 21, "If the model is carrying a banner, apply a -1 modifier")
SBG_MATCHED_PLAY_NO_MOUNTING = _advanced("SBG-A.3.1", 41, "the Mounting rules are never used")
SBG_PASSENGER_SHOTS = _advanced(
    "SBG-A.3.3",
    49,
    (
        "If a Shooting Attack hits a Cavalry model with a Passenger on it",
        "any shots that would hit the rider must roll a further D6",
    ),
)
SBG_PASSENGER_SHOT_ROLL = _advanced(
    "SBG-A.3.3", 49, "On a 1-3 the shot will hit the Passenger, and on a 4+ the shot will hit the rider"
)
SBG_MOUNTING_ROLL = _advanced(
    "SBG-A.3.4",
    53,
    (
        "In specific Narrative Scenarios, models may be able to Mount a Cavalry model and become a Passenger",
        "the model must Move into base contact with the Cavalry model and roll a D6",
    ),
)
SBG_MOUNTING_FAILS = _advanced(
    "SBG-A.3.4", 53, "On a 1, the model fails to Mount and neither model may Move any further that turn"
)
SBG_MOUNTING_MOUNTS = _advanced(
    "SBG-A.3.4",
    53,
    (
        "On a 2-5, the model successfully Mounts, though neither model may Move any further that turn",
        "Mount a Cavalry model and become a Passenger",
    ),
)
SBG_MOUNTING_MOUNTS_ACTIVATE = _advanced(
    "SBG-A.3.4",
    53,
    "On a 6, the model successfully Mounts and the Cavalry model can still Activate if it hasn't already",
)

# --- Strategy Battle Game: boats article (sources/sbg-boats-article.txt) -------------------

SBG_ARTICLE_MOUNTED_MAY_NOT_SWIM = _article("SBG-B.6.1", 35, "Mounted models may not attempt to swim")
SBG_ARTICLE_SWIMMING_CHART = _article(
    "SBG-B.6.1", 35, "Roll a D6 for each swimming model and consult the Swimming chart below"
)
SBG_ARTICLE_ARMOUR_BASELINE = _article(
    "SBG-B.6.2",
    37,
    "this chart represents the ability of a model wearing armour (including special kinds of regular armour, such as Dwarf armour)",
)
SBG_ARTICLE_APPLY_MODIFIERS = _article(
    "SBG-B.6.2", 37, "apply the modifiers shown to the table below to the Swimming chart"
)
SBG_ARTICLE_NO_ARMOUR = _article("SBG-B.6.3", 39, "Model is wearing no armour/Mithril armour\t+1")
SBG_ARTICLE_HEAVY_ARMOUR = _article("SBG-B.6.3", 40, "Model is wearing heavy armour/Dwarf heavy armour\t-1")
SBG_ARTICLE_SHIELD = _article("SBG-B.6.3", 41, "Model is carrying a shield\t-1")
SBG_ARTICLE_SHIELD_AND_HEAVY_ARMOUR = _article(
    "SBG-B.6.3", 42, "Model carrying a shield and wearing heavy armour/Dwarf heavy armour\t-2"
)
SBG_ARTICLE_ROLL_AGAIN_AFTER_A_FIGHT = _article(
    "SBG-B.6.4", 44, "After the fight has been resolved, all combatants must roll on the Swimming chart again"
)


def all_citations() -> dict[str, Rule]:
    """Every Rule constant of this module, by constant name."""
    return {name: value for name, value in globals().items() if isinstance(value, Rule)}
