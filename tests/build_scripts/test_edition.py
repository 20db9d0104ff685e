"""Which edition a build is (build_scripts/edition.py): the reference's version and a build date that
the same sources give again: SOURCE_DATE_EPOCH when set, otherwise the last commit's date."""

from __future__ import annotations

import subprocess

from build_scripts import paths
from build_scripts.edition import DATE_FROM_COMMIT, DATE_FROM_ENVIRONMENT, build_date, citation_suffix, edition
from build_scripts.incremental import settings
from calculators import __version__


def test_source_date_epoch_sets_the_build_date_in_utc():
    assert build_date({"SOURCE_DATE_EPOCH": "1700000000"}) == ("2023-11-14", DATE_FROM_ENVIRONMENT)
    assert build_date({"SOURCE_DATE_EPOCH": "1700006399"}) == ("2023-11-14", DATE_FROM_ENVIRONMENT)
    assert build_date({"SOURCE_DATE_EPOCH": "1700006400"}) == ("2023-11-15", DATE_FROM_ENVIRONMENT)


def test_without_it_the_build_date_is_the_last_commit_s():
    commit = subprocess.run(
        ["git", "log", "-1", "--format=%cd", "--date=format-local:%Y-%m-%d"],
        cwd=paths.ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={"TZ": "UTC", "PATH": "/usr/bin:/bin"},
    ).stdout.strip()
    assert build_date({}) == (commit, DATE_FROM_COMMIT)


def test_the_edition_and_the_citation_carry_the_reference_s_version():
    assert edition({"SOURCE_DATE_EPOCH": "0"}) == {
        "version": __version__,
        "built": "1970-01-01",
        "built_from": DATE_FROM_ENVIRONMENT,
    }
    assert citation_suffix() == f"reference {__version__}"


def test_a_new_build_date_rebuilds_the_site():
    """Every page's footer shows the date: the incremental build counts it among its settings."""
    assert settings()["build date"] == " ".join(build_date())
