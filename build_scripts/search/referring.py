"""Rules that refer back to the rule above them: "Clarification: An ally may tap to give a +1
prowess modification in this manner." means nothing without 2.7.1, the rule it leans on. The
search ranks such a rule with the rule it depends on, the parent first and the dependent beside
it as its detail (docs/assets/javascripts/search/rank.js).

Read from the document model (the rules in the rulebook's order, each with its kind, section and
sub-heading): a rule refers back when the first sentence of its text (after a box's "Note:" or
"Clarification:") opens with "This", "These", "Such" or "In this manner", or leans on the rule
above with "in this manner", "this process", "these restrictions", "such a creature": a "this",
"these" or "such" naming a thing its own sentence has not named, that is not the rulebook
itself ("these rules", "this game"), a time ("at this point") or what follows ("such a site
which ...", "these steps:"). Its parent is the nearest rule above it in its section that is no
Note, Clarification, Example, Suggestion or Exception; after a list, "these" points at the whole
list, whose parent is the sentence that opens it. A rule has none when it opens its section
or its sub-heading (a new heading starts a new subject), when it is an item of a list (the
sentence it completes is found with it already), or when it is the first rule the glossary says defines a
term (it states the term on its own).
"""

from __future__ import annotations

import re

from build_scripts.model.document import BOX_KINDS

LISTED = {"bullet", "item"}
LABEL = re.compile(
    r"^(?:[\u2022\u00b7]\s*|\d+\.\s+)?(?:(?:Note|Clarification|Example|Suggestion|Exception)(?: of [\w ]+)?\s*:\s*)?"
)
SENTENCE_END = re.compile(r"(?<![A-Z]\.[a-z])(?<!\be\.g)(?<!\bi\.e)[.!?](?=\s|$)")
OPENINGS = re.compile(r"^(?:this|these|such|thus|in (?:this|such a) (?:manner|fashion|way|case))\b", re.IGNORECASE)
LEANING = re.compile(r"\bin this (?:manner|fashion|way)\b", re.IGNORECASE)
POINTER = re.compile(r"\b(this|these|such)\s+(?:an?\s+)?([a-z][a-z-]*)", re.IGNORECASE)
# What "this" or "these" names when it is not the rule above: the rulebook, the game, a time.
SELF = {"rules", "rulebook", "book", "manual", "section", "sections", "game", "games", "example", "examples"}
SELF |= {"point", "time", "turn", "summary", "chapter", "page"}
# "Location Deck - This deck ...", "Race: This is ...": the pointer names the label before it.
NAMED_LABEL = re.compile(
    r"^[^.:]{1,60}?\s[-\u2013\u2014:]\s+(?=(?:this|these|such)\b)|^[^.:\s]{1,30}:\s+(?=(?:this|these|such)\b)",
    re.IGNORECASE,
)
# A pointer that stands for something rather than naming it ("this is", "these can").
VERBS = {"is", "are", "was", "were", "can", "may", "must", "will", "would", "should", "means", "mean", "represents"}
# A pointer followed by these points forward, to what its own sentence says next.
FORWARD = re.compile(r"^\s*(?:which|that|who|as)\b")


def first_sentence(text: str) -> str:
    """The rule's first sentence, without its box label, list mark or item number."""
    body = LABEL.sub("", " ".join(text.split()), count=1)
    end = SENTENCE_END.search(body)
    return body[: end.end()] if end else body


def _stem(word: str) -> str:
    word = word.lower()
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


def refers_back(text: str) -> bool:
    """Whether the rule's first sentence leans on the rule above (see the module's docstring)."""
    sentence = first_sentence(text)
    if sentence.rstrip().endswith(":") or NAMED_LABEL.match(sentence):
        return False  # it announces what follows, or names its own label
    if OPENINGS.match(sentence):
        pointer = POINTER.match(sentence)
        if not pointer or pointer[2].lower() in VERBS:
            return True
        return pointer[2].lower() not in SELF and not FORWARD.match(sentence[pointer.end() :])
    if LEANING.search(sentence):
        return True
    for pointer in POINTER.finditer(sentence):
        noun = pointer[2].lower()
        if noun in SELF or noun in VERBS or noun == "as" or FORWARD.match(sentence[pointer.end() :]):
            continue
        before = {_stem(word) for word in re.findall(r"[A-Za-z-]+", sentence[: pointer.start()])}
        if _stem(noun) not in before:
            return True
    return False


def points_at_many(text: str) -> bool:
    """ "These restrictions ...": the sentence points at several things (a whole list) rather than one."""
    return bool(re.search(r"\bthese\b", first_sentence(text), re.IGNORECASE))


def parent_rules(rules: list[dict], defining: set[str]) -> dict[str, str]:
    """{rule id: the id of the rule it refers back to}, for the rules in the rulebook's order
    (each with `id`, `kind`, `section`, `heading` and `text`); `defining`: the rules that state a
    glossary term (the first of its defining rules). A rule pointing at "these" things after a
    list depends on the sentence that opens the list. A rule that refers back to a rule that
    itself refers back depends on the first rule of the chain."""
    parents: dict[str, str] = {}
    anchor: dict | None = None  # the nearest rule above that is no box, in the same section
    lead: dict | None = None  # ... and that is no item of a list either
    previous: dict | None = None
    for rule in rules:
        same_section = previous is not None and previous["section"] == rule["section"]
        opens = not same_section or previous["heading"] != rule["heading"]
        if not same_section:
            anchor = lead = None
        if (
            anchor is not None
            and not opens
            and rule["kind"] not in LISTED
            and rule["id"] not in defining
            and refers_back(rule["text"])
        ):
            parent = lead if anchor["kind"] in LISTED and lead is not None and points_at_many(rule["text"]) else anchor
            parents[rule["id"]] = parents.get(parent["id"], parent["id"])
        if rule["kind"] not in BOX_KINDS:
            anchor = rule
            if rule["kind"] not in LISTED:
                lead = rule
        previous = rule
    return parents
