"""Claims (core.claims) in every game, hand-checked deals: a claim accepted, one refused, a
concession, Binokel's open game (seed 003: "Aufgelegte Spiele werden mit 1000 Punkten
gutgeschrieben"), Doppelkopf's Spielabkürzung (DDV 5.4); Zweierbinokel's second moment to
meld (seed 001) and Binokel's zero-point trick (seed 003); views, tables, records, bots.

The Binokel deal of most tests, dealer 2 (Vorhand 0, Hinterhand 1), classic card points:

- seat 0: every Eichel (A 10 K O U twice) and both Herz-Asse; the Dapp: BU BU SU HU, which
  he pushes again. With Eichel trump nobody else holds a trump: he takes every trick, and
  melds the double trump family (300, ``turnier``: 1000).
- seat 1: BA BA B10 B10 BK BK BO BO H10 H10 HK HK: two Blatt pairs, 40.
- seat 2: SA SA S10 S10 SK SK SO SO SU HO HO HU: a Schellen family and a pair, 120.

Seat 0 bids 150, both pass. The deal holds 240 card points and the last trick's 10.
"""

from __future__ import annotations

import json
import random

import pytest

from binokel.bots import make_bot
from binokel.core.cards import card_token
from binokel.core.cards import cards_of
from binokel.core.cards import cardset
from binokel.core.cards import parse_card
from binokel.core.cards import parse_cards
from binokel.core.errors import IllegalAction
from binokel.core.outcome import Termination
from binokel.games.binokel.melds import best_melds
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.rules import reach
from binokel.games.binokel.state import DealState
from binokel.games.doppelkopf.rules import DokoRules
from binokel.games.zweier.deal import TURNED_UP
from binokel.games.zweier.deal import full_deck as zweier_deck
from binokel.games.zweier.rules import ZweierRules
from binokel.games.zweier.state import ZweierState
from binokel.present import present
from binokel.present.describe import describe_deal
from binokel.record import Record
from binokel.registry import find_game
from doppelkopf_deals import N1
from doppelkopf_deals import play as doko_play
from helpers import deal
from helpers import finished
from helpers import run

HANDS = {0: "EA EA E10 E10 EK EK EO EO EU EU HA HA",
         1: "BA BA B10 B10 BK BK BO BO H10 H10 HK HK",
         2: "SA SA S10 S10 SK SK SO SO SU HO HO HU"}
DAPP = "BU BU SU HU"
SETUP = "bid 150; pass; pass; discard BU BU SU HU; trump E"
NAMES = ["Ann", "Bob", "Cid"]
# Seed 003's rules that ``turnier`` does not have yet (docs/RULES-DECISIONS.md, "Claims").
SEED_003: dict[str, object] = {"open_game": 1000, "meld_needs_points": True}


def binokel(preset: str = "standard", **options: object) -> DealState:
    """The deal of the module's text, declared: seat 0 to lead the first trick."""
    return run(deal(HANDS, DAPP, preset=preset, **options), SETUP)


def test_the_deal_is_as_described() -> None:
    s = binokel(claims=True)
    assert s.declarer == 0 and s.to_move == 0 and s.phase == "play"
    assert s.melds is not None and [m.total for m in s.melds] == [300, 40, 120]
    assert s.legal_actions()[-2:] == ["claim", "concede"]
    without = binokel()
    assert "claim" not in without.legal_actions()


# ----------------------------------------------------------------------------- Binokel
def test_a_claim_accepted() -> None:
    """Trick 1 (EA BA SA, 33) to seat 0; he claims, both accept: the rest (176 card points,
    the last trick's 10) is his. Declarer: melds 300 + 250 = 550; seat 1: melds 40,
    seat 2: melds 120 (no trick points to round)."""
    s = run(binokel(claims=True), "play EA; play BA; play SA; claim")
    assert s.phase == "claim" and s.to_move == 1 and s.claim is not None
    assert s.legal_actions() == ["accept", "refuse"]
    run(s, "accept")
    assert s.to_move == 2 and not s.is_over
    run(s, "accept")
    res = s.result
    assert s.is_over and res is not None
    assert res.termination is Termination.DECIDED and res.made
    assert res.trick_points == (250, 0, 0) and res.tricks_won == (12, 0, 0)
    assert res.scores == (550, 40, 120)
    assert sum(s.points_taken()) == s.points_total() == 250


def test_a_claim_refused_keeps_the_hand_open() -> None:
    """Seat 1 claims the rest (wrongly: he cannot take a trick); seat 2 plays on. His hand
    lies open for the rest of the deal, he must play a card before he may claim again, and
    the deal is played out as the cards fall."""
    s = run(binokel(claims=True), "play EA; play BA; play SA; play EA; claim")
    assert s.to_move == 2 and s.phase == "claim"
    assert s.view(2).open_hands == ((1, tuple(cards_of(s.hands[1]))),)
    run(s, "refuse")
    assert s.phase == "play" and s.to_move == 1 and s.claim is None
    assert "claim" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="play a card first"):
        s.apply("claim")
    for seat in (0, 2, -1):
        v = s.public_view() if seat < 0 else s.view(seat)
        assert v.open_hands == ((1, tuple(cards_of(s.hands[1]))),)
        assert "open_hands" in v.to_json()
    run(s, "play BA; play SA")           # trick 2: 33 to seat 0
    assert "claim" in s.legal_actions()  # seat 0 leads: he may claim
    while not s.is_over:
        s.apply(next(a for a in s.legal_actions() if a.startswith("play ")))
    res = s.result
    assert res is not None and res.termination is Termination.PLAYED
    assert res.tricks_won == (12, 0, 0) and res.scores == (550, 40, 120)
    # The open hand is what is left of it, to everyone.
    assert s.view(2).open_hands == ((1, ()),)


def test_a_concession_splits_the_rest_between_the_opponents() -> None:
    """Two tricks (EA BA SA, 33 each) to seat 0, then he concedes: the rest, 250 - 8 pushed
    - 66 = 176 points in 10 tricks, is the opponents', 88 and 5 tricks each. Declarer:
    melds 300 + trick points 74 = 374 >= 150, made; seat 1: 40 + 88 rounded to 90 = 130;
    seat 2: 120 + 90 = 210."""
    s = run(binokel(claims=True), "play EA; play BA; play SA; play EA; play BA; play SA")
    run(s, "concede; accept; accept")
    res = s.result
    assert res is not None and res.termination is Termination.DECIDED
    assert res.trick_points == (74, 88, 88) and res.tricks_won == (2, 5, 5)
    assert res.scores == (374, 130, 210)


def test_an_opponent_concedes_to_the_declarer() -> None:
    s = run(binokel(claims=True), "play EA; concede")
    assert s.claim is not None and s.claim.kind == "concede" and s.to_move == 2
    run(s, "accept; accept")
    res = s.result
    assert res is not None and res.tricks_won == (12, 0, 0) and res.scores == (550, 40, 120)


def test_the_open_game_is_credited_1000() -> None:
    """open_game 1000: before his first card the declarer lays down (claims every trick);
    accepted, he is credited 1000 (his melds and tricks, 550, are less). The others score
    as if they took no trick: their melds, 40 and 120 (``meld_needs_trick`` is off)."""
    s = binokel(open_game=1000)
    assert s.legal_actions()[-1] == "claim" and "concede" not in s.legal_actions()
    run(s, "claim; accept; accept")
    res = s.result
    assert res is not None and res.termination is Termination.DECIDED
    assert res.scores == (1000, 40, 120) and res.declarer_total == 1000 and res.made
    table = present(s.view(1), "en", NAMES)
    assert table.result[0] == "Ann claimed the rest and everybody accepted."
    assert any("Open game: Ann laid down before the first card" in x for x in table.result)


def test_the_open_game_only_before_the_declarers_first_card() -> None:
    s = binokel(open_game=1000)
    run(s, "play EA")
    assert s.to_move == 1 and "claim" not in s.legal_actions()   # not for an opponent
    run(s, "play BA; play SA")
    assert "claim" not in s.legal_actions()                      # he has played a card


def test_the_turnier_open_game_credits_the_more_of_1000_and_the_play() -> None:
    """``turnier`` with seed 003's open game: the double trump family is 1000 there, so
    melds 1000 + 250 = 1250 are more than 1000 and count; the opponents took no trick and
    lose their melds (``meld_needs_trick``)."""
    s = binokel("turnier", **SEED_003)
    run(s, "claim; accept; accept")
    assert s.result is not None and s.result.scores == (1250, 0, 0)


def test_a_refused_open_game_that_takes_every_trick_is_credited() -> None:
    s = binokel(open_game=1000)
    run(s, "claim; accept; refuse")
    assert s.phase == "play" and s.to_move == 0
    while not s.is_over:
        s.apply(next(a for a in s.legal_actions() if a.startswith("play ")))
    res = s.result
    assert res is not None and res.termination is Termination.PLAYED
    assert res.scores == (1000, 40, 120)


def test_kreuzbinokel_claim_for_the_team() -> None:
    """A claim in Kreuzbinokel gives the rest to the claimer's team."""
    spec = find_game("kreuzbinokel")
    s = spec.new_deal(spec.make_rules({"options": {"claims": True}}), 3, seed=5, players=4)
    rng = random.Random(5)
    while s.phase != "play":
        s.apply(next((a for a in s.legal_actions() if a.startswith("trump")),
                     s.random_action(rng)) if s.phase == "trump" else s.random_action(rng))
    seat = s.to_move
    run(s, "claim; accept; accept; accept")
    res = s.result
    assert res is not None and res.termination is Termination.DECIDED
    team = next(p for p in res.parties if seat in p)
    others = [x for x in range(4) if x not in team]
    assert sum(res.trick_points[x] for x in team) == 250 and sum(
        res.tricks_won[x] for x in others) == 0


def test_claim_errors_change_nothing() -> None:
    s = binokel(claims=True)
    before = json.dumps(s.view(0).to_json())
    for bad, why in [("claim now", "takes no argument"), ("accept", "no claim to answer"),
                     ("refuse", "no claim to answer")]:
        with pytest.raises(IllegalAction, match=why):
            s.apply(bad)
    assert json.dumps(s.view(0).to_json()) == before
    run(s, "claim")
    for bad in ("play EA", "claim", "concede", "bid 200"):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    with pytest.raises(IllegalAction, match="not possible now"):
        binokel().apply("claim")        # claims are off


def test_a_view_without_a_claim_reads_as_before() -> None:
    v = binokel(claims=True).view(1).to_json()
    assert "claim" not in v and "open_hands" not in v


def test_records_replay_a_claimed_deal() -> None:
    s = run(binokel(claims=True), "play EA; play BA; play SA; claim; refuse; play EA; "
            "play BA; play SA; claim; accept; accept")
    rec = Record.from_state(s)
    again = Record.loads(rec.dumps())
    replayed = again.replay()
    assert replayed.history == s.history and replayed.result == s.result
    text = describe_deal(replayed, "en", "token", NAMES)
    assert "Ann lays down and claims the rest" in json.dumps(text)


# ------------------------------------------------------------------------------ tables
def test_the_table_of_a_claim() -> None:
    s = run(binokel(claims=True), "play EA; play BA; play SA; claim")
    t = present(s.view(1), "en", NAMES)
    assert t.status.endswith("Ann lays down and claims the rest: accept or play on?")
    assert [(b.action, b.label) for b in t.choices.buttons] == [("accept", "Accept"),
                                                                 ("refuse", "Play on")]
    assert t.seats[0].table == tuple(card_token(c) for c in cards_of(s.hands[0]))
    assert t.seats[1].table == ()   # his own hand is his hand
    assert t.log[-1] == "Ann lays down and claims the rest"
    de = present(s.view(1), "de", NAMES)
    assert [b.label for b in de.choices.buttons] == ["Annehmen", "Weiterspielen"]
    mine = present(run(binokel(claims=True), "").view(0), "de", NAMES)
    assert [b.label for b in mine.choices.buttons] == ["Rest beanspruchen", "Rest abgeben"]
    assert mine.choices.cards is not None and "claim" not in mine.choices.cards.cards
    run(s, "refuse")
    t = present(s.view(0), "en", NAMES)
    assert t.log[-1] == "Bob plays on; Ann's cards stay open"


# ------------------------------------------------------------------------ zero points
@pytest.mark.parametrize(("needs_points", "scores"), [(False, (500, 60, 0)),
                                                      (True, (500, 0, 0))])
def test_a_trick_worth_no_points_keeps_no_meld(needs_points: bool,
                                               scores: tuple[int, ...]) -> None:
    """Tournament card points (O and U count 0), ``meld_needs_trick``: seat 1 took one trick
    of Obers and Unters, worth 0, seat 2 none. Seed 003 ("keinen Stich macht, also null
    Stichpunkte hat"): with ``meld_needs_points`` that trick keeps no meld."""
    rules = Rules.from_preset("standard", card_points="tournament", meld_needs_trick=True,
                              meld_needs_points=needs_points, rounding="none")
    res = finished(rules, melds=(250, 60, 40), points=(250, 0, 0), tricks=(11, 1, 0))
    assert res.scores == scores


def test_the_declarers_pushed_cards_are_no_trick() -> None:
    """The declarer's pushed cards count as his card points but are no trick: with only a
    trick worth nothing besides them, ``meld_needs_points`` voids his meld."""
    rules = Rules.from_preset("standard", card_points="tournament", meld_needs_trick=True,
                              meld_needs_points=True, rounding="none")
    res = finished(rules, bid=150, melds=(300, 0, 0), points=(0, 110, 110),
                   tricks=(1, 5, 6), discard="EA E10 EK EO")
    assert res.trick_points[0] == 30 and res.meld_points[0] == 0 and not res.made
    res = finished(rules, bid=150, melds=(300, 0, 0), points=(10, 100, 110),
                   tricks=(1, 5, 6), discard="EA E10 EK EO")
    assert res.meld_points[0] == 300 and res.made


# ------------------------------------------------------------------------------ max_bid
def test_max_bid_has_no_ceiling_below_the_cards() -> None:
    """The list of bids once stopped at 300 bids: 1645 with bid_step 5 from 150. Now any
    max_bid up to 5000 with any step, and 0: as high as the cards can reach."""
    r = Rules.from_preset("standard", bid_step=5, max_bid=5000, min_bid=10)
    assert r.highest_bid == 5000
    s = DealState.new(r, 2, seed=1)
    assert s.legal_actions()[-1] == "bid 5000" and len(s.legal_actions()) == 999
    free = Rules.from_preset("standard", max_bid=0)
    assert free.highest_bid == reach(free) == 3270
    assert DealState.new(free, 2, seed=1).legal_actions()[-1] == "bid 3270"
    with pytest.raises(Exception, match="at least min_bid"):
        Rules.from_preset("standard", max_bid=100)


@pytest.mark.parametrize("options", [{}, {"sevens": True, "deal_48_3p": "16+0", "dix": True},
                                     {"double_family": 1500, "double_trump_family": 1500,
                                      "four_tens": 100, "rundgang": 350}])
def test_reach_bounds_every_hand(options: dict[str, object]) -> None:
    """No hand of as many cards as a declarer keeps melds more than ``reach`` allows."""
    rules = Rules.from_preset("standard", **options)
    deck = sorted(find_game("binokel").full_deck(rules, 3))
    keep = 16 if rules.deal_48_3p == "16+0" and rules.sevens else 12
    tricks = 8 * sum(rules.points[r] for r in range(2, 7)) + rules.last_trick_bonus
    rng = random.Random(1)
    best = 0
    for _ in range(300):
        hand = cardset(rng.sample(deck, keep))
        best = max(best, max(best_melds(hand, t, rules).total for t in range(4)))
    # Strong hands are rare at random: a family-rich hand too.
    suit = [c for c in deck if c >> 3 == 0][:keep]
    best = max(best, best_melds(cardset(suit), 0, rules).total)
    assert best + tricks <= reach(rules)


# ------------------------------------------------------------------------------- Zweier
def zweier_deal(rules: ZweierRules, hands: dict[int, str], turned: str) -> ZweierState:
    """A Zweierbinokel deal, dealer 0 (seat 1 leads), with the named cards in the hands and
    the turned-up card; the rest fills the hands and the stock in deck order."""
    rest = list(zweier_deck(rules))
    wanted = {s: parse_cards(h) for s, h in hands.items()}
    up = parse_card(turned)
    for c in [*wanted[0], *wanted[1], up]:
        rest.remove(c)
    for s in (0, 1):
        while len(wanted[s]) < 12:
            wanted[s].append(rest.pop(0))
    order = []
    for i in range(8):
        seat = 1 if i % 2 == 0 else 0
        order += [wanted[seat].pop(0) for _ in range(3)]
    return ZweierState.new(rules, 0, deck_order=[*order[:TURNED_UP], up, *rest])


@pytest.mark.parametrize("moment", [False, True])
def test_zweier_melds_with_the_card_that_won_the_trick(moment: bool) -> None:
    """Seed 001: one may meld "wenn man gleichzeitig mit der ausgespielten Ansagekarte einen
    Stich macht". Seat 1 leads the Herz-König with the Herz-Ober in hand and wins (seat 0
    plays the Herz-Unter): with ``meld_winning_card`` he melds the Herz pair (20, trump is
    Eichel) with the König from the trick; the Ober goes on the table, the König stays in
    the trick. Without the option the pair is gone."""
    rules = ZweierRules.from_preset("standard", meld_winning_card=moment)
    s = zweier_deal(rules, {1: "HK HO BA", 0: "HU SA SU"}, "E10")
    run(s, "play HK; play HU")
    assert s.to_move == 1 and s.tricks[-1].winner == 1
    assert ("meld HK HO" in s.legal_actions()) is moment
    if moment:
        run(s, "meld HK HO")
        assert s.meld_points[1] == 20
        assert card_token(next(iter(s.view(1).table[1]))) == "HO" and len(s.view(1).table[1]) == 1
        assert s.tricks[-1].cards[0] == parse_card("HK")
        assert "meld HK HO" not in s.legal_actions()
    else:
        with pytest.raises(IllegalAction, match="does not hold HK"):
            s.apply("meld HK HO")


@pytest.mark.parametrize("pair_first", [False, True])
def test_zweier_the_winning_card_only_from_the_hand(pair_first: bool) -> None:
    """Seat 1 wins trick 1 with the Schellen-Ass, then (``pair_first``) melds the Herz pair,
    then leads the Herz-König and wins: from the hand it may make four Könige with EK BK SK
    (80); played from the table it was announced before and may not."""
    rules = ZweierRules.from_preset("standard", meld_winning_card=True)
    s = zweier_deal(rules, {1: "SA HK HO EK BK SK", 0: "S10 HU SU"}, "E10")
    run(s, "play SA; play S10")
    if pair_first:
        run(s, "meld HK HO")
    run(s, "play HK; play HU")
    assert s.tricks[-1].winner == 1
    assert ("meld EK BK HK SK" in s.legal_actions()) is not pair_first


def test_zweier_claims_after_the_stock() -> None:
    rules = ZweierRules.from_preset("standard", claims=True)
    s = ZweierState.new(rules, 0, seed=4)
    rng = random.Random(4)
    while s.phase == "free":
        assert "claim" not in s.legal_actions()
        s.apply(s.random_action(rng))
    seat = s.to_move
    assert s.legal_actions()[-2:] == ["claim", "concede"]
    taken = list(s.trick_points)
    rest = s.points_total() - sum(taken)
    run(s, "concede; accept")
    res = s.result
    assert res is not None and res.termination is Termination.DECIDED
    assert res.trick_points[1 - seat] == taken[1 - seat] + rest
    assert res.bonus_to == 1 - seat


def test_zweier_worlds_after_the_stock() -> None:
    """The sampler finds worlds after the stock too (claims are checked on them)."""
    spec = find_game("zweier")
    for seed in range(4):
        s = ZweierState.new(ZweierRules(), seed % 2, seed=seed)
        rng = random.Random(seed)
        while s.phase == "free":
            s.apply(s.random_action(rng))
        v = s.view(s.to_move)
        worlds = spec.worlds().sample(v, random.Random(1), 3)
        assert worlds and all(w.state.view(v.player) == v for w in worlds)


# --------------------------------------------------------------------------- Doppelkopf
def test_doppelkopf_spielabkuerzung() -> None:
    """DDV 5.4 (``ddv``: claims on). The deal N1 (Re: seats 0 and 1) to its ninth trick;
    Kontra's seat 3 leads and concedes the rest: three tricks, 25 + 8 + 8 = 41 Augen, go to
    Re (booked to seat 0, the first Re seat after him). Played out, Kontra would have taken
    the eleventh trick (8) and Re the last with the Kreuz-Bube (Karlchen in ``ddv``): after
    the claim Re has 228 and Kontra 12, and no Karlchen is scored."""
    rules = DokoRules.from_preset("ddv")
    played = doko_play(N1, rules=rules)
    assert played.result is not None
    s = doko_play(N1, rules=rules, upto=9)
    assert s.to_move == 3 and s.legal_actions()[-2:] == ["claim", "concede"]
    run(s, "concede; accept; accept; accept")
    res = s.result
    assert res is not None and res.termination is Termination.DECIDED
    assert (res.re_points, res.kontra_points) == (228, 12)
    assert "Karlchen" not in json.dumps(res.to_json())
    assert "Karlchen" in json.dumps(played.result.to_json())


def test_doppelkopf_no_claim_before_the_hochzeit_is_clarified() -> None:
    rules = DokoRules.from_preset("standard", claims=True)
    spec = find_game("doppelkopf")
    for seed in range(200):
        s = spec.new_deal(rules, 0, seed=seed, players=4)
        rng = random.Random(seed)
        while not s.is_over:
            if s.phase == "play" and s.contract == "hochzeit" and s.clarified_in == 0:
                assert "claim" not in s.legal_actions()
            s.apply(s.random_action(rng))


# ------------------------------------------------------------------------ Luxusfamilie
def test_luxusfamilie_claim_takes_the_rest() -> None:
    spec = find_game("luxusfamilie")
    s = spec.new_deal(spec.make_rules({"options": {"claims": True}}), 0, seed=3, players=4)
    rng = random.Random(3)
    while s.phase != "play" or len(s.tricks) < 6:
        s.apply(next(a for a in s.legal_actions() if a != "claim")
                if s.phase == "play" else s.random_action(rng))
    seat = s.to_move
    assert s.legal_actions()[-1] == "claim" and "concede" not in s.legal_actions()
    before = list(s.power_points)
    run(s, "claim; accept; accept; accept")
    res = s.result
    assert res is not None and res.termination is Termination.DECIDED
    assert [p - b for p, b in zip(res.power_points, before, strict=True)] == [
        s.points_total() - sum(before) if x == seat else 0 for x in range(4)]


# ------------------------------------------------------------------------------- bots
def test_bots_accept_a_sure_claim_and_refuse_a_wrong_one() -> None:
    bots = [make_bot("heuristic", 1, game="binokel") for _ in range(3)]
    s = run(binokel(claims=True), "play EA; play BA; play SA; claim")
    assert bots[1].choose(s.view(1)) == "accept"
    s = run(binokel(claims=True), "play EA; play BA; play SA; play EA; claim")
    assert bots[2].choose(s.view(2)) == "refuse"


def test_a_bot_claims_when_certain() -> None:
    """Seat 0 holds every trump and both Herz-Asse: his bot lays down at once."""
    s = binokel(claims=True)
    assert make_bot("heuristic", 1, game="binokel").choose(s.view(0)) == "claim"
    s = binokel(open_game=1000)
    assert make_bot("strong-easy", 1, game="binokel").choose(s.view(0)) == "claim"


def test_random_bots_play_claims_through() -> None:
    spec = find_game("binokel")
    for seed in range(20):
        s = spec.new_deal(spec.make_rules({"options": {"claims": True}}), 0, seed=seed)
        bots = [make_bot("random", seed + k, game="binokel") for k in range(3)]
        while not s.is_over:
            s.apply(bots[s.to_move].choose(s.view(s.to_move)))
        assert s.result is not None and sum(s.points_taken()) <= s.points_total()


# ---------------------------------------------------------------------- terminal game
async def test_a_claim_in_the_terminal_game_at_80x24() -> None:
    """The deal of the module's text in the terminal game, the person in seat 1: seat 0's bot
    lays down at once (it is certain), the person sees the cards on the table and the
    question, and answers by its number; the screens go to build/screenshots/."""
    from pathlib import Path

    from binokel.tui.app import ActionButton
    from binokel.tui.app import GameConfig
    from binokel.tui.app import TableApp

    shots = Path(__file__).resolve().parent.parent / "build" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    rules = Rules.from_preset("standard", claims=True)
    app = TableApp(GameConfig(rules=rules, game="binokel", players=3, seed=1, human=1,
                              bot_delay=0.01, save_dir=None, lang="en"))
    app.round.current = binokel(claims=True)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await pilot.pause(0.05)
            if app.state.phase == "claim" and app.state.to_move == 1:
                break
        assert app.state.claim is not None and app.state.claim.seat == 0
        await pilot.pause(0.1)
        buttons = {b.engine_action: b for b in app.numbered if isinstance(b, ActionButton)}
        assert set(buttons) >= {"accept", "refuse"}
        for b in buttons.values():   # every button wholly on the 80x24 screen
            assert b.region.width > 0 and b.region.bottom <= 23
        status = str(app.query_one("#status").render())
        assert "Sepp lays down and claims the rest" in status
        (shots / "claim-tui-80x24-asked.svg").write_text(app.export_screenshot())
        number = app.numbered.index(buttons["accept"]) + 1
        for digit in str(number):
            await pilot.press(digit)
        await pilot.pause(1.0)
        for _ in range(100):
            if app.state.is_over:
                break
            await pilot.pause(0.05)
        assert app.state.is_over and app.state.result is not None
        assert app.state.result.scores == (550, 40, 120)
        await pilot.pause(0.1)
        (shots / "claim-tui-80x24-accepted.svg").write_text(app.export_screenshot())


# ---------------------------------------------------------------------------- score pad
def test_the_score_pad_enters_an_open_game() -> None:
    """The deal of the module's text as a pad entry: "open game", the melds as shown."""
    from binokel.games.binokel.pad import BinokelPad
    pad = BinokelPad("binokel")
    entry = pad.parse({"dealer": 2, "declarer": 0, "bid": 150, "contract": "open game",
                       "melds": [300, 40, 120]}, 3)
    assert pad.score(Rules(open_game=1000), 3, entry)[1].scores == (1000, 40, 120)
    seed_003 = Rules.from_preset("turnier", **SEED_003)
    # the others took no trick, their melds are void (meld_needs_trick)
    assert pad.score(seed_003, 3, entry)[1].scores == (1000, 0, 0)
    with pytest.raises(ValueError, match="contract"):
        pad.score(Rules(), 3, entry)          # no open game under standard
    names = [f.name for f in pad.form(seed_003, NAMES, pad.new_book(seed_003, 3)).fields]
    assert "tricks" not in names              # meld_needs_points: the points decide
    contract = pad.form(seed_003, NAMES, pad.new_book(seed_003, 3)).fields[0]
    assert "open game" in [c.value for c in contract.choices]  # type: ignore[attr-defined]


def test_the_analysis_copes_with_a_claimed_deal() -> None:
    """The card plays before and after a refused claim are marked; the claim actions are
    not card plays; the deal ended by a claim has no last trick to look at."""
    from binokel.analysis import analyse_back
    s = binokel(claims=True)
    states, actions = [], []
    for a in ("play EA", "play BA", "play SA", "claim", "refuse", "play EA", "play BA",
              "play SA", "claim", "accept", "accept"):
        states.append(s.clone())
        actions.append(a)
        s.apply(a)
    marks = analyse_back(states, actions, node_budget=100_000).marks
    assert {m.index for m in marks} <= {0, 1, 2, 5, 6, 7} and marks
    assert all(m.loss == 0 for m in marks if m.solved and m.seat == 0)  # his cards all win


@pytest.mark.parametrize("form", ["today", "format 1", "writer unknown"])
def test_a_claimed_deal_survives_the_record_formats_and_readers(form: str) -> None:
    """A refused claim and an accepted concession, in Binokel and in Doppelkopf (the game
    with readers of older records): written as ``binokel-record/2``, read back as ``/1``
    and without a writer, the records replay to the same scores without a reader."""
    from binokel.record_migrations import FORMAT
    from binokel.record_migrations import SOFTWARE
    b = run(binokel(claims=True), "play EA; play BA; play SA; claim; refuse; play EA; "
            "play BA; play SA; claim; accept; accept")
    d = doko_play(N1, rules=DokoRules.from_preset("ddv"), upto=9)
    run(d, "concede; accept; accept; accept")
    for state in (b, d):
        data = json.loads(Record.from_state(state).dumps())
        assert data["format"] == FORMAT and data["software"] == SOFTWARE
        if form != "today":
            del data["software"]
        if form == "format 1":
            data["format"] = "binokel-record/1"
        rec = Record.from_json(data)
        assert rec.migrated == (() if form != "format 1" else ("binokel-record/1",))
        again = rec.validate()
        assert again.history == state.history and again.result == state.result
