"""The terminal game: one person against two computer players, a whole round to the target.

Built on Textual: real widgets that work with keyboard and mouse, and a test pilot
(``App.run_test``) that drives the same UI in tests. The screen shows the hand sorted by suit
and rank, the bidding as it happens, the Dapp when revealed, everyone's shown melds, the
current trick (the last trick on request), the score sheet and the explanation of each result.
Only legal actions are offered; every other key is answered with a hint.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.widgets import Button, DataTable, Footer, Header, RichLog, Static

from ..bots import Bot, make_bot
from ..cards import SUIT_LETTERS, card_name, parse_card, suit_name
from ..describe import describe_result
from ..game import DealState, View
from ..record import Record
from ..round import Round
from ..rules import Rules

TEXT = {
    "de": {
        "you": "Du", "seat": "Platz", "dealer": "Geber", "hand": "Deine Karten",
        "bid": "Reizen", "pass": "Weg", "discard": "Drücken", "trump": "Trumpf",
        "abgehen": "Abgehen", "durch": "Durch", "durch open": "Durch offen",
        "untendurch": "Untendurch", "call": "Rufen", "call none": "Nicht rufen",
        "give": "Geben", "next": "Nächstes Spiel (n)", "dapp": "Dapp",
        "melds": "Meldungen", "trick": "Stich", "last_trick": "Letzter Stich",
        "select4": "Wähle {k} Karten zum Drücken, dann »Drücken«.",
        "your_turn": "Du bist dran.", "waiting": "{name} ist dran …",
        "bad_key": "Die Taste »{key}« hat hier keine Bedeutung. Klicke eine Karte oder einen "
                   "Knopf; l = letzter Stich, q = Ende.",
        "saved": "Gespeichert: {path}", "round_over": "Runde vorbei: {name} gewinnt!",
        "declarer": "Spielmacher", "contract": "Spiel", "score": "Punkte",
        "no_last": "Es gibt noch keinen Stich.", "give_hint": "Wähle die Karte, die du gibst.",
        "deal": "Spiel",
    },
    "en": {
        "you": "You", "seat": "Seat", "dealer": "dealer", "hand": "Your cards",
        "bid": "Bid", "pass": "Pass", "discard": "Push", "trump": "Trump",
        "abgehen": "Go out", "durch": "Durch", "durch open": "Open Durch",
        "untendurch": "Untendurch", "call": "Call", "call none": "No call",
        "give": "Give", "next": "Next deal (n)", "dapp": "Dapp",
        "melds": "Melds", "trick": "Trick", "last_trick": "Last trick",
        "select4": "Select {k} cards to push, then »Push«.",
        "your_turn": "Your turn.", "waiting": "{name} is thinking …",
        "bad_key": "The key »{key}« does nothing here. Click a card or a button; "
                   "l = last trick, q = quit.",
        "saved": "Saved: {path}", "round_over": "Round over: {name} wins!",
        "declarer": "Declarer", "contract": "Game", "score": "Points",
        "no_last": "No trick has been played yet.", "give_hint": "Choose the card to give.",
        "deal": "Deal",
    },
}

SUIT_STYLE = {0: "green", 1: "bright_green", 2: "red", 3: "yellow"}


@dataclass
class GameConfig:
    rules: Rules = field(default_factory=Rules)
    seed: int | None = None
    bots: tuple[str, str] = ("heuristic", "heuristic")
    lang: str = "de"
    cards: str = "letters"       # letters | symbols | words
    save_dir: Path | None = None
    human: int = 0
    bot_delay: float = 0.6
    names: tuple[str, ...] = ()


class ActionButton(Button):
    """A button that carries the engine action it stands for."""

    def __init__(self, label: str, action: str, **kwargs: Any) -> None:
        super().__init__(label, **kwargs)
        self.engine_action = action


class CardButton(Button):
    """One card of the player's hand; ``card_index`` tells copies apart."""

    def __init__(self, label: Text, card: int, card_index: int, **kwargs: Any) -> None:
        super().__init__(label, **kwargs)
        self.card = card
        self.card_index = card_index


class BinokelApp(App[None]):
    """A round of 3-player Binokel against two computer players."""

    CSS = """
    Screen { layout: vertical; }
    #main { height: 1fr; }
    #table { width: 2fr; padding: 0 1; }
    #side { width: 1fr; min-width: 34; }
    #status { height: auto; padding: 0 1; background: $boost; }
    #players { height: auto; }
    #trick { height: auto; min-height: 5; border: round $accent; padding: 0 1; }
    #hand, #actions { height: auto; padding: 0 1; }
    #hand Button { min-width: 6; margin: 0 1 0 0; }
    #hand Button.selected { background: $warning; color: $text; }
    #actions Button { margin: 0 1 0 0; }
    #sheet { height: 12; }
    #log { height: 1fr; border: round $primary; }
    """

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("l", "last_trick", "last trick"),
        Binding("n", "next_deal", "next deal"),
        Binding("q", "quit", "quit"),
    ]

    def __init__(self, config: GameConfig) -> None:
        super().__init__()
        self.config = config
        self.t = TEXT["en" if config.lang == "en" else "de"]
        self.round = Round(config.rules, seed=config.seed)
        seeds = [None if config.seed is None else config.seed * 7 + i for i in range(3)]
        self.bots: dict[int, Bot] = {}
        for i, seat in enumerate(s for s in range(3) if s != config.human):
            self.bots[seat] = make_bot(config.bots[i], seeds[i])
        self.names = list(config.names) or [
            self.t["you"] if s == config.human else f"{config.bots[list(self.bots).index(s)]}"
            f" ({self.t['seat']} {s})" for s in range(3)]
        self.selected: set[tuple[int, int]] = set()
        self.logged = 0
        self.saved_paths: list[Path] = []
        self._bot_timer: Any = None

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Horizontal(id="main"):
            with Vertical(id="table"):
                yield Static(id="status")
                yield Static(id="players")
                yield Static(id="trick")
                yield Static(self.t["hand"], id="hand-title")
                yield Horizontal(id="hand")
                yield Horizontal(id="actions")
            with Vertical(id="side"):
                yield DataTable(id="sheet")
                yield RichLog(id="log", wrap=True, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Binokel"
        sheet = self.query_one("#sheet", DataTable)
        sheet.add_columns("#", *[n[:10] for n in self.names])
        self.refresh_all()

    # ------------------------------------------------------------------ helpers
    @property
    def state(self) -> DealState:
        return self.round.current  # type: ignore[no-any-return]

    def card_label(self, c: int) -> Text:
        style = {"letters": "token", "symbols": "symbol", "words": "words"}[self.config.cards]
        return Text(card_name(c, style, self.config.lang), style=f"bold {SUIT_STYLE[c >> 3]}")

    def action_label(self, action: str) -> str:
        t = self.t
        verb, _, arg = action.partition(" ")
        if verb == "bid":
            return f"{t['bid']} {arg}"
        if verb in ("trump", "abgehen"):
            return f"{t[verb]} {suit_name(SUIT_LETTERS.index(arg), self.config.lang)}"
        if verb == "call":
            return t["call none"] if arg == "none" else f"{t['call']} {arg}"
        if action in t:
            return t[action]
        return action

    def write_log(self, line: str | Text) -> None:
        self.query_one("#log", RichLog).write(line)

    # ------------------------------------------------------------------ rendering
    def refresh_all(self) -> None:
        view = self.state.view(self.config.human)
        self.render_status(view)
        self.render_players(view)
        self.render_trick(view)
        self.render_hand(view)
        self.render_actions(view)
        self.render_log()
        self.schedule_bot()

    def render_status(self, view: View) -> None:
        t = self.t
        parts = [f"{t['deal']} {len(self.round.sheet) + 1}",
                 f"{t['dealer']}: {self.names[view.dealer]}"]
        if view.declarer is not None:
            parts.append(f"{t['declarer']}: {self.names[view.declarer]} ({view.high_bid})")
        if view.contract:
            if view.contract == "normal" and view.trump >= 0:
                parts.append(f"{t['trump']}: {suit_name(view.trump, self.config.lang)}")
            else:
                parts.append(f"{t['contract']}: {t.get(view.contract, view.contract)}")
        elif view.high_bid is not None:
            parts.append(f"{t['bid']}: {view.high_bid}")
        if view.dapp is not None:
            dapp = Text(f"{t['dapp']}: ")
            for c in view.dapp:
                dapp.append_text(self.card_label(c))
                dapp.append(" ")
            status = Text(" · ".join(parts) + "\n")
            status.append_text(dapp)
        else:
            status = Text(" · ".join(parts))
        if not view.result:
            who = view.to_move
            line = t["your_turn"] if who == self.config.human else \
                t["waiting"].format(name=self.names[who])
            status.append("\n" + line, style="bold")
        self.query_one("#status", Static).update(status)

    def render_players(self, view: View) -> None:
        t = self.t
        out = Text()
        last_bid: dict[int, str] = {}
        for seat, a in view.history:
            if a.startswith(("bid", "pass")):
                last_bid[seat] = t["pass"] if a == "pass" else a.split()[1]
        for seat in range(view.players):
            out.append(f"{self.names[seat]:<24}", style="bold" if seat == view.to_move else "")
            out.append(f" {view.hand_sizes[seat]:2d} ")
            if seat in last_bid:
                out.append(f" [{t['bid']}: {last_bid[seat]}]")
            if view.melds is not None and view.melds[seat].melds:
                mr = view.melds[seat]
                out.append(f"  {t['melds']}: " + ", ".join(
                    f"{m.label(self.config.lang)} {m.points}" for m in mr.melds)
                    + f" = {mr.total}")
            out.append(f"  {t['score']}: {view.trick_points[seat]}\n")
        self.query_one("#players", Static).update(out)

    def render_trick(self, view: View, trick: tuple[int, ...] | None = None,
                     leader: int | None = None, title: str | None = None) -> None:
        cards = view.trick if trick is None else trick
        lead = view.trick_leader if leader is None else leader
        out = Text(f"{title or self.t['trick']} {len(view.tricks) + (trick is None)}\n",
                   style="italic")
        for i, c in enumerate(cards):
            seat = (lead + i) % view.players
            out.append(f"  {self.names[seat]:<24} ")
            out.append_text(self.card_label(c))
            out.append("\n")
        self.query_one("#trick", Static).update(out)

    def render_hand(self, view: View) -> None:
        box = self.query_one("#hand", Horizontal)
        box.remove_children()
        buttons = []
        seen: dict[int, int] = {}
        for c in view.hand:
            k = seen.get(c, 0)
            seen[c] = k + 1
            b = CardButton(self.card_label(c), c, k)
            if (c, k) in self.selected:
                b.add_class("selected")
            buttons.append(b)
        box.mount(*buttons)

    def render_actions(self, view: View) -> None:
        box = self.query_one("#actions", Horizontal)
        box.remove_children()
        if view.result is not None:
            box.mount(ActionButton(self.t["next"], "next", variant="primary"))
            return
        if view.to_move != self.config.human:
            return
        acts = list(view.legal_actions)
        shown: list[str] = []
        if view.phase == "bidding":
            bids = [a for a in acts if a.startswith("bid ")]
            # The next bid and a few jumps; every bid is legal, a list of 100 is not useful.
            picks = bids[:1] + [b for b in bids[1:] if int(b.split()[1]) - int(
                bids[0].split()[1]) in (20, 50, 100)]
            shown = picks + (["pass"] if "pass" in acts else [])
        elif view.phase == "declare":
            shown = [a for a in acts if a.startswith("abgehen")]
            k = len(view.dapp or ())
            push = ActionButton(f"{self.t['discard']} ({len(self.selected)}/{k})", "discard",
                                variant="warning", disabled=len(self.selected) != k)
            box.mount(push)
        elif view.phase in ("trump", "call"):
            shown = acts
        buttons = [ActionButton(self.action_label(a), a) for a in shown]
        if buttons:
            box.mount(*buttons)

    def render_log(self) -> None:
        state = self.state
        hist = state.view(self.config.human).history
        t = self.t
        while self.logged < len(hist):
            seat, a = hist[self.logged]
            self.logged += 1
            verb, _, arg = a.partition(" ")
            name = self.names[seat]
            if verb == "play":
                continue
            if verb == "discard" and "?" in arg:
                self.write_log(f"{name}: {t['discard']}")
            else:
                self.write_log(f"{name}: {self.action_label(a)}")
            if verb in ("bid", "pass") and state.phase != "bidding" and \
                    self.logged == self._bidding_end(hist):
                self.log_dapp()
        view = state.view(self.config.human)
        n_tricks = len(view.tricks)
        logged_tricks = getattr(self, "_logged_tricks", 0)
        if view.melds is not None and not getattr(self, "_logged_melds", False):
            self._logged_melds = True
            for seat, mr in enumerate(view.melds):
                if mr.melds:
                    self.write_log(f"{self.names[seat]} {t['melds']}: " + ", ".join(
                        f"{m.label(self.config.lang)} {m.points}" for m in mr.melds)
                        + f" = {mr.total}")
        for i in range(logged_tricks, n_tricks):
            tr = view.tricks[i]
            line = Text(f"{t['trick']} {i + 1}: ")
            for c in tr.cards:
                line.append_text(self.card_label(c))
                line.append(" ")
            line.append(f"→ {self.names[tr.winner]} ({tr.points})")
            self.write_log(line)
        self._logged_tricks = n_tricks
        if view.result is not None and not getattr(self, "_logged_result", False):
            self._logged_result = True
            for text in describe_result(view.result, self.config.lang):
                self.write_log(text)
            self.after_deal()

    def _bidding_end(self, hist: tuple[tuple[int, str], ...]) -> int:
        return max(i for i, (_, a) in enumerate(hist) if a.startswith(("bid", "pass"))) + 1

    def log_dapp(self) -> None:
        view = self.state.view(self.config.human)
        if view.dapp:
            line = Text(f"{self.t['dapp']}: ")
            for c in view.dapp:
                line.append_text(self.card_label(c))
                line.append(" ")
            self.write_log(line)

    def after_deal(self) -> None:
        state = self.state
        if self.config.save_dir is not None:
            self.config.save_dir.mkdir(parents=True, exist_ok=True)
            path = self.config.save_dir / f"deal-{len(self.round.sheet):03d}.json"
            Record.from_state(state, names=self.names).save(path)
            self.saved_paths.append(path)
            self.write_log(self.t["saved"].format(path=path))
        sheet = self.query_one("#sheet", DataTable)
        line = self.round.sheet[-1]
        sheet.add_row(str(line.deal), *[f"{s:+d} = {tot}" for s, tot in
                                        zip(line.scores, line.totals, strict=True)])
        if self.round.is_over and self.round.winner is not None:
            msg = self.t["round_over"].format(name=self.names[self.round.winner])
            self.write_log(msg)
            self.notify(msg, timeout=10)

    # ------------------------------------------------------------------ bots
    def schedule_bot(self) -> None:
        state = self.state
        if state.is_over or state.to_move == self.config.human or self._bot_timer is not None:
            return
        self._bot_timer = self.set_timer(self.config.bot_delay, self.bot_move)

    def bot_move(self) -> None:
        self._bot_timer = None
        state = self.state
        if state.is_over or state.to_move == self.config.human:
            return
        seat = state.to_move
        action = self.bots[seat].choose(state.view(seat))
        self.apply(action)

    # ------------------------------------------------------------------ input
    def apply(self, action: str) -> None:
        try:
            self.round.apply(action)
        except ValueError as e:
            self.notify(str(e), severity="warning")
            return
        if self.state.phase != "declare":
            self.selected.clear()
        self.refresh_all()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        b = event.button
        view = self.state.view(self.config.human)
        if isinstance(b, CardButton):
            self.card_clicked(view, b)
        elif isinstance(b, ActionButton):
            if b.engine_action == "next":
                self.action_next_deal()
            elif b.engine_action == "discard":
                self.push_selected(view)
            else:
                self.apply(b.engine_action)

    def card_clicked(self, view: View, b: CardButton) -> None:
        if view.to_move != self.config.human or view.result is not None:
            self.notify(self.t["waiting"].format(name=self.names[view.to_move])
                        if view.result is None else self.t["next"], severity="information")
            return
        token = card_name(b.card, "token")
        if view.phase == "declare":
            key = (b.card, b.card_index)
            if key in self.selected:
                self.selected.discard(key)
            elif len(self.selected) < len(view.dapp or ()):
                self.selected.add(key)
            self.render_hand(view)
            self.render_actions(view)
            return
        if view.phase == "give":
            self.apply(f"give {token}")
            return
        if view.phase == "play":
            action = f"play {token}"
            if action not in view.legal_actions:
                legal = " ".join(a[5:] for a in view.legal_actions)
                self.notify(f"{token}: {self.t['trick']} — {legal}", severity="warning")
                return
            self.apply(action)
            return
        self.notify(self.t["select4"].format(k=len(view.dapp or ())) if view.phase == "declare"
                    else self.t["your_turn"], severity="information")

    def push_selected(self, view: View) -> None:
        cards = sorted(c for c, _ in self.selected)
        self.apply("discard " + " ".join(card_name(c, "token") for c in cards))

    def action_last_trick(self) -> None:
        view = self.state.view(self.config.human)
        if not view.tricks:
            self.notify(self.t["no_last"])
            return
        tr = view.tricks[-1]
        self.render_trick(view, tr.cards, tr.leader, self.t["last_trick"])
        self.set_timer(3.0, lambda: self.render_trick(self.state.view(self.config.human)))

    def action_next_deal(self) -> None:
        if not self.state.is_over or self.round.is_over:
            if self.round.is_over:
                self.notify(self.t["round_over"].format(name=self.names[self.round.winner or 0]))
            return
        self.round.next_deal()
        self.selected.clear()
        self.logged = 0
        self._logged_tricks = 0
        self._logged_melds = False
        self._logged_result = False
        self.write_log("—" * 20)
        self.refresh_all()

    def on_key(self, event: Key) -> None:
        if event.key in ("l", "n", "q", "tab", "shift+tab", "enter", "space", "left", "right",
                         "up", "down", "escape", "ctrl+q", "ctrl+c", "ctrl+p"):
            return
        self.notify(self.t["bad_key"].format(key=event.key), severity="information")

    # ------------------------------------------------------------------ for tests
    def press_action(self, action: str) -> None:
        """Perform ``action`` as the human would by clicking (used by the tests)."""
        verb, _, arg = action.partition(" ")
        view = self.state.view(self.config.human)
        if verb in ("play", "give"):
            c = parse_card(arg)
            for b in self.query(CardButton):
                if b.card == c:
                    b.press()
                    return
        if verb == "discard":
            self.selected.clear()
            wanted = [parse_card(x) for x in arg.split()]
            for c in wanted:
                k = sum(1 for s, _ in self.selected if s == c)
                self.selected.add((c, k))
            self.push_selected(view)
            return
        for ab in self.query(ActionButton):
            if ab.engine_action == action:
                ab.press()
                return
        self.apply(action)  # e.g. a bid jump that has no button: the engine decides


def run_terminal_game(config: GameConfig) -> None:
    BinokelApp(config).run()
