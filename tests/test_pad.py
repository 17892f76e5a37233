"""The score pad: deals played by the engine's bots, entered as players would enter them
(what the deal's record says), must score exactly as the engine scored them — for every game,
preset and player count; the running sheet and the round's winner as a played series; the
checks of what cannot be; JSON round trips and untrusted JSON."""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace
from typing import Any
from typing import cast

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from binokel.bots import make_bot
from binokel.core.outcome import Outcome
from binokel.core.state import AnyState
from binokel.games.binokel.scoring import DealResult
from binokel.games.binokel.state import DealState
from binokel.games.doppelkopf.scoring import DokoResult
from binokel.games.doppelkopf.state import DokoState
from binokel.games.luxusfamilie.scoring import LuxusResult
from binokel.games.zweier.scoring import ZweierResult
from binokel.play import play_deal
from binokel.registry import GAMES
from binokel.registry import find_game
from binokel.registry import new_series
from binokel.tournament.pad import DOKO_SPECIALS
from binokel.tournament.pad import DURCH_OPEN
from binokel.tournament.pad import DealEntry
from binokel.tournament.pad import Pad
from binokel.tournament.pad import PadError
from binokel.tournament.pad import entry_form

CASES = [(spec.name, preset, n) for spec in GAMES for preset in spec.presets
         for n in spec.players]


def entry_from_record(game: str, state: AnyState) -> DealEntry:
    """What the players of a finished deal enter: the facts its record states."""
    res = state.result
    assert res is not None
    if game in ("binokel", "kreuzbinokel"):
        r = cast(DealResult, res)
        st_ = cast(DealState, state)
        if r.contract == "thrown_in":
            return DealEntry(dealer=state.dealer, contract="thrown_in")
        contract = DURCH_OPEN if r.contract == "durch" and st_.open_durch else r.contract
        melds = tuple(m.total for m in r.melds)
        if contract == "normal":
            points = r.trick_points
            # Tricks only where a player's points do not tell (pointless tricks).
            told = all((p > 0) == (t > 0) for p, t in zip(points, r.tricks_won, strict=True))
            return DealEntry(dealer=state.dealer, declarer=r.declarer, bid=r.bid,
                             contract=contract, melds=melds, points=points,
                             tricks=None if told else r.tricks_won)
        return DealEntry(dealer=state.dealer, declarer=r.declarer, bid=r.bid,
                         contract=contract, melds=melds,
                         made=r.made if contract != "abgehen" else None)
    if game == "zweier":
        z = cast(ZweierResult, res)
        return DealEntry(dealer=state.dealer, melds=z.meld_points, points=z.trick_points)
    if game == "luxusfamilie":
        lx = cast(LuxusResult, res)
        return DealEntry(dealer=state.dealer, declarer=lx.declarer,
                         melds=tuple(m.total for m in lx.melds), points=lx.power_points,
                         tricks=lx.tricks_won)
    d = cast(DokoResult, res)
    ds = cast(DokoState, state)
    if d.contract == "thrown in":
        return DealEntry(dealer=state.dealer, contract=d.contract)
    return DealEntry(
        dealer=state.dealer, contract=d.contract, re=d.re_seats, re_augen=d.re_points,
        re_tricks=sum(ds.tricks_won[s] for s in d.re_seats), announced=d.announced,
        specials=tuple((w, p) for w, p, _ in d.lines if w in DOKO_SPECIALS),
        partner_found=not (d.contract == "hochzeit" and ds.partner is None),
        pflicht=d.pflichtsolo)


def play(game: str, preset: str, players: int, seed: int, dealer: int) -> AnyState:
    spec = find_game(game)
    rules = spec.make_rules({"preset": preset})
    state = spec.new_deal(rules, dealer, seed=seed, players=players)
    kind = "heuristic" if seed % 3 else "random"
    play_deal(state, [make_bot(kind, seed + s, game=game) for s in range(players)])
    return state


def same_outcome(mine: Outcome, engine: Outcome) -> None:
    assert mine.scores == engine.scores
    assert mine.contract == engine.contract
    assert mine.made == engine.made
    assert mine.termination.value in {"played", "decided", "conceded", "thrown_in"}


@pytest.mark.parametrize(("game", "preset", "players"), CASES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), dealer=st.integers(0, 7))
def test_pad_scores_played_deals_as_the_engine(game: str, preset: str, players: int,
                                               seed: int, dealer: int) -> None:
    state = play(game, preset, players, seed, dealer % players)
    pad = Pad.new(game, [f"P{s}" for s in range(players)], preset)
    pad.add(entry_from_record(game, state))
    assert state.result is not None
    same_outcome(pad.outcomes()[0], state.result)
    # The JSON document gives the same pad.
    again = Pad.from_json(json.loads(json.dumps(pad.to_json())))
    assert again.outcomes()[0].scores == state.result.scores


@pytest.mark.parametrize(("game", "preset", "players"), CASES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), dealer=st.integers(0, 7))
def test_the_entry_form_asks_for_every_played_deal(game: str, preset: str, players: int,
                                                   seed: int, dealer: int) -> None:
    """The web page's form (``entry_form``) offers what a played deal needs: its contract,
    its declarer among the seats in play, its bid in range, its points adding up to the
    form's total; and what the form does not ask (tricks, unless meld_needs_trick) does not
    change the score."""
    state = play(game, preset, players, seed, dealer % players)
    entry = entry_from_record(game, state)
    pad = Pad.new(game, [f"P{s}" for s in range(players)], preset)
    form = json.loads(json.dumps(entry_form(pad)))
    in_play = form["in_play"][entry.dealer]
    assert len(form["in_play"]) == players
    if form["kind"] == "binokel":
        assert entry.contract in form["contracts"]
        if entry.contract != "thrown_in":
            assert entry.declarer in in_play
            assert entry.bid is not None
            assert form["bid"]["min"] <= entry.bid <= form["bid"]["max"]
            assert entry.bid % form["bid"]["step"] == 0
            assert form["parties"][entry.dealer][entry.declarer] >= 0
        if entry.contract == "normal":
            assert sum(entry.points) == form["points_total"]
            assert all(entry.points[s] == 0 for s in range(players) if s not in in_play)
    elif form["kind"] == "doppelkopf":
        assert entry.contract in form["contracts"]
        assert set(entry.re) <= set(in_play)
        assert 0 <= entry.re_tricks <= form["hand"]
        assert {w for w, _ in entry.specials} <= set(form["specials"])
        assert not entry.pflicht or form["pflichtsolo"]
    else:
        total = sum(entry.points)
        exact = form.get("points_exact", True)
        assert total == form["points_total"] if exact else total <= form["points_total"]
        assert in_play == list(range(players))
    if entry.tricks is not None:
        assert sum(entry.tricks) == form["hand"]
        if not form.get("tricks"):
            bare = Pad.new(game, [f"P{s}" for s in range(players)], preset)
            bare.add(replace(entry, tricks=None))
            assert state.result is not None
            assert bare.outcomes()[0].scores == state.result.scores


def test_the_entry_form_follows_the_rules() -> None:
    assert entry_form(Pad.new("binokel", ["A", "B", "C"], "aks"))["contracts"] == [
        "normal", "abgehen", "thrown_in"]
    open_durch = entry_form(Pad.new("binokel", ["A", "B", "C"], None,
                                    {"durch_open": 1500, "all_pass": "vorhand_plays"}))
    assert open_durch["contracts"] == ["normal", "abgehen", "durch", "durch open",
                                       "untendurch"]
    assert entry_form(Pad.new("binokel", ["A", "B", "C", "D"]))["parties"][2] == [0, 1, -1, 3]
    doko = entry_form(Pad.new("doppelkopf", ["A", "B", "C", "D", "E"], None,
                              {"armut": True, "koenigssolo": True, "karlchen": "off",
                               "nines": False}))
    assert "armut" in doko["contracts"] and "solo koenige" in doko["contracts"]
    assert doko["contracts"][-1] == "thrown in" and doko["hand"] == 10
    assert doko["specials"] == ["Doppelkopf", "Fuchs gefangen"]
    assert doko["in_play"][4] == [0, 1, 2, 3]
    ddv = entry_form(Pad.new("doppelkopf", ["A", "B", "C", "D"], "ddv"))
    assert ddv["pflichtsolo"] and "armut" not in ddv["contracts"]
    lux = entry_form(Pad.new("luxusfamilie", ["A", "B", "C"], None, {"meld_needs_trick": True}))
    assert lux["tricks"] and lux["points_exact"] and lux["points_total"] == 240
    assert not entry_form(Pad.new("luxusfamilie", list("ABCDE")))["points_exact"]
    assert entry_form(Pad.new("zweier", ["A", "B"]))["points_total"] == 250


@pytest.mark.parametrize(("game", "preset", "players"),
                         [("binokel", "standard", 3), ("binokel", "aks", 4),
                          ("kreuzbinokel", "turnier", 4), ("zweier", "standard", 2),
                          ("luxusfamilie", "standard", 5), ("doppelkopf", "standard", 4),
                          ("doppelkopf", "dkv", 4)])
def test_pad_sheet_and_winner_follow_a_played_series(game: str, preset: str,
                                                     players: int) -> None:
    spec = find_game(game)
    options: dict[str, Any] = {"deals_per_series": 6} if "deals_per_series" in spec.options \
        else {}
    if preset == "dkv":
        options["pflichtsolo"] = True   # the same dealer again, the deal not counted
    rules = spec.make_rules({"preset": preset, "options": options})
    # seed 1 under dkv: a Pflichtsolo in the first deal
    series = new_series(game, rules, players, seed=1 if preset == "dkv" else 5)
    pad = Pad.new(game, [f"P{s}" for s in range(players)], preset,
                  rules.changed_options())
    bots = [make_bot("heuristic", s, game=game) for s in range(players)]
    for _ in range(60):
        state = series.current
        while not state.is_over:
            series.apply(bots[state.to_move].choose(state.view(state.to_move)))
        pad.add(entry_from_record(game, series.current))
        assert pad.totals() == tuple(series.totals)
        assert pad.sheet()[-1].scores == series.sheet[-1].scores
        if series.is_over:
            break
        assert pad.winner() is None
        assert pad.next_dealer() == series.next_dealer()
        series.next_deal()
    assert pad.winner() == series.winner
    assert any(d.pflicht for d in pad.deals) == (preset == "dkv")


def binokel_pad(**options: Any) -> Pad:
    return Pad.new("binokel", ["Anna", "Ben", "Cem"], "standard", options)


def test_worked_example_and_corrections() -> None:
    pad = binokel_pad()
    pad.add(DealEntry(dealer=0, declarer=1, bid=300, contract="normal", melds=(40, 200, 0),
                      points=(60, 150, 40)))
    # lost: 180 + 70 < 300, twice the bid by default; the others' points rounded
    pad.add(DealEntry(dealer=1, declarer=2, bid=300, contract="normal", melds=(20, 0, 180),
                      points=(115, 65, 70)))
    assert pad.sheet()[1].scores == (140, 70, -600)
    assert pad.totals() == (240, 420, -560)
    assert pad.next_dealer() == 2
    pad.correct(1, DealEntry(dealer=1, declarer=2, bid=250, contract="normal",
                             melds=(20, 0, 180), points=(115, 65, 70)))
    assert pad.sheet()[1].scores == (140, 70, 250)
    pad.add(DealEntry(dealer=2, declarer=0, bid=200, contract="abgehen", melds=(0, 60, 20)))
    assert pad.sheet()[2].scores == (-200, 90, 50)
    pad.add(DealEntry(dealer=0, declarer=1, bid=400, contract="durch", made=True))
    assert pad.sheet()[3].scores == (0, 1000, 0)
    pad.remove_last()
    assert len(pad.deals) == 3


def test_target_ends_the_round() -> None:
    pad = binokel_pad(target=500)
    pad.add(DealEntry(dealer=0, declarer=1, bid=400, contract="durch", made=True))
    assert pad.winner() == 1


@pytest.mark.parametrize(("entry", "message"), [
    (DealEntry(dealer=0, declarer=1, bid=300, melds=(0, 0, 0), points=(100, 100, 40)),
     "add up to 240, not 250"),
    (DealEntry(dealer=0, declarer=1, bid=140, melds=(0, 0, 0), points=(100, 100, 60)),
     "bids go from 150"),
    (DealEntry(dealer=0, declarer=1, bid=305, melds=(0, 0, 0), points=(100, 100, 60)),
     "steps of 10"),
    (DealEntry(dealer=0, declarer=1, bid=300, melds=(0, 35, 0), points=(100, 100, 60)),
     "no hand holds"),
    (DealEntry(dealer=0, declarer=1, bid=300, melds=(0, 9000, 0), points=(100, 100, 60)),
     "no hand holds"),
    (DealEntry(dealer=0, declarer=1, bid=300, melds=(0, 30, 0), points=(100, 100, 50)),
     "melds of 30 — no hand holds that under these rules"),
    (DealEntry(dealer=0, declarer=1, bid=300, melds=(0, 0), points=(100, 100, 60)),
     "one number per player"),
    (DealEntry(dealer=0, declarer=1, bid=300, contract="Ramsch"), "contract: one of"),
    (DealEntry(dealer=0, declarer=1, bid=300, contract="durch"), "say whether it was made"),
    (DealEntry(dealer=0, declarer=1, bid=300, contract="abgehen", points=(10, 0, 0)),
     "no trick points"),
    (DealEntry(dealer=0, declarer=5, bid=300, melds=(0, 0, 0), points=(100, 100, 60)),
     "declarer: a seat"),
    (DealEntry(dealer=3, declarer=1, bid=300), "dealer: a seat"),
    (DealEntry(dealer=0, declarer=1, bid=300, melds=(0, 0, 0), points=(100, 100, 50),
               tricks=(4, 4, 5)), "the deal has 12"),
    (DealEntry(dealer=0, declarer=1, bid=300, contract="durch open", made=True),
     "open Durch is not allowed"),
])
def test_binokel_checks_what_cannot_be(entry: DealEntry, message: str) -> None:
    with pytest.raises(PadError, match=message):
        binokel_pad().add(entry)


def test_four_players_the_dealer_sits_out() -> None:
    pad = Pad.new("binokel", ["A", "B", "C", "D"])
    with pytest.raises(PadError, match="sits out"):
        pad.add(DealEntry(dealer=0, declarer=1, bid=300, melds=(20, 0, 0, 0),
                          points=(0, 100, 100, 60)))
    with pytest.raises(PadError, match="declarer: a seat in play"):
        pad.add(DealEntry(dealer=0, declarer=0, bid=300, melds=(0, 0, 0, 0),
                          points=(0, 100, 100, 60)))


@pytest.mark.parametrize(("entry", "message"), [
    (DealEntry(dealer=0, contract="normal", re=(0,), re_augen=130, re_tricks=6),
     "two seats"),
    (DealEntry(dealer=0, contract="solo damen", re=(0, 1), re_augen=130, re_tricks=6),
     "the soloist alone"),
    (DealEntry(dealer=0, contract="normal", re=(0, 1), re_augen=130, re_tricks=0),
     "cannot be"),
    (DealEntry(dealer=0, contract="normal", re=(0, 1), re_augen=130, re_tricks=6,
               specials=(("Fuchs gefangen", "re"),) * 3), "at most two foxes"),
    (DealEntry(dealer=0, contract="normal", re=(0, 1), re_augen=130, re_tricks=6,
               specials=(("Schwein", "re"),)), "special point"),
    (DealEntry(dealer=0, contract="solo B", re=(0,), re_augen=130, re_tricks=6,
               specials=(("Karlchen", "re"),)), "solo scores no special"),
    (DealEntry(dealer=0, contract="solo B", re=(0,), re_augen=130, re_tricks=6,
               pflicht=True), "only a solo under the option pflichtsolo"),
])
def test_doppelkopf_checks(entry: DealEntry, message: str) -> None:
    with pytest.raises(PadError, match=message):
        Pad.new("doppelkopf", ["A", "B", "C", "D"]).add(entry)


def test_doppelkopf_example() -> None:
    pad = Pad.new("doppelkopf", ["A", "B", "C", "D"])
    pad.add(DealEntry(dealer=0, contract="normal", re=(0, 2), re_augen=150, re_tricks=7,
                      announced=(0, -1), specials=(("Fuchs gefangen", "re"),)))
    # won 1, Re angesagt 2, Fuchs 1
    assert pad.sheet()[0].scores == (4, -4, 4, -4)


@pytest.mark.parametrize("doc", [
    None, [], {"version": 2}, {"version": 1, "game": "skat", "players": ["a", "b"]},
    {"version": 1, "game": "binokel", "players": ["a", "b"]},
    {"version": 1, "game": "binokel", "players": ["a", "a", "b"]},
    {"version": 1, "game": "binokel", "players": ["a" * 41, "b", "c"]},
    {"version": 1, "game": "binokel", "players": ["a", "b", "c"], "x": 1},
    {"version": 1, "game": "binokel", "players": ["a", "b", "c"],
     "rules": {"preset": "nope"}},
    {"version": 1, "game": "binokel", "players": ["a", "b", "c"],
     "rules": {"options": {"min_bid": "x"}}},
    {"version": 1, "game": "binokel", "players": ["a", "b", "c"], "deals": [{"dealer": 9}]},
    {"version": 1, "game": "binokel", "players": ["a", "b", "c"], "deals": {"a": 1}},
    {"version": 1, "game": "binokel", "players": ["a", "b", "c"],
     "deals": [{"dealer": 0, "melds": [1] * 1000}]},
    {"version": 1, "game": "binokel", "players": ["a", "b", "c"],
     "deals": [{"dealer": 0, "bid": True}]},
    {"version": 1, "game": "binokel", "players": ["a", "b", "c"],
     "deals": [{"dealer": 0, "specials": [["a", "b", "c"]]}]},
    {"version": 1, "game": "binokel", "players": ["a", "b", "c"],
     "deals": [{"dealer": 0}] * 1001},
])
def test_untrusted_json_is_a_clear_error(doc: Any) -> None:
    with pytest.raises(PadError):
        Pad.from_json(doc)


@settings(max_examples=100, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda c: st.lists(c, max_size=4)
                    | st.dictionaries(st.sampled_from(
                        ["dealer", "declarer", "bid", "contract", "melds", "points", "re",
                         "made", "tricks", "announced", "specials", "re_augen", "re_tricks",
                         "partner_found"]), c,
                        max_size=6), max_leaves=12),
       st.sampled_from(GAMES))
def test_random_deal_documents_never_crash(deal: Any, spec: Any) -> None:
    doc = {"version": 1, "game": spec.name, "deals": [deal],
           "players": [f"P{s}" for s in range(spec.default_players)]}
    with contextlib.suppress(PadError):
        Pad.from_json(doc)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**31), trump=st.integers(0, 3), size=st.integers(12, 24),
       options=st.fixed_dictionaries({
           "sevens": st.booleans(), "dix": st.booleans(), "four_tens": st.sampled_from(
               [0, 80, 100]), "eight_of_a_rank": st.sampled_from([1000, "double"]),
           "rundgang": st.sampled_from(["parts", 350, "none"]),
           "double_family": st.sampled_from([200, 1000, 1500]),
           "double_trump_family": st.sampled_from([300, 1000, 1500])}))
def test_every_hands_melds_are_possible_totals(seed: int, trump: int, size: int,
                                               options: dict[str, Any]) -> None:
    """meld_totals may hold too much, never too little: any hand's best melding is in it
    (hands larger than a deal's make rare melds likelier)."""
    import random

    from binokel.core.cards import cardset
    from binokel.games.binokel.deal import full_deck
    from binokel.games.binokel.melds import best_melds
    from binokel.games.binokel.rules import Rules
    from binokel.tournament.pad import meld_totals

    options["dix"] = options["dix"] and options["sevens"]
    rules = Rules.from_preset("standard", **options)
    deck = full_deck(rules)
    hand = cardset(random.Random(seed).sample(deck, size))
    assert best_melds(hand, trump, rules).total in meld_totals(rules)


@settings(max_examples=150, deadline=None)
@given(spec=st.sampled_from(GAMES), data=st.data())
def test_random_entries_score_or_are_refused(spec: Any, data: st.DataObject) -> None:
    """Entries with every field in its range but facts thrown together: each is scored or
    refused with a PadError, never anything else."""
    n = data.draw(st.sampled_from(spec.players))
    preset = data.draw(st.sampled_from(list(spec.presets)))
    seat = st.integers(0, n - 1)
    entry = DealEntry(
        dealer=data.draw(seat), declarer=data.draw(st.none() | seat),
        bid=data.draw(st.none() | st.integers(0, 200).map(lambda x: x * 10)),
        contract=data.draw(st.sampled_from(
            ["normal", "abgehen", "durch", "durch open", "untendurch", "thrown_in",
             "hochzeit", "stille hochzeit", "armut", "solo damen", "solo H", "thrown in"])),
        melds=tuple(data.draw(st.lists(st.integers(0, 60).map(lambda x: x * 10),
                                       min_size=n, max_size=n))),
        points=tuple(data.draw(st.lists(st.integers(0, 260), min_size=n, max_size=n))),
        tricks=data.draw(st.none() | st.lists(st.integers(0, 16), min_size=n, max_size=n)
                         .map(tuple)),
        made=data.draw(st.none() | st.booleans()),
        re=tuple(data.draw(st.lists(seat, max_size=3))),
        re_augen=data.draw(st.integers(0, 240)), re_tricks=data.draw(st.integers(0, 12)),
        announced=(data.draw(st.integers(-1, 4)), data.draw(st.integers(-1, 4))),
        specials=tuple(data.draw(st.lists(st.tuples(
            st.sampled_from(DOKO_SPECIALS), st.sampled_from(["re", "kontra"])), max_size=4))),
        partner_found=data.draw(st.booleans()))
    pad = Pad.new(spec.name, [f"P{s}" for s in range(n)], preset)
    try:
        pad.add(entry)
    except PadError:
        return
    assert len(pad.outcomes()[0].scores) == n   # (about one entry in 20 gets here)
