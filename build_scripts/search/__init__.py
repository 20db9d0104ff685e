"""The site search (issue 11): one result per rule, found by its number or by players' words.

prebuild   sections.py  where each section sits (build/search-sections.json)
postbuild  index.py     the search index Material's search box loads (site/search/search_index.json):
                        every rule, section, glossary term and page, and the synonyms
                        (synonyms.py, sources/search-synonyms.yaml)
browser    docs/assets/javascripts/search/: engine.js ranks, worker.js answers Material's search box
"""
