"""2D6, enumerated exactly.

Counts are kept as integer "ways" out of 36 (or 36 * 36 for a strike roll and
its body check) and turned into Fractions only at the end, which keeps every
calculator well under a millisecond.
"""

from fractions import Fraction
from types import MappingProxyType

SIDES = 6
D6_FACES = range(1, SIDES + 1)  # one D6 (the Strategy Battle Game rolls)
ROLLS = tuple(range(2, 2 * SIDES + 1))  # natural 2D6 results, 2..12
OUTCOMES_PER_ROLL = SIDES * SIDES  # 36

# roll -> number of the 36 die pairs giving it
WAYS = MappingProxyType({roll: SIDES - abs(roll - (SIDES + 1)) for roll in ROLLS})
PROBABILITY = MappingProxyType({roll: Fraction(ways, OUTCOMES_PER_ROLL) for roll, ways in WAYS.items()})


def chance_of(rolls) -> Fraction:
    """The chance that a 2D6 roll is one of ``rolls``."""
    return Fraction(sum(WAYS[r] for r in set(rolls)), OUTCOMES_PER_ROLL)


def chance_above(modifier: int, target: int) -> Fraction:
    """The chance that 2D6 + ``modifier`` is greater than ``target`` (removal, influence)."""
    return chance_of(roll for roll in ROLLS if roll + modifier > target)


def least_roll(succeeds) -> int | None:
    """The least natural roll for which ``succeeds(roll)`` holds, or None."""
    for roll in ROLLS:
        if succeeds(roll):
            return roll
    return None
