"""Material's instant navigation keeps one document, and with it the calculators' one engine, from
page to page, but only for the links its sitemap lists: it takes each listed address with the page's
own scheme and host, and keeps its port and path. So the site as `make build` writes it (no
SITE_URL) lists its pages with no port, and any host that serves it at its root on the usual port
matches; tests/browser/test_navigation.py follows the links of a site served at another address
than the one it was built for."""

from __future__ import annotations

from urllib.parse import urlparse

from build_scripts.mkdocs_internals import read_config_file
from tests.support.site import ROOT


def test_the_default_site_url_names_no_port_and_the_root(monkeypatch):
    monkeypatch.delenv("SITE_URL", raising=False)
    address = urlparse(read_config_file(ROOT / "mkdocs.yml")["site_url"])
    assert address.port is None, f"{address.geturl()}: a deployed site's pages would never be listed at its port"
    assert address.path == "/"
