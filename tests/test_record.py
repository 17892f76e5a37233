"""Game records, format binokel-record/2 (RULES §9, docs/records.md): round trip, dealing
order, errors that name the field or the action index."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from binokel.core.cards import card_token
from binokel.core.cards import cards_of
from binokel.core.cards import parse_cards
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.state import DealState
from binokel.record import FORMAT
from binokel.record import MAX_RECORD_BYTES
from binokel.record import Record
from binokel.record import RecordError
from helpers import deck_for
from helpers import toks


def finished_deal(seed: int = 3, **options: Any) -> DealState:
    rng = random.Random(seed)
    state = DealState.new(Rules.from_preset("standard", **options), seed % 3, seed=seed)
    while not state.is_over:
        state.apply(state.random_action(rng))
    return state


def record_json(**changes: Any) -> dict[str, Any]:
    data = Record.from_state(finished_deal()).to_json()
    for k, v in changes.items():
        if v is None:
            data.pop(k, None)
        else:
            data[k] = v
    return data


def load(data: Any) -> Record:
    return Record.loads(json.dumps(data))


# ------------------------------------------------------------- round trip
def test_round_trip_and_replay() -> None:
    state = finished_deal(rufen=True, lost_factor=1)
    rec = Record.from_state(state, names=["A", "B", "C"])
    data = json.loads(rec.dumps())
    assert data["format"] == FORMAT and data["game"] == "binokel" and data["players"] == 3
    assert data["rules"] == {"preset": "standard", "options": {"lost_factor": 1,
                                                               "rufen": True}}
    assert data["names"] == ["A", "B", "C"]
    assert data["deck"] == [card_token(c) for c in state.deck]
    assert data["actions"] == [a for _, a in state.history]
    again = Record.loads(rec.dumps(indent=2))
    assert again == rec
    replayed = again.validate()
    assert replayed.history == state.history and replayed.result == state.result


def test_pretty_form_has_one_action_per_line(tmp_path: Path) -> None:
    rec = Record.from_state(finished_deal())
    text = rec.dumps(indent=2)
    assert f'    "{rec.actions[0]}",' in text.splitlines()
    path = tmp_path / "deal.json"
    rec.save(path)
    assert Record.load(path) == rec


def test_states_and_partial_replay() -> None:
    rec = Record.from_state(finished_deal())
    states = list(rec.states())
    assert len(states) == len(rec.actions) + 1
    assert states[0].history == [] and states[-1].is_over
    assert rec.replay(5).history == states[5].history


def test_the_deck_is_in_dealing_order() -> None:
    # dealer 0: Vorhand 1, Hinterhand 2, dealer 0; packets 4 each, 2 Dapp, 4, 2, 4
    deck = parse_cards("EA EA E10 E10  EK EK EO EO  EU EU BA BA  SU SU "
                       "B10 B10 BK BK  BO BO BU BU  HA HA H10 H10  SO SO "
                       "HK HK HO HO  HU HU SA SA  S10 S10 SK SK")
    data = {"format": FORMAT, "game": "binokel", "players": 3, "dealer": 0,
            "rules": {"preset": "standard"}, "deck": [card_token(c) for c in deck],
            "actions": []}
    state = load(data).replay()
    assert toks(state.hands[1]) == "EA EA E10 E10 B10 B10 BK BK HK HK HO HO"
    assert toks(state.hands[2]) == "EK EK EO EO BO BO BU BU HU HU SA SA"
    assert toks(state.hands[0]) == "EU EU BA BA HA HA H10 H10 S10 S10 SK SK"
    assert toks(list(state.dapp_cards)) == "SO SO SU SU"


def test_deck_for_builds_the_dealing_order() -> None:
    hands = {0: "EA EA E10 E10 EK EK EO EO EU EU HA HA",
             1: "BK BO HK HO SK SO BU HU SU B10 H10 S10",
             2: "BA BA B10 BK BO HK HO SA SA S10 SK SO"}
    for dealer in range(3):
        rules = Rules()
        state = DealState.new(rules, dealer, deck_order=deck_for(hands, "H10 HU SU BU",
                                                                 dealer, rules))
        for seat, text in hands.items():
            assert toks(state.hands[seat]) == toks(parse_cards(text))
        assert toks(list(state.dapp_cards)) == "BU H10 HU SU"
    with pytest.raises(ValueError):
        deck_for({0: "EA EA EA"})


# ------------------------------------------------------------- malformed records
@pytest.mark.parametrize("text, where", [
    ("{not json", "json"),
    ("[1, 2]", "record"),
    ('"binokel"', "record"),
])
def test_malformed_json(text: str, where: str) -> None:
    with pytest.raises(RecordError) as e:
        Record.loads(text)
    assert e.value.where == where


def test_too_large() -> None:
    with pytest.raises(RecordError, match="larger than"):
        Record.loads(" " * (MAX_RECORD_BYTES + 1))


@pytest.mark.parametrize("changes, where, reason", [
    ({"format": None}, "field 'format'", "must be 'binokel-record/2'"),
    ({"format": "binokel-record/3"}, "field 'format'", "not 'binokel-record/3'"),
    ({"software": 7}, "field 'software'", "must be a program and its version"),
    ({"software": "x" * 101}, "field 'software'", "at most 100 characters"),
    ({"game": None}, "field 'game'", "missing"),
    ({"game": "skat"}, "field 'game'", "unknown game 'skat'"),
    ({"players": 5}, "field 'players'", "binokel is for 3 or 4 players, not 5"),
    ({"players": True}, "field 'players'", "not True"),
    ({"dealer": None}, "field 'dealer'", "not None"),
    ({"dealer": 3}, "field 'dealer'", "must be a seat 0..2, not 3"),
    ({"dealer": "0"}, "field 'dealer'", "not '0'"),
    ({"rules": "standard"}, "field 'rules'", "must be an object"),
    ({"rules": {"preset": "standard", "options": {"lost_factr": 1}}}, "field 'rules'",
     "did you mean 'lost_factor'"),
    ({"rules": {"preset": "skat"}}, "field 'rules'", "unknown preset"),
    ({"deck": None}, "field 'deck'", "must be a list of card tokens"),
    ({"deck": "EA EA"}, "field 'deck'", "must be a list"),
    ({"deck": ["EA"] * 40}, "field 'deck'", "exactly twice"),
    ({"actions": None}, "field 'actions'", "must be a list of strings"),
    ({"actions": [1, 2]}, "field 'actions'", "must be a list of strings"),
    ({"color": "red"}, "field 'color'", "unknown field"),
])
def test_missing_or_wrong_fields_are_named(changes: dict[str, Any], where: str,
                                           reason: str) -> None:
    with pytest.raises(RecordError) as e:
        load(record_json(**changes))
    assert e.value.where == where
    assert reason in e.value.reason
    assert str(e.value).startswith(where + ": ")


def test_a_bad_card_names_its_deck_index() -> None:
    data = record_json()
    data["deck"][7] = "XQ"
    with pytest.raises(RecordError) as e:
        load(data)
    assert e.value.where == "field 'deck'[7]" and "not a card" in e.value.reason


def test_optional_and_custom_fields_are_kept() -> None:
    rec = load(record_json(event="Vereinsmeisterschaft", comment="gut", **{"x-table": 4}))
    assert rec.extra["event"] == "Vereinsmeisterschaft" and rec.extra["x-table"] == 4
    assert json.loads(rec.dumps())["x-table"] == 4


def test_missing_players_and_rules_take_the_defaults() -> None:
    rec = load(record_json(players=None, rules=None))
    assert rec.players == 3 and rec.rules == {"preset": "standard"}


# ------------------------------------------------------------- illegal actions
def test_an_illegal_action_names_its_index() -> None:
    data = record_json()
    data["actions"] = ["bid 150", "bid 160", "bid 155"]
    rec = load(data)  # the record parses; replaying finds the bad action
    with pytest.raises(RecordError) as e:
        rec.replay()
    assert e.value.index == 2
    assert e.value.where == "action 2 ('bid 155')"
    assert "multiples of 10" in e.value.reason
    assert str(e.value).startswith("action 2 ('bid 155'): ")


@pytest.mark.parametrize("actions, index", [
    (["pass"], 0),                           # Vorhand must open
    (["bid 150", "pass", "pass", "trump E"], 3),  # the discard is missing
    (["bid 150", "fly"], 1),
])
def test_illegal_actions_anywhere(actions: list[str], index: int) -> None:
    data = record_json()
    data["actions"] = actions
    with pytest.raises(RecordError) as e:
        load(data).validate()
    assert e.value.index == index and e.value.where.startswith(f"action {index} ")


def test_an_illegal_card_play_names_its_index() -> None:
    data = record_json()
    state = load(data).replay()
    first_play = next(i for i, a in enumerate(data["actions"]) if a.startswith("play"))
    before = load(data).replay(first_play)
    hand_of_mover = {card_token(c) for c in cards_of(before.hands[before.to_move])}
    missing = next(t for t in ("EA", "E10", "EK", "BA", "HA", "SA") if t not in hand_of_mover)
    data["actions"] = [*data["actions"][:first_play], f"play {missing}"]
    with pytest.raises(RecordError) as e:
        load(data).validate()
    assert e.value.index == first_play and "does not hold" in e.value.reason
    assert state.is_over


def test_action_after_the_end_of_the_deal() -> None:
    data = record_json()
    n = len(data["actions"])
    data["actions"].append("play EA")
    with pytest.raises(RecordError) as e:
        load(data).validate()
    assert e.value.index == n
    assert e.value.where == f"action {n}" and "after the end of the deal" in e.value.reason


def test_result_mismatch() -> None:
    state = finished_deal()
    assert state.result is not None
    good = Record.from_state(state, result=state.result.to_json())
    assert Record.loads(good.dumps()).validate().result == state.result
    wrong = list(state.result.scores)
    wrong[0] += 10
    bad = Record.from_state(state, result={"scores": wrong})
    with pytest.raises(RecordError) as e:
        Record.loads(bad.dumps()).validate()
    assert e.value.where == "field 'result'" and "differ from the replay" in e.value.reason


def test_load_errors_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError) as e:
        Record.load(tmp_path / "missing.json")
    assert e.value.where == "file"
    binary = tmp_path / "bad.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RecordError, match="not UTF-8"):
        Record.load(binary)


@pytest.mark.parametrize("result, reason", [
    ({"scores": 5}, "must be a list of 3 numbers"),
    ({"scores": [1, 2]}, "must be a list of 3 numbers"),
    ({"scores": ["a", "b", "c"]}, "must be a list of 3 numbers"),
    ("won", "must be an object"),
])
def test_a_malformed_result_is_named(result: Any, reason: str) -> None:
    bad = Record.from_state(finished_deal(), result=result)
    with pytest.raises(RecordError) as e:
        Record.loads(bad.dumps()).validate()
    assert e.value.where == "field 'result'" and reason in e.value.reason


def test_a_result_needs_a_finished_deal() -> None:
    state = finished_deal()
    assert state.result is not None
    rec = Record.from_state(state, result=state.result.to_json())
    cut = Record(rec.game, rec.players, rec.rules, rec.dealer, rec.deck, rec.actions[:-1],
                 rec.extra)
    with pytest.raises(RecordError) as e:
        cut.validate()
    assert e.value.where == "field 'result'" and "not finish the deal" in e.value.reason
    # without a stored result an unfinished record is fine
    assert not Record(rec.game, rec.players, rec.rules, rec.dealer, rec.deck,
                      rec.actions[:-1]).validate().is_over
