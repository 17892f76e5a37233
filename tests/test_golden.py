"""Every record of the golden corpus replays to the same result, views, tables and told deal,
and its bots choose the same actions again (see ``golden_corpus.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from golden_corpus import fingerprints
from golden_corpus import load
from golden_corpus import play_series
from golden_corpus import play_with_bots
from golden_corpus import record_json

CORPUS = load()


def _first_difference(a: list[str], b: list[str]) -> str:
    if len(a) != len(b):
        return f"{len(a)} steps, the corpus has {len(b)}"
    step = next(i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y)
    return f"first at step {step} (after action {step - 1})" if step else "first at step 0"


@pytest.mark.parametrize("entry", CORPUS["entries"], ids=lambda e: e["id"])
def test_record_replays_the_same(entry: dict[str, Any]) -> None:
    views, tables, result, told = fingerprints(entry["record"], entry["lang"], entry["style"])
    assert result == entry["result"]
    assert views == entry["views"], "views differ: " + _first_difference(views, entry["views"])
    assert tables == entry["tables"], "tables differ: " + _first_difference(tables,
                                                                            entry["tables"])
    assert told == entry["told"]


@pytest.mark.parametrize("entry", CORPUS["entries"], ids=lambda e: e["id"])
def test_bots_choose_the_same(entry: dict[str, Any]) -> None:
    rec = entry["record"]
    state = play_with_bots(rec["game"], rec["players"], rec["rules"], rec["dealer"],
                           rec["deck"], entry["seed"], entry["bots"])
    assert record_json(state, rec["game"])["actions"] == rec["actions"]


@pytest.mark.parametrize("series", CORPUS["series"],
                         ids=lambda s: f"{s['game']}-{s['players']}-series")
def test_series_books_the_same(series: dict[str, Any]) -> None:
    again = play_series(series["game"], series["players"], series["rules"]["preset"],
                        series["rules"]["options"], series["deals"], series["seed"])
    assert again == series
