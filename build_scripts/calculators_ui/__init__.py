"""The calculator pages' build-time side, one job per module.

    views.py           every calculator view (mele_views.py, sbg_views.py): its fields as data
    fields.py          how one form input is described
    glossary_links.py  field name -> glossary entry, per game
    games.py           what differs per game: glossary page, citable rule ids
    values.py          form values -> engine params (values.js mirrors it)
    formatting.py      exact numbers as text (format.js mirrors it)
    elements.py        the small element builder both renderers below use
    form_html.py       the labelled form
    result_html.py     the engine's result as HTML (render.js mirrors it)
    rule_index.py      rule id -> URL, and the rule ids the engine cites
    rulebook_links.py  links from a rulebook section to its calculator

build_scripts/markdown/calculator_blocks.py puts them together as a Markdown block.
"""
