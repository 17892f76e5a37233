"""One language choice for every page (``static/prefs.js``): the player's explicit choice,
made on any page, holds on every other; without one, the browser's language decides.

In a real browser (the fixtures of ``test_web_e2e``) whose language is German (its
``Accept-Language`` and ``navigator.languages`` say de-DE): English picked at the table is
English on the score pad and tournament pages; German picked back on the pad page is German
at the lobby; a browser that never chose sees German everywhere.
"""

from __future__ import annotations

from typing import Any

import pytest

import test_web_e2e as e2e
from test_web_e2e import CHROMIUM
from test_web_e2e import create_table

server = e2e.server      # the fixtures: a real server on loopback, Debian's Chromium
browser = e2e.browser

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


def german_browser(browser: Any) -> tuple[Any, Any, list[str]]:
    """A page of a browser set to German; the Accept-Language of every page it loads."""
    context = browser.new_context(locale="de-DE", viewport={"width": 390, "height": 844})
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.headers.get("accept-language", ""))
            if r.resource_type == "document" else None)
    return context, page, asked


def test_english_chosen_at_the_table_holds_on_the_pad_page(server: str, browser: Any) -> None:
    context, page, asked = german_browser(browser)
    page.goto(server + "/")
    page.wait_for_selector("#create")
    assert page.text_content("#new-table-h") == "Neuer Tisch"      # the browser's language
    create_table(page, server, ["", "heuristic", "heuristic"], game="binokel", name="Anna")
    page.wait_for_selector("#hand .card")
    page.click("#lang")                                             # English, at the table
    page.wait_for_function("() => document.querySelector('#sheet-h')?.textContent === "
                           "'Score sheet'")

    page.goto(server + "/pad")
    page.wait_for_selector("form button[type=submit]")
    assert page.text_content("#title") == "Score pad"
    assert page.text_content("form h2") == "New score pad"
    assert page.evaluate("() => document.documentElement.lang") == "en"
    page.goto(server + "/club")
    page.wait_for_selector("form button[type=submit]")
    assert page.text_content("#title") == "Club tournament"
    assert all(a.startswith("de") for a in asked) and len(asked) >= 4, asked

    # German, picked on the pad page, holds at the lobby.
    page.goto(server + "/pad")
    page.wait_for_selector("form button[type=submit]")
    assert page.text_content("#lang") == "DE"
    page.click("#lang")
    page.wait_for_function(
        "() => document.getElementById('title').textContent === 'Schreibblock'")
    page.goto(server + "/")
    page.wait_for_selector("#create")
    assert page.text_content("#new-table-h") == "Neuer Tisch"
    context.close()


def test_without_a_choice_the_browser_language_decides(server: str, browser: Any) -> None:
    context, page, _ = german_browser(browser)
    page.goto(server + "/pad")
    page.wait_for_selector("form button[type=submit]")
    assert page.text_content("#title") == "Schreibblock"
    assert page.evaluate("() => localStorage.getItem('binokel.lang')") is None   # nothing stored
    context.close()
    english = browser.new_context(locale="en-GB")
    page = english.new_page()
    page.goto(server + "/duplicate")
    page.wait_for_selector("form button[type=submit]")
    assert page.text_content("form h2") == "New duplicate tournament"
    english.close()
