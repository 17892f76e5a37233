"""The table of Doppelkopf (four players; with five the dealer sits out).

Everything comes from a :class:`~binokel.games.doppelkopf.state.DokoView`, so a seat sees its own
hand, the public play and the parties only as far as the view reveals them.

- The hand is sorted in the card order of the game being played as far as the seat knows it:
  trumps first, high to low (Dulle, Damen, Buben, ... or the solo's trumps), then the plain
  suits Kreuz, Pik, Herz, Karo, each high to low. Before the game is settled the normal order
  is used (it is also the Hochzeit's, the Armut's and the Karo-Solo's).
- Cards in texts: Doppelkopf is played with French cards (``Table.deck == "french"``), so
  the ``words`` style writes ``Kreuz-Dame`` / ``Queen of Clubs`` and the ``symbol`` style
  ``♣D`` in German (Dame, Bube) and ``♣Q`` in English (Queen, Jack), as the faces show them.
- The table's ``trump`` is the suit whose A 10 K 9 are trumps (Karo in the normal game), None
  in a Damen-, Buben- or Fleischloser solo (then ``trump_name`` names the solo); a card that
  may not be played says whether trump or which suit must be followed.

>>> from binokel.games.doppelkopf.state import DokoRules, DokoState
>>> s = DokoState.new(DokoRules(), dealer=3, seed=4)
>>> for a in ("vorbehalt", "gesund", "gesund", "gesund"):
...     s.apply(a)
>>> t = present_doppelkopf(s.view(0), Context("en", ("Ann", "Bob", "Cid", "Dan")))
>>> t.status
'dealer Dan · reservation: Ann · asking: solo?'
>>> [b.label for b in t.choices.buttons][:3]
['Queens solo', 'Jacks solo', 'Fleischloser (Aces solo)']
>>> t.hand[:4], t.seats[0].roles, t.seats[0].lines
(('BO', 'HO', 'EU', 'SU'), ('Vorhand',), ('reservation',))
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

from ...core.cards import ASS
from ...core.cards import SUITS
from ...core.cards import Card
from ...core.cards import card
from ...core.cards import card_token
from ...core.cards import cardset
from ...core.state import actor
from ...present import Button
from ...present import CardChoice
from ...present import Choices
from ...present import Context
from ...present import Figure
from ...present import Panel
from ...present import ResultFigures
from ...present import Seat
from ...present import Selection
from ...present import Table
from ...present import claim_line
from ...present import figure_texts
from ...present import names_of
from ...present import table_of
from ...present import tone_of
from ...present import tr
from .announcements import ABSAGEN
from .announcements import ANNOUNCEMENTS
from .announcements import DENIED
from .announcements import SCHWARZ
from .armut import pass_count
from .deal import KONTRA
from .deal import RE
from .order import TRUMP
from .order import Order
from .order import card_order
from .order import schweine_cards
from .scoring import DokoResult
from .scoring import augen_needed
from .scoring import doublings
from .scoring import special_points
from .series import bock_triggers
from .specials import BY_NAME
from .specials import SPECIALS
from .texts import TEXTS
from .view import DokoView
from .view import own_kreuz_damen

T = Callable[..., str]


def present_doppelkopf(view: DokoView, ctx: Context) -> Table:
    """The table of one seat (``view.player``; -1: a spectator)."""
    t = tr(TEXTS.table, ctx.lang)
    order = view.order
    return table_of(
        view, ctx, t, title=t("title"), status=_status(view, ctx, t), seats=_seats(view, ctx, t),
        panels=_panels(view, ctx, t), trick_seats=lambda leader, n: _seats_from(view, leader, n),
        choices=lambda: _choices(view, ctx, t), log=_log(view, ctx, t),
        result=_result(view, ctx, t),
        hand=sort_hand(view.hand, order), interjecting=bool(view.interjections),
        **_card_table(view, ctx, t),
    )


# ----------------------------------------------------------------------- card-table data
def _card_table(view: DokoView, ctx: Context, t: T) -> dict[str, Any]:
    """The card table's data of :func:`~binokel.present.table_of`: the trump once the game
    is settled (a suit, or the solo's name where no suit is trump), how cards follow (every
    trump as one class) and the result's figures (Re against Kontra, the game value)."""
    out: dict[str, Any] = {"play_suit": lambda c: view.order.group[c], "trump_class": TRUMP}
    if view.phase in ("play", "over") and view.contract not in (None, "thrown in"):
        suit = next((s for s in SUITS if view.order.is_trump(card(s, ASS))), -1)
        out["trump"] = suit
        if suit < 0:
            out["trump_name"] = t(view.contract) if view.contract else ""
    res = view.result
    if res is not None:
        out["outcome"] = _outcome(view, ctx, t)
    return out


def _outcome(view: DokoView, ctx: Context, t: T) -> ResultFigures:
    """The result in the reader's words: what he won or lost ("You lost 1 point"; a
    spectator reads who won), the game, and its value with the reason in one line ("Re won
    with 132, but Kontra's 2 extra points: Re −1")."""
    res = view.result
    assert res is not None
    me, scores = view.player, tuple(res.scores)
    if res.contract == "thrown in":
        return ResultFigures(t(_thrown(view, "thrown_line")), None, scores,
                             contract=_contract_name(view, ctx, t))
    winners = tuple(s for s in sorted(view.active) if scores[s] > 0)
    if me in view.active:
        x = scores[me]
        headline = t("hl_nothing") if x == 0 else t(
            ("hl_you_won" if x > 0 else "hl_you_lost") + ("_1" if abs(x) == 1 else "_n"),
            n=abs(x))
    elif winners:
        x = scores[winners[0]]
        key = "hl_won" + ("_each" if len(winners) > 1 else "") + ("_1" if x == 1 else "_n")
        headline = t(key, names=names_of(ctx, winners), n=x)
    else:
        headline = t("hl_nothing")
    contract = _contract_name(view, ctx, t)
    contract = contract[:1].upper() + contract[1:]
    if res.bock:
        contract += " · " + t("bock", x=2 ** res.bock)
    g = figure_texts(ctx.lang)
    figures = (Figure(t("re"), res.re_points), Figure(t("kontra"), res.kontra_points),
               Figure(g["fig_value"], res.value))
    return ResultFigures(headline, res.made, scores, res.declarer, figures=figures,
                         contract=contract, sum=_value_line(view, ctx, t), winners=winners,
                         tone=tone_of(me, winners, view.active))


def _value_line(view: DokoView, ctx: Context, t: T) -> str:
    """The game value and its reason in one line: who won with how many Augen, the other
    party's points that took some of it back, and what the winning party (or Re, when
    nobody won) writes: "Re won with 132, but Kontra's 2 extra points: Re −1"."""
    res = view.result
    assert res is not None
    solo = len(res.re_seats) == 1

    def label(p: str) -> str:
        return ctx.name(res.re_seats[0]) if solo and p == RE else t(p)

    def writes(p: str) -> int:
        seat = res.re_seats[0] if p == RE else next(
            s for s in view.active if s not in res.re_seats)
        return res.scores[seat]

    if res.winner is None:
        return t("hl_value_none", party=label(RE), v=_signed(writes(RE)))
    w = res.winner
    o = KONTRA if w == RE else RE
    pts = res.re_points if w == RE else res.kontra_points
    line = t("hl_value_won", party=label(w), pts=pts)
    theirs = [(what, n) for what, p, n in res.lines if p == o]
    back = sum(n for _, n in theirs)
    if back:
        special = all(what in BY_NAME for what, _ in theirs)
        key = ("hl_but_special" if special else "hl_but") + ("_1" if back == 1 else "_n")
        line += t(key, party=label(o), n=back)
    return line + t("hl_value", party=label(w), v=_signed(writes(w)))


def _signed(v: int) -> str:
    """A score with its sign, the minus a real one: "+3", "−1", "0"."""
    return f"+{v}" if v > 0 else f"−{-v}" if v < 0 else "0"


def sort_hand(hand: Sequence[Card], order: Order) -> list[Card]:
    """Trumps first (high to low in ``order``), then Kreuz, Pik, Herz, Karo, each high to low.

    >>> from binokel.core.cards import card_token, parse_cards
    >>> hand = parse_cards("SA HA H10 EU EO BO EA HO")
    >>> [card_token(c) for c in sort_hand(hand, card_order("normal"))]
    ['H10', 'EO', 'BO', 'HO', 'EU', 'SA', 'EA', 'HA']
    >>> [card_token(c) for c in sort_hand(hand, card_order("damen"))]
    ['EO', 'BO', 'HO', 'EA', 'EU', 'HA', 'H10', 'SA']
    """
    def key(c: Card) -> tuple[int, int]:
        return (0 if order.is_trump(c) else 1 + (c >> 3), -order.power[c])
    return sorted(hand, key=key)


# ----------------------------------------------------------------------- words
def _card(ctx: Context, c: Card | str) -> str:
    """A card in the context's style, with French names (Doppelkopf is a French-suited game)."""
    return ctx.card(c)


def _cards(ctx: Context, cs: Sequence[Card | str]) -> str:
    return ctx.cards(cs)


def _names(ctx: Context, seats: Sequence[int]) -> str:
    return " + ".join(ctx.name(s) for s in seats)


def _seats_from(view: DokoView, leader: int, n: int) -> list[int]:
    """The seats that play the first ``n`` cards of a trick led by ``leader``."""
    if n == 0 or leader not in view.active:
        return []
    i = view.active.index(leader)
    return [view.active[(i + k) % 4] for k in range(n)]


def _poor(view: DokoView) -> int | None:
    """The Armut player: the first seat (from Vorhand) that declared Armut, when it is played."""
    if view.contract not in ("armut", "thrown in"):
        return None
    return next((s for s in view.active if view.declarations[s] == "armut"), None)


def _thrown(view: DokoView, key: str) -> str:
    """The text key of a deal thrown in: by a hand (nines, kings) or a refused Armut."""
    return key + "_hand" if "schmeissen" in view.declarations else key


def _pflicht(view: DokoView) -> bool:
    if view.result is not None:
        return view.result.pflichtsolo
    return view.soloist is not None and view.rules.owes_pflichtsolo(view.soloist)


def _contract_name(view: DokoView, ctx: Context, t: T) -> str:
    """The game being played, as far as public (``view.contract``)."""
    c = view.contract or "normal"
    if c.startswith("solo") and view.soloist is not None:
        key = ("vorgefuehrt_of" if view.soloist == view.vorgefuehrt
               else "pflicht_of" if _pflicht(view) else "solo_of")
        return t(key, what=t(c), name=ctx.name(view.soloist))
    if c == "hochzeit" and view.hochzeit is not None:
        return t("hochzeit_of", name=ctx.name(view.hochzeit))
    if c == "stille hochzeit" and view.soloist is not None:
        return t("stille_of", name=ctx.name(view.soloist))
    if c == "armut":
        poor = _poor(view)
        return t("armut_of", name=ctx.name(poor if poor is not None else -1))
    if c == "thrown in":
        return t(_thrown(view, "thrown_in"))
    return t("normal")


def _level_word(level: int, party: str, t: T) -> str:
    return t(f"ann_{party}") if level == 0 else t(f"ann_{ABSAGEN[level - 1]}")


# ----------------------------------------------------------------------- status
def _status(view: DokoView, ctx: Context, t: T) -> str:
    parts = [t("dealer_is", name=ctx.name(view.dealer))]
    if view.rules.bock_level:  # a Bock deal (the series sets it): known before the cards
        parts.append(t("bock", x=view.rules.bock_multiplier()))
    if view.phase in ("vorbehalt", "declare"):
        parts += _asking_status(view, ctx, t)
    else:
        parts += _contract_status(view, ctx, t)
    if view.result is not None or view.to_move < 0:
        parts.append(t("over"))  # whose turn it is: Table.turn, which the front ends show
    return " · ".join(parts)


def _asking_status(view: DokoView, ctx: Context, t: T) -> list[str]:
    """The status while the reservations (Vorbehalte) are asked and declared."""
    if view.phase == "vorbehalt":
        return [t("asking")]
    if view.vorgefuehrt is not None:   # nobody else is asked
        return [t("vorgefuehrt_status", name=ctx.name(view.vorgefuehrt))]
    said = [s for s in view.active if view.vorbehalte[s] == "vorbehalt"]
    parts = [t("reservations", names=", ".join(ctx.name(s) for s in said))]
    if view.asking:
        parts.append(t(f"q_{view.asking}"))
    return parts


def _contract_status(view: DokoView, ctx: Context, t: T) -> list[str]:
    """The status once the game is known: what is played, who found whom, the special
    cards shown and the announcements."""
    what = _contract_name(view, ctx, t)
    if view.contract == "normal" and view.phase == "play" and own_kreuz_damen(view) == 2:
        what += " – " + t("stille_mine")  # he alone knows he plays a stille Hochzeit
    parts = [what, *_partner_status(view, ctx, t)]
    if view.genscher is not None:
        parts.append(t("genscher", name=ctx.name(view.genscher[0]),
                       partner=ctx.name(view.genscher[1])))
    if view.schweine is not None:
        parts.append(t("schweine", name=ctx.name(view.schweine)))
    if view.superschweine is not None:
        parts.append(t("superschweine", name=ctx.name(view.superschweine)))
    for i, party in enumerate(("re", "kontra")):
        if view.announced[i] >= 0:
            parts.append(t("announced", party=t(party),
                           what=_level_word(view.announced[i], party, t))
                         if view.announced[i] > 0 else t(party))
    return parts


def _partner_status(view: DokoView, ctx: Context, t: T) -> list[str]:
    """Whether the Hochzeit (marriage) has found its partner yet, and the Armut's partner."""
    if view.contract == "hochzeit" and view.phase == "play":
        if view.clarified_in == 0:
            mode = view.klaerung
            return [t("unclarified" if mode == "fremd" else f"unclarified_{mode}",
                      n=view.rules.hochzeit_tricks)]
        if view.partner is not None:
            return [t("clarified", name=ctx.name(view.partner), n=view.clarified_in)]
        return [t("no_partner")]
    if view.contract == "armut" and view.partner is not None:
        return [t("armut_partner", name=ctx.name(view.partner))]
    return []


# ----------------------------------------------------------------------- seats
def _seats(view: DokoView, ctx: Context, t: T) -> tuple[Seat, ...]:
    poor = _poor(view)
    said: dict[int, list[str]] = {}
    for s, side, what in view.announcements:
        said.setdefault(s, []).append(t(f"ann_{what}") if what not in ("re", "kontra")
                                      else t(side))
    out = []
    for s in range(view.players):
        party = view.parties[s]
        team = None if party is None else (0 if party == "re" else 1)
        out.append(Seat(s, ctx.name(s), _roles(view, s, poor, t), view.hand_sizes[s], team,
                        _seat_lines(view, s, said.get(s), t), out=s not in view.active))
    return tuple(out)


def _roles(view: DokoView, s: int, poor: int | None, t: T) -> tuple[str, ...]:
    """What seat ``s`` is in this deal: dealer, Vorhand (first to play), sitting out,
    soloist, Hochzeit, Armut, partner, and its party once known."""
    active = s in view.active
    roles: list[str] = []
    if s == view.dealer:
        roles.append(t("dealer"))
    if active and s == view.active[0]:
        roles.append(t("vorhand"))
    if not active:
        roles.append(t("out"))
    if s == view.soloist:
        roles.append(t("soloist"))
    if s == view.hochzeit:
        roles.append(t("hochzeit"))
    if s == poor:
        roles.append(t("armut"))
    if (view.partner == s and (view.contract == "armut" or view.clarified_in > 0)
            and view.genscher is None):  # a Genscher made new partners
        roles.append(t("partner"))
    party = view.parties[s]
    if party is not None:
        roles.append(t(party))
    return tuple(roles)


def _seat_lines(view: DokoView, s: int, said: list[str] | None, t: T) -> tuple[str, ...]:
    """What is known of seat ``s`` under its name: its reservation and declaration while
    they are asked, the Schweine it showed, what it announced, its tricks."""
    active = s in view.active
    lines: list[str] = []
    if view.phase in ("vorbehalt", "declare"):
        if view.vorbehalte[s] is not None:
            lines.append(t(view.vorbehalte[s]))
        if view.declarations[s] is not None:
            lines.append(t(view.declarations[s]))
        if s == view.vorgefuehrt:
            lines.append(t("vorgefuehrt"))
        elif active and view.rules.owes_pflichtsolo(s):
            lines.append(t("owes"))
    if s == view.schweine:
        lines.append(t("has_schweine"))
    if s == view.superschweine:
        lines.append(t("has_superschweine"))
    if said:
        lines.append(t("said", what=", ".join(said)))
    if view.phase in ("play", "over") and active:
        won = sum(1 for tr_ in view.tricks if tr_.winner == s)
        lines.append(t("points_1" if won == 1 else "points", n=view.trick_points[s], k=won))
    return tuple(lines)


# ----------------------------------------------------------------------- panels, tricks
def _panels(view: DokoView, ctx: Context, t: T) -> tuple[Panel, ...]:
    out: list[Panel] = []
    for entry in view.history:
        seat, a = actor(entry)
        verb, _, arg = a.partition(" ")
        if verb not in ("give", "return"):
            continue
        # The give goes from the poor player, the return back to him.
        to = _poor(view) if verb == "return" else seat
        title = t("armut_given" if verb == "give" else "armut_back",
                  name=ctx.name(seat if to is None else to))
        if "?" in arg or "(" in arg:  # masked: only the Armut pair sees them (or open Füchse)
            n = _hidden_trumps(arg)
            k, shown = arg.split().count("?"), _shown(arg)
            text = t("armut_hidden_open" if shown else "armut_hidden", k=k) if n is None else t(
                "armut_hidden_back" if n == 1 else "armut_hidden_back_n", n=n, k=k)
            out.append(Panel(title, shown, text))
        else:
            out.append(Panel(title, tuple(arg.split())))
    if view.phase in ("play", "over") and view.contract != "thrown in":
        trumps = view.order.trumps
        out.append(Panel(t("trumps"), (), _cards(ctx, trumps) if trumps
                         else t("trumps_none")))
    return tuple(out)


def _hidden_trumps(arg: str) -> int | None:
    m = re.search(r"\((\d+) trump", arg)
    return int(m.group(1)) if m else None


def _shown(arg: str) -> tuple[str, ...]:
    """The cards of a masked Armut action that lie open (``armut_fuchs_open``)."""
    return tuple(x for x in arg.split() if x != "?" and not x.startswith("(")
                 and not x.endswith(")"))


def _given(view: DokoView) -> int:
    """How many cards the Armut passed (and gets back), as the history shows it."""
    give = next((a for _, a in view.history if a.startswith("give")), "give")
    return len([x for x in give.split()[1:] if not x.startswith("(")])


# ----------------------------------------------------------------------- choices
def _choices(view: DokoView, ctx: Context, t: T) -> Choices:
    acts = view.legal_actions
    ph = view.phase
    if view.to_move != view.player:
        # Not his turn, but he may announce (announce_any_time): only those buttons.
        return Choices(buttons=tuple(Button(a, t(f"btn_{a}")) for a in view.interjections))
    if ph == "play":
        return _play_choices(view, ctx, t)
    if ph == "vorbehalt":
        return Choices(buttons=(Button("gesund", t("btn_gesund"), "primary"),
                                Button("vorbehalt", t("btn_vorbehalt"))))
    if ph == "declare":
        pflicht = view.asking == "pflichtsolo"
        buttons = []
        for a in acts:
            if a.startswith("solo "):
                label = t("btn_pflicht", what=t(a)) if pflicht else t(a)
            else:
                label = t(f"btn_{a}")
            buttons.append(Button(a, label))
        return Choices(buttons=tuple(buttons))
    if ph == "armut_offer":
        return Choices(buttons=(Button("accept", t("btn_accept")),
                                Button("decline", t("btn_decline"))))
    if ph == "armut_give":
        return _armut_give_choices(view, ctx, t)
    if ph == "armut_return":
        n = _given(view)
        return Choices(select=Selection("return", n, t("return"), t("return_hint", n=n)))
    return Choices()


def _play_choices(view: DokoView, ctx: Context, t: T) -> Choices:
    """A card to play, and the announcements and Genscher partners that may be named."""
    acts = view.legal_actions
    cards = tuple(a[5:] for a in acts if a.startswith("play "))
    said = tuple(Button(a, t(f"btn_{a}")) for a in acts if a in ANNOUNCEMENTS)
    # The Genscher: one button per seat he may name; his Karo-König follows.
    named = tuple(Button(a, t("btn_genscher", name=ctx.name(int(a.split()[1]))))
                  for a in acts if a.startswith("genscher "))
    # The last thing the player to move said (announcements out of turn aside).
    last = next((a for s, a in reversed(view.history) if actor((s, a))[0] == s), "")
    due = last.startswith("genscher ")
    hint = t("genscher_hint") if due else t("play_hint")
    if said and not cards:   # announce_first_trick_30: the announcement comes first
        return Choices(buttons=tuple(Button(b.action, b.label, "primary") for b in said),
                       cards=CardChoice("play", (), t("must_announce")))
    return Choices(buttons=said + named, cards=CardChoice("play", cards, hint))


def _armut_give_choices(view: DokoView, ctx: Context, t: T) -> Choices:
    """The Armut (poverty) player picks the cards to pass, all his trumps among them."""
    acts = view.legal_actions
    normal = card_order("normal")
    trumps = [c for c in sort_hand(view.hand, normal) if normal.is_trump(c)]
    n = pass_count(view.rules, cardset(view.hand))
    if len(trumps) == n:
        hint = t("give_all" if n == 3 else "give_all_n", cards=_cards(ctx, trumps), n=n) \
            if n else t("give_nothing")
    elif trumps:
        hint = t("give_some", cards=_cards(ctx, trumps), k=n - len(trumps), n=n)
    else:
        hint = t("give_none", n=n)
    # With only trumps to pass there is one way: offer it as a button as well.
    only = tuple(Button(a, t("give_btn", cards=_cards(ctx, a.split()[1:])), "primary")
                 for a in acts) if len(acts) == 1 else ()
    return Choices(buttons=only, select=Selection("give", n, t("give"), hint,
                                                  tuple(card_token(c) for c in trumps)))


# ----------------------------------------------------------------------- log
def _log(view: DokoView, ctx: Context, t: T) -> list[str]:
    out: list[str] = []
    plays = 0
    started = False
    h = view.hochzeit
    shown: list[tuple[int, str]] = []   # the plays of Schweinchen cards by their holders

    def start() -> None:
        nonlocal started
        if started or view.contract == "thrown in":
            return
        started = True
        # Who leads is the engine's decision (a Pflichtsolo, vorgeführt or not, is led by
        # its player, DDV 5.1): the first trick's leader, not Vorhand.
        lead = view.tricks[0].leader if view.tricks else view.trick_leader
        out.append(t("log_start", what=_contract_name(view, ctx, t), name=ctx.name(lead)))
        if view.rules.schweinchen_when != "begin":
            return   # each pair is logged at the card that declares it (below)
        if view.schweine is not None:
            out.append(t("log_schweine", name=ctx.name(view.schweine)))
        if view.superschweine is not None:
            out.append(t("log_superschweine", name=ctx.name(view.superschweine)))

    if view.vorgefuehrt is not None:   # before anybody says anything
        out.append(t("vorgefuehrt_status", name=ctx.name(view.vorgefuehrt)))
    for i, entry in enumerate(view.history):
        seat, a = actor(entry)   # an announcement out of turn names its own seat
        name = ctx.name(seat)
        verb, _, arg = a.partition(" ")
        said = claim_line(seat, a, view.history, i, ctx)
        if said is not None:
            out.append(said)
            continue
        if verb == "play" or a in ANNOUNCEMENTS:
            start()
        if verb == "play":
            declared = _declares(view, seat, arg, shown)
            if declared:
                second = declared == "schweine" and view.rules.schweinchen_when == "second"
                out.append(t(f"log_{declared}" + ("_second" if second else ""), name=name))
            plays += 1
            k = plays // 4
            if plays % 4 == 0 and k <= len(view.tricks):
                tr_ = view.tricks[k - 1]
                out.append(t("log_trick", n=k, cards=_cards(ctx, tr_.cards),
                             name=ctx.name(tr_.winner), points=tr_.points))
                if view.contract == "hochzeit" and h is not None and k == view.clarified_in:
                    out.append(_clarified_line(view, h, ctx, t))
        elif a in ANNOUNCEMENTS:
            out.append(t("log_announce", name=name, what=t(f"ann_{a}")))
        elif verb == "genscher":
            out.append(t("log_genscher", name=name, partner=ctx.name(int(arg))))
        elif a in ("gesund", "vorbehalt", "accept", "decline", "pass"):
            out.append(t(f"log_{a}", name=name))
        elif verb in ("give", "return"):
            out.append(_armut_line(verb, arg, name, ctx, t))
        else:  # a declaration: hochzeit, armut, solo ...
            out.append(t("log_declare", name=name, what=t(a)))
    if view.phase in ("play", "over"):
        start()
    if view.contract == "thrown in":
        out.append(t(_thrown(view, "thrown_line")))
    return out


def _declares(view: DokoView, seat: int, token: str, shown: list[tuple[int, str]]) -> str:
    """With ``schweinchen_when`` played or second: ``schweine`` or ``superschweine`` when
    this play of ``token`` by ``seat`` declares that pair (its holder's first, resp. second
    play of such a card), else ``""``. ``shown`` keeps the plays seen so far."""
    if view.rules.schweinchen_when == "begin":
        return ""
    sw, sup = schweine_cards(view.rules, view.contract or "normal")
    for what, holder, c in (("schweine", view.schweine, sw),
                            ("superschweine", view.superschweine, sup)):
        if holder == seat and c is not None and token == card_token(c):
            shown.append((seat, token))
            nth = 1 if view.rules.schweinchen_when == "played" else 2
            if shown.count((seat, token)) == nth:
                return what
    return ""


def _clarified_line(view: DokoView, h: int, ctx: Context, t: T) -> str:
    """The log's line after the trick that clarified the Hochzeit ``h`` (marriage): its
    partner, or that it plays alone."""
    if view.partner is not None:
        return t("log_clarified", name=ctx.name(view.partner), h=ctx.name(h))
    if view.rules.hochzeit_tricks == 3:
        return t("log_no_partner", h=ctx.name(h))
    return t("log_no_partner_n", h=ctx.name(h), n=view.rules.hochzeit_tricks)


def _armut_line(verb: str, arg: str, name: str, ctx: Context, t: T) -> str:
    """The log's line for the cards of an Armut (poverty) given or returned: the cards where
    this seat may see them, else only how many and, returned, how many trumps."""
    k = len([x for x in arg.split() if not x.startswith("(") and not x.endswith(")")])
    if "?" not in arg and "(" not in arg:
        return t(f"log_{verb}", name=name, cards=_cards(ctx, arg.split()), k=k)
    n = _hidden_trumps(arg)
    shown = _shown(arg)
    if n is not None:
        return t("log_return_hidden" if n == 1 else "log_return_hidden_n", name=name, n=n, k=k)
    if shown:
        return t("log_give_open", name=name, k=k, cards=_cards(ctx, shown))
    return t("log_give_hidden", name=name, k=k)


# ----------------------------------------------------------------------- result
def _result(view: DokoView, ctx: Context, t: T) -> list[str]:
    res = view.result
    if res is None:
        return []
    if res.contract == "thrown in":
        return [t(_thrown(view, "thrown_line"))]
    return [*_winner_lines(view, res, ctx, t), *_item_lines(view, res, t),
            *_value_lines(view, res, ctx, t)]


def _winner_lines(view: DokoView, res: DokoResult, ctx: Context, t: T) -> list[str]:
    """Which party won with how many Augen (card points), the goals where announcements
    moved them, and what made the parties unusual (stille Hochzeit, no partner, Genscher)."""
    re_seats = res.re_seats
    ko_seats = tuple(s for s in view.active if s not in re_seats)
    pts = {"re": res.re_points, "kontra": res.kontra_points}
    seats = {"re": re_seats, "kontra": ko_seats}

    def party(p: str) -> str:
        return t("res_party", party=t(p), names=_names(ctx, seats[p]))

    what = _contract_name(view, ctx, t)
    if res.winner is not None:
        o = "kontra" if res.winner == "re" else "re"
        lines = [t("res_won", what=what, party=party(res.winner), pts=pts[res.winner],
                   other=party(o), opts=pts[o])]
    else:
        lines = [t("res_none", what=what, p1=party("re"), a=pts["re"], p2=party("kontra"),
                   b=pts["kontra"])]
    re_level, ko_level = res.announced
    if max(re_level, ko_level) >= 1 or ko_level >= 0 > re_level:
        lines += _goals(view, t)  # only when announcements moved a goal
    if res.contract == "stille hochzeit":
        lines.append(t("note_stille", name=_names(ctx, re_seats)))
    elif res.contract == "hochzeit" and len(re_seats) == 1:
        lines.append(t("note_no_partner", name=_names(ctx, re_seats)))
    if res.genscher is not None:
        lines.append(t("note_genscher", name=ctx.name(res.genscher[0]),
                       partner=ctx.name(res.genscher[1])))
    return lines


def _item_lines(view: DokoView, res: DokoResult, t: T) -> list[str]:
    """The game's points one by one, each special point with the trick that made it."""
    tricks_of = _special_tricks(view)
    seen: dict[str, int] = {}
    lines = []
    for what_, p, n in res.lines:
        label = _item(what_, t)
        if what_ == "Karlchen" and view.rules.karlchen == "kreuz":
            label = t("it_karlchen_kreuz")
        if what_ in tricks_of:
            i = seen.get(what_, 0)
            seen[what_] = i + 1
            if i < len(tricks_of[what_]):
                label = t("in_trick", what=label, n=tricks_of[what_][i])
        lines.append(t("item", party=t(p), n=n, what=label[:1].upper() + label[1:]))
    if not res.lines:
        lines.append(t("no_items"))
    return lines


def _value_lines(view: DokoView, res: DokoResult, ctx: Context, t: T) -> list[str]:
    """What the game is worth: its value, doubled by Re and Kontra, multiplied by Bock,
    the Bockrunden it starts, a soloist's share, and every seat's score."""
    re_seats = res.re_seats
    re_sum = sum(n for _, p, n in res.lines if p == "re")
    lines = [t("value", re=re_sum, ko=re_sum - res.value, v=res.value)]
    doubled = 1 << doublings(res.announced, view.rules)   # re_kontra_doubles
    if doubled > 1:
        lines.append(t("doubled_value", x=doubled, v=res.value * doubled))
    bock = view.rules.bock_factor ** res.bock
    if res.bock:
        lines.append(t("bock_value", x=bock, v=res.value * doubled * bock))
    bock *= doubled
    events = set(view.rules.bock_after.split(","))
    started = [e for e in bock_triggers(res) if e in events]
    if started:   # what this deal starts (the series plays the Bockrunden)
        lines.append(t("bock_next", what=", ".join(t(f"ev_{e}") for e in started)))
    if len(re_seats) == 1:
        solo = re_seats[0]
        lines.append(t("solo_value", name=ctx.name(solo), v=res.value * bock,
                       x=res.scores[solo],
                       y=next(res.scores[s] for s in view.active if s != solo)))
    for s in range(view.players):
        if s not in view.active:
            lines.append(t("score_out", name=ctx.name(s)))
        else:
            lines.append(t("score", name=ctx.name(s), x=res.scores[s],
                           party=t("re" if s in re_seats else "kontra")))
    return lines


def _goals(view: DokoView, t: T) -> list[str]:
    """Each party's goal as the announcements made it (seed; DKV option for the Absage)."""
    res = view.result
    assert res is not None
    out = []
    for i, p in enumerate((RE, KONTRA)):
        parts = [t("goal_pts", n=augen_needed(p, res.announced))]
        lv = res.announced[i]
        if lv >= 1:
            parts.append(t("goal_below", n=DENIED[lv]) if lv < SCHWARZ else t("goal_schwarz"))
        text = t("and").join(parts)
        lo = res.announced[1 - i]
        if view.rules.reach_absage_wins and lo >= 1:
            text += " " + (t("goal_or", n=DENIED[lo]) if lo < SCHWARZ else t("goal_or_trick"))
        out.append(t("goal", party=t(p), goal=text))
    return out


def _item(what: str, t: T) -> str:
    """One scoring line of :func:`~binokel.games.doppelkopf.state.score_deal`, in words."""
    if what == "gewonnen":
        return t("it_gewonnen")
    if what in ("re angesagt", "kontra angesagt"):
        return t("it_angesagt", party=t(what.split()[0]))
    m = re.fullmatch(r"(.+) abgesagt \((re|kontra)\)", what)
    if m:
        return t("it_abgesagt", what=t(f"ann_{m.group(1)}"), party=t(m.group(2)))
    if what == "schwarz gespielt":
        return t("it_schwarz")
    m = re.fullmatch(r"(keine (\d+)) gespielt", what)
    if m:
        return t("it_gespielt", what=t(f"ann_{m.group(1)}"), n=m.group(2))
    m = re.fullmatch(r"(\d+) gegen (.+)", what)
    if m:
        return t("it_gegen", n=m.group(1), what=t(f"ann_{m.group(2)}"))
    special = {"gegen die Alten": "it_alten", **{s.name: s.words for s in SPECIALS}}
    return t(special[what]) if what in special else what


def _special_tricks(view: DokoView) -> dict[str, list[int]]:
    """The tricks (numbered from 1) of the Doppelkopf and Fuchs points, in the order in which
    the scoring lists them, so that each line can say where it was made."""
    res = view.result
    if res is None or res.solo:
        return {}
    out: dict[str, list[int]] = {"Doppelkopf": [], "Fuchs gefangen": []}
    for what, _, n in special_points(view.tricks, res.re_seats, view.active, res.winner,
                                     view.schweine is None, view.rules):
        if what in out:
            out[what].append(n)
    return out
