"""Every example command in CONTRIBUTING.md works as it says, each checked as cheaply as it can be: a
pytest selection collects at least one test, a `node --test` path holds tests, the linters are the
ones `make lint` runs, a make target is in the Makefile and a module can be imported."""

from __future__ import annotations

import importlib.util
import re
import shlex
import subprocess
import sys

import pytest

from tests.support.site import ROOT

CONTRIBUTING = ROOT / "CONTRIBUTING.md"
SHELL_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.DOTALL | re.MULTILINE)
INLINE = re.compile(r"`((?:\.venv/bin/|python -m |make |node |npx )[^`]*)`")
LINTERS = ("ruff", "lint-imports", "eslint")
COLLECTED = re.compile(r"^\S+\.py: (\d+)$", re.MULTILINE)


def commands(text: str) -> list[str]:
    """The commands of the doc's shell blocks (comments dropped, `a && b` as two) and of its inline
    code that starts with a command, in order, each once."""
    found = []
    for block in SHELL_BLOCK.findall(text):
        for line in block.splitlines():
            found += [part.strip() for part in re.sub(r"\s+#.*$", "", line).split("&&") if part.strip()]
    found += INLINE.findall(text)
    return list(dict.fromkeys(found))


def lint_commands() -> set[str]:
    """The commands of the Makefile's lint target, as a contributor types them."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^lint:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE).group(1)
    return {line.strip().replace("$(VENV)", ".venv") for line in recipe.splitlines()}


def program(command: str) -> str:
    words = shlex.split(command)
    if words[:2] == ["npx", "--no-install"]:
        return words[2]
    if words[0] == "npx":
        return words[1]
    if words[0].endswith("/python") or words[0] == "python":
        return "pytest" if words[1:3] == ["-m", "pytest"] else "python -m"
    return words[0].rsplit("/", 1)[-1]


def collected(arguments: list[str]) -> int:
    """How many tests pytest selects with these arguments (`-n N` dropped: collecting needs no
    processes of its own)."""
    kept, skip = [], False
    for argument in arguments:
        if skip or argument == "-n":
            skip = argument == "-n"
            continue
        kept.append(argument)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *kept],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode in (0, 5), done.stdout[-2000:] + done.stderr[-2000:]
    return sum(int(n) for n in COLLECTED.findall(done.stdout))


EXAMPLES = commands(CONTRIBUTING.read_text(encoding="utf-8"))


def test_the_doc_has_examples_of_each_kind():
    kinds = {program(command) for command in EXAMPLES}
    assert {"pytest", "node", "ruff", "lint-imports", "eslint", "make", "python -m"} <= kinds, kinds


@pytest.mark.parametrize("command", [c for c in EXAMPLES if program(c) == "pytest"])
def test_a_pytest_selection_selects_tests(command):
    assert collected(shlex.split(command)[3:]) > 0, f"`{command}` selects no test"


@pytest.mark.parametrize("command", [c for c in EXAMPLES if program(c) == "node"])
def test_a_node_test_path_holds_tests(command):
    for path in [word for word in shlex.split(command)[1:] if not word.startswith("-")]:
        assert any((ROOT / path).glob("*.test.mjs")), f"`{command}`: no test files in {path}"


def test_the_linters_are_those_make_lint_runs():
    named = {command for command in EXAMPLES if program(command) in LINTERS}
    assert named == lint_commands(), f"CONTRIBUTING: {sorted(named)}; make lint: {sorted(lint_commands())}"


@pytest.mark.parametrize("command", [c for c in EXAMPLES if program(c) == "make"])
def test_a_make_target_is_in_the_makefile(command):
    target = shlex.split(command)[1]
    assert re.search(rf"^{re.escape(target)}:", (ROOT / "Makefile").read_text(encoding="utf-8"), re.MULTILINE)


@pytest.mark.parametrize("command", [c for c in EXAMPLES if program(c) == "python -m"])
def test_a_module_to_run_exists(command):
    module = shlex.split(command)[2]
    assert importlib.util.find_spec(module) is not None, f"`{command}`: no module {module}"


def test_a_selection_of_no_test_is_caught():
    assert collected(["tests/calculators/test_strike.py", "-k", "no_such_test_anywhere"]) == 0
