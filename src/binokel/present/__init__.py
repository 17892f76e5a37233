"""What a front end shows, for every game: one seat's view as a game-independent table.

The terminal game and the browser client draw only a :class:`Table`: the seats with what is
known of them, the player's hand, panels (the Dapp, the turned-up trump card, the stock ...),
the trick, the choices the player has (buttons, cards to click, cards to select) with their
labels, the deal's events as log lines, and the explanation of the result. Each game has a
presenter that builds it in German or English.

A presenter is given a view, never the state, so a table cannot hold more than its seat may
know; the web server sends it as it is.

What a card table needs besides the texts is data (``Table.to_json()``; every field below is
an addition, older fields keep their meaning):

- ``deck``: which faces to draw and name, ``"german"`` (Eichel, Blatt, Herz, Schellen; Ober,
  Unter: the Binokel games) or ``"french"`` (Kreuz, Pik, Herz, Karo; Dame, Bube: Doppelkopf).
  Every text of the table names cards and suits as that deck does, in the table's language.
- ``my_turn`` (bool) and ``turn`` (a short text: "Your turn", "Ann to move", "" once over);
  ``to_move`` stays the seat number (-1: nobody). ``status`` says how the deal stands
  (dealer, declarer, ..., "deal over" at the end) and neither whose turn it is nor the
  trump, which every front end shows from ``turn`` and ``trump_name``, so that no screen
  says them twice.
- ``trump``: the trump suit's letter (``"E"``, ``"B"``, ``"H"``, ``"S"``) or None (no trump
  suit: before it is named, Durch, a Doppelkopf Damen-/Buben-/Fleischloser solo);
  ``trump_name``: the trump in words ("Hearts", "Damen und Buben", "" when unknown).
- ``bid`` and ``bid_holder``: the highest bid so far and the seat holding it (None: no
  bidding in this game, or nobody has bid yet).
- ``meld_value``: the seat's own best meld total with the cards it holds now (None where the
  game has nothing to meld then); ``trump_melds``: ``[{"suit": "H", "value": 240}, ...]``,
  what the seat's cards would meld with each trump (Binokel's bidding and trump choice).
- ``cards``: one entry per card of ``hand`` (same order): ``{"card": "EA", "playable": bool,
  "reason": str, "warning": str}``. ``playable`` is true exactly for the cards that may be
  played now; every other card has a short ``reason`` in the table's language (not your turn,
  must follow Hearts, must beat the Ace, ...). ``warning`` is set while cards are being pushed
  (Binokel's drücken): pushing that card breaks a meld of the best trump.
- ``outcome`` (None until the deal is over): the result as figures and in the reader's words,
  ``{"headline", "contract", "sum", "winners", "tone", "made", "declarer", "bid", "melds",
  "tricks", "total", "figures": [{"label", "value"}], "changes": [per seat]}``: what
  happened to the reader ("You lost 280"; a spectator reads "Lina lost the 280"), what was
  played, the arithmetic as players say it, who won the deal, bid against melds + tricks,
  made or lost, each seat's change (:class:`ResultFigures`).
- every seat: ``number`` (the seat counted from 1, as every text counts), ``level`` (a bot's
  level in words, "" for a person) and ``label`` (the name with the level: "Lina (strong)").

>>> from binokel.games.binokel.state import DealState
>>> from binokel.games.binokel.rules import Rules
>>> state = DealState.new(Rules(), dealer=2, seed=1)
>>> table = present(state.view(0), "en", ["Ann", "Bob", "Cid"])
>>> table.status, [b.label for b in table.choices.buttons][:2]
('dealer Cid', ['Bid 150', 'Bid 170'])
>>> table.turn, table.deck, table.bid, table.meld_value, table.cards[0].reason
('Your turn', 'german', None, 0, 'No card is played now.')
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import asdict
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from typing import Any
from typing import cast

from ..core import claims
from ..core.outcome import Outcome
from ..core.outcome import Termination
from ..core.rules import RuleSet
from ..core.texts import by_language
from ..core.texts import load_texts
from ..core.trick import Trick
from ..core.view import View
from ..registry import find_game


@dataclass(frozen=True)
class Button:
    """An action offered as a button; ``style``: "", "primary" or "warning" (a hint).

    A button that names cards in its label (Zweierbinokel's melds: "Paar Blatt: Blatt-König,
    Blatt-Ober (40)") also gives the cards (tokens) and ``short``, the label without their
    names, for a client that shows the cards as faces; ``label`` stays the whole text (the
    terminal game, a screen reader)."""

    action: str
    label: str
    style: str = ""
    short: str = ""
    cards: tuple[str, ...] = ()


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
    # Hand cards that must be among them (the Armut passes all its trumps): a front end
    # selects them at once and keeps them, so that the player chooses only the rest.
    required: tuple[str, ...] = ()


@dataclass(frozen=True)
class BidRange:
    """Free entry of a bid: ``verb N`` for N from ``low`` to ``high`` in ``step``."""

    verb: str
    low: int
    high: int
    step: int
    words: str = ""                 # how a bid reads, ``{n}`` for the number ("Reizen {n}")


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
    number: int = 0                 # the seat counted from 1 (set by :func:`table_of`)
    level: str = ""                 # a bot's level in words ("strong"), "" for a person
    label: str = ""                 # the name with the level: "Lina (strong)"


@dataclass(frozen=True)
class Panel:
    """A box of public information: a title, cards and/or a text, and ``face_down`` cards
    lying face down in it (a stock, drawn as a pile of backs; its text says how many). In
    the JSON ``face_down`` is there only where cards lie face down."""

    title: str
    cards: tuple[str, ...] = ()
    text: str = ""
    face_down: int = 0


@dataclass(frozen=True)
class TrickView:
    title: str
    cards: tuple[tuple[int, str], ...] = ()   # (seat, card) in playing order
    winner: int | None = None


@dataclass(frozen=True)
class HandCard:
    """One card of the hand: whether it may be played now and, if not, why; ``warning``: what
    pushing it would break (while cards are pushed)."""

    card: str
    playable: bool
    reason: str = ""
    warning: str = ""


@dataclass(frozen=True)
class TrumpMeld:
    """What the seat's cards would meld with ``suit`` as trump."""

    suit: str
    value: int


@dataclass(frozen=True)
class Figure:
    """One number of a result: ``label`` in the table's language and its ``value``."""

    label: str
    value: int


@dataclass(frozen=True)
class ResultFigures:
    """A finished deal in figures and in the reader's words.

    ``headline`` says what happened to the seat that reads the table ("You lost 280", "Lina
    made the 280", "You won 310 to 270"; a spectator's or a seat sitting out reads it
    neutrally), ``contract`` what was played ("Normal game · trump Hearts · bid 280") and
    ``sum`` the arithmetic as players say it ("Melds 190 + tricks 176 = 366, bid 280: made";
    Doppelkopf: the game value and its reason in one line). ``winners`` are the seats that won
    the deal (none: thrown in, a tie) and ``tone`` is the reader's: ``"won"``, ``"lost"`` or
    ``""`` (a spectator, a seat sitting out, no winner). ``made`` says whether the declarer
    made it (None: nobody played alone); the bid against melds + tricks = total where there
    was a declarer in a normal game, the game's own figures in display order, and each
    seat's change of score (``changes``, 0 for a seat sitting out)."""

    headline: str
    made: bool | None
    changes: tuple[int, ...]
    declarer: int | None = None
    bid: int | None = None
    melds: int | None = None
    tricks: int | None = None
    total: int | None = None
    figures: tuple[Figure, ...] = ()
    contract: str = ""
    sum: str = ""
    winners: tuple[int, ...] = ()
    tone: str = ""


@dataclass(frozen=True)
class Table:
    """One seat's table (``me`` = -1: a spectator's). The fields after ``scores`` are the card
    table's data (see the module docstring); they default to "nothing known"."""

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
    deck: str = "german"
    turn: str = ""
    trump: str | None = None
    trump_name: str = ""
    bid: int | None = None
    bid_holder: int | None = None
    meld_value: int | None = None
    trump_melds: tuple[TrumpMeld, ...] = ()
    cards: tuple[HandCard, ...] = ()
    outcome: ResultFigures | None = None

    @property
    def my_turn(self) -> bool:
        return self.me >= 0 and self.to_move == self.me

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["my_turn"] = self.my_turn
        for panel in out["panels"]:
            if not panel["face_down"]:
                del panel["face_down"]   # only a stock has it (see Panel)
        return out


@dataclass(frozen=True)
class Context:
    """How to word a table: the language, the seats' names, how cards are written in texts
    (``token``, ``symbol``, ``words``, ``french``; structured fields stay tokens), the deck
    whose names the texts use (``german`` or ``french``) and each seat's bot level (a bot
    kind such as ``strong``, "" for a person)."""

    lang: str
    names: tuple[str, ...]
    card_style: str = "token"
    deck: str = "german"
    levels: tuple[str, ...] = ()

    def card(self, c: int | str) -> str:
        from ..core.cards import card_name
        from ..core.cards import parse_card
        return card_name(parse_card(c) if isinstance(c, str) else c, self.card_style, self.lang,
                         self.deck)

    def cards(self, cs: Sequence[int | str]) -> str:
        """Cards in a text: separated by spaces, or by commas when written as words."""
        sep = ", " if self.card_style in ("words", "french") else " "
        return sep.join(self.card(c) for c in cs)

    def suit(self, s: int | str) -> str:
        from ..core.cards import parse_suit
        from ..core.cards import suit_name
        return suit_name(parse_suit(s) if isinstance(s, str) else s, self.lang, self.deck)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "?"

    def level(self, seat: int) -> str:
        """The bot level of ``seat`` in words ("" for a person)."""
        kind = self.levels[seat] if 0 <= seat < len(self.levels) else ""
        return level_name(kind, self.lang) if kind else ""


Presenter = Callable[[Any, Context], Table]

_TEXTS = by_language(load_texts("binokel.present")["table"])
_LEVELS = by_language(load_texts("binokel.present")["levels"])
# Friendly names for computer players, Swabian first names: a bot is "Lina (strong)", never
# "Bot 1 (heuristic)".
BOT_NAMES = ("Sepp", "Lina", "Gottlob", "Marie", "Hannes", "Rosa", "Frieder", "Luise")


def deck_of(game: str) -> str:
    """The deck ``game`` is played with, as its spec says: ``"german"`` (the Binokel games) or
    ``"french"`` (Doppelkopf)."""
    return find_game(game).deck


def bot_name(i: int) -> str:
    """A friendly first name for the ``i``-th computer player at a table (0, 1, ...)."""
    return BOT_NAMES[i % len(BOT_NAMES)]


def level_name(kind: str, lang: str = "de") -> str:
    """A bot kind (``random``, ``heuristic``, ``strong`` ...) as a level a player
    understands.

    >>> level_name("strong", "en"), level_name("heuristic", "de"), level_name("x", "en")
    ('strong', 'mittel', 'x')
    """
    return _LEVELS["en" if lang == "en" else "de"].get(kind, kind)


def seat_label(name: str, level: str) -> str:
    """A seat as shown at the table: ``Lina (strong)`` (a person: just the name)."""
    return f"{name} ({level})" if level else name


def plain(text: str) -> str:
    """A rules text for players: without references to the sources (``seed 001``,
    ``Text 003``, ``RULES §4``), which only the rules help (``binokel rules``) keeps.

    >>> plain("Only a led trump must be beaten (Stichzwang, RULES §4; seed 001)")
    'Only a led trump must be beaten (Stichzwang)'
    >>> plain("Seeds 000 + 001: classic card points"), plain("Tournament (seed 003): A = 10")
    ('Classic card points', 'Tournament: A = 10')
    """
    ref = (r"(?:(?:the )?seeds? \d{3}(?: \+ \d{3})?|Texte? \d{3}(?: \+ \d{3})?"
           r"|RULES §[\d.§ -]*\d|§[\d.]+)")
    flags = re.IGNORECASE
    out = re.sub(rf"^{ref}\s*(?:[:,]\s*|with\s+|mit\s+)", "", text, flags=flags)
    out = re.sub(rf"\s*[;,]\s*{ref}", "", out, flags=flags)
    out = re.sub(rf"\s*\(\s*{ref}\s*\)", "", out, flags=flags)
    out = re.sub(r"\s*\([^()]*\b(?:seed|Texte?\s+\d{3})[^()]*\)", "", out, flags=flags)
    out = re.sub(rf"\s*{ref}\s*", " ", out, flags=flags).strip()
    return out[:1].upper() + out[1:] if out != text else out


def help_text(game: str, lang: str = "de") -> str:
    """A game's rules in brief, for players: each paragraph one line (the screen wraps it;
    the texts are wrapped for their source files) and without the references to the sources.

    >>> help_text("doppelkopf").split("\\n")[0][:40]
    'Doppelkopf: 48 Karten (A 10 K D B 9 je z'
    """
    raw = find_game(game).help.get("en" if lang == "en" else "de", "")
    paragraphs = (" ".join(p.split()) for p in re.split(r"\n\s*\n", raw.strip()))
    return "\n\n".join(plain(p) for p in paragraphs if p)


def table_rules_text(game: str, rules: RuleSet, lang: str = "de") -> str:
    """The rules a game is played by, for players: the preset and what it is, then each
    option that differs from it, with what its value means (as the web table shows them).

    >>> from binokel.games.doppelkopf.rules import DokoRules
    >>> print(table_rules_text("doppelkopf", DokoRules(throw_nines=5, karlchen="off")))
    Voreinstellung standard: Die Doppelkopf-Kurzregeln, ohne Hausregeln
    Hausregeln:
    - Karlchen (Sonderpunkt für den letzten Stich): keiner
    - Schmeißen mit mindestens so vielen Neunen: 5
    """
    g = _TEXTS["en" if lang == "en" else "de"]
    spec = find_game(game)
    preset = preset_texts(game, lang).get(rules.preset, "")
    lines = [g["preset_is"].format(name=rules.preset, text=preset) if preset
             else g["preset"].format(name=rules.preset)]
    changed = rules.changed_options()
    if not changed:
        return "\n".join([*lines, g["as_preset"]])
    options = spec.rules.options()
    lines.append(g["house_rules"])
    for name, value in changed.items():
        o = options[name]
        lines.append(f"- {plain(o.en if lang == 'en' else o.de)}: "
                     f"{o.value_label(value, 'en' if lang == 'en' else 'de')}")
    return "\n".join(lines)


def preset_texts(game: str, lang: str = "de") -> dict[str, str]:
    """What each preset of ``game`` is, for players in ``lang`` (no source references)."""
    spec = find_game(game)
    i = 0 if lang == "en" else 1
    return {name: plain(pair[i]) for name, pair in spec.rules.preset_texts.items()}


def option_texts(game: str, lang: str = "de") -> dict[str, str]:
    """What each option of ``game`` means, for players in ``lang`` (no source references)."""
    spec = find_game(game)
    return {name: plain(o.en if lang == "en" else o.de)
            for name, o in spec.rules.options().items()}


def present(view: View, lang: str = "de", names: Sequence[str] = (),
            cards: str = "token", levels: Sequence[str] = ()) -> Table:
    """The table of ``view`` (any game) in ``lang`` ("de" or "en"); ``names`` per seat
    (default: "Platz 1" / "Seat 1" ..., counted from 1); ``cards``: how texts write cards
    (in the names of the game's deck); ``levels``: each seat's bot kind ("" for a person),
    shown as the seat's level ("Lina (strong)")."""
    game = str(view.game)
    presenter = cast(Presenter, find_game(game).presenter())
    lang = "en" if lang == "en" else "de"
    players = int(view.players)
    given = list(names)[:players]
    seat_word = "Seat" if lang == "en" else "Platz"
    full = given + [f"{seat_word} {s + 1}" for s in range(len(given), players)]
    ctx = Context(lang, tuple(full), cards, deck_of(game), tuple(levels)[:players])
    # Claims are the kernel's, worded here for every game: the game's presenter sees the
    # view without the claim actions and words everything else.
    offered = claims.offered(str(view.phase), view.legal_actions)
    if offered:
        view = replace(view, legal_actions=tuple(a for a in view.legal_actions
                                                 if a not in offered))
    table = presenter(view, ctx)
    laid: bool = bool(getattr(view, "open_hands", None))
    if offered or laid or getattr(view, "claim", None) is not None:
        table = with_claims(table, view, ctx, offered)
    return table


def with_claims(table: Table, view: View, ctx: Context, offered: Sequence[str]) -> Table:
    """``table`` with what claims add (:mod:`binokel.core.claims`): a button for each claim
    action ``offered``, the claim being answered in the status, the cards of every hand laid
    down on the table in front of its seat (not the viewer's own: he has them in his hand),
    and how an accepted claim ended the deal at the head of the result."""
    g = _TEXTS[ctx.lang]
    buttons = tuple(Button(a, g[a], "primary" if a == claims.ACCEPT
                           else "warning" if a == claims.CONCEDE else "") for a in offered)
    ch = table.choices
    choices = replace(ch, buttons=ch.buttons + buttons) if buttons else ch
    status = table.status
    parts = []
    if view.claim is not None:
        parts.append(g[f"{view.claim.kind}_asks"].format(name=ctx.name(view.claim.seat)))
    if view.result is None and any(s == view.player for s, _ in view.open_hands):
        parts.append(g["own_open"])
    if parts:
        status = " · ".join([status, *parts] if status else parts)
    from ..core.cards import card_token
    laid = {s: tuple(card_token(c) for c in cs) for s, cs in view.open_hands
            if s != view.player}
    seats = tuple(replace(seat, table=laid[seat.seat]) if seat.seat in laid and not seat.table
                  else seat for seat in table.seats)
    result = table.result
    done = claim_ending(view.history) if view.result is not None else None
    if done is not None:
        result = (g[f"{done[1]}_done"].format(name=ctx.name(done[0])), *result)
    return replace(table, choices=choices, status=status, seats=seats, result=result)


def claim_ending(history: Sequence[tuple[int, str]]) -> tuple[int, str] | None:
    """(the claimer, the claim's kind) if the deal ended by an accepted claim, else None.

    >>> claim_ending([(0, "play EA"), (1, "claim"), (2, "accept"), (0, "accept")])
    (1, 'claim')
    >>> claim_ending([(1, "concede"), (2, "refuse"), (1, "play EK")]) is None
    True
    """
    if not history or history[-1][1] != claims.ACCEPT:
        return None
    for seat, action in reversed(history):
        if action in claims.KINDS:
            return seat, action
        if action != claims.ACCEPT:
            return None
    return None


def claim_line(seat: int, action: str, history: Sequence[tuple[int, str]], index: int,
               ctx: Context) -> str | None:
    """The log line of a claim action (None for any other action, also an ``accept`` that
    answers something else, such as Doppelkopf's Armut): who laid down and claimed or
    conceded, who accepted, who played on (``history[index]`` is the action).

    >>> ctx = Context("en", ("Ann", "Bob", "Cid"))
    >>> h = [(0, "claim"), (1, "accept"), (2, "refuse")]
    >>> [claim_line(s, a, h, i, ctx) for i, (s, a) in enumerate(h)][1:]
    ['Bob accepts', "Cid plays on; Ann's cards stay open"]
    >>> claim_line(1, "accept", [(0, "armut"), (1, "accept")], 1, ctx) is None
    True
    """
    if action not in claims.VERBS:
        return None
    g = _TEXTS[ctx.lang]
    if action in claims.KINDS:
        return g[f"{action}_line"].format(name=ctx.name(seat))
    claimer = None
    for s, a in reversed(history[:index]):
        if a in claims.KINDS:
            claimer = s
            break
        if a != claims.ACCEPT:
            break
    if claimer is None:
        return None
    if action == claims.REFUSE:
        return g["refuse_line"].format(name=ctx.name(seat), claimer=ctx.name(claimer))
    return g["accept_line"].format(name=ctx.name(seat))


def action_words(table: Table, action: str, card: Callable[[str], str]) -> str:
    """``action`` as the player reads it, worded by the table its seat saw before it: a card
    by its name (``card`` names a token), a selection by its label and its cards, a bid by
    the bid's words, else its button's label; the record's words where nothing fits.

    >>> t = Table("binokel", "Binokel", "de", 3, 0, 2, "bidding", 0, "", (), (),
    ...           choices=Choices(buttons=(Button("pass", "Weg"),),
    ...                           bid=BidRange("bid", 150, 600, 10, "Reizen {n}")))
    >>> action_words(t, "bid 230", str), action_words(t, "pass", str)
    ('Reizen 230', 'Weg')
    """
    ch = table.choices
    verb, _, arg = action.partition(" ")
    button = next((b.label for b in ch.buttons if b.action == action), None)
    if button is not None:
        return button
    if ch.cards is not None and verb == ch.cards.verb and arg:
        return card(arg)
    if ch.select is not None and verb == ch.select.verb and arg:
        return f"{ch.select.label}: " + ", ".join(card(tok) for tok in arg.split())
    if ch.bid is not None and verb == ch.bid.verb and arg.isdigit() and ch.bid.words:
        return ch.bid.words.format(n=arg)
    return action


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

    def t(key: str, **kw: object) -> str:
        text = table.get(key) or texts["de"].get(key) or key
        return text.format(**kw) if kw else text
    return t


def table_of(view: View, ctx: Context, t: Callable[..., str], *, title: str, status: str,
             seats: tuple[Seat, ...], panels: tuple[Panel, ...],
             trick_seats: Callable[[int, int], Sequence[int]], choices: Callable[[], Choices],
             log: Sequence[str], result: Sequence[str], hand: Sequence[int] | None = None,
             trump: int = -1, trump_name: str | None = None,
             play_suit: Callable[[int], int] | None = None, trump_class: int | None = None,
             bid: int | None = None, bid_holder: int | None = None,
             meld_value: int | None = None, trump_melds: Sequence[tuple[int, int]] = (),
             warnings: Mapping[str, str] | None = None,
             outcome: ResultFigures | None = None, interjecting: bool = False) -> Table:
    """A game's table: what every game's table takes from the view the same way (seat, hand,
    the current and the last trick, the scores, whose turn, the seats' numbers and levels,
    why a card may not be played) around the parts the game words itself.

    ``trick_seats(leader, n)`` says who played the n cards of a trick; ``choices`` is asked
    on the seat's turn, and off it when ``interjecting`` (the seat may say something out of
    turn now, Doppelkopf's announcements at any time); ``hand`` is the hand in the game's
    order (default: the view's).
    ``trump`` is the trump suit (-1: none or not yet known), ``trump_name`` its words when
    they are not the suit's name. ``play_suit(card)`` is the class a card belongs to when
    following suit (default: its suit; Doppelkopf: 4 for every trump) and ``trump_class``
    the class of the trumps (default ``trump``): they explain why a card may not be played.
    ``bid``/``bid_holder``, ``meld_value``, ``trump_melds`` ((suit, value) pairs),
    ``warnings`` (card token -> what pushing it breaks) and ``outcome`` are the game's
    card-table data (see the module docstring)."""
    from ..core.cards import SUIT_LETTERS
    from ..core.cards import card_token
    me = view.player
    my_turn = me >= 0 and view.to_move == me
    ch = choices() if my_turn or (interjecting and me >= 0) else Choices()
    tokens = tuple(card_token(c) for c in (view.hand if hand is None else hand))
    g = _TEXTS[ctx.lang]
    over = view.result is not None or view.to_move < 0
    turn = "" if over else g["your_turn"] if my_turn else g["to_move"].format(
        name=ctx.name(view.to_move))
    suit_of = play_suit or (lambda c: c >> 3)
    reasons = hand_reasons(view, ctx, tokens, ch, suit_of,
                           trump if trump_class is None else trump_class)
    warn = warnings or {}
    numbered = tuple(replace(seat, number=seat.seat + 1, level=ctx.level(seat.seat),
                             label=seat_label(seat.name, ctx.level(seat.seat)))
                     for seat in seats)
    return Table(
        game=view.game, title=title, lang=ctx.lang, players=view.players, me=me,
        dealer=view.dealer, phase=view.phase, to_move=view.to_move, status=status,
        seats=numbered, hand=tokens,
        panels=panels,
        trick=trick_view(t("trick", n=len(view.tricks) + 1), view.trick,
                         trick_seats(view.trick_leader, len(view.trick)) if view.trick else ()),
        last_trick=last_trick_view(t("last_trick"), view.tricks, trick_seats),
        tricks_played=len(view.tricks),
        choices=ch,
        log=tuple(log), result=tuple(result),
        scores=tuple(view.result.scores) if view.result is not None else None,
        deck=ctx.deck, turn=turn,
        trump=SUIT_LETTERS[trump] if trump >= 0 else None,
        trump_name=trump_name if trump_name is not None else (
            ctx.suit(trump) if trump >= 0 else ""),
        bid=bid, bid_holder=bid_holder, meld_value=meld_value,
        trump_melds=tuple(TrumpMeld(SUIT_LETTERS[s], v) for s, v in trump_melds),
        cards=tuple(HandCard(tok, not why, why, warn.get(tok, ""))
                    for tok, why in zip(tokens, reasons, strict=True)),
        outcome=outcome if outcome is not None else default_outcome(view.result, ctx, me),
    )


def hand_reasons(view: View, ctx: Context, hand: Sequence[str], ch: Choices,
                 suit_of: Callable[[int], int], trump: int) -> list[str]:
    """Per card of ``hand``: "" if it may be played now, else why not, in ``ctx.lang``.

    A card may be played when the choices offer it with the verb ``play``. Otherwise the
    reason is the first that applies: the deal is over; it is not the seat's turn; cards are
    not played now (bidding, pushing ...); the card does not follow the led suit (or trump);
    it follows but does not beat the trick (Stichzwang); the seat cannot follow and must
    trump, or overtrump; else a general "not allowed now". ``suit_of`` gives the class a
    card follows as (a suit, or one class for all of Doppelkopf's trumps) and ``trump`` the
    trumps' class (-1: none).
    """
    from ..core.cards import parse_card
    g = _TEXTS[ctx.lang]
    if view.result is not None or view.to_move < 0:
        return [g["over"]] * len(hand)
    if view.to_move != view.player:
        return [g["wait"].format(name=ctx.name(view.to_move))] * len(hand)
    cc = ch.cards
    if cc is None or cc.verb != "play":
        return [g["not_playing"]] * len(hand)
    legal = set(cc.cards)
    trick = [int(c) for c in view.trick]
    out = []
    for tok in hand:
        if tok in legal:
            out.append("")
            continue
        c = parse_card(tok)
        if not trick:
            out.append(g["not_allowed"])
            continue
        led = suit_of(trick[0])
        legal_classes = {suit_of(parse_card(x)) for x in legal}

        def cls_name(k: int) -> str:
            return g["trump"] if k == trump else ctx.suit(k) if 0 <= k < 4 else g["trump"]
        best = max((x for x in trick if suit_of(x) == led), key=lambda x: x & 7)
        if led in legal_classes and suit_of(c) != led:
            out.append(g["follow"].format(suit=cls_name(led)))
        elif led in legal_classes:
            out.append(g["beat"].format(card=ctx.card(best)))
        elif trump >= 0 and trump in legal_classes and suit_of(c) != trump:
            out.append(g["must_trump"])
        elif trump >= 0 and trump in legal_classes:
            top = [x for x in trick if suit_of(x) == trump]
            out.append(g["overtrump"].format(card=ctx.card(max(top, key=lambda x: x & 7)))
                       if top else g["not_allowed"])
        else:
            out.append(g["not_allowed"])
    return out


def default_outcome(res: Outcome | None, ctx: Context, me: int = -1) -> ResultFigures | None:
    """The figures every game's result has (:class:`~binokel.core.outcome.Outcome`), worded
    for the reader ``me`` (-1: a spectator): the seats with the best score won the deal
    (nobody when all scored the same or the deal was thrown in), the declarer and his bid,
    each seat's change. A game with more to say words its own (:func:`table_of` takes it).

    >>> from binokel.core.outcome import Outcome
    >>> ctx = Context("en", ("Ann", "Bob", "Cid"))
    >>> o = default_outcome(Outcome(scores=(40, 90, 90)), ctx, me=0)
    >>> o.headline, o.winners, o.tone
    ('Bob and Cid won with 90', (1, 2), 'lost')
    >>> default_outcome(Outcome(scores=(40, 90, 10)), ctx, me=1).headline
    'You won with 90'
    >>> default_outcome(Outcome(scores=(0, 0, 0)), Context("de", ("A", "B", "C"))).headline
    'Gleichstand: je 0'
    """
    if res is None:
        return None
    g = _TEXTS[ctx.lang]
    scores = tuple(res.scores)
    if res.termination is Termination.THROWN_IN:
        return ResultFigures(g["thrown_in"], res.made, scores, res.declarer, res.bid)
    winners = best_seats(scores)
    headline = won_with(ctx, me, winners, max(scores)) if winners \
        else g["hl_tie"].format(n=scores[0] if scores else 0)
    return ResultFigures(headline, res.made, scores, res.declarer, res.bid,
                         winners=winners, tone=tone_of(me, winners, range(len(scores))))


def best_seats(scores: Sequence[int], seats: Sequence[int] | None = None) -> tuple[int, ...]:
    """The seats (of ``seats``, default all) with the best score; none when they all have
    the same (a tie names no winner).

    >>> best_seats((10, 30, 30)), best_seats((20, 20)), best_seats((5, 9, 0), seats=(0, 2))
    ((1, 2), (), (0,))
    """
    among = list(range(len(scores)) if seats is None else seats)
    if not among:
        return ()
    top = max(scores[s] for s in among)
    best = tuple(s for s in among if scores[s] == top)
    return () if len(best) == len(among) and len(among) > 1 else best


def tone_of(me: int, winners: Sequence[int], seated: Sequence[int] | range) -> str:
    """The result's tone for the reader ``me``: ``"won"`` when he is among the winners,
    ``"lost"`` when he played and is not, ``""`` for a spectator, a seat that sat out, or a
    deal nobody won."""
    if me < 0 or me not in seated or not winners:
        return ""
    return "won" if me in winners else "lost"


def names_of(ctx: Context, seats: Sequence[int]) -> str:
    """Seats by name, the last joined by "and": ``Ann``, ``Ann and Bob``, ``Ann, Bob and
    Cid`` (German: "und")."""
    names = [ctx.name(s) for s in seats]
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + _TEXTS[ctx.lang]["and"] + names[-1]


def won_with(ctx: Context, me: int, winners: Sequence[int], score: int) -> str:
    """"You won with 190" for a winning reader, else "Lina won with 190" ("Lina and Bob won
    with 190"), in ``ctx.lang``."""
    g = _TEXTS[ctx.lang]
    if me in winners:
        others = [s for s in winners if s != me]
        return g["hl_you_won_with"].format(n=score) if not others else \
            g["hl_you_and_won_with"].format(names=names_of(ctx, others), n=score)
    key = "hl_won_with_1" if len(winners) == 1 else "hl_won_with_n"
    return g[key].format(names=names_of(ctx, winners), n=score)


def figure_texts(lang: str) -> dict[str, str]:
    """The shared table words in ``lang`` (``present/texts.toml``), for a game's presenter."""
    return _TEXTS["en" if lang == "en" else "de"]


def figure_label(key: str, lang: str) -> str:
    """The label of a common result figure: ``bid``, ``melds``, ``tricks``, ``total``."""
    return _TEXTS["en" if lang == "en" else "de"][f"fig_{key}"]


def last_trick_view(title: str, tricks: Sequence[Trick],
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
    "BOT_NAMES", "BidRange", "Button", "CardChoice", "Choices", "Context", "Figure",
    "HandCard", "MeldLine", "Panel", "ResultFigures", "Seat", "Selection", "Table",
    "TrickView", "TrumpMeld", "best_seats", "bot_name", "claim_ending", "claim_line", "deck_of",
    "default_outcome", "figure_label", "figure_texts", "hand_reasons", "last_trick_view",
    "level_name", "names_of", "offered_actions", "option_texts", "plain", "present",
    "preset_texts", "seat_label", "table_of", "tone_of", "tr", "trick_view", "with_claims",
    "won_with",
]
