"""The table of Zweierbinokel: two players, a stock with the turned-up trump card under it,
melded cards lying face up (and still playable) in front of their owner.

>>> from binokel.games.zweier import ZweierRules, ZweierState
>>> s = ZweierState.new(ZweierRules(), dealer=0, seed=3)
>>> t = present_zweier(s.view(1), Context("en", ("Ann", "Bob")))
>>> t.status, t.trump_name
('stock 16 · free play (no need to follow)', 'Hearts')
>>> [(p.title, p.cards, p.text) for p in t.panels]
[('Turned-up card', ('HU',), 'under the stock'), ('Stock', (), '16 cards')]
>>> t.choices.cards.verb, len(t.choices.cards.cards) > 0, t.seats[1].roles
('play', True, ('Vorhand',))
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.cards import SEVEN
from ...core.cards import Card
from ...core.cards import card
from ...core.cards import card_token
from ...core.cards import parse_card
from ...present import Button
from ...present import CardChoice
from ...present import Choices
from ...present import Context
from ...present import MeldLine
from ...present import Panel
from ...present import ResultFigures
from ...present import Seat
from ...present import Table
from ...present import best_seats
from ...present import claim_line
from ...present import table_of
from ...present import tone_of
from ...present import tr
from ..family.melds import Meld
from .deal import DEALT
from .deal import FREE
from .deal import STRICT
from .deal import full_deck
from .dix import DIX_POINTS
from .melds import MeldKind
from .melds import meld_kinds
from .texts import TEXTS
from .view import ZweierView

T = Callable[..., str]


def present_zweier(view: ZweierView, ctx: Context) -> Table:
    """One seat's (or a spectator's) Zweierbinokel table."""
    t = tr(TEXTS.table, ctx.lang)
    return table_of(
        view, ctx, t, title=t("title"), status=_status(view, ctx, t), seats=_seats(view, ctx, t),
        panels=_panels(view, ctx, t), trick_seats=lambda leader, n: (leader, 1 - leader),
        choices=lambda: _choices(view, ctx, t), log=_log(view, ctx, t),
        result=_result(view, ctx, t),
        trump=view.trump,
        meld_value=view.meld_points[view.player] if view.player >= 0 else None,
        outcome=_outcome(view, ctx, t),
    )


def _outcome(view: ZweierView, ctx: Context, t: T) -> ResultFigures | None:
    """The deal's winner in the reader's words ("You won 310 to 270", "Lina won 310 to 270";
    a tie names nobody), the trump, and each player's melds + tricks = score (a line each,
    the reader's first)."""
    res = view.result
    if res is None:
        return None
    me, scores = view.player, tuple(res.scores)
    winners = best_seats(scores)
    if not winners:
        headline = t("hl_tie", n=scores[0])
    else:
        w = winners[0]
        key = "hl_you_won" if me == w else "hl_you_lost" if me == 1 - w else "hl_won"
        headline = t(key, name=ctx.name(w), a=scores[w], b=scores[1 - w])
    order = (me, 1 - me) if me in (0, 1) else (0, 1)
    sums = [t("sum_you" if p == me else "sum_line", name=ctx.name(p), melds=res.meld_points[p],
              tricks=res.counted_trick_points[p], score=scores[p]) for p in order]
    return ResultFigures(headline, None, scores, winners=winners,
                         tone=tone_of(me, winners, (0, 1)),
                         contract=t("res_contract", suit=ctx.suit(res.trump)),
                         sum="\n".join(sums))


def _duty(view: ZweierView, t: T) -> str:
    return t("strict") if view.rules.must_beat else t("strict_weak")


def _status(view: ZweierView, ctx: Context, t: T) -> str:
    # the game's name and the trump: the table's title and trump_name, which each front
    # end shows on its own
    parts: list[str] = []
    if view.phase == FREE:
        parts += [t("stock_n", n=view.stock_size), t("free")]
    elif view.phase == STRICT:
        parts += [t("stock_empty"), _duty(view, t)]
    if view.to_move < 0:
        parts.append(t("over"))  # whose turn it is: Table.turn, which the front ends show
    return " · ".join(parts)


def _meld_lines(melds: tuple[Meld, ...], lang: str) -> tuple[MeldLine, ...]:
    return tuple(MeldLine(m.label(lang), m.points, tuple(card_token(c) for c in m.cards))
                 for m in melds)


def _seats(view: ZweierView, ctx: Context, t: T) -> tuple[Seat, ...]:
    won = [0, 0]
    for tr_ in view.tricks:
        won[tr_.winner] += 1
    known = _known_in_hand(view)
    out = []
    for s in (0, 1):
        roles = (t("dealer"),) if s == view.dealer else (t("vorhand"),)
        lines = [t("points", n=view.trick_points[s], k=won[s])]
        lines += [t(f"shown_{why}", card=ctx.card(c)) for why, c in known[s]]
        out.append(Seat(s, ctx.name(s), roles, view.hand_sizes[s], None, tuple(lines),
                        _meld_lines(view.melds[s], ctx.lang), view.meld_points[s],
                        tuple(card_token(c) for c in view.table[s])))
    return tuple(out)


def _known_in_hand(view: ZweierView) -> list[list[tuple[str, Card]]]:
    """Per seat, the shown cards (last stock card, turned-up card, card taken for the Dix)
    still known to be in his hand, with why they were shown.

    Cautious: once the seat plays a card of the same kind the line goes, even if he may
    have held a second copy, so that a line never claims more than is certain.
    """
    known: list[list[tuple[str, Card]]] = [[], []]
    shown = list(view.shown)
    # The events in the order they happened: the shows of the stock's last cards follow the
    # trick that emptied it, an exchange's show follows the exchange.
    for seat, why, c in _shown_in_order(view, shown):
        if why == "play":
            known[seat] = [(w, x) for w, x in known[seat] if x != c]
        else:
            known[seat].append((why, c))
    for s in (0, 1):
        # A card lying on his table is visible there; no second line for it.
        table = list(view.table[s])
        kept = []
        for why, c in known[s]:
            if c in table:
                table.remove(c)
            else:
                kept.append((why, c))
        known[s] = kept
    return known


def _shown_in_order(view: ZweierView,
                    shown: list[tuple[int, str, Card]]) -> list[tuple[int, str, Card]]:
    """``shown`` interleaved with the plays (``why`` "play"), in the order of the deal."""
    exchanges = [x for x in shown if x[1] == "exchange"]
    stock = [x for x in shown if x[1] != "exchange"]
    free_tricks = _free_tricks(view)
    out: list[tuple[int, str, Card]] = []
    plays = 0
    for seat, a in view.history:
        if a == "exchange":
            # Only an exchange that took a card other than the trump seven shows one.
            if exchanges and exchanges[0][0] == seat:
                out.append(exchanges.pop(0))
            continue
        if not a.startswith("play "):
            continue
        out.append((seat, "play", parse_card(a[5:])))
        plays += 1
        if plays == 2 * free_tricks:
            out += stock
    return out


def _free_tricks(view: ZweierView) -> int:
    """The tricks played while the stock lasts: each takes two cards from it."""
    return (len(full_deck(view.rules)) - DEALT) // 2


def _first_turned_up(view: ZweierView) -> Card | None:
    """The card turned up at the deal (public: everybody saw it)."""
    taken = [c for _, why, c in view.shown if why == "exchange"]
    if taken:
        return taken[0]
    if any(a == "exchange" for _, a in view.history):
        # Exchanges that show nothing swap one trump seven for the other.
        return card(view.trump, SEVEN)
    if view.trump_card is not None:
        return view.trump_card
    return next((c for _, why, c in view.shown if why == "turned-up card"), None)


def _panels(view: ZweierView, ctx: Context, t: T) -> tuple[Panel, ...]:
    out = []
    if view.trump_card is not None:
        out.append(Panel(t("turned_up"), (card_token(view.trump_card),),
                         t("under_stock")))   # the trump is on the table's chip
    n = view.stock_size
    out.append(Panel(t("stock"), (), t("empty") if n == 0 else
                     t("cards_1") if n == 1 else t("cards_n", n=n), face_down=n))
    return tuple(out)


def _kinds(view: ZweierView) -> dict[str, MeldKind]:
    return {k.action: k for k in meld_kinds(view.trump, view.rules)}


def _meld_label(kind: MeldKind, ctx: Context, t: T, key: str = "meld", **kw: str) -> str:
    return t(key, label=kind.meld().label(ctx.lang), cards=ctx.cards(kind.cards),
             points=kind.points, **kw)


def _choices(view: ZweierView, ctx: Context, t: T) -> Choices:
    acts = view.legal_actions
    kinds = _kinds(view)
    buttons: list[Button] = []
    if "exchange" in acts and view.trump_card is not None:
        seven, up = card(view.trump, SEVEN), view.trump_card
        key = "exchange" if up != seven else "exchange2"
        label = t(key, seven=ctx.card(seven), card=ctx.card(up)) + _dix_points(view)
        buttons.append(Button("exchange", label))
    melds = sorted((kinds[a] for a in acts if a.startswith("meld ")),
                   key=lambda k: -k.points)  # the best first; sorted() keeps table order
    buttons += [Button(k.action, _meld_label(k, ctx, t), "primary" if i == 0 else "",
                       short=_meld_label(k, ctx, t, "meld_short"),
                       cards=tuple(card_token(c) for c in k.cards))
                for i, k in enumerate(melds)]
    cards = tuple(a[5:] for a in acts if a.startswith("play "))
    strict = "strict_hint" if view.rules.must_beat else "strict_hint_weak"
    hint = t(strict) if view.phase == STRICT else (
        t("meld_hint") if buttons else t("play_hint"))
    return Choices(buttons=tuple(buttons), cards=CardChoice("play", cards, hint))


def _dix_points(view: ZweierView) -> str:
    """What an exchanged Dix scores, after its text (nothing when it scores nothing)."""
    return f" (+{DIX_POINTS})" if view.rules.dix else ""


def _log(view: ZweierView, ctx: Context, t: T) -> list[str]:
    up = _first_turned_up(view)
    out: list[str] = []
    if up is not None:
        out.append(t("log_turned", card=ctx.card(up), suit=ctx.suit(view.trump)))
        dix = card(view.trump, SEVEN)
        if view.rules.sevens and view.rules.dix and up == dix:
            out.append(t("log_dix_up", name=ctx.name(view.dealer), points=DIX_POINTS))
    kinds = _kinds(view)
    taken = [c for _, why, c in view.shown if why == "exchange"]
    last = next(((s, c) for s, why, c in view.shown if why == "last card"), None)
    free_tricks = _free_tricks(view)
    full_stock = 2 * free_tricks
    plays = 0
    for i, (seat, a) in enumerate(view.history):
        name = ctx.name(seat)
        verb = a.partition(" ")[0]
        said = claim_line(seat, a, view.history, i, ctx)
        if said is not None:
            out.append(said)
        elif verb == "meld":
            out.append(_meld_label(kinds[a], ctx, t, "log_meld", name=name))
        elif verb == "exchange":
            # The first exchange may take any card; later ones take the other trump seven.
            seven = card(view.trump, SEVEN)
            got = taken.pop(0) if taken else seven
            key = "log_exchange" if got != seven else "log_dix2"
            out.append(t(key, name=name, seven=ctx.card(seven), card=ctx.card(got))
                       + _dix_points(view))
        elif verb == "play":
            plays += 1
            if plays % 2 or plays // 2 > len(view.tricks):
                continue
            k = plays // 2
            tr_ = view.tricks[k - 1]
            w, other = ctx.name(tr_.winner), ctx.name(1 - tr_.winner)
            out.append(t("log_trick", n=k, cards=ctx.cards(tr_.cards), name=w,
                         points=tr_.points))
            if k < free_tricks:
                out.append(t("log_draw", a=w, b=other, n=full_stock - 2 * k))
            elif k == free_tricks:
                out.append(t("log_last_shown", name=w, card=ctx.card(last[1]))
                           if last is not None else t("log_last", name=w))
                if up is not None:
                    # The turned-up card now (a Dix may have replaced it): shown as taken.
                    now = next((c for _, why, c in view.shown if why == "turned-up card"), up)
                    out.append(t("log_take", name=other, card=ctx.card(now)))
                out.append(t("log_strict", duty=_duty(view, t)))
    return out


def _result(view: ZweierView, ctx: Context, t: T) -> list[str]:
    res = view.result
    if res is None:
        return []
    lines = [t("res_title", suit=ctx.suit(res.trump))]
    for p in (0, 1):
        ms = ", ".join(f"{m.label(ctx.lang)} {m.points}" for m in res.melds[p])
        melds = f"{ms} = {res.meld_points[p]}" if ms else t("res_none")
        tricks = str(res.trick_points[p])
        if res.bonus and res.bonus_to == p:
            key = "res_first" if view.rules.bonus_trick == "first" else "res_last"
            tricks += f" ({t(key, n=res.bonus)})"
        if res.counted_trick_points[p] != res.trick_points[p]:
            tricks += f" → {res.counted_trick_points[p]}"
        lines.append(t("res_line", name=ctx.name(p), melds=melds, tricks=tricks,
                       score=res.scores[p]))
    winners = best_seats(res.scores)
    lines.append(t("res_winner", name=ctx.name(winners[0]), a=res.scores[winners[0]],
                   b=res.scores[1 - winners[0]]) if winners else t("res_tie", n=res.scores[0]))
    return lines
