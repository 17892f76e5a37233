"""Fit the Doppelkopf players' announcement model against outcomes (issue 35).

Plays deals in which nobody announces (four quiet players of a kind, by default the
heuristic), and at every turn at which a seat could say Re or Kontra records the features of
its hand and situation (``bots.announce_features``) and what an Ansage there would have
brought: the finished deal scored again with it added (the play unchanged: what an
announcement changes in the others' play is not modelled). A logistic regression of "my
party wins" on the features gives the coefficients of ``bots.ANNOUNCE_MODEL``; the script
prints them, the calibration on held-out deals, and the mean gain per opportunity of the
rule "announce when the win chance is at least T" for a range of T.

    nice .venv/bin/python benchmarks/doko_announce_fit.py --deals 4000 --seed 7

``--records DIR`` fits on finished deals of other players instead (Record JSON files, e.g.
games of another program mirrored in our engine): the features at every turn at which a
seat could have said Re or Kontra, and whether its party won the deal as it was played
(announcements made there included); the gain column then adds an Ansage to a party that
never made one.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

from binokel.bots import make_bot
from binokel.games.doppelkopf.announcements import ANNOUNCEMENTS
from binokel.games.doppelkopf.bots import ANNOUNCE_FEATURES
from binokel.games.doppelkopf.bots import announce_features
from binokel.games.doppelkopf.deal import PLAY
from binokel.games.doppelkopf.rules import DokoRules
from binokel.games.doppelkopf.scoring import score_deal
from binokel.games.doppelkopf.state import DokoState
from binokel.record import Record

RULES = DokoRules.from_preset("ddv", pflichtsolo=False, vorfuehren=False)


def collect(deals: int, seed: int, kind: str) -> list[tuple[list[float], int, float, int]]:
    """(features, won, gain of an Ansage there, deal) per opportunity."""
    rng = random.Random(seed)
    rows: list[tuple[list[float], int, float, int]] = []
    for d in range(deals):
        bots = [make_bot(kind, seed * 100_003 + d * 7 + s, game="doppelkopf")
                for s in range(4)]
        s = DokoState.new(RULES, dealer=d % 4, seed=rng.getrandbits(32))
        seen: list[tuple[int, str, list[float]]] = []
        while not s.is_over:
            seat = s.to_move
            v = s.view(seat)
            said = [a for a in v.legal_actions if a in ANNOUNCEMENTS]
            if s.phase == PLAY and said and said[0] in ("re", "kontra"):
                f = announce_features(v)
                if f is not None:
                    seen.append((seat, said[0], f))
            quiet = tuple(a for a in v.legal_actions if a not in ANNOUNCEMENTS) \
                if s.phase == PLAY else v.legal_actions
            s.apply(bots[seat].choose(replace(v, legal_actions=quiet)))
        res = s.result
        assert res is not None
        for seat, what, f in seen:
            party = s.party(seat)
            won = int(res.winner == party)
            alt = s.clone()
            alt.announced[0 if what == "re" else 1] = 0
            gain = score_deal(alt).scores[seat] - res.scores[seat]
            rows.append((f, won, float(gain), d))
    return rows


def from_records(paths: list[Path]) -> list[tuple[list[float], int, float, int]]:
    """(features, won, gain, deal) per Re/Kontra opportunity in finished recorded deals."""
    rows: list[tuple[list[float], int, float, int]] = []
    for d, path in enumerate(paths):
        rec = Record.load(path)
        if rec.game != "doppelkopf":
            continue
        final = rec.replay()
        res = final.result
        if res is None or not res.re_seats or res.solo:
            continue
        s = rec.initial_state()
        for action in rec.actions:
            seat = s.to_move
            if s.phase == PLAY:
                v = s.view(seat)
                said = [a for a in v.legal_actions if a in ("re", "kontra")]
                f = announce_features(v) if said else None
                if f is not None:
                    party = final.party(seat)
                    alt = final.clone()
                    alt.announced[0 if said[0] == "re" else 1] = max(
                        0, alt.announced[0 if said[0] == "re" else 1])
                    gain = score_deal(alt).scores[seat] - res.scores[seat]
                    rows.append((f, int(res.winner == party), float(gain), d))
            s.apply(action)
    return rows


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1.0) -> np.ndarray:
    """Logistic regression by Newton's method (a little ridge on all but the intercept)."""
    w = np.zeros(x.shape[1])
    reg = np.full(x.shape[1], ridge)
    reg[0] = 0.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + reg * w
        hess = (x.T * (p * (1 - p))) @ x + np.diag(reg)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.max(np.abs(step))) < 1e-8:
            break
    return w


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--bot", default="heuristic", help="the quiet players' kind")
    ap.add_argument("--records", default=None, help="a folder of recorded deals to fit on")
    ap.add_argument("--ridge", type=float, default=1.0, help="penalty on the coefficients")
    a = ap.parse_args(argv)
    if a.records:
        rows = from_records(sorted(Path(a.records).glob("*.json")))
    else:
        rows = collect(a.deals, a.seed, a.bot)
    if not rows:
        print("no opportunities found")
        return 1
    x = np.array([r[0] for r in rows])
    y = np.array([r[1] for r in rows], dtype=float)
    gain = np.array([r[2] for r in rows])
    train = np.array([r[3] % 4 != 0 for r in rows])
    w = fit(x[train], y[train], a.ridge)
    deals = len({r[3] for r in rows})
    print(f"{len(rows)} opportunities in {deals} deals ({int(train.sum())} to fit)")
    print("ANNOUNCE_MODEL = (" + ", ".join(f"{v:.3f}" for v in w) + ")")
    for name, v in zip(ANNOUNCE_FEATURES, w, strict=True):
        print(f"  {name:<14}{v:+.3f}")
    p = 1.0 / (1.0 + np.exp(-(x[~train] @ w)))
    yt, gt = y[~train], gain[~train]
    print("held out: predicted -> observed win rate")
    for lo in np.arange(0.0, 1.0, 0.1):
        m = (p >= lo) & (p < lo + 0.1)
        if m.sum():
            print(f"  {lo:.1f}-{lo + 0.1:.1f}: {int(m.sum()):>6} {p[m].mean():.3f} -> "
                  f"{yt[m].mean():.3f}")
    print("held out: announce when the chance is at least T: rate, gain per opportunity")
    for t in (0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9):
        m = p >= t
        sd = float(np.std(np.where(m, gt, 0.0)))
        print(f"  T {t:.2f}: {m.mean():6.1%}  {np.where(m, gt, 0.0).mean():+.3f} "
              f"(± {1.96 * sd / math.sqrt(len(gt)):.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
