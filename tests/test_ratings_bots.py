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
    for spec in GAMES:
        runs = data["games"][spec.name]["runs"]
        assert runs and all(r["command"].startswith("binokel ratings bots ") for r in runs)
        assert all(r["deals"] > 0 for r in runs)
        bots = published(spec.name)
        assert len(bots) >= 2, spec.name
        assert {b.kind for b in bots} <= set(bot_names(spec.name))
        assert [b.rating.mu for b in bots] == sorted((b.rating.mu for b in bots),
                                                     reverse=True)
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
    assert list(first["games"]) == ["zweier"]
    (run,) = first["games"]["zweier"]["runs"]
    argv = shlex.split(run["command"])[1:]
    assert "--deals=zweier=2" in argv
    assert main([*argv, "--out", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["games"] == first["games"]
    assert main(["ratings", "show", "--game", "zweier"]) == 0
    assert "random" in capsys.readouterr().out
    assert main(["ratings", "bots", "--deals", "zweier=0", "--games", "zweier"]) == 1
    assert main(["ratings", "bots", "--games", "skat"]) == 1


def test_a_slow_kind_is_rated_against_the_fixed_field(tmp_path: Path) -> None:
    """--update keeps the other games of the file, --against adds a kind measured against
    kinds already rated, whose ratings do not move; each run's command is kept, and the runs
    replayed in order make the same file."""
    out = tmp_path / "bots.json"
    assert main(["ratings", "bots", "--games", "zweier", "--kinds", "random,heuristic",
                 "--deals", "2", "--out", str(out), "--update"]) == 0
    first = json.loads(out.read_text(encoding="utf-8"))
    assert set(first["games"]) == {spec.name for spec in GAMES}   # the others kept
    assert main(["ratings", "bots", "--games", "zweier", "--kinds", "strong-easy",
                 "--against", "heuristic", "--deals", "2", "--out", str(out),
                 "--update"]) == 0
    second = json.loads(out.read_text(encoding="utf-8"))
    zweier = second["games"]["zweier"]
    assert set(zweier["ratings"]) == {"random", "heuristic", "strong-easy"}
    assert zweier["ratings"]["heuristic"] == first["games"]["zweier"]["ratings"]["heuristic"]
    assert zweier["ratings"]["strong-easy"]["deals"] == 4     # 2 deals, 2 rotations each
    assert len(zweier["runs"]) == 2 and "--against=heuristic" in zweier["runs"][1]["command"]
    again = tmp_path / "again.json"
    for run in zweier["runs"]:
        assert main([*shlex.split(run["command"])[1:], "--out", str(again), "--update"]) == 0
    assert json.loads(again.read_text(encoding="utf-8"))["games"]["zweier"]["ratings"] == \
        zweier["ratings"]


@pytest.mark.parametrize("argv", [
    ["--kinds", "strong-easy", "--against", "strong", "--out", "X", "--update"],  # unrated
    ["--kinds", "strong-easy", "--against", "heuristic", "--out", "Y", "--update"],  # bad file
    ["--kinds", "heuristic", "--against", "heuristic", "--out", "X", "--update"],  # itself
    ["--kinds", "strong-easy", "--update"],                                        # no --out
])
def test_bad_against_and_update_are_refused(tmp_path: Path, argv: list[str]) -> None:
    rated_x = tmp_path / "r.json"    # a file in which zweier's strong is not rated yet
    rated_x.write_text(json.dumps({"version": 2, "games": {"zweier": {"runs": [], "ratings": {
        "heuristic": {"mu": 1800.0, "sigma": 100.0, "deals": 50}}}}}), encoding="utf-8")
    (tmp_path / "bad.json").write_text("[1, 2]", encoding="utf-8")
    files = {"X": str(rated_x), "Y": str(tmp_path / "bad.json")}
    argv = [files.get(a, a) for a in argv]
    assert main(["ratings", "bots", "--games", "zweier", "--deals", "1", *argv]) == 1
