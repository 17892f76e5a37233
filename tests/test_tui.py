"""The terminal game driven by Textual's pilot: complete scripted deals through the UI for
every game, records saved, wrong keys and clicks answered kindly."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from binokel.bots import make_bot
from binokel.games.binokel.rules import Rules
from binokel.record import Record
from binokel.tui.app import ActionButton
from binokel.tui.app import CardButton
from binokel.tui.app import GameConfig
from binokel.tui.app import TableApp

TABLES = [("binokel", 3), ("binokel", 4), ("kreuzbinokel", 4), ("zweier", 2),
          ("luxusfamilie", 4), ("luxusfamilie", 7), ("doppelkopf", 4), ("doppelkopf", 5)]


async def _play_deal(app: TableApp, pilot: object) -> None:
    """Play the human's seat with a heuristic bot's choices, entered through the UI."""
    me = make_bot("heuristic", seed=5)
    for _ in range(600):
        await pilot.pause(0.02)  # type: ignore[attr-defined]
        state = app.state
        if state.is_over:
            return
        if state.to_move == app.config.human:
            action = me.choose(state.view(app.config.human))
            before = len(state.history)
            app.press_action(action)
            await pilot.pause()  # type: ignore[attr-defined]
            assert len(app.state.history) > before, f"the UI did not apply {action!r}"
    raise AssertionError("the deal did not finish")


@pytest.mark.parametrize("game, players", TABLES)
async def test_complete_deal_through_the_ui(tmp_path: Path, game: str, players: int) -> None:
    config = GameConfig(game=game, players=players, seed=12, bot_delay=0.01, save_dir=tmp_path)
    app = TableApp(config)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        hand = [b for b in app.query(CardButton) if b.where == "hand"]
        assert len(hand) == len(app.state.view(0).hand) > 0
        await _play_deal(app, pilot)
        await pilot.pause(0.1)
        state = app.state
        assert state.is_over and len(app.round.sheet) == 1
        # the score sheet shows the deal, a record was saved and replays to the same result
        assert app.query_one("#sheet").row_count == 1
        assert app.saved_paths and app.saved_paths[0].exists()
        rec = Record.load(app.saved_paths[0])
        assert rec.game == game and rec.players == players
        assert rec.replay().result == state.result
        # next deal by the button
        next_buttons = [b for b in app.query(ActionButton) if b.engine_action == "next"]
        assert next_buttons
        next_buttons[0].press()
        await pilot.pause(0.05)
        assert not app.state.is_over and app.state.dealer == 0   # seat players-1 dealt first


async def test_a_bid_can_be_typed() -> None:
    app = TableApp(GameConfig(rules=Rules(), seed=3, bot_delay=5.0, save_dir=None))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert app.state.to_move == 0
        app.press_action("bid 230")        # no button for 230: typed into the bid field
        await pilot.pause()
        assert app.state.history[0] == (0, "bid 230")


async def test_the_table_answers_keys_while_a_bot_thinks() -> None:
    thinking, release, answered = threading.Event(), threading.Event(), threading.Event()

    class Thinker:
        name = "thinker"

        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def choose(self, view: Any) -> str:
            thinking.set()
            release.wait(10)  # on the event loop this would freeze the table for 10 s
            answered.set()
            return str(self.inner.choose(view))

    app = TableApp(GameConfig(rules=Rules(), seed=3, bot_delay=0.01, save_dir=None))
    app.bots = {seat: Thinker(bot) for seat, bot in app.bots.items()}
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert app.state.to_move == 0
        app.press_action("bid 150")
        for _ in range(200):
            await pilot.pause(0.02)
            if thinking.is_set():
                break
        assert thinking.is_set() and app.state.to_move == 1
        await pilot.press("l")  # the last trick: there is none yet, the table says so
        await pilot.pause()
        assert not answered.is_set(), "the table waited for the bot"
        release.set()
        for _ in range(200):
            await pilot.pause(0.02)
            if len(app.state.history) > 1:
                break
        assert len(app.state.history) > 1  # and the bot's move went in


async def test_wrong_keys_and_illegal_clicks_are_answered_kindly() -> None:
    app = TableApp(GameConfig(rules=Rules(), seed=3, bot_delay=0.01, save_dir=None))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await pilot.press("x", "7", "f5")
        await pilot.pause()
        assert app.is_running
        # click a card while it is not the play phase: a hint, nothing changes
        history = list(app.state.history)
        app.query(CardButton).first().press()
        await pilot.pause()
        assert app.state.history[: len(history)] == history
        # an illegal action through the engine is reported, not applied
        app.apply("play XX")
        await pilot.pause()
        assert app.is_running


async def test_english_symbols_and_last_trick() -> None:
    app = TableApp(GameConfig(rules=Rules(), seed=8, bot_delay=0.01, save_dir=None,
                              lang="en", cards="symbols"))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        label = str(app.query(CardButton).first().label)
        assert label[0] in "♣♠♥♦"
        await pilot.press("l")  # no trick yet: a hint, no crash
        await _play_deal(app, pilot)
        await pilot.press("l")
        await pilot.pause()
        assert app.is_running and "Last trick" in str(app.query_one("#trick").render())
