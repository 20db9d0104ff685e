"""Field name (or a field's `term`) -> glossary id, one table per game, so the
links are easy to check against sources/glossary*.yaml (tests do)."""

# Anchors `g-<id>` on glossary.md.
GLOSSARY = {
    "prowess": "prowess",
    "strike_prowess": "strike",
    "strike_body": "body",
    "body": "body",
    "state": "wounded",
    "no_tap": "tapped",
    "excess": "excess-strikes",
    "support": "support",
    "modifier": "prowess",
    "weapon": "weapon",
    "discard_on": "body-check",
    "detainment": "detainment-attack",
    "ringwraith": "ringwraith",
    "roll": "dice-roll",
    "body_roll": "body-check",
    "points": "corruption-points",
    "corruption_modifier": "corruption-check-modifier",
    "checks": "corruption-check",
    "remove": "removing-corruption-cards",
    "removal_no_tap": "removing-corruption-cards",
    "required": "influence-check",
    "direct_influence": "direct-influence",
    "followers_mind": "follower",
    "influence_modifier": "standard-modifications",
    "mind": "mind",
    "controller": "follower",
    "race": "race",
    "bracket_influence": "direct-influence",
    "path": "site-path",
    "site": "site-type",
    "not_moving": "keyed-to",
    "doors_of_night": "doors-of-night",
    "characters": "company-size",
    "orc_scouts": "orc-scouts",
    "halved": "hazard-limit",
    "me": "marshalling-points",
    "opponent": "marshalling-points",
    "revealed": "marshalling-point-modifications",
    "starter": "starter-rules",
}

# Anchors `g-<id>` on sbg/glossary.md. Armour, shields and banners have no entry of
# their own: they link to the table that gives their modifier.
SBG_GLOSSARY = {
    "cavalry": "sbg-cavalry-model",
    "heavy_armour": "sbg-swim-table",
    "shield": "sbg-swim-table",
    "banner": "sbg-swim-table",
    "prone_in_deep": "sbg-prone",
    "no_armour": "sbg-swimming-chart",
    "swim_roll": "sbg-swim-test",
    "passenger_roll": "sbg-passenger",
    "mount_roll": "sbg-mounting",
}
