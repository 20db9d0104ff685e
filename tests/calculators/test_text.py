"""Numbers as the command line and the site write them (calculators/text.py)."""

from fractions import Fraction

import pytest

from calculators.text import percent, signed
from tests.support.cli import run_cli


@pytest.mark.parametrize(
    "chance, text",
    [
        (Fraction(0), "0%"),
        (Fraction(1), "100%"),
        (Fraction(1, 16), "6.3%"),  # 6.25: half up
        (Fraction(1, 2000), "0.1%"),  # 0.05: half up
        (Fraction(1, 46656), "<0.1%"),
        (Fraction(46655, 46656), ">99.9%"),  # never rounded to 0 or 100
        ("5/12", "41.7%"),
    ],
)
def test_percent(chance, text):
    assert percent(chance) == text


def test_signed():
    assert [signed(n) for n in (3, 0, -2)] == ["+3", "+0", "-2"]


def test_the_command_line_writes_a_tiny_chance_as_the_site_does(capsys):
    # Twenty checks at 10 corruption points: passing them all untouched is (3/36)^20.
    status, out, _ = run_cli(capsys, "corruption", "--points", "10", "--checks", "20")
    assert status == 0
    nothing = next(line for line in out.splitlines() if line.strip().startswith("nothing"))
    assert nothing.split()[-1] == "<0.1%" == percent(Fraction(3, 36) ** 20)
