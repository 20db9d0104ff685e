"""Which edition of the reference a build is: the version (`calculators.__version__`) and the
build date, shown in every page's footer, on the printed rulebook and in rules.json and rules.txt.

The build date is reproducible: `SOURCE_DATE_EPOCH` when the environment sets it (the
reproducible-builds convention, which MkDocs also follows), otherwise the date of the last
commit; the same sources build the same pages on any day. Outside a git checkout, with no
`SOURCE_DATE_EPOCH`, a build has no date and says so by leaving it out.

mkdocs.yml reads `EDITION` (`extra: edition: !!python/name:build_scripts.edition.EDITION`), so
MkDocs and Zensical give the theme's templates the same values."""

from __future__ import annotations

import os
import subprocess
from datetime import UTC, datetime

from build_scripts import paths
from calculators import __version__ as VERSION

DATE_FROM_ENVIRONMENT = "SOURCE_DATE_EPOCH"
DATE_FROM_COMMIT = "the last commit"


def build_date(environ: dict[str, str] | None = None) -> tuple[str, str]:
    """(the build date as YYYY-MM-DD in UTC, where it comes from), or ("", "") when none is known."""
    environ = os.environ if environ is None else environ
    epoch = environ.get(DATE_FROM_ENVIRONMENT, "").strip()
    if epoch:
        return _utc_date(int(epoch)), DATE_FROM_ENVIRONMENT
    try:
        done = subprocess.run(
            ["git", "log", "-1", "--format=%ct"], cwd=paths.ROOT, capture_output=True, text=True, check=False
        )
    except FileNotFoundError:  # no git on this machine
        return "", ""
    commit_time = done.stdout.strip()
    if done.returncode != 0 or not commit_time.isdigit():
        return "", ""
    return _utc_date(int(commit_time)), DATE_FROM_COMMIT


def _utc_date(epoch: int) -> str:
    return datetime.fromtimestamp(epoch, UTC).date().isoformat()


def edition(environ: dict[str, str] | None = None) -> dict[str, str]:
    """The edition as the templates and the data files give it."""
    built, built_from = build_date(environ)
    return {"version": VERSION, "built": built, "built_from": built_from}


def citation_suffix() -> str:
    """What a citation adds after a rule's number: "MELE 1.7.25, reference 0.1.0"."""
    return f"reference {VERSION}"


EDITION = edition()
