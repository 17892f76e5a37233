"""The score pad: deals played by the engine's bots, entered as players would enter them
(what the deal's record says), must score exactly as the engine scored them — for every game,
preset and player count; the running sheet and the round's winner as a played series; the
checks of what cannot be; JSON round trips and untrusted JSON."""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import fields
from types import SimpleNamespace
from typing import Any
from typing import cast

import pytest
from hypothesis import HealthCheck
from hypothesis import assume
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from binokel.bots import make_bot
from binokel.core.errors import RulesError
from binokel.core.outcome import Outcome
from binokel.core.state import AnyState
from binokel.games.binokel.pad import DURCH_OPEN
from binokel.games.binokel.pad import BinokelEntry
from binokel.games.binokel.pad import hand_size
from binokel.games.binokel.scoring import DealResult
from binokel.games.binokel.state import DealState
from binokel.games.doppelkopf.pad import CONTRACTS as DOKO_CONTRACTS
from binokel.games.doppelkopf.pad import SPECIALS as DOKO_SPECIALS
from binokel.games.doppelkopf.pad import DokoEntry
from binokel.games.doppelkopf.pad import pflicht_owed
from binokel.games.doppelkopf.pad import thrown_in_reasons
from binokel.games.doppelkopf.scoring import DokoResult
from binokel.games.doppelkopf.state import DokoState
from binokel.games.luxusfamilie.deal import hand_size as luxus_hand
from binokel.games.luxusfamilie.pad import LuxusEntry
from binokel.games.luxusfamilie.scoring import LuxusResult
from binokel.games.zweier.pad import ZweierEntry
from binokel.games.zweier.scoring import ZweierResult
from binokel.play import play_deal
from binokel.registry import GAMES
from binokel.registry import find_game
from binokel.registry import new_series
from binokel.tournament.pad import Pad
from binokel.tournament.pad import PadError
from binokel.tournament.pad import entry_form

# An entry as players (and the web page) send it: plain JSON, a fact left out where it has
# its default.
Deal = dict[str, Any]
_DEFAULTS: dict[str, Any] = {
    "declarer": None, "bid": None, "contract": "normal", "melds": (), "points": (),
    "tricks": None, "made": None, "re": (), "re_augen": 0, "re_tricks": 0,
    "announced": (-1, -1), "specials": (), "partner_found": True, "pflicht": False,
    "genscher": None}


def _plain(v: Any) -> Any:
    return [_plain(x) for x in v] if isinstance(v, (tuple, list)) else v


def deal(**facts: Any) -> Deal:
    """The JSON entry of ``facts`` (the dealer always; the others where not the default)."""
    return {k: _plain(v) for k, v in facts.items()
            if k == "dealer" or _plain(v) != _plain(_DEFAULTS.get(k, object()))}


def replace(entry: Deal, **facts: Any) -> Deal:
    return deal(**{**entry, **facts})


def add(pad: Pad, entry: Deal) -> None:
    pad.add(pad.read_entry(entry))


def correct(pad: Pad, index: int, entry: Deal) -> None:
    pad.correct(index, pad.read_entry(entry))


def bock_levels(pad: Pad) -> tuple[int, ...]:
    """Each deal's Bock level (0 outside Doppelkopf)."""
    return tuple(getattr(pad.rules_of(i), "bock_level", 0) for i in range(len(pad.deals)))


def owed(pad: Pad) -> tuple[int, ...]:
    """The seats that still owe their Pflichtsolo (Doppelkopf with ``pflichtsolo``)."""
    return pflicht_owed(pad.book) if cast(Any, pad.rules).pflichtsolo else ()


def field(form: dict[str, Any], name: str) -> dict[str, Any] | None:
    return next((f for f in form["fields"] if f["name"] == name), None)


def summary(pad: Pad) -> dict[str, Any]:
    """What the entry form of ``pad``'s next deal asks, read from its description (the
    pad's rules where a form only words it: why a deal may be thrown in, who owes)."""
    form = json.loads(json.dumps(entry_form(pad)))
    rules: Any = pad.deal_rules()
    n = len(pad.players)
    out: dict[str, Any] = {"in_play": form["in_play"], "parties": form["parties"],
                           "fields": [f["name"] for f in form["fields"]]}
    status = {s["name"] for s in form["status"]}
    if (contract := field(form, "contract")) is not None:
        out["contracts"] = [c["value"] for c in contract["choices"]]
    if (bid := field(form, "bid")) is not None:
        out["bid"] = {"min": bid["low"], "max": bid["high"], "step": bid["step"]}
    if (points := field(form, "points")) is not None:
        out["points_total"] = points["total"]
        out["points_exact"] = points["exact"]
    out["tricks"] = field(form, "tricks") is not None
    if pad.game in ("binokel", "kreuzbinokel"):
        out["kind"] = "binokel"
        out["hand"] = hand_size(rules, len(form["in_play"][0]))
        out["abgehen_melds"] = field(form, "others_melds") is not None
    elif pad.game == "doppelkopf":
        out["kind"] = "doppelkopf"
        tricks = field(form, "re_tricks")
        assert tricks is not None
        out["hand"] = tricks["high"]
        specials = field(form, "specials")
        out["specials"] = [c["value"] for c in specials["choices"]] if specials else []
        out["special_max"] = {c["value"]: c["max"] for c in specials["choices"]} \
            if specials else {}
        genscher = field(form, "genscher")
        out["genscher"] = genscher is not None
        out["genscher_hochzeit"] = genscher is not None and any(
            "hochzeit" in alt.get("contract", []) for alt in genscher["when"])
        out["thrown_in"] = [list(x) for x in thrown_in_reasons(rules)]
        out["pflichtsolo"] = rules.pflichtsolo
        out["owed"] = list(owed(pad))
        out["vorgefuehrt"] = rules.vorgefuehrt
        out["bock"] = bool(set(rules.bock_after.split(",")) - {""}) or rules.bock_level > 0
        out["bock_next"] = rules.bock_level
        # the form says what it knows of the next deal
        assert ("bock" in status) == (rules.bock_level > 0)
        assert ("vorgefuehrt" in status) == (rules.vorgefuehrt >= 0)
        assert ("pflicht" in status) == rules.pflichtsolo
    else:
        out["kind"] = pad.game
        out["hand"] = luxus_hand(n) if pad.game == "luxusfamilie" else 12
    return out



CASES = [(spec.name, preset, n) for spec in GAMES for preset in spec.presets
         for n in spec.players]


def entry_from_record(game: str, state: AnyState) -> Deal:
    """What the players of a finished deal enter: the facts its record states."""
    res = state.result
    assert res is not None
    if game in ("binokel", "kreuzbinokel"):
        r = cast(DealResult, res)
        st_ = cast(DealState, state)
        if r.contract == "thrown_in":
            return deal(dealer=state.dealer, contract="thrown_in")
        contract = DURCH_OPEN if r.contract == "durch" and st_.open_durch else r.contract
        melds = tuple(m.total for m in r.melds)
        if contract == "normal":
            points = r.trick_points
            # Tricks only where a player's points do not tell (pointless tricks).
            told = all((p > 0) == (t > 0) for p, t in zip(points, r.tricks_won, strict=True))
            return deal(dealer=state.dealer, declarer=r.declarer, bid=r.bid,
                             contract=contract, melds=melds, points=points,
                             tricks=None if told else r.tricks_won)
        return deal(dealer=state.dealer, declarer=r.declarer, bid=r.bid,
                         contract=contract, melds=melds,
                         made=r.made if contract != "abgehen" else None)
    if game == "zweier":
        z = cast(ZweierResult, res)
        return deal(dealer=state.dealer, melds=z.meld_points, points=z.trick_points)
    if game == "luxusfamilie":
        lx = cast(LuxusResult, res)
        return deal(dealer=state.dealer, declarer=lx.declarer,
                         melds=tuple(m.total for m in lx.melds), points=lx.power_points,
                         tricks=lx.tricks_won)
    d = cast(DokoResult, res)
    ds = cast(DokoState, state)
    if d.contract == "thrown in":
        return deal(dealer=state.dealer, contract=d.contract)
    return deal(
        dealer=state.dealer, contract=d.contract, re=d.re_seats, re_augen=d.re_points,
        re_tricks=sum(ds.tricks_won[s] for s in d.re_seats), announced=d.announced,
        specials=tuple((w, p) for w, p, _ in d.lines if w in DOKO_SPECIALS),
        partner_found=not (d.contract == "hochzeit" and ds.partner is None),
        pflicht=d.pflichtsolo, genscher=d.genscher)


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
    add(pad, entry_from_record(game, state))
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
    """The form's description (``entry_form``) offers what a played deal needs: its
    contract, its declarer among the seats in play, its bid in range, its points adding up
    to the form's total; the deal read into the form's fields and back gives the same
    scores (what the form does not ask, tricks unless meld_needs_trick, changes nothing)."""
    state = play(game, preset, players, seed, dealer % players)
    entry = entry_from_record(game, state)
    e = SimpleNamespace(**{**_DEFAULTS, **entry})
    pad = Pad.new(game, [f"P{s}" for s in range(players)], preset)
    form = summary(pad)
    in_play = form["in_play"][e.dealer]
    assert len(form["in_play"]) == players
    if form["kind"] == "binokel":
        assert e.contract in form["contracts"]
        if e.contract != "thrown_in":
            assert e.declarer in in_play
            assert e.bid is not None
            assert form["bid"]["min"] <= e.bid <= form["bid"]["max"]
            assert e.bid % form["bid"]["step"] == 0
            assert form["parties"][e.dealer][e.declarer] >= 0
        if e.contract == "normal":
            assert sum(e.points) == form["points_total"]
            assert all(e.points[s] == 0 for s in range(players) if s not in in_play)
    elif form["kind"] == "doppelkopf":
        assert e.contract in form["contracts"]
        assert set(e.re) <= set(in_play)
        assert 0 <= e.re_tricks <= form["hand"]
        assert {w for w, _ in e.specials} <= set(form["specials"])
        assert not e.pflicht or form["pflichtsolo"]
    else:
        total = sum(e.points)
        exact = form.get("points_exact", True)
        assert total == form["points_total"] if exact else total <= form["points_total"]
        assert in_play == list(range(players))
    if e.tricks is not None:
        assert sum(e.tricks) == form["hand"]
    # Through the form: its fields filled from the deal, and the entry they make.
    described = pad.form()
    through = described.entry(described.given(entry))
    assert set(deal(**through)) <= set(entry) | {"re"}
    add(pad, through)
    assert state.result is not None
    assert pad.outcomes()[0].scores == state.result.scores


def test_the_entry_form_follows_the_rules() -> None:
    # Vorhand must open the bidding: all passing cannot be, unless the table says otherwise.
    assert summary(Pad.new("binokel", ["A", "B", "C"], "aks"))["contracts"] == [
        "normal", "abgehen"]
    assert summary(Pad.new("binokel", ["A", "B", "C"], "aks", {
        "vorhand_must_open": False}))["contracts"] == ["normal", "abgehen", "thrown_in"]
    open_durch = summary(Pad.new("binokel", ["A", "B", "C"], None,
                                    {"durch_open": 1500, "all_pass": "vorhand_plays"}))
    assert open_durch["contracts"] == ["normal", "abgehen", "durch", "durch open",
                                       "untendurch"]
    assert summary(Pad.new("binokel", ["A", "B", "C", "D"]))["parties"][2] == [0, 1, -1, 3]
    doko = summary(Pad.new("doppelkopf", ["A", "B", "C", "D", "E"], None,
                              {"armut": True, "koenigssolo": True, "karlchen": "off",
                               "nines": False}))
    assert "armut" in doko["contracts"] and "solo koenige" in doko["contracts"]
    assert doko["contracts"][-1] == "thrown in" and doko["hand"] == 10
    assert doko["specials"] == ["Doppelkopf", "Fuchs gefangen"]
    assert doko["special_max"] == {"Doppelkopf": 10, "Fuchs gefangen": 2}
    assert doko["thrown_in"] == [["armut", 0]] and not doko["genscher"] and not doko["bock"]
    assert doko["in_play"][4] == [0, 1, 2, 3]
    ddv = summary(Pad.new("doppelkopf", ["A", "B", "C", "D"], "ddv"))
    assert ddv["pflichtsolo"] and "armut" not in ddv["contracts"]
    assert ddv["owed"] == [0, 1, 2, 3] and "thrown in" not in ddv["contracts"]
    assert ddv["contracts"] == ["normal", "hochzeit", "stille hochzeit", "solo damen",
                                "solo buben", "solo fleischlos", "solo E", "solo B", "solo H",
                                "solo S"]
    every = summary(Pad.new("doppelkopf", ["A", "B", "C", "D"], None, {
        "karlchen_gefangen": True, "karlchen_double": True, "fuchs_last_trick": True,
        "fuchs_double": True, "dulle_caught": True, "herz_trick_point": True,
        "genscher": "second", "genscher_hochzeit": False, "throw_nines": 5,
        "throw_nines_kings": 8, "bock_after": "tie"}))
    assert every["specials"] == list(DOKO_SPECIALS)
    assert every["special_max"]["Karlchen gefangen"] == 2
    assert every["special_max"]["Herzstich"] == 12 and every["special_max"]["Doppelfuchs"] == 1
    assert every["genscher"] and not every["genscher_hochzeit"]
    assert every["thrown_in"] == [["nines", 5], ["nines_kings", 8]]
    assert every["bock"] and every["bock_next"] == 0
    # A fixed Bock level without Bockrunden: every deal counts double (as in the engine).
    fixed = summary(Pad.new("doppelkopf", ["A", "B", "C", "D"], None, {"bock_level": 1}))
    assert fixed["bock"] and fixed["bock_next"] == 1
    lux = summary(Pad.new("luxusfamilie", ["A", "B", "C"], None, {"meld_needs_trick": True}))
    assert lux["tricks"] and lux["points_exact"] and lux["points_total"] == 240
    assert not summary(Pad.new("luxusfamilie", list("ABCDE")))["points_exact"]
    assert summary(Pad.new("zweier", ["A", "B"]))["points_total"] == 250


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
        add(pad, entry_from_record(game, series.current))
        assert pad.totals() == tuple(series.totals)
        assert pad.sheet()[-1].scores == series.sheet[-1].scores
        if series.is_over:
            break
        assert pad.winner() is None
        assert pad.next_dealer() == series.next_dealer()
        series.next_deal()
    assert pad.winner() == series.winner
    assert any(getattr(d, "pflicht", False) for d in pad.deals) == (preset == "dkv")


# ---------------------------------------------------------------------- Doppelkopf's house rules
DOKO_HOUSE_RULES = st.fixed_dictionaries({
    "karlchen": st.sampled_from(["karo", "kreuz", "off"]),
    "karlchen_gefangen": st.booleans(), "doppel_karlchen": st.booleans(),
    "karlchen_double": st.booleans(), "fuchs_last_trick": st.booleans(),
    "schweinchen": st.booleans(), "nines": st.booleans(),
    "genscher": st.sampled_from(["off", "first", "second"]),
    "genscher_hochzeit": st.booleans(),
    "genscher_announcements": st.sampled_from(["ansagen", "all", "void"]),
    "throw_nines": st.sampled_from([0, 5, 6]), "throw_kings": st.sampled_from([0, 5]),
    "throw_nines_kings": st.sampled_from([0, 7, 8]), "armut": st.booleans(),
    "koenigssolo": st.booleans(), "damen_buben_solo": st.booleans(),
    "fleischlos": st.booleans(), "pflichtsolo": st.booleans(),
    "pflicht_owed": st.sampled_from(["all", "13"]),
    "bock_after": st.sampled_from(["", "tie,kontra_won", "solo_lost,both_announced",
                                   "tie,solo_lost,kontra_won,both_announced"]),
    "bock_rounds": st.integers(1, 2), "bock_stack": st.integers(1, 3),
    "reach_absage_wins": st.booleans(), "deals_per_series": st.just(1000)})


def pad_follows_series(options: dict[str, Any], players: int, seed: int, deals: int,
                       kind: str = "heuristic") -> tuple[Pad, list[DokoResult]]:
    """A Doppelkopf series played by bots under ``options``, each deal entered on a pad from
    its record as it ends: every line, total, Bock level, Pflichtsolo still owed and the
    next dealer as the series has them; the form offers what each deal needs."""
    rules = find_game("doppelkopf").make_rules({"options": options})
    series = new_series("doppelkopf", rules, players, seed=seed)
    pad = Pad.new("doppelkopf", [f"P{s}" for s in range(players)], None,
                  rules.changed_options())
    bots = [make_bot(kind, seed + s, game="doppelkopf") for s in range(players)]
    results = []
    for _ in range(deals):
        form = summary(pad)
        state = series.current
        while not state.is_over:
            series.apply(bots[state.to_move].choose(state.view(state.to_move)))
        res = cast(DokoResult, state.result)
        assert res.bock == (0 if res.contract == "thrown in" else form["bock_next"])
        owing = series.owed | ({res.re_seats[0]} if res.pflichtsolo else set())
        assert form["owed"] == (sorted(owing) if rules.pflichtsolo else [])
        assert form["vorgefuehrt"] == state.rules.vorgefuehrt
        entry = entry_from_record("doppelkopf", state)
        e = SimpleNamespace(**{**_DEFAULTS, **entry})
        assert e.contract in form["contracts"]
        assert {w for w, _ in e.specials} <= set(form["specials"])
        assert e.genscher is None or form["genscher"]
        add(pad, entry)
        assert pad.sheet()[-1].scores == series.sheet[-1].scores == res.scores
        assert pad.totals() == tuple(series.totals)
        assert bock_levels(pad)[-1] == form["bock_next"]
        assert cast(DokoEntry, pad.deals[-1]).pflicht == res.pflichtsolo
        assert pad.next_dealer() == series.next_dealer()
        assert owed(pad) == (tuple(sorted(series.owed)) if rules.pflichtsolo else ())
        results.append(res)
        if series.is_over:
            assert pad.winner() == series.winner
            break
        series.next_deal()
    again = Pad.from_json(json.loads(json.dumps(pad.to_json())))
    assert again.sheet() == pad.sheet()
    return pad, results


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=DOKO_HOUSE_RULES, players=st.sampled_from([4, 5]),
       seed=st.integers(0, 2**31), kind=st.sampled_from(["heuristic", "random"]))
def test_pad_scores_played_doppelkopf_series_under_house_rules(
        options: dict[str, Any], players: int, seed: int, kind: str) -> None:
    """Random house rules (every Karlchen and Fuchs option, the Genscher, throwing in,
    Armut, the extra solos, Pflichtsoli, Bockrunden): twelve deals played by bots are
    entered from their records and give the records' scores, deal by deal."""
    pad_follows_series(options, players, seed, 12, kind)


def test_every_special_the_genscher_bock_and_throwing_in_as_played() -> None:
    """With every option on, a series long enough to hold them all (seed 5;
    the heuristic players' choices decide which seeds do): each special
    point, a Genscher, a Doppelbock, thrown-in deals, an Armut and a Pflichtsolo, every one
    entered from its record and scored as the engine scored it."""
    options = {"karlchen_gefangen": True, "karlchen_double": True, "fuchs_last_trick": True,
               "fuchs_double": True, "dulle_caught": True, "herz_trick_point": True,
               "genscher": "first", "throw_nines": 5, "throw_kings": 5, "armut": True,
               "koenigssolo": True, "damen_buben_solo": True, "pflichtsolo": True,
               "bock_after": "tie,solo_lost,kontra_won,both_announced", "bock_stack": 2,
               "deals_per_series": 1000}
    pad, results = pad_follows_series(options, 4, 5, 32)
    lines = {w for r in results for w, _, _ in r.lines}
    # The bots never let a Dulle be caught in these deals (test_doppelkopf_options has one).
    assert set(DOKO_SPECIALS) - {"Dulle gefangen"} <= lines
    assert any(r.genscher for r in results)
    assert {r.contract for r in results} >= {"thrown in", "armut"}
    assert {r.bock for r in results} == set(bock_levels(pad)) == {0, 1, 2}
    assert any(r.pflichtsolo for r in results)
    # A thrown-in deal used up a Bock deal, as in the series.
    thrown = [i for i, r in enumerate(results) if r.contract == "thrown in"]
    assert any(bock_levels(pad)[i] for i in thrown)
    assert pad.deals[thrown[0]].to_json() == {"dealer": pad.deals[thrown[0]].dealer,
                                              "contract": "thrown in"}


def test_vorfuehren_as_played() -> None:
    """DDV Vorführen: with four Pflichtsoli owed and four deals left, each deal is the solo of
    the first owing seat after the dealer; the pad asks for it, scores it as the series
    does, and the deal passes on (a Vorführung counts towards the series)."""
    options = {"pflichtsolo": True, "vorfuehren": True, "deals_per_series": 5}
    pad, results = pad_follows_series(options, 4, 11, 5)
    assert [r.pflichtsolo for r in results[1:]] == [True] * 4
    assert [d.dealer for d in pad.deals] == [0, 1, 2, 3, 0]
    assert owed(pad) == () and pad.winner() is not None
    fresh = doko_pad(**options)
    add(fresh, deal(dealer=0, re=(0, 2), re_augen=130, re_tricks=7))
    assert summary(fresh)["vorgefuehrt"] == 2   # dealer 1: seat 2 owes, first in order
    with pytest.raises(PadError, match=r"^contract: seat 2 is vorgeführt"):
        add(fresh, deal(dealer=1, re=(0, 2), re_augen=130, re_tricks=7))
    with pytest.raises(PadError, match=r"^re: seat 2 is vorgeführt"):
        add(fresh, deal(dealer=1, contract="solo damen", re=(3,), re_augen=130,
                            re_tricks=7))
    add(fresh, deal(dealer=1, contract="solo damen", re=(2,), re_augen=130, re_tricks=7))
    assert cast(DokoEntry, fresh.deals[-1]).pflicht and fresh.next_dealer() == 2
    assert summary(fresh)["vorgefuehrt"] == 3


def doko_pad(**options: Any) -> Pad:
    return Pad.new("doppelkopf", ["A", "B", "C", "D"], None, options)


def test_bockrunden_and_their_correction() -> None:
    """120 each starts a Bockrunde (four deals count double); correcting the deal that
    started it scores the later deals again."""
    pad = doko_pad(bock_after="tie")
    tie = deal(dealer=0, re=(0, 1), re_augen=120, re_tricks=6)
    won = deal(dealer=1, re=(0, 1), re_augen=151, re_tricks=7)
    add(pad, tie)
    assert summary(pad)["bock_next"] == 1
    add(pad, won)
    assert bock_levels(pad) == (0, 1)
    # won 1, keine 90 for Kontra: 2 points, counted double
    assert pad.sheet()[1].scores == (4, 4, -4, -4)
    correct(pad, 0, replace(tie, re_augen=130))
    assert bock_levels(pad) == (0, 0)
    assert pad.sheet()[1].scores == (2, 2, -2, -2)
    correct(pad, 0, tie)
    pad.remove_last()
    assert bock_levels(pad) == (0,) and summary(pad)["bock_next"] == 1


def test_pflichtsolo_is_the_first_solo_of_a_seat_that_owes_one() -> None:
    pad = doko_pad(pflichtsolo=True)
    solo = deal(dealer=0, contract="solo damen", re=(1,), re_augen=130, re_tricks=7)
    add(pad, solo)
    assert cast(DokoEntry, pad.deals[0]).pflicht and pad.next_dealer() == 0
    assert owed(pad) == (0, 2, 3)
    add(pad, solo)                               # his second solo: a Lustsolo
    assert not cast(DokoEntry, pad.deals[1]).pflicht and pad.next_dealer() == 1
    with pytest.raises(PadError, match="pflicht: seat 1 owes no Pflichtsolo") as e:
        add(pad, replace(solo, pflicht=True))
    assert e.value.field == "pflicht"
    # The first made a Hochzeit: the second solo is his Pflichtsolo now.
    correct(pad, 0, deal(dealer=0, contract="hochzeit", re=(1, 2), re_augen=130,
                             re_tricks=7))
    assert [cast(DokoEntry, d).pflicht for d in pad.deals] == [False, True]
    assert pad.winner() is None


@pytest.mark.parametrize(("options", "entry", "field", "message"), [
    ({}, deal(dealer=0, contract="solo koenige", re=(1,), re_augen=130, re_tricks=7),
     "contract", "solo koenige is not played under these rules (koenigssolo off)"),
    ({}, deal(dealer=0, contract="solo damenbuben", re=(1,), re_augen=130,
                   re_tricks=7), "contract", "damen_buben_solo off"),
    ({"fleischlos": False}, deal(dealer=0, contract="solo fleischlos", re=(1,),
                                      re_augen=130, re_tricks=7), "contract", "fleischlos off"),
    ({}, deal(dealer=0, contract="armut", re=(1, 2), re_augen=130, re_tricks=7),
     "contract", "armut off"),
    ({}, deal(dealer=0, contract="thrown in"), "contract", "thrown in only with"),
    ({"armut": True}, deal(dealer=0, contract="thrown in", re=(1, 2)), "re",
     "a thrown-in deal is not played"),
    ({"karlchen": "off"}, deal(dealer=0, re=(0, 1), re_augen=130, re_tricks=7,
                                    specials=(("Karlchen", "re"),)), "specials",
     "Karlchen does not count under these rules (karlchen off)"),
    ({}, deal(dealer=0, re=(0, 1), re_augen=130, re_tricks=7,
                   specials=(("Karlchen gefangen", "re"),)), "specials",
     "karlchen_gefangen off"),
    ({}, deal(dealer=0, re=(0, 1), re_augen=130, re_tricks=7,
                   specials=(("Fuchs im letzten Stich", "re"),)), "specials",
     "fuchs_last_trick off"),
    ({"karlchen_gefangen": True}, deal(
        dealer=0, re=(0, 1), re_augen=130, re_tricks=7,
        specials=(("Karlchen", "re"), ("Karlchen gefangen", "kontra"))), "specials",
     "to one party"),
    ({"karlchen_double": True}, deal(
        dealer=0, re=(0, 1), re_augen=130, re_tricks=7,
        specials=(("Doppel-Karlchen", "re"),)), "specials", "comes with the Karlchen"),
    ({"karlchen_double": True, "karlchen_gefangen": True}, deal(
        dealer=0, re=(0, 1), re_augen=130, re_tricks=7,
        specials=(("Karlchen", "re"), ("Karlchen gefangen", "re"))), "specials",
     "scores Doppel-Karlchen too"),
    ({"fuchs_last_trick": True}, deal(
        dealer=0, re=(0, 1), re_augen=130, re_tricks=7,
        specials=(("Karlchen", "re"), ("Fuchs im letzten Stich", "re"))), "specials",
     "the Karlchen or the Fuchs"),
    ({}, deal(dealer=0, re=(0, 1), re_augen=70, re_tricks=7,
                   specials=(("Doppelkopf", "re"),) * 2), "specials", "2 Doppelkopf"),
    ({}, deal(dealer=0, re=(0, 1), re_augen=240, re_tricks=12,
                   specials=(("Fuchs gefangen", "kontra"),)), "specials",
     "kontra took no trick"),
    ({}, deal(dealer=0, re=(0, 1), re_augen=130, re_tricks=7, genscher=(0, 1)),
     "genscher", "not played under these rules (genscher off)"),
    ({"genscher": "first"}, deal(dealer=0, contract="solo B", re=(0,), re_augen=130,
                                      re_tricks=7, genscher=(0, 1)), "genscher",
     "not in a solo B"),
    ({"genscher": "first", "genscher_hochzeit": False}, deal(
        dealer=0, contract="hochzeit", re=(0, 1), re_augen=130, re_tricks=7,
        genscher=(0, 1)), "genscher", "only in a normal game or a stille Hochzeit"),
    ({"genscher": "first"}, deal(dealer=0, re=(0, 1), re_augen=130, re_tricks=7,
                                      genscher=(0, 2)), "re", "after a Genscher"),
    ({"genscher": "first"}, deal(dealer=0, re=(0, 0), re_augen=130, re_tricks=7,
                                      genscher=(0, 0)), "re", "each once"),
    ({}, deal(dealer=0, re=(0, 1), re_augen=130, re_tricks=7, bid=300), "bid",
     "doppelkopf does not ask for it"),
])
def test_what_the_doppelkopf_rules_forbid_is_refused_by_its_field(
        options: dict[str, Any], entry: Deal, field: str, message: str) -> None:
    with pytest.raises(PadError, match=re.escape(message)) as e:
        add(doko_pad(**options), entry)
    assert e.value.field == field and str(e.value).startswith(f"{field}: ")


def test_a_genscher_is_scored_with_the_new_parties() -> None:
    # A stille Hochzeit of seat 0; seat 2 calls a Genscher naming seat 3: two against two.
    pad = doko_pad(genscher="first")
    add(pad, deal(dealer=0, contract="stille hochzeit", re=(2, 3), re_augen=151,
                      re_tricks=8, genscher=(2, 3), specials=(("Doppelkopf", "re"),)))
    res = cast(DokoResult, pad.outcomes()[0])
    assert res.contract == "normal" and res.genscher == (2, 3) and not res.solo
    # won 1, keine 90 1, Doppelkopf 1
    assert pad.sheet()[0].scores == (-3, -3, 3, 3)
    assert pad.to_json()["deals"][0]["genscher"] == [2, 3]
    assert Pad.from_json(pad.to_json()).sheet() == pad.sheet()


@pytest.mark.parametrize(("options", "entry", "field", "message"), [
    ({}, deal(dealer=0, contract="thrown_in"), "contract",
     "Vorhand must open the bidding"),
    ({"all_pass": "vorhand_plays", "vorhand_must_open": False},
     deal(dealer=0, contract="thrown_in"), "contract", "all_pass = vorhand_plays"),
    ({"durch": False}, deal(dealer=0, declarer=1, bid=300, contract="durch", made=True),
     "contract", "durch off"),
    ({"untendurch": False}, deal(dealer=0, declarer=1, bid=300, contract="untendurch",
                                      made=True), "contract", "untendurch off"),
    ({"max_bid": 500}, deal(dealer=0, declarer=1, bid=510, contract="abgehen"), "bid",
     "from 150 to 500"),
    ({"bid_step": 50}, deal(dealer=0, declarer=1, bid=320, contract="abgehen"), "bid",
     "in steps of 50"),
    ({}, deal(dealer=0, declarer=1, bid=300, contract="abgehen", re=(0, 1)), "re",
     "binokel does not ask for it"),
    ({}, deal(dealer=0, declarer=1, bid=300, contract="abgehen", pflicht=True),
     "pflicht", "binokel does not ask for it"),
])
def test_what_the_binokel_rules_forbid_is_refused_by_its_field(
        options: dict[str, Any], entry: Deal, field: str, message: str) -> None:
    with pytest.raises(PadError, match=re.escape(message)) as e:
        add(binokel_pad(**options), entry)
    assert e.value.field == field


def binokel_pad(**options: Any) -> Pad:
    return Pad.new("binokel", ["Anna", "Ben", "Cem"], "standard", options)


def test_worked_example_and_corrections() -> None:
    pad = binokel_pad()
    add(pad, deal(dealer=0, declarer=1, bid=300, contract="normal", melds=(40, 200, 0),
                      points=(60, 150, 40)))
    # lost: 180 + 70 < 300, twice the bid by default; the others' points rounded
    add(pad, deal(dealer=1, declarer=2, bid=300, contract="normal", melds=(20, 0, 180),
                      points=(115, 65, 70)))
    assert pad.sheet()[1].scores == (140, 70, -600)
    assert pad.totals() == (240, 420, -560)
    assert pad.next_dealer() == 2
    correct(pad, 1, deal(dealer=1, declarer=2, bid=250, contract="normal",
                             melds=(20, 0, 180), points=(115, 65, 70)))
    assert pad.sheet()[1].scores == (140, 70, 250)
    add(pad, deal(dealer=2, declarer=0, bid=200, contract="abgehen", melds=(0, 60, 20)))
    assert pad.sheet()[2].scores == (-200, 90, 50)
    add(pad, deal(dealer=0, declarer=1, bid=400, contract="durch", made=True))
    assert pad.sheet()[3].scores == (0, 1000, 0)
    pad.remove_last()
    assert len(pad.deals) == 3


def test_target_ends_the_round() -> None:
    pad = binokel_pad(target=500)
    add(pad, deal(dealer=0, declarer=1, bid=400, contract="durch", made=True))
    assert pad.winner() == 1


@pytest.mark.parametrize(("entry", "message"), [
    (deal(dealer=0, declarer=1, bid=300, melds=(0, 0, 0), points=(100, 100, 40)),
     "add up to 240, not 250"),
    (deal(dealer=0, declarer=1, bid=140, melds=(0, 0, 0), points=(100, 100, 60)),
     "bids go from 150"),
    (deal(dealer=0, declarer=1, bid=305, melds=(0, 0, 0), points=(100, 100, 60)),
     "steps of 10"),
    (deal(dealer=0, declarer=1, bid=300, melds=(0, 35, 0), points=(100, 100, 60)),
     "no hand holds"),
    (deal(dealer=0, declarer=1, bid=300, melds=(0, 9000, 0), points=(100, 100, 60)),
     "no hand holds"),
    (deal(dealer=0, declarer=1, bid=300, melds=(0, 30, 0), points=(100, 100, 50)),
     "melds of 30 — no hand holds that under these rules"),
    (deal(dealer=0, declarer=1, bid=300, melds=(0, 0), points=(100, 100, 60)),
     "one number per player"),
    (deal(dealer=0, declarer=1, bid=300, contract="Ramsch"), "contract: one of"),
    (deal(dealer=0, declarer=1, bid=300, contract="durch"), "say whether it was made"),
    (deal(dealer=0, declarer=1, bid=300, contract="abgehen", points=(10, 0, 0)),
     "no trick points"),
    (deal(dealer=0, declarer=5, bid=300, melds=(0, 0, 0), points=(100, 100, 60)),
     "declarer: a seat"),
    (deal(dealer=3, declarer=1, bid=300), "dealer: a seat"),
    (deal(dealer=0, declarer=1, bid=300, melds=(0, 0, 0), points=(100, 100, 50),
               tricks=(4, 4, 5)), "the deal has 12"),
    (deal(dealer=0, declarer=1, bid=300, contract="durch open", made=True),
     "open Durch is not allowed"),
])
def test_binokel_checks_what_cannot_be(entry: Deal, message: str) -> None:
    with pytest.raises(PadError, match=message):
        add(binokel_pad(), entry)


def test_four_players_the_dealer_sits_out() -> None:
    pad = Pad.new("binokel", ["A", "B", "C", "D"])
    with pytest.raises(PadError, match="sits out"):
        add(pad, deal(dealer=0, declarer=1, bid=300, melds=(20, 0, 0, 0),
                          points=(0, 100, 100, 60)))
    with pytest.raises(PadError, match="declarer: a seat in play"):
        add(pad, deal(dealer=0, declarer=0, bid=300, melds=(0, 0, 0, 0),
                          points=(0, 100, 100, 60)))


@pytest.mark.parametrize(("entry", "message"), [
    (deal(dealer=0, contract="normal", re=(0,), re_augen=130, re_tricks=6),
     "two seats"),
    (deal(dealer=0, contract="solo damen", re=(0, 1), re_augen=130, re_tricks=6),
     "the soloist alone"),
    (deal(dealer=0, contract="normal", re=(0, 1), re_augen=130, re_tricks=0),
     "cannot be"),
    (deal(dealer=0, contract="normal", re=(0, 1), re_augen=130, re_tricks=6,
               specials=(("Fuchs gefangen", "re"),) * 3), "at most 2 Fuchs gefangen"),
    (deal(dealer=0, contract="normal", re=(0, 1), re_augen=130, re_tricks=6,
               specials=(("Schwein", "re"),)), "specials: one of"),
    (deal(dealer=0, contract="solo B", re=(0,), re_augen=130, re_tricks=6,
               specials=(("Karlchen", "re"),)), "scored as a solo has no special"),
    (deal(dealer=0, contract="hochzeit", re=(0,), re_augen=130, re_tricks=6,
               partner_found=False, specials=(("Doppelkopf", "re"),)),
     "scored as a solo has no special"),
    (deal(dealer=0, contract="solo B", re=(0,), re_augen=130, re_tricks=6,
               pflicht=True), "only under the option pflichtsolo"),
])
def test_doppelkopf_checks(entry: Deal, message: str) -> None:
    with pytest.raises(PadError, match=message):
        add(Pad.new("doppelkopf", ["A", "B", "C", "D"]), entry)


def test_doppelkopf_example() -> None:
    pad = Pad.new("doppelkopf", ["A", "B", "C", "D"])
    add(pad, deal(dealer=0, contract="normal", re=(0, 2), re_augen=150, re_tricks=7,
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
    from binokel.games.binokel.pad import meld_totals
    from binokel.games.binokel.rules import Rules

    options["dix"] = options["dix"] and options["sevens"]
    rules = Rules.from_preset("standard", **options)
    deck = full_deck(rules)
    hand = cardset(random.Random(seed).sample(deck, size))
    assert best_melds(hand, trump, rules).total in meld_totals(rules)


# ---------------------------------------------------------------------- random rule sets
# Options checked by a function: a few values each (every other option: its allowed values,
# its range's ends and default, or a bool).
CHECKED_VALUES: dict[str, list[Any]] = {
    "deal_pattern": ["auto"], "abgehen_bonus": [30, 0, "per_player", "half_bid"],
    "luxusfamilie": [150], "pflicht_owed": ["all", "", "13", "0"],
    "bock_after": ["", "tie", "solo_lost,kontra_won", "tie,solo_lost,kontra_won,both_announced"],
}


def option_values(name: str, o: Any) -> st.SearchStrategy[Any]:
    if name in CHECKED_VALUES:
        return st.sampled_from(CHECKED_VALUES[name])
    if o.allowed is not None:
        return st.sampled_from(list(o.allowed))
    if o.low is not None:
        return st.sampled_from([o.default, o.low, o.high]) | st.integers(o.low, o.high)
    if isinstance(o.default, bool):
        return st.booleans()
    return st.just(o.default)


def random_rules(data: st.DataObject, spec: Any) -> tuple[str, dict[str, Any]]:
    """A preset of ``spec`` and up to ten options changed: a table's house rules."""
    preset = data.draw(st.sampled_from(list(spec.presets) or ["standard"]))
    names = data.draw(st.lists(st.sampled_from(sorted(spec.options)), max_size=10,
                               unique=True))
    options = {n: data.draw(option_values(n, spec.options[n])) for n in names}
    try:
        rules = spec.make_rules({"preset": preset, "options": options})
    except RulesError:
        assume(False)
    return preset, rules.changed_options()


ENTRY_FIELDS = {f.name for kind in (BinokelEntry, DokoEntry, ZweierEntry, LuxusEntry)
                for f in fields(kind)}


def respects_the_rules(game: str, rules: Any, entry: Any, outcome: Outcome) -> None:
    """What a scored entry must respect, read from the rules here (not from the pad)."""
    if game in ("binokel", "kreuzbinokel"):
        c = entry.contract
        assert c in ("normal", "abgehen") or (c in ("durch", "durch open") and rules.durch) \
            or (c == "untendurch" and rules.untendurch) or (
                c == "thrown_in" and rules.all_pass == "redeal"
                and not rules.vorhand_must_open)
        assert c != "durch open" or rules.durch_open
        if c != "thrown_in":
            assert entry.bid is not None
            assert rules.min_bid <= entry.bid <= rules.max_bid
            assert entry.bid % rules.bid_step == 0
    elif game == "doppelkopf":
        c = entry.contract
        need = {"solo koenige": rules.koenigssolo, "solo damenbuben": rules.damen_buben_solo,
                "solo fleischlos": rules.fleischlos, "armut": rules.armut,
                "thrown in": rules.armut or rules.throw_nines or rules.throw_kings
                or rules.throw_nines_kings}
        assert need.get(c, True), c
        karlchen = rules.karlchen != "off"
        allowed = {"Doppelkopf": True, "Fuchs gefangen": True, "Karlchen": karlchen,
                   "Karlchen gefangen": karlchen and rules.karlchen_gefangen,
                   "Doppel-Karlchen": karlchen and rules.karlchen_double,
                   "Fuchs im letzten Stich": rules.fuchs_last_trick,
                   "Doppelfuchs": rules.fuchs_last_trick and rules.fuchs_double,
                   "Dulle gefangen": rules.dulle_caught, "Herzstich": rules.herz_trick_point}
        assert all(allowed[w] for w, _ in entry.specials), entry.specials
        assert entry.genscher is None or rules.genscher != "off"
        assert not entry.pflicht or (rules.pflichtsolo and c.startswith("solo"))
        res = cast(DokoResult, outcome)
        assert not (res.solo and entry.specials)
        # The special points entered are the result's, and nothing else is.
        assert sorted((w, p) for w, p, _ in res.lines if w in DOKO_SPECIALS) == sorted(
            entry.specials)
        # The first deal: no Bockrunde yet (with bock_after the series sets the level).
        assert res.bock == (0 if rules.bock_after else rules.bock_level)
    else:
        assert isinstance(entry, (ZweierEntry, LuxusEntry))


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(spec=st.sampled_from(GAMES), data=st.data())
def test_random_entries_against_random_rules_score_or_are_refused(spec: Any,
                                                                   data: st.DataObject) -> None:
    """Entries with every field in its range but facts thrown together, against random
    house rules: each is scored or refused with a PadError that names the entry's field,
    never anything else; a scored one respects the rules."""
    n = data.draw(st.sampled_from(spec.players))
    preset, options = random_rules(data, spec)
    try:
        pad = Pad.new(spec.name, [f"P{s}" for s in range(n)], preset, options)
    except PadError as e:   # rules the table cannot deal by (three without a Dapp, ...)
        assert str(e).startswith("rules: ")
        return
    # Half the facts near what the form asks (the bid's range, points that add up), so
    # that a fair share is scored; the rest thrown together.
    form = summary(pad)
    rules: Any = pad.rules
    seat = st.integers(0, n - 1)
    kind = form["kind"]
    doko = kind == "doppelkopf"
    total = form.get("points_total", 250)

    def split(k: int) -> st.SearchStrategy[tuple[int, ...]]:
        cuts = st.lists(st.integers(0, total), min_size=k - 1, max_size=k - 1).map(sorted)
        return cuts.map(lambda c: tuple(b - a for a, b in zip([0, *c], [*c, total],
                                                               strict=True)))

    contracts = ["normal", "abgehen", "durch", "durch open", "untendurch", "thrown_in",
                 "Ramsch", *DOKO_CONTRACTS]
    bids = st.integers(0, 320).map(lambda x: x * 5)
    if not doko and "bid" in form:
        b = form["bid"]
        bids = bids | st.integers(0, (b["max"] - b["min"]) // b["step"]).map(
            lambda k: b["min"] + k * b["step"])
    some = st.sampled_from(DOKO_SPECIALS)
    dealer = data.draw(seat)
    contract = data.draw(st.sampled_from(contracts) | st.sampled_from(
        form.get("contracts", ["normal"])))
    partner_found = data.draw(st.booleans())
    alone = contract.startswith("solo") or contract == "stille hochzeit" or (
        contract == "hochzeit" and not partner_found)
    in_play = form["in_play"][dealer]
    party = st.lists(st.sampled_from(in_play), min_size=1 if alone else 2,
                     max_size=1 if alone else 2, unique=True)
    entry = deal(
        dealer=dealer,
        declarer=data.draw(st.one_of(st.none(), seat, seat, seat))
        if kind in ("binokel", "luxusfamilie") else None,
        bid=data.draw(st.one_of(st.none(), bids, bids, bids)) if kind == "binokel" else None,
        contract=contract,
        melds=() if doko else tuple(data.draw(st.lists(
            st.sampled_from([0, 0, 20, 40, 100, 150]) | st.integers(0, 60).map(
                lambda x: x * 10), min_size=n, max_size=n))),
        points=() if doko else data.draw(split(n) | st.lists(
            st.integers(0, 260), min_size=n, max_size=n).map(tuple)),
        tricks=None if kind in ("doppelkopf", "zweier") else data.draw(st.none() | st.lists(
            st.integers(0, 16), min_size=n, max_size=n).map(tuple)),
        made=data.draw(st.none() | st.booleans()) if kind == "binokel" else None,
        re=tuple(data.draw(st.one_of(party, party, party, st.lists(seat, max_size=3))))
        if doko else (),
        re_augen=data.draw(st.integers(0, 240)) if doko else 0,
        re_tricks=data.draw(st.integers(1, 9) | st.integers(0, 12)) if doko else 0,
        announced=(data.draw(st.integers(-1, 4)), data.draw(st.integers(-1, 4)))
        if doko else (-1, -1),
        specials=tuple(data.draw(st.lists(st.tuples(
            some | st.just("Schwein"), st.sampled_from(["re", "kontra"])), max_size=4)
            | st.lists(st.tuples(some, st.just("re")), max_size=1))) if doko else (),
        partner_found=partner_found if doko else True,
        pflicht=data.draw(st.sampled_from([False, False, True])) if doko else False,
        genscher=data.draw(st.sampled_from([None, None, None]) | st.tuples(seat, seat))
        if doko else None)
    if data.draw(st.integers(0, 4)) == 0:
        # now and then a fact of another game: refused by its field
        other = data.draw(st.sampled_from(["bid", "re", "genscher", "pflicht"]))
        entry = replace(entry, **{"bid": {"bid": 300}, "re": {"re": (0, 1)},
                                  "genscher": {"genscher": (0, 1)},
                                  "pflicht": {"pflicht": True}}[other])
    try:
        add(pad, entry)
    except PadError as e:
        assert e.field in ENTRY_FIELDS, (str(e), e.field)
        assert str(e).startswith(f"{e.field}: "), str(e)
        return
    assert len(pad.outcomes()[0].scores) == n
    respects_the_rules(spec.name, rules, pad.deals[0], pad.outcomes()[0])
