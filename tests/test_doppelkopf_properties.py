"""Doppelkopf engine properties (hypothesis), options, records, views and bots."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from binokel.bots import RandomBot
from binokel.bots import make_bot
from binokel.core.cards import ASS
from binokel.core.cards import EO
from binokel.core.cards import H10
from binokel.core.cards import KOENIG
from binokel.core.cards import NINE
from binokel.core.cards import SA
from binokel.core.cards import SUITS
from binokel.core.cards import bit
from binokel.core.cards import card
from binokel.core.cards import card_token
from binokel.core.cards import count
from binokel.core.cards import parse_card
from binokel.core.errors import IllegalAction
from binokel.core.trick import Trick
from binokel.games.doppelkopf.announcements import deadline
from binokel.games.doppelkopf.bots import DokoHeuristicBot
from binokel.games.doppelkopf.deal import full_deck
from binokel.games.doppelkopf.deal import seating
from binokel.games.doppelkopf.order import TRUMP
from binokel.games.doppelkopf.order import card_order
from binokel.games.doppelkopf.order import karlchen_card
from binokel.games.doppelkopf.reservations import may_throw
from binokel.games.doppelkopf.rules import BOCK_EVENTS
from binokel.games.doppelkopf.rules import DokoRules
from binokel.games.doppelkopf.scoring import augen_needed
from binokel.games.doppelkopf.scoring import score_deal
from binokel.games.doppelkopf.state import DokoState
from binokel.games.doppelkopf.state import random_deal
from binokel.games.doppelkopf.view import DokoView
from binokel.record import Record
from binokel.record import RecordError
from binokel.registry import find_game
from binokel.registry import new_series
from doppelkopf_deals import ALL_ON_HOUSE
from doppelkopf_deals import ALL_ON_HOUSE_2
from doppelkopf_deals import ALL_ON_VARIANTS
from doppelkopf_deals import N1
from doppelkopf_deals import STACKS
from doppelkopf_deals import Stack
from doppelkopf_deals import play
from doppelkopf_deals import stack_cards
from doppelkopf_deals import stacked_deal

B = st.booleans()
# Every option, each drawn on its own (ALL_ON_VARIANTS below have them all at once).
RULES = st.builds(
    DokoRules, nines=B, dulle_second_wins=B, dulle_first_in_last_trick=B, schweinchen=B,
    schweinchen_in_solos=B, superschweine=B, karlchen=st.sampled_from(["karo", "kreuz", "off"]),
    karlchen_gefangen=B, doppel_karlchen=B, karlchen_double=B, fuchs_last_trick=B, koenigssolo=B,
    damen_buben_solo=B, fleischlos=B,
    hochzeit_klaerung=st.sampled_from(["fremd", "fehl", "trumpf", "erster"]),
    throw_nines=st.sampled_from([0, 5]), throw_kings=st.sampled_from([0, 5]),
    throw_nines_kings=st.sampled_from([0, 7]), armut=B, armut_over_hochzeit=B, pflichtsolo=B,
    vorfuehren=B,
    ansage_played=st.integers(0, 9), absage_step=st.integers(0, 2), reach_absage_wins=B,
    genscher=st.sampled_from(["off", "first", "second"]), genscher_hochzeit=B,
    genscher_announcements=st.sampled_from(["ansagen", "all", "void"]),
    pflicht_owed=st.sampled_from(["all", "", "0", "13", "024"]),
    bock_after=st.lists(st.sampled_from(BOCK_EVENTS), unique=True).map(",".join),
    bock_rounds=st.integers(1, 4), bock_stack=st.integers(1, 3), bock_level=st.integers(0, 3))


def _mixed_deal(rules: DokoRules, seed: int, players: int,
                check: Any = None) -> DokoState:
    """A deal between random and heuristic bots; ``check(state)`` runs before every action."""
    rng = random.Random(seed)
    state = DokoState.new(rules, dealer=seed % players, seed=seed, players=players)
    bots = [DokoHeuristicBot(seed + k) if rng.random() < 0.5 else RandomBot(seed + k)
            for k in range(players)]
    while not state.is_over:
        if check is not None:
            check(state)
        state.apply(bots[state.to_move].choose(state.view(state.to_move)))
    return state


def _conserved(state: DokoState) -> None:
    total = sum(state.hands)
    for t in state.tricks:
        total += sum(bit(c) for c in t.cards)
    total += sum(bit(c) for c in state.trick)
    if state.phase == "armut_offer":
        total += state.armut_cards
    assert total == sum(bit(c) for c in full_deck(state.rules))


@settings(max_examples=60, deadline=None)
@given(RULES, st.integers(0, 10**6), st.sampled_from([4, 5]))
def test_invariants(rules: DokoRules, seed: int, players: int) -> None:
    def check(state: DokoState) -> None:
        _conserved(state)
        assert state.legal_actions(), "no legal action while the deal runs"

    state = _mixed_deal(rules, seed, players, check)
    r = state.result
    assert r is not None and sum(r.scores) == 0
    if r.contract != "thrown in":
        assert r.re_points + r.kontra_points == 240
        assert sum(state.trick_points) == 240
        assert len(state.tricks) == rules.hand_size
    if players == 5:
        assert r.scores[state.dealer] == 0 and state.dealer not in state.active
    # replay through the record gives the same deal
    rec = Record.loads(Record.from_state(state).dumps())
    assert rec.game == "doppelkopf"
    again = rec.validate()
    assert again.history == state.history and again.result == r


def _swap_hidden(state: DokoState, viewer: int, rng: random.Random) -> DokoState | None:
    """The same public situation with one hidden card swapped between two other seats."""
    others = [s for s in state.active if s != viewer and state.hands[s]]
    if len(others) < 2:
        return None
    a, b = rng.sample(others, 2)
    ca = rng.choice([c for c in range(32) if (state.hands[a] >> (2 * c)) & 3])
    cb = rng.choice([c for c in range(32) if (state.hands[b] >> (2 * c)) & 3])
    other = state.clone()
    other.hands[a] += bit(cb) - bit(ca)
    other.hands[b] += bit(ca) - bit(cb)
    hands = list(other.initial_hands)
    hands[a] += bit(cb) - bit(ca)
    hands[b] += bit(ca) - bit(cb)
    other.initial_hands = tuple(hands)
    return other


@settings(max_examples=40, deadline=None)
@given(RULES, st.integers(0, 10**6))
def test_views_do_not_leak_hidden_cards(rules: DokoRules, seed: int) -> None:
    rng = random.Random(seed)

    def check(state: DokoState) -> None:
        for viewer in state.active:
            v = state.view(viewer).to_json()
            assert [parse_card(t) for t in v["hand"]] == \
                [c for c in sorted(_cards(state.hands[viewer]), key=lambda c: (c >> 3, -c))]
            other = _swap_hidden(state, viewer, rng)
            if other is not None and state.phase != "armut_offer":
                assert other.view(viewer).to_json() == v
        pub = state.public_view().to_json()
        assert pub["hand"] == [] and pub["legal_actions"] == []

    _mixed_deal(rules, seed, 4, check)


def _cards(s: int) -> list[int]:
    return [c for c in range(32) for _ in range((s >> (2 * c)) & 3)]


def test_parties_revealed_only_by_the_rules() -> None:
    s = play(N1, upto=0)
    # Kontra seat 2 knows only itself; Re seat 0 knows itself.
    assert s.view(2).parties == (None, None, "kontra", None)
    assert s.view(0).parties == ("re", None, None, None)
    s.apply("re")
    assert s.view(2).parties == ("re", None, "kontra", None)
    s = play(N1, upto=6)  # both Kreuz-Damen played by 1 and 0 (tricks 6, 7 started)
    s.apply("play EO")
    assert s.view(3).parties == ("re", "re", "kontra", "kontra")
    assert s.public_view().parties == ("re", "re", "kontra", "kontra")


def test_stille_hochzeit_looks_normal() -> None:
    from doppelkopf_deals import H0
    s = play(H0, upto=1)
    assert s.contract == "stille hochzeit"
    assert s.view(1).contract == "normal" and s.view(0).parties == ("re", "kontra", "kontra",
                                                                     "kontra")
    assert s.view(1).parties == (None, "kontra", None, None)
    assert "stille" not in str(s.view(2).to_json())


def test_bedienpflicht_and_errors() -> None:
    s = play(N1, upto=0)
    s.apply("play EA")
    with pytest.raises(IllegalAction, match="must follow E"):
        s.apply("play BO")
    with pytest.raises(IllegalAction, match="does not hold"):
        s.apply("play SK")
    with pytest.raises(IllegalAction):
        s.apply("gesund")
    fresh = DokoState.new(seed=1)
    with pytest.raises(IllegalAction, match="gesund"):
        fresh.apply("play EA")


def test_every_verb_in_any_case_is_recorded_canonically() -> None:
    s = play(N1, setup=["Vorbehalt", "GESUND", "gesund", " gesund "], upto=0)
    s.apply("SOLO   kreuz")
    s.apply("Re")
    s.apply("KEINE 90")
    s.apply("play ea")
    assert s.history == [(0, "vorbehalt"), (1, "gesund"), (2, "gesund"), (3, "gesund"),
                         (0, "solo E"), (0, "re"), (0, "keine 90"), (0, "play EA")]
    assert s.announcements == [(0, "re", "re"), (0, "re", "keine 90")]
    # Seat 1 (Kontra against the soloist) is to move. The play phase names its card verb
    # besides the announcements; a verb of another phase or a bad argument changes nothing.
    seen = (list(s.history), list(s.hands), list(s.announced))
    for bad, why in [("gesund", "one of play CARD, keine, kontra, re, schwarz"),
                     ("keine 45", "keine 90/60/30"), ("re now", "re now"),
                     ("re", "seat 1 does not belong to the re party")]:
        with pytest.raises(IllegalAction, match=why):
            s.apply(bad)
    assert (s.history, s.hands, s.announced) == (list(seen[0]), seen[1], seen[2])


def test_points_taken_add_up_to_240() -> None:
    for rules in (DokoRules(), DokoRules(nines=False)):
        s = random_deal(rules, 0, random.Random(5))
        assert s.points_total() == 240 and sum(s.points_taken()) == 240
        assert s.points_taken() == tuple(s.trick_points)


def test_trump_orders() -> None:
    toks = lambda k: [card_token(c) for c in card_order(k).trumps]
    assert toks("damen") == ["EO", "BO", "HO", "SO"]
    assert toks("buben") == ["EU", "BU", "HU", "SU"]
    assert toks("fleischlos") == []
    assert toks("H") == ["H10", "EO", "BO", "HO", "SO", "EU", "BU", "HU", "SU", "HA", "HK", "H9"]
    assert toks("E")[-4:] == ["EA", "E10", "EK", "E9"]
    assert [card_token(c) for c in card_order("buben").plain(2)] == ["HA", "H10", "HK", "HO",
                                                                     "H9"]
    assert [card_token(c) for c in card_order("fleischlos").plain(0)] == \
        ["EA", "E10", "EK", "EO", "EU", "E9"]
    assert [card_token(c) for c in card_order("normal").plain(2)] == ["HA", "HK", "H9"]
    assert card_order("normal", True).trumps[0] == SA


def test_dulle_second_wins_option() -> None:
    tricks = [*N1[:5], "1:H10 2:SA 3:S9 0:H10", "0:EO 1:EO 2:S10 3:S9", *N1[7:]]
    assert play(tricks, upto=6).tricks[-1].winner == 1
    dulle2 = play(tricks, rules=DokoRules(dulle_second_wins=True), upto=6)
    assert dulle2.tricks[-1].winner == 0


def _find(pred: Any, rules: DokoRules) -> DokoState:
    for seed in range(2000):
        s = DokoState.new(rules, 3, seed=seed)
        if pred(s):
            return s
    raise AssertionError("no such deal")


def test_schweinchen() -> None:
    rules = DokoRules(schweinchen=True)
    s = _find(lambda s: any(s.hands[p] >> (2 * SA) & 3 == 2 for p in range(4))
              and not any(s.hands[p] >> (2 * EO) & 3 == 2 for p in range(4)), rules)
    holder = next(p for p in range(4) if s.hands[p] >> (2 * SA) & 3 == 2)
    for _ in range(4):
        s.apply("gesund")
    assert s.schweine == holder and s.order.trumps[0] == SA
    assert s.view((holder + 1) % 4).schweine == holder


def _trumps(s: DokoState, p: int) -> int:
    m = s.hands[p] & card_order("normal").masks[TRUMP]
    return sum((m >> (2 * c)) & 3 for c in range(32))


def test_armut_exchange_and_masking() -> None:
    rules = DokoRules(armut=True)
    s = _find(lambda s: _trumps(s, 0) <= 3, rules)
    s.apply("vorbehalt")
    for _ in range(3):
        s.apply("gesund")
    assert s.legal_actions()[-1] == "pass"   # asked for a solo first
    s.apply("pass")
    assert "armut" in s.legal_actions()
    s.apply("armut")
    assert s.phase == "armut_give"
    give = s.legal_actions()[0]
    s.apply(give)
    assert s.phase == "armut_offer" and s.to_move == 1
    s.apply("decline")
    s.apply("accept")
    assert s.phase == "armut_return" and s.to_move == 2
    s.apply(s.random_action(random.Random(1)))
    assert s.phase == "play" and s.re_seats == frozenset({0, 2})
    assert all(len(s.view(p).hand) == 12 for p in range(4))
    hist3 = dict(s.view(3).history)
    assert hist3[0] != give and "give ? ? ?" in [a for _, a in s.view(3).history]
    assert any(a.startswith("return ? ? ?") for _, a in s.view(1).history)
    assert give in [a for _, a in s.view(2).history]


def test_armut_nobody_takes_it() -> None:
    rules = DokoRules(armut=True)
    s = _find(lambda s: _trumps(s, 0) <= 3, rules)
    for a in ["vorbehalt", "gesund", "gesund", "gesund", "pass", "armut"]:
        s.apply(a)
    s.apply(s.legal_actions()[0])
    for _ in range(3):
        s.apply("decline")
    assert s.is_over and s.result is not None and s.result.contract == "thrown in"
    assert s.result.scores == (0, 0, 0, 0)
    # The passed cards were never shown: they stay hidden after the throw-in.
    assert "give ? ? ?" in dict(s.public_view().history).values()
    assert "give ? ? ?" in dict(s.view(1).history).values()


def test_armut_refused_without_option_or_with_trumps() -> None:
    s = _find(lambda s: _trumps(s, 0) > 3, DokoRules(armut=True))
    for a in ["vorbehalt", "gesund", "gesund", "gesund"]:
        s.apply(a)
    with pytest.raises(IllegalAction, match="at most 3 trumps"):
        s.apply("armut")
    with pytest.raises(IllegalAction, match="both Kreuz-Damen"):
        s.apply("hochzeit")
    s.apply("solo kreuz")
    assert s.contract == "solo E"


def test_without_nines() -> None:
    rules = DokoRules(nines=False)
    s = DokoState.new(rules, 0, seed=3)
    assert len(s.deck) == 40 and all(len(s.view(p).hand) == 10 for p in range(4))
    assert deadline(s, "re", 0) == 9 and deadline(s, "re", 4) == 5
    assert random_deal(rules, 0, random.Random(2)).result is not None


def test_five_players_dealer_sits_out() -> None:
    s = DokoState.new(DokoRules(), dealer=2, seed=5, players=5)
    assert s.active == (3, 4, 0, 1) and s.hands[2] == 0 and s.to_move == 3
    with pytest.raises(IllegalAction):
        DokoState.new(DokoRules(), 0, seed=1, players=3)


def test_record_and_registry() -> None:
    spec = find_game("doppelkopf")
    assert spec.players == (4, 5) and len(spec.full_deck(DokoRules(), 4)) == 48
    state = random_deal(DokoRules(armut=True), 1, random.Random(9))
    rec = Record.from_state(state, result=state.result.to_json())  # type: ignore[union-attr]
    data = rec.to_json()
    assert data["game"] == "doppelkopf" and data["rules"] == {
        "preset": "standard", "options": {"armut": True}}
    assert Record.loads(rec.dumps(indent=2)).validate().result == state.result
    bad = dict(data, actions=["gesund", "play EA"])
    with pytest.raises(RecordError, match="action 1"):
        Record.from_json(bad).replay()


def test_series_pflichtsolo() -> None:
    series = new_series("doppelkopf", DokoRules(pflichtsolo=True), seed=3)
    s = series.current
    assert s.dealer == 0
    for a in ["vorbehalt", "gesund", "gesund", "gesund", "solo damen"]:
        series.apply(a)
    assert s.pflicht
    rng = random.Random(0)
    while not s.is_over:
        series.apply(s.random_action(rng))
    # Seat 1 (Vorhand) served its Pflichtsolo; the same dealer deals again.
    nxt = series.next_deal()
    assert series.owed == {0, 2, 3} and nxt.dealer == 0  # type: ignore[attr-defined]
    assert nxt.rules.pflicht_owed == "023"  # type: ignore[attr-defined]


def test_bots_registered_and_legal() -> None:
    bot = make_bot("heuristic", seed=1)
    s = DokoState.new(seed=8)
    assert bot.choose(s.view(s.to_move)) in s.legal_actions()


def test_thousand_bot_deals() -> None:
    """1,000 deals, random and heuristic bots mixed, four and five players, every option."""
    contracts: dict[str, int] = {}
    for i in range(1000):
        rules = DokoRules(armut=i % 3 == 0, schweinchen=i % 4 == 0,
                          dulle_second_wins=i % 5 == 0, nines=i % 7 != 0)
        s = _mixed_deal(rules, i, 5 if i % 10 == 0 else 4)
        assert s.result is not None and sum(s.result.scores) == 0
        contracts[s.result.contract] = contracts.get(s.result.contract, 0) + 1
    assert contracts.get("normal", 0) > 100


# ------------------------------------------------------------------ every option on
class _Steered:
    """The heuristic bot, steered by a stacked deal's :class:`Stack` (``None``: the plain
    heuristic): says vorbehalt and names the stack's declaration when it is asked for (else
    passes while it may), declines an Armut if the stack says so, calls a Genscher whenever
    offered, and holds the stack's cards back as long as another card is legal. With
    ``wild`` it plays a random legal action that often (the random paths through the
    rules)."""

    def __init__(self, seed: int, stack: Stack | None, rules: DokoRules,
                 rng: random.Random, wild: float = 0.0) -> None:
        self.bot = DokoHeuristicBot(seed)
        self.stack, self.rng, self.wild = stack, rng, wild
        self.hold = set(stack_cards(stack.hold, rules)) if stack is not None else set()

    def choose(self, view: DokoView) -> str:
        st = self.stack
        acts = list(view.legal_actions)
        if self.wild and view.phase != "vorbehalt" and self.rng.random() < self.wild:
            return self.rng.choice(acts)
        if st is None:
            return self.bot.choose(view)
        if view.phase == "vorbehalt":
            return "vorbehalt" if st.declare else "gesund"
        if view.phase == "declare":
            if st.declare in acts:
                return st.declare
            return "pass" if "pass" in acts else self.bot.choose(view)
        if view.phase == "armut_offer" and st.decline:
            return "decline"
        if view.phase == "play":
            called = [a for a in acts if a.startswith("genscher ")]
            if st.genscher and called:
                return self.rng.choice(called)
            keep = [a for a in acts
                    if not (a.startswith("play ") and parse_card(a[5:]) in self.hold)]
            if len(keep) < len(acts) and any(a.startswith("play ") for a in keep):
                return self.bot.choose(replace(view, legal_actions=tuple(keep)))
        return self.bot.choose(view)


def _stacked(rules: DokoRules, dealer: int, players: int, name: str, a: int,
             rng: random.Random, wild: float = 0.0) -> tuple[DokoState, dict[int, _Steered]]:
    state, steer = stacked_deal(rules, dealer, players, STACKS[name], a, rng)
    bots = {s: _Steered(1000 * a + s, None if name == "natural" else steer[s], rules, rng,
                        wild) for s in state.active}
    return state, bots


def _seats(t: Trick, active: tuple[int, ...]) -> list[int]:
    i = active.index(t.leader)
    return [active[(i + k) % 4] for k in range(len(t.cards))]


def _observe(state: DokoState, name: str, a: int) -> Counter[str]:
    """What happened in a finished deal, as feature names; checks on the way that each
    house rule did what it says where it showed."""
    rules, r = state.rules, state.result
    assert r is not None and sum(r.scores) == 0
    seen: Counter[str] = Counter()
    c = r.contract
    seen[f"contract {c}"] += 1
    if c == "thrown in":
        if state.armut_offer:
            seen["armut refused"] += 1
        else:
            thrower = state.declarations.index("schmeissen")
            hand = state.initial_hands[thrower]
            nines = sum(count(hand, card(su, NINE)) for su in SUITS) if rules.nines else 0
            kings = sum(count(hand, card(su, KOENIG)) for su in SUITS)
            assert may_throw(rules, hand)
            if 0 < rules.throw_nines <= nines:
                seen["throw nines"] += 1
            if 0 < rules.throw_kings <= kings:
                seen["throw kings"] += 1
            if max(nines, kings) < 5 <= rules.throw_nines_kings <= nines + kings:
                seen["throw nines+kings only"] += 1
        return seen
    assert r.re_points + r.kontra_points == 240 and len(state.tricks) == rules.hand_size
    if rules.vorgefuehrt >= 0:
        # A Vorführung: the seat named spoke first and alone, and plays its Pflichtsolo.
        assert state.pflicht and state.soloist == rules.vorgefuehrt
        assert state.history[0] == (rules.vorgefuehrt, state.declarations[state.soloist])
        assert state.tricks[0].leader == state.soloist
        seen["vorfuehrung"] += 1
    if state.pflicht:
        seen["pflichtsolo"] += 1
    elif c.startswith("solo"):
        seen["lustsolo"] += 1
    if c == "hochzeit":
        if state.partner is None:
            seen["hochzeit alone"] += 1
        else:
            seen[f"hochzeit partner ({rules.hochzeit_klaerung})"] += 1
            if state.clarified_in > 1:
                seen["hochzeit partner after trick 1"] += 1
    if c == "armut":
        seen["armut played"] += 1
    if state.schweine is not None:
        seen["schweinchen in a solo" if c.startswith("solo") else "schweinchen"] += 1
        assert state.order.trumps[0 if state.superschweine is None else 1] & 7 == ASS
    if state.superschweine is not None:
        seen["superschweine"] += 1
    if state.genscher is not None:
        seen["genscher"] += 1
        assert set(r.re_seats) == set(state.genscher)
    for what, _, _ in r.lines:
        seen[f"line {what}"] += 1
    if r.winner is not None:
        party = r.winner
        pts = r.re_points if party == "re" else r.kontra_points
        if pts < augen_needed(party, r.announced):
            assert rules.reach_absage_wins
            seen["won by reaching the absage"] += 1
    if rules.bock_level:
        seen[f"bock level {rules.bock_level}"] += 1
        plain = state.clone()
        plain.rules = rules.replace(bock_level=0)
        base = score_deal(plain).scores
        assert r.scores == tuple(v * 2 ** rules.bock_level for v in base)
    # Two Dullen, or both Karlchen, as trumps in one trick: the one the rules name wins it
    # (unless a higher trump, a Schweinchen, lies in it).
    k = karlchen_card(rules)
    for n, t in enumerate(state.tricks, 1):
        seats = _seats(t, state.active)
        last = n == len(state.tricks)
        for twin, label in ((H10, "dulle"), (k, "karlchen")):
            if twin is None or not state.order.is_trump(twin) or t.cards.count(twin) != 2:
                continue   # (a plain Herz-Zehn follows the plain rule: the first wins)
            first, second = (seats[i] for i, x in enumerate(t.cards) if x == twin)
            if t.cards[seats.index(t.winner)] != twin:
                continue
            if label == "dulle" and rules.dulle_second_wins and not (
                    last and rules.dulle_first_in_last_trick):
                assert t.winner == second, (n, t)
                seen["second dulle won"] += 1
            elif label == "dulle":
                assert t.winner == first, (n, t)
                if last and rules.dulle_second_wins:
                    seen["first dulle won the last trick"] += 1
            elif last and rules.doppel_karlchen:
                assert t.winner == second, (n, t)
                seen["second karlchen won the last trick"] += 1
            else:
                assert t.winner == first, (n, t)
    return seen


# At least this many of each feature in test_every_option_happens (about a third of what its
# run shows): a change that makes one unreachable, or much rarer, fails there.
MINIMUM = {
    "contract normal": 70, "contract hochzeit": 15, "contract stille hochzeit": 15,
    "contract armut": 15, "contract thrown in": 50, "contract solo damen": 12,
    "contract solo buben": 12, "contract solo koenige": 12, "contract solo damenbuben": 12,
    "contract solo fleischlos": 12, "contract solo E": 12, "contract solo H": 12,
    "contract solo S": 12, "pflichtsolo": 25, "vorfuehrung": 2, "lustsolo": 80, "armut played": 15,
    "armut refused": 15, "throw nines": 7, "throw kings": 15, "throw nines+kings only": 12,
    "hochzeit alone": 3, "hochzeit partner (fremd)": 5, "hochzeit partner (fehl)": 4,
    "hochzeit partner (trumpf)": 2, "hochzeit partner (erster)": 2,
    "hochzeit partner after trick 1": 3, "schweinchen": 40, "schweinchen in a solo": 40,
    "superschweine": 40, "genscher": 25, "line Karlchen": 40, "line Karlchen gefangen": 25,
    "line Doppel-Karlchen": 7, "line Fuchs im letzten Stich": 10, "line Fuchs gefangen": 70,
    "line Doppelkopf": 20, "line gegen die Alten": 20, "line re angesagt": 200,
    "line kontra angesagt": 50, "line keine 90 abgesagt (re)": 40,
    "line schwarz gespielt": 60, "line 120 gegen keine 90": 1, "second dulle won": 5,
    "first dulle won the last trick": 12, "second karlchen won the last trick": 7,
    "won by reaching the absage": 3, "bock level 1": 50, "bock level 2": 120,
    "bock level 3": 7,
}


def _series_of_stacks(rules: DokoRules, players: int, deals: int, seed: int
                      ) -> Counter[str]:
    """``deals`` deals of series under ``rules``, each dealt from the next stack in turn
    (the series' own rules for the deal: its Pflichtsoli and Bock level)."""
    rng = random.Random(seed)
    names = [n for n, st in STACKS.items() if rules.nines or not st.nines_only]
    seen: Counter[str] = Counter()
    series = new_series("doppelkopf", rules, players, 0, seed)
    for i in range(deals):
        dealer = series.current.dealer
        name = names[i % len(names)]
        a = rng.choice(seating(dealer, players)[0])
        state, bots = _stacked(series.deal_rules(), dealer, players, name, a, rng)
        series.current = state
        while not state.is_over:
            series.apply(bots[state.to_move].choose(state.view(state.to_move)))
        seen += _observe(state, name, a)
        if series.is_over:
            series = new_series("doppelkopf", rules, players, 0, seed + i)
        else:
            series.next_deal()
    return seen


def test_every_option_happens() -> None:
    """Every house rule of ALL_ON and its variants happens, and often: series of deals dealt
    from stacked decks (doppelkopf_deals.STACKS) and played by the heuristic, steered to
    declare what its stack is for. MINIMUM says how often each feature must show."""
    seen: Counter[str] = Counter()
    for k, (name, rules) in enumerate(ALL_ON_VARIANTS.items()):
        seen += _series_of_stacks(rules, 5 if name == "all-on-some" else 4, 220, k)
    missing = {f: (seen[f], n) for f, n in MINIMUM.items() if seen[f] < n}
    assert not missing, (missing, sorted(seen.items()))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(ALL_ON_VARIANTS)), st.sampled_from(sorted(STACKS)),
       st.integers(0, 3), st.sampled_from([4, 5]), st.randoms(use_true_random=False))
def test_stacked_deals_do_what_they_are_stacked_for(variant: str, name: str, k: int,
                                                    players: int, rng: random.Random) -> None:
    rules, stack = ALL_ON_VARIANTS[variant], STACKS[name]
    if stack.nines_only and not rules.nines:
        return
    dealer = rng.randrange(players)
    a = seating(dealer, players)[0][k]
    state, bots = _stacked(rules, dealer, players, name, a, rng)
    given = stack_cards(stack.a, rules)[:rules.hand_size]
    assert Counter(state.view(a).hand) >= Counter(given)
    while not state.is_over:
        state.apply(bots[state.to_move].choose(state.view(state.to_move)))
    _observe(state, name, a)
    r = state.result
    assert r is not None
    again = Record.loads(Record.from_state(state).dumps()).validate()
    assert again.history == state.history and again.result == r
    c = r.contract
    decl = stack.declare
    if decl is not None and (decl.startswith("solo") or decl == "hochzeit"):
        assert (c, state.declarations[a]) == (decl, decl)
        assert state.pflicht == rules.owes_pflichtsolo(a) or decl == "hochzeit"
    if decl == "schmeissen":   # or, below these rules' thresholds, a solo he must name
        thrown = may_throw(rules, state.initial_hands[a])
        assert c == "thrown in" if thrown else c.startswith("solo")
    if decl == "armut":
        assert c in ("armut", "thrown in") and state.declarations[a] == "armut"
    if name in ("schweine", "schweine_solo") and c in ("normal", "hochzeit",
                                                       "stille hochzeit", "solo H"):
        assert state.schweine == a and state.superschweine == a
    if name == "stille":
        assert c == "stille hochzeit" or (c == "normal" and state.genscher is not None)
    if name == "genscher" and c in ("normal", "stille hochzeit"):
        assert state.genscher is not None and state.genscher[0] == a


EVERY_ON = {**ALL_ON_VARIANTS, "house": ALL_ON_HOUSE, "house-2": ALL_ON_HOUSE_2}


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("variant", sorted(EVERY_ON))
def test_every_option_on(variant: str, players: int) -> None:
    """Invariants, records, clones and no leak with every option on: deals from every stack,
    the heuristic steered by it and random actions now and then."""
    rules = EVERY_ON[variant]
    names = [n for n, st in STACKS.items() if rules.nines or not st.nines_only]
    contracts: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        dealer = seed % players
        a = seating(dealer, players)[0][seed % 4]
        state, bots = _stacked(rules, dealer, players, names[(seed * 7 + players) % len(names)],
                               a, rng, wild=0.2)

        def check(state: DokoState, rng: random.Random = rng) -> None:
            _conserved(state)
            assert state.legal_actions(), "no legal action while the deal runs"
            for viewer in state.active:
                v = state.view(viewer).to_json()
                other = _swap_hidden(state, viewer, rng)
                if other is not None and state.phase != "armut_offer":
                    assert other.view(viewer).to_json() == v
            copy = state.clone()
            copy.apply(copy.random_action(rng))
            assert copy.history != state.history

        while not state.is_over:
            check(state)
            state.apply(bots[state.to_move].choose(state.view(state.to_move)))
        r = state.result
        assert r is not None and (sum(r.scores) == 0 or rules.score_sheet != "plusminus")
        contracts.add(r.contract)
        if r.contract != "thrown in":
            assert r.re_points + r.kontra_points == 240
        again = Record.loads(Record.from_state(state).dumps()).validate()
        assert again.history == state.history and again.result == r
    assert len(contracts) >= 4
