"""Friends in a real browser, at phone size (issue 34): Anna and Bert become friends on the
friends page, Anna invites Bert to her table from the table's side column, Bert sees the
invitation in the lobby, accepts it and sits down at the table.

With ``BINOKEL_SCREENSHOTS=1`` the friends list and the invitation notice are photographed
in both languages at 390x844, 360x640 and 1280x800 into ``build/screenshots/`` (build
output, never committed) for people to look at."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import shots
from test_web_accounts_browser import register
from test_web_e2e import CHROMIUM
from test_web_e2e import browser  # noqa: F401 - the fixture
from test_web_e2e import create_table
from test_web_e2e import server  # noqa: F401 - the fixture

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not CHROMIUM.exists(), reason="no Chromium")]
SHOTS = Path(__file__).resolve().parents[1] / "build" / "screenshots"
SIZES = [(390, 844), (360, 640), (1280, 800)]


def shoot(page: Any, name: str, path: str, selector: str) -> None:
    """The page at each size in each language (the language is a preference of the
    browser, kept in its storage)."""
    if not shots.WANTED:
        return
    for lang in ("de", "en"):
        page.evaluate(f"localStorage.setItem('binokel.lang', '{lang}')")
        for w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            page.goto(path)
            page.wait_for_selector(selector)
            shots.take(page, SHOTS / f"social-{name}-{lang}-{w}x{h}.png")
    page.evaluate("localStorage.removeItem('binokel.lang')")
    page.set_viewport_size({"width": 390, "height": 844})


def snap(page: Any, name: str) -> None:
    """The page as it is, at its size (with BINOKEL_SCREENSHOTS only)."""
    shots.take(page, SHOTS / f"social-{name}.png", full_page=True)


def test_anna_invites_bert_who_accepts_and_sits_down(server: str,  # noqa: F811
                                                     browser: Any) -> None:  # noqa: F811
    phone = {"viewport": {"width": 390, "height": 844}}
    anna = browser.new_context(**phone).new_page()
    bert = browser.new_context(**phone).new_page()
    register(anna, server, "Anna")
    register(bert, server, "Bert")
    # Anna asks Bert by name; Bert accepts on his friends page
    anna.click("#friends-link")
    anna.fill("#ask-name", "bert")
    anna.click("#ask button[type=submit]")
    anna.wait_for_selector("#outgoing li[data-name='Bert']")
    bert.goto(server + "/friends")
    bert.click("#incoming li[data-name='Anna'] button.primary")
    bert.wait_for_selector("#friend-list li[data-name='Anna'] .presence.online")
    # Anna opens a table and invites Bert to its free seat
    table = create_table(anna, server, ["", "", "random"], name="Anna")
    anna.click("#invite-friend summary")
    anna.click("#invite-friends li[data-name='Bert'] button.primary")
    anna.wait_for_selector("#invite-said:has-text('Bert')")
    snap(anna, "table-invite")
    shoot(bert, "friends", server + "/friends", "#friend-list li")
    # Bert sees the invitation in the lobby, accepts, and sits down at the free seat
    bert.goto(server + "/")
    notice = bert.locator("#invitations .invitation")
    notice.wait_for()
    assert "Anna" in notice.inner_text()
    shoot(bert, "invitation", server + "/", "#invitations .invitation")
    bert.click("#invitations .invitation button.primary")
    bert.wait_for_url(re.compile(re.escape(table.removeprefix(server)) + "$"))
    bert.fill("#nickname", "Bert")
    bert.click("#join-1")
    bert.wait_for_function("() => window.binokel.state && window.binokel.state.you === 1 "
                           "&& window.binokel.state.status === 'playing'")
    assert bert.evaluate("() => window.binokel.state.names")[:2] == ["Anna", "Bert"]
    if shots.WANTED:   # the report form in the chat panel
        bert.click("#chat summary")
        bert.click("#report summary")
        snap(bert, "table-report")
    # the invitation is gone
    assert bert.evaluate("() => fetch('/api/invitations').then(r => r.json())")["invitations"] == []
