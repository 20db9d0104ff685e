"""The build's YAML reader (libyaml when PyYAML has it) reads every YAML file of the project as
PyYAML's own safe loader does."""

from pathlib import Path

import pytest
import yaml

from build_scripts.parse.yaml_text import SafeLoader, read_yaml

ROOT = Path(__file__).resolve().parents[3]
YAML_FILES = sorted(p for folder in ("sources", "docs") for p in (ROOT / folder).rglob("*.yaml"))


def test_the_fast_parser_is_used_where_pyyaml_has_it():
    assert SafeLoader is (yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader)


@pytest.mark.parametrize("path", YAML_FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_yaml_file_reads_as_the_safe_loader_reads_it(path):
    assert read_yaml(path) == yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
