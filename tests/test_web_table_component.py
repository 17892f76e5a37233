"""The table as a component (``static/table.js``): mounted in a real browser with recorded
positions and no server at all, as the replay of a finished deal will mount it (issue 33).

Positions come from the golden corpus: a record replayed to a step with cards in the trick
(a spectator's table, as the replay shows it), a step where a seat is to play a card (that
seat's table), and the end (the result). The page is made by the test itself (Playwright
answers every request: the shell with the browser's words, the static files); no WebSocket
is opened, nothing is asked of a server, and what the player wants comes out as intents.
Screenshots go to /tmp/shots-client/component-*.png for people to look at.
"""

from __future__ import annotations

import gzip
import json
import mimetypes
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import shots
from binokel.present import present
from binokel.record import Record
from binokel.web.pages import SHELL
from binokel.web.pages import words_json

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "src" / "binokel" / "web" / "static"
CORPUS = ROOT / "tests" / "golden" / "corpus.json.gz"
SHOTS = Path("/tmp/shots-client")
ORIGIN = "http://table.test"
NAMES = ["Anna", "Bert", "Cilli", "Done", "Eugen"]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

HARNESS = SHELL.format(stylesheet="style.css", words=words_json(),
                       body='<main id="root"></main>\n')

MOUNT = """async ([position, look]) => {
  const m = await import('/static/table.js');
  window.intents = [];
  window.view = m.mountTable(document.getElementById('root'),
    { look, onIntent: (i) => window.intents.push(i) });
  window.view.update(position);
}"""


def recorded(game: str, players: int) -> Record:
    """The first record of the corpus for ``game`` with ``players`` that plays cards to the
    end (more than three tricks)."""
    corpus = json.loads(gzip.decompress(CORPUS.read_bytes()))
    for entry in corpus["entries"]:
        rec = Record.from_json(entry["record"])
        if (rec.game, rec.players) != (game, players):
            continue
        end = rec.replay()
        if present(end.public_view(), "en").tricks_played > 3:
            return rec
    raise AssertionError(f"no {game} record with tricks in the corpus")


def position(table: Any, deal: int, moves: int) -> dict[str, Any]:
    return {"table": table.to_json(), "deal": deal, "moves": moves}


def positions(rec: Record) -> dict[str, dict[str, Any]]:
    """A spectator's table with cards in the trick, a seat's table with a card to play, and
    the finished deal."""
    names = NAMES[:rec.players]
    out: dict[str, dict[str, Any]] = {}
    for k in range(len(rec.actions) + 1):
        state = rec.replay(k)
        public = present(state.public_view(), "en", names, "words")
        if "trick" not in out and len(public.trick.cards) >= 2:
            out["trick"] = position(public, 3, k)
        if "play" not in out and not state.is_over and public.tricks_played >= 1:
            seat = state.to_move
            mine = present(state.view(seat), "en", names, "words")
            if mine.choices.cards is not None and len(mine.choices.cards.cards) >= 2:
                out["play"] = position(mine, 3, k)
    end = rec.replay()
    out["end"] = position(present(end.public_view(), "en", names, "words"), 3,
                          len(rec.actions))
    assert set(out) == {"trick", "play", "end"}
    return out


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


def harness(browser: Any, size: tuple[int, int], init: str = ""
            ) -> tuple[Any, list[str], list[str]]:
    """A page of the table alone: the test answers every request. Returns the page, the
    requests it made beyond the harness and the static files, and its WebSockets. ``init``
    is a script run before the page's own."""
    page = browser.new_page(viewport={"width": size[0], "height": size[1]},
                            reduced_motion="reduce")
    if init:
        page.add_init_script(init)
    foreign: list[str] = []
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))

    def answer(route: Any) -> None:
        url = route.request.url
        path = url[len(ORIGIN):].split("?")[0]
        if path == "/harness":
            route.fulfill(status=200, content_type="text/html", body=HARNESS)
            return
        file = STATIC / path.removeprefix("/static/")
        if path.startswith("/static/") and file.is_file():
            kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
            route.fulfill(status=200, content_type=kind, body=file.read_bytes())
            return
        foreign.append(url)
        route.fulfill(status=404, body="")

    page.route("**/*", answer)
    page.goto(f"{ORIGIN}/harness")
    return page, foreign, sockets


LOOK = {"lang": "en", "deck": "auto", "colors": "standard", "contrast": "normal",
        "sound": False}


@pytest.mark.parametrize(("game", "players"), [("binokel", 3), ("doppelkopf", 4)])
def test_the_table_draws_recorded_positions_without_a_socket(browser: Any, game: str,
                                                             players: int) -> None:
    pos = positions(recorded(game, players))
    for size, wh in {"phone": (390, 844), "desktop": (1280, 800)}.items():
        page, foreign, sockets = harness(browser, wh)
        # A spectator's table with cards in the trick: what the replay shows at a step.
        trick = pos["trick"]
        page.evaluate(MOUNT, [trick, LOOK])
        table = trick["table"]
        assert page.locator("#seats .seat").count() == players
        assert page.locator("#trick .card").count() == len(table["trick"]["cards"])
        assert page.text_content("#status-line") == table["status"]
        assert page.is_hidden("#hand")                      # nobody's hand: a spectator
        assert page.locator("#actions button").count() == 0
        assert page.text_content("#hint") == "You are watching"
        assert page.get_attribute("#play", "data-deck") == table["deck"]
        shots.take(page, SHOTS / f"component-{game}-{size}-trick.png")

        # The finished deal: the result, and no "Next deal" for a replay's spectator.
        end = pos["end"]
        page.evaluate("p => window.view.update(p)", end)
        assert page.text_content("#headline") == end["table"]["outcome"]["headline"]
        assert page.locator("#next, #rematch").count() == 0
        shots.take(page, SHOTS / f"component-{game}-{size}-end.png")

        # A seat's table: a card clicked is an intent naming the position, nothing is sent.
        play = pos["play"]
        page.evaluate("p => window.view.update(p)", play)
        mine = play["table"]
        assert page.locator("#hand .card").count() == len(mine["hand"])
        card = page.locator("#hand .card.playable").first
        token = card.get_attribute("data-card")
        card.click(position={"x": 12, "y": 40})   # the fanned card's visible strip
        assert page.evaluate("() => window.intents") == [
            {"type": "action", "action": f"{mine['choices']['cards']['verb']} {token}",
             "deal": play["deal"], "move": play["moves"]}]

        # Another look: German words and French faces, drawn at once.
        page.evaluate("l => window.view.setLook(l)", {**LOOK, "lang": "de", "deck": "french"})
        assert page.get_attribute("#play", "data-deck") == "french"
        assert page.get_attribute("#hand", "aria-label") == "Deine Karten"
        # Marks (a hint, the analysis of a replay) on the cards of this very position.
        page.evaluate("""([p, best]) => window.view.setMarks(
            {deal: p.deal, move: p.moves, best, values: {[best]: 1.5}})""",
                      [play, f"play {token}"])
        assert page.locator("#hand .card.suggested .hint-value").inner_text() == "1.5"

        # The component read and wrote nothing of the page's: no title, no storage.
        assert page.title() == "Binokel"
        assert page.evaluate("() => localStorage.length") == 0
        assert sockets == [] and foreign == []
        page.close()


def test_the_trump_choice_keeps_its_meld_values_on_screen(browser: Any) -> None:
    # Issue 33: having pushed, the declarer names the trump with each trump's melds in view.
    from helpers import deal
    from helpers import run

    s = deal({0: "EA E10 EK EO EU HK HO SU BO BA B10 SA"}, dapp="S10 SK BK HU")
    run(s, "bid 150;pass;pass;discard S10 SK BK HU")
    table = present(s.view(0), "en", NAMES[:3], "words")
    assert table.phase == "trump"
    for size, wh in {"phone": (390, 844), "small": (360, 640), "desktop": (1280, 800)}.items():
        page, foreign, _ = harness(browser, wh)
        page.evaluate(MOUNT, [position(table, 1, 4), LOOK])
        assert page.is_visible("#bidbox .trump-melds")
        assert page.locator("#bidbox .trump-melds .tm").all_inner_texts() == \
            [str(m.value) for m in table.trump_melds]
        assert page.locator("#actions button").count() == len(table.choices.buttons)
        box = page.locator("#bidbox").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= wh[0]
        shots.take(page, SHOTS / f"component-trump-choice-{size}.png")
        assert foreign == []
        page.close()


def test_the_zweier_stock_and_turned_up_card_are_drawn_as_cards(browser: Any) -> None:
    # Issue 33: the stock was the words "Stock 10 cards" and the turned-up card a thumbnail.
    rec = recorded("zweier", 2)
    state = rec.replay(6)
    table = present(state.view(0), "en", NAMES[:2], "words")
    stock = next(p for p in table.panels if p.face_down)
    for size, wh in {"phone": (390, 844), "small": (360, 640), "desktop": (1280, 800)}.items():
        page, foreign, _ = harness(browser, wh)
        page.evaluate(MOUNT, [position(table, 1, 6), LOOK])
        backs = page.locator("#panels .tpanel.stock .pile .back")
        assert backs.count() == min(8, (stock.face_down + 1) // 2)
        assert page.locator("#panels .tpanel.stock .ptext").inner_text() == stock.text
        pile = page.locator("#panels .pile").bounding_box()
        back = backs.first.bounding_box()
        up = page.locator("#panels .tpanel.single .card").bounding_box()
        assert pile is not None and back is not None and up is not None
        # the stock's cards and the turned-up card are one size, and no thumbnails (27 px)
        assert abs(back["width"] - up["width"]) < 1 and up["width"] >= 38
        for box in (pile, up):
            assert box["x"] >= 0 and box["x"] + box["width"] <= wh[0]
            assert box["y"] >= 0 and box["y"] + box["height"] <= wh[1]
        shots.take(page, SHOTS / f"component-zweier-stock-{size}.png")
        assert foreign == []
        page.close()


@pytest.mark.parametrize("players", [6, 8])
def test_five_to_eight_players_keep_every_trick_card_visible(
        browser: Any, players: int) -> None:
    # Issue 33: piled before their seats, six or eight cards covered each other at 360 px,
    # and on a desktop the winner's card lay under the others.
    import random

    from binokel.registry import find_game

    spec = find_game("luxusfamilie")
    state = spec.new_deal(spec.make_rules({}), 0, seed=5, players=players)
    rng = random.Random(5)
    names = [*NAMES, "Frieda", "Gottlob", "Hanne"][:players]
    while not (state.to_move == 0 and len(state.view(0).trick) == players - 1):
        state.apply(state.random_action(rng))
    before = present(state.public_view(), "en", names, "words")
    moves = len(state.history)
    state.apply(state.legal_actions()[0])
    after = present(state.public_view(), "en", names, "words")
    last = after.last_trick
    assert last is not None and len(last.cards) == players and last.winner is not None
    for size, wh in {"small": (360, 640), "phone": (390, 844), "laptop": (1366, 650),
                     "desktop": (1280, 800)}.items():
        page, foreign, _ = harness(browser, wh)
        page.evaluate(MOUNT, [position(before, 1, moves), LOOK])
        # looked at in the same task as the update: the finished trick is still held
        seen = page.evaluate("""p => { window.view.update(p);
          const cards = [...document.querySelectorAll('#trick .card')];
          return { boxes: cards.map((c) => { const r = c.getBoundingClientRect();
                     return { x: r.x, y: r.y, width: r.width, height: r.height }; }),
                   who: cards.map((c) => c.dataset.who),
                   won: cards.filter((c) => c.classList.contains('won')).map((c) => c.dataset.who),
                   title: document.querySelector('.trick-title').textContent }; }""",
                             position(after, 1, moves + 1))
        boxes = seen["boxes"]
        assert len(boxes) == players
        for i, a in enumerate(boxes):
            assert a["x"] >= 0 and a["x"] + a["width"] <= wh[0]
            assert a["y"] >= 0 and a["y"] + a["height"] <= wh[1]
            for b in boxes[i + 1:]:   # no card covers another
                assert a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"] or \
                    a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]
        # each card says whose it is, the winner's is framed and named in the title
        assert seen["who"] == [names[s] for s, _ in last.cards]
        assert seen["won"] == [names[last.winner]] and names[last.winner] in seen["title"]
        shots.take(page, SHOTS / f"component-{players}-players-{size}.png")
        assert foreign == []
        page.close()


# A finished trick is held HOLD_MS (table.js) for a look, or until tapped: here for as long
# as the test looks (its timer is never started), on a slow machine too.
HOLD_FOREVER = """window.setTimeout = ((later) => (fn, ms, ...args) =>
    typeof fn === 'function' && String(fn).includes('releaseHold') ? 0 : later(fn, ms, ...args)
)(window.setTimeout.bind(window));"""
SIZES = {"small": (360, 640), "phone": (390, 844), "desktop": (1280, 800)}

SEATS_WHOLE = """() => [...document.querySelectorAll('.seat')].flatMap((s) => {
    const box = s.getBoundingClientRect();
    const out = s.scrollHeight > s.clientHeight + 1
        ? [`${s.dataset.pos} scrolls: ${s.scrollHeight} > ${s.clientHeight}`] : [];
    for (const l of s.querySelectorAll('.name, .meta, .line, .meld, .card')) {
        const r = l.getBoundingClientRect();
        if (r.height && (r.top < box.top - 1 || r.bottom > box.bottom + 1))
            out.push(`${s.dataset.pos}: "${l.textContent}" ends at ${Math.round(r.bottom)}, ` +
                     `its seat at ${Math.round(box.bottom)}`);
    }
    return out; })"""

TRICK = """() => {
    const box = (e) => e.getBoundingClientRect();
    const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
                        && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const center = box(document.querySelector('.center'));
    const cards = [...document.querySelectorAll('#trick .card')];
    const bad = [];
    for (const c of cards) {
        const r = box(c);
        if (r.top < center.top - 1 || r.bottom > center.bottom + 1 || r.left < center.left - 1
            || r.right > center.right + 1) bad.push(`${c.dataset.card} outside the middle`);
        for (const s of document.querySelectorAll('.seat'))
            if (meet(r, box(s))) bad.push(`${c.dataset.card} over ${s.dataset.pos}`);
    }
    for (const p of document.querySelectorAll('#panels .card, #panels .pile'))
        if (cards.some((c) => meet(box(p), box(c)))) bad.push('a panel under the trick');
    return {widths: cards.map((c) => c.offsetWidth), bad}; }"""


def zweier_melding() -> tuple[dict[str, Any], dict[str, Any]]:
    """A Zweierbinokel position of the corpus just after a trick, whose winner may meld (two
    or more meld buttons) while the other player's melds (three or more) lie open, and the
    position before it (the trick's last card not yet played), both as the winner sees them."""
    corpus = json.loads(gzip.decompress(CORPUS.read_bytes()))
    for entry in corpus["entries"]:
        rec = Record.from_json(entry["record"])
        if (rec.game, rec.players) != ("zweier", 2):
            continue
        for k in range(1, len(rec.actions)):
            state = rec.replay(k)
            if state.is_over:
                break
            me = state.to_move
            levels = ["heuristic", "heuristic"]
            levels[me] = ""                     # a person against a computer player
            table = present(state.view(me), "en", NAMES[:2], "words", levels)
            if len([b for b in table.choices.buttons if b.cards]) >= 2 and \
                    len(table.seats[1 - me].melds) >= 3 and table.last_trick is not None:
                before = present(rec.replay(k - 1).view(me), "en", NAMES[:2], "words", levels)
                return position(before, 1, k - 1), position(table, 1, k)
    raise AssertionError("no Zweierbinokel position with open melds and meld buttons")


def test_zweier_trick_cards_stay_readable_beside_open_melds_and_meld_buttons(
        browser: Any) -> None:
    # Closing notes: at 360 x 640, with the other player's melds open above and the meld
    # buttons in the dock, the trick's cards shrank to about 20 px wide. They must keep the
    # size the other games' trick cards have at that size (Binokel's, measured here), lie in
    # the middle clear of every seat and every seat must show all it says.
    rec = recorded("binokel", 3)
    three = positions(rec)["trick"]
    before, after = zweier_melding()
    for size, wh in SIZES.items():
        page, foreign, _ = harness(browser, wh, HOLD_FOREVER)
        page.evaluate(MOUNT, [three, LOOK])
        others = page.evaluate(TRICK)["widths"]
        assert len(others) >= 2
        page.close()

        page, foreign, _ = harness(browser, wh, HOLD_FOREVER)
        page.evaluate(MOUNT, [before, LOOK])
        page.evaluate("p => window.view.update(p)", after)    # the trick is held for a look
        assert page.locator("#trick.held .card").count() == 2
        assert page.locator("#actions button.with-cards").count() >= 2
        assert page.locator(".seat.pos-top .meld").count() >= 3
        shots.take(page, SHOTS / f"component-zweier-melds-{size}.png")
        seen = page.evaluate(TRICK)
        assert seen["bad"] == [], f"{size}: {seen['bad']}"
        assert min(seen["widths"]) >= min(others) - 1, \
            f"{size}: Zweier's trick cards {seen['widths']} px, the other games' {others}"
        assert page.evaluate(SEATS_WHOLE) == [], size
        assert foreign == []
        page.close()


def test_a_side_seat_with_many_melds_shows_them_all(browser: Any) -> None:
    # Closing notes: at 360 x 640 a Binokel side seat with many melds scrolled and its last
    # line ("= 300") was cut off. Every line of every seat lies inside its box, at every
    # size, without scrolling.
    from helpers import deal
    from helpers import run

    s = deal({0: "EA E10 EK EO EU HK HO SU BO BA B10 SA",
              1: "EK EO BK BO HK HO SK EA BA HA SA SU"}, dapp="S10 SK BK HU", dealer=0)
    run(s, "bid 150;pass;pass;discard S10 SK BK HU;trump E;play EA")
    s.apply(s.legal_actions()[0])
    assert s.to_move == 0
    for lang in ("de", "en"):
        # Anna's turn: on her left Bert, a computer player, Vorhand and declarer, with six
        # melds (three pairs, four kings, four aces, a Binokel); she has three of her own
        table = present(s.view(0), lang, NAMES[:3], "words", ["", "heuristic", "heuristic"])
        assert [len(seat.melds) for seat in table.seats] == [3, 6, 0]
        for size, wh in SIZES.items():
            page, foreign, _ = harness(browser, wh)
            page.evaluate(MOUNT, [position(table, 1, len(s.history)), {**LOOK, "lang": lang}])
            assert page.locator(".seat[data-seat='1'] .meld").count() == 6
            assert page.get_attribute(".seat[data-seat='1']", "data-pos") == "left"
            assert page.locator("#trick .card").count() == 2
            shots.take(page, SHOTS / f"component-binokel-melds-{lang}-{size}.png")
            assert page.evaluate(SEATS_WHOLE) == [], f"{lang} {size}"
            assert foreign == []
            if size == "small":
                # a window lower than any phone's: what cannot fit scrolls, and the seat's
                # foot fades while more lies below, until it is scrolled to its end
                page.set_viewport_size({"width": 360, "height": 480})
                page.wait_for_function("""() => document.querySelector(
                    ".seat[data-seat='1']").classList.contains('more')""")
                shots.take(page, SHOTS / f"component-binokel-melds-{lang}-360x480.png")
                # and it scrolls by keyboard too (axe: scrollable-region-focusable)
                assert page.get_attribute(".seat[data-seat='1']", "tabindex") == "0"
                assert page.get_attribute(".seat[data-seat='2']", "tabindex") is None
                assert page.evaluate("""() => { const s = document.querySelector(
                    ".seat[data-seat='1']"); s.scrollTop = s.scrollHeight;
                    s.dispatchEvent(new Event('scroll'));
                    return s.classList.contains('more'); }""") is False
            page.close()
