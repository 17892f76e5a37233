"""What a front end shows, for every game: one seat's view as a game-independent table.

The terminal game and the browser client draw only a :class:`Table`: the seats with what is
known of them, the player's hand, panels (the Dapp, the turned-up trump card, the stock ...),
the trick, the choices the player has (buttons, cards to click, cards to select) with their
labels, the deal's events as log lines, and the explanation of the result. Each game has a
presenter that builds it in German or English.

A presenter is given a view, never the state, so a table cannot hold more than its seat may
know; the web server sends it as it is.

>>> from binokel.games.binokel.state import DealState
>>> from binokel.games.binokel.rules import Rules
>>> state = DealState.new(Rules(), dealer=2, seed=1)
>>> table = present(state.view(0), "en", ["Ann", "Bob", "Cid"])
>>> table.status, [b.label for b in table.choices.buttons][:2]
('dealer Cid · Ann to move', ['Bid 150', 'Bid 170'])
"""

from __future__ import annotations

import random
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import asdict
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import cast

from ..registry import find_game


@dataclass(frozen=True)
class Button:
    """An action offered as a button; ``style``: "", "primary" or "warning" (a hint)."""

    action: str
    label: str
    style: str = ""


@dataclass(frozen=True)
class CardChoice:
    """Cards to click, each one action: ``verb`` + the card (``play EA``, ``give SU``)."""

    verb: str
    cards: tuple[str, ...]          # the cards that may be clicked (tokens)
    hint: str = ""                  # said when another card is clicked


@dataclass(frozen=True)
class Selection:
    """Select ``count`` cards of the hand, then confirm: the action is ``verb C C ...`` with
    the cards in canonical order (the engine checks it)."""

    verb: str
    count: int
    label: str                      # the confirm button
    hint: str                       # what to do


@dataclass(frozen=True)
class BidRange:
    """Free entry of a bid: ``verb N`` for N from ``low`` to ``high`` in ``step``."""

    verb: str
    low: int
    high: int
    step: int


@dataclass(frozen=True)
class Choices:
    """What the player may do now (nothing when it is not his turn)."""

    buttons: tuple[Button, ...] = ()
    cards: CardChoice | None = None
    select: Selection | None = None
    bid: BidRange | None = None


@dataclass(frozen=True)
class MeldLine:
    label: str
    points: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Seat:
    """What is known of one seat."""

    seat: int
    name: str
    roles: tuple[str, ...] = ()     # dealer, Vorhand, declarer, Re, trump maker ...
    cards: int = 0                  # cards in hand
    team: int | None = None         # fixed or revealed partnership
    lines: tuple[str, ...] = ()     # the last bid, announcements, known voids, points ...
    melds: tuple[MeldLine, ...] = ()
    meld_total: int | None = None
    table: tuple[str, ...] = ()     # cards lying face up in front of the seat (Zweier)
    out: bool = False               # sits out this deal


@dataclass(frozen=True)
class Panel:
    """A box of public information: a title, cards and/or a text."""

    title: str
    cards: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class TrickView:
    title: str
    cards: tuple[tuple[int, str], ...] = ()   # (seat, card) in playing order
    winner: int | None = None


@dataclass(frozen=True)
class Table:
    """One seat's table (``me`` = -1: a spectator's)."""

    game: str
    title: str
    lang: str
    players: int
    me: int
    dealer: int
    phase: str
    to_move: int                    # -1: the deal is over
    status: str                     # one line: the deal, the contract, whose turn
    seats: tuple[Seat, ...]
    hand: tuple[str, ...]
    panels: tuple[Panel, ...] = ()
    trick: TrickView = field(default_factory=lambda: TrickView(""))
    last_trick: TrickView | None = None
    tricks_played: int = 0
    choices: Choices = field(default_factory=Choices)
    log: tuple[str, ...] = ()       # the deal's events so far, one line each
    result: tuple[str, ...] = ()    # the explanation, once the deal is over
    scores: tuple[int, ...] | None = None

    @property
    def my_turn(self) -> bool:
        return self.me >= 0 and self.to_move == self.me

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Context:
    """How to word a table: the language, the seats' names and how cards are written in
    texts (``token``, ``symbol``, ``words``, ``french``; structured fields stay tokens)."""

    lang: str
    names: tuple[str, ...]
    card_style: str = "token"

    def card(self, c: int | str) -> str:
        from ..core.cards import card_name
        from ..core.cards import parse_card
        return card_name(parse_card(c) if isinstance(c, str) else c, self.card_style, self.lang)

    def cards(self, cs: Sequence[int | str]) -> str:
        return " ".join(self.card(c) for c in cs)

    def suit(self, s: int | str) -> str:
        from ..core.cards import parse_suit
        from ..core.cards import suit_name
        return suit_name(parse_suit(s) if isinstance(s, str) else s, self.lang)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "?"


Presenter = Callable[[Any, Context], Table]


def present(view: Any, lang: str = "de", names: Sequence[str] = (),
            cards: str = "token") -> Table:
    """The table of ``view`` (any game) in ``lang`` ("de" or "en"); ``names`` per seat
    (default: "Platz 0" / "Seat 0" ...); ``cards``: how texts write cards."""
    presenter = cast(Presenter, find_game(str(view.game)).presenter())
    lang = "en" if lang == "en" else "de"
    players = int(view.players)
    given = list(names)[:players]
    seat_word = "Seat" if lang == "en" else "Platz"
    full = given + [f"{seat_word} {s}" for s in range(len(given), players)]
    return presenter(view, Context(lang, tuple(full), cards))


def offered_actions(table: Mapping[str, Any], rng: random.Random, bid_chance: float = 0.2,
                    warning_chance: float = 0.1) -> list[str]:
    """Actions a client can send from a table it received (``Table.to_json()``): its buttons,
    its clickable cards, one random selection of ``count`` hand cards and, now and then, one
    random free bid. For scripted clients: load tests and protocol tests.

    Warning buttons (going out, ...) end a deal early: they are offered only with
    ``warning_chance``, so that scripted deals get played.
    """
    ch = table["choices"]
    acts = [b["action"] for b in ch["buttons"]
            if b["style"] != "warning" or rng.random() < warning_chance]
    if ch["cards"]:
        acts += [f"{ch['cards']['verb']} {c}" for c in ch["cards"]["cards"]]
    if ch["select"]:
        sel = ch["select"]
        picked = sorted(rng.sample(range(len(table["hand"])), sel["count"]))
        acts.append(" ".join([sel["verb"], *(table["hand"][i] for i in picked)]))
    if ch["bid"] and rng.random() < bid_chance:
        b = ch["bid"]
        acts.append(f"{b['verb']} {rng.randrange(b['low'], b['high'] + 1, b['step'])}")
    return acts


def tr(texts: dict[str, dict[str, str]], lang: str) -> Callable[..., str]:
    """A lookup ``t(key, **fields)`` into per-language texts (German is the fallback)."""
    table = texts.get(lang) or texts["de"]

    def t(key: str, **kw: Any) -> str:
        text = table.get(key) or texts["de"].get(key) or key
        return text.format(**kw) if kw else text
    return t


def table_of(view: Any, ctx: Context, t: Callable[..., str], *, title: str, status: str,
             seats: tuple[Seat, ...], panels: tuple[Panel, ...],
             trick_seats: Callable[[int, int], Sequence[int]], choices: Callable[[], Choices],
             log: Sequence[str], result: Sequence[str], hand: Sequence[int] | None = None
             ) -> Table:
    """A game's table: what every game's table takes from the view the same way (seat, hand,
    the current and the last trick, the scores) around the parts the game words itself.
    ``trick_seats(leader, n)`` says who played the n cards of a trick; ``choices`` is asked
    only on the seat's turn; ``hand`` is the hand in the game's order (default: the view's)."""
    from ..core.cards import card_token
    me = view.player
    return Table(
        game=view.game, title=title, lang=ctx.lang, players=view.players, me=me,
        dealer=view.dealer, phase=view.phase, to_move=view.to_move, status=status,
        seats=seats, hand=tuple(card_token(c) for c in (view.hand if hand is None else hand)),
        panels=panels,
        trick=trick_view(t("trick", n=len(view.tricks) + 1), view.trick,
                         trick_seats(view.trick_leader, len(view.trick)) if view.trick else ()),
        last_trick=last_trick_view(t("last_trick"), view.tricks, trick_seats),
        tricks_played=len(view.tricks),
        choices=choices() if me >= 0 and view.to_move == me else Choices(),
        log=tuple(log), result=tuple(result),
        scores=tuple(view.result.scores) if view.result is not None else None,
    )


def last_trick_view(title: str, tricks: Sequence[Any],
                    seats: Callable[[int, int], Sequence[int]]) -> TrickView | None:
    """The last completed trick (None before the first), ``seats(leader, n)`` saying who
    played its cards."""
    if not tricks:
        return None
    last = tricks[-1]
    return trick_view(title, last.cards, seats(last.leader, len(last.cards)), last.winner)


def trick_view(title: str, cards: Sequence[int], seats: Sequence[int],
               winner: int | None = None) -> TrickView:
    """A trick from card ints and the seats that played them."""
    from ..core.cards import card_token
    return TrickView(title, tuple((s, card_token(c)) for s, c in zip(seats, cards, strict=False)),
                     winner)


__all__ = [
    "BidRange", "Button", "CardChoice", "Choices", "Context", "MeldLine", "Panel", "Seat",
    "Selection", "Table", "TrickView", "last_trick_view", "offered_actions", "present",
    "table_of", "tr", "trick_view",
]
