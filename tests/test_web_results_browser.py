"""The result in the reader's words in a real browser (issue 33): for every game a finished
deal from the golden corpus, read by a seat that won it and by one that lost it, drawn by the
table component and laid out at phone and desktop size. The headline is the reader's own and in his
colour, the arithmetic is a line of its own, the winners carry a star and the reader is
"You". Screenshots go to /tmp/shots-client/result-*.png for people to look at.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from typing import Any

import pytest

import shots
from binokel.present import present
from binokel.record import Record
from test_web_table_component import ARGS
from test_web_table_component import CHROMIUM
from test_web_table_component import CORPUS
from test_web_table_component import LOOK
from test_web_table_component import MOUNT
from test_web_table_component import NAMES
from test_web_table_component import SHOTS
from test_web_table_component import harness

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

GAMES = [("binokel", 3), ("kreuzbinokel", 4), ("zweier", 2), ("luxusfamilie", 4),
         ("doppelkopf", 4)]
SIZES = {"phone": (390, 844), "small": (360, 640), "desktop": (1280, 800)}


def finished(game: str, players: int) -> Record:
    """The first record of the corpus for ``game`` with ``players`` that has a winner and a
    loser."""
    corpus = json.loads(gzip.decompress(CORPUS.read_bytes()))
    for entry in corpus["entries"]:
        rec = Record.from_json(entry["record"])
        if (rec.game, rec.players) != (game, players):
            continue
        o = present(rec.replay().public_view(), "en", NAMES[:players]).outcome
        if o is not None and o.winners and len(o.winners) < players:
            return rec
    raise AssertionError(f"no {game} record with a winner in the corpus")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_result_is_the_readers_own(browser: Any, game: str, players: int) -> None:
    rec = finished(game, players)
    end = rec.replay()
    names = list(NAMES[:players])
    public = present(end.public_view(), "en", names, "words").outcome
    assert public is not None
    winner = public.winners[0]
    loser = next(s for s in range(players) if s not in public.winners)
    for who, seat in (("winner", winner), ("loser", loser)):
        for lang in ("en", "de"):
            table = present(end.view(seat), lang, names, "words")
            o = table.outcome
            assert o is not None and o.tone == ("won" if who == "winner" else "lost")
            page, foreign, _ = harness(browser, SIZES["phone"])
            page.evaluate(MOUNT, [{"table": table.to_json(), "deal": 1,
                                   "moves": len(rec.actions)}, {**LOOK, "lang": lang}])
            assert page.text_content("#headline") == o.headline
            assert o.tone in (page.get_attribute("#headline", "class") or "").split()
            if o.sum:
                assert page.text_content("#result-sum") == o.sum
            if o.contract:
                assert page.text_content("#result-contract") == o.contract
            # the reader is "You", the winners carry a star, nothing is cut off
            me = page.locator(".result .chg.me .n")
            assert me.inner_text() == ("You" if lang == "en" else "Du") \
                or me.inner_text().endswith(("You", "Du"))
            assert page.locator(".result .chg.won").count() == len(o.winners)
            for size, wh in SIZES.items():    # the one table laid out at every size
                page.set_viewport_size({"width": wh[0], "height": wh[1]})
                page.wait_for_timeout(40)
                box = page.locator("#headline").bounding_box()
                assert box is not None and box["x"] >= 0 and \
                    box["x"] + box["width"] <= wh[0], (size, box)
                if lang == "en":
                    shots.take(page, SHOTS / f"result-{game}-{who}-{size}.png")
            assert foreign == []
            page.close()
