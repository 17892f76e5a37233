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
