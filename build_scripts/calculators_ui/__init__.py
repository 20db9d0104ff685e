"""The calculator pages' build-time side, one job per module.

    views.py           every calculator view (mele_views.py, sbg_views.py): its fields as data
    fields.py          one form input, from an engine option (calculators/options.py) and its words
    glossary_links.py  field name -> glossary entry, per game
    games.py           what differs per game: glossary page, citable rule ids
    values.py          form values -> engine params (values.js mirrors it)
    elements.py        the small element builder both renderers below use
    form_html.py       the labelled form
    result_html.py     the engine's result as HTML (render.js mirrors it)
    page_config.py     the JSON the page script reads: fields, defaults, rule URLs

build_scripts/markdown/calculator_blocks.py puts them together as a Markdown block;
rule links come from build_scripts/rule_index.py, numbers are written by calculators/text.py.
"""
