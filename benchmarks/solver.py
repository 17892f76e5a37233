"""The new search core (binokel.search) against the old pure-Python solver (kept as
tests/old_solver.py) on fixed,
seeded play-phase positions: full 12-trick 3-player Binokel deals under both card-point
tables, Kreuzbinokel deals, and positions with 10, 8 and 6 tricks left.

Per position: the old solver's nodes and time (capped at ``--old-cap`` seconds: "> cap"), the
new core's nodes and time, and their ratios; medians per group at the end. The values are
compared wherever the old solver finished.

    .venv/bin/python benchmarks/solver.py                # compiled core (if built)
    .venv/bin/python benchmarks/solver.py --old-cap 0    # the new core alone
    .venv/bin/python benchmarks/solver.py --doko         # also Doppelkopf, 6 and 8 tricks left
    .venv/bin/python benchmarks/solver.py --doko-full 8  # also 8 whole Doppelkopf deals
    .venv/bin/python benchmarks/solver.py --profile      # each MTD(f) search of each position
    BINOKEL_SEARCH_PURE=1 .venv/bin/python benchmarks/solver.py --groups 8 --old-cap 5

``--profile`` prints, per position, the MTD(f) searches (window's ``beta``, fail-soft result,
nodes) and the share of the nodes that the last one (the proof of the value) and the others
took. ``--doko-full N`` solves N whole Doppelkopf deals (normal games, known parties: the Re
party maximises its Augen) within ``--budget`` nodes each.

Times are CPU seconds of this process for one search (the old solver's cap is wall-clock);
on a machine shared with other work even they vary (caches, frequency), the node counts do
not: the load average is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

from binokel import search
from binokel.core.cards import SUIT_MASKS
from binokel.core.cards import cards_of
from binokel.core.cards import format_cards
from binokel.core.cards import size
from binokel.core.trick import PLAY_ACTIONS
from binokel.games.binokel import search as binokel_adapter
from binokel.games.binokel.deal import PLAY
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.state import DealState
from binokel.games.doppelkopf import search as doko_search
from binokel.games.doppelkopf.deal import NORMAL
from binokel.games.doppelkopf.state import DokoState
from binokel.search import Position

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from old_solver import SearchLimit
from old_solver import root_search


def declared_deal(seed: int, preset: str = "standard", game: str = "binokel",
                  contract: str = "trump") -> DealState:
    """A deal at its first card: Vorhand bids the minimum and the others pass; the declarer
    pushes his cheapest cards outside his longest suit and names that suit trump."""
    players = 4 if game == "kreuzbinokel" else 3
    s = DealState.new(Rules.from_preset(preset), dealer=seed % players, seed=seed,
                      players=players, game=game)
    while s.phase == "bidding":
        s.apply(s.legal_actions()[0] if not s.history else "pass")
    decl = s.declarer
    assert decl is not None
    hand = s.hands[decl]
    trump = max(range(4), key=lambda t: (size(hand & SUIT_MASKS[t]), -t))
    if s.phase == "declare":
        pts = s.rules.points
        keep = sorted(cards_of(hand), key=lambda c: (c >> 3 == trump, pts[c & 7], c & 7))
        s.apply("discard " + format_cards(keep[:len(s.dapp_cards)]))
    s.apply(f"trump {'EBHS'[trump]}" if contract == "trump" else contract)
    while s.phase != PLAY:
        s.apply(s.legal_actions()[-1])
    return s


def with_tricks_left(seed: int, tricks: int, preset: str = "standard",
                     game: str = "binokel") -> DealState | None:
    """A declared deal played at random until ``tricks`` tricks are left (None if over)."""
    s = declared_deal(seed, preset, game)
    rng = random.Random(seed)
    while size(s.hands[s.to_move]) > tricks or s.trick:
        if s.is_over:
            return None
        s.apply(s.random_action(rng))
    return None if s.is_over else s


def doko_position(seed: int, tricks: int) -> Position | None:
    """A normal Doppelkopf game (everyone healthy) played at random until ``tricks`` tricks
    are left; the Re party maximises its card points. None for a Hochzeit or a deal over."""
    rng = random.Random(seed)
    s = DokoState.new(dealer=seed % 4, seed=seed)
    for _ in range(4):
        s.apply("gesund")
    if s.contract != NORMAL:
        return None
    while not s.is_over and (size(s.hands[s.to_move]) > tricks or s.trick):
        cards = [c for c in range(32) if (s.legal_cards() >> (2 * c)) & 3]
        s.apply(PLAY_ACTIONS[cards[rng.randrange(len(cards))]])
    if s.is_over:
        return None
    return doko_search.position(s)


def groups(n: int) -> list[tuple[str, list[DealState]]]:
    out: list[tuple[str, list[DealState]]] = [
        ("binokel 12 classic", [declared_deal(1000 + i) for i in range(n)]),
        ("binokel 12 tournament", [declared_deal(2000 + i, "turnier") for i in range(n)]),
        ("kreuzbinokel 9", [declared_deal(3000 + i, game="kreuzbinokel") for i in range(n)]),
    ]
    for t in (10, 8, 6):
        states = [s for i in range(n * 2)
                  if (s := with_tricks_left(4000 + 100 * t + i, t)) is not None][:n]
        out.append((f"binokel {t} left", states))
    return out


def p90(xs: list[float] | list[int]) -> float:
    """The 90th percentile (nearest rank): the tail that a bot's think time must allow for."""
    ys = sorted(xs)
    return float(ys[min(len(ys) - 1, (9 * len(ys)) // 10)])


def fmt_time(t: float) -> str:
    return f"{t * 1000:9.1f} ms" if t < 10 else f"{t:9.1f} s "


def profile_line(its: list[search.Iteration]) -> str:
    """The MTD(f) searches of one position in a line: how many, the nodes of the last one
    (which proves the value) and of the others, and the costliest few."""
    total = sum(it.nodes for it in its) or 1
    last = its[-1].nodes if its else 0
    top = sorted(its, key=lambda it: -it.nodes)[:4]
    costly = ", ".join(f"beta {it.beta}: {it.nodes}" for it in top)
    return (f"    {len(its)} searches; last {last} nodes ({100 * last / total:.0f}%), the others "
            f"{total - last}; costliest: {costly}")


def doko_full(count: int, budget: int, profile: bool) -> None:
    """Whole Doppelkopf deals, one line each and a summary line."""
    times: list[float] = []
    nodes_all: list[int] = []
    over = 0
    seed = 0
    while len(times) + over < count and seed < 100 * count:
        dp = doko_position(7000 + seed, 12)
        seed += 1
        if dp is None:
            continue
        name = f"doppelkopf full #{len(times) + over}"
        t0 = time.process_time()
        session = search.Session(dp)
        try:
            _, its = session.value_trace(budget)
        except search.SearchLimit:
            over += 1
            print(f"{name:28} {'-':>10} {'-':>12} {'> ' + str(budget):>10} "
                  f"{fmt_time(time.process_time() - t0):>12}", flush=True)
            continue
        times.append(time.process_time() - t0)
        nodes_all.append(session.nodes)
        print(f"{name:28} {'-':>10} {'-':>12} {session.nodes:>10} {fmt_time(times[-1]):>12}",
              flush=True)
        if profile:
            print(profile_line(its))
    if times:
        print(f"== doppelkopf full deals: new median {fmt_time(statistics.median(times)).strip()}"
              f", p90 {fmt_time(p90(times)).strip()}, max {fmt_time(max(times)).strip()}; "
              f"nodes median {statistics.median(nodes_all):.0f}, p90 {p90(nodes_all):.0f}; "
              f"{over} over the budget of {budget} nodes", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--groups", type=int, default=8, help="positions per group (default 8)")
    ap.add_argument("--old-cap", type=float, default=20.0,
                    help="seconds the old solver may take per position (0: skip it)")
    ap.add_argument("--only", default="", help="run only groups whose name contains this")
    ap.add_argument("--doko", action="store_true",
                    help="also Doppelkopf positions with 6 and 8 tricks left (no old solver)")
    ap.add_argument("--doko-full", type=int, default=0, metavar="N",
                    help="also N whole Doppelkopf deals (12 tricks, known parties)")
    ap.add_argument("--budget", type=int, default=100_000_000,
                    help="nodes a whole Doppelkopf deal may take (default 100M)")
    ap.add_argument("--profile", action="store_true",
                    help="print each position's MTD(f) searches")
    args = ap.parse_args(argv)
    if not 1 <= args.groups <= 100:
        ap.error("--groups must be 1..100")
    if not 0 <= args.doko_full <= 100:
        ap.error("--doko-full must be 0..100")
    if not 1 <= args.budget <= 10**10:
        ap.error("--budget must be 1..10**10")
    print(f"compiled core: {search.COMPILED}; load average {os.getloadavg()[0]:.2f}")
    print(f"{'position':28} {'old nodes':>10} {'old time':>12} {'new nodes':>10} "
          f"{'new time':>12} {'nodes x':>8} {'time x':>8}")
    failures = 0
    for name, states in groups(args.groups):
        if args.only and args.only not in name:
            continue
        new_times: list[float] = []
        new_nodes: list[int] = []
        ratios: list[float] = []
        for i, st in enumerate(states):
            p = binokel_adapter.position(st)
            t0 = time.process_time()
            session = search.Session(p)
            v_new, its = session.value_trace()
            n_new = session.nodes
            t_new = time.process_time() - t0
            new_times.append(t_new)
            new_nodes.append(n_new)
            old_nodes, old_time = "-", "-"
            node_x = time_x = ""
            if args.old_cap > 0:
                t0 = time.process_time()
                try:
                    v_old, n_old = root_search(st, time_budget=args.old_cap)
                except SearchLimit:
                    old_time = f"> {args.old_cap:.0f} s"
                    old_nodes = "?"
                    time_x = f"> {args.old_cap / t_new:.0f}"
                else:
                    t_old = time.process_time() - t0
                    if v_old != v_new:
                        failures += 1
                        print(f"VALUE MISMATCH: old {v_old}, new {v_new}")
                    old_nodes, old_time = str(n_old), fmt_time(t_old)
                    node_x = f"{n_old / n_new:.0f}"
                    time_x = f"{t_old / t_new:.0f}"
                    ratios.append(t_old / t_new)
            print(f"{name + ' #' + str(i):28} {old_nodes:>10} {old_time:>12} {n_new:>10} "
                  f"{fmt_time(t_new):>12} {node_x:>8} {time_x:>8}", flush=True)
            if args.profile:
                print(profile_line(its))
        med = statistics.median(new_times)
        extra = f", median time ratio {statistics.median(ratios):.0f}x" if ratios else ""
        rate = sum(new_nodes) / sum(new_times) / 1e6
        print(f"== {name}: new median {fmt_time(med).strip()}, p90 "
              f"{fmt_time(p90(new_times)).strip()}, max {fmt_time(max(new_times)).strip()}; "
              f"nodes median {statistics.median(new_nodes):.0f}, p90 {p90(new_nodes):.0f} "
              f"({rate:.1f} M nodes/s){extra}", flush=True)
    if args.doko:
        for t in (6, 8):
            times = []
            nodes_all: list[int] = []
            for seed in range(200):
                dp = doko_position(5000 + 100 * t + seed, t)
                if dp is None:
                    continue
                t0 = time.process_time()
                _, nodes = search.value_and_nodes(dp)
                times.append(time.process_time() - t0)
                nodes_all.append(nodes)
                print(f"{'doppelkopf ' + str(t) + ' left #' + str(len(times) - 1):28} "
                      f"{'-':>10} {'-':>12} {nodes:>10} {fmt_time(times[-1]):>12}", flush=True)
                if len(times) == args.groups:
                    break
            print(f"== doppelkopf {t} left: new median "
                  f"{fmt_time(statistics.median(times)).strip()}, p90 "
                  f"{fmt_time(p90(times)).strip()}, max {fmt_time(max(times)).strip()}; "
                  f"nodes median {statistics.median(nodes_all):.0f}, p90 "
                  f"{p90(nodes_all):.0f}", flush=True)
    if args.doko_full:
        doko_full(args.doko_full, args.budget, args.profile)
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
