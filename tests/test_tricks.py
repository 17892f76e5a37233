"""Trick rules (RULES §4): Farbzwang, Stichzwang and its exception, Trumpfzwang with
must_overtrump / must_trump_lower, voids, no trump in Durch/Untendurch, who wins a trick."""

from __future__ import annotations

import pytest

from binokel.core.cards import EICHEL
from binokel.core.cards import HERZ
from binokel.core.cards import cardset
from binokel.core.cards import parse_card
from binokel.core.cards import parse_cards
from binokel.core.errors import IllegalAction
from binokel.core.trick import beats
from binokel.core.trick import legal_mask
from binokel.games.binokel.melds import NO_TRUMP
from binokel.games.binokel.state import DealState
from helpers import deal
from helpers import hand as hand_text
from helpers import run
from helpers import toks


def legal(hand: str, trick: str, trump: int = EICHEL, must_overtrump: bool = True,
          must_trump_lower: bool = True) -> str:
    """The legal cards of ``hand`` on ``trick`` (cards in playing order)."""
    cards = parse_cards(trick)
    led = cards[0] >> 3 if cards else -1
    best_led = max((c for c in cards if c >> 3 == led), default=-1)
    best_trump = max((c for c in cards if c >> 3 == trump), default=-1)
    m = legal_mask(cardset(parse_cards(hand)), led, best_led, best_trump, trump,
                   must_overtrump, must_trump_lower)
    return toks(m)


# ------------------------------------------------------------------ legal_mask, case by case
def test_leading_any_card() -> None:
    assert legal("HA EU BO", "") == "EU BO HA"


def test_farbzwang_follow_the_led_suit() -> None:
    assert legal("HK HO EA BA", "HU") == "HK HO"
    assert legal("HO EA BA", "HA") == "HO", "following is required even without beating"


def test_stichzwang_beat_the_best_card_of_the_led_suit() -> None:
    assert legal("HA H10 HK HO EA", "HK") == "HA H10"
    assert legal("HA H10 HK HO", "HU H10") == "HA", "beat the best, not the led card"
    # equal is not higher: HA on HA does not beat, so any Herz
    assert legal("HA HK", "HA") == "HA HK"


def test_stichzwang_not_when_a_trump_lies_in_the_trick() -> None:
    # Herz led, then trumped with EU: following suit is enough.
    assert legal("HA HO BA", "HK EU") == "HA HO"


def test_stichzwang_when_trump_is_led() -> None:
    assert legal("EA EU HA", "EK") == "EA"
    assert legal("EO EU HA", "EK") == "EO EU", "cannot beat: any trump"


def test_trumpfzwang_void_must_trump() -> None:
    assert legal("EU EK BA SA", "HA") == "EK EU"


def test_must_overtrump() -> None:
    # Herz led, the second player trumped with EK; the void third player must beat it.
    assert legal("EA EU BA", "HA EK") == "EA"
    assert legal("EA EU BA", "HA EK", must_overtrump=False) == "EA EU"


def test_must_trump_lower_on_and_off() -> None:
    # cannot beat EA: still a trump (default), or anything (option off)
    assert legal("EU BA", "HA EA") == "EU"
    assert legal("EU BA", "HA EA", must_trump_lower=False) == "EU BA"
    # the option only applies when the player cannot overtrump
    assert legal("EA EU BA", "HA EK", must_trump_lower=False) == "EA"


def test_void_in_led_suit_and_trump_any_card() -> None:
    assert legal("BA SK SU", "HA") == "BA SK SU"
    assert legal("BA SK SU", "HA EU") == "BA SK SU"


def test_no_trump_durch_follow_and_beat_else_anything() -> None:
    assert legal("HA HK EU", "H10", trump=NO_TRUMP) == "HA"
    assert legal("EU BA", "HA", trump=NO_TRUMP) == "EU BA"


# ------------------------------------------------------------------ who wins
@pytest.mark.parametrize("card, best, trump, wins", [
    ("HA", "HK", EICHEL, True),      # higher of the suit
    ("H10", "HA", EICHEL, False),
    ("EU", "HA", EICHEL, True),      # a trump beats any plain card
    ("EK", "EA", EICHEL, False),     # higher trump wins
    ("EA", "EK", EICHEL, True),
    ("BA", "HK", EICHEL, False),     # a card of another plain suit never wins
    ("HA", "HA", EICHEL, False),     # equal cards: the first played wins
    ("EU", "EU", EICHEL, False),
    ("EA", "HU", NO_TRUMP, False),   # no trump in Durch: only the led suit wins
    ("HA", "HU", HERZ, True),
])
def test_beats(card: str, best: str, trump: int, wins: bool) -> None:
    assert beats(parse_card(card), parse_card(best), trump) is wins


# ------------------------------------------------------------------ in a real deal
# Dealer 2: Vorhand 0, Hinterhand 1, dealer 2 plays last.
HANDS = {0: "EA EA E10 E10 HA HA BA BA SA SA EK BK",
         1: "H10 H10 HK HK HO HO HU HU EU BO BU SU",
         2: "EK EO EO EU B10 B10 BK BO BU S10 S10 SK"}
DAPP = "SK SO SO SU"


def trick_deal(contract: str = "trump E", **options: object) -> DealState:
    state = deal(HANDS, DAPP, dealer=2, **options)
    return run(state, f"bid 150; pass; pass; discard {DAPP}; {contract}")


def test_a_normal_game_trick_by_trick() -> None:
    state = trick_deal()
    assert state.to_move == 0 and state.trump == EICHEL
    state.apply("play HA")
    assert state.legal_actions() == ["play HU", "play HO", "play HK", "play H10"]
    state.apply("play H10")
    assert state.legal_actions() == ["play EU", "play EO", "play EK"], "Trumpfzwang"
    state.apply("play EU")
    t = state.tricks[-1]
    assert (t.leader, t.winner, t.points) == (0, 2, 11 + 10 + 2)
    assert state.to_move == 2, "the trick winner leads"
    state.apply("play B10")
    assert state.legal_actions() == ["play BA"], "Stichzwang: BK would not beat B10"
    state.apply("play BA")
    assert state.legal_actions() == ["play BU", "play BO"]
    state.apply("play BO")
    assert state.tricks[-1].winner == 0
    state.apply("play EA")  # trump led: the others must follow and beat if they can
    assert state.legal_actions() == ["play EU"]
    state.apply("play EU")
    assert state.legal_actions() == ["play EO", "play EK"]
    state.apply("play EK")
    # B10 + BA + BO, then EA + EU + EK for seat 0; HA + H10 + EU for seat 2
    assert state.tricks[-1].winner == 0 and state.trick_points == [24 + 17, 0, 23]


def test_equal_cards_the_first_played_wins() -> None:
    state = deal({0: "HA BA BA SA SA EK BK", 1: "HA H10 HK", 2: "HO HU"}, dealer=2)
    run(state, "bid 150; pass; pass")
    run(state, "discard " + toks(state.dapp) + "; trump S")
    state.apply("play HA")
    assert "play HA" in state.legal_actions() and "play HK" in state.legal_actions()
    run(state, "play HA; play HU")
    assert state.tricks[-1].winner == 0


def test_illegal_cards_say_why() -> None:
    state = trick_deal()
    with pytest.raises(IllegalAction, match="seat 0 does not hold HK"):
        state.apply("play HK")
    state.apply("play HA")
    with pytest.raises(IllegalAction, match="must follow suit H"):
        state.apply("play EU")
    state.apply("play HU")
    with pytest.raises(IllegalAction, match=r"must play a trump \(Trumpfzwang\)"):
        state.apply("play BU")
    state.apply("play EK")
    state.apply("play B10")
    with pytest.raises(IllegalAction, match=r"Stichzwang.*legal: BA"):
        state.apply("play BK")
    with pytest.raises(IllegalAction, match="not a card"):
        state.apply("play XX")
    with pytest.raises(IllegalAction, match="expects play CARD"):
        state.apply("bid 150")


def test_durch_has_no_trump() -> None:
    state = trick_deal("durch")
    assert state.trump == NO_TRUMP and state.to_move == 0, "the declarer leads"
    state.apply("play HA")
    state.apply("play H10")
    # void in Herz: seat 2 may play anything, trumps do not exist
    assert len(state.legal_actions()) == len(set(parse_cards(hand_text(state, 2))))
    state.apply("play EU")
    assert state.tricks[-1].winner == 0, "EU is no trump in a Durch"
    state.apply("play BK")
    assert state.legal_actions() == ["play BU", "play BO"]
    state.apply("play BO")
    assert state.legal_actions() == ["play B10"], "Stichzwang holds in a Durch"
    state.apply("play B10")
    assert state.is_over and state.result is not None and state.result.made is False


def test_untendurch_has_no_trump() -> None:
    state = trick_deal("untendurch")
    assert state.trump == NO_TRUMP and state.to_move == 0
    state.apply("play BK")
    state.apply("play BU")
    assert state.legal_actions() == ["play B10"]
    state.apply("play B10")
    assert state.tricks[-1].winner == 2 and not state.is_over
    state.apply("play EU")
    assert state.legal_actions() == ["play EK", "play E10", "play EA"], "must beat EU"
    state.apply("play EK")
    assert state.legal_actions() == ["play EU"]
    state.apply("play EU")
    assert state.is_over and state.result is not None and state.result.made is False


# Seat 0 holds every Herz; seats 1 and 2 have none, and both hold an Eichel-Unter.
OVER = {0: "HA HA H10 H10 HK HK HO HO HU HU EA EA",
        1: "EU BA BA B10 B10 BK BK BO BO BU BU SA",
        2: "EU EK E10 SA S10 S10 SK SK SO SO SU SU"}


@pytest.mark.parametrize("overtrump, legal_third", [(True, ["play EK", "play E10"]),
                                                    (False, ["play EU", "play EK",
                                                             "play E10"])])
def test_overtrump_in_a_real_deal(overtrump: bool, legal_third: list[str]) -> None:
    state = deal(OVER, "E10 EK EO EO", must_overtrump=overtrump)
    run(state, "bid 150; pass; pass; discard E10 EK EO EO; trump E; play HA")
    assert state.legal_actions() == ["play EU"], "void in Herz: must trump"
    state.apply("play EU")
    assert state.legal_actions() == legal_third
    if overtrump:
        # the equal EU does not beat the first one: he must overtrump, and the error says so
        with pytest.raises(IllegalAction, match=r"must beat the best trump.*legal: EK E10"):
            state.apply("play EU")
        with pytest.raises(IllegalAction, match=r"must play a trump \(Trumpfzwang\)"):
            state.apply("play SA")
    state.apply("play EK")
    assert state.tricks[-1].winner == 2
