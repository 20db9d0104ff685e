"""The full player turn, from sources/turn-summary.yaml: checked, then rendered
as a collapsible page for phones and a one-page printable version."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import Path

from build_scripts.model.composed_texts import ComposedTextError, check_folds
from build_scripts.model.evidence import EvidenceError, check_evidence, is_standard_only, read_evidence
from build_scripts.parse.yaml_text import read_yaml
from build_scripts.render.coverage import COVERAGE_PATH
from build_scripts.render.inline import escape

PHASE_IDS = ("untap", "organization", "long-event", "movement-hazard", "site", "end-of-turn", "audience")
# An index page, so "Turn Summary" in the navigation opens it as "Calculators" opens its
# overview (navigation.indexes); its URL stays turn-summary/.
TURN_SUMMARY_PATH = "turn-summary/index.md"
PRINT_PATH = "turn-summary-print.md"
CARD_PATH = "turn-summary-card.md"  # the two-page reference card (turn_card.py)
WHO = {"player": "You", "opponent": "Opponent", "both": "Both players"}


def link_between(page: str, target: str) -> str:
    """A Markdown link from `page` to `target` (both from docs/): relative, as MkDocs and Zensical
    both resolve it ("turn-summary/index.md" -> "../turn-summary-print.md")."""
    return posixpath.relpath(target, posixpath.dirname(page) or ".")


class TurnSummaryError(ValueError):
    pass


@dataclass(frozen=True)
class Step:
    text: str
    who: str
    evidence: tuple[tuple[str, tuple[str, ...]], ...]  # (rule id, quotes from it), in order
    standard: bool
    card: str = ""  # the step in a few words, for the reference card
    may_play: tuple[str, ...] = ()
    limits: tuple[str, ...] = ()
    unclear: str = ""

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(rule_id for rule_id, _ in self.evidence)


@dataclass(frozen=True)
class Phase:
    id: str
    name: str
    summary: str
    steps: tuple[Step, ...]
    summary_evidence: tuple[tuple[str, tuple[str, ...]], ...] = ()  # what the one-line summary rests on


def load_turn_summary(path: Path, rule_texts: dict[str, str]) -> list[Phase]:
    """The phases, each step checked against the rules it cites (`rule_texts`: id -> text as shown)."""
    data = read_yaml(path)
    phases = [
        Phase(
            p["id"],
            p["name"],
            p.get("summary", ""),
            tuple(_step(s, f"{path.name}: {p['id']} step {n}") for n, s in enumerate(p["steps"], start=1)),
            _summary_evidence(p, f"{path.name}: {p['id']} summary ({p.get('summary', '')!r})", rule_texts),
        )
        for p in data["phases"]
    ]
    found = tuple(p.id for p in phases)
    if found != PHASE_IDS:
        raise TurnSummaryError(f"{path.name}: phases must be {PHASE_IDS}, found {found}")
    for phase in phases:
        for n, step in enumerate(phase.steps, start=1):
            where = f"{path.name}: {phase.id} step {n} ({' '.join(step.text.split()[:6])} ...)"
            try:
                check_evidence(where, dict(step.evidence), rule_texts)
            except EvidenceError as error:
                raise TurnSummaryError(
                    f"{error}; the step's card line {step.card!r} rests on the same quotes"
                ) from None
            if step.who not in WHO:
                raise TurnSummaryError(f"{where}: who must be one of {list(WHO)}")
            _check_standard_flag(where, step, rule_texts)
    return phases


def _summary_evidence(phase: dict, where: str, rule_texts: dict[str, str]) -> tuple:
    """A phase's one-line summary rests on the rules it quotes, as a step does."""
    if not phase.get("summary"):
        return ()
    try:
        check_folds(where, phase["summary"])
        evidence = read_evidence(phase.get("summary_evidence"), where)
        check_evidence(where, evidence, rule_texts)
    except (EvidenceError, ComposedTextError) as error:
        raise TurnSummaryError(str(error)) from None
    return tuple(evidence.items())


def _check_standard_flag(where: str, step: Step, rule_texts: dict[str, str]) -> None:
    """A Standard step rests on a Standard rule; any other step on at least one rule that also
    holds in the Starter Rules (not only Part II, nor only Part I notes about the Standard Rules)."""
    standard_only = [is_standard_only(r, rule_texts[r]) for r in step.rules]
    if step.standard and not any(standard_only):
        raise TurnSummaryError(
            f"{where} is marked Standard but cites no Standard rule: cite a Part II rule "
            "or a Part I rule that says it is for the Standard Rules, or unmark it"
        )
    if not step.standard and all(standard_only):
        raise TurnSummaryError(f"{where} rests only on Standard rules {list(step.rules)}: mark it Standard")


def _step(entry: dict, where: str) -> Step:
    try:
        evidence = read_evidence(entry.get("evidence"), where)
        for field in ("text", "card", "unclear"):
            check_folds(f"{where}: its {field}", entry.get(field) or "")
        for field in ("may_play", "limits"):
            for line in entry.get(field) or ():
                check_folds(f"{where}: its {field}", line)
    except (EvidenceError, ComposedTextError) as error:
        raise TurnSummaryError(str(error)) from None
    return Step(
        text=" ".join(entry["text"].split()),
        who=entry["who"],
        evidence=tuple(evidence.items()),
        standard=bool(entry.get("standard")),
        card=" ".join((entry.get("card") or "").split()),
        may_play=tuple(entry.get("may_play") or ()),
        limits=tuple(entry.get("limits") or ()),
        unclear=" ".join((entry.get("unclear") or "").split()),
    )


def turn_summary_markdown(phases: list[Phase], printable: bool) -> str:
    title = "Full Player Turn Summary" + (" (printable)" if printable else "")
    page = PRINT_PATH if printable else TURN_SUMMARY_PATH
    out = ["---", f"title: {title}", "hide:", "  - toc", "---", "", f"# {title}", ""]
    if printable:
        out += [
            "Every phase and step on one page, for printing. "
            f"[Back to the interactive summary]({link_between(page, TURN_SUMMARY_PATH)}){{: .no-print }}",
            "",
            # A phone hides the browser's Print in a menu (docs/assets/javascripts/turn-card.js)
            '<p class="no-print"><button type="button" class="md-button print-page">Print the summary</button></p>',
            "",
        ]
    else:
        out += [
            "The book's own Full Player Turn Summary (pages 92-94) is missing from the source, so this one is "
            "composed from the rules themselves: every step links to the rules it comes from. "
            'Steps marked <span class="std-badge">Standard Rules</span> come from the Standard Rules. '
            "Reading as the Starter game, they are hidden; reading as the Standard game, shown "
            "(the switch is in the header). "
            "Tap a phase to open it. "
            f"[Printable version]({link_between(page, PRINT_PATH)}) · "
            f"[Two-page reference card]({link_between(page, CARD_PATH)})",
            "",
            f'<p class="game-note game-only--starter">Reading as the Starter game: the {standard_count(phases)} '
            'Standard steps are hidden. <button type="button" data-set-game="standard">Read as the Standard '
            "game</button></p>",
            "",
        ]
    for number, phase in enumerate(phases, start=1):
        label = f"{number} · {escape(phase.name)}" if phase.id != "audience" else escape(phase.name)
        opened = " open" if printable else ""
        out += [
            f'<details class="phase" id="phase-{phase.id}" markdown="1"{opened}>',
            f"<summary>{label}</summary>",
            "",
            escape(phase.summary),
            "",
        ]
        for n, step in enumerate(phase.steps, start=1):
            out += _step_markdown(n, step, link_between(page, COVERAGE_PATH))
        out += ["</details>", ""]
    return "\n".join(out) + "\n"


def standard_count(phases: list[Phase]) -> int:
    return sum(step.standard for phase in phases for step in phase.steps)


def _step_markdown(number: int, step: Step, coverage_link: str) -> list[str]:
    standard = ' <span class="std-badge">Standard Rules</span>' if step.standard else ""
    out = [f"{number}. **{WHO[step.who]}:** {escape(step.text)}{standard}", ""]
    details = []
    if step.may_play:
        details.append("*May play or do:* " + "; ".join(escape(x) for x in step.may_play))
    if step.limits:
        details.append("*Limits:* " + "; ".join(escape(x) for x in step.limits))
    details.append("*Rules:* " + ", ".join("{ref:%s}" % r for r in step.rules))
    if step.unclear:
        details.append(f"*Unclear in the source:* {escape(step.unclear)} ([Errata and coverage]({coverage_link}))")
    out += [f"    - {d}" for d in details]
    return out + [""]
