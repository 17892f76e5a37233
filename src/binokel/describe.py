"""Human-readable descriptions of deals and results (German or English)."""

from __future__ import annotations

from typing import Any

from .cards import SUIT_LETTERS, card_name, cards_of
from .game import DealResult, DealState

_T = {
    "de": {"seat": "Platz", "dealer": "Geber", "vorhand": "Vorhand", "hand": "Hand",
           "dapp": "Dapp", "bidding": "Reizen", "bid": "reizt", "pass": "weg",
           "declarer": "Spielmacher", "plays_for": "spielt für", "discard": "drückt",
           "trump": "Trumpf", "melds": "Meldungen", "trick": "Stich", "wins": "gewinnt",
           "points": "Augen", "result": "Ergebnis", "made": "gewonnen", "lost": "verloren",
           "thrown_in": "alle weg: neu geben", "abgehen": "geht ab mit Trumpf",
           "durch": "Durch", "untendurch": "Untendurch", "call": "ruft", "give": "gibt",
           "none": "nichts", "score": "Wertung", "tricks": "Stichpunkte",
           "unfinished": "Das Spiel ist nicht zu Ende."},
    "en": {"seat": "Seat", "dealer": "dealer", "vorhand": "Vorhand", "hand": "hand",
           "dapp": "Dapp", "bidding": "Bidding", "bid": "bids", "pass": "passes",
           "declarer": "Declarer", "plays_for": "plays for", "discard": "pushes",
           "trump": "trump", "melds": "Melds", "trick": "Trick", "wins": "wins",
           "points": "points", "result": "Result", "made": "made", "lost": "lost",
           "thrown_in": "all passed: thrown in", "abgehen": "goes out (abgehen) with trump",
           "durch": "Durch", "untendurch": "Untendurch", "call": "calls", "give": "gives",
           "none": "nothing", "score": "Score", "tricks": "trick points",
           "unfinished": "The deal is not finished."},
}


def _cards(cs: Any, style: str, lang: str) -> str:
    return " ".join(card_name(c, style, lang) for c in cs)


def _suit(s: int, lang: str) -> str:
    from .cards import suit_name
    return suit_name(s, lang) if s >= 0 else "-"


def describe_deal(state: DealState, lang: str = "de", style: str = "token") -> str:
    """The whole deal (for a finished or recorded game, every hand is shown)."""
    t = _T["en" if lang == "en" else "de"]
    initial = DealState.new(state.rules, state.dealer, deck_order=list(state.deck),
                            players=state.players)
    out: list[str] = []
    for seat in range(state.players):
        role = []
        if seat == state.dealer:
            role.append(t["dealer"])
        if seat == initial.vorhand:
            role.append(t["vorhand"])
        label = f" ({', '.join(role)})" if role else ""
        out.append(f"{t['seat']} {seat}{label}: "
                   f"{_cards(cards_of(initial.hands[seat]), style, lang)}")
    out.append(f"{t['dapp']}: {_cards(initial.dapp_cards, style, lang)}")
    out.append("")
    bids = [f"{t['seat']} {s} {t['bid']} {a.split()[1]}" if a.startswith("bid")
            else f"{t['seat']} {s} {t['pass']}"
            for s, a in state.history if a.startswith(("bid", "pass"))]
    if bids:
        out.append(f"{t['bidding']}: " + "; ".join(bids))
    if state.declarer is not None and state.bid is not None:
        out.append(f"{t['declarer']}: {t['seat']} {state.declarer}, {t['plays_for']} {state.bid}")
    for s, a in state.history:
        verb, _, arg = a.partition(" ")
        if verb == "discard":
            out.append(f"{t['seat']} {s} {t['discard']}: "
                       f"{_cards(cards_of(state.discard), style, lang)}")
        elif verb == "trump":
            out.append(f"{t['trump']}: {_suit(SUIT_LETTERS.index(arg), lang)}")
        elif verb == "abgehen":
            out.append(f"{t['seat']} {s} {t['abgehen']} "
                       f"{_suit(SUIT_LETTERS.index(arg), lang)}")
        elif verb in ("durch", "untendurch"):
            out.append(f"{t['seat']} {s}: {t[verb]}{' (offen)' if arg else ''}")
        elif verb in ("call", "give"):
            out.append(f"{t['seat']} {s} {t[verb]} {arg}")
    if state.melds is not None and any(m.total for m in state.melds):
        out.append(f"{t['melds']}:")
        for seat, mr in enumerate(state.melds):
            if mr.melds:
                parts = ", ".join(f"{m.label(lang)} {m.points}" for m in mr.melds)
                out.append(f"  {t['seat']} {seat}: {parts} = {mr.total}")
    for i, trick in enumerate(state.tricks, 1):
        played = []
        for k, c in enumerate(trick.cards):
            seat = (trick.leader + k) % state.players
            played.append(f"{seat}:{card_name(c, style, lang)}")
        out.append(f"{t['trick']} {i:2d}: {'  '.join(played):<40} {t['seat']} {trick.winner} "
                   f"{t['wins']} {trick.points} {t['points']}")
    out.append("")
    if state.result is None:
        out.append(t["unfinished"])
    else:
        out.extend(describe_result(state.result, lang))
    return "\n".join(out)


def describe_result(res: DealResult, lang: str = "de") -> list[str]:
    """The result explained: contract, points, melds, made or lost, each seat's score."""
    t = _T["en" if lang == "en" else "de"]
    if res.contract == "thrown_in":
        return [f"{t['result']}: {t['thrown_in']}"]
    lines = [f"{t['result']}: {t.get(res.contract, res.contract)}"
             f" — {t['declarer']} {t['seat']} {res.declarer}, {res.bid}"
             + (f", {t['trump']} {_suit(res.trump, lang)}" if res.trump >= 0 else "")]
    if res.contract == "normal" and res.declarer_total is not None and res.declarer is not None:
        lines.append(f"  {t['declarer']}: {res.meld_points[res.declarer]} + "
                     f"{res.trick_points[res.declarer]} = {res.declarer_total} "
                     f"({t['made'] if res.made else t['lost']})")
    elif res.contract in ("durch", "untendurch"):
        lines.append(f"  {t[res.contract]} {t['made'] if res.made else t['lost']}")
    for note in res.notes:
        lines.append(f"  {note}")
    for seat, score in enumerate(res.scores):
        lines.append(f"  {t['seat']} {seat}: {t['melds']} {res.meld_points[seat]}, "
                     f"{t['tricks']} {res.trick_points[seat]} -> {t['score']} {score:+d}")
    return lines
