"""The score pad page in a real browser at phone (390x844) and desktop (1280x800) size: a
pad created, a deal entered and corrected through the owner's page while a player's share
page follows it, a refused deal's message shown; no horizontal overflow and no serious or
critical axe-core violation. Screenshots go to /tmp/shots-pad/ (never committed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import test_web_client as client_tests
import test_web_e2e as e2e
from test_web_e2e import CHROMIUM

server = e2e.server
browser = e2e.browser

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

SHOTS = Path("/tmp/shots-pad")


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_pad_is_entered_corrected_and_followed(server: str, browser: Any,
                                                 size: str) -> None:
    w, h = client_tests.SIZES[size]
    owner = browser.new_page(viewport={"width": w, "height": h}, bypass_csp=True,
                             locale="de-DE")
    owner.goto(server + "/pad")
    owner.fill("#players", "Anna-Lena Maier, Bert, Carl")
    owner.click("button[type=submit]")
    owner.wait_for_selector("#deal-form")
    share_url = owner.input_value("#share")
    assert "#owner=" not in share_url
    reader = browser.new_page(viewport={"width": w, "height": h}, bypass_csp=True,
                              locale="de-DE")
    reader.goto(share_url)
    reader.wait_for_selector("#sheet table")
    assert reader.query_selector("#deal-form") is None

    # A deal the rules refuse: the message is shown, nothing is entered.
    owner.select_option("#declarer", "0")
    owner.fill("#bid", "150")
    owner.click("#enter")
    owner.wait_for_function("document.getElementById('deal-error').textContent !== ''")
    assert owner.locator("#sheet tbody tr").count() == 0

    owner.select_option("#contract", "thrown_in")
    owner.click("#enter")
    owner.wait_for_selector("#sheet tbody tr")
    assert owner.text_content("#deal-error") == ""
    client_tests.no_horizontal_overflow(owner, "pad")
    shot(owner, f"pad-{size}-owner")

    # A correction: the first deal was dealt by Carl, so Anna-Lena deals next.
    owner.click("#sheet tbody button")
    owner.select_option("#dealer", "2")
    owner.select_option("#contract", "thrown_in")
    owner.click("#enter")
    owner.wait_for_function("document.getElementById('status').textContent.includes('Anna')")
    # The share page follows within its poll interval.
    reader.wait_for_function(
        "document.querySelectorAll('#sheet tbody tr').length === 1 && "
        "document.getElementById('status').textContent.includes('Anna')", timeout=10_000)
    client_tests.no_horizontal_overflow(reader, "pad share")
    shot(reader, f"pad-{size}-reader")
    client_tests.axe_check(owner, "pad owner")
    client_tests.axe_check(reader, "pad reader")
    owner.close()
    reader.close()
