"""The result in the reader's words (issue 33), every game, German and English.

Hand-checked deals: a Binokel declarer who made his bid and one who lost it, read by the
declarer, a defender and a spectator; Kreuzbinokel's partner; a Durch and an Abgehen;
Doppelkopf's "Re won with 132, but Kontra's 2 extra points: Re −1" and a hand-played deal
whose loser's extra point takes some of the winner's value back; Zweierbinokel and
Luxusfamilie naming the deal's winner. Then properties over random deals of every game and
player count, for every seat and a spectator in both languages: the winners are named (a
tie and a thrown-in deal name nobody), the tone is the reader's own, a spectator's headline
says "you" nowhere, and the arithmetic adds up.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

import pytest

from binokel.games.binokel.deal import OVER
from binokel.games.binokel.melds import MeldResult
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.scoring import score_deal
from binokel.games.binokel.state import DealState
from binokel.games.doppelkopf.scoring import DokoResult
from binokel.present import Table
from binokel.present import present
from binokel.registry import GAMES
from binokel.registry import find_game
from doppelkopf_deals import N1
from doppelkopf_deals import N3
from doppelkopf_deals import play
from helpers import deal
from helpers import run

NAMES = ("Anna", "Lina", "Sepp", "Marie", "Hannes", "Rosa", "Frieder", "Luise")


def finished(rules: Rules | None = None, *, declarer: int = 1, bid: int = 280,
             contract: str = "normal", trump: int = 2, melds: tuple[int, ...] = (40, 190, 60),
             points: tuple[int, ...] = (30, 176, 44), tricks: tuple[int, ...] = (2, 8, 2),
             game: str = "binokel", open_durch: bool = False) -> DealState:
    """A finished Binokel deal with the given facts (the presenter reads only its view)."""
    st = DealState.new(rules or Rules(), 0, seed=0, players=len(melds), game=game)
    st.declarer, st.bid, st.contract, st.trump = declarer, bid, contract, trump
    st.melds = [MeldResult((), m) for m in melds]
    st.trick_points, st.tricks_won = list(points), list(tricks)
    st.open_durch = open_durch
    st.phase = OVER
    st.result = score_deal(st)
    st.to_move = -1
    return st


def table_of(state: Any, seat: int, lang: str) -> Table:
    view = state.view(seat) if seat >= 0 else state.public_view()
    return present(view, lang, NAMES[:state.players])


def words(state: Any, seat: int, lang: str) -> tuple[str, str, str, str]:
    o = table_of(state, seat, lang).outcome
    assert o is not None
    return o.headline, o.contract, o.sum, o.tone


# ----------------------------------------------------------------------- Binokel
def test_binokel_made_read_by_the_declarer_a_defender_and_a_spectator() -> None:
    s = finished()
    assert s.result is not None and s.result.made and s.result.scores == (70, 366, 100)
    assert words(s, 1, "en") == ("You made your 280", "Normal game · trump Hearts · bid 280",
                                 "Melds 190 + tricks 176 = 366, bid 280: made", "won")
    assert words(s, 0, "en") == ("Lina made the 280", "Normal game · trump Hearts · bid 280",
                                 "Melds 190 + tricks 176 = 366, bid 280: made", "lost")
    assert words(s, -1, "en")[0] == "Lina made the 280" and words(s, -1, "en")[3] == ""
    assert words(s, 1, "de") == ("Du hast deine 280 gemacht",
                                 "Normalspiel · Trumpf Herz · Gebot 280",
                                 "Meldung 190 + Stiche 176 = 366, Gebot 280: gewonnen", "won")
    assert words(s, 2, "de")[:1] == ("Lina hat die 280 gemacht",)
    o = table_of(s, 0, "en").outcome
    assert o is not None and o.winners == (1,) and o.changes == (70, 366, 100)
    assert [f.value for f in o.figures] == [280, 190, 176, 366]
    # the explanation reads as players say it too (no "366 of 280")
    assert "Lina: melds 190 + trick points 176 = 366, bid 280: made" in table_of(s, 0, "en").result


def test_binokel_lost_the_declarer_reads_what_he_lost() -> None:
    s = finished(Rules(lost_factor=1), points=(150, 60, 40))
    assert s.result is not None and not s.result.made and s.result.scores[1] == -280
    assert words(s, 1, "en") == ("You lost 280", "Normal game · trump Hearts · bid 280",
                                 "Melds 190 + tricks 60 = 250, bid 280: lost", "lost")
    assert words(s, 0, "en")[0] == "Lina lost the 280" and words(s, 0, "en")[3] == "won"
    assert words(s, 1, "de")[0] == "Du hast 280 verloren"
    assert words(s, 1, "de")[2] == "Meldung 190 + Stiche 60 = 250, Gebot 280: verloren"
    assert words(s, 2, "de")[0] == "Lina hat die 280 verloren"
    o = table_of(s, -1, "en").outcome
    assert o is not None and o.winners == (0, 2) and o.tone == ""
    # lost double: the headline says what he lost, not the bid
    double = finished(Rules(lost_factor=2), points=(150, 60, 40))
    assert words(double, 1, "en")[0] == "You lost 560"


def test_binokel_rounded_trick_points_are_said_as_counted() -> None:
    s = finished(Rules.from_preset("turnier", bid_check="rounded"), points=(34, 176, 30))
    res = s.result
    assert res is not None and res.declarer_total == 190 + 180
    assert words(s, 1, "en")[2] == "Melds 190 + tricks 180 (176 rounded) = 370, bid 280: made"
    assert words(s, 1, "de")[2] == \
        "Meldung 190 + Stiche 180 (176 gerundet) = 370, Gebot 280: gewonnen"


def test_kreuzbinokel_the_partner_reads_his_side() -> None:
    s = finished(declarer=0, melds=(190, 20, 60, 40), points=(100, 40, 76, 34),
                 tricks=(4, 1, 3, 1), game="kreuzbinokel")
    res = s.result
    assert res is not None and res.parties == ((0, 2), (1, 3)) and res.made
    assert words(s, 2, "en")[0] == "Anna and you made the 280"
    assert words(s, 2, "de")[0] == "Anna und du habt die 280 gemacht"
    assert words(s, 2, "en")[2] == "Melds 250 + tricks 176 = 426, bid 280: made"
    assert words(s, 1, "en")[0] == "Anna made the 280" and words(s, 1, "en")[3] == "lost"
    assert table_of(s, 3, "en").outcome.winners == (0, 2)  # type: ignore[union-attr]


def test_durch_and_abgehen_in_words() -> None:
    s = finished(contract="durch", melds=(0, 0, 0), points=(0, 250, 0), tricks=(0, 12, 0))
    assert s.result is not None and s.result.made
    head, contract, sum_, tone = words(s, 1, "en")
    assert (head, tone) == ("You made the Durch", "won")
    # Durch is explained in English where it is named
    assert contract == "Durch (every trick) · bid 280" and sum_.startswith("Every trick taken: +")
    assert words(s, 0, "de")[:2] == ("Lina hat den Durch gemacht", "Durch · Gebot 280")
    lost = finished(contract="untendurch", melds=(0, 0, 0), points=(0, 10, 240),
                    tricks=(0, 1, 11))
    assert lost.result is not None and not lost.result.made
    n = -lost.result.scores[1]
    assert words(lost, 1, "en")[:3] == (f"You lost {n}", "Untendurch (no trick) · bid 280",
                                        f"A trick taken: −{n}")
    assert words(lost, 2, "en")[0] == "Lina lost the Untendurch"
    out = finished(contract="abgehen", points=(0, 0, 0), tricks=(0, 0, 0))
    assert out.result is not None and out.result.scores[1] == -280
    assert words(out, 1, "en")[:2] == ("You went out and lost 280",
                                       "Gone out (abgehen) · trump Hearts · bid 280")
    assert words(out, 0, "de")[0] == "Lina ist bei 280 abgegangen"
    assert table_of(out, 0, "en").outcome.winners == (0, 2)  # type: ignore[union-attr]


def test_durch_is_explained_in_english_where_it_is_chosen() -> None:
    s = deal({0: "EA EA E10 E10 EK EK EO EO EU EU HA HA"}, dapp="HK HO BO BU")
    run(s, "bid 150;pass;pass;discard HK HO BO BU")
    labels = {b.action: b.label for b in table_of(s, 0, "en").choices.buttons}
    assert labels["durch"] == "Durch: take every trick"
    assert labels["untendurch"] == "Untendurch: take no trick"
    de = {b.action: b.label for b in table_of(s, 0, "de").choices.buttons}
    assert de["durch"] == "Durch" and de["untendurch"] == "Untendurch"
    run(s, "durch")
    assert table_of(s, 1, "en").trump_name == "Durch (every trick)"
    assert table_of(s, 1, "de").trump_name == "Durch"


def test_all_passed_names_nobody() -> None:
    s = DealState.new(Rules(vorhand_must_open=False), 2, seed=1)
    run(s, "pass;pass;pass")
    assert s.is_over
    o = table_of(s, 0, "en").outcome
    assert o is not None and (o.headline, o.winners, o.tone) == (
        "All passed: deal again", (), "")


# ----------------------------------------------------------------------- Doppelkopf
def test_doppelkopf_value_and_its_reason_in_one_line() -> None:
    # The brief's example: Re won with 132, but Kontra's Doppelkopf and Fuchs take two
    # points back: Re scores -1 (a result put on a finished deal's view).
    s = play(N1)
    res = s.result
    assert res is not None
    but = DokoResult(re_seats=res.re_seats, solo=False, re_points=132, kontra_points=108,
                     winner="re", announced=(-1, -1),
                     lines=(("gewonnen", "re", 1), ("Doppelkopf", "kontra", 1),
                            ("Fuchs gefangen", "kontra", 1)),
                     value=-1, scores=(-1, -1, 1, 1), contract="normal")
    view = replace(s.view(0), result=but)
    t = present(view, "en", NAMES[:4])
    o = t.outcome
    assert o is not None and o.sum == "Re won with 132, but Kontra's 2 extra points: Re −1"
    assert (o.headline, o.tone, o.winners) == ("You lost 1 point", "lost", (2, 3))
    assert o.contract == "Normal game"
    de = present(view, "de", NAMES[:4]).outcome
    assert de is not None and de.sum == \
        "Re hat mit 132 Augen gewonnen, aber 2 Sonderpunkte für Kontra: Re −1"
    assert de.headline == "Du hast 1 Punkt verloren"
    watcher = present(replace(s.public_view(), result=but), "en", NAMES[:4]).outcome
    assert watcher is not None and watcher.headline == "Sepp and Marie won 1 point each"
    assert watcher.tone == ""


def test_doppelkopf_hand_played_deals() -> None:
    # N1: Re (Anna, Lina) wins with 220 and scores 6 (won, keine 90/60/30, Doppelkopf, Fuchs)
    s = play(N1)
    assert s.result is not None and s.result.scores == (6, 6, -6, -6)
    assert words(s, 0, "en")[::2] == ("You won 6 points", "Re won with 220: Re +6")
    assert words(s, 2, "de")[0] == "Du hast 6 Punkte verloren"
    # N3: Re 120 loses; Kontra wins (won, gegen die Alten, Doppelkopf) but Re caught the fox.
    s = play(N3)
    res = s.result
    assert res is not None and res.winner == "kontra" and res.scores == (-2, -2, 2, 2)
    assert words(s, 3, "en")[::2] == ("You won 2 points",
                                      "Kontra won with 120, but Re's extra point: Kontra +2")
    assert words(s, -1, "de")[0] == "Sepp und Marie haben je 2 Punkte gewonnen"


# ----------------------------------------------------------------------- Zweier, Luxus
def _random_deal(game: str, players: int, seed: int) -> Any:
    spec = find_game(game)
    st = spec.new_deal(spec.make_rules({}), 0, seed=seed, players=players)
    rng = random.Random(seed)
    while not st.is_over:
        st.apply(st.random_action(rng))
    return st


def test_zweier_names_the_winner() -> None:
    s = _random_deal("zweier", 2, 1)
    r = s.result
    w = 0 if r.scores[0] > r.scores[1] else 1
    a, b = r.scores[w], r.scores[1 - w]
    assert a > b
    assert words(s, w, "en")[0] == f"You won {a} to {b}" and words(s, w, "en")[3] == "won"
    assert words(s, 1 - w, "en")[0] == f"You lost {b} to {a}"
    assert words(s, 1 - w, "de")[0] == f"Du hast {b} zu {a} verloren"
    assert words(s, -1, "en")[0] == f"{NAMES[w]} won {a} to {b}"
    assert words(s, -1, "de")[0] == f"{NAMES[w]} hat {a} zu {b} gewonnen"
    assert words(s, w, "en")[2].startswith(f"You: melds {r.meld_points[w]} + tricks ")
    assert table_of(s, 0, "en").result[-1] == f"{NAMES[w]} wins the deal, {a} to {b}"


def test_luxusfamilie_names_the_winner() -> None:
    s = _random_deal("luxusfamilie", 5, 0)
    r = s.result
    top = max(r.scores)
    best = [p for p in range(5) if r.scores[p] == top]
    assert len(best) == 1
    w = best[0]
    loser = next(p for p in range(5) if p != w)
    assert words(s, w, "en")[0] == f"You won with {top}"
    assert words(s, loser, "en")[0] == f"{NAMES[w]} won with {top}"
    assert words(s, loser, "de")[0] == f"{NAMES[w]} hat mit {top} gewonnen"
    assert words(s, loser, "en")[2] == (f"You: melds {r.meld_points[loser]} + tricks "
                                        f"{r.trick_points[loser]} = {r.scores[loser]}")
    assert f"{NAMES[w]} wins the deal with {top}" in table_of(s, -1, "en").result


# ----------------------------------------------------------------------- every game
CASES = [(spec.name, n) for spec in GAMES for n in spec.players if n <= 6]
SUM = re.compile(r"^Melds (\d+) \+ tricks (\d+)(?: \((\d+) rounded\))? = (\d+), "
                 r"bid (\d+): (made|lost)$")
ONE_SUM = re.compile(r"melds (\d+) \+ tricks (\d+) = (\d+)")


@pytest.mark.parametrize("game, players", CASES)
def test_every_reader_reads_his_own_result(game: str, players: int) -> None:
    for seed in range(6):
        s = _random_deal(game, players, seed * 13 + players)
        res = s.result
        for lang in ("en", "de"):
            tables = {p: table_of(s, p, lang) for p in [*range(players), -1]}
            first = tables[-1].outcome
            assert first is not None
            winners = first.winners
            for p, t in tables.items():
                o = t.outcome
                assert o is not None and o.headline and o.changes == tuple(res.scores)
                assert o.winners == winners, "every reader is told the same winners"
                out = p >= 0 and t.seats[p].out
                if p < 0 or out or not winners:
                    assert o.tone == "", (p, o)
                else:
                    assert o.tone == ("won" if p in winners else "lost"), (p, o)
                if p < 0 or out:  # neutral: nobody is addressed
                    assert not re.search(r"\b(You|you|Du|du|your|deine)\b", o.headline), o
            # every game names its winner: nobody only when nothing was played or all tied
            thrown = res.termination.value == "thrown_in"
            seated = [x.seat for x in tables[-1].seats if not x.out]
            tied = len(set(res.scores[p] for p in seated)) == 1
            assert bool(winners) == (not thrown and not tied) or game == "doppelkopf", \
                (game, res.scores, winners)
            if game == "doppelkopf":
                assert set(winners) == {p for p in range(players) if res.scores[p] > 0}
            if lang == "en":
                for t in tables.values():
                    o = t.outcome
                    assert o is not None
                    m = SUM.match(o.sum)
                    if m:
                        melds, tricks, raw, total, bid, made = m.groups()
                        assert int(melds) + int(tricks) == int(total)
                        assert (made == "made") == (int(total) >= int(bid)) == res.made
                        assert raw is None or int(raw) != int(tricks)
                    for a, b, c in ONE_SUM.findall(o.sum):
                        assert int(a) + int(b) == int(c)
