"""What the registry knows of a game: a :class:`GameSpec`, and the :class:`Bot` protocol.

Each game package exports one spec; :mod:`binokel.registry` lists them. The spec holds the
engine's facts directly (rules, how to deal, the deck, player counts, teams, the series) and
loads the game's presenter and bots only when asked, so that code below those layers
(records, series, the engine itself) never imports them.

The spec is the one seam between a game and the tools above it: whatever a tool needs to
know of a game it asks the spec, never the game's name. Small facts are fields (the deck a
game is drawn with, the words of its hints, a typical score); everything that needs code of
the game is a *hook*, a loader that imports the game's module only when a tool asks
(``position`` for the analysis and the solver, ``vocabulary`` for the research adapters,
``presenter``, ``bots``, ``worlds``). A hook that is None means the game does not offer it,
and the tool says so (no analysis of a game without a search position).
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import TYPE_CHECKING
from typing import Any
from typing import Literal
from typing import Protocol

from .cards import Card
from .pad import PadAdapter
from .rules import Option
from .rules import RuleSet
from .series import Series
from .state import AnyState
from .view import View
from .vocabulary import Vocabulary
from .worlds import WorldSampler

if TYPE_CHECKING:
    from ..search.position import Position

DeckStyle = Literal["german", "french"]
"""The faces a game is played with: German-suited (Eichel, Blatt, Herz, Schellen; Ober, Unter)
or French-suited (Kreuz, Pik, Herz, Karo; Dame, Bube)."""


class Bot(Protocol):
    """A computer player: ``choose(view)`` returns one of ``view.legal_actions``. It sees
    only the view of its seat."""

    name: str

    def choose(self, view: View) -> str: ...


class Announcer(Protocol):
    """A bot that may also speak when it is not to move: ``announce(view)`` returns one of
    the view's interjections (Doppelkopf's announcements at any time, without the seat
    mark) or None. The driver (:mod:`binokel.play`) asks every such bot after each action;
    a bot without ``announce`` only ever acts on its turn."""

    def announce(self, view: View) -> str | None: ...


# A bot kind's factory: a seed (None: unseeded) -> a bot.
BotFactory = Callable[[int | None], Bot]

# Reads a record's JSON object written before the game's grammar or rules changed into
# today's (binokel.record); raises ValueError when the record is not such a one.
OldRecordReader = Callable[[Mapping[str, object]], dict[str, Any]]


class NewDeal(Protocol):
    """How a game makes a deal: from ``deck_order`` (the dealing order, top card first),
    else shuffled by ``rng`` or by a generator seeded with ``seed``.

    ``rules`` is the game's own rule set (``spec.rules``). Where a hook takes the game's own
    type (its rules here, in ``full_deck``; its result in ``side_of``; its state in a
    ``State.HANDLERS`` handler; its view in a presenter) the seam says ``Any``: a callable
    that takes ``ZweierRules`` is no callable that takes every ``RuleSet`` (parameters are
    contravariant), and the registry holds the specs of every game in one list. Every other
    parameter a tool passes through a seam is typed (``View``, ``RuleSet``, ``AnyState``,
    ``object`` for untrusted JSON)."""

    def __call__(self, rules: Any, dealer: int = 0, *, seed: int | None = None,
                 deck_order: list[Card] | None = None, players: int = ...,
                 rng: random.Random | None = None) -> AnyState: ...


class PositionOf(Protocol):
    """A game's card play as a position of the search core (:mod:`binokel.search`), for the
    side of the player to move; None where the search cannot model the state (bidding,
    Zweierbinokel's stock). The analysis, the solver and the hints read a deal through it."""

    def __call__(self, state: AnyState) -> Position | None: ...


class VocabularyOf(Protocol):
    """A game's actions besides ``play C`` under ``rules`` with ``players`` seats (the
    numbering of :mod:`binokel.research.actions` reads it)."""

    def __call__(self, rules: RuleSet, players: int) -> Vocabulary: ...


@dataclass(frozen=True)
class GameSpec:
    """One game of the family as the registry lists it."""

    name: str                                    # as records and the CLI spell it
    title: tuple[str, str]                       # (German, English)
    players: tuple[int, ...]                     # the allowed player counts
    default_players: int
    rules: type[RuleSet]
    new_deal: NewDeal
    full_deck: Callable[[Any, int], list[Card]]  # (rules, players) -> every card dealt
    help: Mapping[str, str]                      # "de"/"en" -> the rules in brief
    presenter: Callable[[], Callable[..., Any]]  # loads the presenter: (view, Context) -> Table
    bots: Callable[[], Mapping[str, BotFactory]]  # loads the game's bot kinds
    # (players, dealer) -> the seats dealt into a deal, in seat order: :func:`every_seat`,
    # or fewer where one sits out (the dealer of four at Binokel, of five at Doppelkopf)
    dealt_in: Callable[[int, int], tuple[int, ...]]
    # the bot kind the web game seats by default (the lobby, a duplicate round, the stand-in
    # of a person away): the game's strongest player that thinks fast enough for a live table
    default_bot: str = "heuristic"
    teams: tuple[tuple[int, ...], ...] = ()      # fixed partnerships (Kreuzbinokel: 0+2, 1+3)
    # "de"/"en" -> what a hint's values count (binokel.hints)
    hint_unit: Mapping[str, str] = field(default_factory=dict)
    # "de"/"en" -> what the game calls the cards' points, which the analysis counts
    # ("Augen" in Doppelkopf)
    points_word: Mapping[str, str] = field(
        default_factory=lambda: {"de": "Punkte", "en": "Points"})
    series: type[Series] = Series
    # loads the game's one world sampler (binokel.core.worlds); None: the game has none yet
    worlds: Callable[[], WorldSampler[Any]] | None = None
    # loads the game's score-pad adapter (binokel.core.pad); None: no score pad for it
    pad: Callable[[], PadAdapter[Any]] | None = None
    # --- what the tools above the engine ask of a game (the seams; see the module's text)
    deck: DeckStyle = "german"                   # the faces the front ends draw and name
    # "de"/"en" -> what the cards left over after dealing are called (the Dapp, the stock)
    rest_word: Mapping[str, str] = field(
        default_factory=lambda: {"de": "Rest", "en": "Rest"})
    # loads the game's search position (analysis, solver); None: the search cannot play it
    position: Callable[[], PositionOf] | None = None
    # loads the game's action vocabulary (OpenSpiel, PettingZoo); None: no research adapters
    vocabulary: Callable[[], VocabularyOf] | None = None
    # a typical score of one deal, in the scores' unit: the scale of the research bots'
    # exploration constant
    score_scale: float = 100.0
    # loads the readers of records that older versions of the game wrote, oldest first, each
    # with the first version that no longer needs it (docs/records.md)
    old_records: Callable[[], Sequence[tuple[str, OldRecordReader]]] | None = None
    # the seats of one side of a finished deal where the sides are known only at its end
    # (Doppelkopf's Re party; the other seats in play are the other side); None: the sides
    # are the fixed ``teams`` or, without them, every seat plays for itself (binokel.ratings)
    side_of: Callable[[Any], tuple[int, ...]] | None = None

    @property
    def options(self) -> Mapping[str, Option]:
        """The game's house rules."""
        return self.rules.options()

    @property
    def presets(self) -> Mapping[str, tuple[str, str]]:
        """Preset name -> what it is (English, German)."""
        return self.rules.preset_texts

    def search_position(self, state: AnyState) -> Position | None:
        """The search position of ``state`` by the game's ``position`` hook (None: the game
        has none, or the search cannot model this state)."""
        return self.position()(state) if self.position is not None else None

    def action_vocabulary(self, rules: RuleSet, players: int) -> Vocabulary:
        """The game's actions besides ``play C`` by its ``vocabulary`` hook; a game without
        one is a ``ValueError`` (the research adapters cannot number its actions)."""
        if self.vocabulary is None:
            raise ValueError(f"the game {self.name!r} declares no action vocabulary")
        return self.vocabulary()(rules, players)

    def make_rules(self, data: Mapping[str, object]) -> RuleSet:
        """The rules from a record's ``rules`` object (``{"preset": ..., "options": ...}``)."""
        return self.rules.from_dict(data)

    def new_series(self, rules: RuleSet, players: int | None = None, first_dealer: int = 0,
                   seed: int | None = None, shuffle: random.Random | None = None) -> Series:
        """A series of deals of this game under ``rules`` (``shuffle``: a generator that
        shuffles every deal, see :class:`Series`)."""
        return self.series(self, rules, players, first_dealer, seed, shuffle)


def every_seat(players: int, dealer: int) -> tuple[int, ...]:
    """The ``dealt_in`` of a game where nobody sits out: every seat.

    >>> every_seat(4, 2)
    (0, 1, 2, 3)
    """
    return tuple(range(players))


__all__ = ["Announcer", "Bot", "BotFactory", "DeckStyle", "GameSpec", "NewDeal", "OldRecordReader",
           "PositionOf", "VocabularyOf", "every_seat"]


def hook(package: str, where: str, *, make: bool = False) -> Callable[[], Any]:
    """A spec hook that imports ``where`` (``"module:name"``, the module relative to the
    game's ``package``) only when first called and returns that name, or with ``make`` a
    new object made by calling it (a pad adapter). The games' specs are built from these,
    so that a game says only which of its modules holds what.

    >>> load = hook("binokel.games.zweier", "search:search_position")
    >>> load().__name__
    'search_position'
    """
    module, _, name = where.partition(":")

    def load() -> Any:
        found = getattr(importlib.import_module(f".{module}", package), name)
        return found() if make else found

    return load


def sampler(package: str, where: str, spec: str = "SPEC") -> Callable[[], WorldSampler[Any]]:
    """A spec's ``worlds`` hook: the game's one world sampler, made when first asked for by
    calling ``where`` (as for :func:`hook`) with the game's spec (the package's name
    ``spec``), and the same one after.

    >>> worlds = sampler("binokel.games.zweier", "worlds:ZweierWorlds")
    >>> worlds() is worlds(), worlds().spec.name
    (True, 'zweier')
    """
    make = hook(package, where)

    @functools.cache
    def load() -> WorldSampler[Any]:
        return make()(getattr(importlib.import_module(package), spec))  # type: ignore[no-any-return]

    return load
