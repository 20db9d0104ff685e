"""Composed texts: every sentence the site writes about the rules, with the words it rests on.

A composed text either quotes, for each rule it rests on, the words of that rule (errata applied)
that carry its claim, or is declared an instruction: it states no rule ("Tap the number", a
field's name). Each kind of text declares its evidence in one place, and the build fails, naming
that file, the text and the rule, when a quote is not in its rule or a rule id is unknown:

    glossary definitions     sources/glossary*.yaml           build_scripts/glossary/terms.py
    turn-summary steps       sources/turn-summary.yaml        build_scripts/render/turn_summary.py
    turn card lines          a step's `card` rests on that step's evidence (turn_summary.py)
    section links' covers    sources/section-links.yaml       build_scripts/render/section_links.py
    calculator words         sources/calculator-words.yaml    calculator_words.py
    page introductions       sources/page-texts.yaml          page_texts.py

A composed text, its declaration and the checks (quotes, folded hyphens) are
build_scripts/model/composed_texts.py; here:

    calculator_words.py  the calculator views' hints, labels, option labels and example captions
    page_texts.py        the sentences of the hand-written pages (home, calculators)
    check.py             every kind at once, for prebuild
"""
