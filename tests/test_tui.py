"""The terminal game driven by Textual's pilot: a complete scripted deal through the UI."""

from __future__ import annotations

from pathlib import Path

from binokel.bots.heuristic import HeuristicBot
from binokel.record import Record
from binokel.rules import Rules
from binokel.tui.app import ActionButton, BinokelApp, CardButton, GameConfig


async def _play_deal(app: BinokelApp, pilot: object) -> None:
    me = HeuristicBot(seed=5)
    for _ in range(400):
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


async def test_complete_deal_through_the_ui(tmp_path: Path) -> None:
    config = GameConfig(rules=Rules(), seed=12, bot_delay=0.01, save_dir=tmp_path)
    app = BinokelApp(config)
    async with app.run_test(size=(150, 45)) as pilot:
        await pilot.pause()
        assert len(app.query(CardButton)) == 12
        await _play_deal(app, pilot)
        await pilot.pause(0.1)
        state = app.state
        assert state.is_over and len(app.round.sheet) == 1
        # the score sheet shows the deal, a record was saved and replays to the same result
        assert app.query_one("#sheet").row_count == 1
        assert app.saved_paths and app.saved_paths[0].exists()
        replayed = Record.load(app.saved_paths[0]).replay()
        assert replayed.result == state.result
        # next deal by the button
        next_buttons = [b for b in app.query(ActionButton) if b.engine_action == "next"]
        assert next_buttons
        next_buttons[0].press()
        await pilot.pause(0.05)
        assert not app.state.is_over and app.state.dealer == 1


async def test_wrong_keys_and_illegal_clicks_are_answered_kindly() -> None:
    app = BinokelApp(GameConfig(rules=Rules(), seed=3, bot_delay=0.01, save_dir=None))
    async with app.run_test(size=(150, 45)) as pilot:
        await pilot.pause()
        await pilot.press("x", "7", "f5")
        await pilot.pause()
        assert app.is_running
        # click a card while it is not our turn or not the play phase: nothing changes
        history = list(app.state.history)
        app.query(CardButton).first().press()
        await pilot.pause()
        assert app.state.history[: len(history)] == history
        # an illegal action through the engine is reported, not applied
        app.apply("play XX")
        await pilot.pause()
        assert app.is_running


async def test_english_symbols_and_last_trick() -> None:
    app = BinokelApp(GameConfig(rules=Rules(), seed=8, bot_delay=0.01, save_dir=None,
                                lang="en", cards="symbols"))
    async with app.run_test(size=(150, 45)) as pilot:
        await pilot.pause()
        label = str(app.query(CardButton).first().label)
        assert label[0] in "♣♠♥♦"
        await pilot.press("l")  # no trick yet: a hint, no crash
        await _play_deal(app, pilot)
        await pilot.press("l")
        await pilot.pause()
        assert app.is_running
