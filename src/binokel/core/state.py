"""The base of every game's deal state (in the spirit of OpenSpiel's ``State``).

:meth:`State.apply` is the one way an action enters a deal, in every game: it reads the action
by one grammar, lets the game carry it out (:meth:`State._do_play` for ``play C``,
:meth:`State._do_apply` for every other verb) and records it in the history with the seat that
made it. A game only implements what happens; how actions are spelled, checked for form and
recorded is here.

The grammar: a verb and its arguments separated by white space, at most
:data:`MAX_ACTION_LENGTH` characters; the verb in any case (``PLAY ek`` is ``play EK``), the
arguments as each game reads them (card tokens in any case). The history holds the canonical
spelling the game returns (``play EK``), which is what records store.

A game declares its verbs per phase in ``HANDLERS``: ``{(phase, verb): handler}``, where a
handler takes the state and the argument text, carries the action out or raises
:class:`~binokel.core.errors.IllegalAction` without changing anything, and returns the
canonical action. ``ANY_PHASE`` registers a verb for every phase.

**Interjections.** Some actions are said by a seat that is not to move (Doppelkopf's Re and
Kontra may be said while another player leads). Such an action carries its seat in front,
``2: kontra`` (:func:`by_seat`), and does not pass the turn. A game lists what a seat may
interject now in :meth:`State.interjections` and carries it out by ``INTERJECTIONS``:
``{(phase, verb): handler(state, seat, argument) -> canonical}``. The history keeps the
seat that was to move with the action as written, seat mark included (``(0, "2:
kontra")``), so that replaying a history or a record in order needs nothing else; who made
an entry is :func:`actor`. A seat mark naming the seat to move is dropped: ``0: re`` by
seat 0 is ``re``.

>>> split_seat("2: kontra"), split_seat("play EA"), actor((0, "2:  keine 90"))
((2, 'kontra'), (None, 'play EA'), (2, 'keine 90'))
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any
from typing import ClassVar
from typing import Final
from typing import Generic
from typing import TypeVar

from mypy_extensions import mypyc_attr

from . import claims
from .cards import Card
from .cards import CardSet
from .cards import Suit
from .cards import cards_of
from .cards import parse_card
from .cards import parse_suit
from .errors import IllegalAction
from .outcome import Outcome
from .rules import RuleSet
from .trick import PLAY_LOOKUP
from .view import View

MAX_ACTION_LENGTH: Final = 200
OVER: Final = "over"
ANY_PHASE: Final = "*"
SEAT_MARK: Final = ": "     # between an interjection's seat and its action: "2: kontra"

Handler = Callable[[Any, str], str]
# An interjection's handler: (state, seat, argument) -> the canonical action (no seat mark).
InterjectionHandler = Callable[[Any, int, str], str]
R_co = TypeVar("R_co", bound=RuleSet, covariant=True)
O_co = TypeVar("O_co", bound=Outcome, covariant=True)
V_co = TypeVar("V_co", bound=View, covariant=True)


def parse_action(action: object) -> tuple[str, str]:
    """``(verb, argument)`` of an action by the common grammar.

    >>> parse_action("  PLAY  ek "), parse_action("solo   damen"), parse_action("pass")
    (('play', 'ek'), ('solo', 'damen'), ('pass', ''))
    >>> parse_action("discard\tSA SK")
    ('discard', 'SA SK')
    """
    if not isinstance(action, str):
        raise IllegalAction(f"an action is text, not {type(action).__name__}")
    if len(action) > MAX_ACTION_LENGTH:
        raise IllegalAction(f"an action has at most {MAX_ACTION_LENGTH} characters")
    verb, _, arg = action.strip().partition(" ")
    if not verb.isalpha() or (arg and (arg[0] == " " or "  " in arg or not arg.isprintable())):
        # Any other white space: split and join properly (the common case above is cheap).
        words = action.split()
        if not words:
            raise IllegalAction("empty action")
        verb, arg = words[0], " ".join(words[1:])
    return (verb if verb.islower() else verb.lower()), arg


def by_seat(seat: int, action: str) -> str:
    """``action`` said by ``seat`` out of turn, as histories and records write it.

    >>> by_seat(2, "kontra")
    '2: kontra'
    """
    return f"{seat}{SEAT_MARK}{action}"


def split_seat(action: str) -> tuple[int | None, str]:
    """The seat an action names in front (``2: kontra``) and the action itself; ``None``
    for an action without a seat mark. Only a short number followed by a colon is a seat
    mark, so no verb of any game is mistaken for one."""
    head, colon, rest = action.partition(":")
    if not colon or not head.strip().isdigit() or len(head.strip()) > 2:
        return None, action
    return int(head), rest.strip()


def actor(entry: tuple[int, str]) -> tuple[int, str]:
    """Who made a history entry and the action without its seat mark: an interjection's
    seat, else the seat that was to move."""
    seat, action = entry
    if not action[:1].isdigit():   # the common case: no seat mark
        return seat, action
    named, rest = split_seat(action)
    return (seat, action) if named is None else (named, rest)


def parse_card_arg(verb: str, arg: str) -> Card:
    """The one card named by ``arg`` (``play EA``, ``give SU``), as an IllegalAction if not."""
    try:
        return parse_card(arg)
    except ValueError as e:
        raise IllegalAction(f"{verb}: {e}") from None


def parse_suit_arg(verb: str, arg: str) -> Suit:
    """The suit named by ``arg`` (``trump H``, ``abgehen Eichel``), as an IllegalAction if
    not."""
    try:
        return parse_suit(arg)
    except ValueError as e:
        raise IllegalAction(f"{verb}: {e}") from None


# A deal's state is built in three parts, one concern each, the kernel's class State the
# last of them: DealBase (what every deal holds, its queries and views), ClaimProcedure
# (claiming the rest, the same for every game) and State (the action grammar: how an action
# enters a deal). A game derives from State and overrides the hooks of each.
@mypyc_attr(allow_interpreted_subclasses=True)
class DealBase(Generic[R_co, O_co, V_co]):
    """What every deal holds and answers: whose turn, the legal actions, the views per seat,
    the score, how copies take the base's part (the first part of :class:`State`)."""

    __slots__ = ("claim", "dealer", "deck", "game_name", "history", "laid_open", "phase",
                 "players", "result", "rules", "to_move")

    game_name: str
    rules: R_co
    players: int
    dealer: int
    deck: tuple[Card, ...]
    phase: str
    to_move: int
    history: list[tuple[int, str]]
    result: O_co | None
    claim: claims.Claim | None        # the claim being answered (phase ``claim``)
    laid_open: tuple[int, ...]        # the seats whose hands lie open (they claimed)

    def __init__(self) -> None:
        """A bare state; each game's constructor fills in the rest."""
        self.claim = None
        self.laid_open = ()

    # ----------------------------------------------------------------- queries
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def vorhand(self) -> int | None:
        """The seat that speaks and leads first (None in a game without the role)."""
        return None

    def legal_actions(self) -> list[str]:
        """Every legal action of the player to move (empty once the deal is over)."""
        raise NotImplementedError

    def interjections(self, seat: int) -> list[str]:
        """What ``seat`` may say now although it is not to move (without the seat mark);
        empty in most games and for the seat to move, whose every action is in
        :meth:`legal_actions`."""
        return []

    def random_action(self, rng: random.Random) -> str:
        """A uniformly random legal action (games with many actions draw without listing
        them)."""
        actions = self.legal_actions()
        if not actions:
            raise IllegalAction("the deal is over")
        return actions[int(rng.random() * len(actions))]

    def view(self, player: int) -> V_co:
        """What ``player`` may know; never another seat's hidden cards."""
        if not 0 <= player < self.players:
            raise ValueError(f"no seat {player}")
        return self._view(player)

    def public_view(self) -> V_co:
        """What a spectator may know (no hand at all)."""
        return self._view(-1)

    def _view(self, player: int) -> V_co:
        """The view of seat ``player`` (-1: a spectator's)."""
        raise NotImplementedError

    def score(self) -> O_co:
        """The result of the finished deal."""
        raise NotImplementedError

    def finish(self) -> None:
        """The deal is over: score it."""
        self.phase = OVER
        self.to_move = -1
        self.result = self.score()

    def points_taken(self) -> tuple[int, ...]:
        """The card points (bonuses included) each seat has taken so far."""
        raise NotImplementedError

    def points_total(self) -> int:
        """The card points (bonuses included) a deal played to its last trick hands out."""
        raise NotImplementedError

    def _copy_into(self, o: DealBase[RuleSet, Outcome, View]) -> None:
        """Copy what every deal has into the fresh state ``o`` (a game's ``clone`` adds its
        own parts): the history is copied, the rest is immutable and shared."""
        o.rules, o.players, o.dealer, o.deck = self.rules, self.players, self.dealer, self.deck
        o.phase, o.to_move, o.result = self.phase, self.to_move, self.result
        o.history = list(self.history)
        o.claim, o.laid_open = self.claim, self.laid_open

    def _copy_slots(self, o: DealBase[RuleSet, Outcome, View], own: tuple[str, ...]) -> None:
        """For a game's ``clone``: the base's part, then every attribute the game's class
        declares in ``__slots__``, shared, except the lists named in ``own``, which ``o``
        gets copies of. A new attribute is thus never forgotten by ``clone``; compiled
        games, where the attribute-by-name access costs, copy by hand instead."""
        self._copy_into(o)
        for name in type(self).__slots__:
            value = getattr(self, name)
            setattr(o, name, list(value) if name in own else value)

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} phase={self.phase} to_move={self.to_move} "
                f"actions={len(self.history)}>")


@mypyc_attr(allow_interpreted_subclasses=True)
class ClaimProcedure(DealBase[R_co, O_co, V_co]):
    """Claiming the rest of the tricks (:mod:`binokel.core.claims`), one procedure for every
    game: a game says when it allows a claim and what it scores by the hooks here
    (``claim_kinds``, ``claim_side``, ``claim_responders``, ``hand_of``, ``settle_claim``,
    ``claim_changed``); the second part of :class:`State`."""

    __slots__ = ()

    def claim_kinds(self) -> tuple[str, ...]:
        """The claims (:data:`~binokel.core.claims.CLAIM`, ``CONCEDE``) the player to move
        may make now; a game that allows claims overrides this (none by default)."""
        return ()

    def claim_actions(self) -> list[str]:
        """The claim actions for ``legal_actions``: the game's kinds, except right after
        the seat's own claim was refused (it plays a card before it may claim again)."""
        kinds = self.claim_kinds()
        if not kinds or (self.history and self.history[-1][1] == claims.REFUSE):
            return []
        return list(kinds)

    def claim_responders(self, seat: int) -> tuple[int, ...]:
        """Who answers a claim by ``seat``, in order: every other seat, from the next one
        (a game with seats sitting out names the seats in play)."""
        return tuple((seat + k) % self.players for k in range(1, self.players))

    def claim_side(self, seat: int) -> tuple[int, ...]:
        """The seats that take the rest with ``seat`` when he claims it (his side; by
        default himself alone); a concession gives it to the other seats in play."""
        return (seat,)

    def hand_of(self, seat: int) -> CardSet:
        """The cards ``seat`` still holds (shown to all once he has laid them down)."""
        raise NotImplementedError

    def settle_claim(self, claim: claims.Claim) -> None:
        """Book the rest of the deal as the accepted ``claim`` says (the deal is then
        finished and scored)."""
        raise NotImplementedError

    def claim_changed(self) -> None:
        """The phase or the seat to move changed by a claim or its answer (a game that
        caches what the player to move may do forgets it here)."""

    def open_hands(self) -> claims.OpenHands:
        """The hands laid open, for the views: (seat, its cards) by seat."""
        return tuple((s, tuple(cards_of(self.hand_of(s)))) for s in sorted(self.laid_open))

    def claim_fields(self) -> tuple[claims.Claim | None, claims.OpenHands]:
        """What every view shows of claims: the claim being answered and the open hands."""
        return self.claim, self.open_hands() if self.laid_open else ()

    def _do_claim(self, verb: str, arg: str) -> str:
        if arg:
            raise IllegalAction(f"{verb} takes no argument")
        if verb in claims.ANSWERS:
            return self._answer_claim(verb)
        if self.phase == claims.CLAIM_PHASE:
            raise IllegalAction(f"{verb}: a claim is being answered (accept or refuse)")
        if verb not in self.claim_actions():
            allowed = self.claim_actions()
            why = (f"only {', '.join(allowed)} now" if allowed else
                   "not possible now" if not self.claim_kinds() else
                   "play a card first: your claim was just refused")
            raise IllegalAction(f"{verb}: {why}")
        seat = self.to_move
        waiting = self.claim_responders(seat)
        self.claim = claims.Claim(seat, verb, self.phase, waiting)
        if seat not in self.laid_open:
            self.laid_open = (*self.laid_open, seat)
        if waiting:
            self.phase, self.to_move = claims.CLAIM_PHASE, waiting[0]
            self.claim_changed()
        else:
            self._settle(self.claim)
        return verb

    def _answer_claim(self, verb: str) -> str:
        c = self.claim
        if self.phase != claims.CLAIM_PHASE or c is None:
            raise IllegalAction(f"{verb}: there is no claim to answer")
        if verb == claims.REFUSE:
            self.phase, self.to_move, self.claim = c.resume, c.seat, None
            self.claim_changed()
            return verb
        rest = c.waiting[1:]
        if rest:
            self.claim = claims.Claim(c.seat, c.kind, c.resume, rest)
            self.to_move = rest[0]
            self.claim_changed()
        else:
            self._settle(c)
        return verb

    def _settle(self, c: claims.Claim) -> None:
        # The rest is counted as it lies: every hand in play is shown, so that the result
        # says nothing of a hidden card that the table does not show.
        self.laid_open = tuple(sorted({c.seat, *self.claim_responders(c.seat)}))
        self.claim = None
        self.phase = c.resume
        self.settle_claim(c)
        self.claim_changed()
        self.finish()


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ClaimProcedure[R_co, O_co, V_co]):
    """One deal of a game: whose turn, the legal actions, ``apply``, and views per seat.

    ``apply`` mutates the state (fast, for search and simulation); ``child`` returns a new
    one. Seats are numbered in playing order; ``to_move`` is -1 once the deal is over. A game's
    state is a ``State[ItsRules, ItsResult, ItsView]``; code for every game reads an
    :data:`AnyState`. This last part reads actions by the one grammar (the module's
    docstring) and hands them to the game; what a deal holds is :class:`DealBase`'s, claims
    are :class:`ClaimProcedure`'s.
    """

    __slots__ = ()
    HANDLERS: ClassVar[dict[tuple[str, str], Handler]] = {}
    INTERJECTIONS: ClassVar[dict[tuple[str, str], InterjectionHandler]] = {}
    PLAY_PHASES: ClassVar[frozenset[str]] = frozenset({"play"})  # where ``play C`` is read

    # ----------------------------------------------------------------- apply
    def apply(self, action: str) -> None:
        """Apply ``action`` for the player to move, or for the seat it names in front
        (``2: kontra``, an interjection); raises :class:`IllegalAction` and then leaves the
        state unchanged."""
        seat = self.to_move
        c = PLAY_LOOKUP.get(action)  # the hot path: a canonical 'play C', no parsing
        if c is not None:
            if self.phase == OVER:
                raise IllegalAction("the deal is over")
            canonical = self._do_play(c)
        else:
            if not isinstance(action, str):
                raise IllegalAction(f"an action is text, not {type(action).__name__}")
            if ":" in action:
                named, action = split_seat(action)
                if named is not None and named != seat:
                    self._interject(named, action)
                    return
            verb, arg = parse_action(action)
            if self.phase == OVER:
                raise IllegalAction("the deal is over")
            if verb == "play":
                canonical = self._do_play(parse_card_arg(verb, arg))
            else:
                canonical = self._do_apply(verb, arg)
        self.history.append((seat, canonical))

    def _interject(self, seat: int, action: str) -> None:
        """Carry out ``action`` said by ``seat``, who is not to move, by the game's
        ``INTERJECTIONS``."""
        if len(action) > MAX_ACTION_LENGTH:
            raise IllegalAction(f"an action has at most {MAX_ACTION_LENGTH} characters")
        if not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat} (seats 0..{self.players - 1})")
        verb, arg = parse_action(action)
        if self.phase == OVER:
            raise IllegalAction("the deal is over")
        handler = self.INTERJECTIONS.get((self.phase, verb))
        if handler is None:
            raise IllegalAction(f"{(verb + ' ' + arg).strip()!r}: seat {seat} is not to move "
                                f"(seat {self.to_move} is), and nothing of that kind may be "
                                "said out of turn now")
        canonical = handler(self, seat, arg)
        self.history.append((self.to_move, by_seat(seat, canonical)))

    def _do_play(self, c: Card) -> str:
        """Play card ``c`` for the player to move if legal (else raise, changing nothing);
        return the canonical action."""
        raise NotImplementedError

    def _do_apply(self, verb: str, arg: str) -> str:
        """Carry out any other action: a claim or its answer by the kernel
        (:mod:`binokel.core.claims`), everything else by the game's ``HANDLERS``."""
        if self.phase == claims.CLAIM_PHASE:
            if verb not in claims.VERBS:
                raise IllegalAction(f"{(verb + ' ' + arg).strip()!r} is not possible now: a "
                                    "claim is being answered (accept or refuse)")
            return self._do_claim(verb, arg)
        handlers = self.HANDLERS
        handler = handlers.get((self.phase, verb))
        if handler is None:
            handler = handlers.get((ANY_PHASE, verb))
        if handler is None and verb in claims.VERBS:
            return self._do_claim(verb, arg)
        if handler is None:
            raise IllegalAction(f"{(verb + ' ' + arg).strip()!r} is not possible now: the "
                                f"{self.phase} phase expects {self.expected_verbs()}")
        return handler(self, arg)

    def expected_verbs(self) -> str:
        """The verbs of the current phase, for error messages."""
        if self.phase == claims.CLAIM_PHASE:
            return "one of " + ", ".join(claims.ANSWERS)
        verbs = sorted({v for (ph, v) in self.HANDLERS if ph in (self.phase, ANY_PHASE)})
        if self.phase in self.PLAY_PHASES:
            verbs.insert(0, "play CARD")
        if not verbs:
            return "nothing"
        return verbs[0] if len(verbs) == 1 else "one of " + ", ".join(verbs)

    def clone(self) -> State[R_co, O_co, V_co]:
        """An independent copy (immutable parts shared; a game's copies its own parts and
        the base's by :meth:`DealBase._copy_into`)."""
        raise NotImplementedError

    def play_randomly(self, rng: random.Random) -> None:
        """Play uniformly random legal actions until the deal is over."""
        while not self.is_over:
            self.apply(self.random_action(rng))

    def child(self, action: str) -> State[R_co, O_co, V_co]:
        """A new state with ``action`` applied; ``self`` is unchanged."""
        c = self.clone()
        c.apply(action)
        return c


# A deal of any game, as the code above the games sees it.
AnyState = State[RuleSet, Outcome, View]

__all__ = [
    "ANY_PHASE",
    "MAX_ACTION_LENGTH",
    "OVER",
    "SEAT_MARK",
    "AnyState",
    "ClaimProcedure",
    "DealBase",
    "Handler",
    "InterjectionHandler",
    "State",
    "actor",
    "by_seat",
    "parse_action",
    "parse_card_arg",
    "parse_suit_arg",
    "split_seat",
]
