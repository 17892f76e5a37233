"""The rated table's story in a real browser, at phone size (issue 34): two accounts, a
rated Zweierbinokel table made in the lobby, a guest who may only watch it, the deal played
to the table's end (the moves go over the players' own sockets, where the browser adds
nothing), and both players' pages showing the moved ratings and the chart. Then screenshots
of the leaderboard and a player page in both languages at phone and desktop sizes
(``build/screenshots/rated-*.png``, build output, never committed)."""

from __future__ import annotations

import contextlib
import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect as ws_connect

import shots
import test_web_client as client_tests
from binokel.present import offered_actions
from test_web_accounts_browser import register
from test_web_e2e import CHROMIUM
from test_web_e2e import _free_port
from test_web_e2e import browser  # noqa: F401 - the fixture
from test_web_e2e import serving
from web_helpers import migrated_sqlite

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not CHROMIUM.exists(), reason="no Chromium")]
SHOTS = Path(__file__).resolve().parent.parent / "build" / "screenshots"
SIZES = [(390, 844), (360, 640), (1280, 800)]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose leaderboards list an account after one rated deal."""
    from binokel.web.app import create_app
    from binokel.web.tables import Limits

    db = tmp_path_factory.mktemp("rated") / "web.sqlite3"
    app = create_app(migrated_sqlite(db), bot_delay=0.02, limits=Limits().per_client(1000),
                     min_rated_deals=1)
    yield from serving(app, _free_port())


def play_deal(base: str, tid: str, tokens: dict[int, str]) -> None:
    """Both seats play random offered actions over their sockets until the deal ends. After
    a move the mover's socket is read until it shows the move (no fixed wait on each)."""
    rng = random.Random(5)
    url = base.replace("http", "ws") + f"/ws/{tid}"
    last: dict[int, dict[str, Any]] = {}

    def read(seat: int, ws: Any, wait: float) -> None:
        """This seat's messages so far (its newest state kept), waiting up to ``wait`` s
        for the first."""
        while True:
            try:
                msg = json.loads(ws.recv(timeout=wait))
            except TimeoutError:
                return
            wait = 0
            if msg["type"] == "state" and msg["table"] is not None:
                last[seat] = msg

    def at(msg: dict[str, Any]) -> tuple[int, int]:
        return msg["deal"], msg["moves"]

    with contextlib.ExitStack() as stack:
        socks = {seat: stack.enter_context(ws_connect(f"{url}?token={tok}", origin=base))
                 for seat, tok in tokens.items()}
        for seat, ws in socks.items():
            read(seat, ws, 5)
        for _ in range(2000):
            for seat, ws in socks.items():
                read(seat, ws, 0)
            if any(msg["table"]["result"] for msg in last.values()):
                return
            mover = next((seat for seat, msg in last.items()
                          if msg["table"]["to_move"] == seat), None)
            if mover is None:   # a seat's socket has not seen the last move yet
                for seat, ws in socks.items():
                    read(seat, ws, 0.05)
                continue
            msg = last[mover]
            action = rng.choice(offered_actions(msg["table"], rng, 0.3))
            socks[mover].send(json.dumps({"type": "action", "action": action,
                                          "move": msg["moves"], "deal": msg["deal"]}))
            deadline = time.monotonic() + 5
            while at(last[mover]) <= at(msg) and time.monotonic() < deadline:
                read(mover, socks[mover], deadline - time.monotonic())
        raise AssertionError("the deal did not end")


def test_a_rated_table_moves_both_players_ratings(server: str, browser: Any  # noqa: F811
                                                  ) -> None:
    base = server
    phone = {"viewport": {"width": 390, "height": 844}}
    anna_ctx, bert_ctx, guest_ctx = (browser.new_context(**phone) for _ in range(3))
    anna, bert, guest = anna_ctx.new_page(), bert_ctx.new_page(), guest_ctx.new_page()
    register(anna, base, "Anna")
    register(bert, base, "Bert")
    # the lobby offers "rated" to a logged-in creator, and links to her own page
    anna.goto(base + "/")
    anna.wait_for_selector("#rated-row:not([hidden])")
    assert anna.get_attribute("#player-link", "href") == "/players/Anna"
    anna.select_option("#game", "zweier")
    anna.select_option("#seat-1", "")
    anna.check("#rated-on")
    assert anna.is_disabled("#hints-on")
    anna.fill("#opt-deals_per_series", "1")
    shots.take(anna.locator("#new-table"), str(SHOTS / "rated-lobby-390x844.png"))
    anna.click("#create")
    anna.wait_for_url(re.compile(r"/t/"))
    tid = anna.url.rsplit("/", 1)[1]
    # a guest is told he may only watch; none of the rated box for him in the lobby
    guest.goto(base + f"/t/{tid}")
    guest.wait_for_selector("#rated-note")
    shots.take(guest, str(SHOTS / "rated-join-390x844.png"), full_page=True)
    guest.goto(base + "/")
    guest.wait_for_selector("#create")
    assert guest.locator("#rated-row").is_hidden()
    bert.goto(base + f"/t/{tid}")
    bert.wait_for_selector("#join-1")
    bert.fill("#nickname", "Bert")
    bert.click("#join-1")
    bert.wait_for_selector(".felt, #table, .table", timeout=15000)
    tokens = {seat: page.evaluate(f"localStorage.getItem('binokel.token.{tid}')")
              for seat, page in ((0, anna), (1, bert))}
    play_deal(base, tid, tokens)
    values = {}
    for who, page in (("Anna", anna), ("Bert", bert)):
        page.goto(base + f"/players/{who}")
        page.wait_for_selector("#rating-zweier")
        values[who] = int(page.inner_text("#rating-zweier"))
        assert page.locator("#chart-zweier polyline").count() == 1
        assert page.locator("#latest a.replay-link").first.get_attribute("href") == \
            f"/t/{tid}#replay=1.0"
    assert values["Anna"] != values["Bert"] or values["Anna"] != 0
    # the leaderboard lists both (the server's minimum here: one rated deal)
    guest.goto(base + "/leaderboard/zweier")
    guest.wait_for_selector("#board tbody tr")
    names = guest.locator("#board tbody a").all_inner_texts()
    assert sorted(names) == ["Anna", "Bert"]
    for ctx in (anna_ctx, bert_ctx, guest_ctx):
        ctx.close()
    # screenshots: leaderboard and a player page, both languages, phone and desktop
    for width, height in SIZES:
        # (the page's CSP would refuse the injected axe-core script)
        ctx = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
        page = ctx.new_page()
        for lang in ("de", "en"):
            page.goto(base + "/")
            page.evaluate(f"localStorage.setItem('binokel.lang', '{lang}')")
            for what, path, ready in (("board", "/leaderboard/zweier", "#board tbody tr"),
                                      ("player", "/players/Anna", "#chart-zweier")):
                page.goto(base + path)
                page.wait_for_selector(ready)
                client_tests.no_horizontal_overflow(page, f"{what} {lang} {width}")
                if width == 390:
                    client_tests.axe_check(page, f"{what} {lang}")
                shots.take(page, str(SHOTS / f"rated-{what}-{lang}-{width}x{height}.png"),
                                full_page=True)
        ctx.close()
