"""Announcements at any time (option ``announce_any_time``, DDV TSR 6.3, FreeDoko): a seat
that is not to move says Re, Kontra or an Absage, bounded only by the cards in its own
hand; the history and the record say who; the table offers the buttons off turn."""

from __future__ import annotations

import pytest

from binokel.core.errors import IllegalAction
from binokel.core.state import actor
from binokel.games.doppelkopf.rules import DokoRules
from binokel.games.doppelkopf.state import DokoState
from binokel.present import present
from binokel.record import Record
from doppelkopf_deals import N1
from doppelkopf_deals import play
from doppelkopf_deals import with_tokens

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


# ---------------------------------------------------------------------- bots
def test_the_heuristic_says_out_of_turn_what_it_would_say_on_its_turn() -> None:
    from binokel.games.doppelkopf.bots import DokoHeuristicBot
    bot = DokoHeuristicBot()
    for seed in range(60):
        s = DokoState.new(ANY, dealer=3, seed=seed)
        for _ in range(4):
            s.apply("gesund")
        if s.contract != "normal":
            continue
        for seat in (1, 2, 3):   # seat 0 leads: the others are not to move
            view = s.view(seat)
            said = bot.announce(view)
            if said is None:
                continue
            # Its own party's Ansage, one of what it may say now.
            assert said in view.interjections and said == s.party(seat)
            return
    raise AssertionError("no heuristic announcement out of turn in 60 deals")


def test_the_driver_lets_bots_announce_out_of_turn_and_only_legally() -> None:
    from binokel.bots import make_bot
    from binokel.play import interject
    from binokel.play import interjection_turns
    from binokel.play import play_deal
    out_of_turn = 0
    for seed in range(40):
        s = DokoState.new(DokoRules.from_preset("ddv"), dealer=seed % 4, seed=seed)
        play_deal(s, [make_bot("heuristic", k, game="doppelkopf") for k in range(4)])
        assert s.is_over and sum(s.result.scores) == 0
        out_of_turn += sum(1 for e in s.history if actor(e)[0] != e[0])
        replayed = Record.loads(Record.from_state(s).dumps()).replay()
        assert replayed.history == s.history
    assert out_of_turn > 0
    # A bot without announce() is never asked; asking ends when nobody speaks.
    s = play(N1, rules=ANY, upto=0)
    quiet = {k: make_bot("random", k, game="doppelkopf") for k in range(4)}
    assert all(t.seat != s.to_move for t in interjection_turns(s, quiet))
    assert interject(s, quiet) == [] and s.history[-1] == (3, "gesund")


def test_a_game_without_interjections_asks_nobody() -> None:
    from binokel.bots import make_bot
    from binokel.games.binokel.rules import Rules
    from binokel.games.binokel.state import DealState
    from binokel.play import interjection_turns
    s = DealState.new(Rules(), dealer=0, seed=1)
    bots = {k: make_bot("heuristic", k, game="binokel") for k in range(3)}
    assert interjection_turns(s, bots) == []
    assert bots[1].announce(s.view(1)) is None


# ------------------------------------------------------ compulsory announcement (FreeDoko)
def test_a_first_trick_of_30_augen_makes_its_winner_announce() -> None:
    r = DokoRules(announce_first_trick_30=True)
    # N1's first trick: 42 Augen to seat 0 (Re, with seat 1).
    s = play(N1, rules=r, upto=1)
    assert s.to_move == 0 and s.tricks[0].points == 42
    assert s.legal_actions() == ["re"]
    with pytest.raises(IllegalAction, match="re first: the first trick made 42 Augen"):
        s.apply("play EK")
    table = present(s.view(0), "en")
    assert [b.action for b in table.choices.buttons] == ["re"]
    assert table.choices.cards is not None and not table.choices.cards.cards
    s.apply("re")
    assert "play EK" in s.legal_actions() and "re" not in s.legal_actions()
    # Without the option, or when the party has already said it, the play goes on.
    assert "play EK" in play(N1, upto=1).legal_actions()
    s = play(with_tokens(N1, 0, "1:re"), rules=r, upto=1)
    assert "play EK" in s.legal_actions()
    # Past the deadline (Re only before the first card) it is not owed.
    s = play(N1, rules=DokoRules(announce_first_trick_30=True, ansage_played=0), upto=1)
    assert "play EK" in s.legal_actions()


def test_a_first_trick_under_30_augen_owes_nothing() -> None:
    # N1's second trick as the first: 8 Augen.
    tricks = [N1[1], N1[0], *N1[2:]]
    s = play(tricks, rules=DokoRules(announce_first_trick_30=True), upto=1)
    assert s.tricks[0].points == 8 and "play EA" in s.legal_actions()


def test_the_heuristic_makes_the_compulsory_announcement() -> None:
    from binokel.games.doppelkopf.bots import DokoHeuristicBot
    s = play(N1, rules=DokoRules(announce_first_trick_30=True), upto=1)
    assert DokoHeuristicBot(seed=1).choose(s.view(0)) == "re"
