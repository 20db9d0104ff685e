"""What the cross-engine scenarios find on the page: the site's stable hooks, in one place.

The scenarios assert on behaviour (a rule in view, a card with the term's entry link, a
result equal to CPython's), never on incidental markup; when the site's markup moves,
this module is the one to update. The calculators' own hooks (`#calc-VIEW`,
`data-engine="ready"`, `data-params`, the fields' ids) are the ones tests/support/browser.py
already uses, through its helpers."""

from __future__ import annotations

RULE_PAGE = "rules/1-7-combat/"
RULE_ID = "1.7.25"  # "...equal to the strike's prowess, ...ineffectual"
RULE_ANCHOR = "r" + RULE_ID.replace(".", "-")  # #r1-7-25
RULE_NUMBER = f"a.rule-num[data-cite='MELE {RULE_ID}']"  # the number beside the rule: copies its citation

GLOSSARY_TERM = "article [data-term]"  # a glossary mark; data-term is the entry's id
OUTSIDE_ANY_TERM = "article h1"  # somewhere to click that is no term and no card

SEARCH_QUERY = "[data-rule-search] input[name=query]"
SEARCH_RESULT_LINKS = "[data-rule-search] .rule-search__list a[href]"
# The search box shows the theme's placeholder ("Type to start searching") once its ranking and
# its index are loaded, which happens when the reader first goes to the box.
SEARCH_READY_JS = """(() => {
  const box = document.querySelector('[data-rule-search]');
  return !!box && box.querySelector('.rule-search__meta').textContent.trim() === box.dataset.placeholder;
})()"""

CALCULATOR_BOX = ".calculator[data-view]"  # one per calculator on a page


def calculator_link(name: str) -> str:
    """The site navigation's link to the calculator page `name` (the sidebar a desktop shows)."""
    return f".md-nav--primary a.md-nav__link[href$='/{name}/']"


SHARE_BUTTON = ".calc-copy"  # inside #calc-VIEW: puts the share link in data-share-url
SHARE_URL_ATTRIBUTE = "data-share-url"

# True when the element is on screen (inside the viewport and rendered).
IN_VIEW_JS = """el => {
  const box = el.getBoundingClientRect();
  return box.height > 0 && box.bottom > 0 && box.top < innerHeight;
}"""

# How many links to the glossary entry `#g-TERM` can be seen: the pop-up adds one.
VISIBLE_ENTRY_LINKS_JS = """term => [...document.querySelectorAll('a[href]')]
  .filter(a => new URL(a.href).hash === '#g-' + term && a.getClientRects().length > 0
               && getComputedStyle(a).visibility !== 'hidden').length"""

# Every view on a calculator page.
VIEWS_ON_PAGE_JS = f"[...document.querySelectorAll('{CALCULATOR_BOX}')].map(box => box.dataset.view)"
