"""The browser tests' one server for a test run, in a process of its own, so that every pytest
process of the run (pytest-xdist's) tests the same build on the same origin: the site is built
for its origin once, not once per process (tests/browser/conftest.py, `served_site`).

    python -m tests.browser.site_server SITE_DIR OWNER_PID

It serves SITE_DIR as mele.devtools.serve does (the deployed headers), prints its origin on one
line, and stops when told to (SIGTERM, from the run's last hook: tests/conftest.py) or, should
that never come, once the process OWNER_PID, which leads the run, has ended."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

from mele.devtools.serve import start_server

OWNER_POLL_S = 1.0


def owner_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def main(argv: list[str]) -> int:
    site, owner = Path(argv[0]), int(argv[1])
    server, origin = start_server(site)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    print(origin, flush=True)
    try:
        while owner_alive(owner):
            time.sleep(OWNER_POLL_S)
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
