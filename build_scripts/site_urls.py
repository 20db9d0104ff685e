"""The site's URLs as the generator makes them, read from the MkDocs configuration:
the path the site is served under (from `site_url`) and the URL style of its pages
(`use_directory_urls`). Zensical reads the same mkdocs.yml."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

from build_scripts import paths
from build_scripts.mkdocs_internals import read_config_file


@dataclass(frozen=True)
class UrlScheme:
    base: str = "/"  # the site root's path, always ending in "/": "/mele/"
    directory_urls: bool = True

    def page_url(self, page: str) -> str:
        """A docs page ("rules/1-7-combat.md") -> its URL from the site root ("rules/1-7-combat/")."""
        stem = page.removesuffix(".md")
        if not self.directory_urls:
            return stem + ".html"
        if stem == "index" or stem.endswith("/index"):
            return stem.removesuffix("index")
        return stem + "/"

    def absolute(self, url: str) -> str:
        """A URL from the site root -> the path a browser asks for ("/mele/rules/1-7-combat/")."""
        return self.base + url


def url_scheme(config_file: str | Path = paths.MKDOCS_CONFIG) -> UrlScheme:
    """The scheme of the MkDocs configuration file (with `SITE_URL` from the environment, as MkDocs reads it)."""
    config = read_config_file(config_file)  # as MkDocs reads it: `!ENV` and `INHERIT` as the build sees them
    base = urlparse(config.get("site_url") or "").path or "/"
    return UrlScheme(base if base.endswith("/") else base + "/", bool(config.get("use_directory_urls", True)))
