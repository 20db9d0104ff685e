"""The browser tests' one server for a test run, in a process of its own, so that every pytest
process of the run (pytest-xdist's) tests the same build on the same origin: the site is built
for its origin once, not once per process (tests/browser/conftest.py, `served_site`).

    python -m tests.browser.site_server SITE_DIR OWNER_PID

It serves SITE_DIR as devtools.serve does (the deployed headers), prints its origin on one
line, and stops when told to (SIGTERM, from the run's last hook: tests/conftest.py) or, should
that never come, once the process OWNER_PID, which leads the run, has ended."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys
from pathlib import Path

from devtools.serve import start_server


def wait_for_the_end_of(pid: int) -> None:
    """Returns once the process `pid` has ended (its pidfd becomes readable), or at once if it has."""
    with contextlib.suppress(ProcessLookupError):
        owner = os.pidfd_open(pid)
        try:
            select.select([owner], [], [])
        finally:
            os.close(owner)


def main(argv: list[str]) -> int:
    site, owner = Path(argv[0]), int(argv[1])
    server, origin = start_server(site)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    print(origin, flush=True)
    try:
        wait_for_the_end_of(owner)
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
