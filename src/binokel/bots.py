"""Computer players. A bot sees only a player's view and returns a legal action.

A bot *kind* (``random``, ``heuristic``, ``strong``, ...) names a playing style. ``random``
plays every game; every other kind is implemented by each game that offers it (the game's
spec in :mod:`binokel.registry` lists its kinds), so ``heuristic`` plays Binokel,
Kreuzbinokel, Doppelkopf, ... each by its own rules.

>>> bot = make_bot("random", seed=1, game="binokel")
>>> "heuristic" in bot_names("doppelkopf"), "strong-hard" in bot_names("zweier")
(True, True)
"""

from __future__ import annotations

import importlib
import os
import random
from collections.abc import Sequence
from dataclasses import replace

from .core import claims
from .core.sampling import worlds_of
from .core.spec import Bot
from .core.spec import BotFactory
from .core.spec import GameSpec
from .core.state import AnyState
from .core.view import View
from .core.worlds import NoWorldFound
from .core.worlds import Sampling
from .registry import find_game
from .registry import games
from .search import Goal
from .search import SearchLimit
from .search import value


def legal_actions_of(view: View) -> list[str]:
    """The actions a bot may choose from; a view of a player not to move is a caller's bug."""
    actions = [str(a) for a in view.legal_actions]
    if not actions:
        raise ValueError("the bot is not to move in this view")
    return actions


class RandomBot:
    """Uniformly random legal actions (deterministic under its seed); plays every game."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> str:
        actions = legal_actions_of(view)
        return actions[self.rng.randrange(len(actions))]


def kinds_of(game: str) -> dict[str, BotFactory]:
    """The bot kinds that play ``game``, by name."""
    kinds: dict[str, BotFactory] = {"random": RandomBot}
    kinds.update(find_game(game).bots())
    return kinds


# Bot kinds from outside our games, for the arena and the command line (the lobby does not
# offer them): module -> the kinds it makes by ``bot_kinds(game)``. A module is imported only
# when one of its kinds is asked for (OpenSpiel's need the extra ``research``).
EXTERNAL_KINDS: dict[str, tuple[str, ...]] = {
    "binokel.research.openspiel_bots": ("openspiel-ismcts", "openspiel-random"),
}
# More such modules from outside the package, comma-separated, each with ``KINDS`` and
# ``bot_kinds(game)``: e.g. the frozen strong player of November 2026, a yardstick kept in
# benchmarks/ (``PYTHONPATH=benchmarks BINOKEL_BOT_MODULES=strong_2026_11``). An
# environment variable, so that the arena's worker processes know them too.
BOT_MODULES_ENV = "BINOKEL_BOT_MODULES"


def external_kinds() -> dict[str, tuple[str, ...]]:
    """Every external bot module and its kinds: :data:`EXTERNAL_KINDS` and the modules named
    in ``BINOKEL_BOT_MODULES`` (imported here; one that cannot be is a ``ValueError``)."""
    out = dict(EXTERNAL_KINDS)
    for module in filter(None, (m.strip() for m in os.environ.get(BOT_MODULES_ENV, "")
                                .split(","))):
        try:
            kinds = importlib.import_module(module).KINDS
        except (ImportError, AttributeError) as e:
            raise ValueError(f"{BOT_MODULES_ENV}: cannot load bot kinds from {module!r} "
                             f"({e})") from None
        out[module] = tuple(kinds)
    return out


def external_kind(kind: str, game: str) -> BotFactory | None:
    """The factory of an external bot kind for ``game`` (None: no such kind)."""
    for module, kinds in external_kinds().items():
        if kind in kinds:
            factory: BotFactory | None = importlib.import_module(module).bot_kinds(game).get(kind)
            return factory
    return None


# ------------------------------------------------------------------------------ claims
# Every bot kind but ``random`` answers claims (binokel.core.claims) and makes them the same
# way, in every game: only when the claim is certain to hold.
CLAIM_WORLDS = 16
"""Worlds (deals the bot cannot tell from the real one) a claim is checked in."""
CLAIM_NODES = 200_000
"""The search core's node budget per world; past it the claim counts as uncertain."""
CLAIM_TRICKS = 4
"""A bot considers a claim of its own with at most this many cards in hand, or before its
first card (an open game)."""


def claim_holds(view: View, kinds: Sequence[str], claimer: int, rng: random.Random,
                worlds: int = CLAIM_WORLDS) -> str | None:
    """The first of ``kinds`` (claims by ``claimer``) that holds in every world consistent
    with ``view`` that the game's sampler draws (uniformly): his side takes every remaining
    trick (a concession: none), whatever the others do, by the search core with every hand
    open; None if none does. A game without a search position, a view without a world and
    a search past its budget are not certain. Two worlds are tried first (most claims fail
    there), then the rest; when the view allows few deals, the worlds drawn are all of
    them."""
    spec = find_game(str(view.game))
    if spec.position is None:
        return None
    left = list(kinds)
    sampler = worlds_of(spec)
    for n in (min(2, worlds), worlds - min(2, worlds)):
        if not n or not left:
            continue
        try:
            drawn = sampler.sample(view, rng, n, Sampling.UNIFORM)
        except NoWorldFound:
            return None
        for w in drawn:
            left = [k for k in left if _holds_in(spec, w.state, k, claimer)]
            if not left:
                return None
    return left[0] if left else None


def _holds_in(spec: GameSpec, state: AnyState, kind: str, claimer: int) -> bool:
    """Whether the claim holds in the whole deal ``state`` (every hand open)."""
    if state.phase == claims.CLAIM_PHASE:
        state = state.child(claims.REFUSE)  # the play as it resumes: the claimer to move
    side = state.claim_side(claimer)
    p = spec.search_position(state)
    if p is None:
        return False
    goal = Goal.DURCH if kind == claims.CLAIM else Goal.UNTENDURCH
    p = replace(p, maximiser=tuple(s in side for s in range(len(p.hands))), goal=goal)
    try:
        return value(p, CLAIM_NODES) == 1
    except SearchLimit:
        return False


def claim_choice(view: View, rng: random.Random) -> str | None:
    """A bot's claim action for ``view``, or None to leave it to the bot: in the phase of a
    claim, ``accept`` when it certainly holds, else ``refuse``; at its own turn, ``claim``
    or ``concede`` when one certainly holds (considered near the end, or before its first
    card), else None."""
    claim = getattr(view, "claim", None)
    if view.phase == claims.CLAIM_PHASE and claim is not None:
        sure = claim_holds(view, (claim.kind,), claim.seat, rng)
        return claims.ACCEPT if sure else claims.REFUSE
    kinds = [str(a) for a in view.legal_actions if a in claims.KINDS]
    if not kinds:
        return None
    first = not any(seat == view.player and a.startswith("play ") for seat, a in view.history)
    if len(view.hand) > CLAIM_TRICKS and not first:
        return None
    return claim_holds(view, kinds, int(view.player), rng)


class GameBot:
    """A bot kind across games: the first view of a game creates that game's implementation
    (seeded alike, so a seat's play is reproducible whatever it played before). Claims are
    answered and made here (:func:`claim_choice`) for every kind but ``random``; the
    game's implementation sees the view without them."""

    def __init__(self, kind: str, seed: int | None = None) -> None:
        self.name = kind
        self.seed = seed
        self._impls: dict[str, Bot] = {}
        self._claim_rng: random.Random | None = None

    def implementation(self, game: str) -> Bot:
        impl = self._impls.get(game)
        if impl is None:
            factory = kinds_of(game).get(self.name) or external_kind(self.name, game)
            if factory is None:
                raise ValueError(f"bot {self.name!r} does not play {game} "
                                 f"(bots for {game}: {', '.join(bot_names(game))})")
            impl = self._impls[game] = factory(self.seed)
        return impl

    def choose(self, view: View) -> str:
        impl = self.implementation(str(view.game))
        offered = claims.offered(str(view.phase), view.legal_actions)
        if self.name == "random" or not offered:
            return impl.choose(view)
        if self._claim_rng is None:
            self._claim_rng = random.Random(self.seed)
        said = claim_choice(view, self._claim_rng)
        if said is not None:
            return said
        return impl.choose(replace(view, legal_actions=tuple(
            a for a in view.legal_actions if a not in offered)))

    def announce(self, view: View) -> str | None:
        """What the game's implementation says out of turn (None: nothing, also for a
        kind that never speaks out of turn; :class:`~binokel.core.spec.Announcer`)."""
        speak = getattr(self.implementation(str(view.game)), "announce", None)
        return None if speak is None else speak(view)


def make_bot(kind: str, seed: int | None = None, game: str | None = None) -> GameBot:
    """A bot by kind: ``random``, ``heuristic``, ... (see :func:`bot_names`).

    With ``game``, a kind that does not play that game is an error now rather than at its
    first move.
    """
    external = [k for kinds in external_kinds().values() for k in kinds]
    if kind not in bot_names() and kind not in external:
        raise ValueError(f"unknown bot {kind!r} (known: {', '.join(bot_names() + external)})")
    bot = GameBot(kind, seed)
    if game is not None:
        bot.implementation(game)
    return bot


def bot_names(game: str | None = None) -> list[str]:
    """Every bot kind, or the kinds that play ``game``."""
    if game is not None:
        return sorted(kinds_of(game))
    return sorted({kind for spec in games() for kind in kinds_of(spec.name)})


__all__ = ["BOT_MODULES_ENV", "CLAIM_NODES", "CLAIM_TRICKS", "CLAIM_WORLDS", "EXTERNAL_KINDS",
           "Bot", "BotFactory", "GameBot", "RandomBot", "bot_names", "claim_choice",
           "claim_holds", "external_kind", "external_kinds", "kinds_of", "legal_actions_of",
           "make_bot"]
