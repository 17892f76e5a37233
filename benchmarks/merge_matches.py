"""Merge the JSON results of arena matches played in chunks (``binokel arena --out``): the
mean difference per deal between two bots over all chunks with its 95% interval, and, given
a second set of chunks played on the same seeds, the paired difference between the two sets
(e.g. a new strong bot against the old one, each against the same heuristic on the same
deals).

    .venv/bin/python benchmarks/merge_matches.py /tmp/matches/doppelkopf-[0-9].json
    .venv/bin/python benchmarks/merge_matches.py new-*.json --against old-*.json
    .venv/bin/python benchmarks/merge_matches.py dk-heuristic-200/*.json \
        --a heuristic --b openspiel-ismcts

The chunks of ``benchmarks/openspiel_match.py --out-dir`` merge alike; their counts (seconds
per decision of both bots, IS-MCTS's random fallbacks) are added up and printed too.

Long matches on a shared machine are best played in chunks of a few hundred deals with
consecutive seeds, so that whatever finished before a deadline counts.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from binokel.arena import confidence_interval


def deal_diffs(paths: list[str], a: str, b: str) -> dict[tuple[int, int], float]:
    """(seed, deal) -> mean score of ``a`` minus that of ``b`` in that deal."""
    out: dict[tuple[int, int], float] = {}
    for p in paths:
        data: dict[str, Any] = json.loads(Path(p).read_text())
        for d in data["per_deal"]:
            out[(data["seed"], d["deal"])] = d["mean_score"][a] - d["mean_score"][b]
    return out


def added_counts(paths: list[str]) -> dict[str, Any]:
    """The ``counts`` of openspiel_match.py's chunks, added up (empty for arena files)."""
    out: dict[str, Any] = {}
    for p in paths:
        data: dict[str, Any] = json.loads(Path(p).read_text())
        for k, v in data.get("counts", {}).items():
            if isinstance(v, list):
                old = out.get(k, [0, 0.0])
                out[k] = [old[0] + v[0], old[1] + v[1]]
            else:
                out[k] = out.get(k, 0) + v
    return out


def line(label: str, diffs: list[float]) -> str:
    mean, lo, hi = confidence_interval(diffs)
    return f"{label}: {mean:+.2f} per deal, 95% CI [{lo:+.2f}, {hi:+.2f}] over {len(diffs)} deals"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--against", nargs="*", default=[],
                    help="chunks of a second bot on the same seeds: their paired difference")
    ap.add_argument("--a", default="strong")
    ap.add_argument("--b", default="heuristic")
    args = ap.parse_args(argv)
    new = deal_diffs(args.files, args.a, args.b)
    if not new:
        print("no deals in these files")
        return 1
    print(line(f"{args.a} - {args.b} ({len(args.files)} files)", list(new.values())))
    counts = added_counts(args.files)
    if counts:
        # openspiel_match.py's chunks: cpu_<kind> (CPU seconds), older ones timed_<kind>
        # (wall-clock seconds)
        timed = ", ".join(f"{k.split('_', 1)[1]} {v[1] / max(1, v[0]):.3f}"
                          f"{' (wall)' if k.startswith('timed_') else ''}"
                          for k, v in counts.items() if k.startswith(("timed_", "cpu_")))
        print(f"seconds per decision: {timed}; IS-MCTS random fallbacks "
              f"{counts['fallbacks']} of {counts['decisions']} decisions, root fallbacks "
              f"{counts['root_fallbacks']}; {counts['seconds'] / 3600:.1f} hours of play")
    if args.against:
        old = deal_diffs(args.against, args.a, args.b)
        print(line(f"{args.a} - {args.b}, second set ({len(args.against)} files)",
                   list(old.values())))
        common = sorted(set(new) & set(old))
        if len(common) >= 2:
            print(line("first set - second set on the same deals",
                       [new[k] - old[k] for k in common]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
