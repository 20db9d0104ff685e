"""axe-core on every kind of page at desktop width (test_accessibility.py has the phone sweep
and the rest): a file of its own, so that `make test`'s two processes run the two sweeps at once."""

from __future__ import annotations

from tests.browser.test_accessibility import axe_sweep


def test_axe_finds_no_violations_on_a_desktop(open_page):
    axe_sweep(open_page, "desktop")
