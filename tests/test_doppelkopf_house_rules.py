"""Issue 32's house rules of Doppelkopf (FreeDoko's options and the DDV's), each
hand-checked on a deal or a trick: the Erwiderung without Absage, the solos, the Bock
triggers, throwing in, Armut and Hochzeit variants, Schweinchen, the extra points, the
compulsory announcement, Re/Kontra doubling and the score sheets."""

from __future__ import annotations

import pytest

from binokel.core.errors import IllegalAction
from binokel.games.doppelkopf.rules import DokoRules
from doppelkopf_deals import N1
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
