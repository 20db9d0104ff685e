"""YAML as the build reads it: PyYAML's safe subset, parsed by libyaml when PyYAML was built with
it (the same documents, sooner: the glossary is read on every page's render)."""

from __future__ import annotations

from pathlib import Path

import yaml

SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_yaml(text: str):
    return yaml.load(text, Loader=SafeLoader)


def read_yaml(path: Path):
    return parse_yaml(path.read_text(encoding="utf-8"))
