"""The glossary_terms Markdown extension on its own, in the pymdown-extensions style:
Markdown in, HTML out, with a small glossary of its own (and its errors)."""

from __future__ import annotations

import textwrap

import markdown
import pytest

from build_scripts.glossary.terms import GlossaryError

GLOSSARY = """\
terms:
  - {id: strike, term: strike, aliases: [strikes], definition: One blow of an attack., evidence: {1.7.6: strike},
     defined_by: [1.7.6]}
  - {id: body-check, term: body check, definition: A roll against body., evidence: {1.7.27: body check},
     defined_by: [1.7.27]}
  - {id: check, term: check, definition: Any roll of the dice., evidence: {1.8.10: check}, defined_by: [1.8.10]}
  - {id: company, term: company, definition: Characters moving together., evidence: {1.5.4: companies},
     defined_by: [1.5.4]}
  - {id: tap, term: tap, definition: Turn a card sideways., evidence: {1.2.23: tap}, defined_by: [1.2.23]}
"""
SBG_GLOSSARY = """\
terms:
  - {id: sbg-strike, term: strike, game: SBG, definition: One blow in a fight., evidence: {SBG-A.3.3: Strikes},
     defined_by: [SBG-A.3.3]}
"""
WORDS_100 = " ".join(["word"] * 100)


@pytest.fixture
def sources(tmp_path):
    (tmp_path / "glossary.yaml").write_text(GLOSSARY, encoding="utf-8")
    (tmp_path / "glossary-sbg.yaml").write_text(SBG_GLOSSARY, encoding="utf-8")
    return tmp_path


def render(source: str, sources, **config) -> str:
    """The HTML the site's extensions give for `source` (config: glossary_terms options)."""
    return markdown.markdown(
        textwrap.dedent(source).strip(),
        extensions=["attr_list", "md_in_html", "build_scripts.markdown.glossary_terms"],
        extension_configs={"build_scripts.markdown.glossary_terms": {"sources": str(sources), **config}},
    )


def mark(term_id: str, text: str, first: bool = False) -> str:
    return f'<abbr class="gloss{" gloss--first" if first else ""}" data-term="{term_id}">{text}</abbr>'


def test_every_mention_in_rule_text_is_marked_and_the_first_is_flagged(sources):
    html = render("A strike, then two strikes.\n{: .rule }", sources, max_per_100_words=100)
    assert html == (
        f'<p class="rule">A {mark("strike", "strike", first=True)}, then two {mark("strike", "strikes")}.</p>'
    )


def test_a_mark_carries_only_the_term_id(sources):
    html = render("A strike.\n{: .rule }", sources, max_per_100_words=100)
    assert "title=" not in html and "definition" not in html and "One blow" not in html


def test_the_longest_term_wins(sources):
    html = render("Make a body check and a check.\n{: .rule }", sources, max_per_100_words=100)
    assert html == (
        f'<p class="rule">Make a {mark("body-check", "body check", first=True)} and a '
        f"{mark('check', 'check', first=True)}.</p>"
    )


def test_site_prose_and_hints_are_not_marked(sources):
    """The words "Tap the number" are an instruction to the reader, not the game's *tap*."""
    assert render("Tap the number beside a strike to copy it.", sources, max_per_100_words=100) == (
        "<p>Tap the number beside a strike to copy it.</p>"
    )


def test_glossary_entries_turn_summary_phases_and_opt_ins_are_game_text(sources):
    for scope in ("glossary-entry", "phase", "glossary-scope"):
        html = render(
            f'<div class="{scope}" markdown="1">\n\nThe company taps.\n\n</div>', sources, max_per_100_words=100
        )
        assert mark("company", "company", first=True) in html, scope


@pytest.mark.parametrize(
    "source",
    [
        "## The strike {: .rule }",
        "[a strike](#x)\n{: .rule }",
        "`strike`\n{: .rule }",
        '<div class="rule" markdown="1">\n<p class="rule-num" markdown="1">strike</p>\n</div>',
        '<div class="rule" markdown="1">\n\nstrike\n{: .no-glossary }\n\n</div>',
        '<div class="rule" markdown="1">\n\n<form><label>strike</label></form>\n\n</div>',
    ],
)
def test_never_inside_a_heading_link_code_rule_number_form_or_opt_out(sources, source):
    assert "<abbr" not in render(source, sources, max_per_100_words=100)


def test_text_after_a_skipped_element_is_still_marked(sources):
    html = render("See `code` then a strike.\n{: .rule }", sources, max_per_100_words=100)
    assert html == f'<p class="rule">See <code>code</code> then a {mark("strike", "strike", first=True)}.</p>'


def test_a_long_page_flags_the_first_mention_in_each_section(sources):
    source = f"""
        # Title

        A strike. {WORDS_100} {WORDS_100} {WORDS_100}
        {{: .rule }}

        ## Next

        Another strike. {WORDS_100} {WORDS_100} {WORDS_100}
        {{: .rule }}
        """
    html = render(source, sources)
    assert html.count(mark("strike", "strike", first=True)) == 2


def test_a_short_page_is_one_section(sources):
    source = f"""
        # Title

        A strike. {WORDS_100}
        {{: .rule }}

        ## Next

        Another strike. {WORDS_100}
        {{: .rule }}
        """
    html = render(source, sources)
    assert html.count(mark("strike", "strike", first=True)) == 1
    assert html.count(mark("strike", "strike")) == 1


def test_over_budget_the_rarer_term_keeps_its_flag(sources):
    """34 words allow one first mention at 3 per 100: the game's texts mention
    'company' far more often than 'strike', so 'strike' is the one flagged."""
    (sources / "mele-rulebook.txt").write_text("company " * 20 + "strike", encoding="utf-8")
    source = "The company makes a strike. " + " ".join(["word"] * 29) + "\n{: .rule }"
    html = render(source, sources)
    assert mark("strike", "strike", first=True) in html
    assert mark("company", "company") in html


def test_marks_stay_within_the_budget(sources):
    source = "strike company tap check " * 25 + "\n{: .rule }"  # 100 words, four terms
    html = render(source, sources)
    assert html.count("gloss--first") == 3
    assert html.count("<abbr") == 100


def test_a_page_of_the_other_game_gets_its_terms(sources):
    html = render('SBG\n{: data-glossary="SBG" }\n\nA strike.\n{: .rule }', sources, max_per_100_words=100)
    assert mark("sbg-strike", "strike", first=True) in html


def test_a_page_of_a_game_without_terms_fails_with_the_game_named(sources):
    with pytest.raises(GlossaryError, match='no XYZ terms .*data-glossary="XYZ"'):
        render('X\n{: data-glossary="XYZ" }\n\nA strike.\n{: .rule }', sources)


def test_a_malformed_glossary_fails_the_build(tmp_path):
    (tmp_path / "glossary.yaml").write_text("terms:\n  - {id: strike, term: strike}\n", encoding="utf-8")
    with pytest.raises(GlossaryError, match="strike.* has no 'definition'"):
        render("A strike.\n{: .rule }", tmp_path)


@pytest.mark.parametrize(
    "raw", ['<a href="#x">a strike</a>', "<code>strike</code>", '<span class="no-glossary">a <em>strike</em></span>']
)
def test_never_inside_links_code_or_opt_outs_written_as_raw_html(sources, raw):
    html = render(f"{raw} and a strike.\n{{: .rule }}", sources, max_per_100_words=100)
    assert html.count("<abbr") == 1 and html.endswith(f"and a {mark('strike', 'strike', first=True)}.</p>"), html
