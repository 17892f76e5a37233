"""Worked examples from the rule texts (seeds 000, 001, 003) and hand-checked cases."""

from __future__ import annotations

import pytest

from binokel.cards import EICHEL, HERZ, cardset, parse_cards
from binokel.game import IllegalAction
from binokel.melds import NO_TRUMP, best_melds
from binokel.rules import Rules
from dealing import deal, run


def melds(text: str, trump: int = EICHEL, **options: object) -> tuple[int, list[tuple[str, int]]]:
    r = best_melds(cardset(parse_cards(text)), trump, Rules.from_preset("standard", **options))
    return r.total, [(m.name, m.points) for m in r.melds]


# ---------------------------------------------------------------- seed 003: bidding
def test_seed_003_bidding_example() -> None:
    # V 150, H 160, V 170, H 180, V weg, D 190, H 200, D weg: H plays for 200.
    state = deal({}, dealer=2)
    assert state.vorhand == 0
    run(state, "bid 150; bid 160; bid 170; bid 180; pass")
    assert state.to_move == 2, "the dealer speaks first in the second duel"
    run(state, "bid 190; bid 200; pass")
    assert state.declarer == 1 and state.bid == 200
    assert state.phase == "declare"


def test_bids_must_rise_in_steps() -> None:
    state = deal({})
    with pytest.raises(IllegalAction, match="multiples of 10 from 150"):
        state.apply("bid 140")
    with pytest.raises(IllegalAction, match="Vorhand must open"):
        state.apply("pass")
    state.apply("bid 200")
    with pytest.raises(IllegalAction, match="from 210"):
        state.apply("bid 200")
    with pytest.raises(IllegalAction, match="multiples of 10"):
        state.apply("bid 215")
    state.apply("bid 300")  # jumps are allowed
    assert state.bidding.high == 300


# ---------------------------------------------------------------- seed 003: melds
def test_seed_003_trump_family_plus_pair_is_190() -> None:
    assert melds("EA E10 EK EO EU EK EO") == (190, [("family", 150), ("pair", 40)])


def test_seed_003_double_plain_pair_is_40_and_trump_pair_is_40() -> None:
    assert melds("HK HK HO HO") == (40, [("pair", 20), ("pair", 20)])
    assert melds("EK EO") == (40, [("pair", 40)])
    assert melds("EK EK EO EO")[0] == 80


def test_seed_003_plain_family_100_and_with_extra_pair_120() -> None:
    assert melds("BA B10 BK BO BU")[0] == 100
    assert melds("BA B10 BK BO BU BK BO") == (120, [("family", 100), ("pair", 20)])


def test_seed_003_rundgang_with_binokel_is_280() -> None:
    total, ms = melds("EK EO BK BO HK HO SK SO SU")
    assert total == 280
    assert ("rundgang", 240) in ms and ("binokel", 40) in ms


def test_a_card_serves_once_per_class_and_again_across_classes() -> None:
    # The K and O of a family do not also make a pair ...
    assert melds("BA B10 BK BO BU", trump=HERZ) == (100, [("family", 100)])
    # ... but the Blatt-Ober of the family still makes a Binokel (another class),
    assert melds("BA B10 BK BO BU SU", trump=HERZ)[0] == 140
    # and the four obers (rank class) may use the same Blatt-Ober once more.
    total, ms = melds("BA B10 BK BO BU SU EO HO SO", trump=HERZ)
    assert total == 100 + 40 + 60 and ("four_ober", 60) in ms


# ---------------------------------------------------------------- the meld table
@pytest.mark.parametrize("text, trump, expected", [
    ("HK HO", EICHEL, 20),
    ("EK EO", EICHEL, 40),
    ("HA H10 HK HO HU", EICHEL, 100),
    ("EA E10 EK EO EU", EICHEL, 150),
    ("HA H10 HK HO HU HA H10 HK HO HU", EICHEL, 200),
    ("EA E10 EK EO EU EA E10 EK EO EU", EICHEL, 300),
    ("EU BU HU SU", HERZ, 40),  # four Unter; SU without BO makes no Binokel
    ("EO BO HO SO", HERZ, 60),
    ("EK BK HK SK", HERZ, 80),
    ("EA BA HA SA", HERZ, 100),
    ("EA BA HA SA EA BA HA SA", HERZ, 1000),
    ("EU BU HU SU EU BU HU SU", HERZ, 1000),
    ("SU BO", HERZ, 40),
    ("SU SU BO BO", HERZ, 300),
    ("SU SU BO", HERZ, 40),
    ("EA E10 EK EO EU", NO_TRUMP, 100),
])
def test_meld_table(text: str, trump: int, expected: int) -> None:
    assert melds(text, trump)[0] == expected


def test_eight_obers_with_doppelbinokel_and_options() -> None:
    # 8 Ober 1000 + Doppelbinokel 300 (needs two SU)
    assert melds("EO BO HO SO EO BO HO SO SU SU", HERZ)[0] == 1300
    assert melds("EA BA HA SA EA BA HA SA", HERZ, eight_of_a_rank="double")[0] == 200
    assert melds("HA H10 HK HO HU HA H10 HK HO HU", EICHEL, double_family=1000)[0] == 1000
    assert melds("EA E10 EK EO EU EA E10 EK EO EU", EICHEL, double_trump_family=1500)[0] == 1500


def test_four_tens_and_rundgang_options() -> None:
    assert melds("E10 B10 H10 S10", HERZ)[0] == 0
    assert melds("E10 B10 H10 S10", HERZ, four_tens=80)[0] == 80
    rg = "EK EO BK BO HK HO SK SO"
    assert melds(rg, EICHEL, rundgang=350) == (350, [("rundgang", 350)])
    total, ms = melds(rg, EICHEL, rundgang="none")
    assert total == 240 and ("rundgang", 240) not in ms and len(ms) == 6
    # aks: with a family the Rundgang still counts 350 and the family stays
    total, ms = melds("EA E10 EK EO EU BK BO HK HO SK SO", EICHEL, rundgang=350)
    assert total == 150 + 350 and ("family", 150) in ms


def test_dix_counts_trump_sevens() -> None:
    assert melds("E7 E7 H7", EICHEL, sevens=True, dix=True)[0] == 20


# ---------------------------------------------------------------- seed 003: scoring example
def _played_to_end(state: object) -> None:
    import random
    rng = random.Random(0)
    while not state.is_over:  # type: ignore[attr-defined]
        state.apply(state.random_action(rng))  # type: ignore[attr-defined]


def test_seed_003_scoring_declarer_short_of_the_bid_loses_the_bid_once() -> None:
    # Turnier: meld + tricks < bid -> -bid (lost_factor 1), meld void; others keep theirs.
    state = deal({0: "EA E10 EK EO EU EK EO HA HA H10 H10 SA"}, dealer=2,
                 rules=Rules.from_preset("turnier"))
    run(state, "bid 990; pass; pass")
    run(state, "discard " + " ".join(["SA"] + [t for t in ["HA", "HA", "H10"]]))
    run(state, "trump E")
    _played_to_end(state)
    res = state.result
    assert res is not None and res.made is False
    assert res.scores[0] == -990
    for s in (1, 2):
        expected = res.meld_points[s] + res.trick_points[s]
        assert res.scores[s] == expected


def test_seed_000_abschreiben_gives_the_others_30_plus_melds() -> None:
    state = deal({1: "HK HO HK HO E10 E10 B10 B10 EU EU BU BU",
                  2: "EA BA HA SA H10 H10 S10 S10 HU HU SK SK"}, dealer=2)
    run(state, "bid 300; pass; pass; abgehen S")
    res = state.result
    assert res is not None and res.contract == "abgehen"
    assert res.scores == (-300, 40 + 30, 100 + 30)


def test_turnier_abgehen_gives_40() -> None:
    state = deal({}, dealer=2, rules=Rules.from_preset("turnier"))
    run(state, "bid 150; pass; pass; abgehen H")
    assert state.result is not None
    assert state.result.scores[0] == -150
    assert all(state.result.scores[s] >= 40 for s in (1, 2))
