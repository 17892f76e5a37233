"""The computer players' published ratings (binokel.ratings.bots) and ``binokel ratings``."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from binokel.bots import bot_names
from binokel.cli import main
from binokel.ratings import Rating
from binokel.ratings.bots import measure
from binokel.ratings.bots import nearest_bot
from binokel.ratings.bots import published
from binokel.registry import GAMES


def test_published_file_names_known_kinds_of_every_game() -> None:
    data = json.loads((Path(__file__).parent.parent / "src/binokel/ratings/bot_ratings.json")
                      .read_text(encoding="utf-8"))
    assert data["command"].startswith("binokel ratings bots ")
    for spec in GAMES:
        bots = published(spec.name)
        assert len(bots) >= 2, spec.name
        assert {b.kind for b in bots} <= set(bot_names(spec.name))
        assert [b.rating.mu for b in bots] == sorted((b.rating.mu for b in bots),
                                                     reverse=True)
        assert data["games"][spec.name]["deals"] > 0
        # random plays worst in every game the file measured
        assert bots[-1].kind == "random"


def test_nearest_bot_is_the_closest_mu() -> None:
    bots = published("binokel")
    for b in bots:
        near = nearest_bot("binokel", Rating(b.rating.mu + 1, 50))
        assert near is not None and near.kind == b.kind
    assert nearest_bot("binokel", Rating(10**6, 50)) == bots[0]


def test_measure_is_reproducible_and_rates_a_team_as_one_kind() -> None:
    one = measure("kreuzbinokel", ["random", "heuristic"], deals=1, seed=3)
    two = measure("kreuzbinokel", ["random", "heuristic"], deals=1, seed=3)
    assert one == two
    ratings, played = one
    # one duplicate deal, both rotations: each kind took a whole team twice
    assert played == 1 and ratings["random"].deals == ratings["heuristic"].deals == 2


def test_ratings_command_reproduces_its_file(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bots.json"
    assert main(["ratings", "bots", "--games", "zweier", "--kinds", "random,heuristic",
                 "--deals", "2", "--seed", "5", "--out", str(out)]) == 0
    first = json.loads(out.read_text(encoding="utf-8"))
    argv = shlex.split(first["command"])[1:]
    assert "--deals=zweier=2" in argv
    assert main([*argv, "--out", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["games"] == first["games"]
    assert main(["ratings", "show", "--game", "zweier"]) == 0
    assert "random" in capsys.readouterr().out
    assert main(["ratings", "bots", "--deals", "zweier=0", "--games", "zweier"]) == 1
    assert main(["ratings", "bots", "--games", "skat"]) == 1
