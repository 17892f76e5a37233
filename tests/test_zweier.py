"""Zweierbinokel (seed 001, RULES §7): hand-checked deals, options, errors, properties, bots.

Deals are built from a chosen dealing order (:func:`deck_for`) and played with scripted
actions written ``"1:play EA 0:play BU 1:meld EK EO"`` (seat: action), each checked to be made
by the seat to move. Expected points are computed by hand in the comments.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from binokel.bots import RandomBot
from binokel.bots import bot_names
from binokel.bots import make_bot
from binokel.core.cards import HERZ
from binokel.core.cards import SCHELLEN
from binokel.core.cards import CardSet
from binokel.core.cards import bit
from binokel.core.cards import card_token
from binokel.core.cards import cards_of
from binokel.core.cards import cardset
from binokel.core.cards import format_cards
from binokel.core.cards import parse_card
from binokel.core.cards import parse_cards
from binokel.core.cards import size
from binokel.core.errors import IllegalAction
from binokel.core.errors import RulesError
from binokel.core.outcome import Termination
from binokel.core.state import OVER
from binokel.core.trick import Trick
from binokel.games.binokel.rules import OPTIONS
from binokel.games.zweier.bots.heuristic import StrictSolver
from binokel.games.zweier.bots.heuristic import ZweierHeuristicBot
from binokel.games.zweier.bots.heuristic import opponent_hand
from binokel.games.zweier.bots.strong import ZweierStrongBot
from binokel.games.zweier.deal import FREE
from binokel.games.zweier.deal import STRICT
from binokel.games.zweier.deal import full_deck
from binokel.games.zweier.melds import meld_kinds
from binokel.games.zweier.rules import ZWEIER_OPTIONS
from binokel.games.zweier.rules import ZweierRules
from binokel.games.zweier.state import ZweierState
from binokel.present import present
from binokel.record import Record
from binokel.record import RecordError
from binokel.registry import find_game
from binokel.registry import new_series


# ------------------------------------------------------------------ helpers
def deck_for(hands: dict[int, str], turned: str, stock: str = "", dealer: int = 0,
             rules: ZweierRules | None = None) -> list[int]:
    """The dealing order giving each seat the named cards (missing ones filled from the rest
    of the deck in a fixed order), the turned-up card, then the stock from its top."""
    rest = full_deck(rules or ZweierRules())
    h = {p: parse_cards(hands.get(p, "")) for p in (0, 1)}
    t, top = parse_card(turned), parse_cards(stock)
    for c in [*h[0], *h[1], t, *top]:
        rest.remove(c)
    for p in (0, 1):
        while len(h[p]) < 12:
            h[p].append(rest.pop(0))
    order: list[int] = []
    for i in range(8):  # three to the non-dealer, three to the dealer, four times
        seat = 1 - dealer if i % 2 == 0 else dealer
        order += h[seat][3 * (i // 2):3 * (i // 2) + 3]
    return [*order, t, *top, *rest]


def new(hands: dict[int, str], turned: str, stock: str = "", dealer: int = 0,
        **options: Any) -> ZweierState:
    rules = ZweierRules.from_preset("standard", **options)
    return ZweierState.new(rules, dealer, deck_order=deck_for(hands, turned, stock, dealer,
                                                              rules))


def run(state: ZweierState, script: str) -> ZweierState:
    """Apply ``seat:action`` tokens in order, checking the seat to move."""
    for token in re.split(r"\s+(?=\d:)", script.strip()):
        seat, action = token.split(":")
        assert state.to_move == int(seat), (action, state.to_move)
        state.apply(action)
    return state


def toks(s: CardSet) -> str:
    return format_cards(cards_of(s))


def snapshot(state: ZweierState) -> tuple[Any, ...]:
    return (tuple(state.hands), tuple(state.tables), repr(state.usage), state.turned_up,
            state.stock_next, list(state.history), list(state.shown), state.phase,
            state.to_move, list(state.trick), list(state.tricks), list(state.trick_points),
            repr(state.melds), list(state.meld_points), state.won_lead, state.melded,
            state.dix_count)


def everything(state: ZweierState) -> CardSet:
    """Hands, tables, stock, the open trick and the completed tricks together."""
    total = sum(state.hands) + sum(state.tables) + state.stock_cards()
    total += sum(bit(c) for c in state.trick)
    total += sum(bit(c) for t in state.tricks for c in t.cards)
    return total


# D1: dealer 0, seat 1 leads; trump Herz (HU turned up). Seat 1 wins all eight free tricks.
D1_HANDS = {1: "EA EA E10 E10 EK EO EU BA BA B10 B10 SA",
            0: "SU SU BO BO BU BU SO SO SK SK HO HK"}
D1_STOCK = "EK EO EU BK BK HA HA H10 H10 HK HO HU SA S10 S10"
# Free phase, points by hand: 13 13 14 14 13 13 14 15 = 109 for seat 1.
D1_FREE = ("1:play EA 0:play BU 1:meld EA E10 EK EO EU 1:play EA 0:play BU 1:play BA 0:play BO "
           "1:play BA 0:play BO 1:play B10 0:play SO 1:play B10 0:play SO 1:play E10 0:play SK "
           "1:play SA 0:play SK")
# Strict phase: seat 1 wins T9 13, T13 5, T15 12 = 30; seat 0 wins T10 5, T11 8, T12 20,
# T14 12, T16 7, T17 22, T18 6, T19 7, T20 14 = 101, + 10 for the last trick.
D1_STRICT = ("1:play SA 0:play SU 1:play EU 0:play EO 0:play BK 1:play BK 0:play S10 "
             "1:play S10 0:play SU 1:play HO 1:play E10 0:play HU 0:play HU 1:play H10 "
             "1:play EK 0:play HO 0:play HA 1:play HA 0:play HK 1:play EU 0:play HK "
             "1:play EO 0:play H10 1:play EK")


def d1(**options: Any) -> ZweierState:
    return new(D1_HANDS, "HU", D1_STOCK, **options)


# ------------------------------------------------------------------ deal layout
def test_deal_layout_and_record_order() -> None:
    s = d1()
    assert toks(s.hands[1]) == "EA EA E10 E10 EK EO EU BA BA B10 B10 SA"
    assert toks(s.hands[0]) == "BO BO BU BU HK HO SK SK SO SO SU SU"
    # deck: 3 to the non-dealer (seat 1), 3 to the dealer, four times; then the turned-up card
    assert format_cards(s.deck[:6]) == "EA EA E10 SU SU BO"
    assert card_token(s.deck[24]) == "HU" and format_cards(s.deck[25:28]) == "EK EO EU"
    assert s.trump == HERZ and s.turned_up == parse_card("HU")
    assert s.stock_size == 16 and s.facedown_left == 15
    assert (s.phase, s.to_move, s.trick_leader) == (FREE, 1, 1)
    v = s.view(0)
    assert v.trump_card == parse_card("HU") and v.stock_size == 16
    assert v.hand_sizes == (12, 12) and v.table == ((), ())
    assert v.legal_actions == () and s.view(1).legal_actions == tuple(s.legal_actions())
    with pytest.raises(IllegalAction, match="2 players"):
        ZweierState.new(ZweierRules(), 0, seed=1, players=3)
    with pytest.raises(IllegalAction, match="exactly twice"):
        ZweierState.new(ZweierRules(), 0, deck_order=s.deck[:-1])


def test_sevens_deck() -> None:
    rules = ZweierRules(sevens=True)
    s = ZweierState.new(rules, 1, seed=5)
    assert len(s.deck) == 48 and s.stock_size == 24 and s.to_move == 0
    assert len(find_game("zweier").full_deck(rules, 2)) == 48


# ------------------------------------------------------------------ free play
def test_free_play_no_duty_to_follow() -> None:
    s = d1()
    s.apply("play EA")
    # seat 0 holds no Eichel but may play anything, also a non-trump: no duty to trump
    assert set(s.legal_actions()) == {f"play {t}" for t in
                                      ["BO", "BU", "HK", "HO", "SK", "SO", "SU"]}
    s.apply("play BU")
    t = s.tricks[-1]
    assert (t.leader, t.winner, t.points) == (1, 1, 13)


def test_free_play_trump_wins_and_higher_of_led_suit() -> None:
    s = run(d1(), "1:play EA 0:play HO")
    assert s.tricks[-1].winner == 0 and s.trick_points == [14, 0]
    s = run(d1(), "1:play EA 0:play BU 1:play BA 0:play BO")
    assert s.tricks[-1].winner == 1  # the led suit's higher card
    # a higher card of another suit does not win
    s = new({1: "BU", 0: "EA"}, "HU")
    run(s, "1:play BU 0:play EA")
    assert s.tricks[-1].winner == 1


def test_free_play_equal_cards_first_wins() -> None:
    s = new({1: "EA", 0: "EA"}, "HU")
    run(s, "1:play EA 0:play EA")
    assert s.tricks[-1].winner == 1 and s.trick_points == [0, 22]


def test_drawing_order_winner_first() -> None:
    s = run(d1(), "1:play EA 0:play BU")
    # winner seat 1 draws EK (top), then seat 0 EO
    assert toks(s.hands[1]).count("EK") == 2 and "EO" in toks(s.hands[0])
    assert s.stock_size == 14 and s.view(0).hand_sizes == (12, 12)
    s = run(d1(), "1:play EA 0:play HO")  # seat 0 wins and draws first
    assert "EK" in toks(s.hands[0]) and toks(s.hands[1]).count("EO") == 2
    assert s.to_move == 0 and s.trick_leader == 0


# ------------------------------------------------------------------ melding
def test_meld_only_after_a_won_trick_before_leading() -> None:
    s = d1()
    with pytest.raises(IllegalAction, match="only after winning a trick"):
        s.apply("meld EA E10 EK EO EU")
    assert not any(a.startswith("meld") for a in s.legal_actions())
    run(s, "1:play EA 0:play BU")
    assert "meld EA E10 EK EO EU" in s.legal_actions()
    s.apply("play E10")  # he may also lead without melding
    with pytest.raises(IllegalAction, match="only the player on lead"):
        s.apply("meld HK HO")
    s.apply("play HO")  # seat 0 trumps and wins: now he may meld, not seat 1
    assert s.to_move == 0 and s.may_meld


def test_one_meld_per_turn_and_scored_at_once() -> None:
    s = run(d1(), "1:play EA 0:play BU 1:meld EA E10 EK EO EU")
    assert s.meld_points == [0, 100] and s.view(0).meld_points == (0, 100)
    assert toks(s.tables[1]) == "EA E10 EK EO EU"
    assert toks(s.hands[1]) == "E10 EK BA BA B10 B10 SA"
    snap = snapshot(s)
    with pytest.raises(IllegalAction, match="one meld per turn"):
        s.apply("meld EA E10 EK EO EU")
    assert snapshot(s) == snap
    assert not any(a.startswith("meld") for a in s.legal_actions())


def test_pair_not_from_a_family() -> None:
    s = run(d1(), f"{D1_FREE.split(' 1:play BA')[0]}")
    # after T2 seat 1 holds EK in hand; EO only on the table, inside the family
    assert s.to_move == 1 and s.may_meld
    with pytest.raises(IllegalAction, match="EO already serves in a suit meld"):
        s.apply("meld EK EO")


def test_seed_example_four_unters_then_binokel_with_a_hand_card() -> None:
    # Seed 001: after 4 Unter, one of them goes with a hand card into a Binokel (SU + BO).
    s = new({1: "EU BU HU SU BO EA EA SA SA HA HA BA", 0: "E10 E10 B10"}, "H10", "EK EK EO EO")
    run(s, "1:play EA 0:play E10 1:meld EU BU HU SU")
    assert toks(s.tables[1]) == "EU BU HU SU" and s.meld_points[1] == 40
    assert "BU" not in toks(s.hands[1])
    run(s, "1:play EA 0:play E10")
    assert "meld BO SU" in s.legal_actions()
    s.apply("meld BO SU")
    assert s.meld_points[1] == 80
    assert toks(s.tables[1]) == "EU BO BU HU SU" and "BO" not in toks(s.hands[1])
    assert [m.name for m in s.view(0).melds[1]] == ["four_unter", "binokel"]


def test_card_reused_in_another_class_but_not_the_same() -> None:
    s = new({1: "EU EU BU HU SU BO EA EA SA SA HA HA", 0: "E10 E10 B10 B10"}, "H10",
            "EK EK EO EO")
    run(s, "1:play EA 0:play E10 1:meld EU BU HU SU 1:play EA 0:play E10")
    # The second EU is in hand, but BU, HU, SU already served in a rank meld.
    with pytest.raises(IllegalAction, match="BU already serves in a rank meld"):
        s.apply("meld EU BU HU SU")
    s.apply("meld BO SU")  # SU again, in the Binokel class
    run(s, "1:play SA 0:play B10")
    with pytest.raises(IllegalAction, match="BO already serves in a Binokel meld"):
        s.apply("meld BO SU")


def test_meld_from_table_cards_alone_is_refused() -> None:
    s = new({1: "EU BU HU SU EO BO HO SO EA EA SA SA", 0: "E10 E10 S10 S10"}, "H10",
            "EK EK BK BK HK HK")
    run(s, "1:play EA 0:play E10 1:meld EU BU HU SU 1:play EA 0:play E10 1:meld EO BO HO SO")
    run(s, "1:play SA 0:play S10")
    with pytest.raises(IllegalAction, match="at least one card from the hand"):
        s.apply("meld BO SU")
    assert "meld BO SU" not in s.legal_actions()


def test_table_cards_are_playable_and_shown() -> None:
    s = new({1: "EU BU HU SU EA EA", 0: "E10 E10"}, "H10", "EK EK")
    run(s, "1:play EA 0:play E10 1:meld EU BU HU SU")
    v0, v1 = s.view(0), s.view(1)
    assert v0.table[1] == v1.table[1] == tuple(parse_cards("EU BU HU SU"))
    assert "SU" not in format_cards(v1.hand)
    hand_before = s.hands[1]
    assert "play SU" in s.legal_actions()
    s.apply("play SU")
    assert toks(s.tables[1]) == "EU BU HU" and s.hands[1] == hand_before


def test_card_in_hand_and_on_table_is_played_from_the_table() -> None:
    s = run(d1(), "1:play EA 0:play BU 1:meld EA E10 EK EO EU")
    hand = s.hands[1]
    s.apply("play E10")  # E10 is in hand and on the table
    assert s.hands[1] == hand and toks(s.tables[1]) == "EA EK EO EU"


def test_upgrade_pair_to_family() -> None:
    hands = {1: "EK EO EA E10 EU SA SA BA BA HA HA B10", 0: "S10 S10 B10 E10"}
    s = new(hands, "HU", "SK SK BK BK")
    run(s, "1:play SA 0:play S10 1:meld EK EO 1:play SA 0:play S10")
    s.apply("meld EA E10 EK EO EU")  # EK EO of the pair + three hand cards: scores in full
    assert s.meld_points[1] == 120 and toks(s.tables[1]) == "EA E10 EK EO EU"
    s = new(hands, "HU", "SK SK BK BK", upgrade_melds=False)
    run(s, "1:play SA 0:play S10 1:meld EK EO 1:play SA 0:play S10")
    with pytest.raises(IllegalAction, match="EK already serves in a suit meld"):
        s.apply("meld EA E10 EK EO EU")


def test_upgrade_four_to_eight_and_meld_values() -> None:
    hands = {1: "EA BA HA SA EA BA HA SA E10 E10 B10 B10", 0: "EU EU BU BU"}
    s = new(hands, "HU", "SK SK BK BK", eight_of_a_rank="double")
    run(s, "1:play E10 0:play EU 1:meld EA BA HA SA 1:play E10 0:play EU")
    s.apply("meld EA EA BA BA HA HA SA SA")
    assert [m.points for m in s.melds[1]] == [100, 200]
    kinds = {k.name: k.points for k in meld_kinds(SCHELLEN, ZweierRules(
        four_tens=80, double_family=1000, double_trump_family=1500))}
    assert kinds["four_zehn"] == 80 and kinds["eight_zehn"] == 1000
    assert kinds["doppelbinokel"] == 300 and kinds["binokel"] == 40
    by_suit = {(k.name, k.suit): k.points for k in meld_kinds(SCHELLEN, ZweierRules(
        double_family=1000, double_trump_family=1500))}
    assert by_suit[("pair", 3)] == 40 and by_suit[("pair", 0)] == 20
    assert by_suit[("family", 3)] == 150 and by_suit[("family", 1)] == 100
    assert by_suit[("double_family", 3)] == 1500 and by_suit[("double_family", 2)] == 1000
    assert "four_zehn" not in {k.name for k in meld_kinds(0, ZweierRules())}


# ------------------------------------------------------------------ stock empty, strict play
def test_stock_runs_out_melds_back_to_hand() -> None:
    s = run(d1(), D1_FREE)
    assert s.phase == STRICT and s.stock_size == 0 and s.tables == [0, 0]
    assert toks(s.hands[1]) == "E10 EK EK EO EU EU BK HA H10 HO SA S10"
    assert toks(s.hands[0]) == "EO BK HA H10 HK HK HO HU HU S10 SU SU"
    # seat 1 won T8: draws the last face-down card (shown); seat 0 takes the turned-up HU
    assert s.shown == [(1, "last card", parse_card("S10")), (0, "turned-up card",
                                                               parse_card("HU"))]
    assert s.trick_points == [0, 109]
    v = s.view(0)
    assert v.trump_card is None and v.table == ((), ()) and v.phase == STRICT
    assert not any(a.startswith("meld") for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="only while the stock lasts"):
        s.apply("meld EK EO")


def test_no_meld_after_the_trick_that_empties_the_stock() -> None:
    s = run(d1(), D1_FREE.rsplit(" 1:play SA", 1)[0])
    assert s.may_meld and s.stock_size == 2
    s.apply("play SA")
    s.apply("play SK")
    assert not s.may_meld and s.phase == STRICT


def test_show_last_card_option() -> None:
    s = run(d1(show_last_card=False), D1_FREE)
    assert s.shown == [(0, "turned-up card", parse_card("HU"))]
    assert s.view(0).shown == ((0, "turned-up card", parse_card("HU")),)


def test_strict_farbzwang_stichzwang_trumpfzwang() -> None:
    s = run(d1(), D1_FREE + " 1:play SA 0:play SU 1:play EU")
    # Farbzwang + Stichzwang: seat 0 must follow Eichel with the higher EO
    assert s.legal_actions() == ["play EO"]
    snap = snapshot(s)
    with pytest.raises(IllegalAction, match="must follow suit E"):
        s.apply("play HU")
    with pytest.raises(IllegalAction, match="holds no EA"):
        s.apply("play EA")
    assert snapshot(s) == snap
    run(s, "0:play EO 0:play BK")
    assert s.legal_actions() == ["play BK"]  # an equal card does not beat: just follow
    run(s, "1:play BK 0:play S10 1:play S10 0:play SU")
    # Trumpfzwang: void in Schellen, seat 1 must trump
    assert set(s.legal_actions()) == {"play HA", "play H10", "play HO"}
    with pytest.raises(IllegalAction, match="must play a trump"):
        s.apply("play E10")
    run(s, "1:play HO 1:play E10 0:play HU 0:play HU")
    # a led trump must be followed, and beaten if possible
    assert set(s.legal_actions()) == {"play HA", "play H10"}
    with pytest.raises(IllegalAction, match="must follow suit H"):
        s.apply("play EK")


def test_stichzwang_option() -> None:
    s = _strict(hands={0: "EU E10 HU", 1: "EO SK"}, leader=1)
    s.apply("play EO")
    assert s.legal_actions() == ["play E10"]
    s = _strict(hands={0: "EU E10 HU", 1: "EO SK"}, leader=1, must_beat=False)
    s.apply("play EO")
    assert set(s.legal_actions()) == {"play E10", "play EU"}
    # a led trump must be beaten in either case (seed 001)
    s = _strict(hands={0: "HU HA EA", 1: "HO SK"}, leader=1, must_beat=False)
    s.apply("play HO")
    assert s.legal_actions() == ["play HA"]
    with pytest.raises(IllegalAction, match="must beat the led trump"):
        s.apply("play HU")


def _strict(hands: dict[int, str], leader: int, trump: int = HERZ,
            **options: Any) -> ZweierState:
    """A position after the stock: the named hands, ``leader`` to lead (the other cards of
    the deck count as played)."""
    s = ZweierState.new(ZweierRules.from_preset("standard", **options), 0, seed=0)
    s.hands = [cardset(parse_cards(hands[0])), cardset(parse_cards(hands[1]))]
    s.tables, s.usage = [0, 0], [{}, {}]
    s.stock_next, s.turned_up, s.trump = len(s.deck), -1, trump
    s.phase, s.trick_leader, s.to_move = STRICT, leader, leader
    return s


# ------------------------------------------------------------------ complete deal, scoring
def result_lines(s: ZweierState, lang: str) -> tuple[str, ...]:
    """The presented result's line per player (the wording is the presenter's)."""
    lines = present(s.public_view(), lang).result
    assert lines[0].startswith(("Ergebnis · Trumpf ", "Result · trump "))
    return lines[1:]


def test_complete_deal_hand_checked() -> None:
    s = run(d1(), D1_FREE + " " + D1_STRICT)
    assert s.is_over and s.phase == OVER and s.to_move == -1
    r = s.result
    assert r is not None
    # seat 1: family 100 + 109 + 30 = 239; seat 0: 101 + 10 (last trick) = 111
    assert r.meld_points == (0, 100) and r.trick_points == (111, 139)
    assert r.tricks_won == (9, 11) and r.scores == (111, 239)
    assert (r.bonus, r.bonus_to, r.declarer, r.contract, r.made) == (10, 0, None, "normal", None)
    assert r.termination is Termination.PLAYED
    assert result_lines(s, "en") == (
        "Seat 1: melds none; trick points 111 (last trick +10); score 111",
        "Seat 2: melds Family Acorns 100 = 100; trick points 139; score 239")
    assert result_lines(s, "de")[1] == \
        "Platz 2: Meldungen Familie Eichel 100 = 100; Stichpunkte 139; Wertung 239"
    assert r.to_json()["scores"] == [111, 239] and s.legal_actions() == []
    assert s.points_taken() == r.trick_points and s.points_total() == 250
    with pytest.raises(IllegalAction, match="over"):
        s.apply("play EA")


def test_rounding_and_bonus_options() -> None:
    s = run(d1(rounding="all"), D1_FREE + " " + D1_STRICT)
    r = s.result
    assert r is not None and r.scores == (110, 240) and r.counted_trick_points == (110, 140)
    assert "139 → 140" in result_lines(s, "en")[1]
    s = run(d1(bonus_trick="first"), D1_FREE + " " + D1_STRICT)
    r = s.result
    assert r is not None and r.trick_points == (101, 149) and r.bonus_to == 1
    assert "(first trick +10)" in result_lines(s, "en")[1]
    assert "(erster Stich +10)" in result_lines(s, "de")[1]
    assert r.to_json()["bonus_trick"] == "first"
    s = run(d1(last_trick_bonus=0), D1_FREE + " " + D1_STRICT)
    r = s.result
    assert r is not None and r.trick_points == (101, 139) and r.scores == (101, 239)
    assert s.points_total() == 240
    s = run(d1(card_points="tournament"), "1:play EA 0:play BU 1:play E10 0:play SK")
    assert [t.points for t in s.tricks] == [10, 20]


# ------------------------------------------------------------------ the Dix (sevens)
def test_turned_up_dix_scores_for_the_dealer() -> None:
    s = new({}, "H7", dealer=1, sevens=True)
    assert s.meld_points == [0, 10] and s.melds[1][0].name == "dix" and s.dix_count == 1
    s = new({}, "H7", dealer=1, sevens=True, dix=False)
    assert s.meld_points == [0, 0]


def test_exchange_the_dix() -> None:
    s = new({1: "H7 EA EA", 0: "E10 E10"}, "HA", sevens=True)
    with pytest.raises(IllegalAction, match="only after winning a trick"):
        s.apply("exchange")
    run(s, "1:play EA 0:play E10")
    assert "exchange" in s.legal_actions()
    s.apply("exchange")
    assert s.turned_up == parse_card("H7") and "HA" in toks(s.hands[1])
    assert "H7" not in toks(s.hands[1]) and s.meld_points[1] == 10
    assert s.shown[-1] == (1, "exchange", parse_card("HA"))
    assert s.view(0).trump_card == parse_card("H7")
    assert "exchange" not in s.legal_actions()  # no second trump seven in hand
    assert any(a.startswith("play") for a in s.legal_actions())
    s = new({1: "H7 EA EA", 0: "E10 E10"}, "HA", sevens=True, dix=False)
    run(s, "1:play EA 0:play E10 1:exchange")
    assert s.meld_points[1] == 0 and s.turned_up == parse_card("H7")
    s = new({1: "H7 EA EA", 0: "E10 E10"}, "HA", sevens=True, dix_exchange=False)
    run(s, "1:play EA 0:play E10")
    with pytest.raises(IllegalAction, match="dix_exchange = no"):
        s.apply("exchange")
    s = d1()
    run(s, "1:play EA 0:play BU")
    with pytest.raises(IllegalAction, match="with sevens"):
        s.apply("exchange")


def test_second_dix_when_the_seven_is_turned_up() -> None:
    s = new({1: "H7 EA EA", 0: "E10 E10"}, "H7", sevens=True)
    assert s.meld_points == [10, 0]
    run(s, "1:play EA 0:play E10 1:exchange")  # declares the second Dix
    assert s.meld_points == [10, 10] and s.dix_count == 2
    assert s.shown == [] and s.turned_up == parse_card("H7")


# ------------------------------------------------------------------ errors
@pytest.mark.parametrize(("action", "message"), [
    ("dance", "'dance' is not possible now: the free phase expects play CARD, meld CARDS "
              "or exchange"),
    ("play XX", "not a card"),
    ("play", "not a card"),
    ("meld", "only after winning"),
    ("exchange now", "no argument"),
])
def test_malformed_actions(action: str, message: str) -> None:
    s = d1()
    snap = snapshot(s)
    with pytest.raises(IllegalAction, match=message):
        s.apply(action)
    assert snapshot(s) == snap


@pytest.mark.parametrize(("action", "message"), [
    ("meld EA BU", "not a meld of the meld table"),
    ("meld EK EO EK EO EK", "more than twice"),
    ("meld", "name the cards"),
    ("meld EA E10 EK EO XX", "not a card"),
    ("meld HK HO", "does not hold HK"),
    ("meld EA EA E10 E10 EK EK EO EO EU EU", "does not hold EA twice"),
    ("play SK", "holds no SK"),
])
def test_meld_and_play_errors_leave_the_state(action: str, message: str) -> None:
    s = run(d1(), "1:play EA 0:play BU")
    snap = snapshot(s)
    with pytest.raises(IllegalAction, match=message):
        s.apply(action)
    assert snapshot(s) == snap


def test_aliases_and_canonical_history() -> None:
    s = d1()
    s.apply("play ez")
    s.apply("play gb")  # G = Blatt, B = Unter
    s.apply("meld EA EZ EK ED EB")
    assert [a for _, a in s.history] == ["play E10", "play BU", "meld EA E10 EK EO EU"]
    # the one action grammar: verbs in any case, white space as you like
    s = d1()
    s.apply("  PLAY   ea ")
    s.apply("Play bu")
    s.apply("MELD  ea e10 ek eo eu")
    assert s.history == [(1, "play EA"), (0, "play BU"), (1, "meld EA E10 EK EO EU")]
    s = run(new({1: "H7 EA EA", 0: "E10 E10"}, "HA", sevens=True), "1:play EA 0:play E10")
    s.apply("  EXCHANGE ")
    assert s.history[-1] == (1, "exchange") and s.turned_up == parse_card("H7")


# ------------------------------------------------------------------ rules, registry
def test_rules_options_and_presets() -> None:
    assert ZweierRules.from_preset("turnier").card_points == "tournament"
    assert ZweierRules().replace(sevens=True).to_dict() == {"preset": "standard",
                                                            "options": {"sevens": True}}
    for name in ("card_points", "sevens", "last_trick_bonus", "target", "double_family"):
        assert ZWEIER_OPTIONS[name] == OPTIONS[name]
    assert "must_overtrump" not in ZWEIER_OPTIONS and "meld_needs_trick" not in ZWEIER_OPTIONS
    for o in ZWEIER_OPTIONS.values():
        assert o.en and o.de and o.name in ZweierRules.__dataclass_fields__
        assert getattr(ZweierRules(), o.name) == o.default
    with pytest.raises(RulesError, match="unknown preset"):
        ZweierRules.from_preset("aks")
    with pytest.raises(RulesError, match="not allowed"):
        ZweierRules.from_preset(rounding="others")
    with pytest.raises(RulesError, match="yes/no"):
        ZweierRules.from_preset(dix="maybe")


def test_registry_spec() -> None:
    spec = find_game("zweier")
    assert spec.players == (2,) and spec.default_players == 2
    assert spec.title == ("Zweierbinokel", "Two-player Binokel")
    assert set(spec.help) == {"de", "en"} and "Doppelbinokel, scoring in full" in spec.help["en"]
    assert "standard" in spec.presets and spec.options is ZWEIER_OPTIONS
    assert spec.make_rules({"preset": "standard", "options": {"sevens": True}}).sevens
    s = spec.new_deal(ZweierRules(), 1, seed=4)
    assert isinstance(s, ZweierState) and s.dealer == 1


def test_record_round_trip_and_errors() -> None:
    s = run(d1(), D1_FREE + " " + D1_STRICT)
    assert s.result is not None
    rec = Record.from_state(s, result=s.result.to_json())
    data = rec.to_json()
    assert data["game"] == "zweier" and data["players"] == 2
    assert data["deck"][24] == "HU" and data["deck"][:3] == ["EA", "EA", "E10"]
    again = Record.loads(rec.dumps(indent=2)).validate()
    assert again.history == s.history and again.result == s.result
    bad = dict(data, actions=["play EA", "meld EK EO"])
    with pytest.raises(RecordError, match="action 1"):
        Record.from_json(bad).replay()


# ------------------------------------------------------------------ properties
RULES = st.builds(ZweierRules, sevens=st.booleans(), upgrade_melds=st.booleans(),
                  must_beat=st.booleans(), dix=st.booleans(), dix_exchange=st.booleans(),
                  card_points=st.sampled_from(["classic", "tournament"]),
                  last_trick_bonus=st.sampled_from([0, 10]),
                  bonus_trick=st.sampled_from(["last", "first"]),
                  eight_of_a_rank=st.sampled_from([1000, "double"]),
                  four_tens=st.sampled_from([0, 80]))


def _hidden_swap(s: ZweierState, viewer: int, rng: random.Random) -> ZweierState | None:
    """The same public situation with one of the opponent's hand cards swapped with a
    face-down stock card."""
    opp = 1 - viewer
    stock = list(range(s.stock_next, len(s.deck)))
    hand = cards_of(s.hands[opp])
    if not stock or not hand:
        return None
    i, c = rng.choice(stock), rng.choice(hand)
    other = s.clone()
    deck = list(s.deck)
    other.hands[opp] += bit(deck[i]) - bit(c)
    deck[i] = c
    other.deck = tuple(deck)
    return other


@settings(max_examples=120, deadline=None)
@given(RULES, st.integers(0, 10**6))
def test_random_play_invariants(rules: ZweierRules, seed: int) -> None:
    rng = random.Random(seed)
    s = ZweierState.new(rules, seed % 2, seed=seed)
    deck = cardset(full_deck(rules))
    while not s.is_over:
        assert everything(s) == deck
        actions = s.legal_actions()
        assert actions and len(set(actions)) == len(actions)
        for a in actions:
            s.child(a)  # every listed action applies
        viewer = rng.randrange(2)
        other = _hidden_swap(s, viewer, rng)
        if other is not None:
            assert other.view(viewer).to_json() == s.view(viewer).to_json()
            assert other.public_view().to_json() == s.public_view().to_json()
        pub = s.public_view()
        assert pub.hand == () and pub.legal_actions == ()
        s.apply(actions[int(rng.random() * len(actions))])
    assert everything(s) == deck
    r = s.result
    assert r is not None
    assert sum(r.trick_points) == 240 + rules.last_trick_bonus
    assert r.scores == tuple(r.meld_points[p] + r.trick_points[p] for p in (0, 1))
    assert sum(r.tricks_won) == len(s.deck) // 2
    rec = Record.loads(Record.from_state(s, result=r.to_json()).dumps())
    again = rec.validate()
    assert again.history == s.history and again.result == r


@settings(max_examples=60, deadline=None)
@given(RULES, st.integers(0, 10**6))
def test_view_shows_only_public_cards(rules: ZweierRules, seed: int) -> None:
    rng = random.Random(seed)
    s = ZweierState.new(rules, seed % 2, seed=seed)
    while not s.is_over:
        for p in (0, 1):
            v = s.view(p)
            assert cardset(v.hand) == s.hands[p]
            assert tuple(cardset(t) for t in v.table) == tuple(s.tables)
            j = v.to_json()
            assert "deck" not in j and "stock" not in j
            assert j["hand_sizes"] == [len(cards_of(h)) for h in s.hands]
        s.apply(s.random_action(rng))


# ------------------------------------------------------------------ bots and rounds
def test_heuristic_bot_is_registered_and_deterministic() -> None:
    s = ZweierState.new(ZweierRules(), 0, seed=8)
    bot = make_bot("heuristic", seed=1, game="zweier")
    assert bot.choose(s.view(s.to_move)) in s.legal_actions()

    def play(seed: int) -> list[tuple[int, str]]:
        st_ = ZweierState.new(ZweierRules(sevens=True), 0, seed=seed)
        bots = [ZweierHeuristicBot(seed), ZweierHeuristicBot(seed + 1)]
        while not st_.is_over:
            st_.apply(bots[st_.to_move].choose(st_.view(st_.to_move)))
        return st_.history

    assert play(5) == play(5)


def test_heuristic_beats_random() -> None:
    total = [0, 0]
    for i in range(60):
        s = ZweierState.new(ZweierRules(), i % 2, seed=i)
        bots: list[Any] = [ZweierHeuristicBot(i), RandomBot(i)]
        while not s.is_over:
            s.apply(bots[s.to_move].choose(s.view(s.to_move)))
        assert s.result is not None
        total[0] += s.result.scores[0]
        total[1] += s.result.scores[1]
    assert total[0] > 1.5 * total[1]


def test_thousand_bot_deals() -> None:
    """1,000 deals: heuristic against heuristic and against random, every option mixed."""
    melds = 0
    for i in range(1000):
        rules = ZweierRules(sevens=i % 3 == 0, upgrade_melds=i % 4 != 0,
                            must_beat=i % 5 != 0, card_points="tournament" if i % 7 == 0
                            else "classic")
        s = ZweierState.new(rules, i % 2, seed=i)
        bots: list[Any] = [ZweierHeuristicBot(i),
                           RandomBot(i) if i % 2 else ZweierHeuristicBot(i + 1)]
        while not s.is_over:
            s.apply(bots[s.to_move].choose(s.view(s.to_move)))
        assert s.result is not None
        assert sum(s.result.trick_points) == 250
        melds += len(s.result.melds[0]) + len(s.result.melds[1])
    assert melds > 1000


def test_round_to_target_with_bots() -> None:
    rules = ZweierRules(target=1000)
    rnd = new_series("zweier", rules, players=2, seed=3)
    bots = [make_bot("heuristic", seed=1), make_bot("random", seed=2)]
    while not rnd.is_over:
        if rnd.current.is_over:
            rnd.next_deal()
        st_ = rnd.current
        rnd.apply(bots[st_.to_move].choose(st_.view(st_.to_move)))
    assert rnd.winner is not None and max(rnd.totals) >= 1000
    assert rnd.totals[rnd.winner] == max(rnd.totals)
    assert [line.dealer for line in rnd.sheet[:3]] == [0, 1, 0]
    assert all(line.declarer is None and line.contract == "normal" for line in rnd.sheet)


def test_bot_melds_the_most_valuable_combination() -> None:
    s = run(d1(), "1:play EA 0:play BU")
    assert {"meld EA E10 EK EO EU", "meld EK EO"} <= set(s.legal_actions())
    assert ZweierHeuristicBot(1).choose(s.view(1)) == "meld EA E10 EK EO EU"


def test_bot_keeps_meld_cards_and_trumps_while_the_stock_lasts() -> None:
    s = run(d1(), "1:play EA")
    # seat 0 holds the trump pair HK HO, pairs and a Binokel in Schellen/Blatt: throw BU
    assert ZweierHeuristicBot(1).choose(s.view(0)) == "play BU"


def test_bot_plays_the_endgame_exactly() -> None:
    # Trump Herz; seat 1 leads with HA EU against EA HU. Cashing HA first loses the last
    # trick (13 points for seat 1); leading EU first wins it (HA takes HU: 13 + 10).
    s = _strict(hands={0: "EA HU", 1: "HA EU"}, leader=1)
    rest = full_deck(s.rules)
    for c in parse_cards("EA HU HA EU"):
        rest.remove(c)
    s.tricks = [Trick(0, (rest[i], rest[i + 1]), 0, 0) for i in range(0, len(rest), 2)]
    assert ZweierHeuristicBot(1).choose(s.view(1)) == "play EU"
    run(s, "1:play EU 0:play EA 0:play HU 1:play HA")
    assert s.trick_points == [13, 23]


# ------------------------------------------------------------------ exact play after the stock
def _engine_value(s: ZweierState, seat: int,
                  memo: dict[tuple[Any, ...], int] | None = None) -> int:
    """The points ``seat`` still takes with perfect play by both, by plain minimax over the
    engine's own legal actions (the ground truth the alpha-beta solver must agree with)."""
    if s.is_over:
        return 0
    memo = {} if memo is None else memo
    key = (s.hands[0], s.hands[1], tuple(s.trick), s.to_move)
    if key not in memo:
        before = s.trick_points[seat]
        values = [c.trick_points[seat] - before + _engine_value(c, seat, memo)
                  for c in (s.child(a) for a in s.legal_actions())]
        memo[key] = max(values) if s.to_move == seat else min(values)
    return memo[key]


@pytest.mark.parametrize("chunk", range(4))
def test_strict_solver_agrees_with_the_engine(chunk: int) -> None:
    """On 160 positions after the stock, 3 to 7 cards in hand, under mixed rules: the
    alpha-beta solver's value is the engine's minimax value, and the bots' cards are best.
    (Seeds in a loop, not hypothesis: its draws favour the smallest, easiest positions.)"""
    for seed in range(40 * chunk, 40 * chunk + 40):
        rules = ZweierRules(sevens=seed % 3 == 0, must_beat=seed % 4 != 0,
                            bonus_trick="first" if seed % 5 == 0 else "last",
                            card_points="tournament" if seed % 7 == 0 else "classic")
        rng = random.Random(seed)
        s = ZweierState.new(rules, seed % 2, seed=seed)
        left = 3 + seed % 5
        while not (s.phase == STRICT and size(s.hands[s.to_move]) <= left):
            s.apply(s.random_action(rng))
        me = s.to_move
        v = s.view(me)
        assert opponent_hand(v) == s.hands[1 - me]  # read off the view, no peeking
        solver = StrictSolver.for_rules(s.trump, rules)
        if not s.trick:
            assert solver.value(s.hands[me], s.hands[1 - me], True) == _engine_value(s, me)
        # the strong bot's card (and the heuristic's, with four cards or fewer) is a best one
        best = max(_engine_value(c, me) + c.trick_points[me] for c in
                   (s.child(a) for a in s.legal_actions()))
        bots: list[Any] = [ZweierStrongBot(1)]
        if left <= 4:
            bots.append(ZweierHeuristicBot(1))
        for bot in bots:
            child = s.child(bot.choose(v))
            assert _engine_value(child, me) + child.trick_points[me] == best, (seed, bot.name)


def test_strong_bot_is_registered_and_plays_whole_deals() -> None:
    assert "strong" in bot_names("zweier")
    for i, rules in enumerate([ZweierRules(), ZweierRules(sevens=True, must_beat=False),
                               ZweierRules(bonus_trick="first", card_points="tournament")]):
        s = ZweierState.new(rules, i % 2, seed=40 + i)
        # the full simulation once (its levels: tests/test_zweier_strong.py)
        kind = "strong" if i == 0 else "strong-easy"
        bots: list[Any] = [make_bot(kind, seed=i, game="zweier"), ZweierHeuristicBot(i)]
        while not s.is_over:
            v = s.view(s.to_move)
            a = bots[s.to_move].choose(v)
            assert a in v.legal_actions
            s.apply(a)
        assert s.result is not None and sum(s.result.trick_points) == 250
