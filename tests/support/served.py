"""The run's served builds: each generator's site (MkDocs with Material, Zensical), served on a free
127.0.0.1 port by a process of its own (tests/browser/site_server.py), then built for that origin
(instant navigation needs site_url to be the origin, port included: the theme matches links
against its sitemap's URLs), once in a test run, by whichever test process needs it first; the
others find it ready (its server record). tests/conftest.py stops the servers at the run's end.

The servers send the site's Content-Security-Policy and application/wasm (devtools/serve.py), so
every browser test runs under that policy."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import NamedTuple

from tests.support.site import ROOT, RUN_LEADER, SERVED_BUILDS, build_site, built_once, server_record, soup_of


class Served(NamedTuple):
    """A served build: its folder, its origin, and the seconds its build took."""

    site: Path
    origin: str
    build_seconds: float


RUN_SERVERS: list[subprocess.Popen] = []  # kept: a Popen collected while its process runs is warned of


def start_run_server(folder: Path) -> dict:
    """The run's server for `folder`; its origin and pid."""
    server = subprocess.Popen(
        [sys.executable, "-m", "tests.browser.site_server", str(folder), str(RUN_LEADER)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    origin = server.stdout.readline().strip()
    server.stdout.close()
    if not origin.startswith("http://127.0.0.1:"):
        server.kill()
        raise RuntimeError(f"the test server did not start (it said {origin!r})")
    RUN_SERVERS.append(server)
    return {"origin": origin, "pid": server.pid}


def served_build(site_generator: str) -> Served:
    """The run's build by `site_generator`, served."""
    folder = SERVED_BUILDS[site_generator]

    def serve_and_build(folder: Path) -> None:
        served = start_run_server(folder)
        started = time.perf_counter()
        build_site(folder, served["origin"] + "/", site_generator)
        served["seconds"] = time.perf_counter() - started
        server_record(folder).write_text(json.dumps(served), encoding="utf-8")

    built_once(folder, serve_and_build)
    made_by = soup_of(folder / "index.html").select_one('meta[name="generator"]')["content"]
    assert made_by.startswith(f"{site_generator}-"), f"{folder} was built by {made_by}, not {site_generator}"
    served = json.loads(server_record(folder).read_text(encoding="utf-8"))
    return Served(folder, served["origin"], served["seconds"])


def stop_run_servers() -> None:
    """Every served build's server stops (the run's last hook)."""
    for folder in SERVED_BUILDS.values():
        record = server_record(folder)
        if record.exists():
            with contextlib.suppress(ProcessLookupError, ValueError, KeyError):
                os.kill(json.loads(record.read_text())["pid"], signal.SIGTERM)
            record.unlink(missing_ok=True)
