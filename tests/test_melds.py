"""Melds (RULES §3): seed 003's examples, the meld-class rule, every row of the table and the
meld options."""

from __future__ import annotations

from typing import Any

import pytest

from binokel.core.cards import BLATT
from binokel.core.cards import EICHEL
from binokel.core.cards import HERZ
from binokel.core.cards import SCHELLEN
from binokel.core.cards import cardset
from binokel.core.cards import parse_cards
from binokel.games.binokel.melds import MELD_NAMES
from binokel.games.binokel.melds import NO_TRUMP
from binokel.games.binokel.melds import best_melds
from binokel.games.binokel.rules import Rules
from helpers import toks


def melds(text: str, trump: int = EICHEL, **options: Any) -> tuple[int, list[tuple[str, int]]]:
    """Total and (name, points) of the best melding of ``text``."""
    r = best_melds(cardset(parse_cards(text)), trump, Rules.from_preset("standard", **options))
    assert r.total == sum(m.points for m in r.melds)
    return r.total, sorted((m.name, m.points) for m in r.melds)


# ------------------------------------------------------------- seed 003's examples (trump E)
def test_seed_003_trump_family_and_second_pair_is_190() -> None:
    assert melds("EA E10 EK EO EU EK EO") == (190, [("family", 150), ("pair", 40)])


def test_seed_003_double_heart_pair_is_40() -> None:
    assert melds("HK HK HO HO") == (40, [("pair", 20), ("pair", 20)])


def test_seed_003_single_trump_pair_is_40() -> None:
    assert melds("EK EO") == (40, [("pair", 40)])


def test_seed_003_blatt_family_is_100_and_with_second_pair_120() -> None:
    assert melds("BA B10 BK BO BU") == (100, [("family", 100)])
    assert melds("BA B10 BK BO BU BK BO") == (120, [("family", 100), ("pair", 20)])


def test_seed_003_rundgang_and_binokel_is_280() -> None:
    assert melds("EK EO BK BO HK HO SK SO SU") == (280, [("binokel", 40), ("rundgang", 240)])


# ------------------------------------------------------------- the meld-class rule
def test_inside_a_class_a_card_serves_once() -> None:
    # The family's K and O make no extra pair; a family plus one more K (no O) is no pair.
    assert melds("BA B10 BK BO BU", trump=HERZ) == (100, [("family", 100)])
    assert melds("BA B10 BK BO BU BK", trump=HERZ) == (100, [("family", 100)])
    # Two kings and one ober: one pair.
    assert melds("HK HK HO", trump=EICHEL) == (20, [("pair", 20)])
    assert melds("SU SU BO", trump=HERZ) == (40, [("binokel", 40)])


def test_across_classes_a_card_serves_again() -> None:
    # Seed 003: the Blatt-Ober of a Blatt family still makes a Binokel ...
    assert melds("BA B10 BK BO BU SU", trump=HERZ) == (140, [("binokel", 40), ("family", 100)])
    # ... and the same card counts once more for the four Ober (rank class).
    assert melds("BA B10 BK BO BU SU EO HO SO", trump=HERZ) == (
        200, [("binokel", 40), ("family", 100), ("four_ober", 60)])
    # A trump family's Unter is one of the four Unter.
    assert melds("EA E10 EK EO EU BU HU SU", trump=EICHEL) == (
        190, [("family", 150), ("four_unter", 40)])


def test_a_full_hand_with_every_class() -> None:
    total, ms = melds("EA E10 EK EO EU EK EO BO HK HO SO SU", trump=EICHEL)
    assert ms == [("binokel", 40), ("family", 150), ("four_ober", 60), ("pair", 20),
                  ("pair", 40)]
    assert total == 310


def test_shown_cards_count_a_card_of_two_melds_once() -> None:
    r = best_melds(cardset(parse_cards("BA B10 BK BO BU SU")), HERZ, Rules())
    assert toks(r.cards()) == "BA B10 BK BO BU SU"
    r = best_melds(cardset(parse_cards("SU SU BO BO EO HO SO")), HERZ, Rules())
    assert toks(r.cards()) == "EO BO BO HO SO SU SU"  # Doppelbinokel + 4 Ober share a BO


# ------------------------------------------------------------- every row of the table
@pytest.mark.parametrize("text, trump, expected", [
    # suit class
    ("HK HO", EICHEL, [("pair", 20)]),
    ("EK EO", EICHEL, [("pair", 40)]),
    ("HK HK HO HO", EICHEL, [("pair", 20), ("pair", 20)]),
    ("EK EK EO EO", EICHEL, [("pair", 40), ("pair", 40)]),
    ("HA H10 HK HO HU", EICHEL, [("family", 100)]),
    ("EA E10 EK EO EU", EICHEL, [("family", 150)]),
    ("HA H10 HK HO HU HA H10 HK HO HU", EICHEL, [("double_family", 200)]),
    ("EA E10 EK EO EU EA E10 EK EO EU", EICHEL, [("double_family", 300)]),
    ("HA H10 HK HO", EICHEL, [("pair", 20)]),  # no Unter: no family
    # rank class
    ("EU BU HU SU", HERZ, [("four_unter", 40)]),  # SU without BO: no Binokel
    ("EO BO HO SO", HERZ, [("four_ober", 60)]),
    ("EK BK HK SK", HERZ, [("four_koenig", 80)]),
    ("EA BA HA SA", HERZ, [("four_ass", 100)]),
    ("EA BA HA SA EA BA HA", HERZ, [("four_ass", 100)]),  # seven aces are one four
    ("EU BU HU SU EU BU HU SU", HERZ, [("eight_unter", 1000)]),
    ("EO BO HO SO EO BO HO SO", HERZ, [("eight_ober", 1000)]),
    ("EK BK HK SK EK BK HK SK", HERZ, [("eight_koenig", 1000)]),
    ("EA BA HA SA EA BA HA SA", HERZ, [("eight_ass", 1000)]),
    ("E10 B10 H10 S10", HERZ, []),  # no tens meld by default
    # Binokel class
    ("SU BO", HERZ, [("binokel", 40)]),
    ("SU SU BO BO", HERZ, [("doppelbinokel", 300)]),
    ("SO BU", HERZ, []),  # seed 001's swapped cards are no Binokel
    # no trump (the melds of Durch would be these; they are not scored there)
    ("EA E10 EK EO EU", NO_TRUMP, [("family", 100)]),
])
def test_meld_table(text: str, trump: int, expected: list[tuple[str, int]]) -> None:
    total, ms = melds(text, trump)
    assert ms == sorted(expected)
    assert total == sum(p for _, p in expected)


def test_a_double_family_is_not_family_plus_pair() -> None:
    # 200 beats family 100 + pair 20; in trump 300 beats 150 + 40.
    assert melds("BA B10 BK BO BU BA B10 BK BO BU", trump=HERZ)[0] == 200
    assert melds("HA H10 HK HO HU HA H10 HK HO HU", trump=HERZ)[0] == 300


@pytest.mark.parametrize("value", [200, 1000, 1500])
def test_double_family_option_in_a_plain_suit(value: int) -> None:
    assert melds("HA H10 HK HO HU HA H10 HK HO HU", EICHEL, double_family=value) == (
        value, [("double_family", value)])


@pytest.mark.parametrize("value", [300, 1000, 1500])
def test_double_trump_family_option(value: int) -> None:
    assert melds("EA E10 EK EO EU EA E10 EK EO EU", EICHEL, double_trump_family=value) == (
        value, [("double_family", value)])
    # the plain double family keeps its own value
    assert melds("HA H10 HK HO HU HA H10 HK HO HU", EICHEL, double_trump_family=value)[0] == 200


@pytest.mark.parametrize("rank, four", [("U", 40), ("O", 60), ("K", 80), ("A", 100)])
def test_eight_of_a_rank_option(rank: str, four: int) -> None:
    eight = " ".join(f"{s}{rank}" for s in "EBHS" for _ in range(2))
    assert melds(eight, HERZ)[0] == 1000
    assert melds(eight, HERZ, eight_of_a_rank="double")[0] == 2 * four


def test_eight_obers_with_doppelbinokel() -> None:
    # The obers serve the rank class and the Binokel class.
    assert melds("EO BO HO SO EO BO HO SO SU SU", HERZ) == (
        1300, [("doppelbinokel", 300), ("eight_ober", 1000)])


@pytest.mark.parametrize("value", [0, 80, 100])
def test_four_tens_option(value: int) -> None:
    expected = [("four_zehn", value)] if value else []
    assert melds("E10 B10 H10 S10", HERZ, four_tens=value) == (value, expected)


def test_dix_option_counts_each_trump_seven() -> None:
    assert melds("E7 E7 H7", EICHEL, sevens=True, dix=True) == (20, [("dix", 10), ("dix", 10)])
    assert melds("E7 E7 H7", EICHEL, sevens=True) == (0, [])
    assert melds("E7 E7", NO_TRUMP, sevens=True, dix=True) == (0, [])


# ------------------------------------------------------------- Rundgang
RUNDGANG = "EK EO BK BO HK HO SK SO"


def test_rundgang_parts_is_240_shown_under_its_name() -> None:
    # 3 x 20 + 40 (trump pair) + 4 Könige 80 + 4 Ober 60, not added again on top
    assert melds(RUNDGANG, EICHEL) == (240, [("rundgang", 240)])
    r = best_melds(cardset(parse_cards(RUNDGANG)), SCHELLEN, Rules())
    assert r.melds[0].label("de") == "Rundgang" and r.melds[0].label("en") == "Round trip"


def test_rundgang_parts_without_trump_pair() -> None:
    assert melds(RUNDGANG, NO_TRUMP) == (220, [("rundgang", 220)])


def test_rundgang_with_other_melds() -> None:
    assert melds(RUNDGANG + " EA BA HA SA", BLATT) == (340, [("four_ass", 100),
                                                          ("rundgang", 240)])
    # A second pair in a suit stays a pair of its own.
    assert melds(RUNDGANG + " HK HO", BLATT) == (260, [("pair", 20), ("rundgang", 240)])


def test_rundgang_none_shows_the_parts() -> None:
    assert melds(RUNDGANG, EICHEL, rundgang="none") == (240, sorted(
        [("pair", 40), ("pair", 20), ("pair", 20), ("pair", 20), ("four_koenig", 80),
         ("four_ober", 60)]))


def test_rundgang_350() -> None:
    assert melds(RUNDGANG, EICHEL, rundgang=350) == (350, [("rundgang", 350)])
    # With a family the Rundgang still counts 350 and the family stays (aks sheet).
    assert melds("EA E10 EK EO EU BK BO HK HO SK SO", EICHEL, rundgang=350) == (
        500, [("family", 150), ("rundgang", 350)])


def test_a_family_pair_makes_no_rundgang_of_parts() -> None:
    # The Eichel K+O sit in the family: the parts count separately, same points.
    assert melds("EA E10 EK EO EU BK BO HK HO SK SO", EICHEL) == (350, sorted(
        [("family", 150), ("pair", 20), ("pair", 20), ("pair", 20), ("four_koenig", 80),
         ("four_ober", 60)]))


def test_every_meld_has_both_labels() -> None:
    r = best_melds(cardset(parse_cards("EA E10 EK EO EU")), EICHEL, Rules())
    assert r.melds[0].label("de") == "Familie Eichel"
    assert r.melds[0].label("en") == "Family Acorns"
    assert r.melds[0].to_json()["suit"] == "E"
    assert all(de and en for de, en in MELD_NAMES.values())
