"""The calculators' views: each calculator's form fields as data and its result as HTML.

One view layer for the build and the browser: the Markdown extension writes the
default result with it, and the browser's worker runs the same code for every change
(render.py), so a result is only ever written here. The engine (calculators/) holds
no HTML; this package ships in the same wheel but is imported only once the engine
has started, so the memory snapshot never depends on it.

    catalogue.py       every view, by id (mele.py, sbg.py: fields, outcome words, examples)
    fields.py          one form input, from an engine option and its words
    glossary_links.py  field name -> glossary entry, per game
    values.py          form values -> engine params; a shared link's values checked
    markup.py          the small HTML builder (escapes everything)
    results.py         a result as HTML
    summary.py         a result's answer in one line, for the bar pinned on a phone
    render.py          what the page asks for: render(), read_link()
"""
