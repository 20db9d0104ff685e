"""click_until (pages.py), without a browser: a click the page never sees is made again with a
warning, up to its tries, and a click seen at once is made once, silently."""

from __future__ import annotations

import warnings

import pytest

from tests.browser.cross_engine.pages import click_until


class PageThatSeesClick:
    """Sees only click number `seen_on` (counting from 1); None: never."""
    engine = "stub"

    def __init__(self, seen_on: int | None):
        self.seen_on, self.clicks = seen_on, 0

    def click(self, selector: str) -> None:
        self.clicks += 1

    def wait_for_function(self, expression: str, timeout: float) -> bool:
        if self.clicks != self.seen_on:
            raise TimeoutError(f"waited {timeout} ms for {expression}")
        return True


def test_a_click_seen_at_once_is_made_once_without_a_warning():
    page = PageThatSeesClick(seen_on=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert click_until(page, "#b", "seen", tries=3, wait_ms=1, unseen="not seen")
    assert page.clicks == 1


def test_a_lost_click_is_made_again_with_a_warning():
    page = PageThatSeesClick(seen_on=2)
    with pytest.warns(UserWarning, match="stub: not seen after click 1; clicking again"):
        assert click_until(page, "#b", "seen", tries=3, wait_ms=1, unseen="not seen")
    assert page.clicks == 2


def test_clicks_the_page_never_sees_stop_at_the_tries():
    page = PageThatSeesClick(seen_on=None)
    with pytest.warns(UserWarning):
        assert not click_until(page, "#b", "seen", tries=3, wait_ms=1, unseen="not seen")
    assert page.clicks == 3
