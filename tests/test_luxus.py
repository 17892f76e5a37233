"""Luxusfamilie (RULES §7, seed 004): hand-checked deals, melds and the trump maker, trick
rules, scoring, options, errors, properties over every player count, records, views, bots."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from binokel.bots import RandomBot
from binokel.bots import bot_names
from binokel.bots import make_bot
from binokel.core.cards import Card
from binokel.core.cards import CardSet
from binokel.core.cards import bit
from binokel.core.cards import card_token
from binokel.core.cards import cards_of
from binokel.core.cards import cardset
from binokel.core.cards import format_cards
from binokel.core.cards import parse_card
from binokel.core.cards import parse_cards
from binokel.core.errors import IllegalAction
from binokel.core.errors import RulesError
from binokel.core.outcome import Termination
from binokel.games.luxusfamilie.bots import LuxusHeuristicBot
from binokel.games.luxusfamilie.bots import choose_trump
from binokel.games.luxusfamilie.deal import PACKETS
from binokel.games.luxusfamilie.deal import deal_seats
from binokel.games.luxusfamilie.deal import full_deck
from binokel.games.luxusfamilie.melds import luxus_melds
from binokel.games.luxusfamilie.play import legal_mask
from binokel.games.luxusfamilie.rules import LuxusRules
from binokel.games.luxusfamilie.scoring import convert
from binokel.games.luxusfamilie.state import LuxusState
from binokel.games.luxusfamilie.state import random_deal
from binokel.games.luxusfamilie.trump import TIE_NAMES
from binokel.games.luxusfamilie.trump import choose_trump_maker
from binokel.games.luxusfamilie.trump import trump_claim
from binokel.present import present
from binokel.record import Record
from binokel.record import RecordError
from binokel.registry import find_game
from binokel.registry import new_series

PLAYERS = (3, 4, 5, 6, 7, 8)
DECK_SET = sum(bit(c) for c in full_deck())


# ----------------------------------------------------------------------- helpers
def deck_for(hands: Mapping[int, str], players: int, dealer: int,
             leftover: str = "") -> list[Card]:
    """The dealing order that gives each seat the named cards (and the set-aside cards);
    cards not named fill the remaining places in deck order (suit by suit, high to low)."""
    rest = full_deck()
    wanted: dict[int, list[Card]] = {}
    for seat in [*range(players), -1]:
        cards = parse_cards(leftover if seat < 0 else hands.get(seat, ""))
        for c in cards:
            rest.remove(c)
        wanted[seat] = cards
    seats = deal_seats(players, dealer)
    for seat, cards in wanted.items():
        n = seats.count(seat)
        assert len(cards) <= n, f"seat {seat}: {len(cards)} cards asked, {n} dealt"
        while len(cards) < n:
            cards.append(rest.pop(0))
    return [wanted[seat].pop(0) for seat in seats]


def toks(s: CardSet) -> str:
    return format_cards(cards_of(s))


def run(state: LuxusState, actions: str) -> LuxusState:
    for a in actions.split(";"):
        if a.strip():
            state.apply(a.strip())
    return state


def snapshot(state: LuxusState) -> tuple[Any, ...]:
    return (list(state.hands), list(state.history), state.phase, state.to_move, state.trump,
            list(state.trick), list(state.tricks), list(state.power_points),
            list(state.voids), state.melds, [state.view(p).to_json() for p in
                                             range(state.players)])


def mixed_deal(rules: LuxusRules, seed: int, players: int,
               check: Callable[[LuxusState], None] | None = None) -> LuxusState:
    """A deal between random and heuristic bots; ``check(state)`` runs before every action
    and once at the end."""
    rng = random.Random(seed)
    state = LuxusState.new(rules, dealer=seed % players, seed=seed, players=players)
    bots = [LuxusHeuristicBot(seed + k) if rng.random() < 0.5 else RandomBot(seed + k)
            for k in range(players)]
    while not state.is_over:
        if check is not None:
            check(state)
        state.apply(bots[state.to_move].choose(state.view(state.to_move)))
    if check is not None:
        check(state)
    return state


# ----------------------------------------------------------------------- the deal
def test_deal_three_players_in_packets_of_four() -> None:
    # The deck in its sorted order (E, B, H, S; A A 10 10 K K O O U U 7 7 each), dealer 2:
    # packets of 4 to seats 0, 1, 2, four times.
    s = LuxusState.new(LuxusRules(), dealer=2, deck_order=full_deck(), players=3)
    assert toks(s.hands[0]) == "EA EA E10 E10 BA BA B10 B10 HA HA H10 H10 SA SA S10 S10"
    assert toks(s.hands[1]) == "EK EK EO EO BK BK BO BO HK HK HO HO SK SK SO SO"
    assert toks(s.hands[2]) == "EU EU E7 E7 BU BU B7 B7 HU HU H7 H7 SU SU S7 S7"
    assert s.leftover == 0 and s.hand_size == 16
    # Melds at plain values: eight aces; eight kings + eight obers + 8 pairs; eight unters.
    # (SU SU without BO, BO BO without SU: no Binokel.)
    assert [m.total for m in s.melds] == [1000, 2160, 1000]
    assert s.trump_maker == 1 and s.trump_reason == "melds" and s.to_move == 1
    double = LuxusState.new(LuxusRules(eight_of_a_rank="double"), 2, deck_order=full_deck(),
                            players=3)
    assert [m.total for m in double.melds] == [200, 160 + 160 + 120, 80]
    tens = LuxusState.new(LuxusRules(four_tens=100), 2, deck_order=full_deck(), players=3)
    assert tens.melds[0].total == 2000  # eight aces and eight tens


def test_deal_five_players_leaves_three_aside() -> None:
    s = LuxusState.new(LuxusRules(), dealer=0, deck_order=full_deck(), players=5)
    # Packets of 3 to seats 1, 2, 3, 4, 0, three times; the last 3 cards lie aside.
    assert toks(s.hands[1]) == "EA EA E10 B10 BK BK HO HO HU"
    assert toks(s.hands[2]) == "E10 EK EK BO BO BU HU H7 H7"
    assert toks(s.hands[3]) == "EO EO EU BU B7 B7 SA SA S10"
    assert toks(s.hands[4]) == "EU E7 E7 HA HA H10 S10 SK SK"
    assert toks(s.hands[0]) == "BA BA B10 H10 HK HK SO SO SU"
    assert toks(s.leftover) == "SU S7 S7"
    # No melds anywhere; sevens: seats 2, 3, 4 have two; Unter: 2 and 3 have two; Ober: both
    # two; Könige: seat 2 has EK EK, seat 3 none.
    assert [m.total for m in s.melds] == [0] * 5
    assert s.trump_maker == 2 and s.trump_reason == "koenig"
    # The set-aside cards are in nobody's view, only in the result after the deal.
    for p in range(5):
        v = s.view(p)
        assert v.leftover_count == 3 and "S7" not in v.to_json()["hand"]
    assert "S7" not in str(s.public_view().to_json())
    rng = random.Random(0)
    while not s.is_over:
        s.apply(s.random_action(rng))
    assert s.result is not None and format_cards(s.result.leftover) == "SU S7 S7"
    assert sum(s.result.power_points) == 240 - 2  # SU counts for nobody


def test_deal_eight_players() -> None:
    s = LuxusState.new(LuxusRules(), dealer=7, deck_order=full_deck(), players=8)
    assert [toks(h) for h in s.hands] == [
        "EA EA E10 HA HA H10", "E10 EK EK H10 HK HK", "EO EO EU HO HO HU",
        "EU E7 E7 HU H7 H7", "BA BA B10 SA SA S10", "B10 BK BK S10 SK SK",
        "BO BO BU SO SO SU", "BU B7 B7 SU S7 S7"]
    assert [m.total for m in s.melds] == [0, 0, 0, 0, 0, 0, 40, 0]  # seat 6: a Binokel
    assert s.trump_maker == 6 and s.trump_reason == "melds" and s.leftover == 0


def test_deal_seven_players_and_packets() -> None:
    assert {n: sum(p) for n, p in PACKETS.items()} == {3: 16, 4: 12, 5: 9, 6: 8, 7: 6, 8: 6}
    seats = deal_seats(7, 3)
    assert seats[:3] == (4, 4, 4) and seats[-7:] == (3, -1, -1, -1, -1, -1, -1)
    s = LuxusState.new(LuxusRules(), 3, seed=5, players=7)
    assert s.hand_size == 6 and toks(s.leftover).count(" ") == 5
    with pytest.raises(IllegalAction, match="3 to 8 players"):
        LuxusState.new(LuxusRules(), 0, seed=1, players=2)
    with pytest.raises(IllegalAction, match="dealer"):
        LuxusState.new(LuxusRules(), 4, seed=1, players=4)
    with pytest.raises(IllegalAction, match="exactly twice"):
        LuxusState.new(LuxusRules(), 0, deck_order=[*full_deck()[:-1], 1], players=4)


# ----------------------------------------------------------------------- melds
def melds_of(text: str, trump: int = -1, **options: Any) -> list[tuple[str, int]]:
    m = luxus_melds(cardset(parse_cards(text)), trump, LuxusRules.from_preset(**options))
    return [(x.name, x.points) for x in m.melds]


def test_meld_table() -> None:
    assert melds_of("EK EO") == [("pair", 20)]
    assert melds_of("EK EO EK EO") == [("pair", 20), ("pair", 20)]
    assert melds_of("EA E10 EK EO EU") == [("family", 100)]
    assert melds_of("EA E10 EK EO EU E7") == [("luxusfamilie", 150)]
    assert melds_of("EA E10 EK EO EU E7 EK EO") == [("luxusfamilie", 150), ("pair", 20)]
    assert melds_of("EA E10 EK EO EU EA E10 EK EO EU") == [("double_family", 200)]
    # One seven: Luxusfamilie + family (250) beat the double family (200).
    assert melds_of("EA E10 EK EO EU EA E10 EK EO EU E7") == [("luxusfamilie", 150),
                                                              ("family", 100)]
    assert melds_of("EA E10 EK EO EU E7 " * 2) == [("double_luxusfamilie", 300)]
    assert melds_of("EU BU HU SU") == [("four_unter", 40)]
    assert melds_of("EO BO HO SO") == [("four_ober", 60)]
    assert melds_of("EK BK HK SK") == [("four_koenig", 80)]
    assert melds_of("EA BA HA SA") == [("four_ass", 100)]
    assert melds_of("E10 B10 H10 S10") == []
    assert melds_of("E7 B7 H7 S7") == []
    assert melds_of("SU BO") == [("binokel", 40)]
    assert melds_of("SU BO SU BO") == [("doppelbinokel", 300)]
    # Across classes a card serves again: BO in a pair, the four Ober and the Binokel.
    assert melds_of("BK BO EO HO SO SU") == [("pair", 20), ("four_ober", 60), ("binokel", 40)]


def test_meld_options() -> None:
    assert melds_of("EA E10 EK EO EU E7", luxusfamilie=200) == [("luxusfamilie", 200)]
    assert melds_of("EA E10 EK EO EU E7", luxusfamilie=0) == [("family", 100)]
    assert melds_of("EA E10 EK EO EU " * 2, double_family=1000) == [("double_family", 1000)]
    assert melds_of("EA E10 EK EO EU E7 " * 2, double_luxusfamilie=0) == [
        ("luxusfamilie", 150), ("luxusfamilie", 150)]
    assert melds_of("EA E10 EK EO EU E7 " * 2, double_luxusfamilie=500) == [
        ("double_luxusfamilie", 500)]
    # The doubled family is worth more than the double Luxusfamilie: the best reading counts.
    assert melds_of("EA E10 EK EO EU E7 " * 2, double_family=1000) == [("double_family", 1000)]
    assert melds_of("EK BK HK SK " * 2) == [("eight_koenig", 1000)]
    assert melds_of("EK BK HK SK " * 2, eight_of_a_rank="double") == [("eight_koenig", 160)]
    assert melds_of("E10 B10 H10 S10", four_tens=80) == [("four_zehn", 80)]
    # In trump (trump_melds): +20 per pair, +50 per family.
    assert melds_of("EK EO", trump=0) == [("pair", 40)]
    assert melds_of("EA E10 EK EO EU", trump=0) == [("family", 150)]
    assert melds_of("EA E10 EK EO EU E7", trump=0) == [("luxusfamilie", 200)]
    assert melds_of("EA E10 EK EO EU " * 2, trump=0) == [("double_family", 300)]
    assert melds_of("EA E10 EK EO EU E7 " * 2, trump=0) == [("double_luxusfamilie", 400)]
    assert melds_of("EA E10 EK EO EU", trump=1) == [("family", 100)]


def test_trump_maker_tie_breaks() -> None:
    order = [1, 2, 3, 0]
    base = (100, 1, 1, 1, 1, 1, 1)
    for i, name in enumerate(TIE_NAMES[:-1]):
        better = tuple(x + (1 if k == i else 0) for k, x in enumerate(base))
        claims = [base, base, better, base]
        assert choose_trump_maker(claims, order) == (2, name)
    # Entirely equal: the seat earlier in playing order (from the dealer's left).
    assert choose_trump_maker([base] * 4, order) == (1, "order")
    # A later criterion never overrides an earlier one.
    assert choose_trump_maker([(20, 0, 9, 9, 9, 9, 9), (40, 0, 0, 0, 0, 0, 0)], [0, 1]) == \
        (1, "melds")
    assert trump_claim(0, cardset(parse_cards("E7 E7 BU HO SK SK S10 HA"))) == \
        (0, 2, 1, 1, 2, 1, 1)


def test_trump_maker_by_playing_order_in_a_deal() -> None:
    # Each seat holds one whole suit: a double Luxusfamilie each, all claims equal.
    hands = {k: " ".join(f"{'EBHS'[k]}{r}" for r in ("A", "10", "K", "O", "U", "7") * 2)
             for k in range(4)}
    s = LuxusState.new(LuxusRules(), dealer=1, deck_order=deck_for(hands, 4, 1), players=4)
    assert [m.total for m in s.melds] == [300] * 4
    assert s.trump_maker == 2 and s.trump_reason == "order"


def test_trump_maker_by_sevens_in_a_deal() -> None:
    hands = {0: "EK EO E7 EA EA E10 BA BA B10 SA SA S10",    # pair E 20, one seven
             1: "HK HO H7 H7 HA HA H10 H10 E10 B10 S10 BU",  # pair H 20, two sevens
             2: "EK BK BK HO SO SO SU SU E7 B7 B7 S7",       # no meld (K and O split)
             3: "EO BO BO HK SK SK EU EU BU HU HU S7"}       # no meld (no SU, no 4th U)
    s = LuxusState.new(LuxusRules(), dealer=3, deck_order=deck_for(hands, 4, 3), players=4)
    assert [m.total for m in s.melds] == [20, 20, 0, 0]
    assert s.trump_maker == 1 and s.trump_reason == "sevens" and s.to_move == 1
    assert s.view(0).trump_reason == "sevens"


# ----------------------------------------------------------------------- a whole deal
# Four players, dealer 3 (seat 0 leads the dealing). Hand-built so that every trick rule
# shows up; every number below is counted by hand.
HANDS = {0: "EA E10 EK EO EU E7 BA B7 H7 H7 SA S10",   # Luxusfamilie E 150
         1: "EA E10 E7 BU BU B7 HA HA H10 H10 S7 S7",  # nothing
         2: "EK EU BA B10 B10 BK HK HU HU S10 SU SU",  # nothing
         3: "EO BK BO BO HK HO HO SA SK SK SO SO"}     # pairs H B S 20+20+40, 4 Ober 60
TRICKS = [
    "0:EA 1:E7 2:EU 3:EO",     # 1: S0 16
    "0:E10 1:E10 2:EK 3:HO",   # 2: S3 27 (S1's equal E10 loses; S3 void E must trump)
    "3:SA 0:SA 1:S7 2:S10",    # 3: S3 32 (equal aces: the first wins)
    "3:HO 0:H7 1:H10 2:HU",    # 4: S1 15 (trump led)
    "1:HA 2:HU 3:HK 0:H7",     # 5: S1 17
    "1:HA 2:HK 3:BO 0:E7",     # 6: S1 18 (trump led: S3 and S0, void of trump, discard)
    "1:S7 2:SU 3:SK 0:S10",    # 7: S0 16
    "0:BA 1:B7 2:B10 3:BK",    # 8: S0 25 (no duty to beat: S1 keeps BU)
    "0:EK 1:EA 2:SU 3:SO",     # 9: S1 20 (S2 void E and trump: anything)
    "1:BU 2:BA 3:BO 0:B7",     # 10: S2 16
    "2:B10 3:SO 0:EU 1:BU",    # 11: S2 17
    "2:BK 3:SK 0:EO 1:H10",    # 12: S1 21 (S1 void B must trump)
]


def hand_deal(rules: LuxusRules | None = None) -> LuxusState:
    return LuxusState.new(rules or LuxusRules(), dealer=3, deck_order=deck_for(HANDS, 4, 3),
                          players=4)


def play_tricks(state: LuxusState, tricks: list[str], upto: int | None = None) -> LuxusState:
    if state.phase == "trump":
        state.apply("trump H")
    for t in tricks[:upto]:
        for part in t.split():
            seat, c = part.split(":")
            assert state.to_move == int(seat), (t, state.to_move)
            state.apply(f"play {c}")
    return state


def test_hand_built_deal_melds_and_trump() -> None:
    s = hand_deal()
    assert [toks(h) for h in s.hands] == [toks(cardset(parse_cards(HANDS[p])))
                                          for p in range(4)]
    assert [m.total for m in s.melds] == [150, 0, 0, 140]
    assert s.trump_maker == 0 and s.to_move == 0 and s.phase == "trump"
    # The suit by letter in any case or by name; stored canonically.
    for spelling in ("h", "Herz", "HEARTS"):
        assert s.child(f"trump {spelling}").history == [(0, "trump H")]
    s.apply("trump H")
    assert s.phase == "play" and s.to_move == 0 and s.trick_leader == 0 and s.trump == 2


def test_follow_trump_and_anything_rules() -> None:
    s = play_tricks(hand_deal(), TRICKS, upto=0)
    s.apply("play EA")
    assert s.legal_actions() == ["play E7", "play E10", "play EA"]   # follow E
    with pytest.raises(IllegalAction, match="must follow E"):
        s.apply("play HA")
    s = play_tricks(hand_deal(), TRICKS, upto=1)
    run(s, "play E10; play E10")
    assert s.win_seat == 0  # the equal E10 played second does not win
    s.apply("play EK")
    assert sorted(s.legal_actions()) == ["play HK", "play HO"]       # void E: trump
    with pytest.raises(IllegalAction, match="void in E, must play a trump H"):
        s.apply("play SA")
    s.apply("play HO")
    assert s.tricks[-1].winner == 3 and s.view(0).voids == ("", "", "", "E")
    s = play_tricks(hand_deal(), TRICKS, upto=5)
    run(s, "play HA; play HK")
    # Trump was led: S3 (no trump left) may play anything, no Trumpfzwang for another suit.
    assert sorted(s.legal_actions()) == ["play BK", "play BO", "play SK", "play SO"]
    s.apply("play BO")
    assert sorted(s.legal_actions()) == ["play B7", "play BA", "play E7", "play EK", "play EO",
                                         "play EU", "play S10"]
    s = play_tricks(hand_deal(), TRICKS, upto=7)
    s.apply("play BA")
    assert sorted(s.legal_actions()) == ["play B7", "play BU"]       # no duty to beat
    s = play_tricks(hand_deal(), TRICKS, upto=8)
    run(s, "play EK; play EA")
    # S2: void in E and in trump: anything.
    assert sorted(s.legal_actions()) == ["play B10", "play BA", "play BK", "play SU"]


def test_complete_scored_deal() -> None:
    s = play_tricks(hand_deal(), TRICKS)
    r = s.result
    assert s.is_over and r is not None
    assert [t.points for t in s.tricks] == [16, 27, 32, 15, 17, 18, 16, 25, 20, 16, 17, 21]
    assert [t.winner for t in s.tricks] == [0, 3, 3, 1, 1, 1, 0, 0, 1, 2, 2, 1]
    assert r.power_points == (57, 91, 33, 59) and sum(r.power_points) == 240
    assert r.tricks_won == (3, 5, 2, 2)
    assert r.trick_points == (60, 90, 30, 60)          # rounded to tens, 5 up
    assert r.meld_points == (150, 0, 0, 140)
    assert r.scores == (210, 90, 30, 200)
    assert r.declarer == 0 and r.trump == 2 and r.contract == "normal" and r.made is None
    assert r.leftover == () and r.termination is Termination.PLAYED
    assert s.points_taken() == r.power_points and s.points_total() == 240
    # Known voids: S0 B (and trump, trick 11) and H (trick 6); S1 B; S2 E and H; S3 E B H.
    assert s.view(2).voids == ("BH", "B", "EH", "EBH")
    # The result in words is the presenter's (the table's log and result lines).
    en = present(s.public_view(), "en")
    assert en.log[:2] == ("Seat 1 melds Luxusfamilie Acorns 150 = 150", "Seat 2 melds nothing")
    assert en.result[:4] == (
        "Trump Hearts, named by Seat 1 (highest melds)",
        "Seat 1 wins the deal with 210",
        "Seat 1: melds 150 + trick points 60 = 210 (57 power points, 3 tricks)",
        "Seat 2: melds 0 + trick points 90 = 90 (91 power points, 5 tricks)")
    de = present(s.public_view(), "de")
    assert de.result[0] == "Trumpf Herz, bestimmt von Platz 1 (höchste Meldung)"
    assert "Paar Herz 20" in de.log[3] and de.log[3].endswith("= 140")
    assert de.result[1] == "Platz 1 gewinnt das Spiel mit 210"
    assert de.result[5] == "Platz 4: Meldung 140 + Stichpunkte 60 = 200 (59 Machtpunkte, " \
        "2 Stiche)"
    data = r.to_json()
    assert data["scores"] == [210, 90, 30, 200] and data["trump"] == "H"


def test_conversion_and_point_options() -> None:
    assert [convert(x, "tens") for x in (0, 4, 5, 14, 15, 240)] == [0, 0, 10, 10, 20, 240]
    assert [convert(x, "floor") for x in (0, 9, 10, 19, 57)] == [0, 0, 10, 10, 50]
    assert [convert(x, "identity") for x in (0, 57, 91)] == [0, 57, 91]
    r = play_tricks(hand_deal(LuxusRules(conversion="identity")), TRICKS).result
    assert r is not None and r.scores == (207, 91, 33, 199)
    r = play_tricks(hand_deal(LuxusRules(conversion="floor")), TRICKS).result
    assert r is not None and r.scores == (200, 90, 30, 190)
    r = play_tricks(hand_deal(LuxusRules(last_trick_bonus=10)), TRICKS).result
    assert r is not None and r.power_points == (57, 101, 33, 59) and r.scores[1] == 100
    # Trump melds count up after trump is named: S3's Herz pair 20 -> 40.
    s = hand_deal(LuxusRules(trump_melds=True))
    assert [m.total for m in s.melds] == [150, 0, 0, 140]
    r = play_tricks(s, TRICKS).result
    assert r is not None and r.meld_points == (150, 0, 0, 160) and r.scores[3] == 220
    # The trump maker is still the best at plain values.
    assert s.trump_maker == 0


def test_leftover_option() -> None:
    for seed in range(3):
        rules = LuxusRules(leftover="last_trick", last_trick_bonus=10)
        s = random_deal(rules, 0, random.Random(seed), players=7)
        assert s.result is not None and sum(s.result.power_points) == 250
        aside = sum(bit(c) for c in s.result.leftover)
        assert s.tricks[-1].points == sum(
            (0, 0, 2, 3, 4, 10, 11)[c & 7] for c in s.tricks[-1].cards) + 10 + sum(
            (0, 0, 2, 3, 4, 10, 11)[c & 7] for c in cards_of(aside))
        assert len(s.result.leftover) == 6


def test_meld_needs_trick_option() -> None:
    found = 0
    for seed in range(200):
        s = random_deal(LuxusRules(meld_needs_trick=True), 0, random.Random(seed), players=8)
        r = s.result
        assert r is not None
        for p in range(8):
            if r.melds[p].total and r.tricks_won[p] == 0:
                assert r.meld_points[p] == 0 and r.scores[p] == r.trick_points[p]
                assert f"Seat {p + 1}: melds {r.melds[p].total} void (no trick)" in \
                    present(s.public_view(), "en").result
                found += 1
            else:
                assert r.meld_points[p] == r.melds[p].total
    assert found > 0


def test_trump_duty_option() -> None:
    hand = cardset(parse_cards("EA H7 S10"))
    # Blatt led, Herz trump, a trump already in the trick.
    assert toks(legal_mask(hand, 1, 2, True, "always")) == "H7"
    assert toks(legal_mask(hand, 1, 2, True, "untrumped")) == "EA H7 S10"
    assert toks(legal_mask(hand, 1, 2, False, "untrumped")) == "H7"
    assert toks(legal_mask(hand, 1, 2, False, "none")) == "EA H7 S10"
    s = play_tricks(hand_deal(LuxusRules(trump_duty="none")), TRICKS, upto=1)
    run(s, "play E10; play E10; play EK")
    assert len(s.legal_actions()) == 7       # S3 void in E, no duty to trump
    s.apply("play SA")
    assert s.voids[3] == 0b0001               # only E: not trumping shows nothing more
    s = play_tricks(hand_deal(), TRICKS, upto=1)
    run(s, "play E10; play E10; play EK; play HO")
    assert s.voids[3] == 0b0001


def test_options_presets_and_errors() -> None:
    r = LuxusRules.from_preset("binokel")
    assert r.trump_melds and r.last_trick_bonus == 10 and r.deals_per_series == 12
    assert LuxusRules.from_dict({"preset": "standard", "options": {"luxusfamilie": "200"}}
                                ).luxusfamilie == 200
    assert LuxusRules().series_end().deals == 12 and LuxusRules().series_end().target is None
    for bad, name in [({"luxusfamilie": 50}, "luxusfamilie"),
                      ({"trump_duty": "sometimes"}, "trump_duty"),
                      ({"conversion": 3}, "conversion"),
                      ({"deals_per_series": 0}, "deals_per_series"),
                      ({"leftover": "dealer"}, "leftover"),
                      ({"trump_melds": "maybe"}, "trump_melds"),
                      ({"last_trick_bonus": -10}, "last_trick_bonus"),
                      ({"double_family": 300}, "double_family"),
                      ({"eight_of_a_rank": True}, "eight_of_a_rank")]:
        with pytest.raises(RulesError, match=f"option '{name}'"):
            LuxusRules.from_preset(**bad)
    with pytest.raises(RulesError, match="did you mean 'conversion'"):
        LuxusRules.from_preset(conversio="tens")
    with pytest.raises(RulesError, match="unknown preset"):
        LuxusRules.from_preset("turnier")
    with pytest.raises(RulesError):
        LuxusRules.from_dict({"preset": "standard", "options": [1]})
    assert LuxusRules(conversion="floor").replace(last_trick_bonus=10).to_dict() == {
        "preset": "standard", "options": {"conversion": "floor", "last_trick_bonus": 10}}


# ----------------------------------------------------------------------- errors
def test_illegal_and_malformed_actions_leave_the_state_unchanged() -> None:
    s = hand_deal()
    cases = [("", "empty action"), ("play EA", "the trump phase expects trump"),
             ("bid 150", "the trump phase expects trump"), (17, "text"),
             ("trump", "not a suit"), ("trump X", "not a suit"), ("trump H S", "not a suit")]
    for action, why in cases:
        before = snapshot(s)
        with pytest.raises(IllegalAction, match=why):
            s.apply(action)  # type: ignore[arg-type]
        assert snapshot(s) == before, action
    s.apply("TRUMP h")  # case does not matter; stored canonically
    assert s.history == [(0, "trump H")]
    s.apply("play EA")
    cases = [("   ", "empty action"), ("trump E", "the play phase expects play CARD"),
             ("play", "not a card"), ("play ZZ", "not a card"), ("play E9", "no such card"),
             ("play EA EA", "not a card"), ("play HK", "seat 1 does not hold HK"),
             ("play HA", r"must follow E \(Farbzwang\); legal: EA E10 E7"),
             ("pass", "the play phase expects play CARD"), ("x" * 201, "at most 200")]
    for action, why in cases:
        before = snapshot(s)
        with pytest.raises(IllegalAction, match=why):
            s.apply(action)
        assert snapshot(s) == before, action
    s.apply("  PLAY   e7 ")  # verb and card in any case, stored canonically
    assert s.history[-1] == (1, "play E7")
    s = play_tricks(hand_deal(), TRICKS)
    with pytest.raises(IllegalAction, match="over"):
        s.apply("play EA")
    assert s.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        s.random_action(random.Random(1))
    with pytest.raises(ValueError, match="no seat"):
        s.view(4)


# ----------------------------------------------------------------------- properties
RULES = st.builds(LuxusRules, trump_melds=st.booleans(), meld_needs_trick=st.booleans(),
                  trump_duty=st.sampled_from(["always", "untrumped", "none"]),
                  last_trick_bonus=st.sampled_from([0, 10]),
                  leftover=st.sampled_from(["nobody", "last_trick"]),
                  conversion=st.sampled_from(["tens", "identity", "floor"]),
                  eight_of_a_rank=st.sampled_from([1000, "double"]))


def _power(s: CardSet) -> int:
    return sum((0, 0, 2, 3, 4, 10, 11, 0)[c & 7] for c in cards_of(s))


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=30, deadline=None)
@given(rules=RULES, seed=st.integers(0, 10**6))
def test_invariants(players: int, rules: LuxusRules, seed: int) -> None:
    def check(state: LuxusState) -> None:
        # Every card in exactly one place: a hand, the set-aside cards, a trick.
        total = sum(state.hands) + state.leftover + sum(bit(c) for c in state.trick)
        total += sum(bit(c) for t in state.tricks for c in t.cards)
        assert total == DECK_SET
        # Every known void is real.
        for p in range(players):
            for suit in range(4):
                if state.voids[p] >> suit & 1:
                    assert not state.hands[p] >> (16 * suit) & 0xFFFF
        if state.is_over:
            return
        actions = state.legal_actions()
        assert actions, "no legal action while the deal runs"
        for a in actions:
            state.child(a)  # raises if a listed action does not apply
        assert state.random_action(random.Random(seed)) in actions

    state = mixed_deal(rules, seed, players, check)
    r = state.result
    assert r is not None and len(state.tricks) == 48 // players
    in_play = 240 - (0 if rules.leftover == "last_trick" else _power(state.leftover))
    assert sum(r.power_points) == in_play + rules.last_trick_bonus
    assert sum(r.tricks_won) == 48 // players
    assert r.scores == tuple(m + t for m, t in zip(r.meld_points, r.trick_points,
                                                   strict=True))
    rec = Record.loads(Record.from_state(state, result=r.to_json()).dumps())
    assert rec.game == "luxusfamilie" and rec.players == players and len(rec.deck) == 48
    again = rec.validate()
    assert again.history == state.history and again.result == r


def _swap(state: LuxusState, a: int, b: int, rng: random.Random) -> LuxusState:
    """The same situation with one hidden card of ``a`` swapped with one of ``b``
    (-1: the set-aside cards)."""
    other = state.clone()
    get = lambda p: other.leftover if p < 0 else other.hands[p]
    ca, cb = rng.choice(cards_of(get(a))), rng.choice(cards_of(get(b)))
    for p, out, into in ((a, ca, cb), (b, cb, ca)):
        if p < 0:
            other.leftover += bit(into) - bit(out)
        else:
            other.hands[p] += bit(into) - bit(out)
    return other


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_views_never_show_hidden_cards(players: int, seed: int) -> None:
    rng = random.Random(seed)

    def check(state: LuxusState) -> None:
        viewer = rng.randrange(players)
        v = state.view(viewer).to_json()
        assert [parse_card(t) for t in v["hand"]] == cards_of(state.hands[viewer])
        assert v["legal_actions"] == (state.legal_actions() if viewer == state.to_move
                                      else [])
        pub = state.public_view().to_json()
        assert pub["hand"] == [] and pub["legal_actions"] == []
        if state.is_over:
            return
        hidden = [p for p in range(players) if p != viewer and state.hands[p]]
        if state.leftover:
            hidden.append(-1)
        if len(hidden) >= 2:
            a, b = rng.sample(hidden, 2)
            other = _swap(state, a, b, rng)
            assert other.view(viewer).to_json() == v
            assert other.public_view().to_json() == pub

    mixed_deal(LuxusRules(), seed, players, check)


# ----------------------------------------------------------------------- records, registry
def test_record_round_trip_and_errors() -> None:
    s = play_tricks(hand_deal(), TRICKS, upto=5)
    rec = Record.from_state(s)
    data = rec.to_json()
    assert data["game"] == "luxusfamilie" and data["players"] == 4 and data["dealer"] == 3
    assert data["deck"] == [card_token(c) for c in deck_for(HANDS, 4, 3)]
    assert data["actions"][:3] == ["trump H", "play EA", "play E7"]
    assert Record.loads(rec.dumps(indent=2)).replay().history == s.history
    with pytest.raises(RecordError, match="action 2"):
        Record.from_json(dict(data, actions=["trump H", "play EA", "play HA"])).replay()
    with pytest.raises(RecordError, match="players"):
        Record.from_json(dict(data, players=9))
    with pytest.raises(RecordError, match="rules"):
        Record.from_json(dict(data, rules={"preset": "standard", "options": {"x": 1}}))
    done = play_tricks(hand_deal(), TRICKS)
    assert done.result is not None
    full = Record.from_state(done, result=done.result.to_json())
    assert full.validate().result.scores == (210, 90, 30, 200)


def test_registry_and_help() -> None:
    spec = find_game("luxusfamilie")
    assert spec.players == PLAYERS and spec.default_players == 4
    assert spec.title == ("Luxusfamilie", "Luxusfamilie")
    assert len(spec.full_deck(LuxusRules(), 5)) == 48
    assert "conversion" in spec.options and "standard" in spec.presets
    assert "OURS" in spec.help["en"] and "VON UNS" in spec.help["de"]
    deal = spec.new_deal(spec.make_rules({"preset": "standard"}), 2, seed=4, players=6)
    assert isinstance(deal, LuxusState) and deal.players == 6


# ----------------------------------------------------------------------- bots
def test_bot_registered_deterministic_and_fast() -> None:
    assert "heuristic" in bot_names("luxusfamilie")
    s = LuxusState.new(LuxusRules(), 0, seed=8, players=5)
    bot = make_bot("heuristic", seed=1)
    assert bot.choose(s.view(s.to_move)) in s.legal_actions()
    with pytest.raises(ValueError, match="Luxusfamilie"):
        from binokel.games.binokel.rules import Rules
        from binokel.games.binokel.state import DealState
        d = DealState.new(Rules(), 0, seed=1)
        LuxusHeuristicBot(1).choose(d.view(d.to_move))

    def play(seed: int) -> list[tuple[int, str]]:
        state = LuxusState.new(LuxusRules(), 1, seed=seed, players=4)
        bots = [LuxusHeuristicBot(seed) for _ in range(4)]
        slowest = 0.0
        while not state.is_over:
            v = state.view(state.to_move)
            t0 = time.perf_counter()
            a = bots[state.to_move].choose(v)
            slowest = max(slowest, time.perf_counter() - t0)
            state.apply(a)
        assert slowest < 0.1
        return state.history

    assert play(3) == play(3)
    v = LuxusState.new(LuxusRules(), 0, seed=1).view(0)
    assert choose_trump(cardset(parse_cards("HA H10 HU H7 EA S7")), v) == "trump H"


def test_heuristic_beats_random() -> None:
    """Over 200 deals of four (two of each), the heuristic seats take more power points."""
    heur = rand = 0
    for i in range(200):
        s = LuxusState.new(LuxusRules(), i % 4, seed=i, players=4)
        bots = [LuxusHeuristicBot(i) if (k + i) % 2 else RandomBot(i) for k in range(4)]
        while not s.is_over:
            s.apply(bots[s.to_move].choose(s.view(s.to_move)))
        assert s.result is not None
        for k in range(4):
            if (k + i) % 2:
                heur += s.result.power_points[k]
            else:
                rand += s.result.power_points[k]
    assert heur > 1.3 * rand


@pytest.mark.parametrize("players", PLAYERS)
def test_thousand_bot_deals(players: int) -> None:
    """1,000 deals per player count, heuristic and random bots mixed, options varied."""
    makers: dict[str, int] = {}
    for i in range(1000):
        rules = LuxusRules(trump_melds=i % 3 == 0, trump_duty=("always", "untrumped",
                                                                "none")[i % 3],
                           leftover="last_trick" if i % 4 == 0 else "nobody",
                           conversion=("tens", "identity", "floor")[i % 3 - 1])
        s = mixed_deal(rules, i, players)
        assert s.result is not None and len(s.tricks) == 48 // players
        makers[s.trump_reason] = makers.get(s.trump_reason, 0) + 1
    assert makers.get("melds", 0) > 500


@pytest.mark.parametrize("players", PLAYERS)
def test_round_plays_a_session(players: int) -> None:
    rules = LuxusRules(deals_per_series=players)  # everyone deals once
    rnd = new_series("luxusfamilie", rules, players=players, seed=players)
    bots = [make_bot("heuristic" if k % 2 else "random", seed=k) for k in range(players)]
    while True:
        deal = rnd.current
        while not deal.is_over:
            rnd.apply(bots[deal.to_move].choose(deal.view(deal.to_move)))
        if rnd.is_over:
            break
        rnd.next_deal()
    assert len(rnd.sheet) == players
    assert [line.dealer for line in rnd.sheet] == list(range(players))
    assert rnd.totals == [sum(line.scores[p] for line in rnd.sheet) for p in range(players)]
    assert rnd.winner is not None and rnd.totals[rnd.winner] == max(rnd.totals)
    assert all(line.contract == "normal" and line.declarer is not None for line in rnd.sheet)


def test_default_session_length() -> None:
    rnd = new_series("luxusfamilie", LuxusRules(), players=4, seed=1)
    rng = random.Random(1)
    while not rnd.is_over:
        while not rnd.current.is_over:
            rnd.apply(rnd.current.random_action(rng))
        if not rnd.is_over:
            rnd.next_deal()
    assert len(rnd.sheet) == 12
