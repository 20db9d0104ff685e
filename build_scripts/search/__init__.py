"""The site search: one result per rule, found by its number or by players' words.

prebuild   sections.py  where each section sits (build/search-sections.json)
postbuild  index.py     the search index the site's search box loads (site/search/search_index.json):
                        every rule, section, glossary term and page (built_pages.py, read from the built
                        HTML), the synonyms (synonyms.py, sources/search-synonyms.yaml) and each
                        rule's players' words (table_words.py, sources/search-table-words.yaml); the rule
                        each rule that refers back leans on (referring.py); the calculators a
                        situation typed with numbers opens (situations.py, sources/search-situations.yaml)
browser    docs/assets/javascripts/search/: box.js is the search box (overrides/partials/rule-search.html),
           rank.js ranks, words.js reads what is typed, situations.js reads a situation's numbers,
           snippet.js picks the sentence a result shows, results.js draws a result
"""
