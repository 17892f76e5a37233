"""Stichel, the test-only game (``tests/stichel``), through every tool: a game is one package
and nothing outside it (issue 30).

The game is registered by this module's fixture alone (``registry.load_games``), and by the
environment (``BINOKEL_GAMES``) for the commands run as processes. Then the tests every game
of the project passes run on it unchanged: the conformance test, the web server's protocol
with its leak checks, the terminal game, the arena, the analysis, records, hints, OpenSpiel
and PettingZoo. Nothing in ``src/`` names it.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import test_analysis
import test_arena
import test_cli
import test_conformance
import test_hints
import test_present_table
import test_rules
import test_tui
import test_web_analysis
import test_web_protocol
from binokel import registry
from binokel.analysis import analyse_back
from binokel.arena import run_match
from binokel.bots import bot_names
from binokel.bots import make_bot
from binokel.core.cards import format_cards
from binokel.core.cards import parse_cards
from binokel.play import play_deal
from binokel.present import describe
from binokel.present import present
from binokel.record import Record
from binokel.web.app import create_app
from web_helpers import migrated_sqlite

TESTS = Path(__file__).resolve().parent
GAME = "stichel"
PLAYERS = (2, 3, 4)


@pytest.fixture(autouse=True, scope="module")
def stichel() -> Iterator[registry.GameSpec]:
    """Stichel registered for this module's tests, and gone afterwards."""
    [spec] = registry.load_games([GAME])
    yield spec
    registry.unregister(GAME)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(migrated_sqlite(tmp_path / 'web.sqlite3'), bot_delay=0.0)) as c:
        yield c


def _env() -> dict[str, str]:
    """The environment of a command that knows Stichel."""
    path = os.pathsep.join(p for p in (str(TESTS), os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "BINOKEL_GAMES": GAME, "PYTHONPATH": path}


# ---------------------------------------------------------------------- the game itself
def test_a_deal_checked_by_hand() -> None:
    """Three players, dealer 2: one card at a time from seat 0 (Vorhand), so seat 0 gets the
    1st, 4th, ... card; the 16th (Schellen-Ober) lies aside. Every trick worked out by hand."""
    deck = parse_cards("EA HA BA SA E10 H10 B10 S10 EK HK BK SK EO HO BO SO")
    spec = registry.find_game(GAME)
    s = spec.new_deal(spec.make_rules({}), 2, deck_order=deck, players=3)
    assert [format_cards(s.view(seat).hand) for seat in range(3)] == [
        "EA EO B10 HK SA", "E10 BK HA HO S10", "EK BA BO H10 SK"]
    assert s.view(0).aside_count == 1 and s.to_move == 0
    tricks = [("trump H",),
              ("play EA", "play E10", "play EK"),    # seat 0 leads: 11 + 10 + 4 to seat 0
              ("play HK", "play HA", "play H10"),    # trump: Herz-Ass, 25 to seat 1
              ("play S10", "play SK", "play SA"),    # seat 1 leads: Schellen-Ass, 25 to 0
              ("play B10", "play BK", "play BA"),    # Blatt-Ass, 25 to seat 2
              ("play BO", "play EO", "play HO")]     # seat 0 void; Herz-Ober trumps: 9 + 10
    for trick in tricks:
        for action in trick:
            s.apply(action)
    assert s.is_over and [t.winner for t in s.tricks] == [0, 1, 0, 2, 1]
    assert s.result.scores == (50, 44, 25)
    assert sum(s.result.scores) == s.points_total() == 112 - 3 + 10


def test_a_whole_deal_checked_by_hand() -> None:
    """Two players, dealer 0: seat 1 (Vorhand) holds every Eichel and Herz card but the
    Herz-Ober and names Herz; he takes every trick he leads with a trump or an Eichel."""
    deck = parse_cards("EA BA E10 B10 EK BK EO BO HA SA H10 S10 HK SK HO SO")
    spec = registry.find_game(GAME)
    s = spec.new_deal(spec.make_rules({}), 0, deck_order=deck, players=2)
    assert [format_cards(s.view(seat).hand) for seat in range(2)] == [
        "BA B10 BK BO SA S10", "EA E10 EK EO HA H10"]
    s.apply("trump H")
    # Seat 1 leads the six tricks; seat 0 cannot follow Eichel or Herz and throws.
    for lead, throw in [("EA", "BO"), ("E10", "BK"), ("EK", "S10"), ("EO", "SA"),
                        ("HA", "B10"), ("H10", "BA")]:
        s.apply(f"play {lead}")
        s.apply(f"play {throw}")
    assert s.is_over
    # Seat 1 took every card dealt (11+10+4+3 Eichel, 11+10 Herz, 11+10+4+3 Blatt,
    # 11+10 Schellen = 98) and the last trick's 10.
    assert s.result.scores == (0, 108) and s.points_total() == 108
    assert s.result.tricks_won == (0, 6)


def test_a_claim_through_the_kernels_hooks() -> None:
    """The deal above with the option ``claims``: after two tricks seat 1 (Vorhand) lays
    down and claims the rest; seat 0 accepts. Seat 1 took 11+4 + 10+4 = 29; the rest, 98 -
    29 = 69 card points and the last trick's 10, is his: 108, as when played out."""
    deck = parse_cards("EA BA E10 B10 EK BK EO BO HA SA H10 S10 HK SK HO SO")
    spec = registry.find_game(GAME)
    s = spec.new_deal(spec.make_rules({"options": {"claims": True}}), 0, deck_order=deck,
                      players=2)
    for a in ("trump H", "play EA", "play BO", "play E10", "play BK"):
        s.apply(a)
    assert s.legal_actions()[-1] == "claim"
    s.apply("claim")
    assert s.phase == "claim" and s.to_move == 0 and s.view(0).open_hands[0][0] == 1
    table = present(s.view(0), "en", ["Ann", "Bob"])
    assert [b.action for b in table.choices.buttons] == ["accept", "refuse"]
    s.apply("accept")
    assert s.is_over and s.result.scores == (0, 108) and s.result.tricks_won == (0, 6)
    assert s.result.termination.value == "decided"
    assert Record.loads(Record.from_state(s).dumps()).replay().result == s.result


def test_illegal_plays_are_refused_with_the_rule() -> None:
    deck = parse_cards("EA BA E10 B10 EK BK EO BO HA SA H10 S10 HK SK HO SO")
    spec = registry.find_game(GAME)
    s = spec.new_deal(spec.make_rules({}), 0, deck_order=deck, players=2)
    with pytest.raises(Exception, match="not possible now"):
        s.apply("play EA")
    s.apply("trump E")
    s.apply("play HA")
    with pytest.raises(Exception, match="does not hold"):
        s.apply("play EA")
    s.apply("play BA")      # void in Herz: any card
    assert s.to_move == 1   # Herz-Ass beats the Blatt-Ass that did not follow


def test_the_option_and_the_presets() -> None:
    spec = registry.find_game(GAME)
    assert spec.make_rules({"preset": "plain"}).last_trick == 0
    assert spec.make_rules({"options": {"last_trick": 30}}).last_trick == 30
    with pytest.raises(ValueError, match="last_trick"):
        spec.make_rules({"options": {"last_trick": 99}})


# ---------------------------------------------------------------------- the registry
def test_registration_is_checked() -> None:
    spec = registry.find_game(GAME)
    assert GAME in registry.game_names() and spec in registry.games()
    assert registry.extra_modules() == (GAME,)
    assert GAME not in {s.name for s in registry.GAMES}     # the project's list knows nothing
    with pytest.raises(ValueError, match="already a game"):
        registry.register(registry.find_game("binokel"))
    registry.load_games([GAME])                              # again: nothing changes
    assert registry.games().count(spec) == 1
    with pytest.raises(ValueError, match="cannot be unregistered"):
        registry.unregister("binokel")
    with pytest.raises(ValueError, match="cannot load"):
        registry.load_games(["no_such_game_module"])
    with pytest.raises(ValueError, match="not a module name"):
        registry.load_games(["../etc"])
    with pytest.raises(ValueError, match="exports no GameSpec"):
        registry.load_games(["json"])


# ---------------------------------------------------------------------- every game's tests
@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("check", [
    test_conformance.test_random_simulation_to_the_end,
    test_conformance.test_every_legal_action_applies_and_views_follow_the_protocol,
    test_conformance.test_one_action_grammar,
    test_conformance.test_illegal_actions_change_nothing,
    test_conformance.test_clones_are_independent,
    test_conformance.test_records_round_trip,
    test_conformance.test_a_seed_decides_everything,
    test_conformance.test_no_view_shows_a_hidden_card,
    test_conformance.test_points_add_up,
    test_conformance.test_the_spec_names_the_seats_dealt_in,
], ids=lambda f: f.__name__[5:])
@pytest.mark.parametrize("variant", ["", "claims"])
def test_conformance_of_stichel(check: Any, players: int, variant: str) -> None:
    check(GAME, players, variant)


def test_rules_texts() -> None:
    spec = registry.find_game(GAME)
    test_rules.test_every_option_means_something_in_both_languages(spec)
    test_rules.test_every_named_value_means_something_in_both_languages(spec)


@pytest.mark.parametrize("players", PLAYERS)
def test_the_presented_table(players: int) -> None:
    test_present_table.test_card_table_fields_in_random_deals(GAME, players)


@pytest.mark.parametrize("players", [2, 4])
def test_records_replay_and_validate_on_the_command_line(tmp_path: Path, players: int,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    test_cli.test_replay_of_every_game(tmp_path, GAME, players, capsys)


def test_replay_names_the_cards_aside() -> None:
    spec = registry.find_game(GAME)
    s = spec.new_deal(spec.make_rules({}), 0, seed=5, players=2)
    s.play_randomly(random.Random(5))
    text = describe.describe_deal(s, "en")
    aside = [line for line in text.splitlines() if line.startswith("Set aside: ")]
    assert len(aside) == 1 and len(aside[0].split(": ")[1].split()) == 4


@pytest.mark.parametrize("players", [2, 3])
def test_analysis_and_the_solver(tmp_path: Path, players: int,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    test_analysis.test_marks_are_consistent_and_the_cli_runs(GAME, players, tmp_path, capsys)


def test_the_whole_deal_is_analysed() -> None:
    """A deal of four tricks is small: the analysis marks every card from the first trick."""
    spec = registry.find_game(GAME)
    s = spec.new_deal(spec.make_rules({}), 0, seed=2, players=4)
    play_deal(s, [make_bot("heuristic", seat, game=GAME) for seat in range(4)])
    rec = Record.from_state(s)
    states = list(rec.states())[:-1]
    result = analyse_back(states, list(rec.actions))
    assert result.from_trick == 1 and len(result.marks) == 16
    assert all(m.solved and m.loss >= 0 for m in result.marks)


@pytest.mark.parametrize("players", [2, 4])
def test_hints_for_the_seat_to_move(players: int) -> None:
    test_hints.test_a_hint_in_every_phase_is_a_legal_action(GAME, players)
    test_hints.test_the_unit_is_said_in_the_askers_language(GAME, players)


@pytest.mark.parametrize("players", PLAYERS)
def test_the_arena(players: int) -> None:
    test_arena.test_every_game_has_matches(GAME, players)


def test_the_arenas_workers_load_the_game() -> None:
    """Worker processes are spawned knowing only the project's games: the arena hands them
    the registered game's module."""
    one = run_match(["heuristic", "random"], deals=2, seed=3, game=GAME, workers=1,
                    progress=False)
    two = run_match(["heuristic", "random"], deals=2, seed=3, game=GAME, workers=2,
                    progress=False)
    assert one.to_json() == two.to_json()


def test_commands_know_the_game_from_the_environment(tmp_path: Path) -> None:
    """``BINOKEL_GAMES`` names the game's module for a whole command."""
    out = tmp_path / "match.json"
    run = subprocess.run([sys.executable, "-m", "binokel", "arena", "--game", GAME,
                          "--bots", "heuristic,random", "--deals", "2", "--workers", "1",
                          "--out", str(out)], env=_env(), capture_output=True, text=True,
                         timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    assert json.loads(out.read_text())["game"] == GAME
    spec = registry.find_game(GAME)
    deal = spec.new_deal(spec.make_rules({"preset": "plain"}), 1, seed=8, players=4)
    deal.play_randomly(random.Random(8))
    record = tmp_path / "deal.json"
    Record.from_state(deal, result=deal.result.to_json()).save(record)
    for command in (["validate", str(record)], ["replay", str(record), "--json"]):
        done = subprocess.run([sys.executable, "-m", "binokel", *command], env=_env(),
                              capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["scores"] == list(deal.result.scores)
    rules = subprocess.run([sys.executable, "-m", "binokel", "rules"], env=_env(),
                           capture_output=True, text=True, timeout=60, check=False)
    assert rules.returncode == 0 and GAME in rules.stdout
    alone = {k: v for k, v in _env().items() if k != "BINOKEL_GAMES"}
    unknown = subprocess.run([sys.executable, "-m", "binokel", "rules", GAME], env=alone,
                             capture_output=True, text=True, timeout=60, check=False)
    assert unknown.returncode == 1 and f"unknown game '{GAME}'" in unknown.stderr


# ---------------------------------------------------------------------- front ends
@pytest.mark.parametrize("players", [2, 4])
def test_a_deal_through_the_web_server(client: TestClient, players: int) -> None:
    test_web_protocol.test_meta_lists_the_game_with_its_options(client, GAME)
    test_web_protocol.test_a_complete_deal_of_every_game_without_leaks(client, GAME, players)


def test_the_score_pad_in_the_terminal_and_on_the_web(client: TestClient) -> None:
    """The pad of a table with real cards: its one field asked by the terminal (German)
    and the web page's API, a wrong sum refused in the reader's words, the sheet's files."""
    import test_pad_cli
    from binokel.tournament.pad import Pad
    pad = Pad.new(GAME, ["Anna", "Ben", "Cem"])
    out = test_pad_cli.session(pad, ["n", "", "40", "30", "45", "n", "", "40", "30", "20", "b"],
                               lang="de")
    assert "  Augen (letzter Stich mitgezählt) Cem:" in out
    assert "nicht eingetragen: Zusammen 90 Augen; es müssen 111 bis 119 sein (Karten " \
        "beiseite: 1)" in out
    assert pad.totals() == (40, 30, 45) and pad.next_dealer() == 1
    # four players hold every card: the sum is exact
    assert Pad.new(GAME, list("ABCD")).form().field("points").to_json()["exact"] is True
    r = client.post("/api/pads", json={"game": GAME, "players": ["Anna", "Ben"]})
    assert r.status_code == 201, r.text
    pid, own = r.json()["id"], {"x-owner-token": r.json()["token"]}
    fields = r.json()["pad"]["form"]["fields"]
    assert [f["name"] for f in fields] == ["dealer", "points"]
    r = client.post(f"/api/pads/{pid}/deals", json={"deal": {"dealer": 0, "points": [50, 10]}},
                    headers=own)
    assert r.status_code == 422 and r.json()["field"] == "points"
    assert r.json()["words"]["de"] == \
        "Zusammen 60 Augen; es müssen 78 bis 110 sein (Karten beiseite: 4)"
    r = client.post(f"/api/pads/{pid}/deals", json={"deal": {"dealer": 0, "points": [50, 40]}},
                    headers=own)
    assert r.status_code == 200, r.text
    assert r.json()["pad"]["totals"] == [50, 40]
    assert "Anna" in client.get(f"/api/pads/{pid}/sheet.csv").text
    assert client.get(f"/api/pads/{pid}/sheet.pdf").content.startswith(b"%PDF")


def test_the_web_analysis(client: TestClient) -> None:
    test_web_analysis.test_a_finished_deal_is_marked_card_by_card(
        client, GAME, [None, "heuristic", "heuristic"])


def test_the_web_table_says_its_deck(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    assert {g["name"]: g["deck"] for g in meta["games"]}[GAME] == "german"
    r = client.post("/api/tables", json={"game": GAME, "players": 2,
                                          "bots": [None, "heuristic"]})
    assert r.status_code == 201, r.text
    info = client.get(f"/api/tables/{r.json()['id']}").json()
    assert info["game"] == GAME and info["deck"] == "german"


async def test_a_deal_in_the_terminal_game(tmp_path: Path) -> None:
    await test_tui.test_complete_deal_through_the_ui(tmp_path, GAME, 3)
    await test_tui.test_every_card_and_button_is_on_an_80x24_screen(GAME, 4)


def test_bots() -> None:
    assert bot_names(GAME) == ["heuristic", "random"]
    spec = registry.find_game(GAME)
    for seed in range(20):
        s = spec.new_deal(spec.make_rules({}), seed % 3, seed=seed, players=3)
        play_deal(s, [make_bot(k, seed, game=GAME) for k in ("heuristic", "random", "random")])
        assert s.is_over
    table = present(s.view(0), "en", ["Ann", "Bob", "Cid"])
    assert table.title == "Stichel" and table.result and table.deck == "german"
