"""Every game of the family as an OpenSpiel Python game (needs the extra ``research``).

:func:`register_games` registers one OpenSpiel game per game of :mod:`binokel.registry`,
named ``binokel_<game>`` (``binokel_binokel``, ``binokel_kreuzbinokel``, ``binokel_zweier``,
``binokel_luxusfamilie``, ``binokel_doppelkopf``), with the parameters

- ``players`` (every count the game allows; default the game's usual count),
- ``dealer`` (the dealing seat, default 0),
- ``preset`` (default: the game's first preset),
- one parameter per rule option, as text; ``""`` (the default) keeps the preset's value.

The deal is dealt by chance, one card at a time from the top of the deck (chance outcome =
the card's number ``suit * 8 + rank``, probability its remaining copies over the cards
left), so a history of chance outcomes is the deck order our engine deals from. After the
deal every action is a player's, numbered by :class:`~binokel.research.actions.ActionCodec`.
Returns are the deal's scores. Information states and observations are built only from the
seat's :meth:`view <binokel.core.state.State.view>`, which never holds a hidden card:

- ``information_state_string``: the view as JSON (with the seat's history, what it may not
  know masked); ``observation_string``: the same without the history.
- the tensors (both the same layout, :class:`ViewObserver`): own hand, the cards each seat
  has played, the current trick by seat, the seat and the seat to move, each seat's
  declarations (bids, trump, reservations, announcements: the ids of its card-free actions)
  and the cards each seat has named openly in other actions (calls, melds, ...).

``resample_from_infostate`` draws from the game's own world sampler (``spec.worlds``,
uniformly; :func:`binokel.research.sampler.resample`).

>>> import pyspiel
>>> 'binokel_doppelkopf' in register_games()
True
>>> game = pyspiel.load_game("binokel_doppelkopf", {"players": 4})
>>> game.num_players(), game.num_distinct_actions() == ActionCodec.of(
...     find_game("doppelkopf"), find_game("doppelkopf").make_rules({}), 4).size
(4, True)
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pyspiel

from ..core.cards import card_token
from ..core.errors import IllegalAction
from ..core.rules import RuleSet
from ..core.spec import GameSpec
from ..core.state import OVER
from ..core.state import AnyState
from ..registry import find_game
from ..registry import games
from .actions import ActionCodec
from .actions import UnknownAction
from .sampler import resample
from .tensor import CARD_SLOTS
from .tensor import ViewEncoder

PREFIX = "binokel_"
CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_DRAWS = random.Random(0)
# No deal of any game scores beyond this (Binokel's largest: a lost Durch at the highest
# bid, doubled); OpenSpiel wants bounds on the returns.
MAX_SCORE = 100_000.0


def game_name(spec: GameSpec) -> str:
    """The OpenSpiel name of a game: ``binokel_<game>``."""
    return PREFIX + spec.name


def _game_type(spec: GameSpec) -> Any:
    params: dict[str, Any] = {"players": spec.default_players, "dealer": 0,
                              "preset": next(iter(spec.rules.presets_table), "standard")}
    for name in spec.options:
        params[name] = ""
    return pyspiel.GameType(
        short_name=game_name(spec),
        long_name=f"{spec.title[1]} (binokel)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(spec.players),
        min_num_players=min(spec.players),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params)


def rules_from_params(spec: GameSpec, params: dict[str, Any]) -> RuleSet:
    """The rules that OpenSpiel game parameters name (empty option texts: the preset's)."""
    options = {name: params[name] for name in spec.options
               if name in params and str(params[name]) != ""}
    preset = params.get("preset") or next(iter(spec.rules.presets_table), "standard")
    return spec.make_rules({"preset": str(preset), "options": options})


class Table:
    """What every state of one game instance shares: the spec, rules, seats, the codec.

    OpenSpiel clones a Python state by deep-copying its attributes; this part is immutable
    and is shared rather than copied.
    """

    def __init__(self, spec: GameSpec, params: dict[str, Any]) -> None:
        players = int(params.get("players", spec.default_players))
        if players not in spec.players:
            raise ValueError(f"{spec.name} is played by {spec.players}, not {players}")
        dealer = int(params.get("dealer", 0))
        if not 0 <= dealer < players:
            raise ValueError(f"no seat {dealer} to deal")
        self.spec = spec
        self.params = dict(params)
        self.rules = rules_from_params(spec, params)
        self.players = players
        self.dealer = dealer
        self.codec = ActionCodec.of(spec, self.rules, players)
        self.deck = tuple(sorted(spec.full_deck(self.rules, players)))
        self.counts = dict(sorted(Counter(self.deck).items()))
        self.words = self.codec.card_free_ids
        # Action text -> id, filled as the engine spells its actions (no parsing after the
        # first time a text is seen).
        self.ids: dict[str, int] = {}

    def legal_ids(self, state: AnyState) -> list[int]:
        """The sorted ids of the legal actions of ``state``."""
        ids = self.ids
        out = []
        for a in state.legal_actions():
            i = ids.get(a)
            if i is None:
                i = ids[a] = self.codec.encode(a)
            out.append(i)
        out.sort()
        return out

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _table, (self.spec.name, self.params)


def _table(game: str, params: dict[str, Any]) -> Table:
    return Table(find_game(game), params)


class Core:
    """Everything of an OpenSpiel state that changes: the cards dealt so far, then our deal
    state; and, per position, the legal action ids and the information state strings.

    OpenSpiel clones a Python state by deep-copying each of its attributes; this one object
    copies itself in one call (our engine's fast ``clone``), and the caches, which belong to
    a position rather than to a state, are shared until either copy moves on.
    """

    __slots__ = ("dealt", "infos", "left", "legal", "state")

    def __init__(self, left: dict[int, int], dealt: list[int] | None = None,
                 state: AnyState | None = None) -> None:
        self.left = left
        self.dealt = dealt if dealt is not None else []
        self.state = state
        self.legal: list[int] | None = None
        self.infos: dict[tuple[int, bool], str] = {}

    def moved(self) -> None:
        """The position changed: forget what belonged to the old one."""
        self.legal = None
        self.infos = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Core:
        state = self.state
        if state is None:
            return Core(dict(self.left), list(self.dealt))
        # Once dealt, ``left`` is empty and ``dealt`` no longer changes: shared.
        o = Core(self.left, self.dealt, state.clone())
        o.legal, o.infos = self.legal, self.infos
        return o

    def __reduce__(self) -> tuple[Any, ...]:
        s = self.state
        if s is None:
            return _core, (dict(self.left), list(self.dealt), None)
        return _core, (dict(self.left), list(self.dealt),
                       (s.game_name, s.rules.to_dict(), s.players, s.dealer, list(s.deck),
                        [a for _, a in s.history]))


def _core(left: dict[int, int], dealt: list[int],
          deal: tuple[str, dict[str, Any], int, int, list[int], list[str]] | None) -> Core:
    if deal is None:
        return Core(left, dealt)
    game, rules, players, dealer, deck, actions = deal
    spec = find_game(game)
    state = spec.new_deal(spec.make_rules(rules), dealer, deck_order=deck, players=players)
    for a in actions:
        state.apply(a)
    return Core(left, dealt, state)


class BinokelGame(pyspiel.Game):  # type: ignore[misc]
    """One game of the family under the rules and player count of its parameters."""

    def __init__(self, spec: GameSpec, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.table = table = Table(spec, params)
        info = pyspiel.GameInfo(
            num_distinct_actions=table.codec.size,
            max_chance_outcomes=CARD_SLOTS,
            num_players=table.players,
            min_utility=-MAX_SCORE,
            max_utility=MAX_SCORE,
            max_game_length=len(table.deck) * 2 + 2 * len(table.words) + 50)
        super().__init__(_game_type(spec), info, params)

    def new_initial_state(self) -> BinokelOpenSpielState:
        return BinokelOpenSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> ViewObserver:
        perfect_recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        return ViewObserver(self.table, perfect_recall)


class BinokelOpenSpielState(pyspiel.State):  # type: ignore[misc]
    """A deal: the chance nodes dealing the deck, then our engine's state.

    Search calls these methods millions of times, so they read the :class:`Core` directly:
    legal action ids and information state strings are computed once per position, action
    texts are numbered through the table's dictionary, and a clone copies one object.
    """

    def __init__(self, game: BinokelGame) -> None:
        super().__init__(game)
        self.table = game.table
        self.core = Core(dict(game.table.counts))

    @property
    def engine(self) -> AnyState | None:
        """Our deal once it is dealt (None while dealing)."""
        return self.core.state

    # ------------------------------------------------------------ the deal by chance
    def current_player(self) -> int:
        state = self.core.state
        if state is None:
            return CHANCE
        if state.phase == OVER:
            return TERMINAL
        return state.to_move

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = self.core.left
        total = sum(left.values())
        return [(c, n / total) for c, n in sorted(left.items()) if n]

    def _legal_actions(self, player: int) -> list[int]:
        core = self.core
        state = core.state
        if state is None or player != state.to_move:
            return []
        legal = core.legal
        if legal is None:
            legal = core.legal = self.table.legal_ids(state)
        return legal

    def _apply_action(self, action: int) -> None:
        core = self.core
        state = core.state
        if state is None:
            if not core.left.get(action):
                raise pyspiel.SpielError(f"no card {action} left to deal")
            core.left[action] -= 1
            core.dealt.append(action)
            if len(core.dealt) == len(self.table.deck):
                t = self.table
                core.state = t.spec.new_deal(t.rules, t.dealer, deck_order=list(core.dealt),
                                             players=t.players)
            return
        try:
            state.apply(self.table.codec.decode(action))
        except (IllegalAction, UnknownAction) as e:
            raise pyspiel.SpielError(str(e)) from None
        core.moved()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {card_token(action)}"
        return self.table.codec.decode(action)

    def is_terminal(self) -> bool:
        state = self.core.state
        return state is not None and state.phase == OVER

    def returns(self) -> list[float]:
        state = self.core.state
        if state is None or state.result is None:
            return [0.0] * self.table.players
        return [float(s) for s in state.result.scores]

    def __str__(self) -> str:
        state = self.core.state
        if state is None:
            return f"dealing: {len(self.core.dealt)} of {len(self.table.deck)} cards"
        return json.dumps(state.public_view().to_json(), sort_keys=True)

    # ------------------------------------------------------------ sampling
    def resample_from_infostate(self, player_id: int, probability_sampler: Any
                                ) -> BinokelOpenSpielState:
        """A deal that ``player_id`` cannot tell from this one (the same information state),
        drawn uniformly by the game's sampler (:func:`binokel.research.sampler.resample`);
        ``probability_sampler`` (a callable returning numbers in [0, 1), OpenSpiel's
        convention) seeds the draw."""
        # OpenSpiel's IS-MCTS passes a fresh sampler with the same seed at every call: mixed
        # with a stream of our own, so that successive calls draw different worlds.
        seed = _DRAWS.getrandbits(31)
        if callable(probability_sampler):
            seed ^= int(float(probability_sampler()) * 2**31)
        out: BinokelOpenSpielState = self.get_game().new_initial_state()
        if self.core.state is None:
            # Still dealing: a seat has seen nothing yet but its own cards; deal the rest anew.
            return _resample_dealing(self, out, player_id, random.Random(seed))
        return from_engine(self.get_game(), resample(self.core.state, player_id,
                                                     random.Random(seed)))


def from_engine(game: BinokelGame, deal: AnyState) -> BinokelOpenSpielState:
    """The OpenSpiel state of our ``deal`` (its deck dealt by chance, then its history)."""
    out: BinokelOpenSpielState = game.new_initial_state()
    for c in deal.deck:
        out.apply_action(c)
    for _, action in deal.history:
        out.apply_action(game.table.codec.encode(action))
    return out


def _resample_dealing(state: BinokelOpenSpielState, out: BinokelOpenSpielState, player: int,
                      rng: random.Random) -> BinokelOpenSpielState:
    # While dealing nothing is shown: every order of the cards dealt so far is as likely.
    # (The information state during the deal names only how many cards are out.)
    order = list(state.core.dealt)
    rng.shuffle(order)
    for c in order:
        out.apply_action(c)
    return out


class ViewObserver:
    """Strings and tensors of one seat's view (see the module's description and
    :mod:`binokel.research.tensor` for the tensor's layout)."""

    def __init__(self, table: Table, perfect_recall: bool) -> None:
        self.table = table
        self.perfect_recall = perfect_recall
        self.encoder = ViewEncoder(table.codec, table.players)
        self.tensor = self.encoder.tensor
        self.dict = self.encoder.dict

    def set_from(self, state: BinokelOpenSpielState, player: int) -> None:
        engine = state.core.state
        if engine is None:
            self.encoder.clear(player)
            self.dict["dealing"][0] = len(state.core.dealt) / len(self.table.deck)
        else:
            self.encoder.encode(engine.view(player))

    def string_from(self, state: BinokelOpenSpielState, player: int) -> str:
        core = state.core
        if core.state is None:
            return f"seat {player}; dealing: {len(core.dealt)} of {len(self.table.deck)} cards"
        # Once per seat and position: IS-MCTS keys its nodes by these strings.
        key = (player, self.perfect_recall)
        found = core.infos.get(key)
        if found is None:
            data = core.state.view(player).to_json()
            if not self.perfect_recall:
                data.pop("history", None)
            found = core.infos[key] = json.dumps(data, sort_keys=True, separators=(",", ":"))
        return found


def _factory(spec: GameSpec) -> type[BinokelGame]:
    # A class rather than a closure: OpenSpiel's registry keeps its factory until after the
    # interpreter has shut down, and releasing a closure then aborts the process (a class
    # lives in a reference cycle and is never released).
    def init(self: BinokelGame, params: dict[str, Any] | None = None) -> None:
        BinokelGame.__init__(self, spec, params)
    return type(f"{spec.name.capitalize()}Game", (BinokelGame,), {"__init__": init})


_registered: set[str] = set()


def register_games() -> list[str]:
    """Register every game with OpenSpiel (idempotent); returns their OpenSpiel names."""
    names = []
    for spec in games():
        name = game_name(spec)
        if name not in _registered and name not in pyspiel.registered_names():
            pyspiel.register_game(_game_type(spec), _factory(spec))
        _registered.add(name)
        names.append(name)
    return names


def load(game: str, players: int | None = None, **params: Any) -> BinokelGame:
    """Our ``game`` as an OpenSpiel game (registering every game first); rule options may
    be given as their values (OpenSpiel reads them as text)."""
    register_games()
    spec = find_game(game)
    full: dict[str, Any] = {"players": players or spec.default_players}
    for name, value in params.items():
        if name in spec.options:
            value = ("yes" if value else "no") if isinstance(value, bool) else str(value)
        full[name] = value
    loaded: BinokelGame = pyspiel.load_game(game_name(spec), full)
    return loaded


__all__ = ["BinokelGame", "BinokelOpenSpielState", "ViewObserver", "from_engine", "game_name",
           "load", "register_games", "rules_from_params"]
