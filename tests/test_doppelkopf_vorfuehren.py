"""DDV Vorführen (option ``vorfuehren``), hand-checked: when no more deals of the series are
left than Pflichtsoli owed, the first seat after the dealer that owes one must play it; it
counts as a deal and the deal passes on (a Pflichtsolo played of one's own accord does not
count, and the same dealer deals again)."""

from __future__ import annotations

import random

import pytest

from binokel.core.errors import IllegalAction
from binokel.core.errors import RulesError
from binokel.games.doppelkopf.bots import DokoHeuristicBot
from binokel.games.doppelkopf.rules import DokoRules
from binokel.games.doppelkopf.series import DokoSeries
from binokel.games.doppelkopf.series import PflichtsoloBook
from binokel.games.doppelkopf.state import DokoState
from binokel.games.doppelkopf.strong import DokoStrongBot
from binokel.present import present
from binokel.record import Record
from binokel.record import RecordError
from binokel.registry import new_series
from test_doppelkopf_present import check_table
from test_doppelkopf_procedure import HANDS
from test_doppelkopf_procedure import deal
from test_doppelkopf_procedure import run
from test_doppelkopf_properties import _swap_hidden

# The solos of the ddv preset, in the order they are offered.
DDV_SOLOS = ["solo damen", "solo buben", "solo fleischlos", "solo E", "solo B", "solo H",
             "solo S"]
NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve"]


def ddv(**options: object) -> DokoRules:
    return DokoRules.from_preset("ddv", **options)


def series_of(rules: DokoRules, first_dealer: int = 0, players: int = 4) -> DokoSeries:
    rnd = new_series("doppelkopf", rules, players, first_dealer, seed=11)
    assert isinstance(rnd, DokoSeries)
    return rnd


def finish(rnd: DokoSeries, *actions: str) -> DokoState:
    """Apply ``actions`` to the current deal, then its first legal action until it is over
    (every seat gesund, the first card it may play: no announcements, no solo)."""
    state = rnd.current
    assert isinstance(state, DokoState)
    for a in actions:
        rnd.apply(a)
    while not state.is_over:
        rnd.apply(state.legal_actions()[0])
    return state


def ordinary(rnd: DokoSeries, dealer: int) -> None:
    """The current deal is no Vorführung: dealt by ``dealer``, gesund / Vorbehalt from
    Vorhand; everybody says gesund."""
    state = rnd.current
    assert isinstance(state, DokoState)
    assert (state.dealer, state.rules.vorgefuehrt, state.phase) == (dealer, -1, "vorbehalt")
    finish(rnd)
    assert not state.pflicht


def vorgefuehrt(rnd: DokoSeries, dealer: int, seat: int, solo: str) -> DokoState:
    """The current deal is the Vorführung of ``seat``: asked alone, at once, for a solo; he
    plays ``solo`` and leads it."""
    state = rnd.current
    assert isinstance(state, DokoState)
    assert (state.dealer, state.rules.vorgefuehrt) == (dealer, seat)
    assert (state.phase, state.asking, state.to_move, state.history) == (
        "declare", "pflichtsolo", seat, [])
    assert state.legal_actions() == DDV_SOLOS
    rnd.apply(solo)
    assert (state.contract, state.soloist, state.pflicht) == (solo, seat, True)
    assert state.to_move == state.trick_leader == seat   # DDV 5.1: the soloist leads
    return finish(rnd)


# ------------------------------------------------------------------ the series
def test_two_owed_with_two_deals_left_are_vorgefuehrt_in_turn() -> None:
    # Four deals, seats 0 and 2 owe. Deals 1 and 2 (dealers 0, 1) leave 4 and 3 deals for 2
    # Pflichtsoli: ordinary. Deal 3 (dealer 2) leaves 2 for 2: the order of play is 3, 0,
    # 1, 2, so seat 0 (not Vorhand 3) is vorgeführt. It counts: deal 4 goes to dealer 3,
    # 1 deal for 1 Pflichtsolo, the order 0, 1, 2, 3: seat 2 is vorgeführt. Then the
    # series is over: four deals, every Pflichtsolo served.
    rnd = series_of(ddv(deals_per_series=4, pflicht_owed="02"))
    ordinary(rnd, 0)
    assert (rnd.deals_left, rnd.owed) == (3, {0, 2})
    rnd.next_deal()
    ordinary(rnd, 1)
    rnd.next_deal()
    assert rnd.deals_left == 2 and rnd.current.rules.pflicht_owed == "02"
    assert rnd.current.active[0] == 3   # Vorhand, who owes nothing, is not asked at all
    first = vorgefuehrt(rnd, 2, 0, "solo damen")
    assert first.result is not None and first.result.pflichtsolo
    assert (rnd.deals_left, rnd.owed, rnd.repeat) == (1, {2}, [False, False, False])
    assert not rnd.is_over
    rnd.next_deal()
    vorgefuehrt(rnd, 3, 2, "solo S")
    assert rnd.is_over and rnd.winner is not None and rnd.owed == set()
    assert [(line.dealer, line.declarer) for line in rnd.sheet] == [
        (0, None), (1, None), (2, 0), (3, 2)]
    assert rnd.deals_played == 4 and rnd.repeat == [False] * 4
    with pytest.raises(ValueError, match="round is over"):
        rnd.next_deal()


def test_after_a_pflichtsolo_the_same_dealer_deals_again_not_after_a_vorfuehrung() -> None:
    # Seats 1 and 3 owe. Deal A (dealer 0): seat 1 plays his Pflichtsolo of his own accord;
    # it does not count and dealer 0 deals again. B (0), C (1), D (2) leave 4, 3, 2 deals
    # for seat 3's one; E (dealer 3) leaves 1 for 1: seat 3, the dealer himself (with four
    # players he plays), is vorgeführt. Five deals in all, four of them counted.
    rnd = series_of(ddv(deals_per_series=4, pflicht_owed="13"))
    a = finish(rnd, "vorbehalt", "gesund", "gesund", "gesund", "solo buben")
    assert a.pflicht and a.soloist == 1 and a.rules.vorgefuehrt == -1
    assert (rnd.repeat, rnd.deals_left, rnd.owed) == ([True], 4, {3})
    for dealer in (0, 1, 2):
        rnd.next_deal()
        ordinary(rnd, dealer)
    rnd.next_deal()
    assert rnd.current.active == (0, 1, 2, 3)
    vorgefuehrt(rnd, 3, 3, "solo fleischlos")
    assert rnd.is_over and rnd.owed == set()
    assert [line.dealer for line in rnd.sheet] == [0, 0, 1, 2, 3]
    assert rnd.repeat == [True, False, False, False, False]


def test_a_series_shorter_than_the_table_forces_as_many_as_it_can() -> None:
    # Two deals, four owed: no more deals left than owed from the start (the DDV's "equal"
    # cannot happen), so both are Vorführungen, of the first owing seat after each dealer;
    # seats 0 and 3 stay unserved when the series ends.
    rnd = series_of(ddv(deals_per_series=2))
    vorgefuehrt(rnd, 0, 1, "solo H")
    rnd.next_deal()
    vorgefuehrt(rnd, 1, 2, "solo buben")
    assert rnd.is_over and rnd.owed == {0, 3} and len(rnd.sheet) == 2


def test_five_players_every_deal_a_vorfuehrung_and_no_view_leaks() -> None:
    # Five deals, five owed: every deal is a Vorführung, each of the first owing seat in
    # play (the dealer sits out): Vorhand 1, 2, 3, 4, then seat 0 when seat 4 deals. The
    # heuristic plays them; no seat's view changes when two cards it cannot know trade
    # places between other hands.
    # (ddv: five_table per_player, 4 deals a player make 5 at the table.)
    rnd = series_of(ddv(deals_per_series=4), players=5)
    bots = [DokoHeuristicBot(k) for k in range(5)]
    rng = random.Random(3)
    forced = []
    while True:
        state = rnd.current
        assert isinstance(state, DokoState)
        forced.append((state.dealer, state.rules.vorgefuehrt))
        assert state.dealer not in state.active
        while not state.is_over:
            for viewer in state.active:
                v = state.view(viewer).to_json()
                other = _swap_hidden(state, viewer, rng)
                if other is not None:
                    assert other.view(viewer).to_json() == v
            rnd.apply(bots[state.to_move].choose(state.view(state.to_move)))
        assert state.pflicht and state.soloist == state.rules.vorgefuehrt
        if rnd.is_over:
            break
        rnd.next_deal()
    assert forced == [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]
    assert rnd.owed == set() and len(rnd.sheet) == 5


def test_the_dealer_sitting_out_is_never_vorgefuehrt() -> None:
    # Five players, only seat 0 owes, one deal left: dealt by seat 0, who sits out, it is an
    # ordinary deal; dealt by seat 4, the order is 0, 1, 2, 3 and seat 0 is vorgeführt.
    book = PflichtsoloBook(ddv(pflicht_owed="0"), players=5)
    assert (book.vorgefuehrt(0, 1), book.vorgefuehrt(4, 1), book.vorgefuehrt(4, 2)) == (
        -1, 0, -1)
    rnd = series_of(ddv(deals_per_series=1, pflicht_owed="0", five_table="table"), players=5)
    ordinary(rnd, 0)
    assert rnd.is_over and rnd.owed == {0}


# ------------------------------------------------------------------ the deal
def test_the_seat_vorgefuehrt_cannot_pass_or_take_a_hochzeit() -> None:
    # HANDS (dealer 3): seat 1 holds both Kreuz-Damen. Owing his Pflichtsolo in an ordinary
    # deal he may pass at "Pflichtsolo?" and play his Hochzeit; vorgeführt he may not.
    s = run(deal(ddv(pflicht_owed="12")), "gesund", "vorbehalt", "gesund", "gesund")
    assert (s.asking, s.to_move) == ("pflichtsolo", 1)
    assert s.legal_actions() == [*DDV_SOLOS, "pass"]
    run(s, "pass", "hochzeit")
    assert s.contract == "hochzeit"
    s = deal(ddv(pflicht_owed="12", vorgefuehrt=1, armut=True, throw_kings=5))
    assert (s.phase, s.asking, s.to_move) == ("declare", "pflichtsolo", 1)
    assert s.legal_actions() == DDV_SOLOS
    for bad in ("hochzeit", "pass", "schmeissen", "armut"):
        with pytest.raises(IllegalAction, match=r"seat 1 is vorgeführt .* must play a solo"):
            s.apply(bad)
    for bad in ("gesund", "vorbehalt"):   # nobody says gesund or Vorbehalt
        with pytest.raises(IllegalAction, match="declare phase expects"):
            s.apply(bad)
    assert s.history == [] and s.phase == "declare"


def test_no_other_reservation_takes_the_game_from_him() -> None:
    # Seats 1 and 2 owe; seat 1 sits first after the dealer (3). Vorhand (seat 0) and seat 2,
    # who owes too, are never asked: no legal action for them, only seat 1 speaks, and his
    # solo is played and led by him.
    s = deal(ddv(pflicht_owed="12", vorgefuehrt=1))
    for seat in (0, 2, 3):
        assert s.view(seat).legal_actions == ()
    assert s.public_view().vorgefuehrt == 1 and s.view(2).vorgefuehrt == 1
    run(s, "solo buben")
    assert s.history == [(1, "solo buben")]
    assert s.declarations == [None, "solo buben", None, None]
    assert (s.phase, s.contract, s.soloist, s.pflicht, s.to_move) == (
        "play", "solo buben", 1, True, 1)


def test_the_rules_name_a_seat_that_owes_and_sits_first() -> None:
    bad = [("standard", {"vorgefuehrt": 1}, "needs the options pflichtsolo and vorfuehren"),
           ("ddv", {"vorfuehren": False, "vorgefuehrt": 1}, "needs the options"),
           ("ddv", {"pflicht_owed": "02", "vorgefuehrt": 1}, "seat 1 does not owe"),
           ("ddv", {"vorgefuehrt": 5}, "a number from -1 to 4")]
    for preset, options, message in bad:
        with pytest.raises(RulesError, match=message):
            DokoRules.from_preset(preset, **options)
    # Dealt by seat 3 the order is 0, 1, 2, 3: of seats 1 and 2 that owe, seat 1 comes first.
    with pytest.raises(RulesError, match=r"seat 2 is not the first .* \(seat 1 is\)"):
        deal(ddv(pflicht_owed="12", vorgefuehrt=2))
    # Five players: the dealer sits out and cannot be vorgeführt.
    with pytest.raises(RulesError, match="seat 0 is not in play"):
        DokoState.new(ddv(pflicht_owed="0", vorgefuehrt=0), dealer=0, seed=1, players=5)
    # Rules made without from_preset are checked when the deal is dealt.
    with pytest.raises(RulesError, match="needs the options"):
        DokoState.new(DokoRules(vorgefuehrt=0), dealer=3, seed=1)


def test_the_record_keeps_the_vorfuehrung() -> None:
    s = deal(ddv(pflicht_owed="12", vorgefuehrt=1))
    run(s, "solo damen", "play EO")
    data = Record.from_state(s).to_json()
    assert data["rules"] == {"preset": "ddv",
                             "options": {"pflicht_owed": "12", "vorgefuehrt": 1}}
    again = Record.from_json(data).replay()
    assert again.history == [(1, "solo damen"), (1, "play EO")]
    assert again.rules.vorgefuehrt == 1
    # A record whose Vorführung names the wrong seat is refused, with the reason.
    wrong = dict(data, rules={"preset": "ddv", "options": {"pflicht_owed": "12",
                                                           "vorgefuehrt": 2}})
    with pytest.raises(RecordError, match=r"field 'rules'.*seat 2 is not the first"):
        Record.from_json(wrong)


def test_without_the_option_nothing_changes() -> None:
    # The first test's series without vorfuehren: four ordinary deals, the Pflichtsoli of
    # seats 0 and 2 stay unserved.
    assert not DokoRules().vorfuehren and DokoRules().vorgefuehrt == -1
    rnd = series_of(ddv(deals_per_series=4, pflicht_owed="02", vorfuehren=False))
    for dealer in range(4):
        if dealer:
            rnd.next_deal()
        ordinary(rnd, dealer)
    assert rnd.is_over and rnd.owed == {0, 2}
    # Nor does the option alone change a deal: only the series names a seat.
    s = deal(ddv(pflicht_owed="12"))
    assert (s.phase, s.to_move, s.legal_actions()) == ("vorbehalt", 0, ["gesund",
                                                                         "vorbehalt"])


# ------------------------------------------------------------------ table and bots
def test_the_table_says_who_is_vorgefuehrt() -> None:
    s = deal(ddv(pflicht_owed="12", vorgefuehrt=1))
    for seat in (-1, 0, 1, 2, 3):
        for lang in ("de", "en"):
            check_table(s, seat, lang)
    de = present(s.view(1), "de", NAMES)
    assert de.status == "Geber Dan · Vorführung: Bob muss ein Solo spielen"
    assert de.log == ("Vorführung: Bob muss ein Solo spielen",)
    assert de.seats[1].lines == ("vorgeführt: muss ein Solo spielen",)
    assert de.seats[2].lines == ("schuldet ein Pflichtsolo",)
    assert [b.label for b in de.choices.buttons][:2] == ["Damensolo (Pflicht)",
                                                        "Bubensolo (Pflicht)"]
    en = present(s.view(0), "en", NAMES)
    assert en.status == "dealer Dan · Bob is vorgeführt and must play a solo"
    assert en.seats[1].lines == ("vorgeführt: must play a solo",)
    run(s, "solo B")
    for seat in (-1, 0, 1, 2, 3):
        check_table(s, seat, "de")
    de = present(s.view(0), "de", NAMES)
    assert de.status.startswith("Geber Dan · Pik-Solo von Bob (Pflichtsolo, vorgeführt)")
    assert de.log == ("Vorführung: Bob muss ein Solo spielen", "Bob meldet Pik-Solo",
                      "Gespielt wird: Pik-Solo von Bob (Pflichtsolo, vorgeführt) · Bob "
                      "kommt raus")
    en = present(s.view(0), "en", NAMES)
    assert en.log[-1] == ("Game: Spades solo by Bob (compulsory solo, vorgeführt) · Bob "
                          "leads")


def test_bots_choose_the_best_solo_they_see_when_vorgefuehrt() -> None:
    # Seat 1 of HANDS holds EO EO H10 H10 BO BO HO HO SO SO BA B10: in a Pik-Solo all twelve
    # are trumps. Strength (bots.solo_strength) minus what the heuristic asks of the kind
    # (solo_need): Pik 8.4 + 4.8 = 13.2 - 10.5 = 2.7, Kreuz / Herz / Karo 12.4 - 10.5 = 1.9,
    # Damen 8.6 - 8.5 = 0.1: the Pik-Solo.
    s = deal(ddv(pflicht_owed="12", vorgefuehrt=1))
    assert DokoHeuristicBot(1).choose(s.view(1)) == "solo B"
    assert DokoStrongBot(seed=1).choose(s.view(1)) == "solo B"
    # Seat 0 holds S9 S9 SK EA EA E10 E10 EK EK E9 E9 BA, no solo the heuristic would
    # choose of its own accord (it would say gesund): Fleischloser 3 Asse + 0.8 x 2 Zehnen
    # behind an As = 4.6 - 8.5 = -3.9; the Kreuz-Solo (eight Kreuz trumps, none high)
    # 5.6 + 0.6 = 6.2 - 10.5 = -4.3; Karo 3.9 - 10.5 = -6.6; Damen, Buben 1.8 - 8.5 = -6.7:
    # the Fleischloser, where the old fallback (the last action offered) was the Karo-Solo.
    s = deal(ddv(pflicht_owed="0", vorgefuehrt=0))
    assert DokoHeuristicBot(1).choose(s.view(0)) == "solo fleischlos"
    assert DokoStrongBot(seed=1).choose(s.view(0)) == "solo fleischlos"
    assert HANDS[0] == "S9 S9 SK EA EA E10 E10 EK EK E9 E9 BA"
