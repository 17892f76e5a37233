"""Issue 32's house rules of Doppelkopf (FreeDoko's options and the DDV's), each
hand-checked on a deal or a trick: the Erwiderung without Absage, the solos, the Bock
triggers, throwing in, Armut and Hochzeit variants, Schweinchen, the extra points, the
compulsory announcement, Re/Kontra doubling and the score sheets; the five-table's series
length."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from binokel.core.cards import count
from binokel.core.cards import parse_card
from binokel.core.cards import parse_cards
from binokel.core.errors import IllegalAction
from binokel.core.errors import RulesError
from binokel.games.doppelkopf.order import schweine_cards
from binokel.games.doppelkopf.rules import DokoRules
from binokel.games.doppelkopf.series import DokoSeries
from binokel.games.doppelkopf.state import DokoState
from binokel.present import present
from binokel.registry import new_series
from doppelkopf_deals import N1
from doppelkopf_deals import deck_for_hands
from doppelkopf_deals import play
from doppelkopf_deals import with_tokens
from test_doppelkopf_procedure import _announcing


# ------------------------------------------------------------------ Erwiderung, no Absage
def _replied(rules: DokoRules):  # type: ignore[no-untyped-def]
    """N1 with Re's re (seat 0, 12 cards) and Kontra's kontra by seat 2 with 10 cards,
    in trick 3: later than Kontra's own deadline (11), allowed only as an Erwiderung."""
    s = play(with_tokens(N1, 0, "0:re"), rules=rules, upto=2)
    s.apply("play BA")
    s.apply("play B10")
    assert s.to_move == 2 and len(s.view(2).hand) == 10
    assert _announcing(s.legal_actions()) == ["kontra"]
    s.apply("kontra")
    return s


def test_after_an_erwiderung_kontra_may_make_no_absage() -> None:
    # Without the option Kontra's keine 90 (deadline 10 cards) would follow at once.
    s = _replied(DokoRules())
    assert _announcing(s.legal_actions()) == ["keine 90", "keine 60", "keine 30", "schwarz"]
    s = _replied(DokoRules(erwiderung_no_absage=True))
    assert _announcing(s.legal_actions()) == []
    with pytest.raises(IllegalAction, match="only as an Erwiderung"):
        s.apply("keine 90")
    # Only Kontra answered: Re's re came in time.
    assert s.replied == [False, True]


def test_a_kontra_in_time_is_no_erwiderung() -> None:
    # Seat 2 says kontra with 11 cards, its own deadline: its Absagen stay open.
    s = play(with_tokens(with_tokens(N1, 0, "0:re"), 0, "2:kontra"),
             rules=DokoRules(erwiderung_no_absage=True), upto=1)
    assert s.replied == [False, False]
    s.apply("play EK")
    s.apply("play E9")
    assert _announcing(s.legal_actions()) == ["keine 90", "keine 60", "keine 30", "schwarz"]


def test_ddv_plays_the_erwiderung_without_absage() -> None:
    ddv = DokoRules.from_preset("ddv")
    assert ddv.erwiderung_no_absage and ddv.announce_any_time


# ------------------------------------------------------------------ solos
def _toks(cards: tuple[int, ...]) -> list[str]:
    from binokel.core.cards import card_token
    return [card_token(c) for c in cards]


def test_the_picture_solos_rank_as_freedoko_ranks_them() -> None:
    from binokel.games.doppelkopf.order import card_order
    assert _toks(card_order("koehler").trumps) == [
        "EK", "BK", "HK", "SK", "EO", "BO", "HO", "SO", "EU", "BU", "HU", "SU"]
    assert _toks(card_order("koenigebuben").trumps) == [
        "EK", "BK", "HK", "SK", "EU", "BU", "HU", "SU"]
    assert _toks(card_order("koenigedamen").trumps) == [
        "EK", "BK", "HK", "SK", "EO", "BO", "HO", "SO"]
    # The Damen-Buben-Solo keeps its order, and it is no Köhler.
    assert _toks(card_order("damenbuben").trumps)[::4] == ["EO", "EU"]
    # Plain suits keep what is not trump: the Dulle is a plain Herz card below the As.
    assert _toks(card_order("koehler").plain(2)) == ["HA", "H10", "H9"]
    assert _toks(card_order("koenigebuben").plain(0)) == ["EA", "E10", "EO", "E9"]


KOEHLER_HANDS = {
    0: "EK EK BK BK HK EO EO BO EU EU EA E10",
    1: "HK SK SK BO HO HO SO SO BU BU HU HU",
    2: "SU SU EA E10 E9 E9 BA BA B10 B10 B9 B9",
    3: "HA HA H10 H10 H9 H9 SA SA S10 S10 S9 S9",
}


def test_a_koehler_is_declared_and_its_trumps_win() -> None:
    from test_doppelkopf_procedure import deal
    from test_doppelkopf_procedure import run
    # Off, the word Köhler is refused (it once meant the Damen-Buben-Solo).
    s = run(deal(DokoRules(), KOEHLER_HANDS), "vorbehalt", "gesund", "gesund", "gesund")
    with pytest.raises(IllegalAction, match="solo koehler: not played"):
        s.apply("solo köhler")
    s = run(deal(DokoRules(koehler_solo=True), KOEHLER_HANDS),
            "vorbehalt", "gesund", "gesund", "gesund")
    assert "solo koehler" in s.legal_actions()
    s.apply("solo Köhler")
    assert s.contract == "solo koehler" and s.soloist == 0 and s.to_move == 0
    # Trick 1: a Kreuz-König led; Karo-König (seat 1) follows, seat 2 with a Karo-Bube
    # (trump), seat 3 has no trump and throws the Herz-Zehn: the Kreuz-König wins.
    run(s, "play EK", "play SK", "play SU", "play H10")
    assert s.tricks[-1].winner == 0 and s.tricks[-1].points == 4 + 4 + 2 + 10
    from binokel.present import present
    assert "Köhler von" in present(s.view(2), "de").status
    assert "Köhler (Kings, Queens and Jacks solo) by" in present(s.view(2), "en").status


def test_the_soloist_leads_his_lustsolo_with_the_option() -> None:
    from test_doppelkopf_procedure import deal
    from test_doppelkopf_procedure import run
    # Seat 1 (not Vorhand) declares a Damensolo: Vorhand (seat 0) leads by default ...
    hands = dict(KOEHLER_HANDS)
    s = run(deal(DokoRules(), hands), "gesund", "vorbehalt", "gesund", "gesund",
            "solo damen")
    assert s.soloist == 1 and s.to_move == 0
    # ... and the soloist himself with lustsolo_leads (FreeDoko's default).
    s = run(deal(DokoRules(lustsolo_leads=True), hands), "gesund", "vorbehalt", "gesund",
            "gesund", "solo damen")
    assert s.soloist == 1 and s.to_move == 1 and s.trick_leader == 1


# ------------------------------------------------------------------ Bock
def test_each_new_bock_trigger() -> None:
    from binokel.games.doppelkopf.series import bock_triggers
    from doppelkopf_deals import N2
    from doppelkopf_deals import N3B
    # announced_lost: N2, Re (seats 2, 3) says re and makes 20: Re lost after announcing.
    lost = play(with_tokens(N2, 0, "2:re"))
    assert lost.result.winner == "kontra" and "announced_lost" in bock_triggers(lost.result)
    # Nobody reaches his goal (N3b, Re 128 with keine 90, Kontra 112 with kontra): both
    # parties announced and neither won: two triggers, two Bockrunden.
    both = play(with_tokens(with_tokens(N3B, 0, "0:re 0:keine_90"), 0, "2:kontra"))
    assert both.result.winner is None
    assert bock_triggers(both.result).count("announced_lost") == 2
    # herz_trick: N1's trick 5 is HA HK H9 HA, four plain Herz cards.
    rules = DokoRules(bock_after="herz_trick")
    herz = play(N1, rules=rules)
    assert herz.tricks[4].cards and bock_triggers(herz.result) == ["herz_trick"]
    assert herz.result.to_json()["herz_trick"] is True
    assert "herz_trick" not in play(N1).result.to_json()   # looked for only when asked
    # schwarz: a party without a trick. S: Re takes every trick.
    from doppelkopf_deals import S
    assert "schwarz" in bock_triggers(play(S).result)
    assert "schwarz" not in bock_triggers(play(N1).result)


def test_the_book_counts_each_trigger_and_the_factor_multiplies() -> None:
    from binokel.games.doppelkopf.series import BockBook
    from doppelkopf_deals import N3B
    both = play(with_tokens(with_tokens(N3B, 0, "0:re 0:keine_90"), 0, "2:kontra"))
    book = BockBook(DokoRules(bock_after="announced_lost"), players=4)
    book.book(both)
    assert book.levels == [1] * 8        # two Bockrunden, one after the other
    # A Bock deal with bock_factor 3 counts three times, a Doppelbock nine times.
    base = play(N1).result
    for level, x in ((1, 3), (2, 9)):
        r = play(N1, rules=DokoRules(bock_level=level, bock_factor=3)).result
        assert r.scores == tuple(x * v for v in base.scores) and r.bock == level
    from binokel.present import present
    s = play(N1, rules=DokoRules(bock_level=1, bock_factor=3))
    assert "Bockspiel: × 3 = 18" in present(s.view(0), "de").result


def test_a_thrown_deal_and_a_pflichtsolo_may_spare_the_bock_deal() -> None:
    from dataclasses import replace as dc_replace

    from binokel.games.doppelkopf.series import BockBook
    thrown = play(N1).result
    thrown = dc_replace(thrown, contract="thrown in")
    for uses, left in ((True, 3), (False, 4)):
        book = BockBook(DokoRules(bock_after="tie", bock_thrown=uses), players=4)
        book.add(1)
        book.book_result(thrown)
        assert len(book.levels) == left
    # A Pflichtsolo on top of the round: with bock_pflichtsolo off it counts without Bock
    # and leaves the Bock deal to the next one; a Vorführung is one of the round's deals.
    pflicht = dc_replace(play(N1).result, pflichtsolo=True)
    for uses, left in ((True, 3), (False, 4)):
        book = BockBook(DokoRules(bock_after="tie", bock_pflichtsolo=uses), players=4)
        book.add(1)
        book.book_result(pflicht, DokoRules())
        assert len(book.levels) == left
    book = BockBook(DokoRules(bock_after="tie", bock_pflichtsolo=False), players=4)
    book.add(1)
    book.book_result(pflicht, DokoRules(pflichtsolo=True, vorfuehren=True,
                                        pflicht_owed="0", vorgefuehrt=0))
    assert len(book.levels) == 3


def test_a_pflichtsolo_on_top_counts_without_bock_when_asked() -> None:
    from binokel.bots import make_bot
    from binokel.play import play_deal
    from test_doppelkopf_procedure import deal
    from test_doppelkopf_procedure import run
    scores = {}
    for uses in (True, False):
        rules = DokoRules(pflichtsolo=True, pflicht_owed="0", bock_level=1,
                          bock_pflichtsolo=uses)
        s = run(deal(rules, KOEHLER_HANDS), "vorbehalt", "gesund", "gesund", "gesund",
                "solo damen")
        assert s.pflicht
        play_deal(s, [make_bot("heuristic", k, game="doppelkopf") for k in range(4)])
        scores[uses] = s.result.scores
        assert s.result.bock == (1 if uses else 0)
    assert scores[True] == tuple(2 * v for v in scores[False])


# ------------------------------------------------------------------ throwing in
# Seat 0: 127 Augen, trumps SA S10 only (the Fuchs its highest trump); seat 1: one trump
# (SK); seat 2: both Kreuz-Damen and every other Dame and Bube but two; seat 3: the rest.
THROW_HANDS = {
    0: "SA S10 EA EA E10 E10 BA BA B10 B10 HA HA",
    1: "EK EK E9 E9 BK BK B9 B9 HK HK H9 SK",
    2: "EO EO BO BO HO HO SO SO EU EU BU BU",
    3: "H10 H10 HU HU H9 SA S10 SK SU SU S9 S9",
}


def _thrower(rules: DokoRules) -> list[int]:
    from binokel.core.cards import cardset
    from binokel.core.cards import parse_cards
    from binokel.games.doppelkopf.reservations import may_throw
    return [s for s, h in THROW_HANDS.items() if may_throw(rules, cardset(parse_cards(h)))]


@pytest.mark.parametrize("rules, who", [
    (DokoRules(throw_points=100), [0]),          # 127 Augen; the others far below
    (DokoRules(throw_points=128), []),
    (DokoRules(throw_one_trump=True), [1]),      # the Karo-König alone
    (DokoRules(throw_fuchs_highest=True), [0]),  # SA S10: nothing above the Fuchs
    (DokoRules(), []),
])
def test_each_throw_in_variant(rules: DokoRules, who: list[int]) -> None:
    from test_doppelkopf_procedure import deal
    from test_doppelkopf_procedure import run
    assert _thrower(rules) == who
    if not who:
        return
    setup = ["vorbehalt" if s in who else "gesund" for s in range(4)]
    s = run(deal(rules, THROW_HANDS), *setup, "pass")   # no solo: he passes to Schmeißen
    assert s.asking == "schmeissen" and s.legal_actions() == ["schmeissen"]
    s.apply("schmeissen")
    assert s.is_over and s.result.contract == "thrown in" and s.result.scores == (0,) * 4


def test_throwing_in_before_the_solos() -> None:
    from test_doppelkopf_procedure import deal
    from test_doppelkopf_procedure import run
    # Seat 0 may throw (127 Augen), seat 2 wants a Damensolo.
    setup = ("vorbehalt", "gesund", "vorbehalt", "gesund")
    after = run(deal(DokoRules(throw_points=100), THROW_HANDS), *setup)
    assert after.asking == "lustsolo" and after.to_move == 0
    run(after, "pass", "solo damen")
    assert after.contract == "solo damen"          # the solo comes first
    before = run(deal(DokoRules(throw_points=100, throw_before_solo=True), THROW_HANDS),
                 *setup)
    assert before.asking == "schmeissen" and before.to_move == 0
    run(before, "schmeissen")
    assert before.result is not None and before.result.contract == "thrown in"


def test_the_heuristic_throws_a_poor_hand_and_plays_a_rich_one() -> None:
    from binokel.games.doppelkopf.bots import DokoHeuristicBot
    from test_doppelkopf_procedure import deal
    bot = DokoHeuristicBot()
    rules = DokoRules(throw_points=100, throw_one_trump=True)
    s = deal(rules, THROW_HANDS)
    for seat in range(4):
        s.apply(bot.choose(s.view(seat)))
    assert s.vorbehalte[:2] == ["vorbehalt", "vorbehalt"]
    # Seat 0's aces make a Fleischloser, which it plays rather than throw 127 Augen away;
    # seat 1 (one trump) would have thrown in.
    assert s.asking == "lustsolo" and bot.choose(s.view(0)) == "solo fleischlos"
    s.apply("solo fleischlos")
    assert s.contract == "solo fleischlos"
    assert bot._reservation(s.view(1), s.hands[1]) == "schmeissen"


# ------------------------------------------------------------------ Armut
# Seat 0: four trumps, both Füchse among them (SA SA S10 SK); seat 1: twelve trumps;
# seat 3: none at all.
ARMUT_HANDS = {
    0: "SA SA S10 SK EA EA E10 E10 BA BA HA HA",
    1: "EO EO H10 H10 BO BO HO HO SO SO EU EU",
    2: "BU BU HU HU SU SU S10 SK S9 S9 E9 E9",
    3: "EK EK BK BK B10 B10 B9 B9 HK HK H9 H9",
}


def _armut(rules: DokoRules, *setup: str):  # type: ignore[no-untyped-def]
    from test_doppelkopf_procedure import deal
    from test_doppelkopf_procedure import run
    return run(deal(rules, ARMUT_HANDS), *setup)


def test_the_fuchs_not_counted_makes_four_trumps_an_armut() -> None:
    # Counted, the Füchse make four trumps: no Armut held, so no pass to its question.
    s = _armut(DokoRules(armut=True), "vorbehalt", "gesund", "gesund", "gesund")
    assert "pass" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="needs at most 3 trumps, seat 0 holds 4"):
        s.apply("armut")
    r = DokoRules(armut=True, armut_fuchs_uncounted=True)
    s = _armut(r, "vorbehalt", "gesund", "gesund", "gesund", "pass", "armut")
    # All four trumps go, so four cards, and four come back.
    assert s.legal_actions() == ["give SA SA S10 SK"]
    s.apply("give SA SA S10 SK")
    s.apply("accept")
    assert len(s.legal_actions()) > 1 and all(len(a.split()) == 5 for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="exactly 4 cards, not 3"):
        s.apply("return EU EU H10")
    s.apply("return EU EU H10 H10")
    assert s.phase == "play"
    assert [len(s.view(x).hand) for x in range(4)] == [12, 12, 12, 12]


def test_only_the_trumps_or_the_fuchs_on_top_are_passed() -> None:
    r = DokoRules(armut=True, armut_fuchs_uncounted=True, armut_pass="fuchs_extra")
    s = _armut(r, "vorbehalt", "gesund", "gesund", "gesund", "pass", "armut")
    # Three cards with every trump, and the two Füchse on top: five.
    assert sorted(s.legal_actions()) == sorted(f"give {x} SA SA S10 SK"
                                               for x in ("EA", "E10", "BA", "HA"))
    # Only the trumps: seat 3 has none, so it passes nothing and gets nothing back.
    r = DokoRules(armut=True, armut_pass="trumps")
    s = _armut(r, "gesund", "gesund", "gesund", "vorbehalt", "pass", "armut")
    assert s.legal_actions() == ["give"]
    s.apply("give")
    assert s.phase == "armut_offer"
    s.apply("accept")
    assert s.legal_actions() == ["return"]
    s.apply("return")
    assert s.phase == "play" and s.partner is not None


def test_the_fuchse_passed_lie_open_with_the_option() -> None:
    from binokel.present import present
    for open_, seen in ((False, "give ? ? ? ?"), (True, "give SA SA ? ?")):
        r = DokoRules(armut=True, armut_fuchs_uncounted=True, armut_fuchs_open=open_)
        s = _armut(r, "vorbehalt", "gesund", "gesund", "gesund", "pass", "armut",
                   "give SA SA S10 SK")
        assert s.view(2).history[-1] == (0, seen)
        panel = present(s.view(2), "en").panels[0]
        assert panel.cards == (("SA", "SA") if open_ else ())
        assert panel.text == ("2 cards face down, and face up:" if open_ else
                              "4 cards, face down")
        assert s.view(0).history[-1] == (0, "give SA SA S10 SK")   # his own cards


def play_out(rnd: DokoSeries) -> list[int]:
    """Play the series to its end, each deal by its first legal actions (all gesund, no
    announcement); the dealers in order."""
    dealers = []
    while True:
        state = rnd.current
        assert isinstance(state, DokoState)
        dealers.append(state.dealer)
        while not state.is_over:
            rnd.apply(state.legal_actions()[0])
        if rnd.is_over:
            return dealers
        rnd.next_deal()


# ------------------------------------------------------------------ five at the table
def test_five_table_option_values() -> None:
    assert DokoRules().five_table == "table"
    assert DokoRules.from_preset("ddv").five_table == "per_player"
    with pytest.raises(RulesError, match="five_table"):
        DokoRules.from_dict({"options": {"five_table": "double"}})


def test_a_five_table_plays_five_deals_for_every_four() -> None:
    # 8 deals a player: 10 at the table, each seat deals twice and sits out twice, so plays
    # 8; a table of four keeps its 8. Without the option five players play 8 deals too.
    rules = DokoRules(five_table="per_player", deals_per_series=8)
    rnd = new_series("doppelkopf", rules, 5, 0, seed=5)
    assert isinstance(rnd, DokoSeries)
    assert rnd.deals_left == 10
    dealers = play_out(rnd)
    assert dealers == [0, 1, 2, 3, 4, 0, 1, 2, 3, 4] and rnd.winner is not None
    played = [sum(1 for d in dealers if d != s) for s in range(5)]
    assert played == [8] * 5
    four = new_series("doppelkopf", rules, 4, 0, seed=5)
    assert isinstance(four, DokoSeries) and len(play_out(four)) == 8
    old = new_series("doppelkopf", DokoRules(deals_per_series=8), 5, 0, seed=5)
    assert isinstance(old, DokoSeries) and len(play_out(old)) == 8
    # A length not a multiple of four rounds up to whole rounds of five.
    assert rules.replace(deals_per_series=10).series_deals(5) == 15
    assert rules.series_end_for(5).deals == 10 and rules.series_end_for(4).deals == 8


def test_ddv_five_table_one_pflichtsolo_each_in_30_deals() -> None:
    # The ddv preset at five: 30 deals, everybody still owes one Pflichtsolo; the
    # Vorführen starts only when the deals left (of 30) run short.
    rnd = new_series("doppelkopf", DokoRules.from_preset("ddv"), 5, 0, seed=2)
    assert isinstance(rnd, DokoSeries)
    assert rnd.deals_left == 30 and rnd.owed == {0, 1, 2, 3, 4}
    assert rnd.current.rules.vorgefuehrt == -1


# ------------------------------------------------------------------ Schweinchen
# Seat 1 holds both Füchse (SA) and both Karo-Neunen (S9); Re is seats 0 and 2 (a Kreuz-Dame
# each); dealer 3, seat 0 leads.
SA_CARD = parse_card("SA")
SW_HANDS = {0: "H10 EO BO EU EA EA E10 EK BA B10 HA HK",
            1: "SA SA S9 S9 HO SO BU E9 E9 B9 H9 H9",
            2: "H10 EO BO HO SO EU BU SK S10 E10 EK BA",
            3: "HU HU SU SU SK S10 B10 BK BK B9 HA HK"}


def _sw(**options: object) -> DokoState:
    rules = DokoRules(schweinchen=True, **options)  # type: ignore[arg-type]
    hands = {s: parse_cards(h) for s, h in SW_HANDS.items()}
    s = DokoState.new(rules, 3, deck_order=deck_for_hands(hands, 3, 4, rules))
    for _ in range(4):
        s.apply("gesund")
    return s


def _trick(s: DokoState, cards: str) -> int:
    for c in cards.split():
        s.apply("play " + c)
    return s.tricks[-1].winner


def test_schweinchen_at_once_are_shown_before_the_first_card() -> None:
    s = _sw()
    assert s.schweine == 1 and all(s.view(v).schweine == 1 for v in range(4))
    assert _trick(s, "H10 SA EO HU") == 1   # the Fuchs is the highest trump


def test_schweinchen_when_played_count_from_their_first_card() -> None:
    s = _sw(schweinchen_when="played")
    assert s.schweine is None and all(s.view(v).schweine is None for v in range(4))
    assert s.order.trumps[0] == parse_card("H10")
    # Seat 1 keeps them back: the Dulle wins trick 1, nobody knows of the Schweinchen.
    assert _trick(s, "H10 S9 EO HU") == 0 and s.view(3).schweine is None
    # Trick 2: his first Fuchs is declared as it is played and beats the Kreuz-Dame.
    s.apply("play EO")
    s.apply("play SA")
    assert s.schweine == 1 and s.view(0).schweine == 1 and s.order.trumps[0] == SA_CARD
    s.apply("play BO")
    s.apply("play SU")
    assert s.tricks[-1].winner == 1


def test_only_the_second_fuchs_is_a_schweinchen() -> None:
    s = _sw(schweinchen_when="second")
    # Trick 1: the first Fuchs is a plain Fuchs below the Dulle; nothing is declared.
    assert _trick(s, "H10 SA EO HU") == 0 and s.schweine is None
    # Trick 2: the second one is the Schweinchen and beats the Dulle played after it.
    assert _trick(s, "BO SA H10 SU") == 1 and s.schweine == 1
    # Once they are out no Fuchs counts (the first one taken by Re is no Fuchs gefangen).
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert s.result is not None
    assert not any("Fuchs" in what for what, _, _ in s.result.lines)


def test_superschweine_follow_the_schweinchen_when_played() -> None:
    # Seat 1 holds both Karo-Neunen too: played before his Schweinchen they are plain;
    # with superschweine at once (begin) both pairs are shown at the start.
    s = _sw(superschweine=True)
    assert (s.schweine, s.superschweine) == (1, 1)
    s = _sw(superschweine=True, schweinchen_when="played")
    assert _trick(s, "H10 S9 EO HU") == 0 and s.superschweine is None
    assert _trick(s, "BO SA EU SU") == 1 and (s.schweine, s.superschweine) == (1, None)
    # Seat 1 leads his second Neun: no longer a pair in his hand, no Superschweine.
    s.apply("play S9")
    assert s.superschweine is None


def test_schweinchen_in_a_hochzeit_and_an_armut_only_with_the_options() -> None:
    r = DokoRules(schweinchen=True)
    assert schweine_cards(r, "hochzeit")[0] == SA_CARD
    assert schweine_cards(r, "armut")[0] == SA_CARD
    assert schweine_cards(r.replace(schweinchen_hochzeit=False), "hochzeit") == (None, None)
    assert schweine_cards(r.replace(schweinchen_armut=False), "armut") == (None, None)
    assert schweine_cards(r.replace(schweinchen_armut=False), "normal")[0] == SA_CARD
    with pytest.raises(RulesError, match="schweinchen_when"):
        DokoRules.from_dict({"options": {"schweinchen_when": "never"}})


def test_the_first_dulle_beats_the_second_while_schweinchen_are_out() -> None:
    # dulle_second_wins: the second Dulle wins trick 1 (seat 2's); with
    # dulle_first_with_schweine and the Schweinchen shown at once the first (seat 0's).
    s = _sw(dulle_second_wins=True)
    assert _trick(s, "H10 S9 H10 HU") == 2
    s = _sw(dulle_second_wins=True, dulle_first_with_schweine=True)
    assert _trick(s, "H10 S9 H10 HU") == 0
    # Not yet out (played): the second Dulle still wins.
    s = _sw(dulle_second_wins=True, dulle_first_with_schweine=True, schweinchen_when="played")
    assert _trick(s, "H10 S9 H10 HU") == 2


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["begin", "played", "second"]), st.booleans(), st.integers(0, 10**6))
def test_schweinchen_declared_by_the_end_and_hidden_until_then(
        when: str, sup: bool, seed: int) -> None:
    # Random deals (every preset option of the Schweinchen's): the holder of both Füchse in
    # a game with Schweinchen is declared by the end; before, no other view names him, and
    # the cards' Augen still add up to 240.
    rules = DokoRules(schweinchen=True, superschweine=sup, schweinchen_when=when,
                      armut=True, schweinchen_in_solos=True)
    rng = random.Random(seed)
    s = DokoState.new(rules, seed % 4, rng=rng)
    holder = None
    while not s.is_over:
        if s.phase == "play" and holder is None and not s.tricks and not s.trick:
            sw = schweine_cards(rules, s.contract or "")[0]
            holder = next((p for p in s.active if sw is not None
                           and count(s.hands[p], sw) == 2), -1)
        if s.phase == "play" and s.schweine is None:
            assert all(s.view(v).schweine is None for v in s.active)
        s.apply(s.random_action(rng))
    if s.contract != "thrown in":
        assert holder is not None
        assert s.schweine == (None if holder == -1 else holder)
        assert sum(s.trick_points) == 240


def test_the_log_names_the_schweinchen_at_the_card_that_declares_them() -> None:
    s = _sw(schweinchen_when="played")
    _trick(s, "H10 S9 EO HU")
    _trick(s, "EO SA BO SU")
    log = present(s.view(3), "en").log
    at = next(i for i, line in enumerate(log) if "Schweinchen" in line)
    tricks = [i for i, line in enumerate(log) if line.startswith("Trick")]
    assert tricks[0] < at < tricks[1], log


# ------------------------------------------------------------------ the bride names it
# SW_HANDS with seat 0's Kreuz-König and seat 2's Kreuz-Dame swapped: seat 0 (Vorhand)
# holds both Kreuz-Damen.
H_HANDS = {**SW_HANDS, 0: "H10 EO EO BO EU EA EA E10 BA B10 HA HK",
           2: "H10 EK BO HO SO EU BU SK S10 E10 EK BA"}
# Trick 1, a Kreuz trick, goes to seat 3 (trumped); trick 2, Pik, to the bride herself;
# trick 3, Pik, to seat 2 (trumped).
H_TRICKS = ("EA E9 E10 HU", "BK BA B9 BA", "B10 H9 SK B9")


def _bride(named: str | None, **options: object) -> DokoState:
    rules = DokoRules(**options)  # type: ignore[arg-type]
    hands = {s: parse_cards(h) for s, h in H_HANDS.items()}
    s = DokoState.new(rules, 3, deck_order=deck_for_hands(hands, 3, 4, rules))
    for a in ("vorbehalt", "gesund", "gesund", "gesund", "pass"):
        s.apply(a)
    assert s.asking == "hochzeit" and s.to_move == 0
    if named is not None:
        s.apply(named)
    return s


def test_the_bride_names_a_suit_and_its_first_foreign_trick_finds_the_partner() -> None:
    s = _bride(None, hochzeit_klaerung="wahl")
    assert s.legal_actions() == ["hochzeit fremd", "hochzeit fehl", "hochzeit trumpf",
                                 "hochzeit E", "hochzeit B", "hochzeit H"]
    with pytest.raises(IllegalAction, match="name the Klärungsstich"):
        s.apply("hochzeit")
    s.apply("Hochzeit pik")   # any spelling; the history keeps the canonical one
    assert s.history[-1] == (0, "hochzeit B") and s.contract == "hochzeit"
    assert s.declarations[0] == "hochzeit" and s.view(1).klaerung == "B"
    assert "first Spades trick" in present(s.view(1), "en").status
    winners = []
    for cards in H_TRICKS:
        winners.append(_trick(s, cards))
        if len(winners) < 3:
            assert s.partner is None and s.clarified_in == 0
    # The Kreuz trick (seat 3's) does not count, nor the Pik trick the bride won herself.
    assert winners == [3, 0, 2] and (s.partner, s.clarified_in) == (2, 3)
    assert s.re_seats == frozenset({0, 2})


def test_the_same_tricks_under_the_other_choices() -> None:
    # fremd: trick 1 already (seat 3); Herz: no Herz trick in three, she plays alone.
    s = _bride("hochzeit fremd", hochzeit_klaerung="wahl")
    assert _trick(s, H_TRICKS[0]) == 3 and (s.partner, s.clarified_in) == (3, 1)
    s = _bride("hochzeit H", hochzeit_klaerung="wahl")
    for cards in H_TRICKS:
        _trick(s, cards)
    assert (s.partner, s.clarified_in) == (None, 3)
    # fehl: the Kreuz trick is a Fehl trick won by another player.
    s = _bride("hochzeit fehl", hochzeit_klaerung="wahl")
    assert _trick(s, H_TRICKS[0]) == 3 and s.partner == 3


def test_without_wahl_the_bride_names_nothing() -> None:
    s = _bride(None)
    assert s.legal_actions() == ["hochzeit"]
    with pytest.raises(IllegalAction, match="only with hochzeit_klaerung = wahl"):
        s.apply("hochzeit B")
    s.apply("hochzeit")
    assert s.klaerung == "fremd" and s.view(2).klaerung == "fremd"


def test_the_bots_name_a_klaerungsstich_and_play_on() -> None:
    # The heuristic (and the strong player through it) names one of the offered kinds.
    from binokel.games.doppelkopf.bots import DokoHeuristicBot
    s = _bride(None, hochzeit_klaerung="wahl")
    bot = DokoHeuristicBot(1)
    a = bot.choose(s.view(0))
    assert a in s.legal_actions()
    s.apply(a)
    while not s.is_over:
        s.apply(bot.choose(s.view(s.to_move)))
    assert s.result is not None and sum(s.result.scores) == 0


def test_pending_while_a_declaration_may_still_change_the_order() -> None:
    from binokel.games.doppelkopf.schweinchen import pending
    assert not pending(_sw())                              # begin: shown at once
    s = _sw(schweinchen_when="played")
    assert pending(s)
    _trick(s, "H10 S9 EO HU")
    _trick(s, "EO SA BO SU")                               # declared: the order is final
    assert not pending(s)
    s = _sw(schweinchen_when="second")
    _trick(s, "H10 SA EO HU")
    assert pending(s)                                      # the second is still to come


def test_the_log_says_which_fuchs_made_the_schweinchen() -> None:
    s = _sw(schweinchen_when="second")
    _trick(s, "H10 SA EO HU")
    _trick(s, "BO SA H10 SU")
    log = present(s.view(2), "de").log
    assert "Platz 2 spielt seinen zweiten Fuchs: Schweinchen, ab jetzt der höchste Trumpf" \
        in log, log
