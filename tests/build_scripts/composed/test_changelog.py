"""The change log (sources/changelog.yaml, build_scripts/model/changelog.py): the reference's version
has the newest entry, every rule a change names exists, every change is declared, and a quote in
a change is checked like any composed text's."""

from __future__ import annotations

import shutil

import pytest
import yaml

from build_scripts import paths
from build_scripts.composed.check import check_composed_texts
from build_scripts.model.changelog import CHANGELOG_FILE, ChangelogError, load_changelog
from build_scripts.model.composed_texts import ComposedTextError
from calculators import __version__

RULES = {"1.7.25", "1.5.43", "2.5.4"}


def write(tmp_path, entries) -> object:
    path = tmp_path / CHANGELOG_FILE
    path.write_text(yaml.safe_dump(entries, allow_unicode=True), encoding="utf-8")
    return path


def change(**fields) -> dict:
    return {"kind": "standard", "rules": ["2.5.4"], "text": "A line moved.", "evidence": "instruction", **fields}


def test_the_project_s_log_has_the_reference_s_version_first_and_names_only_rules_that_exist(rule_texts):
    versions = load_changelog(paths.SOURCES / CHANGELOG_FILE, set(rule_texts), __version__)
    assert versions[0].version == __version__
    assert all(rule in rule_texts for v in versions for c in v.changes for rule in c.rules)
    assert {c.kind for v in versions for c in v.changes} >= {"correction", "standard", "site"}


@pytest.mark.parametrize(
    "entries, message",
    [
        ([{"version": "0.0.9", "changes": [change()]}], "the reference's version 1.2.0 .* has no entry"),
        (
            [{"version": "1.2.0", "changes": [change()]}, {"version": "1.3.0", "changes": [change()]}],
            "list the versions newest first",
        ),
        (
            [{"version": "1.2.0", "changes": [change()]}, {"version": "1.2.0", "changes": [change()]}],
            "version 1.2.0 is listed twice",
        ),
        ([{"version": "1.2.0", "changes": [change(rules=["9.9.9"])]}], r"names rules that do not exist: \['9.9.9'\]"),
        ([{"version": "1.2.0", "changes": [change(kind="typo")]}], "each change needs a `kind`"),
        ([{"version": "1.2.0", "changes": [{"kind": "site", "text": "New."}]}], "has no `evidence`"),
        (
            [{"version": "1.2.0", "changes": [change(evidence={"1.7.25": "the strike was ineffectual"})]}],
            r"quotes rules it does not list in `rules`: \['1.7.25'\]",
        ),
        ([{"version": "one", "changes": [change()]}], "is not numbers and dots"),
    ],
)
def test_a_log_that_does_not_fit_the_rules_or_the_version_stops_the_build(tmp_path, entries, message):
    with pytest.raises(ChangelogError, match=message):
        load_changelog(write(tmp_path, entries), RULES, "1.2.0")


def test_a_bad_quote_planted_in_a_change_of_the_project_s_log_stops_the_build(tmp_path, rule_texts):
    sources = tmp_path / "sources"
    shutil.copytree(paths.SOURCES, sources)
    data = yaml.safe_load((sources / CHANGELOG_FILE).read_text(encoding="utf-8"))
    planted = data[0]["changes"][0]
    planted.update(rules=["1.7.25"], evidence={"1.7.25": "words no rule holds"})
    (sources / CHANGELOG_FILE).write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ComposedTextError, match=r"sources/changelog.yaml .*the quote 'words no rule holds' is not in"):
        check_composed_texts(rule_texts, sources=sources)
