"""The strong player's worlds (binokel.games.binokel.bots.inference): every world agrees with
the view, and the others' bids, trump and push move the worlds the way they should."""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter

import pytest

from binokel.bots import make_bot
from binokel.core.cards import SUIT_MASKS
from binokel.core.cards import cards_of
from binokel.core.cards import cardset
from binokel.core.cards import parse_cards
from binokel.core.cards import size
from binokel.core.trick import legal_mask
from binokel.games.binokel.bots.heuristic import keep_scores
from binokel.games.binokel.bots.inference import WorldSampler
from binokel.games.binokel.bots.inference import bid_bounds
from binokel.games.binokel.bots.inference import bid_likelihood
from binokel.games.binokel.bots.inference import effective_size
from binokel.games.binokel.bots.inference import push_log_likelihood
from binokel.games.binokel.bots.inference import quick_value
from binokel.games.binokel.deal import PLAY
from binokel.games.binokel.deal import full_deck
from binokel.games.binokel.melds import best_melds
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.state import DealState
from binokel.games.binokel.view import BinokelView


def _midgame(seed: int, cards: int, game: str = "binokel") -> DealState:
    players = 4 if game == "kreuzbinokel" else 3
    bots = [make_bot("heuristic", seed + i) for i in range(players)]
    s = DealState.new(Rules(), seed % players, seed=seed, players=players, game=game)
    while not s.is_over and (s.phase != PLAY or cards > 0):
        if s.phase == PLAY:
            cards -= 1
        s.apply(bots[s.to_move].choose(s.view(s.to_move)))
    return s


def _played_after(view: BinokelView) -> list[tuple[int, int, int, int, int, int, list[int]]]:
    """Every card played by a seat as (seat, card, led, best led, best trump, winner, the
    cards that seat played after it)."""
    out = []
    tricks = [(t.leader, t.cards) for t in view.tricks] + [(view.trick_leader, view.trick)]
    sequence: list[tuple[int, int]] = []
    for leader, cards in tricks:
        for seat, c in zip(view.trick_seats(leader, len(cards)), cards, strict=True):
            sequence.append((seat, c))
    i = 0
    for leader, cards in tricks:
        led = best = trump_best = win = -1
        win_seat = -1
        for seat, c in zip(view.trick_seats(leader, len(cards)), cards, strict=True):
            later = [x for s, x in sequence[i + 1:] if s == seat]
            out.append((seat, c, led, best, trump_best, win_seat, later))
            i += 1
            if led < 0:
                led, best, win, win_seat = c >> 3, c, c, seat
                trump_best = c if c >> 3 == view.trump else -1
                continue
            if c >> 3 == led and c > best:
                best = c
            if c >> 3 == view.trump and c > trump_best:
                trump_best = c
            if (c >> 3 == win >> 3 and c > win) or (c >> 3 == view.trump
                                                     and win >> 3 != view.trump):
                win, win_seat = c, seat
    return out


@pytest.mark.parametrize(("seed", "cards", "game"),
                         [(s, 3 * s + 1, "binokel") for s in range(6)]
                         + [(s, 4 * s + 2, "kreuzbinokel") for s in range(3)])
def test_every_world_agrees_with_the_view(seed: int, cards: int, game: str) -> None:
    s = _midgame(seed, cards, game)
    # Every seed here reaches the play (fixed seeds: a change that ends one early fails).
    assert s.phase == PLAY, f"seed {seed} ends before the play: choose another"
    me = s.to_move
    view = s.view(me)
    sampler = WorldSampler(view)
    worlds = sampler.candidates(random.Random(seed), 40)
    assert worlds
    rules, trump = s.rules, s.trump
    decl = s.declarer
    assert decl is not None
    for w in worlds:
        # sizes, and every card exactly once (the viewer's hand and everything public as is)
        assert {p: size(h) for p, h in w.hands.items()} == {
            p: size(s.hands[p]) for p in s.order if p != me}
        where: Counter[int] = Counter(view.hand)
        for h in w.hands.values():
            where.update(cards_of(h))
        where.update(cards_of(w.push) or (view.discard or ()))
        for t in s.tricks:
            where.update(t.cards)
        where.update(s.trick)
        assert where == Counter(full_deck(rules))
        if decl != me:
            assert size(w.push) == len(s.dapp_cards) or s.contract != "normal"
            # the Dapp's unplayed cards lie with the declarer, in his hand or his push
            played = Counter(x for seat, x, *_ in _played_after(view) if seat == decl)
            with_decl = Counter(cards_of(w.hands[decl])) + Counter(cards_of(w.push))
            assert not (Counter(s.dapp_cards) - played) - with_decl
        # every card played was legal with the hand the world gives its player then
        for seat, c, led, best, trump_best, _, later in _played_after(view):
            if seat == me or led < 0:
                continue
            then = w.hands[seat] + cardset([c, *later])
            if rules.partner_exemption:
                continue
            m = legal_mask(then, led, best, trump_best, trump, rules.must_overtrump,
                           rules.must_trump_lower)
            assert (m >> (2 * c)) & 3, (seat, c)
        # each hand (with what it played) melds exactly what it showed, no more
        if s.melds is not None and s.contract == "normal":
            for seat, h in w.hands.items():
                held = h + cardset([x for p, x, *_ in _played_after(view) if p == seat])
                assert best_melds(held, trump, rules) == s.melds[seat]


def test_a_player_who_showed_no_meld_holds_none() -> None:
    """A player who melded nothing holds no King with the Ober of its suit and no Binokel
    (Schellen-Unter with Blatt-Ober) in any world: he would have had to meld them."""
    rules = Rules()
    su, bo = parse_cards("SU BO")
    checked = 0
    for seed in range(40):
        s = _midgame(seed, 2)
        if s.phase != PLAY or s.contract != "normal" or s.melds is None:
            continue
        me = s.to_move
        blank = [p for p in s.order if p != me and s.melds[p].total == 0]
        if not blank:
            continue
        for w in WorldSampler(s.view(me)).candidates(random.Random(seed), 30):
            for p in blank:
                held = w.hands[p] + cardset(
                    [x for q, x, *_ in _played_after(s.view(me)) if q == p])
                for suit in range(4):
                    assert not ((held >> (2 * (8 * suit + 4))) & 3
                                and (held >> (2 * (8 * suit + 3))) & 3)
                assert not ((held >> (2 * su)) & 3 and (held >> (2 * bo)) & 3)
                checked += 1
        if checked > 100:
            break
    assert checked
    assert rules.min_bid == 150


def test_a_follower_who_did_not_beat_has_nothing_higher() -> None:
    """Stichzwang: seat 1 follows the E-King lead with the E-Unter, so he holds neither an
    E-Ace nor an E-Ten nor another King; no world says otherwise."""
    from helpers import deal
    from helpers import run
    s = deal({0: "EK HA HA H10 H10 HK HK HO HO HU SA SA",
              1: "EU EU EO BA BA B10 B10 BK BK BO SK SK",
              2: "EA EA E10 E10 EK EO BO BU BU S10 S10 SO"}, dapp="SU SU SO HU", dealer=2)
    run(s, "bid 150; pass; pass; discard SU SU SO HU; trump H; play EK; play EU")
    sampler = WorldSampler(s.view(2))
    higher = cardset(parse_cards("EA EA E10 E10 EK"))
    worlds = sampler.candidates(random.Random(2), 50)
    assert worlds
    for w in worlds:
        assert not w.hands[1] & (higher | (higher >> 1)) & SUIT_MASKS[0]


def _declarer_view(seed: int, bids: str) -> BinokelView:
    """Seat 0's view of a deal in which ``bids`` made seat 1 the declarer (just taken the
    Dapp: he has not pushed yet)."""
    from helpers import run
    s = DealState.new(Rules(), 2, seed=seed)
    run(s, bids)
    assert s.declarer == 1 and s.phase == "declare"
    return s.view(0)


def test_bid_bounds_read_the_bidding() -> None:
    v = _declarer_view(1, "bid 150; bid 300; pass; pass")
    assert bid_bounds(v) == {0: (None, 310), 1: (300, None), 2: (None, 310)}
    assert bid_likelihood(300, (300, None), 30) == pytest.approx(0.5)


def test_a_seat_that_bid_high_is_sampled_stronger_than_one_that_passed() -> None:
    """Seat 1 bid 300 and seat 2 passed at 310: with the bidding model seat 1's hand (less
    the Dapp) is worth clearly more than seat 2's on average; without it the two are alike."""
    gaps = {True: [], False: []}
    for seed in range(8):
        v = _declarer_view(seed, "bid 150; bid 300; pass; pass")
        dapp = cardset(v.dapp or ())
        for inference in (True, False):
            worlds = WorldSampler(v, inference).sample(random.Random(seed), 48)
            n = sum(k for _, k in worlds)
            q1 = sum(k * quick_value(w.hands[1] - dapp, v.rules) for w, k in worlds) / n
            q2 = sum(k * quick_value(w.hands[2], v.rules) for w, k in worlds) / n
            gaps[inference].append(q1 - q2)
    assert statistics.mean(gaps[True]) > 35
    assert abs(statistics.mean(gaps[False])) < 20
    assert statistics.mean(gaps[True]) > statistics.mean(gaps[False]) + 30


def test_the_trump_and_push_a_declarer_chose_shape_his_cards() -> None:
    """A defender's worlds give the declarer more cards of the trump he named than a uniform
    deal does, and a push of what he wants least to keep (by the heuristic's keep scores)."""
    trumps = {True: [], False: []}
    pushed_keep = {True: [], False: []}
    for seed in range(10):
        s = _midgame(seed, 0)
        if s.phase != PLAY or s.contract != "normal" or s.declarer == s.order[0]:
            continue
        me = s.order[0]
        view = s.view(me)
        decl = s.declarer
        assert decl is not None
        for inference in (True, False):
            worlds = WorldSampler(view, inference).sample(random.Random(seed), 40)
            n = sum(k for _, k in worlds)
            trumps[inference].append(sum(
                k * size((w.hands[decl] + w.push) & SUIT_MASKS[s.trump]) for w, k in worlds) / n)
            keep = 0.0
            for w, k in worlds:
                scores = keep_scores(w.hands[decl] + w.push, s.trump, s.rules)
                pushed = Counter(cards_of(w.push))
                keep += k * statistics.mean(sc for sc, c in scores if pushed[c])
            pushed_keep[inference].append(keep / n)
    assert len(trumps[True]) >= 4
    # The melds shown already place most of the declarer's trumps: the trump model adds
    # a little on top of them.
    assert statistics.mean(trumps[True]) > statistics.mean(trumps[False])
    assert statistics.mean(pushed_keep[True]) < statistics.mean(pushed_keep[False]) - 10


def test_the_trump_model_prefers_the_long_suit() -> None:
    from binokel.games.binokel.bots.inference import trump_log_likelihood
    rules = Rules()
    cards = cardset(parse_cards("HA HA H10 H10 HK HO HU HU EA E10 BA BK SO SU S10 EU"))
    logs = [trump_log_likelihood(cards, t, rules, 4) for t in range(4)]
    assert max(range(4), key=lambda t: logs[t]) == 2    # hearts
    assert math.fsum(math.exp(x) for x in logs) == pytest.approx(1.0)


def test_the_push_model_prefers_the_heuristics_push() -> None:
    from binokel.games.binokel.bots.heuristic import best_discard
    rules = Rules()
    rng = random.Random(4)
    deck = full_deck(rules)
    for _ in range(20):
        rng.shuffle(deck)
        cards = cardset(deck[:16])
        likely = best_discard(cards, 2, rules, 4)
        other = rng.sample(cards_of(cards), 4)
        if sorted(other) == sorted(likely):
            continue
        assert push_log_likelihood(cards, likely, 2, rules) > push_log_likelihood(
            cards, other, 2, rules)
        # the push probabilities of one hand sum to at most one
        assert math.exp(push_log_likelihood(cards, likely, 2, rules)) <= 1.0


def test_resampling_gives_distinct_worlds_with_counts() -> None:
    """At the first card there are far more worlds than asked for: exactly that many
    distinct ones come back. Late in a deal few worlds fit the evidence: those few."""
    s = _midgame(3, 0)
    sampler = WorldSampler(s.view(s.to_move))
    worlds = sampler.sample(random.Random(5), 32)
    assert len(worlds) == 32 == len({w.key() for w, _ in worlds})
    assert all(k >= 1 for _, k in worlds)
    cands = sampler.candidates(random.Random(6), 64)
    assert 1.0 <= effective_size(cands) <= len(cands)
    late = _midgame(3, 27)
    assert late.phase == PLAY
    worlds = WorldSampler(late.view(late.to_move)).sample(random.Random(5), 32)
    assert 1 <= len(worlds) < 32 and len({w.key() for w, _ in worlds}) == len(worlds)
    assert sum(k for _, k in worlds) >= len(worlds)


def test_the_same_seed_draws_the_same_worlds() -> None:
    s = _midgame(4, 5)
    view = s.view(s.to_move)
    a = WorldSampler(view).sample(random.Random(9), 16)
    b = WorldSampler(view).sample(random.Random(9), 16)
    assert [(w.hands, w.push, k) for w, k in a] == [(w.hands, w.push, k) for w, k in b]


def test_a_small_smear_says_no_bigger_card_was_there() -> None:
    """Seat 2, void in Eichel and trumps, throws the Blatt-Ober (3 points) onto his fellow
    defender's trick: the heuristic would have smeared a plain ace, ten or king had it one,
    so a world that gives him one is less likely (not impossible) than one that does not."""
    from binokel.games.binokel.bots.inference import LOG_ODD_DISCARD
    from helpers import deal
    from helpers import run
    s = deal({0: "HA HA H10 H10 HK HK HO HO EU EU SU SU",
              1: "EA EA E10 E10 EK EK EO EO BU BU SO SO",
              2: "BA B10 BK BO BO SA SA S10 S10 SK SK BA"}, dapp="HU HU B10 BK", dealer=2)
    run(s, "bid 150; pass; pass; discard HU HU B10 BK; trump H; play EU; play EA; play BO")
    sampler = WorldSampler(s.view(0))
    assert [seat for seat, _, _ in sampler.discards] == [2]
    rich = {1: cardset(parse_cards("E10 E10 EK EK EO EO BU BU SO SO S10")),
            2: cardset(parse_cards("BA B10 BK BO SA SA S10 SK SK BA BU"))}
    poor = {1: rich[1], 2: cardset(parse_cards("BU BO SO SU SU BU HU HU EU EU SO"))}
    assert sampler.discard_log_likelihood(rich) == LOG_ODD_DISCARD
    assert sampler.discard_log_likelihood(poor) == 0.0
    # onto the declarer's trick he would have thrown his least valuable card instead
    t = deal({0: "HA HA H10 H10 HK HK HO HO EA EU SU SU",
              1: "EU E10 E10 EK EK EO EO BU BU SO SO EA",
              2: "BA B10 BK BO BO SA SA S10 S10 SK SK BA"}, dapp="HU HU B10 BK", dealer=2)
    run(t, "bid 150; pass; pass; discard HU HU B10 BK; trump H; play EA; play EU; play BK")
    sampler = WorldSampler(t.view(0))
    assert sampler.discard_log_likelihood(
        {1: 0, 2: cardset(parse_cards("BU"))}) == LOG_ODD_DISCARD
    assert sampler.discard_log_likelihood({1: 0, 2: cardset(parse_cards("BA"))}) == 0.0


def test_worlds_exist_when_the_declarer_pushed_a_meld() -> None:
    """A declarer may push meld cards (a pair, to make a void): his hand and push then held
    more melds than he showed. The defenders' worlds must still be found (the relaxed
    dealing rule), each with a push that breaks those melds."""
    found = 0
    for seed in range(400):
        s = _midgame(seed, 0)
        if s.phase != PLAY or s.contract != "normal" or s.melds is None:
            continue
        decl = s.declarer
        assert decl is not None
        if best_melds(s.hands[decl] + s.discard, s.trump, s.rules).total \
                <= s.melds[decl].total:
            continue
        bots = [make_bot("heuristic", seed + i) for i in range(3)]
        for _ in range(12):
            s.apply(bots[s.to_move].choose(s.view(s.to_move)))
        me = next(p for p in s.order if p != decl)
        view = s.view(me)
        worlds = WorldSampler(view).candidates(random.Random(seed), 10)
        assert worlds, seed
        for w in worlds:
            held = w.hands[decl] + cardset([x for p, x, *_ in _played_after(view) if p == decl])
            assert best_melds(held, s.trump, s.rules) == s.melds[decl]
        found += 1
        if found == 3:
            break
    assert found
