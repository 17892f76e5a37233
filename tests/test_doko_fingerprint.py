"""Doppelkopf's world sampler and strong player, pinned on 200 positions.

A refactor of :mod:`binokel.games.doppelkopf.worlds` or :mod:`.strong` must not change what
they do: on the same positions, the same seeds draw the same worlds (uniformly and with card
reading) and the strong player chooses the same action with the same values. The expected
digests were written by the code before the refactor of issue 30; regenerate them only for
an intended change of behaviour, and say why in the commit:

    python tests/test_doko_fingerprint.py --write
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

import test_strong_doko
from binokel.core.worlds import NoWorldFound
from binokel.core.worlds import Sampling
from binokel.games.doppelkopf.bots import DokoHeuristicBot
from binokel.games.doppelkopf.rules import DokoRules
from binokel.games.doppelkopf.simulate import Settings
from binokel.games.doppelkopf.state import DokoState
from binokel.games.doppelkopf.state import DokoView
from binokel.games.doppelkopf.strong import DokoStrongBot
from binokel.games.doppelkopf.worlds import DokoWorlds

EXPECTED = Path(__file__).parent / "golden" / "doko_fingerprint.json"
POSITIONS = 200
# the rule sets of the strong player's own tests: every house rule its worlds must know
OPTION_SETS = test_strong_doko.OPTION_SETS
SAMPLED = ("vorbehalt", "declare", "armut_offer", "play")


def positions() -> list[DokoView]:
    """200 views with a choice, taken at random from heuristic deals under every option
    set (the same ones each run)."""
    heuristic = DokoHeuristicBot()
    per_set = POSITIONS // len(OPTION_SETS)
    out: list[DokoView] = []
    for k, options in enumerate(OPTION_SETS):
        rules = DokoRules(**options)
        pick = random.Random(1000 + k)
        taken = 0
        seed = 0
        while taken < per_set:
            s = DokoState.new(rules, dealer=seed % 4, seed=500 + 37 * k + seed)
            seed += 1
            while not s.is_over and taken < per_set:
                v = s.view(s.to_move)
                if len(v.legal_actions) > 1 and v.phase in SAMPLED and pick.random() < 0.2:
                    out.append(v)
                    taken += 1
                s.apply(heuristic.choose(v))
    return out


def _digest(x: object) -> str:
    return hashlib.sha256(repr(x).encode()).hexdigest()[:16]


def worlds_digest(view: DokoView, seed: int, sampling: Sampling) -> str:
    """The worlds drawn for ``view`` from ``seed``: each one's deal and count."""
    try:
        worlds = DokoWorlds().sample(view, random.Random(seed), 4, sampling)
    except NoWorldFound as e:
        return f"none: {e}"
    return _digest([(w.count, list(w.state.deck)) for w in worlds])


def fingerprint(i: int, view: DokoView) -> list[str]:
    """What position ``i`` draws and what the strong player does there."""
    bot = DokoStrongBot(seed=i, samples=4, budget=60_000,
                        sim=Settings(worlds=2, budget=200_000, min_worlds=2, solve_from=4))
    action = bot.choose(view)
    values = sorted((a, round(v, 9)) for a, v in bot.last_values.items())
    return [view.phase, worlds_digest(view, i, Sampling.UNIFORM),
            worlds_digest(view, i, Sampling.READ), action, _digest(values)]


def all_fingerprints() -> list[list[str]]:
    return [fingerprint(i, v) for i, v in enumerate(positions())]


@pytest.mark.slow
def test_the_same_seeds_draw_the_same_worlds_and_choose_the_same_actions() -> None:
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))
    got = all_fingerprints()
    assert len(got) == POSITIONS
    assert {p[0] for p in got} >= {"vorbehalt", "play"}
    differ = [(i, e, g) for i, (e, g) in enumerate(zip(expected, got, strict=True)) if e != g]
    assert not differ, differ[:5]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write the expected digests")
    args = parser.parse_args()
    got = all_fingerprints()
    if args.write:
        EXPECTED.write_text(json.dumps(got, indent=0) + "\n", encoding="utf-8")
    print(len(got), "positions;", sum(1 for p in got if p[0] == "play"), "in play")
    return 0


if __name__ == "__main__":
    sys.exit(main())
