"""Installing the site as an app: the web app manifest, its icons and the
tags every page carries. The browser side (installability, theme colours, opening
offline) is in tests/browser/test_install.py."""

from __future__ import annotations

import json
import math
import urllib.request
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest
from bs4 import BeautifulSoup
from mkdocs.utils.yaml import yaml_load

from devtools.app_icons import ICON_DIR, ICONS, MASKABLE_SAFE_RADIUS, RECORD, inputs_hash, sha256, tile_colour
from devtools.serve import CONTENT_SECURITY_POLICY, start_server
from tests.support.png import png_pixels, png_size
from tests.support.site import ROOT

MANIFEST = ROOT / "docs" / "manifest.webmanifest"
SUB_PATH_MANIFEST = "https://rules.example.org/some/sub-path/manifest.webmanifest"
SHORTCUT_PAGES = {"glossary/", "turn-summary/", "calculators/"}
PALETTE_TOLERANCE = 3  # per channel: anti-aliasing at the tile's edge


@pytest.fixture(scope="module")
def manifest() -> dict:
    return json.loads(MANIFEST.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def config() -> dict:
    with (ROOT / "mkdocs.yml").open(encoding="utf-8") as file:
        return yaml_load(file)


def hex_colour(rgb: tuple[int, ...]) -> str:
    return "#" + "".join(f"{channel:02x}" for channel in rgb[:3])


def near(pixel: tuple[int, ...], colour: str) -> bool:
    wanted = bytes.fromhex(colour.lstrip("#"))
    return pixel[3] == 255 and all(abs(a - b) <= PALETTE_TOLERANCE for a, b in zip(pixel, wanted, strict=False))


def manifest_urls(manifest: dict) -> list[str]:
    return (
        [manifest["start_url"], manifest["scope"]]
        + [icon["src"] for icon in manifest["icons"]]
        + [s["url"] for s in manifest["shortcuts"]]
        + [icon["src"] for s in manifest["shortcuts"] for icon in s["icons"]]
    )


def test_the_manifest_has_every_field(manifest, config):
    assert manifest["name"] == config["site_name"]
    assert 0 < len(manifest["short_name"]) <= 12, "a home-screen label shows about 12 characters"
    assert manifest["description"] == config["site_description"].strip()
    assert manifest["start_url"] == "./"  # the home page, no query: the form the offline copy keys
    assert manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    assert manifest["lang"] == config["theme"]["language"]
    assert manifest["background_color"] == "#ffffff"  # the light palette's page
    assert manifest["theme_color"] == "#795649"  # Material's brown primary: the header
    assert "id" not in manifest, "an id resolves against the origin, so two sites on one host would clash"
    purposes = {icon["purpose"] for icon in manifest["icons"]}
    assert purposes == {"any", "maskable"}
    assert {s["url"] for s in manifest["shortcuts"]} == SHORTCUT_PAGES
    for shortcut in manifest["shortcuts"]:
        assert shortcut["name"] and shortcut["description"] and shortcut["icons"], shortcut


def test_every_url_is_relative_so_a_sub_path_works(manifest):
    """Manifest URLs resolve against the manifest's own URL: served from /some/sub-path/,
    everything stays in /some/sub-path/."""
    scope = urljoin(SUB_PATH_MANIFEST, manifest["scope"])
    assert scope == "https://rules.example.org/some/sub-path/"
    for url in manifest_urls(manifest):
        assert not urlparse(url).scheme and not url.startswith("/"), url
        assert urljoin(SUB_PATH_MANIFEST, url).startswith(scope), url


def test_every_url_names_a_built_file(manifest, site):
    for url in manifest_urls(manifest):
        target = site / url
        assert (target / "index.html" if url.endswith("/") else target).is_file(), url
    assert (site / "manifest.webmanifest").read_bytes() == MANIFEST.read_bytes()


def test_every_icon_has_its_stated_size(manifest):
    named = manifest["icons"] + [icon for s in manifest["shortcuts"] for icon in s["icons"]]
    for icon in named:
        path = ROOT / "docs" / icon["src"]
        if icon["type"] == "image/svg+xml":
            assert icon["sizes"] == "any" and path.read_text(encoding="utf-8").lstrip().startswith("<svg"), icon
            continue
        assert icon["type"] == "image/png", icon
        width, height = png_size(path.read_bytes())
        assert icon["sizes"] == f"{width}x{height}", icon
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["purpose"] == "any"}
    assert {"192x192", "512x512"} <= sizes


def test_every_icon_was_drawn_from_its_current_svg():
    """The PNGs are committed; a changed SVG needs `python -m devtools.app_icons`."""
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    assert set(record) == {icon.png for icon in ICONS}
    assert {p.name for p in ICON_DIR.glob("*.png")} == set(record), "a PNG no script draws"
    for icon in ICONS:
        assert record[icon.png]["inputs"] == inputs_hash(icon), (
            f"{icon.svg} changed since {icon.png} was drawn: run .venv/bin/python -m devtools.app_icons"
        )
        png = (ICON_DIR / icon.png).read_bytes()
        assert record[icon.png]["png"] == sha256(png), f"{icon.png} was changed by hand"
        assert png_size(png) == (icon.size, icon.size), icon.png


@pytest.mark.parametrize("icon", ICONS, ids=lambda icon: icon.png)
def test_icon_corners_and_safe_zone(icon):
    """Full-bleed icons (maskable, iOS) are opaque to the corner; the others have rounded,
    transparent corners. A maskable icon draws nothing outside the circle a launcher keeps."""
    rows = png_pixels((ICON_DIR / icon.png).read_bytes())
    tile = tile_colour(ICON_DIR / icon.svg)
    corner, centre = rows[0][0], rows[icon.size // 2][icon.size // 2]
    if icon.full_bleed:
        assert near(corner, tile), (icon.png, hex_colour(corner), tile)
        assert all(pixel[3] == 255 for row in rows for pixel in row), f"{icon.png}: a transparent pixel"
    else:
        assert corner[3] == 0, icon.png
    assert centre[3] == 255, icon.png
    if "maskable" in icon.png:
        middle, radius = (icon.size - 1) / 2, MASKABLE_SAFE_RADIUS * icon.size
        outside = [
            (x, y)
            for y, row in enumerate(rows)
            for x, pixel in enumerate(row)
            if math.hypot(x - middle, y - middle) > radius and not near(pixel, tile)
        ]
        assert outside == [], f"{icon.png}: drawn outside the safe circle at {outside[:5]}"


def test_every_page_links_the_manifest_icon_and_theme_colours(site, config):
    palette_media = {entry["media"] for entry in config["theme"]["palette"]}
    pages = [p for p in site.rglob("index.html") if "assets" not in p.parts]
    assert len(pages) > 30
    for page in pages:
        head = BeautifulSoup(page.read_text(encoding="utf-8").partition("</head>")[0], "html.parser")
        manifest_link = head.select_one('link[rel="manifest"]')["href"]
        assert (page.parent / manifest_link).resolve() == (site / "manifest.webmanifest").resolve(), page
        touch_icon = head.select_one('link[rel="apple-touch-icon"]')["href"]
        assert (page.parent / touch_icon).resolve() == (site / "assets/app/apple-touch-icon.png").resolve(), page
        themes = {meta.get("media"): meta["content"] for meta in head.select('meta[name="theme-color"]')}
        assert set(themes) == palette_media, page
        assert (page.parent / head.select_one('link[rel="icon"]')["href"]).resolve().is_file(), page
        assert not head.select("script:not([src])"), f"{page}: an inline script"


def test_the_server_sends_the_manifest_type_under_the_same_policy(site: Path):
    server, origin = start_server(site)
    try:
        with urllib.request.urlopen(f"{origin}/manifest.webmanifest") as response:
            assert response.headers["Content-Type"] == "application/manifest+json"
            assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
            json.loads(response.read())
    finally:
        server.shutdown()
    directives = dict(d.split(" ", 1) for d in CONTENT_SECURITY_POLICY.split("; "))
    assert directives.get("manifest-src", directives["default-src"]) == "'self'"
