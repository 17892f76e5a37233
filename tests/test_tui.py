"""The terminal game driven by Textual's pilot: complete scripted deals through the UI for
every game, records saved, wrong keys and clicks answered kindly."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

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
    end = time.monotonic() + 120  # bounded in time, not in steps: a busy machine is slower
    while time.monotonic() < end:
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
        assert rec.extra["result"]["scores"] == list(state.result.scores)
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


async def test_wrong_keys_and_illegal_clicks_are_answered_kindly(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("binokel.tui.app.NOTE_SECONDS", 0.3)
    app = TableApp(GameConfig(rules=Rules(), seed=3, bot_delay=0.01, save_dir=None))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await pilot.press("x", "7", "f5")
        await pilot.pause()
        assert app.is_running
        # a wrong key is answered above the hand, for a moment
        await pilot.press("x")
        await pilot.pause()
        line = app.query_one("#note-line", Static)
        assert line.display and "x" in str(line.render()), line.render()
        end = time.monotonic() + 10
        while line.display and time.monotonic() < end:
            await pilot.pause(0.05)
        assert not line.display
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
        label = str(app.query(CardButton).first().label).strip()
        assert label[0] in "♣♠♥♦"
        await pilot.press("l")  # no trick yet: a hint, no crash
        await _play_deal(app, pilot)
        await pilot.press("l")
        await pilot.pause()
        assert app.is_running and "Last trick" in str(app.query_one("#trick").render())


# ----------------------------------------------------------------------- 80x24
SMALL = (80, 24)


def _number_of(app: TableApp, action: str) -> list[int]:
    """The numbers to type for ``action`` (one per card of a selection, then its button), or
    [] when the numbers cannot do it (a bid without a button)."""
    nums = {id(w): i for i, w in enumerate(app.numbered, 1)}
    verb, _, arg = action.partition(" ")
    ch = app.table().choices
    if ch.select is not None and verb == ch.select.verb:
        out, used = [], set()
        for tok in arg.split():
            b = next(b for b in app.numbered if isinstance(b, CardButton) and b.token == tok
                     and id(b) not in used)
            used.add(id(b))
            out.append(nums[id(b)])
        return [*out, -1]  # -1: the confirm button, numbered once the cards are chosen
    for w in app.numbered:
        if isinstance(w, CardButton) and ch.cards is not None and verb == ch.cards.verb \
                and w.token == arg:
            return [nums[id(w)]]
        if isinstance(w, ActionButton) and w.engine_action == action:
            return [nums[id(w)]]
    return []


async def _type_number(app: TableApp, pilot: Any, n: int) -> None:
    await pilot.press(*str(n))
    # The number is taken at once when no longer one starts with its digits, else after
    # the app's wait for a second digit: wait for that, not always for the longest.
    end = time.monotonic() + app.number_wait + 1.0
    while app._digits and time.monotonic() < end:
        await pilot.pause(0.02)
    await pilot.pause()


def _all_inside(app: TableApp) -> None:
    """Every numbered card and button lies wholly on the screen, above the footer."""
    w, h = app.size
    for b in app.numbered:
        r = b.region
        assert r.width > 0 and r.height == 1, (str(b.label), r)
        assert r.x >= 0 and r.right <= w and r.y >= 0 and r.bottom <= h - 1, (str(b.label), r)


@pytest.mark.parametrize("game, players", [("binokel", 3), ("doppelkopf", 4)])
async def test_a_whole_deal_by_number_keys_at_80x24(tmp_path: Path, game: str,
                                                    players: int) -> None:
    app = TableApp(GameConfig(game=game, players=players, seed=21, bot_delay=0.01,
                              save_dir=tmp_path, lang="en"))
    app.number_wait = 0.3  # the pilot types two digits further apart than a person
    me = make_bot("heuristic", seed=2)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        seen_cards = 0
        end = time.monotonic() + 120
        while time.monotonic() < end:
            await pilot.pause(0.03)
            state = app.state
            if state.is_over:
                break
            if state.to_move != app.config.human:
                continue
            await pilot.pause(0.05)
            _all_inside(app)
            hand = [b for b in app.numbered if isinstance(b, CardButton) and b.where == "hand"]
            seen_cards = max(seen_cards, len(hand))
            action = me.choose(state.view(app.config.human))
            numbers = _number_of(app, action)
            if not numbers:  # a bid without a button: take the first button instead
                numbers = [next(i for i, w in enumerate(app.numbered, 1)
                                if isinstance(w, ActionButton))]
            before = len(state.history)
            for n in numbers:
                if n == -1:
                    n = next(i for i, w in enumerate(app.numbered, 1)
                             if isinstance(w, ActionButton) and w.engine_action == "select")
                await _type_number(app, pilot, n)
            await pilot.pause(0.05)
            assert len(app.state.history) > before, f"numbers {numbers} did not do {action!r}"
        assert app.state.is_over
        assert seen_cards >= 8  # the whole hand was numbered and on the screen
        await pilot.pause(0.1)
        # the result is shown in the table, not only in the log
        trick = app.query_one("#trick")
        assert trick.has_class("result")
        outcome = app.table().outcome
        assert outcome is not None and outcome.headline in str(trick.render())
        _all_inside(app)
        assert [str(b.label).split(maxsplit=1)[0] for b in app.numbered] == ["1"]
        await _type_number(app, pilot, 1)  # the next deal
        assert not app.state.is_over


async def test_unplayable_cards_say_why_and_the_footer_speaks_german() -> None:
    app = TableApp(GameConfig(game="doppelkopf", seed=4, bot_delay=0.01, save_dir=None))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        keys = {b.key: b.description for bs in app._bindings.key_to_bindings.values()
                for b in bs}
        assert keys["l"] == "letzter Stich" and keys["q"] == "Ende" and keys["h"] == "Hilfe"
        await pilot.press("h")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "HelpScreen"
        await pilot.press("x")
        await pilot.pause()
        assert app.screen.__class__.__name__ != "HelpScreen"
        for _ in range(300):
            await pilot.pause(0.02)
            t = app.table()
            if t.my_turn and t.choices.cards is not None and any(not c.playable
                                                                 for c in t.cards):
                break
            if t.my_turn:
                app.press_action(make_bot("heuristic", seed=1).choose(
                    app.state.view(app.config.human)))
        dim = [b for b in app.query(CardButton) if b.has_class("unplayable")]
        assert dim, "no position with an unplayable card was reached"
        dim[0].press()
        await pilot.pause()
        # said above the hand, not in a toast that would cover the cards it is about
        line = app.query_one("#note-line", Static)
        assert line.display and str(line.render()).startswith("Du musst "), line.render()
        assert line.has_class("refusal")
        await pilot.pause(0.05)
        _all_inside(app)   # the line above the hand leaves every card in view
        assert not any(line.region.overlaps(b.region) for b in app.numbered)
        # the player's own move takes the word away
        legal = [b for b in app.query(CardButton) if b.where == "hand"
                 and not b.has_class("unplayable")]
        legal[0].press()
        await pilot.pause()
        assert not line.display


def test_records_never_overwrite_one_another(tmp_path: Path) -> None:
    a = TableApp(GameConfig(seed=1, save_dir=tmp_path))
    b = TableApp(GameConfig(seed=1, save_dir=tmp_path))
    b.session = a.session  # two games started in the same second
    paths = [a.record_path(), b.record_path(), a.record_path()]
    assert len(set(paths)) == 3 and all(p.exists() for p in paths)
    assert paths[0].name.startswith(f"binokel-{a.session}-000")


@pytest.mark.parametrize("game, players", [("zweier", 2), ("luxusfamilie", 8),
                                           ("kreuzbinokel", 4), ("doppelkopf", 5)])
async def test_every_card_and_button_is_on_an_80x24_screen(game: str, players: int) -> None:
    app = TableApp(GameConfig(game=game, players=players, seed=5, bot_delay=0.01,
                              save_dir=None))
    me = make_bot("heuristic", seed=2)
    async with app.run_test(size=SMALL) as pilot:
        turns = 0
        for _ in range(300):
            await pilot.pause(0.03)
            if app.state.is_over or turns >= 4:
                break
            if app.state.to_move == app.config.human:
                await pilot.pause(0.05)
                _all_inside(app)
                assert app.numbered
                turns += 1
                app.press_action(me.choose(app.state.view(app.config.human)))
        assert turns >= 1


# ----------------------------------------------------------------------- -o options
def _config_of(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> GameConfig:
    """The GameConfig that ``binokel play ARGV`` starts the terminal game with."""
    from binokel.cli import main
    started: list[GameConfig] = []
    monkeypatch.setattr("binokel.tui.app.run_terminal_game", started.append)
    assert main(["play", *argv]) == 0
    return started[0]


MANY = ["schweinchen=true", "schweinchen_in_solos=true", "superschweine=true", "armut=true",
        "throw_nines=5", "throw_kings=5", "koenigssolo=true", "damen_buben_solo=true",
        "dulle_second_wins=true", "dulle_first_in_last_trick=true", "karlchen=kreuz",
        "karlchen_gefangen=true", "doppel_karlchen=true", "fuchs_last_trick=true",
        "hochzeit_klaerung=trumpf", "genscher=first", "ansage_played=3",
        "bock_after=tie,solo_lost,kontra_won,both_announced", "deals_per_series=4"]


@pytest.mark.parametrize("argv", [
    ["--preset", "ddv", "-o", "deals_per_series=2"],
    [x for o in MANY for x in ("-o", o)],
], ids=["ddv", "many"])
async def test_a_doppelkopf_deal_with_command_line_options(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> None:
    # seed 6's first deal starts Bockrunden under MANY (the heuristic players decide which)
    seed = "12" if "ddv" in argv else "6"
    config = _config_of(["--game", "doppelkopf", "--seed", seed, "--name", "Ann",
                         "--save-dir", str(tmp_path), *argv], monkeypatch)
    rules = config.rules
    if "ddv" in argv:
        assert rules.to_dict() == {"preset": "ddv", "options": {"deals_per_series": 2}}
        assert (rules.karlchen, rules.pflichtsolo, rules.reach_absage_wins) == (
            "kreuz", True, True)
    else:
        assert len(rules.to_dict()["options"]) == len(MANY)
        assert (rules.superschweine, rules.genscher, rules.karlchen) == (True, "first", "kreuz")
    config.bot_delay = 0.01
    app = TableApp(config)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        # The series plays the command line's rules (each deal with who owes a Pflichtsolo
        # and its Bock level filled in).
        assert app.round.rules == rules and app.state.rules == app.round.deal_rules()
        assert "Bock" not in app.table().status
        # the help (h) says which rules are played, the changed ones in the lobby's words
        await pilot.press("h")
        await pilot.pause()
        help_lines = str(app.screen.query_one(Static).render()).split("\n")
        if "ddv" in argv:
            assert "Voreinstellung ddv: " in "\n".join(help_lines)
        else:
            assert "Hausregeln:" in help_lines
            assert "- Karlchen (Sonderpunkt für den letzten Stich): der Kreuz-Bube (DDV)" \
                in help_lines
            assert any(x.startswith("- Genscher: ") and x.endswith(": beim ersten Karo-König")
                       for x in help_lines)
            assert not any("bock_level" in x or "Bockspiel" in x for x in help_lines)
        await pilot.press("x")
        await pilot.pause()
        await _play_deal(app, pilot)
        await pilot.pause(0.1)
        state = app.state
        assert state.is_over and state.result is not None and len(app.round.sheet) == 1
        assert sum(state.result.scores) == 0
        assert app.query_one("#sheet").row_count == 1
        # The record keeps the command line's rules and replays to the same result.
        rec = Record.load(app.saved_paths[0])
        assert rec.rules == state.rules.to_dict()
        assert rec.replay().result == state.result
        if "ddv" in argv:
            return
        # Seed 6's first deal starts Bockrunden (its events are in MANY): the next deal is
        # a Bock deal, and the table says so before the first card.
        assert app.round.bock.levels
        next_buttons = [b for b in app.query(ActionButton) if b.engine_action == "next"]
        next_buttons[0].press()
        await pilot.pause(0.05)
        assert app.state.rules.bock_level == 1 and not app.state.is_over
        assert "Bockspiel ×2" in app.table().status


async def test_a_hint_on_the_key_t_where_the_game_allows_it() -> None:
    """With hints (``binokel play --hints``) the key t says the strong player's choice, with
    the values of the choices it searched in the player's language, and marks the suggested
    card or button; without, the key says how to turn hints on."""
    app = TableApp(GameConfig(game="doppelkopf", seed=4, bot_delay=0.01, save_dir=None,
                              hints=True))
    async with app.run_test(size=(160, 50)) as pilot:
        keys = {b.key: b.description for bs in app._bindings.key_to_bindings.values()
                for b in bs}
        assert keys["t"] == "Tipp"
        # play on (as the heuristic) until a card decision of mine in the middle of the deal
        for _ in range(600):
            await pilot.pause(0.02)
            t = app.table()
            if t.my_turn and t.choices.cards is not None and len(t.hand) <= 6:
                break
            if t.my_turn:
                app.press_action(make_bot("heuristic", seed=1).choose(
                    app.state.view(app.config.human)))
        assert app.table().my_turn and app.table().choices.cards is not None
        history = list(app.state.history)
        await pilot.press("t")
        line = app.query_one("#note-line", Static)
        end = time.monotonic() + 60   # bounded in time: a busy machine searches slower
        while time.monotonic() < end and not str(line.render()).startswith("Tipp: "):
            await pilot.pause(0.05)
        said = str(line.render())
        assert said.startswith("Tipp: ") and line.display, said
        assert "erwartete Spielpunkte" in said and " · " in said, said
        marked = [b for b in app.query(CardButton) if b.has_class("suggested")]
        assert len(marked) == 1 and f"play {marked[0].token}" in app.state.legal_actions()
        assert app.state.history == history          # a hint plays nothing
        # the hint is for this moment only: gone once the card is played
        app.press_action(f"play {marked[0].token}")
        await pilot.pause()
        assert not line.display and not app.query(".suggested")

    plain = TableApp(GameConfig(rules=Rules(), seed=3, bot_delay=5.0, save_dir=None))
    async with plain.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        line = plain.query_one("#note-line", Static)
        assert str(line.render()) == "Tipps gibt es, wenn das Spiel mit --hints gestartet wird."
        assert not plain.query(".suggested")


async def test_a_slow_computer_player_is_said_to_be_thinking(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A computer player still thinking after a moment is said to be, in the status line, so
    that the seconds a strong player searches do not look like a hung game."""
    import binokel.tui.app as tui_app
    real = tui_app.decide

    def slow(turn: Any, bot: Any) -> str:
        time.sleep(1.0)
        return real(turn, bot)

    monkeypatch.setattr(tui_app, "decide", slow)
    monkeypatch.setattr(tui_app, "THINK_SECONDS", 0.2)
    # the bots wait 1 s before they think: the next one cannot be "thinking" yet when the
    # status is read right after a move
    app = TableApp(GameConfig(rules=Rules(), seed=3, bot_delay=1.0, save_dir=None))
    me = make_bot("heuristic", seed=1)
    async with app.run_test(size=SMALL) as pilot:
        status = app.query_one("#status", Static)
        end = time.monotonic() + 30
        said = ""
        while time.monotonic() < end and "überlegt" not in said:
            await pilot.pause(0.05)
            if app.table().my_turn:
                app.press_action(me.choose(app.state.view(app.config.human)))
            said = str(status.render())
        assert re.search(r"\S+ ist dran · überlegt …$", said), said
        moves = len(app.state.history)
        while time.monotonic() < end and len(app.state.history) == moves:
            await pilot.pause(0.02)
        assert "überlegt" not in str(status.render())   # the move is in


async def test_the_armut_passes_its_trumps_selected_from_the_start() -> None:
    """An Armut passes all its trumps: they are selected at once and stay selected, so that
    the player picks only the rest (the engine would refuse a give without them)."""
    from binokel.games.doppelkopf.rules import DokoRules

    # seed 3354: the human (Vorhand) holds two trumps
    app = TableApp(GameConfig(game="doppelkopf", seed=3354, rules=DokoRules(armut=True),
                              bot_delay=0.01, save_dir=None))
    end = time.monotonic() + 60
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        while app.state.phase != "armut_give" or app.state.to_move != 0:
            assert time.monotonic() < end and not app.state.is_over, app.state.phase
            if app.state.to_move == 0:
                # Vorbehalt, then no solo (pass) until the question is the Armut
                legal = app.state.legal_actions()
                app.press_action(next(a for a in ("vorbehalt", "armut", "pass") if a in legal))
            await pilot.pause(0.02)
        await pilot.pause(0.05)
        table = app.table()
        select = table.choices.select
        assert select is not None and select.verb == "give" and len(select.required) == 2

        def chosen() -> list[str]:
            return sorted(b.token for b in app.hand_buttons
                          if isinstance(b, CardButton) and b.has_class("selected"))

        assert chosen() == sorted(select.required)
        trump = next(b for b in app.hand_buttons
                     if isinstance(b, CardButton) and b.token in select.required)
        trump.press()                                   # a trump cannot be put back
        await pilot.pause(0.05)
        assert chosen() == sorted(select.required)
        assert str(app.query_one("#note-line", Static).render()) == select.hint
        other = next(b for b in app.hand_buttons
                     if isinstance(b, CardButton) and b.token not in select.required)
        other.press()
        await pilot.pause(0.05)
        confirm = next(b for b in app.action_widgets
                       if isinstance(b, ActionButton) and b.engine_action == "select")
        assert not confirm.disabled
        confirm.press()
        await pilot.pause(0.05)
        given = next(a for _, a in reversed(app.state.history) if a.startswith("give "))
        assert sorted(given.split()[1:]) == sorted([*select.required, other.token])


async def test_the_log_is_wrapped_at_the_width_it_is_shown_in() -> None:
    """At 80x24 the log is hidden behind the key g while the deal goes on; shown, its lines
    use the whole width (a RichLog wraps a line when it is written: the log is written
    again when shown or resized, not left wrapped for the width of a hidden widget)."""
    from textual.widgets import RichLog

    app = TableApp(GameConfig(game="doppelkopf", seed=5, bot_delay=0.01, save_dir=None))
    me = make_bot("heuristic", seed=5)
    end = time.monotonic() + 60
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while len(app.state.history) < 28 and not app.state.is_over:
            assert time.monotonic() < end
            if app.state.to_move == 0:
                app.press_action(me.choose(app.state.view(0)))
            await pilot.pause(0.02)
        await pilot.press("g")
        await pilot.pause(0.2)
        log = app.query_one("#log", RichLog)
        width = log.scrollable_content_region.width
        said = [str(line) for line in app.log_lines]
        assert width > 60 and len(said) > 8 and all(len(s) < width for s in said)
        assert len(log.lines) == len(said)          # one row each: nothing wrapped narrow
        await pilot.press("g")


async def test_cards_lying_face_up_are_said_to_lie_on_the_table() -> None:
    # Zweierbinokel: melded cards stay on the table under the meld line; said, so that they
    # do not read as a second meld (the web table says the same)
    app = TableApp(GameConfig(game="zweier", players=2, seed=5, bot_delay=0.01,
                              save_dir=None))
    me = make_bot("heuristic", seed=2)
    async with app.run_test(size=SMALL) as pilot:
        for _ in range(600):
            await pilot.pause(0.02)
            if app.state.is_over or any(s.table for s in app.table().seats):
                break
            if app.state.to_move == app.config.human:
                app.press_action(me.choose(app.state.view(app.config.human)))
        seats = app.table().seats
        assert any(s.table for s in seats), "no card came to lie face up"
        await pilot.pause(0.05)
        shown = str(app.query_one("#seats", Static).render())
        assert shown.count("Offen auf dem Tisch:") == sum(1 for s in seats if s.table)


async def test_the_status_line_names_the_trump_once() -> None:
    # the presenter's status leaves the trump to trump_name (the web shows it in a chip);
    # the terminal game puts it first in the status line, and only there
    app = TableApp(GameConfig(game="zweier", players=2, seed=5, bot_delay=0.01,
                              save_dir=None))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause(0.05)
        table = app.table()
        assert table.trump_name and table.trump_name not in table.status
        said = str(app.query_one("#status", Static).render())
        assert said.count(table.trump_name) == 1
        assert f"Trumpf: {table.trump_name} · {table.status}" in said


async def test_an_announcement_out_of_turn_by_its_number_at_80x24(tmp_path: Path) -> None:
    """Doppelkopf with announcements at any time: while a computer player is to move, the
    player's Re or Kontra is a numbered button; typing its number says it for his seat."""
    from binokel.games.doppelkopf.rules import DokoRules
    rules = DokoRules(announce_any_time=True)
    # The bots wait longer than typing a number takes: the announcement comes first. Seed 2
    # offers the player Re after four of the bots' moves (seed 3 after twelve, 2 s each).
    app = TableApp(GameConfig(game="doppelkopf", players=4, seed=2, bot_delay=2.0,
                              rules=rules, lang="en", save_dir=tmp_path))
    app.number_wait = 0.3
    me = make_bot("heuristic", seed=2)
    async with app.run_test(size=SMALL) as pilot:
        end = time.monotonic() + 120
        said = False
        while time.monotonic() < end and not app.state.is_over and not said:
            await pilot.pause(0.02)
            state = app.state
            if state.to_move == 0:
                app.press_action(me.choose(state.view(0)))
                await pilot.pause(0.05)
                continue
            offered = state.interjections(0)
            if not offered or state.phase != "play":
                continue
            # the bot's move that made the announcement possible may not be drawn yet: let
            # the screen lay out its buttons before measuring them
            await pilot.pause(0.05)
            if app.state.interjections(0) != offered:
                continue
            _all_inside(app)
            buttons = [w for w in app.numbered if isinstance(w, ActionButton)]
            assert [b.engine_action for b in buttons] == offered
            # no card is numbered off turn: only the announcement
            assert not any(isinstance(w, CardButton) for w in app.numbered)
            before = len(state.history)
            await _type_number(app, pilot, app.numbered.index(buttons[0]) + 1)
            await pilot.pause(0.05)
            entry = app.state.history[before]
            assert entry[1] == f"0: {offered[0]}" and entry[0] != 0
            app.save_screenshot(str(tmp_path / "announce-80x24.svg"))
            said = True
        assert said, "seat 0 never had an announcement to make out of turn"


@pytest.mark.parametrize("game, players", [("binokel", 3), ("zweier", 2), ("luxusfamilie", 4),
                                           ("doppelkopf", 4)])
async def test_the_result_in_the_readers_words_at_80x24(game: str, players: int) -> None:
    """At 80x24 the finished deal says what happened to the player (the headline), what was
    played and the arithmetic, and marks the winners; a capture goes to
    /tmp/shots-client/tui-result-<game>.svg for people to look at."""
    app = TableApp(GameConfig(game=game, players=players, seed=7, bot_delay=0.01,
                              save_dir=None))
    async with app.run_test(size=SMALL) as pilot:
        await _play_deal(app, pilot)
        await pilot.pause(0.1)
        o = app.table().outcome
        assert o is not None and o.headline and o.contract
        shown = str(app.query_one("#trick").render())
        for line in (o.headline, o.contract, *o.sum.splitlines()):
            assert line in shown, line
        for s in o.winners:
            assert f"★{app.names[s]}" in shown
        Path("/tmp/shots-client").mkdir(exist_ok=True)
        app.save_screenshot(f"tui-result-{game}.svg", "/tmp/shots-client")


@pytest.mark.parametrize(("lang", "level"), [("de", "mittel"), ("en", "medium")])
async def test_a_bots_level_stands_apart_from_its_name_at_80x24(lang: str, level: str) -> None:
    """"Sepp, mittel" read as a name; "Sepp (mittel)" is a name and its level. A capture goes
    to /tmp/shots-client/tui-levels-<lang>.svg."""
    app = TableApp(GameConfig(players=3, seed=3, lang=lang, bots=("heuristic", "heuristic"),
                              bot_delay=30, save_dir=None))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause(0.1)
        seats = str(app.query_one("#seats", Static).render())
        for name in app.names[1:]:
            assert f"{name} ({level})" in seats, seats
            assert f"{name}, {level}" not in seats, seats
        Path("/tmp/shots-client").mkdir(exist_ok=True)
        app.save_screenshot(f"tui-levels-{lang}.svg", "/tmp/shots-client")
