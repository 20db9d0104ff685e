"""Installing the site as an app, in Chromium: nothing stands in the way of
installing it, at the site root or under a sub-path; the status bar takes each palette's
header colour; and the app's start URL opens with the network off after one visit."""

from __future__ import annotations

import json
from urllib.parse import urljoin

import pytest

from devtools.serve import start_server
from tests.support.browser import CHROMIUM_ARGS, Guard, chromium_path
from tests.support.offline import assert_nothing_tried_the_network, go_offline, wait_until_saved
from tests.support.site import BROWSER_SITE

HOME_HEADING = "Middle-earth Rules Reference"
SHORTCUTS = ("glossary/", "turn-summary/", "calculators/")
THEME_COLOUR_JS = """() => {
    const meta = [...document.querySelectorAll('meta[name="theme-color"]')]
        .find((m) => !m.media || matchMedia(m.media).matches);
    const header = getComputedStyle(document.querySelector('.md-header')).backgroundColor;
    const hex = '#' + header.match(/\\d+/g).slice(0, 3).map((c) => (+c).toString(16).padStart(2, '0')).join('');
    return {meta: meta && meta.content, header: hex};
}"""


@pytest.fixture
def profile_context(playwright, tmp_path):
    """(context, guard): Chromium with a profile on disk. Every `browser.new_context()` is
    incognito, which Chromium reports as a reason not to install."""
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=chromium_path(), args=CHROMIUM_ARGS
    )
    guard = Guard()
    context.route("**/*", guard.route)
    yield context, guard
    context.close()
    assert not guard.external, f"requests left 127.0.0.1: {guard.external[:5]}"


def installability(context, page) -> tuple[list, dict]:
    """Chromium's own verdict: its installability errors and the manifest as it parsed it."""
    cdp = context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    return errors, cdp.send("Page.getAppManifest")


def assert_installable_at(context, guard, site_url: str) -> None:
    page = guard.watch(context.new_page())
    page.goto(site_url)
    errors, app = installability(context, page)
    assert errors == [], errors
    assert app["errors"] == [], app["errors"]
    assert app["url"] == site_url + "manifest.webmanifest"
    parsed = app["manifest"]
    assert parsed["startUrl"] == parsed["scope"] == parsed["id"] == site_url
    assert parsed["display"] == "kStandalone"
    assert [shortcut["url"] for shortcut in parsed["shortcuts"]] == [site_url + path for path in SHORTCUTS]


def test_chromium_finds_nothing_in_the_way_of_installing(origin, profile_context):
    context, guard = profile_context
    assert_installable_at(context, guard, origin + "/")
    assert not guard.console_errors, guard.console_errors[:5]


def test_it_installs_from_a_sub_path_too(origin, profile_context):
    """The same build served one folder down: the app is that folder, not the host's root."""
    context, guard = profile_context
    server, parent = start_server(BROWSER_SITE.parent)
    try:
        assert_installable_at(context, guard, f"{parent}/{BROWSER_SITE.name}/")
    finally:
        server.shutdown()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_status_bar_takes_the_header_colour(open_page, scheme):
    page = open_page("", color_scheme=scheme)
    colours = page.evaluate(THEME_COLOUR_JS)
    assert colours["meta"] == colours["header"], colours


def test_the_start_url_opens_offline_after_one_visit(open_page, origin):
    """One visit to any page (here a rule page) saves the site; the app, opened from its
    icon with no network, shows the home page from that copy."""
    manifest = json.loads((BROWSER_SITE / "manifest.webmanifest").read_text(encoding="utf-8"))
    start_url = urljoin(origin + "/manifest.webmanifest", manifest["start_url"])
    page = open_page("rules/1-7-combat/", service_worker=True)
    wait_until_saved(page)
    before = go_offline(page)

    app = page.guard.watch(page.context.new_page())
    app.goto(start_url)
    assert app.locator("article h1").first.inner_text() == HOME_HEADING
    fetched = app.evaluate(
        """async (urls) => Promise.all(urls.map(async (url) => {
        const response = await fetch(url);
        return [url, response.ok];
    }))""",
        ["manifest.webmanifest"] + [icon["src"] for icon in manifest["icons"]],
    )
    assert all(ok for _, ok in fetched), fetched
    assert_nothing_tried_the_network(page, before)
