"""The conformance test every registered game passes, for every player count it allows.

A new game gets it by registering (in the spirit of OpenSpiel's random-simulation test): random
simulation to the end, legal actions never empty while running, the common action grammar,
illegal actions change nothing, clones are independent, records round-trip, a seed decides
everything, no view shows a card its seat may not know, and the points add up.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from binokel.bots import bot_names
from binokel.core.cards import card_token
from binokel.core.errors import IllegalAction
from binokel.core.outcome import Outcome
from binokel.core.outcome import Termination
from binokel.core.state import MAX_ACTION_LENGTH
from binokel.core.state import State
from binokel.core.view import view_json
from binokel.record import Record
from binokel.registry import GAMES
from binokel.registry import find_game
from doppelkopf_deals import ALL_ON_HOUSE
from doppelkopf_deals import ALL_ON_HOUSE_2
from doppelkopf_deals import ALL_ON_VARIANTS
from doppelkopf_deals import ALL_ON_VORGEFUEHRT

# Every game with its default rules for each player count it allows, and the games whose
# house rules change the procedure with every option on at once (a name after the count).
VARIANTS: dict[str, dict[str, dict[str, Any]]] = {
    "doppelkopf": {**{name: rules.to_dict()["options"]
                      for name, rules in ALL_ON_VARIANTS.items() if name in ("all-on",
                                                                             "all-on-lust")},
                   "all-on-vorgefuehrt": ALL_ON_VORGEFUEHRT.to_dict()["options"],
                   "house": ALL_ON_HOUSE.to_dict()["options"],
                   "house-2": ALL_ON_HOUSE_2.to_dict()["options"],
                   "claims": {"claims": True, "genscher": "first", "armut": True}},
    # Claims (core.claims): claim, concede, accept and refuse in every game.
    "binokel": {"claims": {"claims": True, "open_game": 1000, "meld_needs_trick": True,
                           "meld_needs_points": True, "card_points": "tournament"},
                "open-game": {"open_game": 1000, "durch_open": 1500}},
    "kreuzbinokel": {"claims": {"claims": True, "open_game": 1000}},
    "zweier": {"claims": {"claims": True, "meld_winning_card": True, "sevens": True}},
    "luxusfamilie": {"claims": {"claims": True, "leftover": "last_trick"}},
    # the tests' game (tests/stichel, registered by test_stichel.py): claims by the hooks
    "stichel": {"claims": {"claims": True}},
}
# Variants whose rules fit only some player counts (a Vorführung names a seat in play).
ONLY_FOR: dict[str, tuple[int, ...]] = {"all-on-vorgefuehrt": (4,)}
CASES = [(spec.name, n, "") for spec in GAMES for n in spec.players] + [
    (game, n, name) for game, variants in VARIANTS.items() if game in {s.name for s in GAMES}
    for n in find_game(game).players for name in variants if n in ONLY_FOR.get(name, (n,))]
IDS = [f"{g}-{n}" + (f"-{v}" if v else "") for g, n, v in CASES]
DEALS = 12


def new_state(game: str, players: int, seed: int, options: dict[str, Any] | None = None,
              preset: str | None = None) -> State:
    spec = find_game(game)
    data: dict[str, Any] = {"options": options or {}}
    if preset is not None:
        data["preset"] = preset
    return spec.new_deal(spec.make_rules(data), seed % players, seed=seed, players=players)


def options_of(game: str, variant: str) -> dict[str, Any]:
    return VARIANTS[game][variant] if variant else {}


def random_deal(game: str, players: int, seed: int, variant: str = ""
                ) -> tuple[State, list[State]]:
    """A deal of uniformly random actions, and the state before every action."""
    rng = random.Random(seed)
    state = new_state(game, players, seed, options_of(game, variant))
    before: list[State] = []
    while not state.is_over:
        assert state.to_move >= 0
        actions = state.legal_actions()
        assert actions, f"no legal action while running ({state!r})"
        before.append(state.clone())
        state.apply(state.random_action(rng))
        assert len(before) < 2000, "the deal does not end"
    return state, before


def snapshot(state: State) -> str:
    """Everything observable of a state: every seat's view and the spectator's."""
    views = [state.view(s).to_json() for s in range(state.players)]
    return json.dumps([views, state.public_view().to_json(), state.history], sort_keys=True)


@pytest.mark.parametrize(("game", "players", "variant"), CASES, ids=IDS)
def test_random_simulation_to_the_end(game: str, players: int, variant: str) -> None:
    for seed in range(DEALS):
        state, before = random_deal(game, players, seed, variant)
        assert state.to_move == -1 and state.legal_actions() == []
        res = state.result
        assert isinstance(res, Outcome) and isinstance(res.termination, Termination)
        assert len(res.scores) == players and all(isinstance(v, int) for v in res.scores)
        assert res.declarer is None or 0 <= res.declarer < players
        json.dumps(res.to_json())
        assert len(state.history) == len(before)
        with pytest.raises(IllegalAction, match="over"):
            state.apply("play EA")


@pytest.mark.parametrize(("game", "players", "variant"), CASES, ids=IDS)
def test_every_legal_action_applies_and_views_follow_the_protocol(game: str, players: int,
                                                                   variant: str) -> None:
    rng = random.Random(7)
    for seed in range(4):
        _, before = random_deal(game, players, 100 + seed, variant)
        for state in rng.sample(before, min(8, len(before))):
            for action in state.legal_actions():
                state.child(action)  # raises if a listed action is refused
            seat = state.to_move
            view = state.view(seat)
            assert view.player == seat and view.to_move == seat and view.game == game
            assert list(view.legal_actions) == state.legal_actions()
            assert view.players == players and len(view.hand_sizes) == players
            others = [state.view(s) for s in range(players) if s != seat]
            assert all(v.legal_actions == () for v in others)
            public = state.public_view()
            assert public.player == -1 and public.hand == () and public.legal_actions == ()
            # every game's JSON carries the fields every view has, written alike
            assert view.to_json().items() >= view_json(view).items()
            assert public.to_json().items() >= view_json(public).items()
            json.dumps(view.to_json())


@pytest.mark.parametrize(("game", "players", "variant"), CASES, ids=IDS)
def test_one_action_grammar(game: str, players: int, variant: str) -> None:
    """Verbs in any case, white space as you like, card tokens in any case: one grammar for
    every game; bad input is an IllegalAction that changes nothing."""
    for seed in range(6):
        _, before = random_deal(game, players, 200 + seed, variant)
        for state in before[:: max(1, len(before) // 6)]:
            action = state.legal_actions()[0]
            verb, _, arg = action.partition(" ")
            shouted = f"  {verb.upper()}   {arg.lower()}  " if arg else verb.upper()
            a, b = state.clone(), state.clone()
            a.apply(action)
            b.apply(shouted)
            assert a.history == b.history, (action, shouted)
            for bad in ("", "   ", "x" * (MAX_ACTION_LENGTH + 1), "frobnicate", "play",
                        "play XX", "play EA EA", "play \x00", "bid -1e9"):
                copy = state.clone()
                seen = snapshot(copy)
                with pytest.raises(IllegalAction):
                    copy.apply(bad)
                assert snapshot(copy) == seen, bad


@pytest.mark.parametrize(("game", "players", "variant"), CASES, ids=IDS)
def test_illegal_actions_change_nothing(game: str, players: int, variant: str) -> None:
    rng = random.Random(3)
    for seed in range(4):
        _, before = random_deal(game, players, 300 + seed, variant)
        for state in rng.sample(before, min(10, len(before))):
            legal = set(state.legal_actions())
            # Legal actions of other states of the deal are mostly illegal here.
            for other in rng.sample(before, min(10, len(before))):
                for action in other.legal_actions()[:5]:
                    if action in legal:
                        continue
                    copy = state.clone()
                    seen = snapshot(copy)
                    with pytest.raises(IllegalAction):
                        copy.apply(action)
                    assert snapshot(copy) == seen, action


@pytest.mark.parametrize(("game", "players", "variant"), CASES, ids=IDS)
def test_clones_are_independent(game: str, players: int, variant: str) -> None:
    for seed in range(4):
        rng = random.Random(seed)
        _, before = random_deal(game, players, 400 + seed, variant)
        for state in before[:: max(1, len(before) // 5)]:
            seen = snapshot(state)
            copy = state.clone()
            while not copy.is_over:
                copy.apply(copy.random_action(rng))
            assert snapshot(state) == seen
            assert state.child(state.legal_actions()[0]) is not state
            assert snapshot(state) == seen


@pytest.mark.parametrize(("game", "players", "variant"), CASES, ids=IDS)
def test_records_round_trip(game: str, players: int, variant: str) -> None:
    for seed in range(DEALS):
        state, before = random_deal(game, players, 500 + seed, variant)
        for st in (state, before[len(before) // 2]):
            rec = Record.from_state(st)
            again = Record.loads(rec.dumps(indent=2))
            replayed = again.replay()
            assert replayed.history == st.history and snapshot(replayed) == snapshot(st)
        full = Record.from_state(state, result=state.result.to_json() if state.result else None)
        assert Record.loads(full.dumps()).validate().result == state.result


@pytest.mark.parametrize(("game", "players", "variant"), CASES, ids=IDS)
def test_a_seed_decides_everything(game: str, players: int, variant: str) -> None:
    for seed in range(4):
        a, _ = random_deal(game, players, 600 + seed, variant)
        b, _ = random_deal(game, players, 600 + seed, variant)
        assert a.deck == b.deck and a.history == b.history and a.result == b.result
    decks = {new_state(game, players, seed, options_of(game, variant)).deck
             for seed in range(20)}
    assert len(decks) == 20


def _pools(state: State) -> list[list[int]]:
    """Deck positions by who receives them at the deal: one list per seat, then one of the
    cards dealt to nobody (Dapp, stock, cards set aside)."""
    fresh = find_game(state.game_name).new_deal(state.rules, state.dealer,
                                                deck_order=list(state.deck),
                                                players=state.players)
    left = list(range(len(state.deck)))
    pools: list[list[int]] = []
    for seat in range(state.players):
        mine: list[int] = []
        for c in fresh.view(seat).hand:
            i = next(i for i in left if state.deck[i] == c)
            left.remove(i)
            mine.append(i)
        pools.append(mine)
    return [*pools, left]


def _replay(game: str, players: int, rules: Any, dealer: int, deck: list[int],
            actions: list[str]) -> list[State]:
    """Every state of the deal from ``deck`` with ``actions``, up to the first action that
    is illegal there (the states before it are deals the actions could have led to)."""
    state = find_game(game).new_deal(rules, dealer, deck_order=deck, players=players)
    out = [state.clone()]
    for a in actions:
        try:
            state.apply(a)
        except IllegalAction:
            break
        out.append(state.clone())
    return out


def _tokens(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True)


@pytest.mark.parametrize(("game", "players", "variant"), CASES, ids=IDS)
def test_no_view_shows_a_hidden_card(game: str, players: int, variant: str) -> None:
    """Two cards that a seat never held and that never became public trade places between
    two other hands (or a hand and the undealt cards): the same actions stay legal, so that
    seat's view must stay the same at every step. A view that changed would show what the
    seat may not know."""
    rng = random.Random(11)
    compared = 0
    for seed in range(8):
        final, _ = random_deal(game, players, 700 + seed, variant)
        actions = [a for _, a in final.history]
        pools = _pools(final)
        base = _replay(game, players, final.rules, final.dealer, list(final.deck), actions)
        assert len(base) == len(actions) + 1
        for viewer in [*range(players), -1]:
            others = [p for i, p in enumerate(pools) if p and i != viewer]
            for _ in range(6):
                if len(others) < 2:
                    break
                pa, pb = rng.sample(others, 2)
                i, j = rng.choice(pa), rng.choice(pb)
                x, y = final.deck[i], final.deck[j]
                if x == y:
                    continue
                deck = list(final.deck)
                deck[i], deck[j] = y, x
                other = _replay(game, players, final.rules, final.dealer, deck, actions)
                # Where the same actions stay legal to the end, the two deals are the same
                # to everyone who holds neither card. Where they do not (a deal whose cards
                # are all played, each card once, allows them only part of the way), the
                # states before the first illegal action are compared as long as the public
                # views agree: a seat may not tell them apart either.
                whole = len(other) == len(base)
                seen_by_viewer: set[int] = set()
                for k, (s1, s2) in enumerate(zip(base, other, strict=False)):
                    public = (_tokens(s1.public_view().to_json()),
                              _tokens(s2.public_view().to_json()))
                    if viewer >= 0:
                        seen_by_viewer |= set(s1.view(viewer).hand) | set(s2.view(viewer).hand)
                    if x in seen_by_viewer or y in seen_by_viewer:
                        break
                    if any(_shows(p, c) for p in public for c in (x, y)):
                        break  # one of them is public now (played, shown, ...)
                    if (not whole or k == 0) and public[0] != public[1]:
                        # the deals part in public (a tie-break by hidden cards, ...); at
                        # the deal itself too (Luxusfamilie's trump maker is named by a
                        # public tie-break of hidden cards)
                        break
                    if viewer < 0:
                        assert public[0] == public[1], (k, x, y)
                    else:
                        v1, v2 = s1.view(viewer).to_json(), s2.view(viewer).to_json()
                        assert v1 == v2, (viewer, k, _token(x), _token(y))
                    compared += 1
    assert compared > 50


def _token(c: int) -> str:
    return card_token(c)


def _shows(text: str, c: int) -> bool:
    """Whether the JSON ``text`` names card ``c`` anywhere (``"EA"``, ``"play EA"``, ...)."""
    return re.search(rf"(?<![A-Za-z0-9]){_token(c)}(?![A-Za-z0-9])", text) is not None


@pytest.mark.parametrize(("game", "players", "variant"), CASES, ids=IDS)
def test_the_spec_names_the_seats_dealt_in(game: str, players: int, variant: str) -> None:
    """``GameSpec.dealt_in``: exactly the seats with cards at the start of a deal, for every
    dealer (4-player Binokel's and 5-player Doppelkopf's dealer sits out)."""
    spec = find_game(game)
    for dealer in range(players):
        rules = spec.make_rules({"options": options_of(game, variant)})
        start = spec.new_deal(rules, dealer, seed=dealer, players=players)
        assert spec.dealt_in(players, dealer) == tuple(
            s for s in range(players) if start.view(s).hand)
    if (game, players) in (("binokel", 4), ("doppelkopf", 5)):
        assert spec.dealt_in(players, 1) == tuple(s for s in range(players) if s != 1)


@pytest.mark.parametrize("game", sorted({c[0] for c in CASES}))
def test_the_default_bot_is_one_of_the_games_kinds(game: str) -> None:
    """The level the web game seats by default (``GameSpec.default_bot``) plays the game."""
    assert find_game(game).default_bot in bot_names(game)


@pytest.mark.parametrize(("game", "players", "variant"), CASES, ids=IDS)
def test_points_add_up(game: str, players: int, variant: str) -> None:
    """A deal played to its last trick, or ended by an accepted claim, hands out exactly the
    game's total of points."""
    played = 0
    for seed in range(DEALS * 2):
        state, _ = random_deal(game, players, 800 + seed, variant)
        taken = state.points_taken()
        assert len(taken) == players and all(p >= 0 for p in taken)
        assert sum(taken) <= state.points_total()
        res = state.result
        assert res is not None
        # An accepted claim (core.claims) books the rest: everything is handed out too.
        claimed = bool(state.history) and state.history[-1][1] == "accept"
        if res.termination is Termination.PLAYED or claimed:
            assert sum(taken) == state.points_total(), state.history
            played += 1
    assert played
