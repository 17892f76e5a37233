"""Seed 002 scoring, hand-checked deal by deal (the deals are in doppelkopf_deals.py)."""

from __future__ import annotations

import pytest

from binokel.core.errors import IllegalAction
from binokel.games.doppelkopf.rules import DokoRules
from doppelkopf_deals import H0
from doppelkopf_deals import H1
from doppelkopf_deals import H2
from doppelkopf_deals import H3
from doppelkopf_deals import N1
from doppelkopf_deals import N2
from doppelkopf_deals import N3
from doppelkopf_deals import N3B
from doppelkopf_deals import K
from doppelkopf_deals import S
from doppelkopf_deals import play
from doppelkopf_deals import with_tokens


def lines(state: object) -> dict[str, int]:
    res = state.result  # type: ignore[attr-defined]
    out: dict[str, int] = {}
    for what, party, n in res.lines:
        key = f"{party}: {what}"
        out[key] = out.get(key, 0) + n
    return out


# ------------------------------------------------------------------ a, c, specials
def test_n1_win_under_30_with_doppelkopf_and_fuchs() -> None:
    s = play(N1)
    r = s.result
    assert (r.re_points, r.kontra_points, r.winner, r.contract) == (220, 20, "re", "normal")
    # a 1, c 3 (under 90, 60, 30; Kontra has tricks: not schwarz), Doppelkopf 1, Fuchs 1
    assert lines(s) == {"re: gewonnen": 1, "re: keine 90 gespielt": 1,
                        "re: keine 60 gespielt": 1, "re: keine 30 gespielt": 1,
                        "re: Doppelkopf": 1, "re: Fuchs gefangen": 1}
    assert r.scores == (6, 6, -6, -6)


def test_b_re_announced() -> None:
    s = play(with_tokens(N1, 0, "0:re"))
    assert lines(s)["re: re angesagt"] == 2
    assert s.result.scores == (8, 8, -8, -8)


def test_b_kontra_announced_counts_for_the_winner() -> None:
    s = play(with_tokens(N1, 0, "2:kontra"))
    assert s.result.winner == "re"
    assert lines(s)["re: kontra angesagt"] == 2
    assert s.result.scores == (8, 8, -8, -8)


def test_d_absagen_made() -> None:
    s = play(with_tokens(N1, 0, "0:re 0:keine_90 0:keine_60 0:keine_30"))
    r = s.result
    assert r.winner == "re" and r.announced == (3, -1)
    # a 1 + b 2 + c 3 + d 3 + specials 2
    assert r.value == 11 and r.scores == (11, 11, -11, -11)


def test_no_winner_schwarz_absage_missed() -> None:
    # Re says schwarz, Kontra takes two tricks: Re missed its goal, Kontra (20) missed 120.
    s = play(with_tokens(N1, 0, "0:re 0:schwarz"))
    r = s.result
    assert r.winner is None
    # only c (3 for Re) and the special points (Doppelkopf, Fuchs) count
    assert lines(s) == {"re: keine 90 gespielt": 1, "re: keine 60 gespielt": 1,
                        "re: keine 30 gespielt": 1, "re: Doppelkopf": 1,
                        "re: Fuchs gefangen": 1}
    assert r.scores == (5, 5, -5, -5)


def test_lost_solo_of_the_second_seat() -> None:
    s = play(N1, setup=["gesund", "gesund", "vorbehalt", "gesund", "solo S"])
    r = s.result
    # Soloist 2 took trick 11 only (8): Re 8, Kontra 232.
    assert (r.re_seats, r.re_points, r.winner, r.solo) == ((2,), 8, "kontra", True)
    assert lines(s) == {"kontra: gewonnen": 1, "kontra: keine 90 gespielt": 1,
                        "kontra: keine 60 gespielt": 1, "kontra: keine 30 gespielt": 1}
    assert r.scores == (4, 4, -12, 4)


def test_c_schwarz_played() -> None:
    s = play(S)
    r = s.result
    assert (r.re_points, r.kontra_points, r.winner) == (240, 0, "re")
    # a 1 + c 4 (under 90, 60, 30, schwarz) + Doppelkopf + Fuchs
    assert lines(s)["re: schwarz gespielt"] == 1
    assert r.scores == (7, 7, -7, -7)
    s = play(with_tokens(S, 0, "0:re 0:schwarz"))
    # a 1 + b 2 + c 4 + d 4 + specials 2
    assert s.result.scores == (13, 13, -13, -13)


# ------------------------------------------------------------------ 121 / 120
def test_120_each_kontra_wins_without_announcements() -> None:
    s = play(N3)
    r = s.result
    assert (r.re_points, r.kontra_points, r.winner) == (120, 120, "kontra")
    assert lines(s) == {"kontra: gewonnen": 1, "kontra: gegen die Alten": 1,
                        "kontra: Doppelkopf": 1, "re: Fuchs gefangen": 1}
    assert r.scores == (-2, -2, 2, 2)


def test_120_re_wins_when_only_kontra_announced() -> None:
    s = play(with_tokens(N3, 0, "2:kontra"))
    r = s.result
    assert r.winner == "re"
    assert lines(s) == {"re: gewonnen": 1, "re: kontra angesagt": 2, "kontra: Doppelkopf": 1,
                        "re: Fuchs gefangen": 1}
    assert r.scores == (3, 3, -3, -3)


def test_120_re_announced_needs_121() -> None:
    s = play(with_tokens(N3, 0, "0:re"))
    assert s.result.winner == "kontra"
    assert s.result.scores == (-4, -4, 4, 4)


def test_120_both_announced_kontra_wins() -> None:
    s = play(with_tokens(with_tokens(N3, 0, "0:re"), 0, "2:kontra"))
    assert s.result.winner == "kontra"
    # a 1 + b 4 + gegen die Alten 1 + Doppelkopf 1 - Fuchs 1
    assert s.result.scores == (-6, -6, 6, 6)


# ------------------------------------------------------------------ e, gegen die Alten
def test_kontra_wins_against_die_alten() -> None:
    s = play(N2)
    r = s.result
    assert (r.re_seats, r.re_points, r.winner) == ((2, 3), 20, "kontra")
    assert lines(s) == {"kontra: gewonnen": 1, "kontra: keine 90 gespielt": 1,
                        "kontra: keine 60 gespielt": 1, "kontra: keine 30 gespielt": 1,
                        "kontra: gegen die Alten": 1, "kontra: Doppelkopf": 1,
                        "kontra: Fuchs gefangen": 1}
    assert r.scores == (7, 7, -7, -7)


def test_e_120_against_keine_90_and_90_against_keine_60() -> None:
    s = play(with_tokens(N2, 0, "2:re 2:keine_60"))
    r = s.result
    assert r.winner == "kontra"
    got = lines(s)
    assert got["kontra: 120 gegen keine 90"] == 1 and got["kontra: 90 gegen keine 60"] == 1
    assert got["kontra: keine 90 abgesagt (re)"] == 1
    assert got["kontra: keine 60 abgesagt (re)"] == 1
    # a 1 + b 2 + c 3 + d 2 + e 2 + specials 3
    assert r.scores == (13, 13, -13, -13)


def test_no_winner_seed_vs_dkv_reach_absage() -> None:
    toks = with_tokens(N3B, 0, "0:re 0:keine_90")
    seed = play(toks)
    assert (seed.result.re_points, seed.result.kontra_points) == (128, 112)
    assert seed.result.winner is None  # Re missed keine 90, Kontra missed 120
    assert lines(seed) == {"kontra: Doppelkopf": 1, "re: Fuchs gefangen": 1}
    assert seed.result.scores == (0, 0, 0, 0)
    dkv = play(toks, rules=DokoRules.from_preset("dkv"))
    assert dkv.result.winner == "kontra"
    # a 1 + b 2 + d 1 + gegen die Alten 1 + Doppelkopf 1 - Fuchs 1
    assert dkv.result.scores == (-5, -5, 5, 5)


def test_n3b_re_wins_with_128() -> None:
    assert play(N3B).result.scores == (1, 1, -1, -1)


def test_karlchen() -> None:
    s = play(K)
    r = s.result
    assert (r.re_points, r.kontra_points) == (216, 24)
    assert lines(s)["kontra: Karlchen"] == 1
    assert r.scores == (5, 5, -5, -5)


# ------------------------------------------------------------------ solo
def test_lost_karo_solo_times_three() -> None:
    s = play(N3, setup=["vorbehalt", "gesund", "gesund", "gesund", "solo S"])
    r = s.result
    assert (r.contract, r.re_seats, r.re_points, r.winner) == ("solo S", (0,), 58, "kontra")
    # a 1 + c 2 (under 90, under 60); no special points in a solo
    assert lines(s) == {"kontra: gewonnen": 1, "kontra: keine 90 gespielt": 1,
                        "kontra: keine 60 gespielt": 1}
    assert r.scores == (-9, 3, 3, 3)


def test_solo_beats_hochzeit_and_earlier_seat_wins() -> None:
    s = play(H0, setup=["vorbehalt", "vorbehalt", "vorbehalt", "gesund", "pass", "solo S"],
             upto=0)
    # Asked for a Lustsolo first, seat 0 (Hochzeit) passes, seat 1's solo is played; seat 2
    # is never asked, and seat 0's Hochzeit is never named.
    assert s.phase == "play" and s.contract == "solo S" and s.soloist == 1
    assert s.declarations == [None, "solo S", None, None]
    assert [a for _, a in s.history] == ["vorbehalt"] * 3 + ["gesund", "pass", "solo S"]
    s2 = play(H0, setup=["gesund", "vorbehalt", "vorbehalt", "gesund", "solo S"], upto=0)
    assert s2.soloist == 1


def test_pflichtsolo_beats_lustsolo() -> None:
    rules = DokoRules(pflichtsolo=True, pflicht_owed="2")
    # The Pflichtsolo is asked for first: seat 2 owes it, seat 1 (who does not) waits.
    s = play(H0, setup=["gesund", "vorbehalt", "vorbehalt", "gesund", "solo damen"],
             rules=rules, upto=0)
    assert s.contract == "solo damen" and s.soloist == 2 and s.pflicht
    assert s.declarations == [None, None, "solo damen", None]


# ------------------------------------------------------------------ Hochzeit
def test_stille_hochzeit_is_a_karo_solo() -> None:
    s = play(H0)
    r = s.result
    assert (r.contract, r.re_seats, r.re_points, r.solo) == ("stille hochzeit", (0,), 90, True)
    assert r.scores == (-3, 1, 1, 1)


def test_hochzeit_not_found() -> None:
    s = play(H0, setup=["vorbehalt", "gesund", "gesund", "gesund", "pass", "hochzeit"])
    r = s.result
    assert (s.partner, s.clarified_in, r.solo, r.re_seats) == (None, 3, True, (0,))
    assert r.scores == (-3, 1, 1, 1)


def test_hochzeit_found_in_trick_1() -> None:
    s = play(H1, setup=["vorbehalt", "gesund", "gesund", "gesund", "pass", "hochzeit"])
    r = s.result
    assert (s.partner, s.clarified_in, r.re_seats, r.re_points) == (2, 1, (0, 2), 124)
    # a 1 + Doppelkopf 1 (seat 2) - Fuchs 1 (seat 2's, caught by seat 1)
    assert r.scores == (1, -1, 1, -1)


def test_hochzeit_found_in_trick_2() -> None:
    s = play(H2, setup=["vorbehalt", "gesund", "gesund", "gesund", "pass", "hochzeit"])
    r = s.result
    assert (s.partner, s.clarified_in, r.re_seats, r.re_points) == (1, 2, (0, 1), 220)
    assert r.scores == (6, 6, -6, -6)


def test_hochzeit_found_in_trick_3() -> None:
    s = play(H3, setup=["vorbehalt", "gesund", "gesund", "gesund", "pass", "hochzeit"])
    r = s.result
    assert (s.partner, s.clarified_in, r.re_points) == (1, 3, 220)
    assert r.scores == (6, 6, -6, -6)


# ------------------------------------------------------------------ deadlines
def test_re_allowed_with_11_cards_refused_with_10() -> None:
    s = play(N1, upto=1)           # seat 0 leads trick 2 with 11 cards
    assert s.to_move == 0 and len(s.view(0).hand) == 11 and "re" in s.legal_actions()
    s = play(N1, upto=2)           # trick 3: 10 cards
    assert len(s.view(0).hand) == 10 and "re" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="too late"):
        s.apply("re")


def test_absagen_deadlines() -> None:
    s = play(with_tokens(N1, 0, "0:re"), upto=2)   # 10 cards
    assert "keine 90" in s.legal_actions()
    s = play(with_tokens(N1, 0, "0:re"), upto=3)   # trick 4: seat 0 plays last, 9
    while s.to_move != 0:
        s.apply(N1[3].split()[[t.split(":")[0] for t in N1[3].split()].index(
            str(s.to_move))].replace(f"{s.to_move}:", "play "))
    assert len(s.view(0).hand) == 9
    # keine 90 is late with 9 cards, and so is keine 60, which would include it.
    assert "keine 90" not in s.legal_actions() and "keine 60" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="too late"):
        s.apply("keine 90")


def test_absage_needs_ansage() -> None:
    s = play(N1, upto=0)
    assert "keine 90" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="Ansage"):
        s.apply("keine 90")
    with pytest.raises(IllegalAction, match="does not belong"):
        s.apply("kontra")


def test_erwiderung_one_card_fewer() -> None:
    # Without Re, Kontra is too late with 10 cards; after Re it may answer with 10.
    s = play(N1, upto=2)
    s.apply("play BA")
    s.apply("play B10")
    assert s.to_move == 2 and len(s.view(2).hand) == 10
    assert "kontra" not in s.legal_actions()
    s = play(with_tokens(N1, 0, "0:re"), upto=2)
    s.apply("play BA")
    s.apply("play B10")
    assert "kontra" in s.legal_actions()
    # ... and with 9 cards no more.
    s = play(with_tokens(N1, 0, "0:re"), upto=3)
    assert s.to_move == 0
    s.apply("play BK")
    s.apply("play B10")
    assert s.to_move == 2 and len(s.view(2).hand) == 9 and "kontra" not in s.legal_actions()


def test_hochzeit_deadlines_shift() -> None:
    setup = ["vorbehalt", "gesund", "gesund", "gesund", "pass", "hochzeit"]
    # Before the Klärungsstich nobody announces.
    s = play(H2, setup=setup, upto=1)
    assert s.clarified_in == 0 and not [a for a in s.legal_actions() if "play" not in a]
    # Clarified in trick 2: Re with 10 cards (trick 3), not with 9 (trick 4).
    s = play(H2, setup=setup, upto=2)
    assert s.to_move == 1 and len(s.view(1).hand) == 10 and "re" in s.legal_actions()
    s = play(H2, setup=setup, upto=3)
    assert len(s.view(1).hand) == 9 and "re" not in s.legal_actions()
    # Clarified in trick 3: Re with 9 cards (trick 4), not with 8 (trick 5).
    s = play(H3, setup=setup, upto=3)
    assert s.to_move == 1 and len(s.view(1).hand) == 9 and "re" in s.legal_actions()
    s = play(H3, setup=setup, upto=4)
    assert len(s.view(1).hand) == 8 and "re" not in s.legal_actions()
