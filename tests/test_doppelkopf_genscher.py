"""The Genscher (options ``genscher``, ``genscher_hochzeit``, ``genscher_announcements``):
hand-checked deals, the verb's rules and errors, the views, the bots, the codec, and a
property over random deals."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from binokel.bots import RandomBot
from binokel.core.cards import SK
from binokel.core.errors import IllegalAction
from binokel.games.doppelkopf import genscher
from binokel.games.doppelkopf.bots import DokoHeuristicBot
from binokel.games.doppelkopf.rules import DokoRules
from binokel.games.doppelkopf.state import DokoState
from binokel.games.doppelkopf.strong import DokoStrongBot
from binokel.present import present
from binokel.record import Record
from binokel.registry import find_game
from binokel.research.actions import ActionCodec
from doppelkopf_deals import ALL_ON
from doppelkopf_deals import GS
from doppelkopf_deals import H1
from doppelkopf_deals import G
from doppelkopf_deals import play
from doppelkopf_deals import with_tokens
from test_doppelkopf_procedure import deal
from test_doppelkopf_procedure import run
from test_doppelkopf_properties import _swap_hidden
from test_doppelkopf_scoring import lines

FIRST = DokoRules(genscher="first")
SECOND = DokoRules(genscher="second")
NAMES = ["Ann", "Bob", "Cid", "Dan"]


def _before_card(rules: DokoRules, tricks: list[str], trick: int, seat: int) -> DokoState:
    """The deal just before ``seat``'s card in trick ``trick`` (0-based)."""
    s = play(tricks, rules=rules, upto=trick)
    for tok in tricks[trick].split():
        if s.to_move == seat:
            break
        s.apply("play " + tok.split(":")[1])
    assert s.to_move == seat
    return s


# ------------------------------------------------------------------ hand-checked deals
def test_genscher_changes_the_result() -> None:
    # G without a Genscher: Re (0, 1) 220, Kontra (2, 3) 20: won, keine 90/60/30,
    # Doppelkopf (trick 1), Fuchs (trick 6): 6.
    assert play(G).result.scores == (6, 6, -6, -6)  # type: ignore[union-attr]
    # Seat 3 (Kontra, 12 Augen by the end) names seat 0 with his first Karo-König in trick
    # 7: Re (0, 3) 114 + 12 = 126, Kontra (1, 2) 106 + 8 = 114. The tricks taken before
    # the switch count for the new parties: Re wins (1), its Doppelkopf in trick 1 (seat 0)
    # and its Fuchs of seat 2 caught in trick 6 by seat 0: 3.
    s = play(with_tokens(G, 6, "3:genscher_0"), rules=FIRST)
    r = s.result
    assert r is not None
    assert (r.re_seats, r.re_points, r.kontra_points, r.winner) == ((0, 3), 126, 114, "re")
    assert sorted(lines(s)) == ["re: Doppelkopf", "re: Fuchs gefangen", "re: gewonnen"]
    assert r.scores == (3, -3, -3, 3) and r.genscher == (3, 0)
    assert r.to_json()["genscher"] == [3, 0] and "Genscher" in r.notes[0]
    assert ("genscher" not in play(G).result.to_json())  # type: ignore[union-attr]


def test_second_karo_koenig_and_declined_genscher() -> None:
    # With ``second`` the first Karo-König (trick 7) offers nothing, the second (trick 8)
    # does; the result is the same, the tricks before the switch count for the new parties.
    s = _before_card(SECOND, G, 6, 3)
    assert not [a for a in s.legal_actions() if a.startswith("genscher")]
    with pytest.raises(IllegalAction, match="second"):
        s.apply("genscher 0")
    s = _before_card(SECOND, G, 7, 3)
    assert [a for a in s.legal_actions() if a.startswith("genscher")] == [
        "genscher 0", "genscher 1", "genscher 2"]
    s = play(with_tokens(G, 7, "3:genscher_0"), rules=SECOND)
    assert s.result is not None and s.result.scores == (3, -3, -3, 3)
    # Declined: he plays his Karo-Könige without a word. Nothing changes, nothing shows.
    s = play(G, rules=FIRST)
    assert s.result is not None and s.result.scores == (6, 6, -6, -6)
    assert s.genscher is None and all(not a.startswith("genscher") for _, a in s.history)
    # With the option off the verb is unknown to the deal.
    with pytest.raises(IllegalAction, match="genscher = off"):
        _before_card(DokoRules(), G, 6, 3).apply("genscher 0")


def test_announcements_before_a_genscher() -> None:
    # Seat 1 (Re) says re in trick 1, seat 0 (Re) keine 90 in trick 3; then seat 3 names
    # seat 0 (Re 0 + 3: 126, Kontra 1 + 2: 114).
    tricks = with_tokens(with_tokens(with_tokens(G, 0, "1:re"), 2, "0:keine_90"), 6,
                         "3:genscher_0")
    # Without the Genscher: Re 220 wins with re and keine 90: 1 + 2 + 1 + 3 + 2 = 9.
    assert play(tricks[:6] + G[6:]).result.scores == (9, 9, -9, -9)  # type: ignore[union-attr]
    # ansagen (FreeDoko): seat 1 keeps a Kontra for his new party, seat 0 a Re; keine 90
    # lapses. Both announced: Re 121, Kontra 120. Re wins: 1 + 2 + 2 + Doppelkopf + Fuchs.
    s = play(tricks, rules=FIRST)
    assert s.announced == [0, 0] and s.result is not None
    assert s.result.winner == "re" and s.result.value == 7
    # all: keine 90 goes with seat 0: Re must keep Kontra under 90 (114): no winner; no
    # 120 against keine 90 for Kontra (114). Only the special points: Doppelkopf, Fuchs.
    s = play(tricks, rules=replace(FIRST, genscher_announcements="all"))
    assert s.announced == [1, 0] and s.result is not None
    assert s.result.winner is None and s.result.value == 2
    # void: nothing announced any more: 1 + Doppelkopf + Fuchs.
    s = play(tricks, rules=replace(FIRST, genscher_announcements="void"))
    assert s.announced == [-1, -1] and s.result is not None
    assert s.result.winner == "re" and s.result.value == 3


def test_announcing_after_a_genscher_is_for_the_new_party() -> None:
    # FIRST in trick 7: seat 3 has 6 cards, every deadline is past; with ansage_played 9
    # the new Re player may say re (its party's Ansage) and Kontra seats say kontra.
    rules = replace(FIRST, ansage_played=9)
    s = _before_card(rules, G, 6, 3)
    s.apply("genscher 1")
    assert s.legal_actions() == ["play SK"]
    with pytest.raises(IllegalAction):
        s.apply("re")
    s.apply("play SK")
    assert s.party(3) == s.party(1) == "re" and s.party(0) == "kontra"
    assert s.to_move == 1 and "re" in s.legal_actions()


def test_genscher_ends_a_stille_hochzeit() -> None:
    # GS: seat 0 holds both Kreuz-Damen (a stille Hochzeit, 90 Augen: lost as a solo).
    assert play(GS).result.scores == (-3, 1, 1, 1)  # type: ignore[union-attr]
    # Seat 3 sees a normal game and may genschern; naming seat 1 makes two against two:
    # Re (1, 3) 130 + 12 = 142, Kontra (0, 2) 90 + 8 = 98: won 1, Fuchs of seat 2 caught by
    # seat 1 (Re) 1, Doppelkopf of trick 1 for seat 0 (Kontra) 1: value 1, no solo.
    s = play(with_tokens(GS, 6, "3:genscher_1"), rules=FIRST)
    r = s.result
    assert r is not None and r.contract == "normal" and not r.solo
    assert (r.re_seats, r.re_points, r.value, r.scores) == ((1, 3), 142, 1, (-1, 1, -1, 1))
    assert any("stille Hochzeit" in n for n in r.notes)


def test_hochzeit_after_its_clarification_only_with_the_option() -> None:
    # HG: H1 (seat 0 holds both Kreuz-Damen, seat 2 wins trick 1: the partner) with seat 3
    # holding both Karo-Könige, played in tricks 7 and 8.
    hg = [*H1[:6], "1:H10 2:S10 3:SK 0:EO", "1:BO 2:S9 3:SK 0:HO", *H1[8:]]
    setup = ["vorbehalt", "gesund", "gesund", "gesund", "pass", "hochzeit"]
    s = play(hg, setup=setup, rules=FIRST, upto=6)
    s.apply("play H10")
    s.apply("play S10")
    assert s.contract == "hochzeit" and s.partner == 2
    assert "genscher 1" in s.legal_actions()
    assert "partner" in present(s.view(1), "en", NAMES).seats[2].roles
    s.apply("genscher 1")
    s.apply("play SK")
    assert s.re_seats == {1, 3} and s.contract == "hochzeit"
    seats = present(s.view(1), "en", NAMES).seats
    assert "partner" not in seats[2].roles and [x.team for x in seats] == [1, 0, 1, 0]
    s = play(hg, setup=setup, rules=replace(FIRST, genscher_hochzeit=False), upto=6)
    s.apply("play H10")
    s.apply("play S10")
    assert not [a for a in s.legal_actions() if a.startswith("genscher")]
    with pytest.raises(IllegalAction, match="not in this game"):
        s.apply("genscher 1")


def test_no_genscher_in_a_solo_or_an_unclarified_hochzeit() -> None:
    solo = run(deal(FIRST), "vorbehalt", "gesund", "gesund", "gesund", "solo damen")
    assert solo.phase == "play" and not genscher.game_allows(solo)
    hochzeit = run(deal(FIRST), "gesund", "vorbehalt", "gesund", "gesund", "pass", "hochzeit")
    assert hochzeit.clarified_in == 0 and not genscher.game_allows(hochzeit)


def test_bad_genscher_actions_are_clear_errors_and_change_nothing() -> None:
    s = _before_card(FIRST, G, 6, 3)
    seen = (list(s.history), s.re_seats, list(s.announced))
    for bad, match in (("genscher", "seat number"), ("genscher x", "seat number"),
                       ("genscher ²", "seat number"), ("genscher 999", "seat number"),
                       ("genscher 3", "another seat"), ("genscher 4", "another seat"),
                       ("genscher -1", "seat number")):
        with pytest.raises(IllegalAction, match=match):
            s.apply(bad)
        assert (list(s.history), s.re_seats, list(s.announced)) == seen
    s.apply("GENSCHER   2")
    assert s.history[-1] == (3, "genscher 2")
    with pytest.raises(IllegalAction, match=r"must follow|does not hold|SK"):
        s.apply("play SU")
    with pytest.raises(IllegalAction):
        s.apply("genscher 1")


# ------------------------------------------------------------------ views and presenter
def test_the_new_parties_are_public_at_once() -> None:
    s = _before_card(FIRST, G, 6, 3)
    assert s.view(1).parties == ("re", "re", "kontra", "kontra")  # both Kreuz-Damen shown
    s.apply("genscher 0")
    views = [s.view(v) for v in (0, 1, 2, 3)] + [s.public_view()]
    assert {v.parties for v in views} == {("re", "kontra", "kontra", "re")}
    assert all(v.genscher == (3, 0) for v in views)
    assert all(v.to_json()["genscher"] == [3, 0] for v in views)
    for lang, word in (("de", "Genscher mit Ann"), ("en", "Genscher with Ann")):
        before = _before_card(FIRST, G, 6, 3)
        table = present(before.view(3), lang, NAMES)
        assert word in [b.label for b in table.choices.buttons]
        assert [b.action for b in table.choices.buttons] == [
            "genscher 0", "genscher 1", "genscher 2"]
    table = present(s.view(1), "en", NAMES)
    assert "Genscher: Dan with Ann" in table.status
    assert table.log[-1] == "Dan calls a Genscher and plays with Ann from now on"
    assert [x.team for x in table.seats] == [0, 1, 1, 0]
    done = play(with_tokens(G, 6, "3:genscher_0"), rules=FIRST)
    result = present(done.view(2), "de", NAMES).result
    assert any(line.startswith("Genscher: Dan spielte") for line in result)


def test_records_replay_a_genscher() -> None:
    s = play(with_tokens(G, 6, "3:genscher_0"), rules=FIRST)
    again = Record.loads(Record.from_state(s).dumps()).validate()
    assert again.history == s.history and again.result == s.result
    assert (3, "genscher 0") in again.history


# ------------------------------------------------------------------ bots and codec
def test_heuristic_names_the_strong_seat_and_strong_bot_follows() -> None:
    # Trick 7 before seat 3's Karo-König: seat 0 has taken 106, seat 3's Kontra partner
    # (seat 2) nothing: the heuristic names seat 0.
    s = _before_card(FIRST, G, 6, 3)
    assert DokoHeuristicBot().choose(s.view(3)) == "genscher 0"
    assert DokoStrongBot(seed=1).choose(s.view(3)) == "genscher 0"
    s.apply("genscher 0")
    assert DokoStrongBot(seed=1).choose(s.view(3)) == "play SK"
    # With nobody ahead (no Augen taken, nothing announced) no pair is better: no Genscher.
    s = _before_card(FIRST, G, 6, 3)
    even = replace(s.view(3), trick_points=(0, 0, 0, 0), announcements=())
    assert not DokoHeuristicBot().choose(even).startswith("genscher")


def test_strong_bot_builds_parties_after_a_switch() -> None:
    s = play(with_tokens(G, 6, "3:genscher_0"), rules=FIRST, upto=7)
    bot = DokoStrongBot(seed=2)
    worlds = bot.worlds(s.view(2))
    assert worlds is not None
    first = next(iter(worlds))
    assert first.maximiser == (True, False, False, True)


def test_codec_appends_the_genscher_ids() -> None:
    spec = find_game("doppelkopf")
    off = ActionCodec.of(spec, DokoRules(), 4)
    on = ActionCodec.of(spec, FIRST, 4)
    assert on.size == off.size + 4
    assert all(on.decode(i) == off.decode(i) for i in range(off.size))
    assert [on.decode(off.size + k) for k in range(4)] == [f"genscher {k}" for k in range(4)]
    assert on.encode("GENSCHER 2") == off.size + 2
    assert ActionCodec.of(spec, FIRST, 5).size == off.size + 5


def test_openspiel_and_pettingzoo_with_the_genscher() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from binokel.research.openspiel import load
    from binokel.research.pettingzoo import env
    g = load("doppelkopf", 4, genscher="first")
    assert g.num_distinct_actions() == ActionCodec.of(find_game("doppelkopf"), FIRST, 4).size
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)
    import warnings
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation (space for each agent|is not)")
        api_test(env("doppelkopf", 4, genscher="second"), num_cycles=100,
                 verbose_progress=False)


# ------------------------------------------------------------------ property
class _Genscherer:
    """Names a random partner whenever it may, else plays as the bot it wraps."""

    def __init__(self, inner: object, rng: random.Random) -> None:
        self.inner, self.rng = inner, rng

    def choose(self, view: object) -> str:
        acts = [a for a in view.legal_actions if a.startswith("genscher")]  # type: ignore
        if acts:
            return self.rng.choice(acts)
        if view.phase == "vorbehalt" and self.rng.random() < 0.8:  # type: ignore
            return "gesund"  # mostly normal games, where the Genscher is played
        return self.inner.choose(view)  # type: ignore[attr-defined, no-any-return]


GENSCHER_RULES = st.builds(
    DokoRules, genscher=st.sampled_from(["first", "second"]), genscher_hochzeit=st.booleans(),
    genscher_announcements=st.sampled_from(["ansagen", "all", "void"]),
    nines=st.booleans(), armut=st.booleans(), schweinchen=st.booleans(),
    ansage_played=st.integers(1, 9))


@settings(max_examples=40, deadline=None)
@given(GENSCHER_RULES, st.integers(0, 10**6), st.sampled_from([4, 5]))
def test_random_deals_with_genscher(rules: DokoRules, seed: int, players: int) -> None:
    rng = random.Random(seed)
    # Deals where somebody holds both Karo-Könige: draw until one does (bounded).
    for k in range(60):
        state = DokoState.new(rules, dealer=seed % players, seed=seed + k, players=players)
        if any(state.hands[s] >> (2 * SK) & 3 == 2 for s in state.active):
            break
    bots = [_Genscherer(DokoHeuristicBot(s) if rng.random() < 0.5 else RandomBot(seed + s),
                        rng) for s in range(players)]
    while not state.is_over:
        seat = state.to_move
        if state.genscher is not None:
            parties = [state.view(v).parties for v in range(players)]
            assert len(set(parties)) == 1  # every view agrees on who is whose partner
            assert sum(p == "re" for p in parties[0]) == 2
            assert sum(p == "kontra" for p in parties[0]) == 2
            other = _swap_hidden(state, seat, rng)
            if other is not None:
                assert other.view(seat).to_json() == state.view(seat).to_json()
        state.apply(bots[seat].choose(state.view(seat)))
    r = state.result
    assert r is not None and sum(r.scores) == 0
    if state.genscher is not None:
        assert len(r.re_seats) == 2 and set(r.re_seats) == set(state.genscher)
        assert r.re_points + r.kontra_points == sum(state.trick_points)


def test_all_on_has_the_genscher() -> None:
    assert ALL_ON.genscher != "off"


# ------------------------------------------------------------------ terminal game
async def test_the_terminal_game_offers_and_plays_the_genscher() -> None:
    from binokel.bots import make_bot
    from binokel.tui.app import ActionButton
    from binokel.tui.app import GameConfig
    from binokel.tui.app import TableApp
    # Seed 18 deals the human (seat 0) both Karo-Könige in a normal game.
    app = TableApp(GameConfig(game="doppelkopf", rules=FIRST, seed=18, bot_delay=0.01,
                              save_dir=None))
    me = make_bot("heuristic", seed=5)
    offered: list[str] = []
    async with app.run_test(size=(160, 50)) as pilot:
        end = time.monotonic() + 60
        while not app.state.is_over and time.monotonic() < end:
            await pilot.pause(0.02)
            state = app.state
            if state.to_move != 0:
                continue
            names = [b.engine_action for b in app.query(ActionButton)]
            if "genscher 2" in names:
                offered = [str(b.label) for b in app.query(ActionButton)
                           if b.engine_action.startswith("genscher")]
                action = "genscher 2"
            else:
                action = "gesund" if state.phase == "vorbehalt" else me.choose(state.view(0))
            before = len(state.history)
            app.press_action(action)
            await pilot.pause()
            assert len(app.state.history) > before, action
        assert app.state.is_over
    # One numbered button per other seat, in the table's words (German by default).
    assert [label.split(maxsplit=1)[1] for label in offered] == [
        f"Genscher mit {app.names[s]}" for s in (1, 2, 3)]
    assert (0, "genscher 2") in app.state.history
    assert app.state.result is not None and set(app.state.result.re_seats) == {0, 2}
