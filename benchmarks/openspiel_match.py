"""Duplicate matches of our bots against OpenSpiel's IS-MCTS (issue 18's figures).

Each deal is played in every seating (the arena's ``play_group``); the figure is the mean
difference per deal between our bot's and IS-MCTS's mean score, with the 95% interval.

Budgets: IS-MCTS gets a number of simulations per decision. With ``--simulations auto`` the
script first times our bot's decisions and IS-MCTS's at a trial budget on a few deals
(``--calibration-deals``, their own seeds) and scales the simulations so that both spend
about the same CPU time per decision (reported). A bot's costly decisions (a Binokel bid,
the first card of a deal) are rare, so one deal tends to miss them: calibrating on one deal
left our bot 1.6-1.8 times IS-MCTS's time over whole matches. Times are CPU seconds of the
process (both bots run in it), so a loaded machine does not skew them.
The match stops after ``--deals`` deals or at ``--until`` (UTC, ``HH:MM``), whichever comes
first, and says how far it got.

    nice .venv/bin/python benchmarks/openspiel_match.py --game doppelkopf --ours heuristic \\
        --deals 1000 --until 08:35
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import time
from pathlib import Path
from typing import Any

from binokel import arena
from binokel import bots as bots_module
from binokel.arena import confidence_interval
from binokel.arena import play_group
from binokel.registry import find_game
from binokel.research import openspiel_bots

ISMCTS = "openspiel-ismcts"


class Timed:
    """A bot that records the CPU seconds each decision takes."""

    def __init__(self, bot: Any, log: list[float]) -> None:
        self.bot, self.log, self.name = bot, log, bot.name

    def choose(self, view: Any) -> str:
        start = time.process_time()
        action: str = self.bot.choose(view)
        if len(view.legal_actions) > 1:
            self.log.append(time.process_time() - start)
        return action


class timing:
    """While active, every bot the arena makes records its seconds per decision."""

    def __init__(self, kinds: list[str]) -> None:
        self.logs: dict[str, list[float]] = {k: [] for k in kinds}
        self.make = bots_module.make_bot

    def __enter__(self) -> timing:
        def timed(kind: str, seed: int | None = None, game: str | None = None) -> Any:
            return Timed(self.make(kind, seed, game), self.logs[kind])
        arena.make_bot = timed  # type: ignore[assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        arena.make_bot = self.make

    def per_decision(self) -> dict[str, float]:
        return {k: sum(v) / max(1, len(v)) for k, v in self.logs.items()}


def seconds_per_decision(kinds: list[str], game: str, players: int, deals: int,
                         lineup: list[str] | None) -> dict[str, float]:
    """Mean CPU seconds per (non-forced) decision of each kind over ``deals`` duplicate
    deals (seeds 10,000 on, apart from the match's)."""
    with timing(kinds) as t:
        for i in range(deals):
            play_group(10_000 + i, kinds, 99, game, {}, players, lineup)
    return t.per_decision()


def chunk_path(out_dir: Path, game: str, ours: str, first: int) -> Path:
    return out_dir / f"{game}-{ours}-{first:05d}.json"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="doppelkopf")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--ours", default="heuristic")
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--first", type=int, default=0, help="index of the first deal")
    p.add_argument("--until", default=None, help="stop at this UTC time (HH:MM)")
    p.add_argument("--simulations", default="auto",
                   help="IS-MCTS simulations per decision, or auto (matched by CPU time)")
    p.add_argument("--calibration-deals", type=int, default=4,
                   help="duplicate deals timed for --simulations auto (default 4)")
    p.add_argument("--worlds", type=int, default=openspiel_bots.WORLDS)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--field", action="store_true",
                   help="one IS-MCTS seat against our bot in every other seat, rotated "
                        "(fewer seatings per deal than every assignment of the two kinds)")
    p.add_argument("--out-dir", default=None,
                   help="write the deals in chunks, <game>-<ours>-<first deal>.json, each "
                        "rewritten after every deal; deals already in a chunk are not "
                        "played again (a stopped run resumes); merge with "
                        "benchmarks/merge_matches.py --a <ours> --b openspiel-ismcts")
    p.add_argument("--chunk", type=int, default=100, help="deals per chunk file")
    args = p.parse_args(argv)
    spec = find_game(args.game)
    players = args.players or spec.default_players
    kinds = [args.ours, ISMCTS]
    lineup = None
    if args.field:
        units = len(spec.teams) or players
        lineup = [ISMCTS] + [args.ours] * (units - 1)
    deadline = None
    if args.until:
        hh, mm = (int(x) for x in args.until.split(":"))
        now = dt.datetime.now(dt.UTC)
        deadline = now.replace(hour=hh, minute=mm, second=0, microsecond=0).timestamp()
    openspiel_bots.WORLDS = args.worlds
    if args.simulations == "auto":
        openspiel_bots.SIMULATIONS = trial = 20
        calibration = max(1, args.calibration_deals)
        per = seconds_per_decision(kinds, args.game, players, calibration, lineup)
        sims = int(trial * per[args.ours] / max(per[ISMCTS], 1e-9))
        openspiel_bots.SIMULATIONS = max(10, min(2000, sims))
        print(f"calibration over {calibration} deals: {args.ours} "
              f"{per[args.ours]:.3f} CPU s/decision, IS-MCTS "
              f"{per[ISMCTS]:.3f} s/decision at {trial} simulations -> "
              f"{openspiel_bots.SIMULATIONS} simulations", flush=True)
    else:
        openspiel_bots.SIMULATIONS = int(args.simulations)
    out_dir = Path(args.out_dir) if args.out_dir else None
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    diffs: list[float] = []
    started = time.time()
    clock = timing(kinds)
    chunks: dict[int, dict[str, Any]] = {}
    played = 0
    for i in range(args.first, args.first + args.deals):
        if deadline is not None and time.time() > deadline:
            break
        chunk = None
        if out_dir is not None:
            first = i - (i - args.first) % args.chunk
            chunk = chunks.get(first)
            if chunk is None:
                chunk = chunks[first] = load_chunk(chunk_path(out_dir, args.game, args.ours,
                                                              first), args, players)
            done = {d["deal"]: d for d in chunk["per_deal"]}
            if i in done:
                diffs.append(done[i]["mean_score"][args.ours] - done[i]["mean_score"][ISMCTS])
                continue
        before = (openspiel_bots.OpenSpielBot.all_decisions,
                  openspiel_bots.OpenSpielBot.all_fallbacks,
                  openspiel_bots.OpenSpielBot.all_root_fallbacks)
        logs_before = {k: (len(v), sum(v)) for k, v in clock.logs.items()}
        deal_started = time.time()
        with clock:
            g = play_group(i, kinds, args.seed, args.game, {}, players, lineup)
        deal_seconds = time.time() - deal_started
        played += 1
        diffs.append(g.mean_score[args.ours] - g.mean_score[ISMCTS])
        mean, low, high = confidence_interval(diffs)
        print(f"deal {i}: {args.ours} - IS-MCTS {diffs[-1]:+.1f}; "
              f"mean {mean:+.2f} [{low:+.2f}, {high:+.2f}] over {len(diffs)}", flush=True)
        if chunk is not None and out_dir is not None:
            chunk["per_deal"].append({"deal": i, "mean_score": g.mean_score})
            chunk["per_deal"].sort(key=lambda d: d["deal"])
            c = chunk["counts"]
            c["decisions"] += openspiel_bots.OpenSpielBot.all_decisions - before[0]
            c["fallbacks"] += openspiel_bots.OpenSpielBot.all_fallbacks - before[1]
            c["root_fallbacks"] += openspiel_bots.OpenSpielBot.all_root_fallbacks - before[2]
            for k, v in clock.logs.items():
                n0, s0 = logs_before[k]
                # cpu_<kind>: decisions and their CPU seconds (older chunks: timed_<kind>,
                # wall-clock seconds)
                c.setdefault(f"cpu_{k}", [0, 0.0])
                c[f"cpu_{k}"][0] += len(v) - n0
                c[f"cpu_{k}"][1] += sum(v) - s0
            c["seconds"] += deal_seconds
            save_chunk(chunk_path(out_dir, args.game, args.ours, chunk["first"]), chunk)
    if not diffs:
        print("no deal finished")
        return 1
    mean, low, high = confidence_interval(diffs)
    elapsed = time.time() - started
    per = clock.per_decision()
    print("CPU seconds per decision: " + ", ".join(f"{k} {v:.3f}" for k, v in per.items()))
    print(f"{args.game} ({players} seats): {args.ours} vs IS-MCTS "
          f"({openspiel_bots.SIMULATIONS} simulations, {openspiel_bots.WORLDS} worlds), "
          f"{len(diffs)} of {args.deals} duplicate deals ({played} played now in "
          f"{elapsed:.0f} s, {played / elapsed * 3600:.1f} deals/hour): mean difference per "
          f"deal {mean:+.2f}, 95% interval [{low:+.2f}, {high:+.2f}]; IS-MCTS fell back to a "
          f"random action for want of a sampled deal in "
          f"{openspiel_bots.OpenSpielBot.all_fallbacks} of "
          f"{openspiel_bots.OpenSpielBot.all_decisions} decisions, and searched from the "
          f"drawn world instead of a new one {openspiel_bots.OpenSpielBot.all_root_fallbacks} "
          f"times")
    return 0


def load_chunk(path: Path, args: argparse.Namespace, players: int) -> dict[str, Any]:
    """The chunk file at ``path`` (checked to be of the same match), or a new one."""
    settings = {"game": args.game, "players": players, "ours": args.ours,
                "seed": args.seed, "simulations": openspiel_bots.SIMULATIONS,
                "worlds": openspiel_bots.WORLDS, "field": bool(args.field)}
    first = int(path.stem.rsplit("-", 1)[1])
    if path.exists():
        data: dict[str, Any] = json.loads(path.read_text())
        theirs = {k: data.get(k) for k in settings}
        if theirs != settings:
            raise SystemExit(f"{path} is of another match: {theirs} (this one: {settings})")
        return data
    return {**settings, "first": first, "bots": [args.ours, ISMCTS],
            "command": " ".join(sys.argv),
            "counts": {"decisions": 0, "fallbacks": 0, "root_fallbacks": 0, "seconds": 0.0},
            "per_deal": []}


def save_chunk(path: Path, data: dict[str, Any]) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1))
    tmp.replace(path)


if __name__ == "__main__":
    sys.exit(main())
