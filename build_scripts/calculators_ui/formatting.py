"""Exact numbers as text. format.js mirrors these, so the build-time and live
results read the same."""

from __future__ import annotations

from fractions import Fraction


def percent_text(chance: str) -> str:
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


def bar_width(chance: str) -> str:
    return f"width: {float(Fraction(chance)) * 100:.2f}%"


def signed(number: int) -> str:
    return f"+{number}" if number >= 0 else f"−{-number}"


def two_d6_exactly(roll: int) -> Fraction:
    return Fraction(6 - abs(roll - 7), 36)


def two_d6_at_least(roll: int) -> Fraction:
    return sum((two_d6_exactly(r) for r in range(max(roll, 2), 13)), Fraction(0))


def fraction_text(value: Fraction) -> str:
    return str(value)
