"""Announcements at any time (option ``announce_any_time``, DDV TSR 6.3, FreeDoko): a seat
that is not to move says Re, Kontra or an Absage, bounded only by the cards in its own
hand; the history and the record say who; the table offers the buttons off turn."""

from __future__ import annotations

import pytest

from binokel.core.errors import IllegalAction
from binokel.games.doppelkopf.rules import DokoRules
from binokel.games.doppelkopf.state import DokoState
from binokel.present import present
from binokel.record import Record
from doppelkopf_deals import N1
from doppelkopf_deals import play

ANY = DokoRules(announce_any_time=True)
ABSAGEN = ["keine 90", "keine 60", "keine 30", "schwarz"]


def test_a_kontra_player_announces_while_vorhand_is_to_lead() -> None:
    # N1: seats 0 and 1 hold the Kreuz-Damen (Re), 2 and 3 are Kontra; seat 0 leads.
    s = play(N1, rules=ANY, upto=0)
    assert s.to_move == 0 and s.interjections(2) == ["kontra"] and s.interjections(0) == []
    s.apply("2: kontra")
    assert s.to_move == 0                       # the turn stays with the leader
    assert s.history[-1] == (0, "2: kontra")    # the seat to move, and who said it
    assert s.announcements == [(2, "kontra", "kontra")]
    assert s.view(2).interjections == tuple(ABSAGEN)     # his party's Absagen next
    assert s.view(3).interjections == tuple(ABSAGEN)     # his partner may say them too
    assert s.view(1).interjections == ("re",)            # Re may answer (Erwiderung)
    assert s.view(0).interjections == () and "re" in s.view(0).legal_actions
    assert s.public_view().interjections == ()
    # The card is still the leader's; the Kontra stands in the log before it.
    s.apply("play EA")
    assert s.to_move == 1
    log = present(s.view(3), "en").log
    assert log.index("Seat 3 announces Kontra") < len(log)


def test_the_deadline_is_the_announcers_own_hand() -> None:
    # Trick 2 (N1): seats 0 and 1 have played (10 cards left), seats 2 and 3 hold 11.
    s = play(N1, rules=ANY, upto=1)
    s.apply("play EK")
    s.apply("play E9")
    assert [len(s.view(x).hand) for x in range(4)] == [10, 10, 11, 11]
    assert s.to_move == 2
    assert s.interjections(3) == ["kontra"]        # 11 cards: Kontra still in time
    assert s.interjections(0) == [] and s.interjections(1) == []   # 10: too late for Re
    with pytest.raises(IllegalAction, match="too late, needs at least 11 cards"):
        s.apply("0: re")
    s.apply("3: kontra")
    # Kontra's keine 90 needs 10 cards, Re's Erwiderung one fewer than Kontra needed.
    assert s.interjections(3) == ABSAGEN and s.interjections(1) == ["re"]


def test_without_the_option_only_the_player_to_move_announces() -> None:
    s = play(N1, upto=0)
    assert s.interjections(2) == [] and s.view(2).interjections == ()
    before = list(s.history)
    with pytest.raises(IllegalAction, match="announce_any_time = no"):
        s.apply("2: kontra")
    assert s.history == before and s.announcements == []


def test_an_interjection_of_the_wrong_party_or_a_seat_sitting_out_is_refused() -> None:
    s = play(N1, rules=ANY, upto=0)
    with pytest.raises(IllegalAction, match="does not belong to the re party"):
        s.apply("2: re")
    five = DokoState.new(ANY, dealer=4, seed=3, players=5)
    for _ in range(4):
        five.apply("gesund")
    assert five.interjections(4) == []
    with pytest.raises(IllegalAction, match="sits out"):
        five.apply("4: re")


def test_the_record_keeps_who_announced_and_replays() -> None:
    s = play(N1, rules=ANY, upto=0)
    s.apply("2: kontra")
    s.apply("play EA")
    s.apply("0: re")     # seat 1 is to move now: seat 0 answers out of turn
    rec = Record.loads(Record.from_state(s).dumps())
    assert rec.actions[-3:] == ("2: kontra", "play EA", "0: re")
    replayed = rec.replay()
    assert replayed.history == s.history and replayed.announcements == s.announcements


def test_the_table_offers_the_buttons_off_turn_and_no_cards() -> None:
    s = play(N1, rules=ANY, upto=0)
    table = present(s.view(2), "de", ["Anna", "Bert", "Cilli", "Done"])
    assert not table.my_turn and table.turn == "Anna ist dran"
    assert [b.action for b in table.choices.buttons] == ["kontra"]
    assert table.choices.cards is None and not any(c.playable for c in table.cards)
    # A spectator gets no buttons.
    assert present(s.public_view(), "de").choices.buttons == ()
