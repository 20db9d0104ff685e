"""`make test-under-load`: the whole `make test` of the committed HEAD, in a fresh clone, with a
CPU-bound process of its own beside it taking one core, as CI's machine can be; then whether it
passed and how long it took. A test that assumes how fast the machine is fails here first.

    python -m tests.support.under_load [--limit SECONDS] [--target test]

The busy process and the run are both bounded by --limit and stopped whatever happens: the run
ending, failing, running out of time, Ctrl-C or a SIGTERM/SIGHUP to this process (and the busy
process ends with this process, even when it is killed outright). The clone is removed after a
pass; after a failure it is kept, and named, for its test-results/."""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
LIMIT_S = 40 * 60  # four times an idle machine's fresh-clone `make test`: past it, something hangs
STOP_GRACE_S = 30  # a stopped run's time to end its browsers and servers before SIGKILL

# Spins until its deadline: one core's worth of work, and nothing else.
BUSY_LOOP = "import sys, time\nend = time.monotonic() + float(sys.argv[1])\nwhile time.monotonic() < end:\n    pass\n"

# What a make run inherits from the make that started this: not passed on, so the clone's
# `make test` runs as CI's does.
MAKE_VARIABLES = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")


class Stopped(Exception):  # noqa: N818 (a signal, not an error)
    """This process was told to stop (SIGTERM, SIGHUP)."""


def end_with_this_process() -> None:
    """In the child, before exec: a SIGTERM when this process ends, however it ends (prctl PR_SET_PDEATHSIG)."""
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)


@contextlib.contextmanager
def busy_core(limit_s: float):
    """A process spinning on one core for at most `limit_s`, stopped when the block is left."""
    busy = subprocess.Popen([sys.executable, "-c", BUSY_LOOP, str(limit_s)], preexec_fn=end_with_this_process)
    try:
        yield busy
    finally:
        if busy.poll() is None:
            busy.terminate()
        busy.wait()


def group_members(group: int) -> list[int]:
    """The live processes (not yet exited) of process group `group`, read from /proc."""
    members = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                stat = Path(entry.path, "stat").read_text()
                state, _parent, process_group = stat[stat.rindex(")") + 2 :].split()[:3]
                if int(process_group) == group and state != "Z":
                    members.append(int(entry.name))
    return members


def group_ended(group: int, timeout_s: float) -> bool:
    """Whether every process of `group` has exited within `timeout_s`: each one's exit is waited
    for as an event (a pidfd turns readable when its process exits)."""
    deadline = time.monotonic() + timeout_s
    waiting = []
    for pid in group_members(group):
        with contextlib.suppress(ProcessLookupError):
            waiting.append(os.pidfd_open(pid))
    try:
        while waiting:
            ended, _, _ = select.select(waiting, [], [], max(deadline - time.monotonic(), 0))
            if not ended:
                return False
            for handle in ended:
                waiting.remove(handle)
                os.close(handle)
    finally:
        for handle in waiting:
            os.close(handle)
    return not group_members(group)


def stop_group(process: subprocess.Popen) -> None:
    """SIGTERM to the run's process group (make, pytest and its browsers), SIGKILL if it lingers;
    it returns once every process of the group has exited, not only make."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    if not group_ended(process.pid, STOP_GRACE_S):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        group_ended(process.pid, STOP_GRACE_S)
    process.wait()


def run_make(clone: Path, target: str, limit_s: float) -> str:
    """`make <target>` in the clone, in a process group of its own: "passed", "failed" or
    "stopped at the limit"; a Ctrl-C or Stopped stops the group and goes on up."""
    env = {name: value for name, value in os.environ.items() if name not in MAKE_VARIABLES}
    make = subprocess.Popen(["make", "-C", str(clone), target], env=env, start_new_session=True)
    try:
        code = make.wait(limit_s)
    except subprocess.TimeoutExpired:
        stop_group(make)
        return "stopped at the limit"
    except BaseException:
        stop_group(make)
        raise
    return "passed" if code == 0 else "failed"


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout.strip()


def minutes(seconds: float) -> str:
    return f"{int(seconds // 60)} min {seconds % 60:04.1f} s"


def under_load(root: Path, target: str, limit_s: float, workdir: Path) -> tuple[str, float]:
    """Clone `root` into `workdir`/clone at `root`'s committed HEAD and run `make <target>` there
    beside a busy core. Returns the outcome and the seconds taken; the clone goes after a pass."""
    clone = workdir / "clone"
    try:
        git("clone", "--quiet", "--no-checkout", str(root), str(clone), cwd=workdir)
        git("checkout", "--quiet", "--detach", git("rev-parse", "HEAD", cwd=root), cwd=clone)
        started = time.monotonic()
        with busy_core(limit_s):
            outcome = run_make(clone, target, limit_s)
        seconds = time.monotonic() - started  # the run's, not the clean-up's
    except BaseException:
        shutil.rmtree(workdir, ignore_errors=True)
        raise
    if outcome == "passed":
        shutil.rmtree(workdir, ignore_errors=True)
    return outcome, seconds


def raise_stopped(signum, _frame):
    raise Stopped(signal.Signals(signum).name)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=float, default=LIMIT_S, help="seconds before the run is stopped")
    parser.add_argument("--target", default="test", help="the make target to run in the clone")
    args = parser.parse_args(argv)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, raise_stopped)
    head = git("rev-parse", "--short", "HEAD")
    workdir = Path(tempfile.mkdtemp(prefix="under-load-"))
    load_before = os.getloadavg()[0]
    print(f"under load: make {args.target} of {head} in {workdir}/clone, one core kept busy beside it", flush=True)
    try:
        outcome, seconds = under_load(ROOT, args.target, args.limit, workdir)
    except (KeyboardInterrupt, Stopped) as stop:
        print(f"under load: make {args.target} of {head}: interrupted ({type(stop).__name__} {stop})", flush=True)
        return 130
    kept = "" if outcome == "passed" else f"; the clone is kept: {workdir}/clone"
    print(
        f"under load: make {args.target} of {head} {outcome} in {minutes(seconds)} "
        f"(load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after){kept}",
        flush=True,
    )
    return 0 if outcome == "passed" else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
