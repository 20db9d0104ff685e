"""The Strategy Battle Game's calculator views: the Swim Test (two editions, never
mixed) and the two plain D6 rolls for Passengers. Each is one D6."""

from __future__ import annotations

from .fields import d6_roll_field, field, flag
from .glossary_links import SBG_GLOSSARY

EDITIONS = (("advanced", "Advanced Rules (newer Rules Manual)"), ("article", "Boats article (older edition)"))


def sbg_flag(name, label, hint, **kw):
    return flag(name, label, hint, glossary=SBG_GLOSSARY, **kw)


def sbg_roll(name, label, hint, *, term):
    return d6_roll_field(name, label, hint, term=term, glossary=SBG_GLOSSARY)


SBG_VIEWS = {
    "swim": {
        "engine": "swim", "render": "swim", "game": "SBG", "title": "Swim Test",
        "outcomes": {
            "sink": "Sink: drowns, removed as a casualty",
            "swim": "Swim: up to half its remaining Move",
            "swim_strongly": "Swim Strongly: all its remaining Move",
            **{str(face): f"Modified result {face}" for face in range(1, 7)},
        },
        "fields": [
            field("edition", "choice", "Edition", "advanced", "The two texts are never mixed: each allows "
                  "only its own modifiers.", options=EDITIONS),
            sbg_flag("cavalry", "Cavalry model: +1", "Advanced Rules only: in the boats article mounted "
                     "models may not swim."),
            sbg_flag("heavy_armour", "Heavy armour: −1", "Heavy armour or (heavy) Dwarf armour. Both editions."),
            sbg_flag("shield", "Shield: −1", "Not a light shield (Advanced Rules). Both editions; in the "
                     "article, with heavy armour −2 in all."),
            sbg_flag("banner", "Banner: −1", "Advanced Rules only."),
            sbg_flag("prone_in_deep", "Knocked Prone in Deep Water: −1", "The further test at once "
                     "(Advanced Rules only)."),
            sbg_flag("no_armour", "No armour or Mithril armour: +1", "Boats article only."),
        ],
        "roll_fields": [sbg_roll("roll", "Swim roll", "Your natural D6.", term="swim_roll")],
    },
    "passenger-hit": {
        "engine": "passenger-hit", "render": "d6", "game": "SBG", "title": "A shot at a rider with a Passenger",
        "outcomes": {"passenger": "Hits the Passenger", "rider": "Hits the rider"},
        "fields": [],
        "roll_fields": [sbg_roll("roll", "Passenger roll", "The further natural D6 for a shot that would hit "
                                 "the rider.", term="passenger_roll")],
    },
    "mount": {
        "engine": "mount", "render": "d6", "game": "SBG", "title": "Mounting a Cavalry model",
        "outcomes": {"fails": "Fails to Mount", "mounts": "Mounts; neither moves further",
                     "mounts_cavalry_may_activate": "Mounts; the Cavalry model may still Activate"},
        "fields": [],
        "roll_fields": [sbg_roll("roll", "Mounting roll", "Your natural D6.", term="mount_roll")],
    },
}
