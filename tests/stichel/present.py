"""The table of Stichel for the front ends: trump buttons for Vorhand, then the cards.

>>> from binokel.present import Context
>>> from stichel.state import StichelState
>>> s = StichelState.new(dealer=0, seed=1, players=3)
>>> t = present_stichel(s.view(1), Context("en", ("Ann", "Bob", "Cid")))
>>> t.status, [b.label for b in t.choices.buttons][:2], t.seats[1].roles
('dealer Ann · Bob names trump', ['Trump Acorns', 'Trump Leaves'], ('Vorhand',))
"""

from __future__ import annotations

from collections.abc import Callable

from binokel.core.cards import SUIT_LETTERS
from binokel.present import Button
from binokel.present import CardChoice
from binokel.present import Choices
from binokel.present import Context
from binokel.present import Panel
from binokel.present import Seat
from binokel.present import Table
from binokel.present import table_of
from binokel.present import tr

from .deal import POINTS
from .texts import TEXTS
from .view import StichelView

T = Callable[..., str]


def present_stichel(view: StichelView, ctx: Context) -> Table:
    """One seat's (or a spectator's) Stichel table."""
    t = tr(TEXTS.table, ctx.lang)
    return table_of(
        view, ctx, t, title=t("title"), status=_status(view, ctx, t),
        seats=_seats(view, ctx, t), panels=_panels(view, t),
        trick_seats=lambda leader, n: [(leader + k) % view.players for k in range(n)],
        choices=lambda: _choices(view, ctx, t), log=_log(view, ctx, t),
        result=_result(view, ctx, t), trump=view.trump)


def _status(view: StichelView, ctx: Context, t: T) -> str:
    vorhand = ctx.name((view.dealer + 1) % view.players)
    parts = [t("dealer_is", name=ctx.name(view.dealer)),
             t("names_trump" if view.trump < 0 else "trump_by", name=vorhand)]
    if view.to_move < 0:
        parts.append(t("over"))
    return " · ".join(parts)


def _seats(view: StichelView, ctx: Context, t: T) -> tuple[Seat, ...]:
    won = [0] * view.players
    for trick in view.tricks:
        won[trick.winner] += 1
    out = []
    for s in range(view.players):
        roles = [t("dealer")] if s == view.dealer else []
        if s == (view.dealer + 1) % view.players:
            roles.append(t("vorhand"))
        out.append(Seat(s, ctx.name(s), tuple(roles), view.hand_sizes[s],
                        lines=(t("points", n=view.points[s], k=won[s]),)))
    return tuple(out)


def _panels(view: StichelView, t: T) -> tuple[Panel, ...]:
    if not view.aside_count:
        return ()
    return (Panel(t("aside"), (), t("aside_n", n=view.aside_count)),)


def _choices(view: StichelView, ctx: Context, t: T) -> Choices:
    acts = view.legal_actions
    if view.phase == "trump":
        weight = {s: sum(POINTS[c & 7] for c in view.hand if c >> 3 == s) for s in range(4)}
        best = SUIT_LETTERS[max(range(4), key=lambda s: weight[s])]
        return Choices(buttons=tuple(
            Button(a, t("trump", suit=ctx.suit(a[6:])), "primary" if a[6:] == best else "")
            for a in acts))
    return Choices(cards=CardChoice("play", tuple(a[5:] for a in acts), t("play_hint")))


def _log(view: StichelView, ctx: Context, t: T) -> list[str]:
    out = []
    for seat, a in view.history:
        if a.startswith("trump "):
            out.append(t("log_trump", name=ctx.name(seat), suit=ctx.suit(a[6:])))
    for n, trick in enumerate(view.tricks, 1):
        out.append(t("log_trick", n=n, cards=ctx.cards(trick.cards),
                     name=ctx.name(trick.winner), points=trick.points))
    return out


def _result(view: StichelView, ctx: Context, t: T) -> list[str]:
    res = view.result
    if res is None:
        return []
    lines = [t("res_line", name=ctx.name(s), points=res.scores[s]) for s in range(view.players)]
    if res.last_trick:
        lines.append(t("res_last", n=res.last_trick))
    return lines


__all__ = ["present_stichel"]
