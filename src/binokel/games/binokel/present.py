"""The table of Binokel (three, or four with the dealer sitting out) and Kreuzbinokel.

>>> from binokel.games.binokel.state import DealState
>>> from binokel.games.binokel.rules import Rules
>>> s = DealState.new(Rules(), dealer=3, seed=2, players=4, game="kreuzbinokel")
>>> for a in ("bid 150", "pass", "pass"):
...     s.apply(a)
>>> t = present_binokel(s.view(0), Context("en", ("Ann", "Bob", "Cid", "Dan")))
>>> t.status
'dealer Dan · declarer Ann (150)'
>>> t.choices.select.count, t.choices.buttons[0].label, [p.title for p in t.panels]
(4, 'Go out, trump Acorns', ['Dapp'])
>>> [x.team for x in t.seats], t.seats[0].roles
([0, 1, 0, 1], ('Vorhand', 'declarer'))
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...core.cards import SUIT_LETTERS
from ...core.cards import SUITS
from ...core.cards import CardSet
from ...core.cards import bit
from ...core.cards import card_token
from ...core.cards import cardset
from ...core.cards import count
from ...core.cards import distinct
from ...core.cards import size
from ...present import BidRange
from ...present import Button
from ...present import CardChoice
from ...present import Choices
from ...present import Context
from ...present import Figure
from ...present import MeldLine
from ...present import Panel
from ...present import ResultFigures
from ...present import Seat
from ...present import Selection
from ...present import Table
from ...present import claim_line
from ...present import figure_label
from ...present import figure_texts
from ...present import table_of
from ...present import tone_of
from ...present import tr
from ..family.melds import best_melds
from .scoring import DealResult
from .texts import TEXTS
from .view import BinokelView

JUMPS = (20, 50, 100)  # the bid buttons: the next bid and these jumps above it


def present_binokel(view: BinokelView, ctx: Context) -> Table:
    t = tr(TEXTS.table, ctx.lang)
    team_of = {s: i for i, p in enumerate(view.parties) for s in p} \
        if view.game == "kreuzbinokel" else {}
    title = t("binokel4") if view.game == "binokel" and view.players == 4 else t(view.game)
    trump_melds = _trump_melds(view)
    return table_of(
        view, ctx, t, title=title, status=_status(view, ctx, t),
        seats=_seats(view, ctx, t, team_of), panels=_panels(view, ctx, t),
        trick_seats=view.trick_seats,
        choices=lambda: _choices(view, ctx, t), log=_log(view, ctx, t),
        result=_result(view, ctx, t),
        trump=view.trump if view.contract in (None, "normal", "abgehen") else -1,
        trump_name=t(f"{view.contract}_gloss") if view.contract in ("durch", "untendurch")
        else None,
        bid=view.high_bid, bid_holder=view.high_bidder,
        meld_value=_meld_value(view, trump_melds), trump_melds=trump_melds,
        warnings=_push_warnings(view, ctx, trump_melds), outcome=_outcome(view, ctx, t),
    )


# ----------------------------------------------------------------------- card-table data
def _push_count(view: BinokelView) -> int:
    """How many cards the seat must still push (the declarer before he pushes), else 0."""
    if view.phase == "declare" and view.player == view.to_move and view.discard is None:
        return len(view.dapp or ())
    return 0


def _trump_melds(view: BinokelView) -> list[tuple[int, int]]:
    """What the seat's own cards meld with each trump while it bids, pushes or chooses
    trump (for the declarer after taking the Dapp: the best of the cards he keeps; once he
    pushed, his hand's melds, kept on screen while he names the trump)."""
    if view.player < 0 or view.phase not in ("bidding", "declare", "trump") or not view.hand:
        return []
    hand = cardset(view.hand)
    k = _push_count(view)
    return [(s, kept_melds(hand, k, s, view.rules)) for s in SUITS]


def _meld_value(view: BinokelView, trump_melds: list[tuple[int, int]]) -> int | None:
    """The seat's best meld total now: the best trump while bidding, its shown melds later."""
    if trump_melds:
        return max(v for _, v in trump_melds)
    if view.melds is not None and 0 <= view.player < len(view.melds) \
            and view.player in view.order:
        return view.melds[view.player].total
    return None


def kept_melds(hand: CardSet, k: int, trump: int, rules: Any) -> int:
    """The best meld total of ``hand`` after pushing ``k`` of its cards, with ``trump``: the
    cards outside the best melds go first; only when there are too few of them are the
    ways to push the rest from the meld cards searched (an estimate then, never above what
    can be kept).

    >>> from binokel.core.cards import parse_cards
    >>> from binokel.games.binokel.rules import Rules
    >>> hand = cardset(parse_cards("HA H10 HK HO HU EA"))
    >>> kept_melds(hand, 1, 2, Rules()), kept_melds(hand, 2, 2, Rules())
    (150, 40)
    """
    full = best_melds(hand, trump, rules)
    shown = full.cards()
    spare = size(hand) - size(shown)
    if spare >= k:
        return full.total
    best = 0
    rest = shown  # the cards outside the melds are all pushed
    for pushed in _pushes(rest, k - spare):
        best = max(best, best_melds(rest - pushed, trump, rules).total)
    return best


def _pushes(hand: CardSet, k: int) -> list[CardSet]:
    """Every set of ``k`` cards of ``hand`` (copies counted once per set)."""
    cards = list(distinct(hand))
    out: list[CardSet] = []

    def rec(i: int, left: int, acc: CardSet) -> None:
        if left == 0:
            out.append(acc)
            return
        if i == len(cards):
            return
        c = cards[i]
        for n in range(min(count(hand, c), left), -1, -1):
            rec(i + 1, left - n, acc + n * bit(c))
    rec(0, k, 0)
    return out


def _push_warnings(view: BinokelView, ctx: Context, trump_melds: list[tuple[int, int]]
                   ) -> dict[str, str]:
    """Per card of the declarer's hand while he pushes: the melds of his best trump that
    pushing it breaks."""
    if not _push_count(view) or not trump_melds:
        return {}
    trump = max(trump_melds, key=lambda x: x[1])[0]
    melds = best_melds(cardset(view.hand), trump, view.rules).melds
    g = figure_texts(ctx.lang)
    out = {}
    for c in {c for m in melds for c in m.cards}:
        broken = [m.label(ctx.lang) for m in melds if c in m.cards]
        out[card_token(c)] = g["push_breaks"].format(melds=", ".join(broken))
    return out


def _outcome(view: BinokelView, ctx: Context, t: Any) -> ResultFigures | None:
    """The result in the reader's words: what happened to him (the declarer's side made or
    lost its bid, a defender reads what the declarer did), the contract, the arithmetic as
    players say it; the declarer's side's figures and each seat's change."""
    res = view.result
    if res is None:
        return None
    scores = tuple(res.scores)
    if res.contract == "thrown_in" or res.declarer is None or res.bid is None:
        return ResultFigures(t("hl_thrown"), None, scores, contract=t("result_thrown"))
    me, decl, bid = view.player, res.declarer, res.bid
    side = next((p for p in res.parties if decl in p), (decl,))
    seated = [s for p in res.parties for s in p] or [decl]
    others = tuple(s for s in seated if s not in side)
    winners = tuple(side) if res.made else others
    base = ResultFigures("", res.made, scores, decl, bid, winners=winners,
                         tone=tone_of(me, winners, seated),
                         contract=_contract_line(view, ctx, t))
    who = "you" if me == decl else "partner" if me in side else "they"
    if res.contract in ("abgehen", "durch", "untendurch"):
        return _game_outcome(view, res, base, decl, who, ctx, t)
    return _bid_outcome(res, base, side, decl, bid, who, ctx, t)


def _game_outcome(view: BinokelView, res: DealResult, base: ResultFigures, decl: int,
                  who: str, ctx: Context, t: Any) -> ResultFigures:
    """The result of going out (abgehen) or of a Durch or Untendurch: no figures, the
    game made or lost."""
    lost = -res.scores[decl]
    name = ctx.name(decl)
    if res.contract == "abgehen":
        return replace(base, headline=t(f"hl_out_{who}", name=name, n=lost, bid=res.bid),
                       sum=t("sum_abgehen", bid=res.bid, what=t(
                           "sum_abgehen_melds" if view.rules.abgehen_others_meld
                           else "sum_abgehen_bonus")))
    what = t(f"hl_{res.contract}")
    value = res.scores[decl] if res.made else lost
    return replace(base, headline=t(f"hl_{'made' if res.made else 'lost'}_{who}",
                                    name=name, what=what, n=lost),
                   sum=t(f"sum_{res.contract}_{'made' if res.made else 'lost'}", n=value))


def _bid_outcome(res: DealResult, base: ResultFigures, side: Sequence[int], decl: int,
                 bid: int, who: str, ctx: Context, t: Any) -> ResultFigures:
    """The result of a normal game: the bid against melds plus tricks, as players add it."""
    lost = -res.scores[decl]
    name = ctx.name(decl)
    mine = t("hl_your_bid", bid=bid) if who == "you" else t("hl_the_bid", bid=bid)
    headline = t(f"hl_{'made' if res.made else 'lost'}_{who}", name=name, what=mine, n=lost)
    if res.declarer_total is None:
        return replace(base, headline=headline)
    if _open_game(res):
        return replace(base, headline=headline, total=res.declarer_total,
                       sum=t("open_game_result", name=" + ".join(ctx.name(s) for s in side),
                             n=res.declarer_total))
    melds = sum(res.meld_points[s] for s in side)
    raw = sum(res.trick_points[s] for s in side)
    tricks = res.declarer_total - melds       # as the bid check counted them (rounded?)
    figures = tuple(Figure(figure_label(k, ctx.lang), v) for k, v in (
        ("bid", bid), ("melds", melds), ("tricks", tricks), ("total", res.declarer_total)))
    return replace(base, headline=headline, melds=melds, tricks=tricks,
                   total=res.declarer_total, figures=figures,
                   sum=t("sum_normal", melds=melds, tricks=_tricks_words(t, tricks, raw),
                         total=res.declarer_total, bid=bid,
                         outcome=t("made") if res.made else t("lost")))


def _tricks_words(t: Callable[..., str], counted: int, raw: int) -> str:
    """Trick points as the bid check counted them: "176", or "180 (176 rounded)"."""
    return str(counted) if counted == raw else t("rounded", n=counted, raw=raw)


def _contract_line(view: BinokelView, ctx: Context, t: Callable[..., str]) -> str:
    """What was played, for the result: "Normal game · trump Hearts · bid 280"."""
    res = view.result
    assert res is not None and res.bid is not None
    if res.contract in ("normal", "abgehen"):
        return t(f"result_{res.contract}", suit=ctx.suit(res.trump), bid=res.bid)
    key = "durch open" if res.contract == "durch" and view.open_hand is not None \
        else res.contract
    return t("result_durch", what=t(f"{key}_gloss"), bid=res.bid)


def _status(view: BinokelView, ctx: Context, t: Any) -> str:
    # the game's name is the table's title, which each front end shows above the status
    parts = [t("dealer_is", name=ctx.name(view.dealer))]
    if view.declarer is not None:
        parts.append(t("declarer_is", name=ctx.name(view.declarer), bid=view.high_bid))
    # The trump, and Durch or Untendurch, is the table's ``trump_name``, which each front
    # end shows on its own; only that a Durch is played open is news here.
    if view.contract == "durch" and view.open_hand is not None:
        parts.append(t("durch open"))
    if view.result is not None or view.to_move < 0:
        parts.append(t("over"))  # whose turn it is: Table.turn, which the front ends show
    return " · ".join(parts)


def _seats(view: BinokelView, ctx: Context, t: Any, team_of: dict[int, int]) -> tuple[Seat, ...]:
    last_bid: dict[int, str] = {}
    for seat, a in view.history:
        if a.startswith("bid "):
            last_bid[seat] = a.split()[1]
        elif a == "pass":
            last_bid[seat] = t("passed")
    won = [0] * view.players
    for tr_ in view.tricks:
        won[tr_.winner] += 1
    out = []
    for s in range(view.players):
        playing = s in view.order
        roles = []
        if s == view.dealer:
            roles.append(t("dealer"))
        if view.order and s == view.order[0]:
            roles.append(t("vorhand"))
        if s == view.declarer:
            roles.append(t("declarer"))
        if not playing:
            roles.append(t("out"))
        lines = []
        if s in last_bid and view.phase == "bidding":
            lines.append(t("last_bid", n=last_bid[s]))
        if view.tricks or view.phase == "play":
            lines.append(t("points", n=view.trick_points[s]) + " · " + t("tricks", n=won[s]))
        melds: tuple[MeldLine, ...] = ()
        total = None
        if view.melds is not None and playing:
            mr = view.melds[s]
            melds = tuple(MeldLine(m.label(ctx.lang), m.points, tuple(card_token(c)
                                                                      for c in m.cards))
                          for m in mr.melds)
            total = mr.total
        out.append(Seat(s, ctx.name(s), tuple(roles), view.hand_sizes[s], team_of.get(s),
                        tuple(lines), melds, total, out=not playing))
    return tuple(out)


def _panels(view: BinokelView, ctx: Context, t: Any) -> tuple[Panel, ...]:
    out = []
    if view.dapp is not None:
        out.append(Panel(t("dapp"), tuple(card_token(c) for c in view.dapp)))
    if view.discard:
        out.append(Panel(t("your_discard"), tuple(card_token(c) for c in view.discard)))
    if view.open_hand is not None and view.declarer is not None:
        out.append(Panel(t("open_hand", name=ctx.name(view.declarer)),
                         tuple(card_token(c) for c in view.open_hand)))
    return tuple(out)


def _choices(view: BinokelView, ctx: Context, t: Any) -> Choices:
    acts = list(view.legal_actions)
    ph = view.phase
    if ph == "play":
        return Choices(cards=CardChoice("play", tuple(a[5:] for a in acts), t("play_hint")))
    if ph == "give":
        return Choices(cards=CardChoice("give", tuple(a[5:] for a in acts), t("give_hint")))
    buttons: list[Button] = []
    if ph == "bidding":
        bids = [int(a.split()[1]) for a in acts if a.startswith("bid ")]
        if bids:
            low = bids[0]
            shown = [low] + [low + j for j in JUMPS if low + j in bids]
            buttons += [Button(f"bid {n}", t("bid", n=n), "primary" if n == low else "")
                        for n in shown]
        if "pass" in acts:
            buttons.append(Button("pass", t("pass")))
        step = view.rules.bid_step
        return Choices(buttons=tuple(buttons), bid=BidRange("bid", bids[0], bids[-1], step,
                                                            t("bid", n="{n}"))
                       if bids else None)
    select = None
    for a in acts:
        verb, _, arg = a.partition(" ")
        if verb == "discard":
            continue
        if verb in ("trump", "abgehen"):
            label = t(verb, suit=ctx.suit(arg))
        elif verb == "call" and arg != "none":
            label = t("call", card=ctx.card(arg))
        else:
            label = t(a)
        buttons.append(Button(a, label, "warning" if verb == "abgehen" else ""))
    if ph == "declare":
        k = len(view.dapp or ())
        select = Selection("discard", k, t("discard"), t("discard_hint", k=k))
    return Choices(buttons=tuple(buttons), select=select)


def _log(view: BinokelView, ctx: Context, t: Any) -> list[str]:
    out: list[str] = []
    plays = 0
    n = max(1, len(view.order))
    melds_logged = False
    for i, (seat, a) in enumerate(view.history):
        verb, _, arg = a.partition(" ")
        name = ctx.name(seat)
        said = claim_line(seat, a, view.history, i, ctx)
        if said is not None:
            if not melds_logged:  # a claim before the first card: the melds come first
                out += _meld_lines(view, ctx, t)
                melds_logged = True
            out.append(said)
            continue
        if verb == "play":
            if not melds_logged:
                out += _meld_lines(view, ctx, t)
                melds_logged = True
            plays += 1
            if plays % n == 0 and plays // n <= len(view.tricks):
                k = plays // n
                tr_ = view.tricks[k - 1]
                out.append(t("trick_line", n=k, cards=ctx.cards(tr_.cards),
                             name=ctx.name(tr_.winner), points=tr_.points))
            continue
        if verb == "bid":
            out.append(t("bid_line", name=name, n=arg))
        elif verb == "pass":
            out.append(t("pass_line", name=name))
        elif verb == "discard":
            shown = "" if "?" in arg else ctx.cards(arg.split())
            out.append(t("discard_line", name=name, cards=shown).rstrip())
        elif verb in ("trump", "abgehen"):
            out.append(t(f"{verb}_line", name=name, suit=ctx.suit(arg)))
        elif verb == "call":
            out.append(t("call none_line", name=name) if arg == "none"
                       else t("call_line", name=name, card=ctx.card(arg)))
        elif verb == "give":
            out.append(t("give_line", name=name, card="?" if arg == "?" else ctx.card(arg)))
        elif verb in ("durch", "untendurch"):
            out.append(t(f"{a}_line", name=name))
        if verb == "abgehen" and i == len(view.history) - 1:
            out += _meld_lines(view, ctx, t)
            melds_logged = True
    if not melds_logged and view.phase == "play" and view.melds is not None:
        out += _meld_lines(view, ctx, t)
    return out


def _open_game(res: Any) -> bool:
    """Whether the deal was an open game (the scoring notes it)."""
    return any(n.startswith("open game") for n in res.notes)


def _meld_lines(view: BinokelView, ctx: Context, t: Any) -> list[str]:
    if view.melds is None:
        return []
    return [t("melds_line", name=ctx.name(s), total=mr.total,
              melds=", ".join(f"{m.label(ctx.lang)} {m.points}" for m in mr.melds))
            for s, mr in enumerate(view.melds) if mr.melds]


def _result(view: BinokelView, ctx: Context, t: Any) -> list[str]:
    res = view.result
    if res is None:
        return []
    if res.contract == "thrown_in" or res.declarer is None:
        return [t("result", what=t("thrown_in"))]
    declarer = res.declarer
    lines = [_result_headline(res, declarer, ctx, t), *_declarer_outcome(res, declarer, ctx, t),
             *_forfeits(res, declarer, ctx, t)]
    for p in res.parties:
        name = " + ".join(ctx.name(s) for s in p)
        lines.append(t("score_line", name=name, melds=sum(res.meld_points[s] for s in p),
                       tricks=sum(res.trick_points[s] for s in p), score=res.scores[p[0]]))
    return lines


def _result_headline(res: DealResult, declarer: int, ctx: Context, t: Any) -> str:
    """What was played (the game, its trump) and who declared it for how much."""
    what = t("normal") if res.contract == "normal" else (
        t("abgehen", suit=ctx.suit(res.trump)) if res.contract == "abgehen"
        else t(f"{res.contract}_gloss"))
    if res.contract == "normal" and res.trump >= 0:
        what += " · " + t("trump_is", suit=ctx.suit(SUIT_LETTERS[res.trump]))
    headline: str = t("result", what=what) + " · " + t("declarer_is",
                                                        name=ctx.name(declarer), bid=res.bid)
    return headline


def _declarer_outcome(res: DealResult, declarer: int, ctx: Context, t: Any) -> list[str]:
    """How the declarer's side fared: its total against the bid, or the special game's
    made or lost."""
    side = next((p for p in res.parties if declarer in p), (declarer,))
    outcome = t("made") if res.made else t("lost")
    if _open_game(res):
        return [t("open_game_result", name=" + ".join(ctx.name(s) for s in side),
                  n=res.declarer_total)]
    if res.contract == "normal" and res.declarer_total is not None:
        side_name = " + ".join(ctx.name(s) for s in side)
        melds = sum(res.meld_points[s] for s in side)
        counted = res.declarer_total - melds
        return [t("decl_total", name=side_name, melds=melds,
                  tricks=_tricks_words(t, counted, sum(res.trick_points[s] for s in side)),
                  total=res.declarer_total, bid=res.bid, outcome=outcome)]
    if res.contract in ("durch", "untendurch"):
        return [t("durch_result", what=t(f"{res.contract}_gloss"), outcome=outcome)]
    return []


def _forfeits(res: DealResult, declarer: int, ctx: Context, t: Any) -> list[str]:
    """What was lost: melds that did not count (no trick taken), the bid a lost game costs,
    the bid given up by going out (abgehen)."""
    lines = []
    for p in res.parties:
        for s in p:
            if res.contract == "normal" and res.meld_points[s] < res.melds[s].total and (
                    s != declarer or res.made):
                lines.append(t("meld_void", name=ctx.name(s), n=res.melds[s].total))
    if res.contract == "normal" and not res.made and res.bid is not None:
        lines.append(t("lost_by", bid=res.bid, n=-res.scores[declarer]))
    if res.contract == "abgehen" and res.bid is not None:
        lines.append(t("abgehen_by", bid=res.bid))
    return lines
