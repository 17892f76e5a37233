"""End to end in a real browser: Playwright drives Debian's Chromium against a real uvicorn
server on loopback (no browser download: ``executable_path=/usr/bin/chromium``)."""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from web_helpers import migrated_sqlite

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


APPS: list[Any] = [None]   # the running app, for a stuck test's report
LAST_TIMEOUT = [""]        # the last click that timed out, for the same report


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from binokel.web.app import create_app
    from binokel.web.tables import Limits
    from binokel.web.work import WorkLimits

    db = tmp_path_factory.mktemp("e2e") / "web.sqlite3"
    port = _free_port()
    # Every page of a module's tests is one client to the server (127.0.0.1), so the limits
    # per client are raised, as `binokel serve --per-client` does for load tests: a module
    # creates more than ten tables within seconds, and a module's club tournaments, run
    # once per screen size, ask for more documents than one person's rate allows. The limits
    # themselves are tested in test_web_attacks.
    roomy = Limits().per_client(1000)
    documents = WorkLimits(rate=100.0, burst=1000.0, per_client=8, queue=16)
    app = APPS[0] = create_app(migrated_sqlite(db), bot_delay=0.02, limits=roomy,
                               work=documents)
    yield from serving(app, port)


def serving(app: Any, port: int) -> Iterator[str]:
    """Serve ``app`` on 127.0.0.1:``port`` in a thread; its address while it runs."""
    import uvicorn

    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                        log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


def create_table(page: Any, base: str, seats: list[str], game: str | None = None,
                 name: str = "Anna") -> str:
    """Create a table in the lobby UI: the creator's name, the game, the player count, a kind
    for every seat. The creator sits down in the same step (the first person's seat)."""
    page.goto(base + "/")
    page.wait_for_selector("#create")
    page.fill("#nickname", name)
    if game is not None:
        page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}", kind)
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/"))
    return str(page.url)


def take_seat(page: Any, url: str, seat: int, name: str) -> None:
    page.goto(url)
    page.fill("#nickname", name)
    page.click(f"#join-{seat}")


def play_turn(page: Any, attempt: int) -> bool:
    """Click whatever the table offers for our turn; False when nothing was clickable.

    Clicks use a short timeout: a re-render may replace the element, and the loop simply
    looks again. ``attempt`` varies the cards of a selection the server refused."""
    try:
        return _click_turn(page, attempt)
    except PlaywrightTimeout as e:
        LAST_TIMEOUT[0] = str(e)
        return False


def _click_turn(page: Any, attempt: int) -> bool:
    actions = page.locator("#actions button[data-action]:not(.warning)")
    playable = page.locator("#hand .card.playable, .table-cards .card.playable")
    # The hand is fanned: a card shows its left strip (its corner index), so it is clicked
    # there, as a person would (a little in from the edge: the card is slightly rotated).
    strip = {"x": 12, "y": 40}
    if page.locator("#bid-input").count() and not page.evaluate("() => window.__bidTyped"):
        # once per page: a free bid typed into the number field (the lowest one offered)
        low = page.get_attribute("#bid-input", "min", timeout=2000)
        page.fill("#bid-input", str(low), timeout=2000)
        page.evaluate("() => { window.__bidTyped = true; }")
        page.click("#bid-go", timeout=2000)
    elif page.locator("#actions button[data-action='pass']").count():
        page.click("#actions button[data-action='pass']", timeout=2000)
    elif page.locator("#confirm").count():
        text = page.locator("#confirm").inner_text(timeout=2000)
        need = int(text.rsplit("/", 1)[1].rstrip(")"))
        free = page.locator("#hand .card.selectable:not(.selected)")
        for _ in range(need):
            free.nth(attempt % max(1, free.count())).click(timeout=2000, position=strip)
        page.click("#confirm", timeout=2000)
    elif playable.count():
        playable.nth(attempt % playable.count()).click(timeout=2000, position=strip)
    elif actions.count():
        actions.first.click(timeout=2000)
    elif page.locator("#actions button").count():
        page.locator("#actions button").first.click(timeout=2000)
    else:
        return False
    return True


def play_until_result(pages: list[Any], reload_after: int | None = None,
                      limit: float = 120) -> None:
    clicks = 0
    attempts = {id(p): 0 for p in pages}
    deadline = time.time() + limit
    while time.time() < deadline:
        for page in pages:
            if page.locator("#result").count():
                return
            # Read the turn in one step: the page re-renders on every server message.
            mine = page.evaluate("() => !!document.querySelector('#turn.mine')")
            if not mine:
                continue
            if not play_turn(page, attempts[id(page)] % 3):
                attempts[id(page)] += 1  # a click that could not be made: try another target
            else:
                clicks += 1
                page.wait_for_timeout(60)
                # the server refused (an error is shown): vary the choice
                attempts[id(page)] += 1 if page.locator("#errors .error").count() else 0
                if reload_after is not None and clicks == reload_after:
                    hand_before = page.locator("#hand .card").count()
                    page.reload()
                    page.wait_for_selector("#hand .card")
                    assert page.locator("#hand .card").count() == hand_before
        pages[0].wait_for_timeout(40)
    raise AssertionError(f"no result within {limit} s: {stuck_report(pages)}")


def stuck_report(pages: list[Any]) -> str:
    """What the pages show and what the server holds, for the failure message."""
    out = []
    for i, page in enumerate(pages):
        page.screenshot(path=f"/tmp/binokel-e2e-stuck-{i}.png", full_page=True)
        out.append(page.evaluate(
            "() => JSON.stringify({conn: document.getElementById('conn').textContent, "
            "errors: document.getElementById('errors')?.textContent, "
            "deal: window.binokel?.state?.deal, moves: window.binokel?.state?.moves, "
            "to_move: window.binokel?.state?.table?.to_move, "
            "me: window.binokel?.state?.table?.me, "
            "choices: window.binokel?.state?.table?.choices})"))
        tid = page.url.rsplit("/", 1)[-1]
        t = APPS[0].state.registry.tables.get(tid) if APPS[0] is not None else None
        if t is not None and t.round is not None:
            st = t.round.current
            out.append(f"server: moves {len(st.history)} to_move {st.to_move} legal "
                       f"{st.legal_actions() if not st.is_over else []} "
                       f"bot task {t.bot_driver.bot_task} "
                       f"connections {len(t.connections)} version {t.version} "
                       f"sent {[c.sent_version for c in t.connections]}")
    out.append(f"last click timeout: {LAST_TIMEOUT[0]}")
    return "\n".join(out)


def test_one_person_against_two_bots_plays_a_deal_by_clicking(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})  # a phone-sized screen
    create_table(page, server, ["", "heuristic", "random"], game="binokel",
                 name="Anna <img src=x onerror=alert(1)>")
    page.wait_for_selector("#hand .card")
    assert page.locator("#hand .card").count() == 12
    # the other language, asked of the server for this connection (the status line is its)
    other = "de" if page.evaluate("() => document.documentElement.lang") == "en" else "en"
    page.click("#lang")
    word = "dealer" if other == "en" else "Geber"
    page.wait_for_function(f"() => document.documentElement.lang === '{other}' && "
                           f"document.getElementById('status-line').textContent"
                           f".includes('{word}')")
    # French-suited faces instead of the German ones: the cards' names follow the faces
    page.click("#settings summary")
    page.select_option("#set-deck", "french")
    page.wait_for_function("() => [...document.querySelectorAll('#hand .card')].map("
                           "c => c.getAttribute('aria-label')).join(' ')"
                           ".match(/Kreuz|Pik|Karo|Clubs|Spades|Diamonds/)")
    page.select_option("#set-deck", "auto")
    page.click("#settings summary")
    play_until_result([page])
    assert page.locator("#sheet tr").count() == 3  # names, the deal, the totals
    assert "Anna <img" in page.locator(".seat .name").first.inner_text()
    assert page.locator("#result .rline").count() >= 1
    # the finished deal replays step by step on the table (test_web_replay_browser: more)
    page.click("#records [data-replay='1']")
    page.wait_for_selector("#replay")
    page.click("#replay-next")
    page.wait_for_function("() => location.hash === '#replay=1.1'")
    page.click("#replay-end")
    page.wait_for_selector("#felt .seat .name")
    # the analysis marks the cards: a title says which tricks, a line per player
    page.wait_for_selector("#replay-analysis h3", timeout=30_000)
    assert page.locator("#replay-analysis h3").inner_text().strip()
    page.close()


@pytest.mark.parametrize("game, seats", [
    ("doppelkopf", ["", "heuristic", "heuristic", "heuristic"]),
    ("zweier", ["", "heuristic"]),
    ("kreuzbinokel", ["", "heuristic", "heuristic", "heuristic"]),
])
def test_one_person_plays_a_deal_of_another_game(server: str, browser: Any, game: str,
                                                 seats: list[str]) -> None:
    from binokel.web.tables import web_games

    assert game in web_games()
    page = browser.new_page(viewport={"width": 390, "height": 844})
    create_table(page, server, seats, game=game, name="Dora")
    page.wait_for_selector("#hand .card")
    assert page.locator(".seat").count() == len(seats)
    play_until_result([page])
    assert page.locator("#sheet tr").count() == 3
    page.close()


def test_two_people_at_one_table(server: str, browser: Any) -> None:
    ctx_a, ctx_b = browser.new_context(), browser.new_context()
    a, b = ctx_a.new_page(), ctx_b.new_page()
    url = create_table(a, server, ["", "", "heuristic"], game="binokel", name="Anna")
    a.wait_for_selector("#root .panel")
    assert a.locator("#hand .card").count() == 0, "the game waits for the second person"
    take_seat(b, url, 1, "Bert")
    a.wait_for_selector("#hand .card")
    b.wait_for_selector("#hand .card")
    play_until_result([a, b])
    b.wait_for_selector("#result")
    ctx_a.close()
    ctx_b.close()


def test_reload_in_the_middle_keeps_the_seat(server: str, browser: Any) -> None:
    ctx = browser.new_context()
    page = ctx.new_page()
    create_table(page, server, ["", "heuristic", "heuristic"], game="binokel", name="Carla")
    page.wait_for_selector("#hand .card")
    play_until_result([page], reload_after=3)
    ctx.close()
