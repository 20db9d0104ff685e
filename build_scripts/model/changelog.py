"""The site's change log (sources/changelog.yaml), shown on the About page: for each version,
newest first, what changed in the rules' corrections, the Standard-game lines, the composed texts
or the site, and which rules each change touched.

The build fails when the reference's version (`calculators.__version__`) has no entry, or is not
the newest; when a version is listed twice; when a change names a rule that does not exist or a
kind not in KINDS; and when a change's text is not declared (`instruction`, or quotes from the
rules it rests on, as in sources/page-texts.yaml: composed/check.py checks the quotes)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from build_scripts.model.composed_texts import ComposedText, ComposedTextError, read_declaration
from build_scripts.parse.yaml_text import read_yaml

CHANGELOG_FILE = "changelog.yaml"
KINDS = {  # kind -> how the About page names it
    "correction": "Corrections",
    "standard": "Standard-game lines",
    "composed": "Composed texts",
    "site": "The site",
}


class ChangelogError(ValueError):
    """The change log does not fit the rules or the version; the build stops."""


@dataclass(frozen=True)
class Change:
    kind: str
    text: str
    rules: tuple[str, ...]  # the rules it touched, linked on the page
    declaration: ComposedText


@dataclass(frozen=True)
class Version:
    version: str
    date: str  # "" while the version is the one being made
    changes: tuple[Change, ...]


def _version_key(version: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in version.split("."))
    except ValueError:
        raise ChangelogError(f"version {version!r} is not numbers and dots, such as 0.1.0") from None


def load_changelog(path: Path, rule_ids: set[str], current_version: str) -> list[Version]:
    where = f"sources/{path.name}"
    entries = read_yaml(path) or []
    versions = [_version(entry, where, rule_ids) for entry in entries]
    names = [v.version for v in versions]
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise ChangelogError(f"{where}: version {repeated[0]} is listed twice")
    if names != sorted(names, key=_version_key, reverse=True):
        raise ChangelogError(f"{where}: list the versions newest first; found {names}")
    if current_version not in names:
        raise ChangelogError(
            f"{where}: the reference's version {current_version} (calculators.__version__) has no entry: "
            "say what it changes"
        )
    if names[0] != current_version:
        raise ChangelogError(f"{where}: {names[0]} is newer than the reference's version {current_version}")
    return versions


def _version(entry, where: str, rule_ids: set[str]) -> Version:
    if not isinstance(entry, dict) or "version" not in entry or not entry.get("changes"):
        raise ChangelogError(f"{where}: each entry needs a `version` and its `changes`; found {entry!r}")
    version = str(entry["version"])
    _version_key(version)
    here = f"{where} (version {version})"
    return Version(version, str(entry.get("date") or ""), tuple(_change(c, here, rule_ids) for c in entry["changes"]))


def _change(raw, where: str, rule_ids: set[str]) -> Change:
    if not isinstance(raw, dict) or not raw.get("text") or raw.get("kind") not in KINDS:
        raise ChangelogError(
            f"{where}: each change needs a `kind` ({', '.join(KINDS)}), a `text` and its `evidence`; found {raw!r}"
        )
    text = " ".join(str(raw["text"]).split())
    rules = tuple(str(rule) for rule in raw.get("rules") or ())
    unknown = [rule for rule in rules if rule not in rule_ids]
    if unknown:
        raise ChangelogError(f"{where}: the change {text!r} names rules that do not exist: {unknown}")
    if "evidence" not in raw:
        raise ChangelogError(
            f"{where}: the change {text!r} has no `evidence`: quote the rules it says something about, "
            "or declare it `instruction` if it only says what the site changed"
        )
    try:
        evidence = read_declaration(raw["evidence"], f"{where}: change {text!r}")
    except ComposedTextError as error:
        raise ChangelogError(str(error)) from None
    unlinked = [rule for rule in evidence if rule not in rules]
    if unlinked:
        raise ChangelogError(f"{where}: the change {text!r} quotes rules it does not list in `rules`: {unlinked}")
    return Change(raw["kind"], text, rules, ComposedText("change", where, text, evidence))
