"""Hand-checked Doppelkopf deals written trick by trick.

A deal is twelve strings, one per trick, in playing order: ``"0:EA 1:E10 2:EA 3:E10"``.
A token whose right side is not a card is an action of that seat before its card, e.g.
``"0:re"`` or ``"0:keine_90"`` (underscores for spaces). The hands follow from the tricks, and
the deck is the dealing order that gives them (dealer 3: seat 0 is Vorhand).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from dataclasses import replace

from binokel.core.cards import Card
from binokel.core.cards import parse_card
from binokel.core.cards import parse_cards
from binokel.games.doppelkopf.deal import full_deck
from binokel.games.doppelkopf.deal import seating
from binokel.games.doppelkopf.rules import DokoRules
from binokel.games.doppelkopf.state import DokoState


def _is_card(tok: str) -> bool:
    try:
        parse_card(tok)
    except ValueError:
        return False
    return True


def deck_from_tricks(tricks: list[str], dealer: int = 3, players: int = 4,
                     rules: DokoRules | None = None) -> list[Card]:
    hands: dict[int, list[Card]] = {s: [] for s in range(players)}
    for t in tricks:
        for tok in t.split():
            seat, what = tok.split(":")
            if _is_card(what):
                hands[int(seat)].append(parse_card(what))
    return deck_for_hands(hands, dealer, players, rules)


def deck_for_hands(hands: dict[int, list[Card]], dealer: int = 3, players: int = 4,
                   rules: DokoRules | None = None) -> list[Card]:
    """The dealing order that gives each seat in play its hand (three at a time from
    Vorhand; without nines 3, 4, 3)."""
    active = seating(dealer, players)[0]
    packets = (3, 3, 3, 3) if (rules or DokoRules()).nines else (3, 4, 3)
    deck: list[Card] = []
    pos = 0
    for n in packets:
        for s in active:
            deck += hands[s][pos:pos + n]
        pos += n
    return deck


def play(tricks: list[str], setup: list[str] | None = None, dealer: int = 3,
         rules: DokoRules | None = None, upto: int | None = None) -> DokoState:
    """Deal, apply ``setup`` (default: everybody ``gesund``), then play the tricks (the first
    ``upto`` only, if given); every token is checked to be made by the seat to move."""
    rules = rules or DokoRules()
    state = DokoState.new(rules, dealer, deck_order=deck_from_tricks(tricks, dealer, 4, rules))
    for a in setup if setup is not None else ["gesund"] * 4:
        state.apply(a)
    for t in tricks[:upto]:
        for tok in t.split():
            seat, what = tok.split(":")
            assert state.to_move == int(seat), (t, tok, state.to_move)
            state.apply(("play " + what) if _is_card(what) else what.replace("_", " "))
    return state


def with_tokens(tricks: list[str], trick: int, tokens: str) -> list[str]:
    """Insert tokens (``"0:re 0:keine_90"``) before the card of their seat in trick
    ``trick``."""
    out = list(tricks)
    seat = tokens.split()[0].split(":")[0]
    parts = out[trick].split()
    i = next(k for k, p in enumerate(parts) if p.startswith(f"{seat}:"))
    out[trick] = " ".join(parts[:i] + tokens.split() + parts[i:])
    return out


# N1: Re = seats 0 and 1 (one Kreuz-Dame each) take 220, Kontra 20.
# Doppelkopf in trick 1 (42, Re); trick 6: seat 2's Fuchs caught by seat 0 (Re).
N1 = [
    "0:EA 1:E10 2:EA 3:E10",   # 42 -> 0
    "0:EK 1:E9 2:EK 3:E9",     # 8 -> 0
    "0:BA 1:B10 2:BA 3:B9",    # 32 -> 0
    "0:BK 1:B10 2:BK 3:B9",    # 18 -> 1
    "1:HA 2:HK 3:H9 0:HA",     # 26 -> 1
    "1:EO 2:SA 3:S9 0:H10",    # 24 -> 0, Fuchs of seat 2 caught
    "0:EO 1:H10 2:S10 3:S9",   # 23 -> 1
    "1:BO 2:SK 3:SK 0:HO",     # 14 -> 1
    "1:HO 2:SO 3:BO 0:SO",     # 12 -> 3
    "3:HK 0:H9 1:SA 2:S10",    # 25 -> 1 (1 and 2 ruff)
    "1:BU 2:EU 3:BU 0:HU",     # 8 -> 2
    "2:SU 3:SU 0:EU 1:HU",     # 8 -> 0
]

# N2: as N1 but the Kreuz-Damen lie with seats 2 and 3: Re (2, 3) 20, Kontra (0, 1) 220.
# Trick 6: seat 3's (Re) Fuchs caught by seat 0 (Kontra).
N2 = [*N1[:5], "1:S9 2:EO 3:SA 0:H10", "0:S9 1:H10 2:S10 3:EO", *N1[7:]]

# N3: Re = 0, 1 with exactly 120, Kontra 120. Doppelkopf for Kontra (trick 1), Fuchs caught
# by Re (trick 6).
N3 = [
    "0:E10 1:E10 2:EA 3:EA",   # 42 -> 2
    "2:EK 3:E9 0:EK 1:E9",     # 8 -> 2
    "2:BA 3:B9 0:BA 1:B10",    # 32 -> 2
    "2:BK 3:B10 0:BK 1:B9",    # 18 -> 3
    "3:H9 0:HA 1:HA 2:HK",     # 26 -> 0
    "0:H10 1:EO 2:SA 3:S9",    # 24 -> 0
    "0:EO 1:H10 2:S10 3:S9",   # 23 -> 1
    "1:BO 2:SK 3:SK 0:HO",     # 14 -> 1
    "1:HO 2:SO 3:BO 0:SO",     # 12 -> 3
    "3:HK 0:H9 1:SA 2:S10",    # 25 -> 1
    "1:BU 2:EU 3:BU 0:HU",     # 8 -> 2
    "2:SU 3:SU 0:EU 1:HU",     # 8 -> 0
]

# N3b: as N3 but Re takes trick 11: Re 128, Kontra 112.
N3B = [*N3[:10], "1:EU 2:BU 3:BU 0:HU", "1:HU 2:SU 3:SU 0:EU"]

# K: as N1 but Karlchen (SU) of seat 2 (Kontra) takes the last trick. Re 216, Kontra 24.
K = [*N1[:5], "1:EO 2:SA 3:HU 0:H10", "0:EO 1:H10 2:S10 3:BU", *N1[7:10],
     "1:BU 2:EU 3:EU 0:HU", "2:SU 3:S9 0:SU 1:S9"]

# Seat 0 holds both Kreuz-Damen (N1 with the Kreuz-Dame and a Dulle swapped between seats
# 0 and 1). Seat 0 wins tricks 1-3 alone: 90 in all (42 + 8 + 32 + 8).
H0 = [*N1[:5], "1:H10 2:SA 3:S9 0:EO", "1:H10 2:S10 3:S9 0:EO", *N1[7:]]

# Both Kreuz-Damen with seat 0; trick 1 goes to seat 2 (N3 with the swap).
H1 = [*N3[:5], "0:EO 1:H10 2:SA 3:S9", "1:H10 2:S10 3:S9 0:EO", *N3[7:]]

# Both Kreuz-Damen with seat 0; trick 1 (led in Kreuz) goes to seat 2, trick 2 is the first
# led with trump (seat 2's Fuchs) and goes to seat 1's Dulle. H1's cards in another order.
HT = ["0:E10 1:E10 2:EA 3:EA", "2:SA 3:S9 0:EO 1:H10", "1:H10 2:S10 3:S9 0:EO",
      "1:BO 2:SK 3:SK 0:HO", "1:HO 2:SO 3:BO 0:SO", "3:H9 0:HA 1:HA 2:HK",
      "0:EK 1:E9 2:EK 3:E9", "0:BA 1:B10 2:BA 3:B9", "0:BK 1:B9 2:BK 3:B10",
      "3:HK 0:H9 1:SA 2:S10", "1:BU 2:EU 3:BU 0:HU", "2:SU 3:SU 0:EU 1:HU"]

# Both Kreuz-Damen with seat 0; seat 0 wins trick 1, seat 1 trick 2.
H2 = [H0[0], "0:E9 1:EK 2:EK 3:E9", "1:BA 2:BA 3:B9 0:B10", "1:B10 2:BK 3:B9 0:BK",
      *H0[4:]]

# Both Kreuz-Damen with seat 0; seat 0 wins tricks 1 and 2, seat 1 trick 3.
H3 = [H0[0], H0[1], "0:B9 1:BA 2:BA 3:B10", "1:B10 2:BK 3:B9 0:BK", *H0[4:]]

# S: as N1 but Re (0, 1) takes every trick: Kontra is schwarz.
S = [*N1[:7], "1:BO 2:SK 3:BO 0:HU", "1:HO 2:SO 3:SU 0:SO", "1:HU 2:SU 3:SK 0:EU",
     "0:H9 1:SA 2:S10 3:HK", "1:BU 2:EU 3:BU 0:HO"]

# Every house rule switched on at once (the conformance, no-leak and presenter tests run it),
# Bockrunden included: this deal is itself a Bock deal, and in a series every event starts
# two rounds of them, two at a time; in a series the Pflichtsoli still owed at the end are
# vorgeführt.
ALL_ON = DokoRules(
    dulle_second_wins=True, dulle_first_in_last_trick=True, schweinchen=True,
    schweinchen_in_solos=True, superschweine=True, karlchen="kreuz", karlchen_gefangen=True,
    doppel_karlchen=True, karlchen_double=True, fuchs_last_trick=True, koenigssolo=True,
    damen_buben_solo=True, throw_nines=5, throw_kings=5, throw_nines_kings=7, armut=True,
    armut_over_hochzeit=True, hochzeit_klaerung="fehl", pflichtsolo=True, vorfuehren=True,
    ansage_played=3,
    absage_step=2, reach_absage_wins=True, genscher="first", genscher_announcements="all",
    bock_after="tie,solo_lost,kontra_won,both_announced", bock_rounds=2, bock_stack=2,
    bock_level=1)

# The same without Pflichtsolo (every solo a Lustsolo) and with the other value of each
# option that has several: Karo-Bube Karlchen, the first trump trick finds the Hochzeit's
# partner, the Genscher with the second König, the Hochzeit before the Armut.
ALL_ON_LUST = replace(
    ALL_ON, pflichtsolo=False, karlchen="karo", hochzeit_klaerung="trumpf",
    armut_over_hochzeit=False, genscher="second", genscher_announcements="ansagen",
    throw_nines=6, throw_kings=6, throw_nines_kings=8, ansage_played=1, absage_step=1,
    bock_rounds=1, bock_stack=3, bock_level=2)

# Pflichtsolo owed by seats 0 and 2 only (1 and 3 play Lustsoli), only the first trick finds
# the Hochzeit's partner, the Absagen before a Genscher lapse.
ALL_ON_SOME = replace(ALL_ON, pflicht_owed="02", hochzeit_klaerung="erster",
                      genscher_announcements="void", bock_level=0)

# Without nines (Superschweine are then the Karo-Könige), any trick finds the Hochzeit's
# partner (the default).
ALL_ON_40 = replace(ALL_ON, nines=False, hochzeit_klaerung="fremd")

# FreeDoko's house rules of issue 32 on top of ALL_ON (two mixes, every value of each
# option with several): the conformance test plays them at random.
ALL_ON_HOUSE = replace(
    ALL_ON, koehler_solo=True, koenige_buben_solo=True, koenige_damen_solo=True,
    lustsolo_leads=True, throw_points=70, throw_one_trump=True, throw_fuchs_highest=True,
    throw_before_solo=True, armut_fuchs_uncounted=True, armut_pass="fuchs_extra",
    armut_fuchs_open=True, announce_any_time=True, erwiderung_no_absage=True,
    announce_first_trick_30=True, fuchs_double=True, karlchen_karo_dame=True,
    dulle_caught=True, herz_trick_point=True, hochzeit_tricks=2,
    bock_after="tie,solo_lost,kontra_won,both_announced,announced_lost,herz_trick,schwarz",
    bock_factor=3, bock_thrown=False, bock_pflichtsolo=False,
    schweinchen_when="played", dulle_first_with_schweine=True, hochzeit_klaerung="wahl",
    five_table="per_player")
ALL_ON_HOUSE_2 = replace(ALL_ON_HOUSE, armut_fuchs_uncounted=False, armut_pass="trumps",
                         armut_fuchs_open=False, throw_points=0, lustsolo_leads=False,
                         pflichtsolo=False, announce_first_trick_30=False, bock_factor=2,
                         re_kontra_doubles=True, score_sheet="minus", hochzeit_tricks=5,
                         schweinchen_when="second", schweinchen_hochzeit=False,
                         schweinchen_armut=False)

ALL_ON_VARIANTS = {"all-on": ALL_ON, "all-on-lust": ALL_ON_LUST, "all-on-some": ALL_ON_SOME,
                   "all-on-40": ALL_ON_40}

# A deal that is itself a Vorführung: seat 0, the only seat that owes, must play a solo.
# With four players seat 0 is in play and the first that owes whoever deals (with five it
# sits out when it deals: the rules do not fit then, so this is for four players only).
ALL_ON_VORGEFUEHRT = replace(ALL_ON, pflicht_owed="0", vorgefuehrt=0)

# G: N1 with seat 2's Karo-König and seat 3's Karo-Neun of tricks 7 and 8 swapped, so that
# seat 3 (Kontra) holds both Karo-Könige and plays them in tricks 7 and 8 (seats 0, 1 Re).
# Without a Genscher Re takes 220; a Genscher of seat 3 with seat 0 makes 0 and 3 Re with
# 126 (0: 114, 3: 12) against 114 (1: 106, 2: 8).
G = [*N1[:6], "0:EO 1:H10 2:S10 3:SK", "1:BO 2:S9 3:SK 0:HO", *N1[8:]]

# GS: G with both Kreuz-Damen with seat 0 (a stille Hochzeit); seat 3 holds both Karo-Könige.
GS = [*N1[:5], "1:H10 2:SA 3:S9 0:EO", "1:H10 2:S10 3:SK 0:EO", *G[7:]]

# KB: seat 0 (Re with seat 1) takes tricks 1-5 with its Kreuz-, Pik- and Herz-Asse and, by
# trick 10, every trump above the Karo-Bube is played; seat 0 leads trick 11 with the
# Kreuz-Bube and a Karo-Bube in hand, both sure. Whichever Bube it keeps wins the last trick.
# Augen: tricks 1-5 15 + 35 + 15 + 35 + 15 -> 0; trick 6 15 -> 2; trick 7 20 -> 1; trick 8
# 19 -> 0; trick 9 10 -> 1; trick 10 9 -> 0; tricks 11, 12 26 each -> 0: Re 225, Kontra 15.
KB = [
    "0:EA 1:E9 2:EK 3:E9",
    "0:EA 1:EK 2:E10 3:E10",
    "0:BA 1:B9 2:BK 3:B9",
    "0:BA 1:BK 2:B10 3:B10",
    "0:HA 1:H9 2:HK 3:H9",
    "0:HA 1:HK 2:S9 3:S9",     # seats 2 and 3 are void in Herz: seat 2's Karo-Neun wins
    "2:BO 3:HO 0:SK 1:H10",
    "1:EO 2:HO 3:SO 0:H10",
    "0:SO 1:BO 2:EU 3:BU",
    "1:HU 2:BU 3:HU 0:EO",
    "0:SU 1:S10 2:SK 3:S10",   # the Kreuz-Bube kept: the last trick below is his
    "0:EU 1:SA 2:SA 3:SU",     # seat 2's (Kontra) Fuchs caught
]

# F: N1 to trick 9, then seat 1 (Re) keeps his Fuchs for the last trick, which is led in
# Herz and which the Fuchs wins: trick 10 8 -> 2, trick 11 8 -> 0, trick 12 25 -> 1.
# Re 187 + 8 + 25 = 220, Kontra 12 + 8 = 20.
F = [*N1[:9],
     "3:BU 0:HU 1:HU 2:EU",     # 8 -> 2
     "2:SU 3:SU 0:EU 1:BU",     # 8 -> 0
     "0:H9 1:SA 2:S10 3:HK"]    # 25 -> 1: seat 1 is void in Herz, his Fuchs wins

# D: N1 to trick 5 (Re 0, 1 with 126), then both Dullen held to the last trick, seat 0's
# (Re) and seat 2's (Kontra): 13 -> 1, 27 -> 0 (seat 2's Fuchs caught), 24 -> 1, 12 -> 1,
# 9 -> 1, 7 -> 0: Re 218 before the last trick, which holds 22.
D = [*N1[:5],
     "1:EO 2:SK 3:SK 0:HU",     # 13 -> 1
     "1:SA 2:SA 3:SU 0:HO",     # 27 -> 0
     "0:H9 1:S10 2:S10 3:HK",   # 24 -> 1: seats 1 and 2 ruff, the first Karo-Zehn wins
     "1:BO 2:SO 3:BO 0:SO",     # 12 -> 1
     "1:HO 2:EU 3:BU 0:EU",     # 9 -> 1
     "1:BU 2:SU 3:S9 0:EO",     # 7 -> 0
     "0:H10 1:HU 2:H10 3:S9"]   # 22: the first Dulle (seat 0) or the second (seat 2)

# KS: a Königssolo of seat 0 (EK EK BK BK HK HK SK, EA EA BA BA and H10): the Könige are
# the only trumps, the Damen and Buben are plain cards of their suits. Seat 1 must follow the
# first König with his SK; seat 0 takes tricks 1-11 (8 8 10 26 29 10 11 31 17 31 27 = 208),
# his Herz-Zehn loses the last trick to seat 2's Herz-As (32).
KS = [
    "0:EK 1:SK 2:S9 3:S9",      # 8
    "0:EK 1:H9 2:SU 3:SU",      # 8
    "0:BK 1:B9 2:SO 3:SO",      # 10
    "0:BK 1:HU 2:S10 3:S10",    # 26
    "0:HK 1:HO 2:SA 3:SA",      # 29
    "0:HK 1:EU 2:EU 3:HU",      # 10
    "0:SK 1:BU 2:BO 3:BU",      # 11
    "0:EA 1:E10 2:E10 3:E9",    # 31
    "0:EA 1:EO 2:EO 3:B9",      # 17: the Kreuz-Damen follow Kreuz
    "0:BA 1:B10 2:B10 3:H9",    # 31
    "0:BA 1:BO 2:H10 3:HO",     # 27
    "0:H10 1:E9 2:HA 3:HA",     # 32 -> 2: the first Herz-As
]

# DB: a Damen-Buben-Solo of seat 0 (EO EO BO BO HO EU EU, EA EA BA BA and H9): the Damen,
# then the Buben are trumps; the Herz-Zehn is a plain Herz card below the As. Seat 0 loses
# only trick 9 (his Herz-Neun, 32 to seat 1): Re 208, Kontra 32.
DB = [
    "0:EO 1:SU 2:BU 3:SU",      # 9
    "0:EO 1:HU 2:SO 3:HU",      # 10
    "0:BO 1:BU 2:S9 3:HO",      # 8
    "0:BO 1:SO 2:SK 3:H9",      # 10
    "0:BA 1:B10 2:BK 3:B9",     # 25
    "0:BA 1:H10 2:B10 3:BK",    # 35: seat 1, void in Pik, throws his Herz-Zehn
    "0:EA 1:E10 2:E10 3:E9",    # 31
    "0:EA 1:EK 2:EK 3:S9",      # 19
    "0:H9 1:HA 2:HA 3:H10",     # 32 -> 1: the first Herz-As
    "1:SA 2:SA 3:S10 0:EU",     # 34 -> 0: seat 0 ruffs
    "0:HO 1:E9 2:HK 3:HK",      # 11
    "0:EU 1:S10 2:B9 3:SK",     # 16
]

# THROW: hands (dealer 3, seat 0 Vorhand) for throwing in: seat 1 holds five Könige and one
# Neun, seat 2 five Neunen and one König, seat 3 two of each.
THROW = {
    0: "EO H10 HO SO HU SU SA S10 EA E10 BA B10",
    1: "EK EK BK BK HK S9 EO HO SA S10 EA BA",
    2: "E9 E9 B9 B9 H9 HK H10 BO SO EU BU HA",
    3: "E10 EU B10 BO BU HA H9 HU SK SK S9 SU",
}


# ------------------------------------------------------------------ stacked decks
@dataclass(frozen=True)
class Stack:
    """A deal biased towards one feature: the cards seat ``a`` is dealt (and seat ``b``, the
    next seat in play after ``a`` but one), the rest at random; what ``a`` then declares,
    whether it calls a Genscher when offered, the cards both ``a`` and ``b`` hold back as
    long as they can, and whether every other seat declines an Armut. ``K`` in the cards
    stands for the Karlchen of the rules; without nines S9 and H9 become SK and HK
    (:func:`stack_cards`)."""

    a: str = ""
    b: str = ""
    declare: str | None = None
    genscher: bool = False
    hold: str = ""
    decline: bool = False
    nines_only: bool = False     # needs the nines (a throw-in with nines)


STACKS: dict[str, Stack] = {
    "natural": Stack(),                       # no stack, the heuristic's own Vorbehalte
    "schweine": Stack(a="SA SA S9 S9"),
    "schweine_solo": Stack(a="HA HA H9 H9 H10 EO BO HO", declare="solo H"),
    "hochzeit": Stack(a="EO EO", declare="hochzeit"),
    "stille": Stack(a="EO EO H10 H10 BO BO HO"),
    "armut": Stack(a="EA EA E10 E10 EK EK BA BA B10 B10",
                   b="H10 H10 EO BO BO HO HO SO SO EU", declare="armut"),
    "armut_refused": Stack(a="EA EA E10 E10 EK EK BA BA B10 B10", declare="armut",
                           decline=True),
    "throw_nines": Stack(a="E9 E9 B9 B9 H9 EA EA BA H10 EO SO HU", declare="schmeissen",
                         nines_only=True),
    "throw_kings": Stack(a="EK EK BK BK HK HK EA BA H10 EO SO HU", declare="schmeissen"),
    "throw_nines_kings": Stack(a="E9 E9 B9 B9 EK EK BK BK EA BA H10 EO",
                               declare="schmeissen", nines_only=True),
    "solo_damen": Stack(a="EO EO BO BO HO HO EA EA BA BA", declare="solo damen"),
    "solo_buben": Stack(a="EU EU BU BU HU HU EA EA BA BA", declare="solo buben"),
    "solo_koenige": Stack(a="EK EK BK BK HK HK SK SK EA EA BA BA", declare="solo koenige"),
    "solo_damenbuben": Stack(a="EO EO BO BO HO HO SO EU EU BU BU HU",
                             declare="solo damenbuben"),
    "solo_fleischlos": Stack(a="EA EA BA BA HA HA SA SA E10 B10", declare="solo fleischlos"),
    "solo_kreuz": Stack(a="H10 EO EO BO BO EA EA E10 E10 EK", declare="solo E"),
    "solo_karo": Stack(a="H10 H10 EO BO HO SA SA S10", declare="solo S"),
    "genscher": Stack(a="SK SK", genscher=True),
    "karlchen": Stack(a="K H10 H10 EO BO BO HO HO", b="K", hold="K"),
    "fuchs": Stack(a="SA H10 H10 EO BO BO HO HO SO SO EU", b="SA"),
    "dulle": Stack(a="H10", b="H10", hold="H10"),
}


def stack_cards(text: str, rules: DokoRules) -> list[Card]:
    """The cards of a :class:`Stack` under ``rules``: ``K`` is the Karlchen (the Kreuz-Bube
    when there is none); without nines the trump Neunen S9 / H9 become the Könige (which are
    then the Superschweine)."""
    karlchen = {"karo": "SU"}.get(rules.karlchen, "EU")
    toks = [karlchen if t == "K" else t for t in text.split()]
    if not rules.nines:
        toks = ["SK" if t == "S9" else "HK" if t == "H9" else t for t in toks]
    return parse_cards(" ".join(toks))


def stacked_deal(rules: DokoRules, dealer: int, players: int, stack: Stack, a: int,
                 rng: random.Random) -> tuple[DokoState, dict[int, Stack]]:
    """A deal whose seat ``a`` (in play) gets ``stack.a`` and the seat two places after it
    ``stack.b``, the rest shuffled by ``rng``; and what each seat in play follows."""
    active = seating(dealer, players)[0]
    assert a in active
    b = active[(active.index(a) + 2) % 4]
    n = rules.hand_size    # without nines a stack of 12 keeps its first 10 cards
    given = {a: stack_cards(stack.a, rules)[:n], b: stack_cards(stack.b, rules)[:n]}
    rest = full_deck(rules, players)
    for cards in given.values():
        for c in cards:
            rest.remove(c)
    rng.shuffle(rest)
    hands: dict[int, list[Card]] = {}
    for s in active:
        mine = list(given.get(s, []))
        k = rules.hand_size - len(mine)
        hands[s], rest = mine + rest[:k], rest[k:]
        rng.shuffle(hands[s])
    deck = deck_for_hands(hands, dealer, players, rules)
    state = DokoState.new(rules, dealer, deck_order=deck, players=players)
    others = Stack(decline=stack.decline)
    return state, {s: stack if s == a else replace(others, hold=stack.hold if s == b else "")
                   for s in active}
