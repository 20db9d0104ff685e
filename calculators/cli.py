"""``python -m calculators NAME ... [--json]``: one command per calculator, one flag per
option, all derived from the option tables (params.CALCULATORS)."""

import argparse
import json
import os
import sys

from calculators import __version__
from calculators.cli_report import format_result
from calculators.errors import InputError
from calculators.options import Option
from calculators.params import CALCULATORS, compute

PROG = "python -m calculators"


class OneLineParser(argparse.ArgumentParser):
    """Bad usage: one line on stderr, exit status 2, no usage block."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")


def add_option(command: argparse.ArgumentParser, option: Option) -> None:
    """One flag. Missing required options are reported by the reader, like every other bad input."""
    if option.kind == "bool":
        command.add_argument(option.flag, action="store_true", help=option.help)
        return
    help_text = option.help + (" (required)" if option.required else "")
    command.add_argument(
        option.flag,
        metavar=option.metavar or option.name.upper(),
        help=help_text,
        action="append" if option.kind == "ints" else "store",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog=PROG, description="Exact MELE (and Strategy Battle Game) rules calculators.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="name", required=True, metavar="NAME")
    for calculator in CALCULATORS.values():
        if not calculator.command_line:
            continue
        command = sub.add_parser(calculator.name, help=calculator.summary, description=calculator.summary)
        command.add_argument("--json", action="store_true", help="print the result as JSON")
        for option in calculator.options:
            add_option(command, option)
    return parser


def params_from_args(args: argparse.Namespace) -> dict:
    skip = {"name", "json"}
    return {
        key: value for key, value in vars(args).items() if key not in skip and value is not None and value is not False
    }


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        result = compute(args.name, params_from_args(args))
    except InputError as error:
        print(f"{PROG} {args.name}: error: {error.message}", file=sys.stderr)
        return 2
    text = json.dumps(result.to_dict(), ensure_ascii=False, indent=2) if args.json else format_result(result.to_dict())
    try:
        print(text, flush=True)
    except BrokenPipeError:
        # The reader of the output stopped (`| head`): what it did not read is not an error. Python
        # would report the pipe again when it flushes stdout at exit, so stdout goes nowhere now.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0
