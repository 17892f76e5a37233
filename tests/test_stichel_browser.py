"""Stichel, the test-only game, in a real browser: chosen in the lobby and played through a
deal by clicking, at a phone's size and a desktop's (the browser fixtures are
``test_web_e2e``'s; the game is registered in this process, where the server runs)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import test_web_e2e
from binokel import registry

pytestmark = test_web_e2e.pytestmark
server = test_web_e2e.server
browser = test_web_e2e.browser


@pytest.fixture(autouse=True, scope="module")
def stichel() -> Iterator[None]:
    registry.load_games(["stichel"])
    yield
    registry.unregister("stichel")


@pytest.mark.parametrize("size, seats", [
    ((390, 844), ["", "heuristic"]),
    ((1280, 800), ["", "heuristic", "random", "heuristic"]),
])
def test_a_deal_of_stichel_by_clicking(server: str, browser: Any, size: tuple[int, int],
                                       seats: list[str]) -> None:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(server + "/")
    page.wait_for_selector("#create")
    assert page.locator("#game option[value='stichel']").count() == 1
    test_web_e2e.create_table(page, server, seats, game="stichel", name="Dora")
    page.wait_for_selector("#hand .card")
    assert page.locator("#hand .card").count() == {2: 6, 4: 4}[len(seats)]
    assert page.locator(".seat").count() == len(seats)
    test_web_e2e.play_until_result([page])
    assert page.locator("#sheet tr").count() == 3  # names, the deal, the totals
    assert page.locator("#result .rline").count() >= len(seats)
    page.close()
