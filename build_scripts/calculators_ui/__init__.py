"""The calculator pages' build-time side, one job per module. The views themselves
(fields, values, results, summaries) are calculator_views/, which the browser's
worker runs too.

    games.py           what differs per game: glossary page, citable rule ids
    elements.py        the element builder the form is written with
    form_html.py       the labelled form
    page_config.py     the JSON the page script reads: inputs, defaults, example, rule URLs

build_scripts/markdown/calculator_blocks.py puts them together as a Markdown block;
rule links come from build_scripts/rule_index.py.
"""
