"""Claims in a real browser: a table of Binokel with the house rule ``claims``, two people and a
bot. Anna, at her turn in the play, lays down and claims the rest; Bert sees her cards on the
table and answers "Play on"; her cards stay open. At a phone's sizes and a desktop's; with
BINOKEL_SCREENSHOTS=1 the pages are photographed to ``build/screenshots/`` (build output,
never committed) for people to look at (the browser fixtures are ``test_web_e2e``'s)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

import shots
import test_web_e2e

pytestmark = test_web_e2e.pytestmark
server = test_web_e2e.server
browser = test_web_e2e.browser

SHOTS = Path(__file__).resolve().parent.parent / "build" / "screenshots"
CLAIM = "#actions button[data-action='claim']"


def create_with_claims(page: Any, base: str) -> str:
    """Anna's table: Binokel for three, Bert a person, the third seat a bot, claims on."""
    page.goto(base + "/")
    page.wait_for_selector("#create")
    page.fill("#nickname", "Anna")
    page.select_option("#game", "binokel")
    page.select_option("#players", "3")
    page.select_option("#seat-1", "")
    page.select_option("#seat-2", "heuristic")
    page.click("#options summary")
    page.check("#opt-claims")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/"))
    return str(page.url)


def mine(page: Any) -> bool:
    return bool(page.evaluate("() => !!document.querySelector('#turn.mine')"))


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (1280, 800)])
def test_a_claim_offered_and_answered(server: str, browser: Any,
                                      size: tuple[int, int]) -> None:
    name = f"claim-{size[0]}x{size[1]}"
    anna = browser.new_page(viewport={"width": size[0], "height": size[1]})
    url = create_with_claims(anna, server)
    bert = browser.new_page(viewport={"width": size[0], "height": size[1]})
    test_web_e2e.take_seat(bert, url, 1, "Bert")
    anna.wait_for_selector("#hand .card")
    deadline = time.time() + 90
    attempts = 0
    while time.time() < deadline:   # until Anna may claim at her turn in the play
        if mine(anna) and anna.locator(CLAIM).count():
            break
        for page in (anna, bert):
            if page.locator("#next:not(:disabled)").count():
                page.click("#next")     # a deal without play (thrown in, gone out): the next
            elif mine(page) and not test_web_e2e.play_turn(page, attempts % 3):
                attempts += 1
        anna.wait_for_timeout(60)
    else:
        raise AssertionError("Anna never had the play with a claim to make")
    labels = anna.locator("#actions button[data-action]").all_inner_texts()
    assert {"Claim the rest", "Concede the rest"} <= set(labels)   # the browser's English
    shots.take(anna, SHOTS / f"{name}-offered.png")
    anna.click(CLAIM)
    # Bert, the next in playing order, answers; he sees Anna's cards lying open.
    bert.wait_for_selector("#actions button[data-action='refuse']")
    assert bert.locator("#actions button[data-action='accept']").count() == 1
    assert "Anna lays down and claims the rest" in bert.inner_text("body")
    shots.take(bert, SHOTS / f"{name}-asked.png")
    bert.click("#actions button[data-action='refuse']")
    bert.wait_for_selector("#actions button[data-action='refuse']", state="detached")
    anna.wait_for_function("() => !!document.querySelector('#turn.mine')")
    assert anna.locator(CLAIM).count() == 0          # she plays a card before claiming again
    shots.take(bert, SHOTS / f"{name}-answered.png")
    shots.take(anna, SHOTS / f"{name}-play-on.png")
    anna.close()
    bert.close()
