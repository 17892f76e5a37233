"""The ``binokel`` command line: replay, validate, simulate, and clean errors."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from binokel.cli import main
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.state import DealState
from binokel.record import Record


def _finished_record(tmp_path: Path, seed: int = 3, **options: object) -> Path:
    rng = random.Random(seed)
    state = DealState.new(Rules.from_preset("standard", **options), dealer=2, seed=seed)
    state.apply("bid 150")
    state.apply("pass")
    state.apply("pass")
    hand = state.view(0).hand
    from binokel.core.cards import format_cards
    state.apply("discard " + format_cards(hand[:4]))
    state.apply("trump H")
    while not state.is_over:
        state.apply(state.random_action(rng))
    path = tmp_path / "deal.json"
    Record.from_state(state).save(path)
    return path


def test_replay_prints_every_trick_and_result(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = _finished_record(tmp_path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("Stich ") == 12
    assert "Ergebnis" in out and "Trumpf Herz" in out
    assert main(["replay", str(path), "--lang", "en", "--cards", "words"]) == 0
    out = capsys.readouterr().out
    assert "Trick 12" in out and "of Hearts" in out


def test_replay_json_has_the_outcome_fields(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = _finished_record(tmp_path)
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("scores", "declarer", "bid", "contract", "trump", "melds", "trick_points"):
        assert key in data
    assert data["declarer"] == 0 and data["bid"] == 150 and data["contract"] == "normal"
    assert data["trump"] == "H"
    assert len(data["scores"]) == len(data["melds"]) == len(data["trick_points"]) == 3
    assert sum(data["trick_points"]) == 250
    state = Record.load(path).replay()
    assert data["scores"] == list(state.result.scores)


def test_validate_reports_the_action_index(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = _finished_record(tmp_path)
    data = json.loads(path.read_text())
    data["actions"][7] = "play XX"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert main(["validate", str(path)]) == 0
    assert "valid, complete" in capsys.readouterr().out
    assert main(["validate", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "action 7" in err and "Traceback" not in err


@pytest.mark.parametrize("content, needle", [
    ("{not json", "not valid JSON"),
    ('{"format": "other"}', "field 'format'"),
    ('{"format": "binokel-record/1", "game": "skat"}', "field 'game'"),
])
def test_malformed_files_give_one_line_errors(tmp_path: Path, content: str, needle: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    assert main(["replay", str(bad)]) == 1
    err = capsys.readouterr().err
    assert needle in err and "Traceback" not in err


def test_missing_file_and_bad_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "/nonexistent/deal.json"]) == 1
    assert "cannot read" in capsys.readouterr().err
    assert main(["simulate", "--deals", "5", "-o", "lost_factr=1"]) == 1
    assert "did you mean 'lost_factor'" in capsys.readouterr().err
    assert main(["simulate", "--deals", "5", "-o", "lost_factor=3"]) == 1
    assert "allowed: 1, 2" in capsys.readouterr().err


def test_simulate_prints_a_rate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--deals", "200", "--seed", "1", "--preset", "turnier"]) == 0
    out = capsys.readouterr().out
    assert "deals/s" in out and "contracts:" in out


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rules_help_explains_every_game_and_option(lang: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from binokel.registry import GAMES
    assert main(["rules", "--lang", lang]) == 0
    listing = capsys.readouterr().out
    for name, spec in [(s.name, s) for s in GAMES]:
        assert name in listing
        assert main(["rules", name, "--lang", lang]) == 0
        out = capsys.readouterr().out
        assert (spec.title[1] if lang == "en" else spec.title[0]) in out
        for option in spec.options:
            assert f"  {option} (" in out, (name, option)
        for preset in spec.presets:
            assert f"  {preset}: " in out
        if lang == "de":  # what an option accepts is said in German too
            assert " or " not in out and "a number" not in out, name
    assert main(["rules", "skat"]) == 1
    assert "unknown game 'skat'" in capsys.readouterr().err


@pytest.mark.parametrize("game, players", [("kreuzbinokel", 4), ("binokel", 4), ("zweier", 2),
                                           ("luxusfamilie", 5), ("doppelkopf", 4)])
def test_replay_of_every_game(tmp_path: Path, game: str, players: int,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    from binokel.registry import find_game
    rng = random.Random(4)
    spec = find_game(game)
    state = spec.new_deal(spec.make_rules({}), 1, seed=4, players=players)
    while not state.is_over:
        state.apply(state.random_action(rng))
    path = tmp_path / "deal.json"
    Record.from_state(state).save(path)
    assert main(["replay", str(path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert all(f"Seat {s + 1}" in out for s in range(players))  # counted from 1
    assert "Seat 0" not in out
    assert sum(line.startswith("Trick ") for line in out.splitlines()) == len(state.tricks)
    tail = "\n".join(out.splitlines()[-(players + 4):])
    assert all(str(abs(score)) in tail for score in state.result.scores)
    if game == "binokel":
        assert "Seat 2 (dealer, sits out)" in out


def test_replay_uses_the_records_names_and_language(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = _finished_record(tmp_path)
    data = json.loads(path.read_text())
    data["names"] = ["Anna", "Sepp", "Lina"]
    data["x-lang"] = "en"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Anna (Vorhand): ") and "Lina (dealer)" in out and "Trick 12" in out
    assert main(["replay", str(path), "--lang", "de", "--cards", "words"]) == 0
    out = capsys.readouterr().out
    assert "Lina (Geber)" in out and "Stich 12" in out
    hand = out.splitlines()[0].split(": ", 1)[1]
    assert len(hand.split(", ")) == 12  # cards as words are separated by commas
    data["names"] = ["Anna", 7, "Lina"]  # not one name per seat: seats counted from 1
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.startswith("Seat 1 (Vorhand): ")
