"""Strong bot and solver timing: the strong bot's decision times (median, 95th percentile,
max) in deals against two heuristic bots, and the solver's time for complete 12-trick
positions. A benchmark, not a test:

    python benchmarks/strong_bot.py --deals 30 --level strong --solve 3
    python benchmarks/strong_bot.py --game zweier --deals 30   # Zweierbinokel's strong bot
    python benchmarks/strong_bot.py --level strong-2026-11     # any bot kind, e.g. the old one
    python benchmarks/strong_bot.py --fit-pass binokel standard 1500

``--fit-pass GAME PRESET DEALS`` fits what passing in the bidding is worth (the strong
Binokel player's ``PASS_VALUE``): heuristic self-play, each defender's score relative to the
others' mean regressed on his hand's mean meld total over the four trumps (``--fit-bot``
watches another bot's self-play).

Times are CPU seconds per decision of this process (less sensitive to other work on a shared
machine than wall-clock time; the bot's budget is counted in work, solver nodes and rollout
moves, so the figures measure this machine's speed). Every game with a strong bot:
``--game doppelkopf --level strong-hard``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from binokel.bots import BOT_MODULES_ENV
from binokel.bots import make_bot
from binokel.core.cards import cards_of
from binokel.core.cards import format_cards
from binokel.games.binokel.deal import PLAY
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.solver import solve
from binokel.games.binokel.state import DealState
from binokel.registry import find_game

# The frozen strong player of November 2026 (strong_2026_11.py beside this script) by name.
os.environ.setdefault(BOT_MODULES_ENV, "strong_2026_11")


def decision_times(level: str, deals: int, seed: int, game: str = "binokel",
                   worlds: list[tuple[int, float]] | None = None) -> dict[str, list[float]]:
    """Per phase, the strong bot's decision times over ``deals`` deals (it sits in every
    seat in turn, the others are heuristic). ``worlds``: gets (cards in hand, worlds solved)
    per card decision (bots that report them)."""
    rng = random.Random(seed)
    times: dict[str, list[float]] = {}
    spec = find_game(game)
    n = spec.default_players
    for d in range(deals):
        strong_seat = d % n
        bots = [make_bot(level if s == strong_seat else "heuristic", seed=seed + 10 * d + s,
                         game=game) for s in range(n)]
        state = spec.new_deal(spec.make_rules({}), d % n, seed=rng.getrandbits(32), players=n)
        while not state.is_over:
            seat = state.to_move
            t0 = time.process_time()
            action = bots[seat].choose(state.view(seat))
            legal = state.legal_actions()
            if seat == strong_seat and len(legal) > 1:
                times.setdefault(kind_of_decision(state.phase, legal), []).append(
                    time.process_time() - t0)
                impl = bots[seat].implementation(game)
                stats = getattr(impl, "last_stats", {})
                if worlds is not None and state.phase == PLAY and "worlds" in stats:
                    worlds.append((len(state.view(seat).hand), stats["worlds"]))
            state.apply(action)
    return times


def kind_of_decision(phase: str, legal: list[str]) -> str:
    """The phase, and in the play whether more than a card may be chosen (``play+say``: an
    announcement or a Genscher, which Doppelkopf's strong player decides by simulation)."""
    if phase == PLAY and any(not a.startswith("play ") for a in legal):
        return "play+say"
    return phase


def full_positions(n: int, seed: int) -> list[float]:
    """Seconds to solve complete 12-trick positions exactly (declarer's push and trump
    fixed, nothing played)."""
    out = []
    for i in range(n):
        s = DealState.new(Rules(), 2, seed=seed + i)
        for a in ("bid 150", "pass", "pass"):
            s.apply(a)
        s.apply("discard " + format_cards(cards_of(s.hands[0])[:4]))
        s.apply("trump H")
        assert s.phase == PLAY
        t0 = time.process_time()
        sol = solve(s)
        out.append(time.process_time() - t0)
        print(f"  position {i + 1}: value {sol.value}, best {sol.best}, {sol.nodes:,} nodes, "
              f"{out[-1]:.1f} s CPU", flush=True)
    return out


def fit_pass(game: str, preset: str, deals: int, seed: int, kind: str = "heuristic"
             ) -> tuple[float, float, float]:
    """What passing is worth: (a, b) of relative score ~ a + b * mean melds (see the module
    docstring) in self-play of ``kind``, and the standard error of a at the mean."""
    from binokel.games.binokel.melds import best_melds
    rules = Rules.from_preset(preset)
    players = 4 if game == "kreuzbinokel" else 3
    xs: list[float] = []
    ys: list[float] = []
    for i in range(deals):
        s = DealState.new(rules, i % players, seed=seed + i, players=players, game=game)
        hands = list(s.hands)
        bots = [make_bot(kind, i * 4 + k) for k in range(players)]
        while not s.is_over:
            s.apply(bots[s.to_move].choose(s.view(s.to_move)))
        res = s.result
        assert res is not None
        if res.declarer is None:
            continue
        for x in range(players):
            if s.party[x] == s.party[res.declarer]:
                continue
            others = [res.scores[y] for y in range(players) if s.party[y] != s.party[x]]
            if game == "kreuzbinokel":
                others = others[:1]
            xs.append(statistics.fmean(best_melds(hands[x], t, rules).total for t in range(4)))
            ys.append(res.scores[x] - statistics.fmean(others))
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs)
    return my - b * mx, b, statistics.stdev(ys) / len(ys) ** 0.5


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--level", default="strong", help="strong-easy, strong or strong-hard")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--solve", type=int, default=3, help="full 12-trick positions to solve")
    ap.add_argument("--game", default="binokel", help="any game with a strong bot")
    ap.add_argument("--fit-pass", nargs=3, metavar=("GAME", "PRESET", "DEALS"))
    ap.add_argument("--fit-bot", default="heuristic",
                    help="the bot kind whose self-play --fit-pass watches")
    a = ap.parse_args()
    if a.fit_pass:
        game, preset, n = a.fit_pass
        fa, fb, se = fit_pass(game, preset, int(n), 5000, a.fit_bot)
        print(f"{game} {preset}, {a.fit_bot} self-play: pass value = {fa:+.1f} + {fb:.2f} "
              f"* mean melds (standard error {se:.1f} at the mean)")
        return
    worlds: list[tuple[int, float]] = []
    times = decision_times(a.level, a.deals, a.seed, a.game, worlds)
    every = [t for ts in times.values() for t in ts]
    print(f"{a.level}: {len(every)} decisions in {a.deals} deals: median "
          f"{statistics.median(every):.3f} s, 95th percentile {pct(every, 0.95):.3f} s, "
          f"max {max(every):.3f} s")
    for phase, ts in sorted(times.items()):
        print(f"  {phase:<9} {len(ts):4d} decisions: median {statistics.median(ts):.3f} s, "
              f"p95 {pct(ts, 0.95):.3f} s")
    if worlds:
        print("  worlds solved per card decision, by cards in hand: min / median (decisions)")
        for n in sorted({h for h, _ in worlds}, reverse=True):
            ws = [w for h, w in worlds if h == n]
            print(f"    {n:2d}: {min(ws):.0f} / {statistics.median(ws):.0f} ({len(ws)})")
    if a.solve and a.game == "binokel":
        print("solver, complete 12-trick positions:")
        solved = full_positions(a.solve, a.seed)
        print(f"  median {statistics.median(solved):.1f} s CPU, max {max(solved):.1f} s")


if __name__ == "__main__":
    main()
