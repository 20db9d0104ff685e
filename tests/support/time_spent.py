"""Where a test run's time goes, by folder: with pytest's --durations, the time of every test of
each folder (setup, call and teardown, every test process summed) is printed after pytest's
slowest tests, so a slow folder shows when it grows. Registered by tests/conftest.py."""

from __future__ import annotations

from collections import defaultdict

import pytest


def folder_of(nodeid: str) -> str:
    """The folder of a test's file: "tests/browser/cross_engine" for one of its scenarios."""
    path = nodeid.split("::", 1)[0]
    return path.rsplit("/", 1)[0] if "/" in path else "."


def folder_table(spent: dict[str, float], counts: dict[str, int]) -> list[str]:
    """One line per folder, the slowest first, then the total: seconds, tests, folder."""
    lines = [
        f"{spent[folder]:8.1f} s {counts[folder]:6d} tests  {folder}"
        for folder in sorted(spent, key=lambda folder: (-spent[folder], folder))
    ]
    lines.append(f"{sum(spent.values()):8.1f} s {sum(counts.values()):6d} tests  in all")
    return lines


class TimeSpent:
    """Adds up each report's duration under its test's folder, in the process that reports the
    run (pytest-xdist's controller hears every test process's reports)."""

    def __init__(self):
        self.spent: dict[str, float] = defaultdict(float)
        self.tests: dict[str, set[str]] = defaultdict(set)

    def pytest_runtest_logreport(self, report) -> None:
        folder = folder_of(report.nodeid)
        self.spent[folder] += report.duration
        self.tests[folder].add(report.nodeid)

    @pytest.hookimpl(trylast=True)  # after pytest's own "slowest durations"
    def pytest_terminal_summary(self, terminalreporter) -> None:
        if not self.spent:
            return
        counts = {folder: len(nodeids) for folder, nodeids in self.tests.items()}
        terminalreporter.write_sep("=", "time per folder (setup, call and teardown; all test processes summed)")
        for line in folder_table(self.spent, counts):
            terminalreporter.write_line(line)


def register(config) -> None:
    """With --durations, in the process that reports the run (not in pytest-xdist's workers)."""
    if config.getoption("durations", None) is not None and not hasattr(config, "workerinput"):
        config.pluginmanager.register(TimeSpent(), "time-spent-per-folder")
