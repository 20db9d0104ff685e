"""Every worked example of the rulebook that has numbers (source line numbers
of mele-rulebook.txt in each test name's docstring)."""

from fractions import Fraction as F

import pytest

from calculators.audience import AudienceInput, audience
from calculators.control_sheet import ControlSheetInput, SheetCharacter, control_sheet
from calculators.corruption import (
    CorruptionInput,
    RemovalInput,
    corruption_chances,
    removal_chances,
    resolve_corruption,
    resolve_removal,
)
from calculators.dice import PROBABILITY, chance_of
from calculators.hazard_limit import HazardLimitInput, hazard_limit
from calculators.influence import InfluenceInput, influence_chances, resolve_influence
from calculators.keying import KeyingInput, detainment_for, keying, ringwraith_may_move, site_path_for_move
from calculators.strike import StrikeInput, Weapon, attack, modified_prowess, resolve_strike, strike_chances

# --- Lagduf (l.508-512) -------------------------------------------------------------

LAGDUF = dict(prowess=5, body=8, discard_on=(8,))


def test_lagduf_not_tapping_has_prowess_2():
    """l.508: 5 - 3 for not tapping = 2."""
    assert modified_prowess(StrikeInput(strike_prowess=10, no_tap=True, **LAGDUF))[0] == 2


def test_lagduf_defeats_the_huorn_and_its_attack():
    """l.509: roll 8 + 5 = 13 > 10; body "-" -> defeated; one strike -> attack defeated."""
    huorn = StrikeInput(strike_prowess=10, **LAGDUF)
    assert resolve_strike(huorn, 8).outcome == "defeated"
    result = attack([huorn])
    assert result.defeated == strike_chances(huorn).outcomes["defeated"]


def test_lagduf_tapped_ties_the_first_slayer_strike():
    """l.510-511: tapped -> 4; roll 7 -> 11 = 11 -> ineffectual."""
    slayer = StrikeInput(strike_prowess=11, state="tapped", **LAGDUF)
    result = resolve_strike(slayer, 7)
    assert result.modified_prowess == 4
    assert result.outcome == "ineffectual"


def test_lagduf_is_discarded_on_a_body_check_of_8():
    """l.512: roll 3 -> 7 < 11, wounded; body check 8 is not > 8 but is a discard result."""
    slayer = StrikeInput(strike_prowess=11, state="tapped", **LAGDUF)
    assert resolve_strike(slayer, 3, 8).outcome == "discarded"
    assert resolve_strike(slayer, 3, 9).outcome == "eliminated"  # "a 9 or more"
    assert resolve_strike(slayer, 3, 7).outcome == "wounded"


def test_lagduf_slayer_is_not_defeated():
    """l.505: one ineffectual strike is enough to stop the attack being defeated."""
    slayer = StrikeInput(strike_prowess=11, state="tapped", **LAGDUF)
    assert resolve_strike(slayer, 7).outcome != "defeated"


# --- Landroval (l.493) ----------------------------------------------------------------


def test_landroval_failed_strike_needs_a_body_roll_over_6():
    strike = StrikeInput(prowess=8, strike_prowess=12, strike_body=6, body=8)
    assert resolve_strike(strike, 12, 7).outcome == "defeated"
    assert resolve_strike(strike, 12, 6).outcome == "failed"
    result = strike_chances(strike)
    fails = chance_of(r for r in range(2, 13) if r + 8 > 12)
    assert result.outcomes["defeated"] == fails * F(21, 36)
    assert result.outcomes["failed"] == fails * F(15, 36)


def test_landroval_both_strikes_must_be_defeated():
    strike = StrikeInput(prowess=8, strike_prowess=12, strike_body=6, body=8)
    one = strike_chances(strike).outcomes["defeated"]
    assert attack([strike, strike]).defeated == one * one


# --- Broad-headed Spear (l.529) ---------------------------------------------------------


def test_spear_gives_8_before_other_modifiers():
    assert modified_prowess(StrikeInput(7, 10, weapon=Weapon(2, 8)))[0] == 8
    assert modified_prowess(StrikeInput(7, 10, state="tapped", weapon=Weapon(2, 8)))[0] == 7


def test_weapon_never_lowers_prowess_above_its_maximum():
    assert modified_prowess(StrikeInput(9, 10, weapon=Weapon(2, 8)))[0] == 9


# --- Example of Combat (l.532-538) -------------------------------------------------------

ORC_WARBAND = 7  # 4 + 3 against a company that has faced an Orc attack (l.535)


def test_combat_company_hazard_limit_is_5():
    """l.533."""
    assert hazard_limit(HazardLimitInput(5)).hazard_limit == 5


def test_combat_broin_tapped_with_weariness_is_wounded_and_lives():
    """l.535: 3 - 1 (tapped) - 1 (Weariness) = 1; roll 4 -> 5 < 7; body check 7 <= 8."""
    broin = StrikeInput(3, ORC_WARBAND, state="tapped", modifier=-1, body=8)
    result = resolve_strike(broin, 4, 7)
    assert result.modified_prowess == 1
    assert result.outcome == "wounded"


def test_combat_nevido_is_wounded_and_lives():
    """l.536: 4, roll 2 -> 6 < 7; body check 4."""
    assert resolve_strike(StrikeInput(4, ORC_WARBAND, body=8), 2, 4).outcome == "wounded"


def test_combat_dogrib_not_tapping_ties():
    """l.536: 4 - 3 = 1, roll 6 -> 7 = 7: ineffectual, and he stays untapped."""
    result = resolve_strike(StrikeInput(4, ORC_WARBAND, no_tap=True, body=7), 6)
    assert result.modified_prowess == 1
    assert result.outcome == "ineffectual"


def test_combat_threlin_and_jerrek_defeat_their_strikes():
    """l.536: Threlin 4 + 7 = 11 > 7; Jerrek 5 + 3 = 8 > 7; body "-"."""
    assert resolve_strike(StrikeInput(4, ORC_WARBAND, body=7), 7).outcome == "defeated"
    assert resolve_strike(StrikeInput(5, ORC_WARBAND, body=8), 3).outcome == "defeated"


def test_combat_orc_warband_attack_is_not_defeated():
    """l.536: two successful and one ineffectual strike: the attack is not defeated."""
    rolls = {
        "Bróin": (StrikeInput(3, 7, state="tapped", modifier=-1, body=8), 4, 7),
        "Nevido": (StrikeInput(4, 7, body=8), 2, 4),
        "Dôgrib": (StrikeInput(4, 7, no_tap=True, body=7), 6, None),
        "Threlin": (StrikeInput(4, 7, body=7), 7, None),
        "Jerrek": (StrikeInput(5, 7, body=8), 3, None),
    }
    outcomes = [resolve_strike(s, r, b).outcome for s, r, b in rolls.values()]
    assert outcomes == ["wounded", "wounded", "ineffectual", "defeated", "defeated"]
    strikes = [s for s, _, _ in rolls.values()]
    expected = F(1)
    for strike in strikes:
        expected *= strike_chances(strike).outcomes["defeated"]
    assert attack(strikes).defeated == expected


def test_combat_orc_warband_keyed_to_shadow_land_would_detain():
    """l.535 with l.500: keyed to a Shadow-land an Orc attack is a detainment attack."""
    assert detainment_for("s") == "orc-troll-undead-man"
    assert detainment_for("w") == "no"


# --- Tarcil (l.578-579) -------------------------------------------------------------------


def test_tarcil_taps_and_removes_lure_of_the_senses():
    assert resolve_removal(RemovalInput(6), 8).outcome == "removed"


def test_tarcil_without_tapping_would_have_needed_more_than_9():
    assert resolve_removal(RemovalInput(6, no_tap=True), 8).outcome == "kept"
    assert removal_chances(RemovalInput(6, no_tap=True)).least_roll == 10


def test_tarcil_keeps_lure_of_nature():
    """Already tapped: 6 - 3 = 3, not > 4."""
    assert resolve_removal(RemovalInput(4, no_tap=True), 6).outcome == "kept"


def test_tarcil_removes_lure_of_expedience():
    """Already tapped: 9 - 3 = 6 > 5."""
    assert resolve_removal(RemovalInput(5, no_tap=True), 9).outcome == "removed"


# --- Layos (l.581-586) ----------------------------------------------------------------------


def test_layos_check_at_dunnish_clan_hold():
    """l.582: CP 5, roll 6 > 5: nothing happens."""
    assert resolve_corruption(CorruptionInput(5), 6).outcome == "nothing"


def test_layos_removes_lure_of_expedience_by_tapping():
    """l.583: roll 8 > 5."""
    assert resolve_removal(RemovalInput(5), 8).outcome == "removed"


def test_layos_three_wilderness_checks():
    """l.584: CP 5, rolls 7, 12, 4: the 4 is one less than 5 -> the tap band."""
    result = resolve_corruption(CorruptionInput(5, checks=3), (7, 12, 4))
    assert result.outcome == "taps"
    assert result.survives_all == 1


def test_layos_fails_to_remove_lure_of_nature_without_tapping():
    """l.585: 7 - 3 = 4, not > 4; no second attempt is noted."""
    result = resolve_removal(RemovalInput(4, no_tap=True), 7)
    assert result.outcome == "kept"
    assert any("cannot make another attempt, even by tapping" in step.text for step in result.explain)


def test_layos_is_eliminated_at_7_cp_on_a_5():
    """l.586: 5 is 2 less than 7."""
    assert resolve_corruption(CorruptionInput(7), 5).outcome == "eliminated"


def test_four_or_more_corruption_points_can_fail():
    """l.146: only characters with 4 or more CP can fail (a roll of 2 fails by 2)."""
    assert corruption_chances(CorruptionInput(4)).outcomes["eliminated"] == PROBABILITY[2]
    assert corruption_chances(CorruptionInput(3)).outcomes["eliminated"] == 0


# --- Ice-orcs (l.606-612) -------------------------------------------------------------------

ICE_ORCS = InfluenceInput(required=10, direct_influence=2, modifiers=(3, 2))


def test_ice_orcs_roll_5_succeeds_with_the_correct_sum_12():
    """l.607-611: 5 + 2 (unused DI) + 3 (ability) + 2 (Wargs of Forochel) = 12 > 10.
    The printed "11 (=5+2+3+1)" uses +1 where the bullet says +2."""
    result = resolve_influence(ICE_ORCS, 5)
    assert result.outcome == "success"
    assert 5 + result.total_modifier == 12


def test_ice_orcs_roll_3_fails_with_the_correct_sum_10():
    """l.612: 3 + 2 + 3 + 2 = 10, not > 10 (printed "9 (=3+2+2+1)", which is 8)."""
    result = resolve_influence(ICE_ORCS, 3)
    assert result.outcome == "failure"
    assert 3 + result.total_modifier == 10


def test_ice_orcs_least_roll_is_4():
    assert influence_chances(ICE_ORCS).least_roll == 4


# --- Movement Barad-dur -> Minas Morgul -> Dol Guldur -> Lonely Mountain (l.379-387, 413-415) ---


def test_leg_1_barad_dur_to_minas_morgul():
    """l.380/415: path d s from the origin's card; keyings d, s and the Darkhaven."""
    assert site_path_for_move("site-to-darkhaven").card == "the site of origin's card"
    result = keying(KeyingInput(path="d s", site="DH"))
    assert result.region_keyings == ("d", "s")
    assert result.site_keyings == ("DH",)
    assert result.detainment == {"d": "always", "s": "orc-troll-undead-man", "DH": "no"}
    assert ringwraith_may_move("site-to-darkhaven", "d s").allowed


def test_leg_2_minas_morgul_to_dol_guldur():
    """l.381/415: s d d s d; keyings s, s s, d, d d (and d d d: three d) and the Darkhaven."""
    assert "Site Path from" in site_path_for_move("darkhaven-to-darkhaven").card
    result = keying(KeyingInput(path="s d d s d", site="DH"))
    assert {"s", "ss", "d", "dd"} <= set(result.region_keyings)
    assert result.region_keyings == ("s", "ss", "d", "dd", "ddd")  # in the path's order, as l.415 lists them
    assert result.site_keyings == ("DH",)
    assert result.detainment["dd"] == "always"
    assert result.detainment["ss"] == "orc-troll-undead-man"
    assert ringwraith_may_move("darkhaven-to-darkhaven", "s d d s d").allowed


def test_leg_3_dol_guldur_to_the_lonely_mountain():
    """l.382/413: d w w from the new site's card (l.415's "s w w" is errata B2);
    keyings d, w, w w and Ruins & Lairs; a Ringwraith needs a mode card (l.387)."""
    assert site_path_for_move("darkhaven-to-site").card == "the new site's card"
    result = keying(KeyingInput(path="d w w", site="R"))
    assert result.region_keyings == ("d", "w", "ww")
    assert result.site_keyings == ("R",)
    assert result.detainment == {"d": "always", "w": "no", "ww": "no", "R": "no"}
    assert not ringwraith_may_move("darkhaven-to-site", "d w w").allowed
    assert ringwraith_may_move("darkhaven-to-site", "d w w", has_mode_card=True).allowed


# --- Doors of Night + Fell Winter (l.637-639) ---------------------------------------------------


def test_doors_of_night_and_fell_winter_make_s_w_b_w():
    result = keying(KeyingInput(path="s w f b", site="B", doors_of_night=True, fell_winter=True))
    assert result.path == ("s", "w", "b", "w")  # not s w w w
    assert result.region_keyings == ("s", "w", "ww", "b")
    assert result.detainment["B"] == "no"
    assert result.changes == (("b", "w"), ("f", "b"))
    assert [fact.text for fact in result.facts] == [
        "Fell Winter gives this Border-hold an automatic-attack: wolves, 3 strikes at 7 prowess."
    ]
    assert not any("wolves" in step.text for step in result.explain)  # a fact, not a step


def test_fell_winter_example_hazard_limit_6_and_wolves_at_10():
    """l.637/639: hazard limit 6; the wolves' 7 prowess + 3 (Arouse Defenders) = 10."""
    assert hazard_limit(HazardLimitInput(6)).hazard_limit == 6
    wolves = StrikeInput(prowess=5, strike_prowess=7 + 3, body=8)
    assert strike_chances(wolves).least_roll == 6


# --- Deep Wilderness (l.721) ---------------------------------------------------------------------


def test_w_b_b_w_allows_double_wilderness():
    result = keying(KeyingInput(path="w b b w"))
    assert result.region_keyings == ("w", "ww", "b", "bb")


# --- Dire Wolves (l.736) -----------------------------------------------------------------------------


@pytest.mark.parametrize("strikes, prowess", [(4, 8), (5, 9), (6, 10)])
def test_dire_wolves_attack_against_four_characters(strikes, prowess):
    """l.736: alone 4 @ 8; with Wake of War 5 @ 9; with Doors of Night too 6 @ 10.
    Against four untapped characters of prowess 5 the excess strikes become -1s
    (here all on the first target), and the attack is defeated only if all four
    strikes are."""
    excess = strikes - 4
    targets = [StrikeInput(5, prowess, excess=excess if i == 0 else 0, body=8) for i in range(4)]
    result = attack(targets)
    p_first = chance_of(r for r in range(2, 13) if r + 5 - excess > prowess)
    p_other = chance_of(r for r in range(2, 13) if r + 5 > prowess)
    assert result.defeated == p_first * p_other**3


# --- Cave-drake with support (l.966) ---------------------------------------------------------------


def test_cave_drake_muzgash_with_three_supporters_has_7():
    muzgash = StrikeInput(prowess=4, strike_prowess=10, support=3, body=8)
    result = strike_chances(muzgash)
    assert result.modified_prowess == 7
    assert result.least_roll == 4
    assert resolve_strike(muzgash, 3).outcome == "ineffectual"
    assert resolve_strike(muzgash, 2, 5).outcome == "wounded"
    assert result.outcomes["defeated"] == chance_of(range(4, 13))
    assert result.outcomes["ineffectual"] == PROBABILITY[3]


def test_cave_drake_gorbag_not_tapping_rolls_12():
    """Gorbag's strike is defeated for any prowess of 2 or more; the attack is defeated
    only if Muzgash's strike is too (errata B11)."""
    assert resolve_strike(StrikeInput(2, 10, no_tap=True, body=8), 12).outcome == "defeated"
    assert resolve_strike(StrikeInput(1, 10, no_tap=True, body=8), 12).outcome == "ineffectual"
    gorbag = StrikeInput(4, 10, no_tap=True, body=8)
    muzgash = StrikeInput(4, 10, support=3, body=8)
    both = attack([gorbag, muzgash])
    assert both.defeated == strike_chances(gorbag).outcomes["defeated"] * strike_chances(muzgash).outcomes["defeated"]


# --- Hazard limits (l.252, 533, 701, 858, 889) ---------------------------------------------------------


@pytest.mark.parametrize("size, halved", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (7, 4)])
def test_hazard_limit_halved_rounds_up(size, halved):
    """l.858: "a hazard limit of 2 becomes 1, a hazard limit of 3 becomes 2"."""
    assert hazard_limit(HazardLimitInput(size, halved=True)).hazard_limit == halved


def test_orc_scouts_count_half_rounded_up():
    """l.889: 5 characters, 3 of them Orc scouts: 2 + 2 = 4."""
    assert hazard_limit(HazardLimitInput(2, orc_scouts=3)).hazard_limit == 4


# --- The Audience (l.143-146 Starter, l.803-832 Standard) ------------------------------------------------

WENDY = "character=7,item=4,faction=5,ally=2,kill=0,misc=2"
NICK = "character=11,item=5,faction=0,ally=2,kill=0,misc=0"


def test_standard_audience_wendy_22_nick_14():
    result = audience(AudienceInput(WENDY, NICK, revealed_against_me=3))
    assert result.me.raw_total == 20 and result.opponent.raw_total == 18
    assert result.me.doubled["faction"] == 10 and result.me.doubled_total == 25
    assert result.opponent.doubled_total == 18
    assert result.opponent.capped["character"] == 7 and result.opponent.capped_total == 14
    assert result.me.capped_total == 25
    assert result.me.final_total == 22 and result.opponent.final_total == 14
    assert result.winner == "me"


def test_standard_audience_with_hillmen_nick_wins():
    """l.832 "Nick curses his luck": with the Hillmen (+4 faction), 17 against 22."""
    result = audience(AudienceInput(WENDY, NICK.replace("faction=0", "faction=4"), revealed_against_me=3))
    assert (result.me.final_total, result.opponent.final_total) == (17, 22)
    assert result.winner == "opponent"


def test_starter_audience_nick_22_beats_wendy_20():
    """l.143-146: Nick 18 + 4 (Hillmen) = 22 against Wendy's 20; if Tarcil fails his
    check Nick loses 7 (15) and Wendy wins."""
    assert audience(AudienceInput(WENDY, NICK.replace("faction=0", "faction=4"), starter=True)).winner == "opponent"
    nick_without_tarcil = "character=9,item=0,faction=4,ally=2"
    result = audience(AudienceInput(WENDY, nick_without_tarcil, starter=True))
    assert result.opponent.final_total == 15
    assert result.winner == "me"


# --- Influence organisation (l.291-307, 319) -------------------------------------------------------

ORCS_AND_TROLLS = ("Orc", "Troll")


def wendy_sheet():
    return ControlSheetInput(
        (
            SheetCharacter("Troll-chief", 6, 0, race="Troll", bracket_influence=3, bracket_races=ORCS_AND_TROLLS),
            SheetCharacter("Troll Lout", 3, 0, controller="Troll-chief", race="Troll"),
            SheetCharacter("Shagrat", 6, 0, race="Orc", bracket_influence=4, bracket_races=ORCS_AND_TROLLS),
            SheetCharacter("Grishnákh", 3, 0, controller="Shagrat", race="Orc"),
            SheetCharacter("Orc Tracker", 3, 0, race="Orc"),
            SheetCharacter("Dwar", None, 5, race="Ringwraith"),
        )
    )


def nick_sheet():
    """Errata B7: a second Orc Captain, following the Lieutenant of Morgul (2 + [3])."""
    return ControlSheetInput(
        (
            SheetCharacter("Tarcil", 6, 2, race="Dúnadan"),
            SheetCharacter("Orc Captain", 5, 0, race="Orc", bracket_influence=3, bracket_races=ORCS_AND_TROLLS),
            SheetCharacter("Lieutenant of Morgul", 9, 2, race="Man", bracket_influence=3, bracket_races=("Orc",)),
            SheetCharacter("Indûr", None, 5, race="Ringwraith"),
            SheetCharacter("Ciryaher", 5, 2, controller="Indûr", race="Dúnadan"),
            SheetCharacter(
                "Orc Captain 2",
                5,
                0,
                controller="Lieutenant of Morgul",
                race="Orc",
                bracket_influence=3,
                bracket_races=ORCS_AND_TROLLS,
            ),
        )
    )


def test_wendy_has_5_unused_general_influence():
    result = control_sheet(wendy_sheet())
    assert (result.used_general_influence, result.unused_general_influence) == (15, 5)
    assert result.legal


def test_nick_has_0_unused_general_influence():
    result = control_sheet(nick_sheet())
    assert (result.used_general_influence, result.unused_general_influence) == (20, 0)
    assert result.legal


def test_only_nicks_orc_captain_can_take_the_orc_tracker():
    """l.319: the Orc Tracker (mind 3) needs 3 unused direct influence against an Orc."""
    result = control_sheet(nick_sheet())
    able = [
        name
        for name in ("Tarcil", "Orc Captain", "Lieutenant of Morgul", "Indûr")
        if result.unused_for(name, "Orc") >= 3
    ]
    assert able == ["Orc Captain"]
