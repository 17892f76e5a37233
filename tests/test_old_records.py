"""Records written by earlier versions replay to the scores those versions wrote
(docs/records.md): the corpus of tests/old_records (every game, written by each commit that
changed the engine, see generate.py there), and hand-checked records of version 0.1's
Doppelkopf Vorbehalte, which today's procedure reads only through the game's reader."""

from __future__ import annotations

import gzip
import json
import random
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import binokel
from binokel.core.cards import SA
from binokel.games.doppelkopf.rules import DokoRules
from binokel.record import Record
from binokel.record import RecordError
from binokel.record_migrations import FORMAT
from binokel.record_migrations import SOFTWARE
from binokel.registry import game_names
from doppelkopf_deals import N1
from doppelkopf_deals import play
from doppelkopf_deals import with_tokens
from test_doppelkopf_procedure import deal
from test_doppelkopf_procedure import run

ROOT = Path(__file__).resolve().parents[1]
CORPUS = json.loads(gzip.decompress((ROOT / "tests/old_records/corpus.json.gz").read_bytes()))
ENTRIES: list[dict[str, Any]] = CORPUS["entries"]
# The first version that says its version; Doppelkopf's reader of version 0.1 is named by it.
READER = "0.2.0.dev0"


def _id(entry: dict[str, Any]) -> str:
    return f"{entry['record']['game']}-{entry['commits'][0]}"


@pytest.mark.parametrize("entry", ENTRIES, ids=[_id(e) for e in ENTRIES])
def test_an_old_record_replays_to_the_score_its_version_wrote(entry: dict[str, Any]) -> None:
    data = entry["record"]
    rec = Record.from_json(data)
    state = rec.validate()   # checks the stored scores against the replay
    assert state.result is not None
    assert list(state.result.scores) == data["result"]["scores"]
    assert rec.migrated[0] == data["format"] == "binokel-record/1"
    # Saved again, it is a record of today's format; one read into today's grammar says
    # this version wrote it, one that replayed as it stood still has no known writer.
    again = Record.loads(rec.dumps())
    assert again.migrated == () and again.actions == rec.actions
    assert again.software == (SOFTWARE if len(rec.migrated) > 1 else None)
    assert list(again.validate().result.scores) == data["result"]["scores"]  # type: ignore[union-attr]


def test_the_corpus_covers_every_game_and_the_doppelkopf_reader() -> None:
    games = Counter(e["record"]["game"] for e in ENTRIES)
    assert set(games) == set(game_names())
    read = [e for e in ENTRIES if READER in Record.from_json(e["record"]).migrated]
    # Only Doppelkopf records of version 0.1 need a reader, and many of them do.
    assert len(read) >= 100
    assert {e["record"]["game"] for e in read} == {"doppelkopf"}
    first_by_kind = list(CORPUS["commits"]).index("c2abd8a")   # the merge of the fixes
    assert all(list(CORPUS["commits"]).index(c) < first_by_kind
               for e in read for c in e["commits"])


# ------------------------------------------------------------------ version 0.1's grammar
def _old(actions: list[str], rules: dict[str, Any] | None = None,
         result: list[int] | None = None) -> dict[str, Any]:
    """A Doppelkopf record as version 0.1 wrote it (the deal of test_doppelkopf_procedure:
    seat 0 three trumps, seat 1 both Kreuz-Damen, seat 2 both Karo-Asse)."""
    s = deal()
    data: dict[str, Any] = Record.from_state(s).to_json()
    data.pop("software")
    data.update(format="binokel-record/1", actions=actions,
                rules=rules or {"preset": "standard", "options": {}})
    if result is not None:
        data["result"] = {"scores": result}
    return data


def test_a_hochzeit_declared_before_a_solo_is_read_as_a_pass() -> None:
    # Version 0.1: seat 1 declared his Hochzeit, seat 2 then a solo, which beat it.
    data = _old(["gesund", "vorbehalt", "vorbehalt", "gesund", "hochzeit", "solo buben"])
    with pytest.raises(RecordError, match="question now is Lustsolo"):
        Record.from_json({**data, "format": FORMAT, "software": SOFTWARE}).replay()
    rec = Record.from_json(data)
    assert rec.migrated == ("binokel-record/1", READER) and rec.software == SOFTWARE
    assert rec.actions == ("gesund", "vorbehalt", "vorbehalt", "gesund", "pass",
                           "solo buben")
    assert rec.rules["options"] == {"absage_skip": True}
    s = rec.replay()
    assert (s.contract, s.soloist, s.to_move) == ("solo buben", 2, 0)


def test_an_armut_before_a_hochzeit_and_an_owed_solo_before_a_lustsolo() -> None:
    rules = {"preset": "standard", "options": {"armut": True}}
    rec = Record.from_json(_old(["vorbehalt", "vorbehalt", "gesund", "gesund", "armut",
                                 "hochzeit"], rules))
    assert rec.actions[4:] == ("pass", "pass", "hochzeit")
    assert rec.replay().contract == "hochzeit"
    # Seat 2 owes his Pflichtsolo: it beat seat 0's Lustsolo, and Vorhand led it then.
    rules = {"preset": "standard", "options": {"pflichtsolo": True, "pflicht_owed": "2"}}
    rec = Record.from_json(_old(["vorbehalt", "gesund", "vorbehalt", "gesund",
                                 "solo damen", "solo buben"], rules))
    assert rec.actions[4:] == ("solo buben",)
    assert rec.rules["options"]["pflichtsolo_lead"] == "vorhand"
    s = rec.replay()
    assert (s.contract, s.soloist, s.pflicht, s.to_move) == ("solo buben", 2, True, 0)


def test_a_stored_result_decides_between_the_two_readings() -> None:
    # Seat 1 plays a stille Hochzeit, seat 2 holds both Karo-Asse: version 0.1 played it
    # without Schweinchen, today with. In this deal (random cards, seed 61) the same
    # actions replay either way to other scores; only the stored scores tell which it was.
    rules = {"preset": "standard", "options": {"schweinchen": True}}
    s = deal(DokoRules(schweinchen=True, schweinchen_stille_hochzeit=False))
    run(s, "gesund", "gesund", "gesund", "gesund")
    assert s.contract == "stille hochzeit" and s.schweine is None and s.order.trumps[0] != SA
    rng = random.Random(61)
    while not s.is_over:
        s.apply(rng.choice([a for a in s.legal_actions() if a.startswith("play")]))
    assert s.result is not None
    then = list(s.result.scores)
    actions = [a for _, a in s.history]
    rec = Record.from_json(_old(actions, rules, then))
    assert rec.migrated[-1] == READER
    assert rec.rules["options"]["schweinchen_stille_hochzeit"] is False
    # Without a stored result the record is today's: it replays as it stands.
    today = Record.from_json(_old(actions, rules))
    assert today.migrated == ("binokel-record/1",)
    end = today.replay()
    assert end.schweine == 2 and end.result is not None
    assert list(end.result.scores) != then


def test_an_absage_of_version_0_1_needed_only_its_own_deadline() -> None:
    s = play(with_tokens(N1, 0, "0:re"), upto=3, rules=DokoRules(absage_skip=True))
    assert s.to_move == 0 and len(s.view(0).hand) == 9
    assert [a for a in s.legal_actions() if not a.startswith("play")] == [
        "keine 60", "keine 30", "schwarz"]
    s.apply("keine 60")
    assert s.announced[0] == 2


def test_a_record_neither_reading_replays_reports_its_own_error() -> None:
    data = _old(["gesund", "vorbehalt", "vorbehalt", "gesund", "hochzeit", "pass"])
    with pytest.raises(RecordError) as e:
        Record.from_json(data)
    assert e.value.where == "action 4 ('hochzeit')"
    # Today's records are never read as old ones.
    data = _old(["gesund", "vorbehalt", "vorbehalt", "gesund", "hochzeit", "solo buben"])
    with pytest.raises(RecordError, match="question now is Lustsolo"):
        Record.from_json({**data, "format": FORMAT, "software": "binokel 0.2.0"}).replay()


# ------------------------------------------------------------------ versions
def test_the_version_is_pyprojects_and_records_say_it() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert binokel.__version__ == project["project"]["version"]
    assert f"binokel {binokel.__version__}" == SOFTWARE
    data = Record.from_state(deal()).to_json()
    assert list(data)[:2] == ["format", "software"]
    assert data["format"] == FORMAT and data["software"] == SOFTWARE


def test_the_web_server_says_its_version(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from binokel.web.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}")) as c:
        assert c.get("/api/meta").json()["version"] == binokel.__version__


def test_validate_says_how_an_old_record_was_read(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from binokel.cli import main

    old = tmp_path / "old.json"
    old.write_text(json.dumps(_old(["gesund", "vorbehalt", "vorbehalt", "gesund", "hochzeit",
                                    "solo buben"])), encoding="utf-8")
    new = tmp_path / "new.json"
    Record.from_state(deal()).save(new)
    assert main(["validate", str(old), str(new)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("valid, unfinished (6 actions), read from binokel-record/1 and a "
                           f"version before {READER}")
    assert out[1].endswith(f"valid, unfinished (0 actions), written by {SOFTWARE}")
