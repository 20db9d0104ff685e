"""The MkDocs functions the build and the developer server call from Python. MkDocs documents as its
Python API only what plugins receive through its events, and this project has no plugins, so these
are its internals: they are called here only, each for one job, and were read against the MkDocs
pinned in pyproject.toml (CHECKED_WITH). tests/build_scripts/test_mkdocs_internals.py fails when
another MkDocs is installed, saying what to re-check.

- `read_config_file`: mkdocs.yml as MkDocs reads it (`!ENV` tags and `INHERIT` resolved), without
  loading the theme or the extensions (mkdocs.utils.yaml.yaml_load);
- `load_config`: the configuration loaded whole, theme, plugins and Markdown extensions included
  (mkdocs.config.load_config);
- `build_dirty`: `mkdocs build --dirty` in this process, which renders only the pages whose source
  is newer than their HTML (mkdocs.commands.build.build).

Each imports MkDocs when called: the build's own commands and the developer server's start do not
wait for it."""

from __future__ import annotations

from pathlib import Path

CHECKED_WITH = "1.6.1"


def read_config_file(path: str | Path) -> dict:
    from mkdocs.utils.yaml import yaml_load

    with open(path, encoding="utf-8") as source:
        return yaml_load(source)


def load_config(path: str | Path):
    from mkdocs.config import load_config as mkdocs_load_config

    return mkdocs_load_config(config_file=str(path))


def build_dirty(config) -> None:
    from mkdocs.commands.build import build

    build(config, dirty=True)


def load_ahead() -> None:
    """Import what build_dirty runs, for a process that loads before it is given its work."""
    import mkdocs.commands.build  # noqa: F401
