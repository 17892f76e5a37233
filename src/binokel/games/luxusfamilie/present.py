"""The table of Luxusfamilie (3 to 8 players): everyone's melds shown at once, the best meld
names trump, known voids per seat, power points, set-aside cards with 5 and 7 players. It
reads only the view; the words are in :mod:`.texts`.

>>> from binokel.games.luxusfamilie.rules import LuxusRules
>>> from binokel.games.luxusfamilie.state import LuxusState
>>> s = LuxusState.new(LuxusRules(), dealer=0, seed=3, players=5)
>>> t = present_luxus(s.view(s.to_move), Context("en", ("Ann", "Bob", "Cid", "Dan", "Eve")))
>>> t.status
'dealer Ann · Dan names trump (melds tied, more sevens)'
>>> [b.label for b in t.choices.buttons]
['Trump Acorns', 'Trump Leaves', 'Trump Hearts', 'Trump Bells']
>>> [(p.title, p.text) for p in t.panels], t.seats[3].roles, t.seats[3].meld_total
([('Set aside', '3 cards face down')], ('trump maker',), 40)
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.cards import SUIT_LETTERS
from ...core.cards import card_token
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
from ...present import names_of
from ...present import table_of
from ...present import tone_of
from ...present import tr
from ...present import won_with
from ..family.melds import Meld
from ..family.melds import MeldResult
from .melds import plain_points
from .scoring import POWER
from .scoring import LuxusResult
from .texts import TEXTS
from .view import LuxusView

T = Callable[..., str]


def present_luxus(view: LuxusView, ctx: Context) -> Table:
    """One seat's (or a spectator's) Luxusfamilie table."""
    t = tr(TEXTS.table, ctx.lang)
    return table_of(
        view, ctx, t, title=t("title"), status=_status(view, ctx, t), seats=_seats(view, ctx, t),
        panels=_panels(view, ctx, t), trick_seats=lambda leader, n: _trick_seats(view, leader, n),
        choices=lambda: _choices(view, ctx, t), log=_log(view, ctx, t),
        result=_result(view, ctx, t),
        trump=view.trump,
        meld_value=view.melds[view.player].total
        if 0 <= view.player < len(view.melds) else None,
        outcome=_outcome(view, ctx, t),
    )


def _outcome(view: LuxusView, ctx: Context, t: T) -> ResultFigures | None:
    """The deal's winner in the reader's words ("You won with 190", "Lina won with 190"),
    the trump and who named it, and the reader's melds + tricks = score (a spectator reads
    the winner's)."""
    res = view.result
    if res is None:
        return None
    me, scores = view.player, tuple(res.scores)
    winners = best_seats(scores)
    headline = won_with(ctx, me, winners, max(scores)) if winners \
        else t("hl_tie", n=scores[0])
    who = me if 0 <= me < view.players else winners[0] if winners else 0
    sum_ = t("sum_you" if who == me else "sum_line", name=ctx.name(who),
             melds=res.meld_points[who], tricks=res.trick_points[who], score=scores[who])
    return ResultFigures(headline, None, scores, declarer=res.declarer, winners=winners,
                         tone=tone_of(me, winners, range(view.players)),
                         contract=t("res_trump", suit=ctx.suit(res.trump),
                                    name=ctx.name(view.trump_maker), why=_why(view, t)),
                         sum=sum_)


def _trick_seats(view: LuxusView, leader: int, n: int) -> list[int]:
    # Play goes round the table from the leader: seat numbers are the playing order.
    return [(leader + k) % view.players for k in range(n)]


def _why(view: LuxusView, t: T) -> str:
    """Why the trump maker names trump: the criterion of seed 004's tie-break that decided."""
    r = view.trump_reason
    if r == "melds":
        return t("why_melds")
    if r == "order":
        return t("why_order")
    return t("why_tie", what=t(r))


def _status(view: LuxusView, ctx: Context, t: T) -> str:
    parts = [t("dealer_is", name=ctx.name(view.dealer))]  # the name: the table's title
    maker = ctx.name(view.trump_maker)
    if view.trump < 0:
        parts.append(t("names_trump", name=maker, why=_why(view, t)))
    else:
        # the suit is the table's trump_name, shown by each front end
        parts.append(t("trump_by", name=maker, why=_why(view, t)))
    if view.to_move < 0:
        parts.append(t("over"))  # whose turn it is: Table.turn, which the front ends show
    return " · ".join(parts)


def _meld_lines(mr: MeldResult, lang: str) -> tuple[MeldLine, ...]:
    return tuple(MeldLine(m.label(lang), m.points, tuple(card_token(c) for c in m.cards))
                 for m in mr.melds)


def _seats(view: LuxusView, ctx: Context, t: T) -> tuple[Seat, ...]:
    won = [0] * view.players
    for tr_ in view.tricks:
        won[tr_.winner] += 1
    vorhand = (view.dealer + 1) % view.players
    out = []
    for s in range(view.players):
        roles = []
        if s == view.dealer:
            roles.append(t("dealer"))
        if s == vorhand:
            roles.append(t("vorhand"))
        if s == view.trump_maker:
            roles.append(t("maker"))
        lines = [t("power", n=view.power_points[s], k=won[s])]
        if view.voids[s]:
            suits = ", ".join(ctx.suit(x) for x in view.voids[s])
            lines.append(t("voids", suits=suits))
        out.append(Seat(s, ctx.name(s), tuple(roles), view.hand_sizes[s], None, tuple(lines),
                        _meld_lines(view.melds[s], ctx.lang), view.melds[s].total))
    return tuple(out)


def _panels(view: LuxusView, ctx: Context, t: T) -> tuple[Panel, ...]:
    if not view.leftover_count:
        return ()
    res = view.result
    if res is None:
        return (Panel(t("aside"), (), t("aside_n", n=view.leftover_count)),)
    # Turned up after the deal.
    return (Panel(t("aside"), tuple(card_token(c) for c in res.leftover), _aside(res, t)),)


def _aside(res: LuxusResult, t: T) -> str:
    """The set-aside cards' power points and whom they count for."""
    power = sum(POWER[c & 7] for c in res.leftover)
    return t("aside_last" if res.leftover_rule == "last_trick" else "aside_pts", n=power)


def _choices(view: LuxusView, ctx: Context, t: T) -> Choices:
    acts = view.legal_actions
    if view.phase == "trump":
        # A hint: the suit of which the hand holds the most cards (then the higher ones).
        weight = {s: sum(1 + (c & 7) / 8 for c in view.hand if c >> 3 == s) for s in range(4)}
        best = max(range(4), key=lambda s: weight[s])
        return Choices(buttons=tuple(
            Button(a, t("trump", suit=ctx.suit(a[6:])),
                   "primary" if a[6:] == SUIT_LETTERS[best] else "")
            for a in acts if a.startswith("trump ")))
    duty = view.rules.trump_duty
    hint = t("play_hint" if duty == "always" else f"play_hint_{duty}")
    return Choices(cards=CardChoice("play", tuple(a[5:] for a in acts if a.startswith("play ")),
                                    hint))


def _plain(view: LuxusView, m: Meld) -> int:
    """A meld's points as shown at the deal, before trump counted it up."""
    return plain_points(m, view.trump if view.rules.trump_melds else -1)


def _log(view: LuxusView, ctx: Context, t: T) -> list[str]:
    out: list[str] = []
    # The melds are shown as soon as the cards are dealt, at plain values: the lines stay as
    # they were written when trump counts them up later (a log only ever grows).
    for s in range(view.players):
        mr = view.melds[s]
        if mr.melds:
            ms = ", ".join(f"{m.label(ctx.lang)} {_plain(view, m)}" for m in mr.melds)
            total = sum(_plain(view, m) for m in mr.melds)
            out.append(t("log_melds", name=ctx.name(s), melds=ms, total=total))
        else:
            out.append(t("log_no_melds", name=ctx.name(s)))
    plays = 0
    for i, (seat, a) in enumerate(view.history):
        verb, _, arg = a.partition(" ")
        said = claim_line(seat, a, view.history, i, ctx)
        if said is not None:
            out.append(said)
        elif verb == "trump":
            out.append(t("log_trump", name=ctx.name(seat), suit=ctx.suit(arg),
                         why=_why(view, t)))
            up = [(p, mr.total) for p, mr in enumerate(view.melds)
                  if any(_plain(view, m) != m.points for m in mr.melds)]
            if up:
                totals = ", ".join(f"{ctx.name(p)} {n}" for p, n in up)
                out.append(t("log_trump_melds", totals=totals))
        elif verb == "play":
            plays += 1
            k, rest = divmod(plays, view.players)
            if rest == 0 and k <= len(view.tricks):
                tr_ = view.tricks[k - 1]
                # With up to eight players the cards alone do not say who played which:
                # the leader does (play goes round from him).
                out.append(t("log_trick", n=k, leader=ctx.name(tr_.leader),
                             cards=ctx.cards(tr_.cards), name=ctx.name(tr_.winner),
                             points=tr_.points))
    return out


def _result(view: LuxusView, ctx: Context, t: T) -> list[str]:
    res = view.result
    if res is None:
        return []
    lines = [t("res_trump", suit=ctx.suit(res.trump), name=ctx.name(view.trump_maker),
               why=_why(view, t))]
    winners = best_seats(res.scores)
    lines.append(t("res_winner_1" if len(winners) == 1 else "res_winner_n",
                   names=names_of(ctx, winners), n=max(res.scores))
                 if winners else t("hl_tie", n=res.scores[0]))
    for s in range(view.players):
        if res.melds[s].total and res.meld_points[s] == 0:
            lines.append(t("res_void", name=ctx.name(s), n=res.melds[s].total))
        lines.append(t("res_line", name=ctx.name(s), melds=res.meld_points[s],
                       tricks=res.trick_points[s], score=res.scores[s],
                       power=res.power_points[s],
                       won=t("won_1") if res.tricks_won[s] == 1 else
                       t("won_n", n=res.tricks_won[s])))
    if res.leftover:
        lines.append(t("res_aside", cards=ctx.cards(res.leftover), what=_aside(res, t)))
    return lines
