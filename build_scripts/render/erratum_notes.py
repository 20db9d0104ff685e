"""One erratum as a note beside its rule, where the reader cannot tap the corrected words to see the
source's (the printed rulebook, rules.txt): in the words of the ruling sheet's text
(docs/assets/javascripts/ruling/text.js)."""

from __future__ import annotations

from build_scripts.model.errata import Erratum


def erratum_note(erratum: Erratum) -> str:
    """'Corrected on this site (typo, C4): the source reads “mover each”.', or the editor's note."""
    kind = erratum.label.lower()
    if erratum.splits:
        return (
            f"Corrected on this site ({kind}, {erratum.id}): a rule of its own, where the source runs it on "
            f"from the rule before it, in line {erratum.line}."
        )
    if erratum.corrects_text:
        return f"Corrected on this site ({kind}, {erratum.id}): the source reads “{erratum.text}”."
    return f"Editor's note ({kind}, {erratum.id}): {' '.join((erratum.note or '').split())}"
