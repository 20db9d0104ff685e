"""make test's end names where the time went: pytest's slowest tests, then the time per test
folder (tests/support/time_spent.py)."""

from __future__ import annotations

import subprocess
import sys

from tests.support.site import ROOT
from tests.support.time_spent import folder_of, folder_table, register

TWO_FOLDERS = {
    "tests/a/test_one.py": "def test_one():\n    pass\n\ndef test_two():\n    pass\n",
    "tests/b/test_three.py": "def test_three():\n    pass\n",
}


def test_a_test_counts_in_the_folder_of_its_file():
    assert folder_of("tests/browser/cross_engine/test_reading.py::test_x[webkit]") == "tests/browser/cross_engine"
    assert folder_of("tests/calculators/test_strike.py::test_y") == "tests/calculators"
    assert folder_of("test_top.py::test_z") == "."


def test_the_table_puts_the_slowest_folder_first_and_the_sum_last():
    lines = folder_table({"tests/a": 1.5, "tests/b": 20.25}, {"tests/a": 2, "tests/b": 1})
    assert [line.split() for line in lines] == [
        ["20.2", "s", "1", "tests", "tests/b"],
        ["1.5", "s", "2", "tests", "tests/a"],
        ["21.8", "s", "3", "tests", "in", "all"],
    ]


def run_with(tmp_path, *options: str) -> str:
    for name, text in TWO_FOLDERS.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "conftest.py").write_text(
        "from tests.support.time_spent import register\n\ndef pytest_configure(config):\n    register(config)\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:playwright", *options, "tests"],
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_with_durations_the_run_ends_with_the_time_per_folder_of_every_test_process(tmp_path):
    said = run_with(tmp_path, "--durations=15", "-n", "2")  # as make test runs it
    table = [line.split()[2:] for line in said[said.index("time per folder") :].splitlines()[1:4]]
    assert sorted(table[:2]) == [["1", "tests", "tests/b"], ["2", "tests", "tests/a"]]  # ordered by time
    assert table[2] == ["3", "tests", "in", "all"]
    assert said.index("slowest 15 durations") < said.index("time per folder")


class Config:
    """As much of pytest's config as register() reads."""

    def __init__(self, durations, worker: bool = False):
        self.durations, self.registered = durations, []
        self.pluginmanager = self
        if worker:
            self.workerinput = {}

    def getoption(self, name, default=None):
        return self.durations if name == "durations" else default

    def register(self, plugin, name):
        self.registered.append(name)


def test_only_a_run_with_durations_adds_it_and_only_in_the_process_that_reports():
    for config, added in ((Config(None), []), (Config(15), ["time-spent-per-folder"]), (Config(15, worker=True), [])):
        register(config)
        assert config.registered == added
