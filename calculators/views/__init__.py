"""The calculators' views: each calculator's form fields as data and its result as HTML.

One view layer for the build and the browser: the Markdown extension writes the
default result with it, and the browser's worker runs the same code for every change
(page_api.py), so a result is only ever written here. The engine (calculators/) holds
no HTML; this package ships in the same wheel but is imported only once the engine
has started, so the memory snapshot never depends on it.

    catalogue.py       every view, by id (mele_calculators.py, sbg_calculators.py: fields,
                       outcome words, examples)
    fields.py          one form input, from an engine option and its words
    glossary_links.py  field name -> glossary entry, per game
    values.py          form values -> engine params; a shared link's values checked
    markup.py          the small HTML builder (escapes everything)
    results.py         a result as HTML
    answer_line.py     a result's answer in one line, for the bar pinned on a phone
    page_api.py        what the page asks for: render(), read_link()

Build-time only (left out of the wheel; build_scripts/markdown/calculator_blocks.py
puts them together as a Markdown block):

    games.py           what differs per game: glossary page, citable rule ids
    form_elements.py   the element builder the form is written with
    form.py            the labelled form
    page_config.py     the JSON the page script reads: inputs, defaults, example, rule URLs
"""
