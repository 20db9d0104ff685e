"""How numbers are written, once for the command line and the site: a signed
modifier, and a chance as a percentage.

The CLI and the site print the same text for the same chance: one decimal,
rounded half up (1/16 is 6.3%); a chance that is neither 0 nor 1 never
rounds to them (1/46656 is <0.1%, 46655/46656 is >99.9%).
"""

from fractions import Fraction


def signed(number: int) -> str:
    """+3, -1, +0: a modifier as the rules print it."""
    return f"{number:+d}"


def percent(chance) -> str:
    """A chance (a Fraction, or its text such as "5/12") as a percentage."""
    value = Fraction(chance)
    if value == 0:
        return "0%"
    if value == 1:
        return "100%"
    tenths = (2 * value.numerator * 1000 + value.denominator) // (2 * value.denominator)  # half up
    if tenths == 0:
        return "<0.1%"
    if tenths == 1000:
        return ">99.9%"
    return f"{tenths // 10}.{tenths % 10}%"
