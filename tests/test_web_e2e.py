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

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import uvicorn

    from binokel.web.app import create_app

    db = tmp_path_factory.mktemp("e2e") / "web.sqlite3"
    port = _free_port()
    config = uvicorn.Config(create_app(f"sqlite:///{db}", bot_delay=0.02), host="127.0.0.1",
                            port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(100):
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


def create_table(page: Any, base: str, seats: list[str]) -> str:
    page.goto(base + "/")
    page.wait_for_selector("#create")
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}", kind)
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/"))
    return str(page.url)


def take_seat(page: Any, url: str, seat: int, name: str) -> None:
    page.goto(url)
    page.fill("#nickname", name)
    page.click(f"#join-{seat}")


def play_turn(page: Any) -> bool:
    """Click whatever the page offers for our turn; False when nothing was clickable.

    Clicks use a short timeout: a re-render may replace the element, and the loop simply
    looks again."""
    try:
        return _click_turn(page)
    except PlaywrightTimeout:
        return False


def _click_turn(page: Any) -> bool:
    if page.locator("#pass").count():
        page.click("#pass", timeout=2000)
    elif page.locator("#bid").count():
        page.click("#bid", timeout=2000)
    elif page.locator("#push").count():
        cards = page.locator("#hand .card.playable")
        for i in range(4):
            cards.nth(i).click(timeout=2000)
        page.click("#push", timeout=2000)
    elif page.locator("#actions button[data-action^='trump']").count():
        page.locator("#actions button[data-action^='trump']").first.click(timeout=2000)
    elif page.locator("#hand .card.playable").count():
        page.locator("#hand .card.playable").first.click(timeout=2000)
    else:
        return False
    return True


def play_until_result(pages: list[Any], reload_after: int | None = None) -> None:
    clicks = 0
    deadline = time.time() + 180
    while time.time() < deadline:
        for page in pages:
            if page.locator("#result").count():
                return
            # Read the turn line in one step: the page re-renders on every server message.
            turn = page.evaluate("() => document.getElementById('turn')?.textContent || ''")
            if turn in ("Du bist dran", "Your turn") and play_turn(page):
                clicks += 1
                page.wait_for_timeout(60)
                if reload_after is not None and clicks == reload_after:
                    hand_before = page.locator("#hand .card").count()
                    page.reload()
                    page.wait_for_selector("#hand .card")
                    assert page.locator("#hand .card").count() == hand_before
        pages[0].wait_for_timeout(40)
    raise AssertionError("no result within 180 s")


def test_one_person_against_two_bots_plays_a_deal_by_clicking(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})  # a phone-sized screen
    url = create_table(page, server, ["", "heuristic", "random"])
    take_seat(page, url, 0, "Anna <img src=x onerror=alert(1)>")
    page.wait_for_selector("#hand .card")
    assert page.locator("#hand .card").count() == 12
    play_until_result([page])
    assert page.locator("#sheet tr").count() == 2
    assert "Anna <img" in page.locator(".player .name").first.inner_text()
    page.close()


def test_two_people_at_one_table(server: str, browser: Any) -> None:
    ctx_a, ctx_b = browser.new_context(), browser.new_context()
    a, b = ctx_a.new_page(), ctx_b.new_page()
    url = create_table(a, server, ["", "", "heuristic"])
    take_seat(a, url, 0, "Anna")
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
    url = create_table(page, server, ["", "heuristic", "heuristic"])
    take_seat(page, url, 0, "Carla")
    page.wait_for_selector("#hand .card")
    play_until_result([page], reload_after=3)
    ctx.close()
