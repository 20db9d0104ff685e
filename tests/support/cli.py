"""The engine's command line run in-process, as the CLI tests call it."""

from __future__ import annotations

from calculators.cli import main


def run_cli(capsys, *argv):
    try:
        status = main(list(argv))
    except SystemExit as exit_:
        status = exit_.code
    out, err = capsys.readouterr()
    return status, out, err
