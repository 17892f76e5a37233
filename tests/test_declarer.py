"""The declarer's part (RULES §2.3-2.6): Dapp, Drücken, abgehen at both moments, Durch and
Untendurch, Rufen (call and give)."""

from __future__ import annotations

import pytest

from binokel.core.cards import EICHEL
from binokel.core.cards import HERZ
from binokel.core.cards import cardset
from binokel.core.cards import count
from binokel.core.cards import distinct
from binokel.core.cards import parse_cards
from binokel.core.cards import size
from binokel.core.errors import IllegalAction
from binokel.games.binokel.deal import DECLARE
from binokel.games.binokel.deal import PLAY
from binokel.games.binokel.deal import TRUMP
from binokel.games.binokel.declarer import multiset_count
from binokel.games.binokel.melds import NO_MELDS
from binokel.games.binokel.melds import NO_TRUMP
from binokel.games.binokel.melds import best_melds
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.state import DealState
from helpers import deal
from helpers import hand
from helpers import run
from helpers import toks

HANDS = {0: "EA EA E10 E10 HA HA BA BA SA SA EK BK",
         1: "H10 H10 HK HK HO HO HU HU EU BO BU SU",
         2: "EK EO EO EU B10 B10 BK BO BU S10 S10 SK"}
DAPP = "SK SO SO SU"


def won(dealer: int = 2, **options: object) -> DealState:
    """Seat 0 wins the bidding at 160 and has taken up the Dapp."""
    state = deal(HANDS, DAPP, dealer=dealer, **options)
    run(state, "bid 150; bid 160; pass; pass" if dealer == 1 else "bid 160; pass; pass")
    assert state.declarer == 0 and state.bid == 160
    return state


# ------------------------------------------------------------- Dapp and Drücken
def test_dapp_is_shown_to_everybody_and_taken_up() -> None:
    state = deal(HANDS, DAPP)
    assert all(state.view(p).dapp is None for p in range(3))
    assert state.public_view().dapp is None
    run(state, "bid 160; pass; pass")
    for p in range(3):
        assert toks(list(state.view(p).dapp or ())) == "SK SO SO SU"
    assert toks(list(state.public_view().dapp or ())) == "SK SO SO SU"
    assert state.phase == DECLARE and state.to_move == 0
    assert hand(state, 0) == "EA EA E10 E10 EK BA BA BK HA HA SA SA SK SO SO SU"


def test_discard_four_cards() -> None:
    state = won()
    # every 4-card sub-multiset of the 16 cards, plus abgehen in each suit
    h = state.hands[0]
    n = multiset_count([count(h, c) for c in distinct(h)], 4)
    acts = state.legal_actions()
    assert len(acts) == n + 4 and acts[-4:] == ["abgehen E", "abgehen B", "abgehen H",
                                                  "abgehen S"]
    assert len(set(acts)) == len(acts) and "discard EA EA E10 E10" in acts
    state.apply("discard su sa sk ez")  # aliases and any order
    assert state.history[-1] == (0, "discard E10 SA SK SU")
    assert size(state.hands[0]) == 12 and toks(state.discard) == "E10 SA SK SU"
    assert state.phase == TRUMP


def test_discard_is_canonical_and_leaves_twelve_cards() -> None:
    state = won()
    state.apply("discard SU SO SK SO")
    assert state.history[-1] == (0, "discard SK SO SO SU")
    assert toks(state.discard) == "SK SO SO SU" and hand(state, 0) == toks(cardset(
        parse_cards(HANDS[0])))


@pytest.mark.parametrize("action, message", [
    ("discard SU SO SK", "exactly 4 cards must be pushed, not 3"),
    ("discard SU SO SK SO SA", "exactly 4 cards must be pushed, not 5"),
    ("discard HK SO SK SU", "does not hold HK"),
    ("discard SU SU SO SK", "does not hold SU twice"),
    ("discard SU SO SK XX", "not a card"),
    ("trump E", "declare phase expects one of abgehen, discard"),
    ("durch", "declare phase expects"),
    ("play EA", "declare phase expects"),
])
def test_bad_discards(action: str, message: str) -> None:
    state = won()
    with pytest.raises(IllegalAction, match=message):
        state.apply(action)
    assert state.phase == DECLARE and size(state.hands[0]) == 16, "nothing changed"


def test_no_dapp_goes_straight_to_the_declaration() -> None:
    state = DealState.new(Rules(sevens=True, dapp=False, deal_48_3p="16+0"), 2, seed=3)
    assert [size(h) for h in state.hands] == [16, 16, 16] and state.dapp_cards == ()
    run(state, "bid 150; pass; pass")
    assert state.phase == TRUMP and size(state.hands[0]) == 16
    assert not any(a.startswith("discard") for a in state.legal_actions())
    assert state.view(1).dapp is None


# ------------------------------------------------------------- the declaration
def test_declarations_after_pushing() -> None:
    state = won()
    state.apply("discard SK SO SO SU")
    assert state.legal_actions() == ["trump E", "trump B", "trump H", "trump S", "durch",
                                     "untendurch", "abgehen E", "abgehen B", "abgehen H",
                                     "abgehen S"]
    t = won(preset="turnier")
    t.apply("discard SK SO SO SU")
    assert "untendurch" not in t.legal_actions() and "durch" in t.legal_actions()
    a = won(preset="aks")
    a.apply("discard SK SO SO SU")
    assert "durch" not in a.legal_actions() and "untendurch" not in a.legal_actions()
    with pytest.raises(IllegalAction, match="durch is not allowed"):
        a.apply("durch")
    with pytest.raises(IllegalAction, match="untendurch is not allowed"):
        a.apply("untendurch")
    with pytest.raises(IllegalAction, match="trump: not a suit"):
        a.apply("trump X")


def test_normal_game_melds_from_the_kept_cards_and_vorhand_leads() -> None:
    state = won(dealer=1)  # Vorhand is seat 2
    run(state, "discard SK SO SO SU; trump E")
    assert state.phase == PLAY and state.to_move == 2
    assert state.melds is not None
    for p in range(3):
        assert state.melds[p] == best_melds(state.hands[p], EICHEL, state.rules)
    # the pushed cards do not meld: seat 0 keeps no Schellen pair
    assert not any(m.suit == 3 for m in state.melds[0].melds)


def test_first_lead_declarer() -> None:
    state = won(dealer=1, first_lead="declarer")
    run(state, "discard SK SO SO SU; trump E")
    assert state.to_move == 0


def test_abgehen_at_once_before_pushing() -> None:
    state = won()
    state.apply("abgehen H")
    assert state.is_over and state.contract == "abgehen" and state.trump == HERZ
    assert state.discard == 0 and size(state.hands[0]) == 16, "nothing of his hand is shown"
    assert state.melds is not None and state.melds[0] == NO_MELDS
    # the others meld with the named trump: seat 1 holds two Herz pairs, in trump 80
    assert state.melds[1] == best_melds(cardset(parse_cards(HANDS[1])), HERZ, state.rules)
    # double trump pair 80 + four Unter 40 + Binokel (SU BO) 40
    assert state.melds[1].total == 80 + 40 + 40
    res = state.result
    assert res is not None and res.scores == (-160, 160 + 30, state.melds[2].total + 30)
    assert not state.legal_actions()


def test_abgehen_after_pushing() -> None:
    state = won()
    run(state, "discard SK SO SO SU; abgehen E")
    assert state.is_over and state.contract == "abgehen" and state.trump == EICHEL
    assert toks(state.discard) == "SK SO SO SU"
    res = state.result
    assert res is not None and res.scores[0] == -160
    assert res.meld_points[1] == 20 + 20 + 40 + 40  # two Herz pairs, 4 Unter, Binokel


@pytest.mark.parametrize("contract", ["durch", "untendurch"])
def test_durch_and_untendurch_declarer_leads_without_melds(contract: str) -> None:
    state = won(dealer=1)
    run(state, f"discard SK SO SO SU; {contract}")
    assert state.contract == contract and state.trump == NO_TRUMP
    assert state.to_move == 0, "the declarer leads even though seat 2 is Vorhand"
    assert state.melds == [NO_MELDS] * 3
    assert state.view(1).open_hand is None


def test_durch_open() -> None:
    state = won(durch_open=1500)
    state.apply("discard SK SO SO SU")
    assert "durch open" in state.legal_actions()
    state.apply("durch open")
    assert state.open_durch and state.history[-1] == (0, "durch open")
    assert toks(list(state.view(1).open_hand or ())) == hand(state, 0)
    assert toks(list(state.public_view().open_hand or ())) == hand(state, 0)
    plain = won()
    plain.apply("discard SK SO SO SU")
    assert "durch open" not in plain.legal_actions()
    with pytest.raises(IllegalAction, match="open Durch is not allowed"):
        plain.apply("durch open")
    with pytest.raises(IllegalAction, match="expected 'durch' or 'durch open'"):
        plain.apply("durch closed")


# ------------------------------------------------------------- Rufen
def rufen() -> DealState:
    state = won(dealer=1, rufen=True)  # playing order 2, 0, 1
    run(state, "discard SK SO SO SU; trump E")
    assert state.phase == "call" and state.to_move == 0
    return state


def test_call_choices() -> None:
    state = rufen()
    acts = state.legal_actions()
    assert acts[-1] == "call none"
    called = {a.split()[1] for a in acts[:-1]}
    # he may call what he lacks and what is not twice in his own discard
    assert called == {"EO", "EU", "B10", "BO", "BU", "H10", "HK", "HO", "HU", "S10", "SK",
                      "SU"}
    with pytest.raises(IllegalAction, match="holds it already"):
        state.apply("call EA")
    with pytest.raises(IllegalAction, match="nobody else holds it"):
        state.apply("call SO")
    with pytest.raises(IllegalAction, match="not a card"):
        state.apply("call E")


def test_call_and_give() -> None:
    state = rufen()
    state.apply("call EU")
    # seats 1 and 2 hold an EU; the first in playing order from Vorhand (seat 2) hands it over
    assert state.call_holder == 2 and state.phase == "give" and state.to_move == 0
    assert "EU" in hand(state, 0).split() and "EU" not in hand(state, 2).split()
    assert "give EU" not in state.legal_actions()
    with pytest.raises(IllegalAction, match="cannot go straight back"):
        state.apply("give EU")
    with pytest.raises(IllegalAction, match="does not hold it"):
        state.apply("give HK")
    state.apply("give HA")
    assert "HA" in hand(state, 2).split() and hand(state, 0).split().count("HA") == 1
    assert [size(h) for h in state.hands] == [12, 12, 12]
    assert state.phase == PLAY and state.to_move == 2
    assert state.melds is not None
    assert state.melds[0] == best_melds(state.hands[0], EICHEL, state.rules), \
        "melds after the exchange"
    # the called card is public, the given card only the two concerned know
    assert state.view(1).history[-1] == (0, "give ?")
    assert state.public_view().history[-1] == (0, "give ?")
    assert state.view(2).history[-1] == (0, "give HA")
    assert state.view(0).history[-1] == (0, "give HA")
    assert state.view(1).history[-2] == (0, "call EU")


def test_give_back_a_second_copy_of_the_called_card_is_allowed() -> None:
    # He lacks EO before the call; after it he holds one copy, which he may not return.
    state = rufen()
    state.apply("call EO")
    assert state.call_holder == 2
    assert "give EO" not in state.legal_actions()


def test_call_none() -> None:
    state = rufen()
    state.apply("call none")
    assert state.phase == PLAY and state.called is None
    assert hand(state, 0) == toks(cardset(parse_cards(HANDS[0])))


def test_no_call_phase_without_rufen() -> None:
    state = won()
    run(state, "discard SK SO SO SU; trump E")
    assert state.phase == PLAY
