"""How much could a winning-ranks table share in Doppelkopf? An upper bound, measured.

Bridge solvers keep a bound for a position together with the cards that decided its tricks
("winning ranks"); the entry then also answers every position that differs only in the
other cards. The structure table of ``binokel.search`` already matches positions whose
cards, group by group, have the same owners in the same order. This script counts, per
number of tricks left, the distinct positions the pure-Python reference core searches at a
trick's first card, keyed exactly, by structure, and by the coarser keys a winning-ranks
table could use at best: each group's top ``T`` cards still in play with their owners (and
"second beats" flags), below them only how many cards of the group each seat holds.

The counts are an optimistic bound: a real table matches only where the cards that did
decide a trick are among the top ``T`` and its bounds, widened by the points of the cards
it treats as alike, still decide the zero-window test. Usage::

    .venv/bin/python benchmarks/winning_ranks_bound.py --tricks 8 --positions 6
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from solver import doko_position

from binokel import search
from binokel.search import reference as ref

TOPS = (1, 2, 3)
Counts = dict[int, dict[str, set[Any]]]


def coarse_key(core: ref.Core, seat: int, top: int) -> tuple[Any, ...]:
    """Each group's ``top`` strongest cards in play (copies counted) with their owners and
    "second beats" flags; below them each seat's count of the group."""
    hands = core.hands
    every = 0
    for h in hands:
        every |= h
    groups: dict[int, list[tuple[int, tuple[int, ...]]]] = collections.defaultdict(list)
    for c in reversed(ref._distinct(every)):
        groups[core.gof[c]].append((c, tuple((h >> (2 * c)) & 3 for h in hands)))
    key: list[Any] = [seat]
    for g in sorted(groups):
        kept: list[tuple[int, tuple[int, ...]]] = []
        rest = [0] * len(hands)
        n = 0
        for c, cnt in groups[g]:
            if n < top:
                kept.append((core.second >> (2 * c) & 1, cnt))
                n += sum(cnt)
            else:
                rest = [a + b for a, b in zip(rest, cnt, strict=True)]
        key.append((g, tuple(kept), tuple(rest)))
    return tuple(key)


def measure(tricks: int, positions: int) -> None:
    counts: Counts = collections.defaultdict(lambda: collections.defaultdict(set))
    plain = ref.Core.search

    def counting(self: ref.Core, alpha: int, beta: int) -> int:
        hand = self.hands[self.leader]
        if not self.trick and hand and ref._size(hand) > 2:
            c = counts[ref._size(hand)]
            c["exact"].add((*self.hands, self.leader))
            c["structure"].add(self._structure(self.leader))
            for t in TOPS:
                c[f"top {t}"].add(coarse_key(self, self.leader, t))
        return plain(self, alpha, beta)

    ref.Core.search = counting
    totals: dict[str, int] = collections.Counter()
    done = 0
    try:
        for seed in range(500):
            dp = doko_position(5000 + 100 * tricks + seed, tricks)
            if dp is None:
                continue
            counts.clear()
            value, nodes = search.value_and_nodes(dp, pure=True)
            print(f"position {done} (seed {5000 + 100 * tricks + seed}): value {value}, "
                  f"{nodes} nodes", flush=True)
            for left in sorted(counts):
                c = counts[left]
                kinds = ["exact", "structure", *[f"top {t}" for t in TOPS]]
                print(f"  {left} tricks left: " + ", ".join(
                    f"{k} {len(c[k])}" for k in kinds))
                for k in kinds:
                    totals[k] += len(c[k])
            done += 1
            if done == positions:
                break
    finally:
        ref.Core.search = plain
    s = totals["structure"]
    print("all positions, distinct positions searched at a trick's first card: "
          + ", ".join(f"{k} {v}" for k, v in totals.items())
          + "; structure / top T: "
          + ", ".join(f"T={t} {s / max(1, totals[f'top {t}']):.1f}x" for t in TOPS))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tricks", type=int, default=8, help="tricks left (4..12, default 8)")
    ap.add_argument("--positions", type=int, default=6, help="how many positions (1..50)")
    args = ap.parse_args(argv)
    if not 4 <= args.tricks <= 12:
        ap.error("--tricks must be 4..12")
    if not 1 <= args.positions <= 50:
        ap.error("--positions must be 1..50")
    measure(args.tricks, args.positions)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
