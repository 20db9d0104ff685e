"""Load and check the change map (sources/standard-changes.yaml).

Every rule of Part II has one entry saying how it changes Part I: it `changes` Part I rules
(each link `replaces`, `adds-to`, `restricts` or is a `note`), it is `new` in the Standard game,
it is a `note` only, or it is `part` of another Part II rule. Each link quotes the words of both
rules it rests on, checked like the glossary's evidence (build_scripts/model/evidence.py). The build
stops, naming the rule, on an unknown id, a wrong quote, a Part II rule the map leaves out, a
Part I rule that speaks of the Standard Rules and is linked to nothing, a `replaces` link that
does not quote the whole Starter rule, and a line shown for a Standard rule that leaves out a
condition or an exception its rule states (build_scripts/standard_game/conditions.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from build_scripts.model.composed_texts import split_sentences
from build_scripts.model.evidence import Evidence, EvidenceError, check_evidence, is_standard_only, read_evidence
from build_scripts.parse.yaml_text import read_yaml
from build_scripts.standard_game.conditions import unqualified_lines

CHANGES_FILE = "standard-changes.yaml"
KINDS = ("changes", "new", "note", "part")
HOWS = ("replaces", "adds-to", "restricts", "note")
CHANGING = ("replaces", "adds-to", "restricts")
SUMMARY_MOST_CHARS = 70  # the rule in a few words; its condition, if any, follows it
# The whole line shown for a Standard rule (summary and condition, or a link's own line): at most
# three lines of a rule's Standard-game link on a 390-px phone (about 44 characters each).
LINE_MOST_CHARS = 125


class StandardMapError(ValueError):
    """The change map does not fit the rulebook; the build stops on it."""


@dataclass(frozen=True)
class Link:
    standard: str  # the Part II rule
    starter: str  # the Part I rule it changes (or points to, or repeats)
    how: str
    evidence: Evidence
    line: str = ""  # what the Standard rule does to this Starter rule, where the entry's line does not say it


@dataclass(frozen=True)
class Entry:
    rule: str
    kind: str
    topic: str = ""
    summary: str = ""
    links: tuple[Link, ...] = ()
    explains: tuple[str, ...] = ()  # note: the rules it explains or repeats
    of: str = ""  # part: the rule it belongs to
    quote: str = ""  # the rule's own words behind its summary, where no link has them
    condition: str = ""  # the condition or exception under which the summary holds
    condition_evidence: Evidence | None = None  # the words that state it

    @property
    def line(self) -> str:
        """The summary with its condition, as the site shows it."""
        return f"{self.summary}, {self.condition}" if self.condition else self.summary


@dataclass(frozen=True)
class Missing:
    what: str
    where: str
    topic: str
    evidence: Evidence  # each rule that refers to the missing text, with its words

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(self.evidence)


@dataclass(frozen=True)
class Topic:
    id: str
    title: str


@dataclass(frozen=True)
class StandardMap:
    topics: tuple[Topic, ...]
    entries: dict[str, Entry]  # Part II rule id -> its entry, in the map's order
    missing: tuple[Missing, ...]

    @property
    def links(self) -> list[Link]:
        return [link for entry in self.entries.values() for link in entry.links]

    def entry(self, rule_id: str) -> Entry | None:
        return self.entries.get(rule_id)

    def owner(self, rule_id: str) -> Entry | None:
        """The entry that carries a Part II rule's links: its own, or for a part, its rule's."""
        entry = self.entries.get(rule_id)
        return self.entries.get(entry.of) if entry and entry.kind == "part" else entry

    def changed_by(self, rule_id: str) -> list[Link]:
        """The links from Part II rules to the Part I rule `rule_id`, in the map's order."""
        return [link for link in self.links if link.starter == rule_id]

    def missing_for(self, rule_id: str) -> list[Missing]:
        return [m for m in self.missing if rule_id in m.evidence]

    def replaced(self, rule_id: str) -> bool:
        return any(link.how == "replaces" for link in self.changed_by(rule_id))

    def line_of(self, link: Link) -> str:
        """The line shown on `link`'s Starter rule for its Standard rule: the link's own, or its entry's."""
        return link.line or self.entries[link.standard].line

    def topic_title(self, topic_id: str) -> str:
        return next(t.title for t in self.topics if t.id == topic_id)


def load_standard_map(path: Path, rule_texts: dict[str, str]) -> StandardMap:
    """The map, checked against the rules (`rule_texts`: id -> text as shown, errata applied)."""
    data = read_yaml(path) or {}
    return read_standard_map(data, rule_texts, path.name)


def read_standard_map(data: dict, rule_texts: dict[str, str], name: str = CHANGES_FILE) -> StandardMap:
    topics = tuple(Topic(str(t["id"]), str(t["title"])) for t in data.get("topics") or ())
    topic_ids = {t.id for t in topics}
    entries: dict[str, Entry] = {}
    for raw in data.get("rules") or ():
        entry = _entry(raw, name, topic_ids, rule_texts)
        if entry.rule in entries:
            raise StandardMapError(f"{name}: rule {entry.rule} has two entries; give each Part II rule one")
        entries[entry.rule] = entry
    missing = tuple(_missing(raw, name, topic_ids, rule_texts) for raw in data.get("missing") or ())
    standard_map = StandardMap(topics, entries, missing)
    _check_coverage(standard_map, rule_texts, name)
    _check_references(standard_map, name)
    _check_conditions(standard_map, rule_texts, name)
    return standard_map


def uncovered_rules(standard_map: StandardMap, rule_texts: dict[str, str]) -> list[str]:
    """Part II rules the map has no entry for, in the rulebook's order."""
    return [rule_id for rule_id in rule_texts if rule_id.startswith("2.") and rule_id not in standard_map.entries]


def unlinked_standard_notes(standard_map: StandardMap, rule_texts: dict[str, str]) -> list[str]:
    """Part I rules that speak of the Standard Rules ("Standard Rules: ...", "In the Standard Game, ...")
    but that no link and no missing-text entry names."""
    named = {link.starter for link in standard_map.links} | {r for m in standard_map.missing for r in m.rules}
    return [
        rule_id
        for rule_id, text in rule_texts.items()
        if rule_id.startswith("1.") and is_standard_only(rule_id, text) and rule_id not in named
    ]


def _entry(raw, name: str, topic_ids: set[str], rule_texts: dict[str, str]) -> Entry:
    rule_id = _named_rule(
        raw, "2", f"{name}: rule", "every entry under 'rules' needs a 'rule' (a Part II rule id)", rule_texts
    )
    where = f"{name}: rule {rule_id}"
    kind = _choice(raw, "kind", KINDS, where)
    unknown = set(raw) - {"rule", "kind", "topic", "summary", "links", "explains", "of", "quote", "condition"}
    if unknown:
        raise StandardMapError(f"{where}: unknown field(s) {sorted(unknown)}")
    links = tuple(_link(rule_id, raw_link, where, rule_texts) for raw_link in raw.get("links") or ())
    condition, condition_evidence = _condition(raw.get("condition"), where, rule_texts)
    entry = Entry(
        rule=rule_id,
        kind=kind,
        topic=str(raw.get("topic") or ""),
        summary=" ".join(str(raw.get("summary") or "").split()),
        links=links,
        explains=tuple(str(r) for r in raw.get("explains") or ()),
        of=str(raw.get("of") or ""),
        quote=str(raw.get("quote") or ""),
        condition=condition,
        condition_evidence=condition_evidence,
    )
    _check_entry(entry, where, topic_ids, rule_texts)
    return entry


def _condition(raw, where: str, rule_texts: dict[str, str]) -> tuple[str, Evidence | None]:
    """An entry's `condition`: {words: "if your play deck has at least 5 cards", evidence: {rule: quote}}."""
    if raw is None:
        return "", None
    where = f"{where}, condition"
    if not isinstance(raw, dict) or set(raw) != {"words", "evidence"} or not str(raw["words"]).strip():
        raise StandardMapError(f"{where}: a condition has 'words' (as shown) and 'evidence' (the rules' words)")
    try:
        evidence = read_evidence(raw["evidence"], where)
        check_evidence(where, evidence, rule_texts)
    except EvidenceError as error:
        raise StandardMapError(str(error)) from None
    return " ".join(str(raw["words"]).split()), evidence


def _link(rule_id: str, raw, where: str, rule_texts: dict[str, str]) -> Link:
    starter = _named_rule(
        raw, "1", f"{where}, link to", "each link needs 'rule' (the Part I rule), 'how' and 'evidence'", rule_texts
    )
    where = f"{where}, link to {starter}"
    unknown = set(raw) - {"rule", "how", "evidence", "line"}
    if unknown:
        raise StandardMapError(f"{where}: unknown field(s) {sorted(unknown)}")
    how = _choice(raw, "how", HOWS, where)
    try:
        evidence = read_evidence(raw.get("evidence"), where)
        if set(evidence) != {rule_id, starter}:
            raise EvidenceError(
                f"{where}: the evidence must quote both rules, {rule_id} and {starter}, "
                f"and no other; it quotes {sorted(evidence)}"
            )
        check_evidence(where, evidence, rule_texts)
    except EvidenceError as error:
        raise StandardMapError(str(error)) from None
    if how == "replaces":
        _check_whole_rule_quoted(where, starter, evidence[starter], rule_texts[starter])
    line = " ".join(str(raw.get("line") or "").split())
    if len(line) > LINE_MOST_CHARS:
        raise StandardMapError(f"{where}: its line has {len(line)} characters, more than {LINE_MOST_CHARS}: {line!r}")
    return Link(rule_id, starter, how, evidence, line)


def _check_whole_rule_quoted(where: str, starter: str, quotes: tuple[str, ...], text: str) -> None:
    """A rule the Standard game replaces is dimmed with its replacement quoted under it, so the
    replacement must say in full what still holds: the link quotes every sentence of the Starter rule,
    each restated or contradicted by the Standard rule. Where a part of it still holds as written,
    the link adds to or restricts it instead."""
    left_out = [sentence for sentence in split_sentences(text) if not any(sentence in quote for quote in quotes)]
    if left_out:
        raise StandardMapError(
            f"{where}: a link that replaces a Starter rule quotes all of it, but {starter}'s "
            f"{left_out[0]!r} is not quoted; if that part still holds in the Standard game, the link "
            "adds to or restricts the rule instead"
        )


def _named_rule(raw, part: str, where: str, needs: str, rule_texts: dict[str, str]) -> str:
    """The rule id `raw` names under 'rule': a rule of Part `part` that the rulebook has.
    `where` is the place in the file, which the id completes ("...: rule", "..., link to")."""
    if not isinstance(raw, dict) or "rule" not in raw:
        raise StandardMapError(f"{where.rsplit(' ', 1)[0].rstrip(':,')}: {needs}; got {raw!r}")
    rule_id = str(raw["rule"])
    if not rule_id.startswith(part + "."):
        raise StandardMapError(
            f"{where} {rule_id}: {needs.split(' needs ')[0]} names a Part {'I' * int(part)} rule ({part}.S.N)"
        )
    if rule_id not in rule_texts:
        raise StandardMapError(f"{where} {rule_id}: there is no such rule in the rulebook")
    return rule_id


def _choice(raw: dict, field: str, choices: tuple[str, ...], where: str) -> str:
    if raw.get(field) not in choices:
        raise StandardMapError(f"{where}: {field} must be one of {', '.join(choices)}; got {raw.get(field)!r}")
    return raw[field]


def _check_entry(entry: Entry, where: str, topic_ids: set[str], rule_texts: dict[str, str]) -> None:
    changing = [link for link in entry.links if link.how in CHANGING]
    if entry.kind == "part":
        if not entry.of or entry.links or entry.summary or entry.explains:
            raise StandardMapError(f"{where}: a part names only the rule it belongs to ('of')")
        return
    if entry.of:
        raise StandardMapError(f"{where}: only a part has 'of'")
    if entry.kind == "changes" and not changing:
        raise StandardMapError(
            f"{where}: kind 'changes' needs a link that replaces, adds to or restricts a Part I rule"
        )
    if entry.kind in ("new", "note") and changing:
        raise StandardMapError(
            f"{where}: a rule that {changing[0].how} {changing[0].starter} is of kind 'changes', not {entry.kind!r}"
        )
    if entry.kind == "new" and not entry.quote:
        raise StandardMapError(f"{where}: a new rule quotes its own words behind its summary ('quote')")
    shown = entry.kind in ("changes", "new") or entry.links
    if shown and not (entry.summary and entry.topic):
        raise StandardMapError(
            f"{where}: a rule shown on other rules or on the comparison page needs a 'summary' and a 'topic'"
        )
    if entry.topic and entry.topic not in topic_ids:
        raise StandardMapError(f"{where}: unknown topic {entry.topic!r}; topics are {sorted(topic_ids)}")
    if len(entry.summary) > SUMMARY_MOST_CHARS:
        raise StandardMapError(
            f"{where}: its summary has {len(entry.summary)} characters, more than "
            f"{SUMMARY_MOST_CHARS}: {entry.summary!r}"
        )
    if entry.condition and not entry.summary:
        raise StandardMapError(f"{where}: a condition follows a summary; give the rule a 'summary'")
    if len(entry.line) > LINE_MOST_CHARS:
        raise StandardMapError(
            f"{where}: its summary and condition have {len(entry.line)} characters, more than "
            f"{LINE_MOST_CHARS} (three lines on a phone): {entry.line!r}"
        )
    if any(link.line for link in entry.links) and not entry.summary:
        raise StandardMapError(f"{where}: a link's own line stands beside the rule's summary; give it a 'summary'")
    if entry.quote:
        try:
            check_evidence(where, read_evidence({entry.rule: entry.quote}, where), rule_texts)
        except EvidenceError as error:
            raise StandardMapError(str(error)) from None
    starters = [link.starter for link in entry.links]
    if len(set(starters)) != len(starters):
        raise StandardMapError(f"{where}: links to the same Part I rule twice; give each one link")


def _missing(raw, name: str, topic_ids: set[str], rule_texts: dict[str, str]) -> Missing:
    where = f"{name}: missing text {raw.get('what', raw)!r}" if isinstance(raw, dict) else f"{name}: {raw!r}"
    if not isinstance(raw, dict) or not raw.get("what") or not raw.get("where"):
        raise StandardMapError(f"{where}: each missing text says 'what' is missing and 'where' it was")
    if raw.get("topic") not in topic_ids:
        raise StandardMapError(f"{where}: unknown topic {raw.get('topic')!r}; topics are {sorted(topic_ids)}")
    try:
        evidence = read_evidence(raw.get("evidence"), where)
        check_evidence(where, evidence, rule_texts)
    except EvidenceError as error:
        raise StandardMapError(str(error)) from None
    return Missing(" ".join(str(raw["what"]).split()), str(raw["where"]), str(raw["topic"]), evidence)


def _check_references(standard_map: StandardMap, name: str) -> None:
    entries = standard_map.entries
    for entry in entries.values():
        where = f"{name}: rule {entry.rule}"
        if entry.kind == "part" and (entries.get(entry.of) is None or entries[entry.of].kind == "part"):
            raise StandardMapError(
                f"{where}: is part of {entry.of}, which must be a Part II rule with an entry "
                "of its own that is not a part"
            )
        for other in entry.explains:
            if other not in entries and not other.startswith("1."):
                raise StandardMapError(f"{where}: is a note on {other}, which has no entry in the map")


def _check_coverage(standard_map: StandardMap, rule_texts: dict[str, str], name: str) -> None:
    uncovered = uncovered_rules(standard_map, rule_texts)
    if uncovered:
        raise StandardMapError(
            f"{name}: Part II rules with no entry: {', '.join(uncovered)} (every rule of "
            "Part II says how it changes Part I, or that it is new, a note or a part)"
        )
    unlinked = unlinked_standard_notes(standard_map, rule_texts)
    if unlinked:
        raise StandardMapError(
            f"{name}: Part I rules that speak of the Standard Rules but are linked to no "
            f"Part II rule and no missing text: {', '.join(unlinked)}"
        )


def _check_conditions(standard_map: StandardMap, rule_texts: dict[str, str], name: str) -> None:
    missing = unqualified_lines(standard_map, rule_texts)
    if missing:
        raise StandardMapError(
            f"{name}: a line shown for a Standard rule leaves out a condition or an exception its rule "
            "states; say it in the summary, in a 'condition', or in the link's own 'line':\n  " + "\n  ".join(missing)
        )
