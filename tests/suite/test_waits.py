"""No test waits for time instead of a state. What is looked for:

- a sleep (time.sleep, asyncio.sleep), Playwright's wait_for_timeout or waitForTimeout, or a
  sleep in the JavaScript files (a promise resolved by a timer);
- a retry: a loop that catches a failed check or an expired wait (AssertionError, a timeout,
  Exception, or anything) and goes round again, or a loop counting attempts.

A sleep that is a network's delay (a throttled-network case) is allowed on a line that says so:
`# throttled network: <why>`. Catching a driver's "not there yet" (a navigation under way, an
element not yet actionable) is not a retry: it is how the engine says the state is not reached,
and the wait goes on for the state within its one deadline."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

SLEEPS = {"sleep", "wait_for_timeout", "waitForTimeout"}
# What a failed check or an expired wait raises; catching one in a loop tries the check again.
FAILURES = {
    "AssertionError",
    "TimeoutError",
    "PlaywrightTimeoutError",
    "TimeoutExpired",
    "Exception",
    "BaseException",
}
ATTEMPT_NAMES = re.compile(r"^_?(attempt|retry|retries|tries|try)(_?\w*)$")
THROTTLED = re.compile(r"#\s*throttled network:\s*\S")
# A timer that only resolves a promise: a sleep. A JavaScript comment line is skipped.
JS_SLEEP = re.compile(r"new Promise\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*setTimeout\(\s*\1\s*,")
JS_WAIT_FOR_TIMEOUT = re.compile(r"\bwaitForTimeout\s*\(")


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what}"


def caught_names(handler: ast.ExceptHandler) -> set[str]:
    """The names of what an except clause catches ("" for a bare except)."""
    if handler.type is None:
        return {""}
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return {node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "?") for node in types}


def always_raises(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], ast.Raise)


def called_name(call: ast.Call) -> str:
    return call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")


class PythonWaits(ast.NodeVisitor):
    def __init__(self, path: str, lines: list[str]):
        self.path, self.lines, self.found = path, lines, []
        self.loops: list[ast.stmt] = []

    def note(self, node: ast.AST, what: str) -> None:
        self.found.append(Finding(self.path, node.lineno, what))

    def visit_Call(self, node: ast.Call) -> None:
        name = called_name(node)
        if name in SLEEPS and not THROTTLED.search(self.lines[node.lineno - 1]):
            self.note(node, f"{name}(): a wait for time, not for a state")
        self.generic_visit(node)

    def visit_loop(self, node) -> None:
        target = getattr(node, "target", None)
        if isinstance(target, ast.Name) and ATTEMPT_NAMES.match(target.id):
            self.note(node, f"a loop over attempts ({target.id}): a retry")
        self.loops.append(node)
        self.generic_visit(node)
        self.loops.pop()

    visit_For = visit_While = visit_AsyncFor = visit_loop

    def visit_function(self, node) -> None:
        loops, self.loops = self.loops, []  # a function defined in a loop is not the loop's body
        self.generic_visit(node)
        self.loops = loops

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = visit_function

    def visit_Try(self, node: ast.Try) -> None:
        if self.loops:
            for handler in node.handlers:
                caught = caught_names(handler) & (FAILURES | {""})
                if caught and not always_raises(handler.body):
                    what = ", ".join(sorted(name or "everything" for name in caught))
                    self.note(handler, f"a loop that catches {what} and goes on: a retry")
        self.generic_visit(node)


def python_findings(path: Path, shown_as: str) -> list[Finding]:
    text = path.read_text(encoding="utf-8")
    visitor = PythonWaits(shown_as, text.splitlines())
    visitor.visit(ast.parse(text, filename=shown_as))
    return visitor.found


def javascript_findings(path: Path, shown_as: str) -> list[Finding]:
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.lstrip().startswith("//") or THROTTLED.search(line.replace("//", "#", 1)):
            continue
        if JS_SLEEP.search(line):
            found.append(Finding(shown_as, number, "a promise resolved by a timer: a sleep"))
        if JS_WAIT_FOR_TIMEOUT.search(line):
            found.append(Finding(shown_as, number, "waitForTimeout(): a wait for time, not for a state"))
    return found


def findings(root: Path, folders: list[Path]) -> list[Finding]:
    """Every wait for time in the Python and JavaScript files under `folders`."""
    found = []
    for folder in folders:
        for path in sorted(folder.rglob("*")) if folder.is_dir() else [folder]:
            shown_as = path.relative_to(root).as_posix()
            if path.suffix == ".py":
                found += python_findings(path, shown_as)
            elif path.suffix in {".js", ".mjs"}:
                found += javascript_findings(path, shown_as)
    return found


# --- the tests ------------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent.parent
# tests/, and the helper of benchmarks/ every browser test waits with (a page's requests).
AUDITED = [ROOT / "tests", ROOT / "benchmarks" / "in_flight.py"]


def planted(tmp_path: Path, name: str, text: str) -> list[str]:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return [str(finding) for finding in findings(tmp_path, [tmp_path])]


def test_no_test_waits_for_time():
    found = [str(finding) for finding in findings(ROOT, AUDITED)]
    assert found == [], "wait for the state the page reaches (expect, a data- state, the event):\n" + "\n".join(found)


@pytest.mark.parametrize(
    "code, what",
    [
        ("import time\ntime.sleep(2)\n", "sleep(): a wait for time"),
        ("from time import sleep\nsleep(0.1)\n", "sleep(): a wait for time"),
        ("def f(page):\n    page.wait_for_timeout(500)\n", "wait_for_timeout(): a wait for time"),
        (
            "def f(page):\n    while True:\n        try:\n            check(page)\n            break\n"
            "        except AssertionError:\n            pass\n",
            "catches AssertionError and goes on: a retry",
        ),
        (
            "def f(page):\n    for _ in range(3):\n        try:\n            return check(page)\n"
            "        except (TimeoutError, KeyError):\n            page.reload()\n",
            "catches TimeoutError and goes on: a retry",
        ),
        (
            "def f(page):\n    while True:\n        try:\n            return check(page)\n        except:\n"
            "            continue\n",
            "catches everything and goes on: a retry",
        ),
        ("def f(page):\n    for attempt in range(3):\n        if check(page):\n            break\n", "a retry"),
    ],
)
def test_a_planted_wait_for_time_or_retry_is_found(tmp_path, code, what):
    [finding] = planted(tmp_path, "test_planted.py", code)
    assert finding.startswith("test_planted.py:") and what in finding


@pytest.mark.parametrize(
    "code",
    [
        "await new Promise((resolve) => setTimeout(resolve, 100));\n",
        "await new Promise(r => setTimeout(r, 100));\n",
        "await page.waitForTimeout(100);\n",
    ],
)
def test_a_planted_sleep_in_a_javascript_file_is_found(tmp_path, code):
    assert len(planted(tmp_path, "bridge.mjs", code)) == 1


@pytest.mark.parametrize(
    "code",
    [
        "def f(route):\n    time.sleep(0.5)  # throttled network: the page arrives late, as on a phone\n",
        "def f(page):\n    try:\n        check(page)\n    except AssertionError:\n        pass\n",  # no loop
        "def f(page):\n    while True:\n        try:\n            return ask(page)\n"
        "        except EngineError:  # the document went: its successor is asked\n            pass\n",
        "def f(page):\n    for _ in range(3):\n        try:\n            check(page)\n"
        "        except AssertionError as error:\n            raise ValueError('said whole') from error\n",
        "def f(items):\n    for item in items:\n        def g():\n            try:\n                return item()\n"
        "            except Exception:\n                return None\n",
    ],
)
def test_a_state_wait_or_a_network_delay_is_not_taken_for_a_wait_for_time(tmp_path, code):
    assert planted(tmp_path, "test_fine.py", code) == []
