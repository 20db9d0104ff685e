"""`rule` and `editor-note` blocks: a numbered rule with its permalink, and the errors
that stop the build instead of publishing a block as text."""

from __future__ import annotations

import pytest

from calculators import __version__
from tests.support.markdown_extensions import convert

EXTENSIONS = ["build_scripts.markdown.rule_blocks"]


def test_a_paragraph_rule_has_its_anchor_and_permalink():
    """The permalink copies the citation with the site's version (data-citation, rules.js)."""
    html = convert(
        """
        //// rule | 1.7.24
            lines: "475-475"

        If this result is greater than the strike's prowess, the strike fails.
        ////
        """,
        EXTENSIONS,
    )
    assert html == (
        '<div class="rule rule--paragraph" data-lines="475-475" data-rule="1.7.24" id="r1-7-24">'
        f'<a class="rule-num" data-citation="MELE 1.7.24, reference {__version__}" data-cite="MELE 1.7.24" '
        f'href="#r1-7-24" title="Copy citation: MELE 1.7.24, reference {__version__}">1.7.24</a>'
        '<button aria-label="Add MELE 1.7.24 to the ruling" aria-pressed="false" class="rule-add" data-rule="1.7.24" '
        'type="button"></button>'
        "<p>If this result is greater than the strike's prowess, the strike fails.</p>\n</div>"
    )


def test_a_box_is_an_admonition_with_the_permalink_in_its_title():
    html = convert(
        """
        //// rule | 1.7.11
            kind: clarification
            lines: "469-469"

        Text.
        ////
        """,
        EXTENSIONS,
    )
    assert html == (
        '<div class="rule rule--clarification admonition info" data-lines="469-469" data-rule="1.7.11" '
        'id="r1-7-11">\n<p class="admonition-title">Clarification<a class="rule-num" '
        f'data-citation="MELE 1.7.11, reference {__version__}" data-cite="MELE 1.7.11" href="#r1-7-11" '
        f'title="Copy citation: MELE 1.7.11, reference {__version__}">1.7.11</a><button aria-label="Add MELE 1.7.11 to the ruling" '
        'aria-pressed="false" class="rule-add" data-rule="1.7.11" type="button"></button></p>\n<p>Text.</p>\n</div>'
    )


def test_a_bullet_keeps_its_level_and_an_sbg_rule_its_citation():
    html = convert(
        """
        //// rule | SBG-A.2.3
            kind: bullet
            level: 2
            cite: "SBG-A"

        Text.
        ////
        """,
        EXTENSIONS,
    )
    assert html.startswith(
        '<div class="rule rule--bullet rule--level-2" data-lines="" data-rule="SBG-A.2.3" '
        f'id="rsbg-a-2-3"><a class="rule-num" data-citation="SBG-A SBG-A.2.3, reference {__version__}" '
        'data-cite="SBG-A SBG-A.2.3" href="#rsbg-a-2-3"'
    )


def test_an_editor_note():
    html = convert(
        """
        /// editor-note | X1
            kind: rule-conflict

        The two lines disagree.
        ///
        """,
        EXTENSIONS,
    )
    assert html == (
        '<aside class="admonition editor-note" id="e-x1">\n<p class="admonition-title">'
        "Editor's note · rule conflict (X1)</p>\n<p>The two lines disagree.</p>\n</aside>"
    )


@pytest.mark.parametrize(
    "source, message",
    [
        ("//// rule | 1.7\n\nText.\n////", "rule block '1.7': a rule id is P.S.N"),
        ("//// rule | 1.7.1\n    kind: sidebar\n\nText.\n////", "rule block 1.7.1: unknown kind 'sidebar'"),
        ("//// rule | 1.7.1\n    level: two\n\nText.\n////", "rule block 1.7.1: level must be a whole number"),
        ("//// rule | 1.7.1\n    colour: red\n\nText.\n////", "a block could not be read: '//// rule | 1.7.1'"),
        ("/// rule\n\nText.\n///", "a block could not be read: '/// rule'"),
        ("/// rulez | 1.7.1\n\nText.\n///", "a block could not be read: '/// rulez | 1.7.1'"),
    ],
)
def test_a_malformed_block_fails_with_what_is_wrong(source, message):
    with pytest.raises(ValueError) as error:
        convert(source, EXTENSIONS)
    assert message in str(error.value)


def test_three_slashes_inside_code_are_text():
    html = convert("Before.\n\n    /// calculator | strike\n", EXTENSIONS)
    assert html == "<p>Before.</p>\n<pre><code>/// calculator | strike\n</code></pre>"
