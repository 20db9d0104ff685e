"""``python -m calculators NAME ... [--json]``."""

import argparse
import json
import sys

from . import __version__
from .errors import InputError
from .params import compute
from .summary import format_result

PROG = "python -m calculators"


class OneLineParser(argparse.ArgumentParser):
    """Bad usage: one line on stderr, exit status 2, no usage block."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog=PROG, description="Exact MELE (and Strategy Battle Game) rules calculators.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="name", required=True, metavar="NAME")

    def command(name, help_text):
        cmd = sub.add_parser(name, help=help_text, description=help_text)
        cmd.add_argument("--json", action="store_true", help="print the result as JSON")
        return cmd

    strike = command("strike", "One strike against one character, with its body checks.")
    strike.add_argument("--prowess", required=True, metavar="P", help="the character's prowess")
    strike.add_argument("--strike-prowess", required=True, metavar="S", help="the strike's prowess")
    strike.add_argument("--state", metavar="STATE", help="untapped (default), tapped or wounded")
    strike.add_argument("--no-tap", action="store_true", help="take -3 so as not to tap")
    strike.add_argument("--excess", metavar="N", help="excess strikes allocated to him (-1 each)")
    strike.add_argument("--support", metavar="N", help="supporting characters (+1 each)")
    strike.add_argument("--modifier", metavar="M", help="other cards' prowess modifier, signed")
    strike.add_argument("--weapon", metavar="BONUS:MAX", help="weapon bonus and maximum, e.g. 2:8")
    strike.add_argument("--strike-body", metavar="B", help="the strike's body (omit for \"-\")")
    strike.add_argument("--body", metavar="B", help="the character's body")
    strike.add_argument("--discard-on", metavar="LIST", help="discard-on body check results, e.g. 7,8")
    strike.add_argument("--detainment", action="store_true", help="a detainment attack")
    strike.add_argument("--ringwraith", action="store_true", help="the target is a Ringwraith")
    strike.add_argument("--roll", metavar="R", help="resolve this strike roll")
    strike.add_argument("--body-roll", metavar="R", help="and this body check roll")

    corruption = command("corruption", "Corruption checks, or removing a corruption card.")
    corruption.add_argument("--points", metavar="CP", help="corruption point total")
    corruption.add_argument("--modifier", metavar="M", help="corruption check modifier, signed")
    corruption.add_argument("--checks", metavar="K", help="number of checks in a row")
    corruption.add_argument("--ringwraith", action="store_true", help="the character is a Ringwraith")
    corruption.add_argument("--remove", metavar="N", help="remove a card needing a roll greater than N")
    corruption.add_argument("--no-tap", action="store_true", help="remove without tapping (-3)")
    corruption.add_argument("--roll", metavar="R", help="resolve this roll (one per check: 7,12,4)")

    influence = command("influence", "An influence check to bring a faction into play.")
    influence.add_argument("--required", required=True, metavar="R", help="the faction's number")
    influence.add_argument("--direct-influence", metavar="DI", help="the character's direct influence")
    influence.add_argument("--followers-mind", metavar="F", help="his followers' total mind")
    influence.add_argument("--modifier", metavar="M", action="append",
                           help="a modifier, signed; repeat for several")
    influence.add_argument("--roll", metavar="R", help="resolve this roll")

    keying = command("keying", "Which creature keyings a move allows.")
    keying.add_argument("--path", metavar="PATH", help='site path, e.g. "s d d s d" (c f b w s d)')
    keying.add_argument("--site", metavar="TYPE", help="new (or current) site type: DH F B R S D")
    keying.add_argument("--not-moving", action="store_true", help="the company did not move")
    keying.add_argument("--geann-a-lisch", action="store_true", help="the site is Geann a-Lisch")
    keying.add_argument("--doors-of-night", action="store_true", help="Doors of Night is in play")
    keying.add_argument("--fell-winter", action="store_true", help="Fell Winter is in play")

    hazard = command("hazard-limit", "A company's hazard limit.")
    hazard.add_argument("--size", required=True, metavar="N", help="characters in the company")
    hazard.add_argument("--orc-scouts", metavar="K", help="how many of them are Orc scouts")
    hazard.add_argument("--halved", action="store_true", help="halved (opponent's sideboard use)")

    audience = command("audience", "Marshalling points at the Audience with Sauron.")
    audience.add_argument("--me", metavar="POINTS", help="e.g. character=7,item=4,faction=5")
    audience.add_argument("--opponent", metavar="POINTS", help="the opponent's points, same form")
    audience.add_argument("--revealed-against-me", metavar="N", help="cards the opponent reveals")
    audience.add_argument("--revealed-against-opponent", metavar="N", help="cards I reveal")
    audience.add_argument("--starter", action="store_true", help="Starter Rules: no modifications")

    swim = command("swim", "Strategy Battle Game: a Swim Test (or the article's Swimming chart roll).")
    swim.add_argument("--edition", metavar="EDITION", help="advanced (Advanced Rules) or article (boats article)")
    swim.add_argument("--cavalry", action="store_true", help="a Cavalry model, +1 (advanced only)")
    swim.add_argument("--heavy-armour", action="store_true", help="heavy (or Dwarf heavy) armour, -1")
    swim.add_argument("--shield", action="store_true", help="a shield (not a light shield), -1")
    swim.add_argument("--banner", action="store_true", help="carrying a banner, -1 (advanced only)")
    swim.add_argument("--prone-in-deep", action="store_true",
                      help="the test for being knocked Prone in Deep Water, -1 (advanced only)")
    swim.add_argument("--no-armour", action="store_true", help="no or Mithril armour, +1 (article only)")
    swim.add_argument("--roll", metavar="R", help="resolve this D6 roll (1-6)")

    passenger = command("passenger-hit", "Strategy Battle Game: does a shot at the rider hit the Passenger?")
    passenger.add_argument("--roll", metavar="R", help="resolve this D6 roll (1-6)")

    mount = command("mount", "Strategy Battle Game: the D6 roll to Mount a Cavalry model as a Passenger.")
    mount.add_argument("--roll", metavar="R", help="resolve this D6 roll (1-6)")
    return parser


def params_from_args(args: argparse.Namespace) -> dict:
    skip = {"name", "json"}
    params = {}
    for key, value in vars(args).items():
        if key in skip or value is None or value is False:
            continue
        params[key] = value
    return params


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        result = compute(args.name, params_from_args(args))
    except InputError as error:
        print(f"{PROG} {args.name}: error: {error.message}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        print(format_result(result.to_dict()))
    return 0
