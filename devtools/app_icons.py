"""The installed app's icons: PNGs drawn from the SVGs in docs/assets/app/.

    .venv/bin/python -m devtools.app_icons     # after changing an SVG or ICONS below

Not a step of `make build`: the PNGs are rendered in Chromium, which the browser tests
have but `make build` and `make serve` need not have, so the PNGs are committed with
this script. app_icons.json records, for each PNG, a hash of what it was drawn from (its
SVG and the way it is drawn) and of the PNG itself; tests/site/test_app_manifest.py fails when
an SVG has changed and its PNGs were not drawn again.
"""

from __future__ import annotations

import base64
import hashlib
import json
import sys
import xml.etree.ElementTree as etree
from dataclasses import asdict, dataclass
from pathlib import Path

from build_scripts import paths

ICON_DIR = paths.DOCS / "assets" / "app"
RECORD = Path(__file__).with_suffix(".json")
MASKABLE_SAFE_RADIUS = 0.4  # a launcher may crop a maskable icon to the central circle of this radius


@dataclass(frozen=True)
class Icon:
    png: str
    svg: str
    size: int
    full_bleed: bool = False  # the tile's colour fills the whole square: no transparent corner
    scale: float = 1.0  # the drawing's width as a share of the square's


ICONS = (
    Icon("icon-192.png", "emblem.svg", 192),
    Icon("icon-512.png", "emblem.svg", 512),
    # The emblem keeps its drawing within 200 of 256 px from the centre: at 0.9 that is
    # 0.35 of the width, inside the safe circle.
    Icon("icon-maskable-512.png", "emblem.svg", 512, full_bleed=True, scale=0.9),
    # iOS rounds the corners itself and shows a transparent corner as black.
    Icon("apple-touch-icon.png", "emblem.svg", 180, full_bleed=True),
    Icon("shortcut-glossary-96.png", "shortcut-glossary.svg", 96),
    Icon("shortcut-turn-summary-96.png", "shortcut-turn-summary.svg", 96),
    Icon("shortcut-calculators-96.png", "shortcut-calculators.svg", 96),
)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def inputs_hash(icon: Icon) -> str:
    """What the PNG is drawn from: its SVG's bytes and how it is drawn."""
    drawn_from = {**asdict(icon), "svg": sha256((ICON_DIR / icon.svg).read_bytes())}
    return sha256(json.dumps(drawn_from, sort_keys=True).encode())


def tile_colour(svg: Path) -> str:
    """The fill of the SVG's background tile (`id="tile"`): a full-bleed icon's background."""
    for element in etree.parse(svg).iter():
        if element.get("id") == "tile":
            return element.get("fill")
    raise ValueError(f'{svg.name}: no element with id="tile"')


def icon_page(icon: Icon) -> str:
    """A page that shows the icon at its size, the rest transparent."""
    svg = ICON_DIR / icon.svg
    source = "data:image/svg+xml;base64," + base64.b64encode(svg.read_bytes()).decode()
    background = tile_colour(svg) if icon.full_bleed else "transparent"
    side = icon.size * icon.scale
    return (
        f'<body style="margin:0;background:transparent">'
        f'<div style="width:{icon.size}px;height:{icon.size}px;display:grid;place-items:center;'
        f'background:{background}"><img src="{source}" style="width:{side}px;height:{side}px"></div>'
    )


def render() -> dict:
    """Draw every PNG into ICON_DIR and write the record; return the record."""
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM_ARGS, chromium_path  # the browser tests' Chromium

    record = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for icon in ICONS:
            page = browser.new_page(viewport={"width": icon.size, "height": icon.size}, device_scale_factor=1)
            page.set_content(icon_page(icon))
            page.wait_for_function("document.images[0].complete && document.images[0].naturalWidth > 0")
            png = page.screenshot(omit_background=True)
            page.close()
            (ICON_DIR / icon.png).write_bytes(png)
            record[icon.png] = {"inputs": inputs_hash(icon), "png": sha256(png)}
            print(f"{icon.png}: {icon.size} px, {len(png) / 1000:.1f} KB", file=sys.stderr)
        browser.close()
    RECORD.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return record


if __name__ == "__main__":
    render()
