"""Shared links at the engine's limits: the page takes a value the engine takes (a judge's
`influence.required=35` among them) and refuses, with a message, one just past the limit.
The limits come from the engine's option tables; tests/calculators/views/test_option_limits.py checks every
one of them against the views' link reader, this checks a few through the real page."""

from __future__ import annotations

import pytest

from calculators.params import CALCULATORS
from tests.support.browser import defaults, expected_params, form_values, wait_for_engine, wait_for_params

LIMIT = {name: {option.name: option for option in calculator.options} for name, calculator in CALCULATORS.items()}

# (page, view, link's inputs, whether the page takes them)
LINKS = [
    ("influence", "influence", {"required": "35"}, True),
    ("influence", "influence", {"required": str(LIMIT["influence"]["required"].high)}, True),
    ("influence", "influence", {"required": str(LIMIT["influence"]["required"].high + 1)}, False),
    ("corruption", "corruption", {"checks": str(LIMIT["corruption"]["checks"].high)}, True),
    (
        "hazard-limit",
        "hazard-limit",
        {
            "characters": str(LIMIT["hazard-limit"]["characters"].high),
            "orc_scouts": str(LIMIT["hazard-limit"]["orc_scouts"].high),
        },
        True,
    ),
    ("strike", "strike", {"strike_prowess": str(LIMIT["strike"]["strike_prowess"].low)}, True),
    ("strike", "strike", {"prowess": str(LIMIT["strike"]["prowess"].high + 1)}, False),
    ("strike", "strike", {"weapon": f"{LIMIT['strike']['weapon'].parts[0].high + 1}:8"}, False),
]


def link(view: str, changes: dict) -> str:
    return "&".join(f"{view}.{name}={value}" for name, value in changes.items())


@pytest.mark.parametrize(
    "page_name, view, changes, taken", LINKS, ids=[link(view, changes) for _, view, changes, _ in LINKS]
)
def test_a_shared_link_at_a_limit(open_returning_page, page_name, view, changes, taken):
    page = open_returning_page(f"calculators/{page_name}/?{link(view, changes)}")
    message = page.locator(f"#calc-{view} .calc-message")
    # The inputs a link leaves out take their neutral defaults.
    expected = {**defaults(view), **changes} if taken else defaults(view)
    wait_for_engine(page, view)  # the views in the worker read the link
    wait_for_params(page, view, expected_params(view, expected))
    assert form_values(page, view) == expected
    if taken:
        assert message.is_hidden(), message.inner_text()
    else:
        assert message.is_visible()
        name, value = next(iter(changes.items()))
        assert f"“{value}”" in message.inner_text() and "not valid" in message.inner_text()
    assert page.locator(f"#calc-{view} .calc-error:not([hidden])").count() == 0
    if changes.get("required") == "35":
        assert "must be greater than 35" in page.inner_text("#calc-influence .calc-headline")
