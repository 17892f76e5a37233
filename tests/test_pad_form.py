"""The score pad's contract with the games (binokel.core.pad): the form description's
conditions and how a form's answers make an entry; every game's adapter describes a form
that a front end can build without knowing the game (fields in order, conditions on earlier
fields only, words in both languages); the pad knows no game by its name."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from binokel.core.pad import CheckField
from binokel.core.pad import Choice
from binokel.core.pad import ChoiceField
from binokel.core.pad import NumberField
from binokel.core.pad import PadError
from binokel.core.pad import PadForm
from binokel.core.pad import SeatsField
from binokel.core.pad import holds
from binokel.registry import GAMES
from binokel.tournament.pad import Pad
from binokel.tournament.pad import entry_form

SRC = Path(__file__).resolve().parent.parent / "src" / "binokel"
KINDS = {"choice", "check", "number", "seat", "seats", "pair", "per_seat", "tally"}
W = {"de": "x", "en": "x"}


def small_form() -> PadForm:
    contract = ChoiceField("contract", W, default="normal", choices=(
        Choice("normal", W), Choice("solo", W), Choice("hochzeit", W)))
    return PadForm(fields=(
        contract,
        CheckField("partner", W, default=True, when=({"contract": ("hochzeit",)},)),
        SeatsField("re", W, count=2, when=({"contract": ("normal", "hochzeit"),
                                            "partner": (True,)},)),
        SeatsField("soloist", W, key="re", when=({"contract": ("solo",)},
                                                 {"contract": ("hochzeit",),
                                                  "partner": (False,)})),
        NumberField("augen", W, when=({"!contract": ("thrown",)},)),
        ChoiceField("ann_re", W, key="announced", index=0, default=-1,
                    choices=(Choice(-1, W), Choice(0, W))),
        ChoiceField("ann_kontra", W, key="announced", index=1, default=-1,
                    choices=(Choice(-1, W), Choice(0, W)))),
        in_play=((1, 2, 3, 0),) * 4)


def test_a_field_is_asked_as_the_answers_before_it_say() -> None:
    form = small_form()
    assert form.asked({"contract": "normal"}) == ["contract", "re", "augen", "ann_re",
                                                  "ann_kontra"]
    # a field not asked counts with its default: partner True, so the Re party is asked
    assert "re" in form.asked({"contract": "hochzeit"})
    assert form.asked({"contract": "hochzeit", "partner": False}) == [
        "contract", "partner", "soloist", "augen", "ann_re", "ann_kontra"]
    # an answer to a field not asked is not used, not even by a later condition
    assert form.asked({"contract": "normal", "partner": False})[1] == "re"


def test_the_answers_make_the_entry_and_back() -> None:
    form = small_form()
    entry = form.entry({"contract": "solo", "soloist": [2], "re": [0, 1], "augen": 130,
                        "ann_re": 0})
    # the hidden Re party fills nothing; the soloist fills "re"; the announcements a list
    assert entry == {"contract": "solo", "re": [2], "augen": 130, "announced": [0, -1]}
    given = form.given(entry)
    assert given["soloist"] == [2] and given["ann_re"] == 0 and given["ann_kontra"] == -1
    assert form.entry(given) == entry
    # a field left empty (None) fills nothing
    assert "augen" not in form.entry({"contract": "normal", "augen": None})


@pytest.mark.parametrize(("when", "values", "expected"), [
    ((), {}, True),
    (({"a": (1, 2)},), {"a": 2}, True),
    (({"a": (1, 2)},), {"a": 3}, False),
    (({"a": (1,)}, {"b": (True,)}), {"a": 0, "b": True}, True),
    (({"a": (1,), "b": (True,)},), {"a": 1, "b": False}, False),
    (({"!a": (None,)},), {"a": [0, 1]}, True),
    (({"!a": (None,)},), {}, False),
    (({"s": ([2],)},), {"s": [2]}, True),
    (({"s": ([2],)},), {"s": (2,)}, True),
])
def test_conditions(when: Any, values: dict[str, Any], expected: bool) -> None:
    assert holds(when, values) is expected


def forms() -> list[tuple[str, str, int]]:
    return [(spec.name, preset, n) for spec in GAMES for preset in spec.presets or ["standard"]
            for n in spec.players]


def words_ok(w: Any) -> bool:
    return isinstance(w, dict) and set(w) == {"de", "en"} and all(
        isinstance(x, str) and x and ("{" not in x or "{n}" in x) for x in w.values())


@pytest.mark.parametrize(("game", "preset", "players"), forms())
def test_every_games_form_can_be_built_without_knowing_the_game(game: str, preset: str,
                                                                 players: int) -> None:
    """Each field once, of a known kind, with words in German and English; a condition
    names only fields before it; a choice's default is one of its choices; per dealer the
    seats in play."""
    form = entry_form(Pad.new(game, [f"P{s}" for s in range(players)], preset))
    names: list[str] = []
    for f in form["fields"]:
        assert f["kind"] in KINDS, f
        assert f["name"] not in names and re.fullmatch(r"[a-z_]+", f["name"])
        assert words_ok(f["label"]), f
        for alt in f.get("when", []) + [a for when, _ in f.get("labels", []) for a in when]:
            assert {k.lstrip("!") for k in alt} <= set(names), (f["name"], alt)
        for _, words in f.get("labels", []):
            assert words_ok(words)
        for c in f.get("choices", []) + f.get("columns", []):
            assert words_ok(c["label"]), c
        if f["kind"] == "choice":
            assert f["default"] in [c["value"] for c in f["choices"]]
        if f["kind"] == "per_seat" and f.get("others_of"):
            assert f["others_of"] in names and form["parties"]
        names.append(f["name"])
    assert names[0] == "dealer"
    assert len(form["in_play"]) == players
    assert all(set(seats) <= set(range(players)) for seats in form["in_play"])
    for note in form["notes"]:
        assert words_ok(note["text"])
    for status in form["status"]:
        assert words_ok(status["text"]) and re.fullmatch(r"[a-z_]+", status["name"])


def test_every_game_has_a_pad_loaded_only_when_asked() -> None:
    assert all(spec.pad is not None for spec in GAMES)
    code = ("import sys, binokel.registry, binokel.record; print([m for m in sys.modules "
            "if m.startswith('binokel.games.') and m.endswith('.pad')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_an_unknown_entry_field_is_refused_by_its_name() -> None:
    pad = Pad.new("zweier", ["A", "B"])
    with pytest.raises(PadError, match=r"^declarer: zweier does not ask for it") as e:
        pad.read_entry({"dealer": 0, "declarer": 1, "melds": [0, 0], "points": [130, 120]})
    assert e.value.field == "declarer"
    with pytest.raises(PadError, match=r"^deal: an object"):
        pad.read_entry([0])


PAD_FRONT = ("tournament/pad.py", "cli/pad.py", "web/pads.py", "web/static/pad.js")


def string_literals(path: Path) -> list[str]:
    """The string constants of a Python module, docstrings left out (their examples may
    name a game: that compares nothing)."""
    import ast
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                 ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docs]


@pytest.mark.parametrize("name", PAD_FRONT)
def test_the_pad_front_ends_name_no_game(name: str) -> None:
    """The pad, its terminal, its routes and its page know no game: everything about one
    comes through its adapter (issue 30)."""
    games = {spec.name for spec in GAMES}
    path = SRC / name
    if path.suffix == ".py":
        named = [s for s in string_literals(path) if s.lower() in games]
    else:
        named = re.findall(r"[\"'`](" + "|".join(games) + r")[\"'`]",
                           path.read_text(encoding="utf-8"), re.IGNORECASE)
    assert named == [], f"{name} names {named}"
