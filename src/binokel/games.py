"""The common game API and the registry of every game the engine knows.

Every game's deal state follows :class:`GameState` (in the spirit of OpenSpiel): a player to
move, legal actions as strings, ``apply``, ``is_over``, ``result.scores`` and per-player views.
Records, bots, the terminal game, the server and the arena only talk to this protocol.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from .cards import Card
from .rules import Option


class GameResult(Protocol):
    @property
    def scores(self) -> tuple[int, ...]: ...

    def to_json(self) -> dict[str, Any]: ...


class GameView(Protocol):
    @property
    def player(self) -> int: ...

    @property
    def to_move(self) -> int: ...

    @property
    def legal_actions(self) -> tuple[str, ...]: ...

    def to_json(self) -> dict[str, Any]: ...


class GameState(Protocol):
    players: int
    dealer: int
    deck: tuple[Card, ...]
    history: list[tuple[int, str]]
    to_move: int

    @property
    def is_over(self) -> bool: ...

    @property
    def result(self) -> Any: ...

    def legal_actions(self) -> list[str]: ...

    def apply(self, action: str) -> None: ...

    def clone(self) -> Any: ...

    def random_action(self, rng: random.Random) -> str: ...

    def view(self, player: int) -> Any: ...

    def public_view(self) -> Any: ...


@dataclass(frozen=True)
class GameSpec:
    """How to make rules and deals of one game, and how to explain it (``binokel rules``)."""

    name: str
    players: tuple[int, ...]                      # allowed player counts
    default_players: int
    make_rules: Callable[[Mapping[str, Any]], Any]  # from a record's "rules" object
    new_deal: Callable[..., Any]                  # (rules, dealer, seed=, deck_order=, players=)
    full_deck: Callable[[Any, int], list[Card]]   # (rules, players) -> the deck
    title: tuple[str, str]                        # (German, English)
    options: Mapping[str, Option] = field(default_factory=dict)   # the game's house rules
    presets: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # name -> (en, de)
    help: Mapping[str, str] = field(default_factory=dict)  # "de"/"en" -> the rules in brief
    teams: tuple[tuple[int, ...], ...] = ()       # fixed partnerships (Kreuzbinokel: 0+2, 1+3)
    round_class: Any = None                       # a Round subclass for the game's series


GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> None:
    GAMES[spec.name] = spec


def get_game(name: str) -> GameSpec:
    _load_builtin()
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(sorted(GAMES))})")
    return GAMES[name]


def all_games() -> dict[str, GameSpec]:
    _load_builtin()
    return dict(GAMES)


def _load_builtin() -> None:
    if "binokel" in GAMES:
        return
    from .game import DealState, full_deck
    from .rules import OPTIONS, PRESET_TEXT, Rules

    register(GameSpec(
        name="binokel", players=(3, 4), default_players=3,
        make_rules=Rules.from_dict,
        new_deal=lambda rules, dealer, seed=None, deck_order=None, players=3: DealState.new(
            rules, dealer, seed=seed, deck_order=deck_order, players=players),
        full_deck=lambda rules, players: full_deck(rules),
        title=("Binokel zu dritt (zu viert: der Geber setzt aus)",
               "Three-player Binokel (four players: the dealer sits out)"),
        options=OPTIONS, presets=PRESET_TEXT, help=BINOKEL_HELP,
    ))
    # Further games register themselves when their module is imported here.
    import importlib
    for mod in ("kreuz", "zweier", "luxus", "doppelkopf"):
        try:
            importlib.import_module(f"binokel.variants.{mod}")
        except ModuleNotFoundError as e:
            if e.name != f"binokel.variants.{mod}":
                raise


BINOKEL_HELP = {
    "en": """\
Binokel for three (RULES §2-§6). 40 cards (A 10 K O U, twice each; 48 with sevens), 12 each
and 4 in the Dapp, dealt 4-2-4-2-4. With four at the table the dealer sits out and the
other three play; the score sheet has four columns.

Bidding (Reizen): Vorhand and Hinterhand bid against each other from 150 in steps of 10 until
one passes ("weg"); the survivor then bids against the dealer, who speaks first. The last one
left is the declarer (Spielmacher): the Dapp is shown to all and taken up.

The declarer may go out at once (abgehen, naming trump: he loses the bid, the others score
their melds plus a bonus), or pushes 4 cards (drücken, they count for him) and announces a
trump suit, Durch (all tricks, no trump), Untendurch (no trick) or still abgehen.

Melds (shown, then taken back): pair K+O 20 (trump 40), family A 10 K O U 100 (trump 150),
four Unter/Ober/Könige/Asse 40/60/80/100, all eight 1000, Binokel SU+BO 40, Doppelbinokel 300.
A card serves once per class (suit, rank, Binokel), again across classes.

Play: follow suit and beat the trick if you can (Farbzwang, Stichzwang); void: trump and
over-trump if you can (Trumpfzwang). Last trick +10. The declarer must reach his bid with
melds + trick points, else he loses the bid (twice in the standard preset).
A round ends when someone reaches the target (1000).""",
    "de": """\
Binokel zu dritt (RULES §2-§6). 40 Karten (A 10 K O U je zweimal; mit Siebenern 48), jeder 12,
4 in den Dapp, ausgeteilt 4-2-4-2-4. Zu viert setzt der Geber aus, die anderen drei spielen;
der Schreibzettel hat vier Spalten.

Reizen: Vorhand und Hinterhand reizen ab 150 in Zehnerschritten gegeneinander, bis einer
»weg« sagt; der Übrige reizt dann gegen den Geber, der zuerst spricht. Wer übrig bleibt, ist
Spielmacher: der Dapp wird aufgedeckt und aufgenommen.

Der Spielmacher kann sofort abgehen (mit Trumpfansage: er verliert das Gebot, die anderen
schreiben ihre Meldung plus einen Bonus) oder drückt 4 Karten (sie zählen für ihn) und sagt
Trumpf, Durch (alle Stiche, kein Trumpf), Untendurch (kein Stich) oder doch Abgehen an.

Meldungen (gezeigt, dann wieder aufgenommen): Paar K+O 20 (Trumpf 40), Familie A 10 K O U 100
(Trumpf 150), vier Unter/Ober/Könige/Asse 40/60/80/100, alle acht 1000, Binokel SU+BO 40,
Doppelbinokel 300. Eine Karte zählt je Klasse (Farbe, Rang, Binokel) nur einmal.

Spiel: Farbe bedienen und überstechen, wenn möglich (Farbzwang, Stichzwang); frei: trumpfen
und übertrumpfen, wenn möglich (Trumpfzwang). Letzter Stich +10. Der Spielmacher muss sein
Gebot mit Meldung + Stichpunkten erreichen, sonst verliert er es (im Standard doppelt).
Eine Runde endet, wenn jemand das Ziel (1000) erreicht.""",
}
