"""Players' words for each rule: sources/search-table-words.yaml, loaded and checked.

An entry is what a player types: words ("tie", "big s") or a question ending in "?". A result
found by it shows it, so an entry that states something ("troll attack keyed to shadow-land
wounds") would read as a claim beside a rule that may say otherwise: the build refuses it. The
check reads an entry's grammar from small word lists, no more; `reviewed:` in the file lists the
few entries it reads as statements that state nothing about the rules (a card's own words)."""

from __future__ import annotations

import re
from pathlib import Path

from build_scripts.parse.yaml_text import parse_yaml

TABLE_WORDS_FILE = "search-table-words.yaml"


def word_set(words: str) -> frozenset[str]:
    return frozenset(words.split())


QUESTION_WORDS = word_set("what whats when where who whom whose which why how")
# A verb that opens a question ("can i ...", "does a tie ...").
ASKING = word_set("is are was were do does did can could will would should must may might shall has have had am")
AUXILIARIES = ASKING | word_set(
    "be been isn't aren't wasn't weren't doesn't don't didn't hasn't haven't hadn't can't cannot couldn't "
    "mustn't shouldn't won't wouldn't"
)
PRONOUNS = word_set("i you he she it we they that there")
# A verb right after one of these is in a relative clause, part of a noun phrase ("card that says ...").
RELATIVE = word_set("that which who whom whose")
# Words after which a verb form is a noun or an object, not a statement's verb ("extra strikes", "of play").
NO_SUBJECT = RELATIVE | word_set(
    "a an the one two three four five six seven eight nine ten multiple extra more many several both all no any "
    "each every same other others another his my your their its our her leftover fewer most less first second "
    "third last next and or for of with to in on at by from vs"
)
NOT_PLURAL = word_set("is his its this was us as yes has does less plus bonus status thus across always")
# The game's verbs, in their base form: what the check knows as a verb in its -s, -ed or base form.
VERBS = word_set(
    """tap untap wound discard count stay go die apply last need make get keep lose win fail beat kill end start come
    return leave move halve double cancel stack exhaust work mean require allow prevent remove cost take give add reduce
    increase change play face choose pick say state hit check block test reset draw heal pass become flee run survive
    drop raise lower carry use hold follow join split merge store replace resolve trigger affect hurt matter expire
    persist stop drift sink drown break defeat destroy eliminate corrupt control influence score reveal show see reach
    arrive travel trade transfer fetch shuffle reshuffle call force boost modify belong act decide know let put bring
    send lie fall rise sit stand look grow spread happen turn fight find help spoil swim shoot roll key tie"""
)
PARTICIPLES = word_set("lost won gone taken given dead reset")
# A participle before one of these, or last, is a statement's verb ("hazard limit halved after i sideboard").
PREDICATE_ENDS = word_set("after before when if until automatically again instead anyway twice first too")


class TableWordsError(ValueError):
    pass


def load_table_words(sources: Path, rule_ids: set[str]) -> dict[str, tuple[str, ...]]:
    """Rule id -> the words a player types to look that rule up."""
    data = parse_yaml((sources / TABLE_WORDS_FILE).read_text(encoding="utf-8")) or {}
    rules = data.get("rules") if isinstance(data, dict) else None
    if not isinstance(rules, dict):
        raise TableWordsError(f"{TABLE_WORDS_FILE}: needs `rules:`, each rule's number with its list of words")
    reviewed = reviewed_entries(data.get("reviewed"), rules)
    table = {}
    for rule_id, words in rules.items():
        where = f"{TABLE_WORDS_FILE}, rule {rule_id}"
        if rule_id not in rule_ids:
            raise TableWordsError(f"{where}: no such rule")
        if not isinstance(words, list) or not all(isinstance(w, str) and w.strip() for w in words):
            raise TableWordsError(f"{where}: needs a list of words")
        entries = tuple(spaced(w) for w in words)
        for entry in entries:
            problem = entry_problem(entry)
            if problem and entry not in reviewed.get(rule_id, ()):
                raise TableWordsError(f"{where}: \u201c{entry}\u201d {problem}")
        if entries:
            table[rule_id] = entries
    return table


def reviewed_entries(reviewed: object, rules: dict) -> dict[str, tuple[str, ...]]:
    """`reviewed:` rule id -> entries the check reads as statements that state nothing about the rules.
    Each must be one of its rule's entries and one the check refuses, so that the list stays as short as it can."""
    if reviewed is None:
        return {}
    if not isinstance(reviewed, dict):
        raise TableWordsError(f"{TABLE_WORDS_FILE}: `reviewed:` needs each rule's number with its list of entries")
    marked = {}
    for rule_id, entries in reviewed.items():
        where = f"{TABLE_WORDS_FILE}, reviewed {rule_id}"
        if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
            raise TableWordsError(f"{where}: needs a list of the rule's entries")
        own = rules.get(rule_id) if isinstance(rules.get(rule_id), list) else []
        for entry in entries:
            if spaced(entry) not in (spaced(w) for w in own if isinstance(w, str)):
                raise TableWordsError(f"{where}: \u201c{entry}\u201d is not one of the rule's entries")
            if not entry_problem(spaced(entry)):
                raise TableWordsError(f"{where}: \u201c{entry}\u201d needs no mark: the check reads it as words")
        marked[rule_id] = tuple(spaced(e) for e in entries)
    return marked


def spaced(words: str) -> str:
    return " ".join(words.split())


def entry_problem(entry: str) -> str | None:
    """Why an entry cannot stand as the words a player types, or None."""
    if entry.endswith("?"):
        return None
    words = re.findall(r"[a-z0-9][a-z0-9'+\-/&.]*", entry.lower().replace("\u2019", "'"))
    if asks(words):
        return 'asks a question: end it with "?", so that it shows as one'
    verb = statement_verb(words)
    if verb:
        return (
            f'states something ("{verb}"): write the words a player types, or a question ending in "?" '
            "(an entry that states nothing about the rules goes under `reviewed:`)"
        )
    return None


def asks(words: list[str]) -> bool:
    """Whether the words open with a question, or ask one after a situation ("deck ran out can i call")."""
    if not words:
        return False
    if words[0] in QUESTION_WORDS or words[0] in ASKING:
        return True
    for at, word in enumerate(words[1:], 1):
        following = words[at + 1] if at + 1 < len(words) else ""
        if word in QUESTION_WORDS - {"when", "where"}:
            return True
        if word in ("when", "where") and following in AUXILIARIES:
            return True
        if word in ASKING - {"has", "have", "had", "am"} and following in PRONOUNS:
            return True
    return False


def statement_verb(words: list[str]) -> str | None:
    """The word that makes the words a statement: a verb after its subject, or None."""
    for at, word in enumerate(words):
        before = words[at - 1] if at else None
        if word in AUXILIARIES and before not in RELATIVE:
            return word
        # A verb that opens the entry is a topic ("stack strikes"): what follows it is its object.
        if at == 0 or before in NO_SUBJECT or (at == 1 and before in VERBS):
            continue
        last = at == len(words) - 1
        if third_person(word) or (word in VERBS and plural(before)):
            return word
        if participle(word) and (last or words[at + 1] in PREDICATE_ENDS):
            return word
    return None


def third_person(word: str) -> bool:
    if word.endswith("ies"):
        return word[:-3] + "y" in VERBS or word[:-1] in VERBS
    if re.search(r"(ch|sh|x|z|ss|o)es$", word):
        return word[:-2] in VERBS
    return bool(re.search(r"[^su]s$", word)) and word[:-1] in VERBS


def plural(word: str) -> bool:
    return word.endswith("s") and not word.endswith("ss") and word not in NOT_PLURAL and "'" not in word


def participle(word: str) -> bool:
    if word in PARTICIPLES:
        return True
    if not word.endswith("ed"):
        return False
    stem = word[:-2]
    return (
        stem in VERBS or stem + "e" in VERBS or stem[:-1] in VERBS or (stem.endswith("i") and stem[:-1] + "y" in VERBS)
    )
