"""The arena's deals per second on this machine and on a local Ray cluster (the same bots,
deals and seed; the results must be equal).

    .venv/bin/python benchmarks/arena_rate.py --deals 300 --workers 2 --cpus 2

The Ray run starts a one-node cluster on 127.0.0.1 (``binokel.arena_ray.local_cluster``;
needs the extra ``binokel[ray]``) and connects to it by address, as ``binokel arena --ray``
does; the time counts from the match's start (connecting included, not the cluster's
start). Wall-clock seconds on a shared machine: the load average is printed alongside.
"""

from __future__ import annotations

import argparse
import os
import time

from binokel.arena import run_match


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="binokel")
    ap.add_argument("--bots", default="heuristic,random")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2, help="processes on this machine")
    ap.add_argument("--cpus", type=int, default=2, help="CPUs of the local Ray cluster")
    args = ap.parse_args()
    kinds = args.bots.split(",")

    def timed(**kw: object) -> tuple[float, object]:
        load = os.getloadavg()[0]
        t0 = time.perf_counter()
        r = run_match(kinds, args.deals, args.seed, args.game, progress=False, **kw)  # type: ignore[arg-type]
        dt = time.perf_counter() - t0
        print(f"  {args.deals} deals in {dt:.1f} s: {args.deals / dt:.1f} deals/s "
              f"(load average {load:.1f} before, {os.getloadavg()[0]:.1f} after)", flush=True)
        return dt, r

    print(f"{args.game}, {args.bots}, seed {args.seed}")
    print(f"this machine, {args.workers} worker processes:")
    _, here = timed(workers=args.workers)
    from binokel.arena_ray import LOOPBACK_ENV
    from binokel.arena_ray import local_cluster
    os.environ.update(LOOPBACK_ENV)
    import ray
    with local_cluster(num_cpus=args.cpus) as cluster:
        try:
            print(f"local Ray cluster at {cluster.address}, {args.cpus} CPUs:")
            _, there = timed(ray_address=cluster.address)
            print("  again (workers warm):")
            timed(ray_address=cluster.address)
        finally:
            ray.shutdown()
    assert there.per_deal == here.per_deal, "the results differ"  # type: ignore[attr-defined]
    print("same results")


if __name__ == "__main__":
    main()
