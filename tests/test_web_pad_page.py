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


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_club_tournament_through_the_organiser_page(server: str, browser: Any,
                                                      size: str) -> None:
    w, h = client_tests.SIZES[size]
    org = browser.new_page(viewport={"width": w, "height": h}, bypass_csp=True,
                           locale="de-DE")
    org.goto(server + "/club")
    org.fill("#c-title", "Vereinsmeisterschaft 2026")
    org.fill("#c-place", "Gasthaus Krone")
    org.fill("#c-rounds", "2")
    org.select_option("#c-tie", "best_round")
    org.click("button[type=submit]")
    org.wait_for_selector("#register")
    club_id = org.url.split("/club/")[1].split("#")[0]
    assert org.evaluate(f"fetch('/api/clubs/{club_id}').then(r => r.json())")[
        "tournament"]["tie_rule"] == "best_round"
    for name in ("Anna-Lena Maier", "Bert", "Carl", "Dora", "Emil", "Fritz"):
        org.fill("#p-name", name)
        org.click("#register button[type=submit]")
        org.wait_for_function(f"document.querySelector('#players').textContent"
                              f".includes({name!r})")
    # The same name twice: refused with the reason on the page.
    org.fill("#p-name", "Bert")
    org.click("#register button[type=submit]")
    org.wait_for_function("document.getElementById('org-error').textContent !== ''")
    public = browser.new_page(viewport={"width": w, "height": h}, bypass_csp=True,
                              locale="de-DE")
    public.goto(org.url.split("#")[0])
    public.wait_for_selector("#ranking")
    assert public.query_selector("#organiser") is None

    org.click("#start-round")
    org.wait_for_selector("#round .table-card")
    tables = org.locator("#round .table-card").count()
    assert tables == 2
    for no in (1, 2):
        for k in range(3):
            org.fill(f"#score-{no}-{k}", str(100 * (k + 1) + no))
        org.click(f"#save-{no}")
        org.wait_for_function(
            f"document.querySelectorAll('#round .table-card h3')[{no - 1}].textContent"
            ".includes('✓')")
    client_tests.no_horizontal_overflow(org, "club organiser")
    shot(org, f"club-{size}-organiser")
    # The player's public page follows: the seating and a ranking with the round's totals.
    public.wait_for_function(
        "document.querySelectorAll('#round .table-card').length === 2 && "
        "document.querySelector('#ranking tbody').textContent.includes('302')",
        timeout=10_000)
    first = public.locator("#ranking tbody tr").first.text_content() or ""
    assert "302" in first
    client_tests.no_horizontal_overflow(public, "club public")
    shot(public, f"club-{size}-public")
    client_tests.axe_check(org, "club organiser")
    client_tests.axe_check(public, "club public")
    org.close()
    public.close()


def test_the_game_lists_offer_every_game_by_its_title(server: str, browser: Any) -> None:
    from binokel.registry import GAMES
    page = browser.new_page(viewport={"width": 390, "height": 844}, bypass_csp=True,
                            locale="en-GB")
    for path in ("/pad", "/club"):
        page.goto(server + path)
        page.wait_for_selector("#game option", state="attached")
        options = page.eval_on_selector_all(
            "#game option", "os => os.map(o => [o.value, o.textContent])")
        assert sorted(options) == sorted([g.name, g.title[1]] for g in GAMES)
    # a game beyond the first makes a pad from the page
    page.goto(server + "/pad")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "luxusfamilie")
    page.fill("#players", "Anna, Bert, Carl, Dora")
    page.click("button[type=submit]")
    page.wait_for_selector("#sheet table")
    assert "luxusfamilie" in page.inner_text("h2").lower()
    page.close()


# Per game: the pad made on the page (with its rules), the form filled as players say it, and
# the deal the server stored, which must be exactly these facts (the engine's scores follow).
GAME_DEALS: dict[str, Any] = {
    "binokel": {
        "players": "Anna, Bert, Carl, Dora", "options": {},
        "fill": [("select", "#contract", "normal"), ("select", "#declarer", "1"),
                 ("fill", "#bid", "300"), ("fill", "#melds-1", "200"),
                 ("fill", "#melds-2", "40"), ("fill", "#points-1", "150"),
                 ("fill", "#points-2", "60"), ("fill", "#points-3", "40")],
        "hidden": ["#melds-0", "#points-0", "#made"],
        "hint": "Anna gibt und setzt aus",
        "deal": {"dealer": 0, "declarer": 1, "bid": 300, "contract": "normal",
                 "melds": [0, 200, 40, 0], "points": [0, 150, 60, 40]}},
    "kreuzbinokel": {
        "players": "Anna, Bert, Carl, Dora", "options": {},
        "fill": [("select", "#contract", "durch"), ("select", "#declarer", "1"),
                 ("fill", "#bid", "400"), ("check", "#made", "")],
        "hidden": ["#melds-box", "#points-box"],
        "deal": {"dealer": 0, "declarer": 1, "bid": 400, "contract": "durch", "made": True}},
    "doppelkopf": {
        "players": "Anna, Bert, Carl, Dora", "options": {},
        "fill": [("check", "#re-0", ""), ("check", "#re-2", ""), ("fill", "#re-augen", "151"),
                 ("fill", "#re-tricks", "7"), ("select", "#ann-re", "0"),
                 ("fill", "#sp-re-0", "1"), ("fill", "#sp-kontra-1", "1")],
        "hidden": ["#soloist", "#partner-found"],
        "hint": None,
        "deal": {"dealer": 0, "contract": "normal", "re": [0, 2], "re_augen": 151,
                 "re_tricks": 7, "announced": [0, -1],
                 "specials": [["Doppelkopf", "re"], ["Fuchs gefangen", "kontra"]],
                 "partner_found": True}},
    "zweier": {
        "players": "Anna, Bert", "options": {},
        "fill": [("fill", "#melds-0", "60"), ("fill", "#melds-1", "20"),
                 ("fill", "#points-0", "130"), ("fill", "#points-1", "120")],
        "hidden": [],
        "deal": {"dealer": 0, "melds": [60, 20], "points": [130, 120]}},
    "luxusfamilie": {
        "players": "Anna, Bert, Carl", "options": {"meld_needs_trick": True},
        "fill": [("select", "#declarer", "1"), ("fill", "#melds-0", "100"),
                 ("fill", "#melds-1", "40"), ("fill", "#points-1", "140"),
                 ("fill", "#points-2", "100"), ("fill", "#tricks-0", "1"),
                 ("fill", "#tricks-1", "9"), ("fill", "#tricks-2", "6")],
        "hidden": [],
        "deal": {"dealer": 0, "declarer": 1, "contract": "normal", "melds": [100, 40, 0],
                 "points": [0, 140, 100], "tricks": [1, 9, 6]}},
}


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("game", list(GAME_DEALS))
def test_each_games_form_enters_a_deal_in_the_players_words(server: str, browser: Any,
                                                             game: str, size: str) -> None:
    from binokel.tournament.pad import DealEntry
    from binokel.tournament.pad import Pad

    case = GAME_DEALS[game]
    w, h = client_tests.SIZES[size]
    page = browser.new_page(viewport={"width": w, "height": h}, bypass_csp=True,
                            locale="de-DE")
    page.goto(server + "/pad")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", game)
    page.fill("#players", case["players"])
    # The game's presets and options come from the server's list, as in the lobby.
    presets = page.eval_on_selector_all("#pad-preset option", "os => os.map(o => o.value)")
    from binokel.registry import find_game
    assert presets == (list(find_game(game).presets) or ["standard"])
    for name in case["options"]:
        page.click("#pad-options summary")
        page.check(f"#pad-opt-{name}")
    page.click("button[type=submit]")
    page.wait_for_selector("#deal-form")
    pad_id = page.url.split("/pad/")[1].split("#")[0]
    # The contract list speaks the players' words, never the model's ids.
    words = page.eval_on_selector_all("#contract option", "os => os.map(o => o.textContent)")
    assert all("_" not in w and not w.startswith("c_") for w in words)
    for action, sel, value in case["fill"]:
        if action == "select":
            page.select_option(sel, value)
        elif action == "check":
            page.check(sel)
        else:
            page.fill(sel, value)
    # Only what the deal needs is asked: the seat sitting out, a Durch's melds, ... hidden.
    for sel in case["hidden"]:
        assert page.is_hidden(sel), sel
    if case.get("hint"):
        assert case["hint"] in page.text_content("#contract-hint")
    client_tests.no_horizontal_overflow(page, f"pad {game}")
    shot(page, f"pad-{game}-{size}-form")
    page.click("#enter")
    page.wait_for_selector("#sheet tbody tr")
    assert page.text_content("#deal-error") == ""
    got = page.evaluate(f"fetch('/api/pads/{pad_id}').then(r => r.json())")["pad"]
    expected = DealEntry.from_json(case["deal"]).to_json()
    assert got["deals"] == [expected]
    assert got["rules"]["options"] == case["options"]
    # The sheet shows the engine's scores of exactly that deal.
    names = [n.strip() for n in case["players"].split(",")]
    mine = Pad.new(game, names, None, case["options"])
    mine.add(DealEntry.from_json(case["deal"]))
    row = page.locator("#sheet tbody tr").first.inner_text()
    for v in mine.totals():
        assert str(v) in row
    if size == "phone":
        client_tests.axe_check(page, f"pad {game}")
    page.close()
