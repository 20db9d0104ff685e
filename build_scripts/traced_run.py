"""`python -m build_scripts.traced_run <log> -m <module> [args...]`: runs the module as
`python -m <module> [args...]` would, and writes into <log> every file it opened for reading, one
absolute path a line (Python's audit events: the files Python code opens, whichever library opens
them). The build runs each stage's commands through it and holds what they read to what the stage
declares (build_scripts/incremental.py)."""

from __future__ import annotations

import os
import runpy
import sys

WRITING_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def record_reads(log_path: str) -> None:
    """From now on, each file this process opens for reading is written to `log_path` once."""
    log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    seen: set[str] = set()

    def hook(event: str, args: tuple) -> None:
        if event != "open":
            return
        path, mode, flags = args
        if not isinstance(path, str | bytes) or path in seen:
            return
        if mode is not None and any(letter in mode for letter in "wax+"):
            return
        if mode is None and flags & WRITING_FLAGS:
            return
        seen.add(path)
        name = os.fsdecode(path)
        os.write(log, (os.path.abspath(name) + "\n").encode("utf-8", "surrogateescape"))

    sys.addaudithook(hook)


def main(argv: list[str]) -> None:
    if len(argv) < 3 or argv[1] != "-m":
        raise SystemExit("usage: python -m build_scripts.traced_run <log> -m <module> [args...]")
    log_path, module, args = argv[0], argv[2], argv[3:]
    record_reads(log_path)
    sys.argv = [module, *args]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main(sys.argv[1:])
