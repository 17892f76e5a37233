"""The replay of a finished deal on the table itself and a left seat found again (issue 33),
in a real browser. The replay: a deal against bots played to its end at phone size, its
replay opened from the finished deals, stepped by the keys (card by card, trick by trick) and
by the slider, the analysis's marks on the trick's cards and the graph of points given away,
and the shareable link to a position opened in a new page at desktop and small-phone size,
and again once the table is closed (issue 34).
The seat: left, taken back by the same browser, left again and taken over by a watcher.
Screenshots go to /tmp/shots-client/replay-*.png and seat-*.png for people to look at.
"""

from __future__ import annotations

import re
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

import shots
from test_web_e2e import APPS
from test_web_e2e import CHROMIUM
from test_web_e2e import browser  # noqa: F401  (a fixture of this module too)
from test_web_e2e import create_table
from test_web_e2e import play_until_result
from test_web_e2e import server  # noqa: F401  (a fixture of this module too)

pytestmark = [pytest.mark.browser, pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed")]

SHOTS = Path("/tmp/shots-client")


def step_of(page: Any) -> int:
    """The step the page's address names (``#replay=<deal>.<step>``)."""
    m = re.search(r"#replay=\d+\.(\d+)$", page.url)
    assert m, page.url
    return int(m.group(1))


def wait_step(page: Any, step: int) -> None:
    page.wait_for_function(f"() => location.hash.endsWith('.{step}') && document."
                           f"getElementById('replay-step')?.textContent.startsWith('{step}/')")


def finish_a_deal_with_tricks(page: Any) -> int:
    """Play deals until one had tricks (bidding may end a deal before its first card); its
    number."""
    for deal in range(1, 5):
        play_until_result([page])
        if page.evaluate("() => window.binokel.state.table.tricks_played") > 0:
            return deal
        page.click("#next")
        page.wait_for_function(f"() => window.binokel.state.deal === {deal + 1}")
    raise AssertionError("four deals without a trick")


def test_a_finished_deal_is_replayed_on_the_table(server: str, browser: Any) -> None:  # noqa: F811
    page = browser.new_page(viewport={"width": 390, "height": 844})
    url = create_table(page, server, ["", "heuristic", "heuristic"], game="binokel", name="Anna")
    tid = url.rsplit("/", 1)[-1]
    deal = finish_a_deal_with_tricks(page)
    rep = page.request.get(f"{server}/api/tables/{tid}/deals/{deal}/replay?step=0").json()
    total, ends = rep["steps"], rep["trick_ends"]
    assert ends and ends[-1] == total
    # from the finished deals to the replay on the table, at its start: every hand open
    page.click(f"#records [data-replay='{deal}']")
    wait_step(page, 0)
    assert page.url.endswith(f"/t/{tid}#replay={deal}.0")
    assert page.locator("#dock-slot").is_visible() and page.locator("#hand").is_hidden()
    assert page.locator(".seat .open-hand").count() == 3
    assert page.locator(".seat .open-hand .card").count() == sum(len(h) for h in rep["hands"])
    # the keys: → a step, ↓ to the end of the first trick, ↑ back, End, Home
    page.keyboard.press("ArrowRight")
    wait_step(page, 1)
    first = rep["names"][rep["actions"][0][0]]
    assert page.locator("#replay-action").inner_text().startswith(first)
    page.keyboard.press("ArrowDown")
    wait_step(page, ends[0])
    assert page.locator("#trick .card").count() == 3        # the trick stays on the felt
    page.keyboard.press("End")
    wait_step(page, total)
    # the analysis marks each card of the last trick (it always reaches the last trick)
    page.wait_for_selector("#trick .card.marked", timeout=30_000)
    marked = page.locator("#trick .card.marked")
    assert marked.count() == 3
    analysis = page.request.get(f"{server}/api/tables/{tid}/deals/{deal}/analysis?lang="
                                + page.evaluate("() => document.documentElement.lang")).json()
    last = {str(k) for k in range(ends[-2] + 1 if len(ends) > 1 else 1, total + 1)}
    losses = [analysis["marks"][k]["loss"] for k in sorted(last, key=int) if k in analysis["marks"]]
    assert len(losses) == 3
    assert page.locator("#trick .card.mark-loss").count() == sum(1 for v in losses if v > 0)
    assert page.locator("#trick .trick-mark").all_inner_texts() and all(
        t == "✓" or t.startswith("−") for t in page.locator("#trick .trick-mark").all_inner_texts())
    # the graph: a line per player, the step shown marked
    assert page.locator("#replay-graph svg polyline").count() == 3
    assert page.locator("#replay-graph .legend .lg").count() == 3
    page.evaluate("() => window.scrollTo(0, 0)")
    shots.take(page, SHOTS / "replay-end-phone.png")
    # the result folds to its headline: the last trick and the seats under it show
    covered = """() => [...document.querySelectorAll('#trick .card')].some((c) => {
        const r = c.getBoundingClientRect();
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return top !== null && top.closest('#result') !== null; })"""
    assert page.evaluate(covered)
    page.click("#result-fold")
    page.wait_for_selector("#result.folded")
    assert not page.evaluate(covered)
    assert page.locator("#headline").is_visible() and page.locator("#result-sum").is_hidden()
    shots.take(page, SHOTS / "replay-end-folded-phone.png")
    page.click("#result-fold")
    page.wait_for_selector("#result:not(.folded)")
    assert page.locator("#result-sum").is_visible()
    page.evaluate("() => document.activeElement.blur()")
    page.keyboard.press("ArrowUp")
    wait_step(page, ends[-2] if len(ends) > 1 else 0)
    page.keyboard.press("Home")
    wait_step(page, 0)
    # the slider goes anywhere
    middle = ends[len(ends) // 2]
    page.locator("#replay-slider").fill(str(middle))
    wait_step(page, middle)
    assert page.locator("#trick .card").count() == 3
    page.evaluate("() => { document.activeElement.blur(); window.scrollTo(0, 0); }")
    shots.take(page, SHOTS / "replay-phone.png")
    # the link to this position opens the replay there, in a new page, at other sizes
    link = page.get_attribute("#replay-link", "href")
    assert link == page.url
    for name, size in (("desktop", (1280, 800)), ("small", (360, 640))):
        other = browser.new_page(viewport={"width": size[0], "height": size[1]})
        other.goto(link)
        wait_step(other, middle)
        assert other.locator("#trick .card").count() == 3
        assert other.locator(".seat .open-hand").count() == 3
        other.keyboard.press("ArrowLeft")
        wait_step(other, middle - 1)
        other.keyboard.press("ArrowRight")
        wait_step(other, middle)
        shots.take(other, SHOTS / f"replay-{name}.png")
        other.close()
    # and back to the live table
    page.click("#replay-close")
    page.wait_for_selector("#records")
    assert page.url.endswith(f"/t/{tid}") and page.locator("#dock-slot").is_hidden()
    # the sweeper closes the table (its rows stay): the replay link still shows the replay,
    # says the table is closed, and leads to its deals instead of a table to sit at
    registry = APPS[0].state.registry
    registry.store.close_idle(*[datetime.now(UTC) + timedelta(days=1)] * 2)
    registry.tables.pop(tid)
    page.goto(link)
    page.reload()
    wait_step(page, middle)
    assert page.locator("#replay-closed").is_visible()
    assert page.locator(".seat .open-hand").count() == 3
    shots.take(page, SHOTS / "replay-closed-phone.png")
    page.click("#replay-close")
    page.wait_for_selector("#closed-table")
    assert page.locator(f"#closed-table a[href$='#replay={deal}.0']").count() == 1
    assert page.locator("#join-0, #hand .card").count() == 0
    shots.take(page, SHOTS / "table-closed-phone.png")
    page.close()


def test_a_left_seat_is_found_again_and_taken_over(server: str, browser: Any) -> None:  # noqa: F811
    """Bert leaves a running table: his seat keeps his name with the computer playing it,
    his browser takes it back after a reload, and when he leaves again Carla, watching,
    takes it over; her seat's link opens her seat in another browser. At phone size, one
    page per person."""
    pages = {n: browser.new_context(viewport={"width": 390, "height": 844}).new_page()
             for n in ("anna", "bert", "carla")}
    anna, bert, carla = pages["anna"], pages["bert"], pages["carla"]
    url = create_table(anna, server, ["", "", "heuristic"], game="binokel", name="Anna")
    bert.goto(url)
    bert.fill("#nickname", "Bert")
    bert.click("#join-1")
    bert.wait_for_selector("#hand .card")
    bert.on("dialog", lambda d: d.accept())    # leaving may ask first
    bert.click("#leave-seat")
    # everybody reads "Bert", played by the computer
    anna.wait_for_function("() => window.binokel.state.info.seats[1].away")
    assert window_label(anna, 1) in ("Bert (computer)", "Bert (Computer)")
    # the same browser finds the seat again
    bert.reload()
    bert.wait_for_selector("#away-bar:not([hidden]) #take-back")
    bert.click("#take-back")
    anna.wait_for_function("() => !window.binokel.state.info.seats[1].away", timeout=15_000)
    assert window_label(anna, 1) == "Bert"
    bert.click("#leave-seat")
    # a watcher takes the left seat over
    carla.goto(url)
    carla.wait_for_selector("#take-seat:not([hidden]) button[data-take='1']")
    carla.fill("#take-nickname", "Carla")
    carla.click("#take-seat button[data-take='1']")
    carla.wait_for_selector("#hand .card", timeout=15_000)
    anna.wait_for_function("() => window.binokel.state.names[1] === 'Carla' && "
                           "!window.binokel.state.info.seats[1].stand_in", timeout=15_000)
    if shots.WANTED:
        carla.wait_for_timeout(1000)   # the hand is dealt in
    shots.take(carla, SHOTS / "seat-taken-over-phone.png")
    # her seat's link opens her seat in another browser (another device, or handed on),
    # and leaves the address at once
    link = carla.locator("#seat-link").text_content()
    assert link and link.startswith(url + "#seat=")
    other = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    other.goto(link)
    other.wait_for_function("() => window.binokel.state && window.binokel.state.you === 1")
    assert other.url == url
    other.close()
    for page in pages.values():
        page.close()


def window_label(page: Any, seat: int) -> str:
    """The label the page's last state gives ``seat`` ("Anna (computer)")."""
    return str(page.evaluate(f"() => window.binokel.state.table.seats[{seat}].label"))
