"""The Strategy Battle Game's calculator views: the Swim Test (two editions, never
mixed) and the two plain D6 rolls for Passengers. Each is one D6."""

from __future__ import annotations

from calculators.passenger import D6_ROLL_OPTIONS
from calculators.swim import SWIM_OPTIONS as SWIM
from calculators.swim import SWIM_ROLL
from calculators.views.fields import field
from calculators.views.glossary_links import SBG_GLOSSARY

EDITION_LABELS = {"advanced": "Advanced Rules (newer Rules Manual)", "article": "Boats article (older edition)"}


def sbg_field(option, label, hint, **kw):
    return field(option, label, hint, glossary=SBG_GLOSSARY, **kw)


SBG_VIEWS = {
    "swim": {
        "engine": "swim",
        "render": "swim",
        "game": "SBG",
        "title": "Swim Test",
        "outcomes": {
            "sink": "Sink: drowns, removed as a casualty",
            "swim": "Swim: up to half its remaining Move",
            "swim_strongly": "Swim Strongly: all its remaining Move",
            **{str(face): f"Modified result {face}" for face in range(1, 7)},
        },
        "short_outcomes": {
            "sink": "Sink",
            "swim": "Swim",
            "swim_strongly": "Swim Strongly",
            **{str(face): f"Result {face}" for face in range(1, 7)},
        },
        "fields": [
            sbg_field(
                SWIM["edition"],
                "Edition",
                "The two texts are never mixed: each allows only its own modifiers.",
                start="advanced",
                choice_labels=EDITION_LABELS,
            ),
            sbg_field(
                SWIM["cavalry"],
                "Cavalry model: +1",
                "Advanced Rules only: in the boats article mounted models may not swim.",
            ),
            sbg_field(SWIM["heavy_armour"], "Heavy armour: −1", "Heavy armour or heavy Dwarf armour. Both editions."),
            sbg_field(
                SWIM["shield"],
                "Shield: −1",
                "Not a light shield (Advanced Rules). Both editions; in the article, with heavy armour −2 in all.",
            ),
            sbg_field(SWIM["banner"], "Banner: −1", "Advanced Rules only."),
            sbg_field(
                SWIM["prone_in_deep"],
                "Knocked Prone in Deep Water: −1",
                "The further test at once (Advanced Rules only).",
            ),
            sbg_field(SWIM["no_armour"], "No armour or Mithril armour: +1", "Boats article only."),
        ],
        "roll_fields": [sbg_field(SWIM_ROLL, "Swim roll", "Your natural D6.", term="swim_roll")],
    },
    "passenger-hit": {
        "engine": "passenger-hit",
        "render": "d6",
        "game": "SBG",
        "title": "A shot at a rider with a Passenger",
        "outcomes": {"passenger": "Hits the Passenger", "rider": "Hits the rider"},
        "short_outcomes": {"passenger": "Passenger", "rider": "Rider"},
        "fields": [],
        "roll_fields": [
            sbg_field(
                D6_ROLL_OPTIONS["roll"],
                "Passenger roll",
                "The further natural D6 for a shot that would hit the rider.",
                term="passenger_roll",
            )
        ],
    },
    "mount": {
        "engine": "mount",
        "render": "d6",
        "game": "SBG",
        "title": "Mounting a Cavalry model",
        "outcomes": {
            "fails": "Fails to Mount",
            "mounts": "Mounts; neither moves further",
            "mounts_cavalry_may_activate": "Mounts; the Cavalry model may still Activate",
        },
        "short_outcomes": {"fails": "Fails", "mounts": "Mounts", "mounts_cavalry_may_activate": "Mounts, may Activate"},
        "fields": [],
        "roll_fields": [sbg_field(D6_ROLL_OPTIONS["roll"], "Mounting roll", "Your natural D6.", term="mount_roll")],
    },
}
