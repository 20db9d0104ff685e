"""The turn summary as a two-page reference card, from the same data as the full
summary: each step's `card` wording, who acts, its Standard mark and its rule numbers.

On screen it is a compact page for a tablet or a phone held sideways; printed from the browser
(docs/assets/stylesheets/card.css) it fits one double-sided sheet of A4 or US Letter.
"""

from __future__ import annotations

from build_scripts.render.inline import escape
from build_scripts.render.turn_summary import (
    CARD_PATH,
    TURN_SUMMARY_PATH,
    Phase,
    Step,
    TurnSummaryError,
    link_between,
)

__all__ = ["CARD_PATH", "reference_card_markdown"]  # CARD_PATH lives in turn_summary.py, which links to the card
CARD_MAX_CHARS = 150  # a step's card wording: at most about three lines of a printed column
WHO_SHORT = {"player": "You", "opponent": "Opp.", "both": "Both"}
WHO_TITLE = {"player": "You, the player whose turn it is", "opponent": "Your opponent", "both": "Both players"}


def check_card_wording(phases: list[Phase]) -> None:
    for phase in phases:
        for n, step in enumerate(phase.steps, start=1):
            where = f"turn-summary.yaml: {phase.id} step {n} ({' '.join(step.text.split()[:6])} ...)"
            if not step.card:
                raise TurnSummaryError(f"{where} has no 'card' wording for the reference card")
            if len(step.card) > CARD_MAX_CHARS:
                raise TurnSummaryError(
                    f"{where}: its card wording has {len(step.card)} characters, more than the "
                    f"{CARD_MAX_CHARS} that fit its space on the card: {step.card!r}"
                )


def reference_card_markdown(phases: list[Phase]) -> str:
    check_card_wording(phases)
    out = [
        "---",
        "title: Turn summary reference card",
        "hide:",
        "  - navigation",
        "  - toc",
        "---",
        "",
        '<div class="ref-card print-sheet no-glossary" markdown="1">',
        "",
        "# Player turn: reference card {: .ref-card__title }",
        "",
        "**You** = the player whose turn it is · **Opp.** = the opponent · "
        '<span class="std-badge">Standard</span> = Standard Rules only · small numbers = the rules '
        "(cite as “MELE 1.7.24”). Every limit and unclear point: "
        f"[Full Player Turn Summary]({link_between(CARD_PATH, TURN_SUMMARY_PATH)}).",
        "{: .ref-card__legend }",
        "",
        # A phone hides the browser's Print in a menu (docs/assets/javascripts/turn-card.js)
        (
            '<p class="ref-card__actions no-print"><button type="button" class="md-button ref-card__print print-page">'
            "Print the card</button></p>"
        ),
        "",
    ]
    for number, phase in enumerate(phases, start=1):
        label = f"{number} · {phase.name}" if phase.id != "audience" else phase.name
        out += [
            f'<section class="ref-card__phase" id="card-{phase.id}" markdown="1">',
            "",
            f'<h2 class="ref-card__phase-name">{escape(label)}</h2>',
            "",
            '<ul class="ref-card__steps" markdown="1">',
        ]
        out += [_step_html(step) for step in phase.steps]
        out += ["</ul>", "", "</section>", ""]
    out += ["</div>", ""]
    return "\n".join(out)


def _step_html(step: Step) -> str:
    standard = ' <span class="std-badge">Standard</span>' if step.standard else ""
    rules = " ".join("{ref:%s}" % rule_id for rule_id in step.rules)
    game = ' data-game="standard"' if step.standard else ""  # hidden when reading as the Starter game (game.css)
    return (
        f'<li class="ref-card__step"{game} markdown="span">'
        f'<span class="ref-card__who ref-card__who--{step.who}" title="{WHO_TITLE[step.who]}">'
        f'{WHO_SHORT[step.who]}</span> <span class="ref-card__text">{escape(step.card)}{standard} '
        f'<span class="ref-card__rules">{rules}</span></span></li>'
    )
