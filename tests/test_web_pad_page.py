"""The score pad page in a real browser, walked at phone size (390x844) with each page's
layout checked at desktop size (1280x800) too: a pad created, a deal entered and corrected
through the owner's page while a player's share page follows it, a refused deal's message
shown; no horizontal overflow and no serious or critical axe-core violation. Screenshots
(with BINOKEL_SCREENSHOTS=1) go to /tmp/shots-pad/ (never committed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import shots
import test_web_client as client_tests
import test_web_e2e as e2e
from test_web_e2e import CHROMIUM

server = e2e.server
browser = e2e.browser

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

SHOTS = Path("/tmp/shots-pad")


def shot(page: Any, name: str) -> None:
    if not shots.WANTED:
        return
    # Leave the field being typed first (as a player does before looking): a full-page shot
    # with a field in focus makes Chromium scroll back to it at the next click.
    page.evaluate("document.activeElement && document.activeElement.blur()")
    shots.take(page, SHOTS / f"{name}.png", full_page=True)


def test_a_pad_is_entered_corrected_and_followed(server: str, browser: Any) -> None:
    # Walked at phone size; the layout is checked at every size.
    size = "phone"
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
    # in German through and through: no English sentence in parentheses after it
    assert owner.text_content("#deal-error") == ("Die Augen ergeben zusammen 0, es müssen aber "
                                                "250 sein (mit dem letzten Stich).")
    shot(owner, f"pad-{size}-refused")

    # Vorhand must open: "all passed" is no choice; Anna-Lena goes out at 150.
    assert "thrown_in" not in owner.eval_on_selector_all(
        "#contract option", "os => os.map(o => o.value)")
    owner.select_option("#contract", "abgehen")
    owner.click("#enter")
    owner.wait_for_selector("#sheet tbody tr")
    assert owner.text_content("#deal-error") == ""
    client_tests.fits_every_size(owner, "pad")
    shot(owner, f"pad-{size}-owner")

    # A correction: the first deal was dealt by Carl, so Anna-Lena deals next.
    owner.click("#sheet tbody button")
    owner.select_option("#dealer", "2")
    owner.click("#enter")
    owner.wait_for_function("document.getElementById('status').textContent.includes('Anna')")
    # The share page follows within its poll interval.
    reader.wait_for_function(
        "document.querySelectorAll('#sheet tbody tr').length === 1 && "
        "document.getElementById('status').textContent.includes('Anna')", timeout=10_000)
    client_tests.fits_every_size(reader, "pad share")
    shot(reader, f"pad-{size}-reader")
    client_tests.axe_check(owner, "pad owner")
    client_tests.axe_check(reader, "pad reader")
    owner.close()
    reader.close()


def test_a_club_tournament_through_the_organiser_page(server: str, browser: Any) -> None:
    # Walked at phone size; the layout is checked at every size.
    size = "phone"
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
    client_tests.fits_every_size(org, "club organiser")
    shot(org, f"club-{size}-organiser")
    # The player's public page follows: the seating and a ranking with the round's totals.
    public.wait_for_function(
        "document.querySelectorAll('#round .table-card').length === 2 && "
        "document.querySelector('#ranking tbody').textContent.includes('302')",
        timeout=10_000)
    first = public.locator("#ranking tbody tr").first.text_content() or ""
    assert "302" in first
    client_tests.fits_every_size(public, "club public")
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
                 ("fill", "#re-tricks", "7"), ("select", "#announced-re", "0"),
                 ("fill", "#specials-re-0", "1"), ("fill", "#specials-kontra-1", "1")],
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


@pytest.mark.parametrize("game", list(GAME_DEALS))
def test_each_games_form_enters_a_deal_in_the_players_words(server: str, browser: Any,
                                                             game: str) -> None:
    # Walked at phone size; the layout is checked at every size.
    size = "phone"
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
    # which rules the pad changes, in the lobby's words, for whoever opens its link
    if case["options"]:
        rules = page.locator("#pad-rules")
        assert rules.locator("summary").inner_text() == \
            f"Geänderte Regeln: {len(case['options'])}"
        rules.locator("summary").click()
        items = rules.locator("li").all_inner_texts()
        assert len(items) == len(case["options"]) and all(x.endswith(": ja") for x in items)
    else:
        assert page.locator("#pad-rules").count() == 0
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
    client_tests.fits_every_size(page, f"pad {game}")
    shot(page, f"pad-{game}-{size}-form")
    page.click("#enter")
    page.wait_for_selector("#sheet tbody tr")
    assert page.text_content("#deal-error") == ""
    got = page.evaluate(f"fetch('/api/pads/{pad_id}').then(r => r.json())")["pad"]
    names = [n.strip() for n in case["players"].split(",")]
    mine = Pad.new(game, names, None, case["options"])
    expected = mine.read_entry(case["deal"]).to_json()
    assert got["deals"] == [expected]
    assert got["rules"]["options"] == case["options"]
    # The sheet shows the engine's scores of exactly that deal.
    mine.add(mine.read_entry(case["deal"]))
    row = page.locator("#sheet tbody tr").first.inner_text()
    for v in mine.totals():
        assert str(v) in row
    if size == "phone":
        client_tests.axe_check(page, f"pad {game}")
    page.close()


def doppelkopf_owner_page(browser: Any, server: str, size: str, options: dict[str, Any]
                          ) -> tuple[Any, str]:
    """A Doppelkopf pad under ``options`` made through the API, its owner page open."""
    w, h = client_tests.SIZES[size]
    page = browser.new_page(viewport={"width": w, "height": h}, bypass_csp=True,
                            locale="de-DE")
    page.goto(server + "/pad")
    made = page.evaluate("""(options) => fetch('/api/pads', {method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify({game: 'doppelkopf', players: ['Anna', 'Bert', 'Carl', 'Dora'],
                              options})}).then(r => r.json())""", options)
    page.goto(f"{server}/pad/{made['id']}#owner={made['token']}")
    page.wait_for_selector("#deal-form")
    return page, made["id"]


HOUSE_RULES = {"karlchen_gefangen": True, "karlchen_double": True, "fuchs_last_trick": True,
               "genscher": "first", "throw_nines": 5, "armut": True, "koenigssolo": True,
               "damen_buben_solo": True, "pflichtsolo": True, "bock_after": "tie",
               "bock_stack": 2}


def test_the_doppelkopf_form_offers_what_the_house_rules_make_possible(
        server: str, browser: Any) -> None:
    """Every special point of the options, the Genscher, throwing in, the Pflichtsolo and the
    Bockrunden on the page; the stored deals are what was typed, the sheet the engine's."""
    # Walked at phone size; the layout is checked at every size.
    size = "phone"
    page, pad_id = doppelkopf_owner_page(browser, server, size, HOUSE_RULES)
    words = page.eval_on_selector_all("#specials-box .sp-name", "es => es.map(e => e.textContent)")
    assert words == ["Doppelkopf", "Fuchs gefangen", "Karlchen", "Doppel-Karlchen",
                     "Karlchen gefangen", "Fuchs im letzten Stich"]
    contracts = page.eval_on_selector_all("#contract option", "os => os.map(o => o.value)")
    assert {"armut", "solo koenige", "solo damenbuben", "thrown in"} <= set(contracts)
    # 120 each: Doppelkopf for Re, a Karlchen caught by Kontra; a Bockrunde follows.
    page.check("#re-0")
    page.check("#re-2")
    page.fill("#re-augen", "120")
    page.fill("#re-tricks", "6")
    page.fill("#specials-re-0", "1")
    page.fill("#specials-kontra-4", "1")
    page.click("#enter")
    page.wait_for_selector("#sheet tbody tr")
    assert page.text_content("#deal-error") == ""
    page.wait_for_function("!document.getElementById('bock-hint').hidden")
    assert "2-fach" in page.text_content("#bock-hint")
    # A Genscher: Bert names Dora; the Re party is no longer asked.
    assert page.is_hidden("#genscher-row")
    page.check("#genscher")
    assert page.is_hidden("#re-box") and page.is_visible("#genscher-row")
    page.select_option("#genscher-0", "1")
    page.select_option("#genscher-1", "3")
    page.fill("#re-augen", "151")
    page.fill("#re-tricks", "7")
    page.select_option("#announced-re", "0")
    page.fill("#specials-re-5", "1")
    client_tests.fits_every_size(page, "doppelkopf house rules")
    shot(page, f"pad-doppelkopf-{size}-house-rules")
    page.click("#enter")
    page.wait_for_function("document.querySelectorAll('#sheet tbody tr').length === 2")
    assert page.text_content("#deal-error") == ""
    # A thrown-in deal: only the contract, with why a deal may be thrown in.
    page.select_option("#contract", "thrown in")
    assert "Neunen" in page.text_content("#contract-hint")
    assert page.is_hidden("#specials-box") and page.is_hidden("#re-augen")
    page.click("#enter")
    page.wait_for_function("document.querySelectorAll('#sheet tbody tr').length === 3")
    # A solo of a seat that owes one is his Pflichtsolo: the page says so.
    page.select_option("#contract", "solo koenige")
    page.select_option("#soloist", "2")
    assert "Pflichtsolo von Carl" in page.text_content("#contract-hint")
    assert page.is_hidden("#specials-box")
    shot(page, f"pad-doppelkopf-{size}-solo")
    # Contradicting special points: refused, the box marked, nothing entered.
    page.select_option("#contract", "normal")
    page.check("#re-0")
    page.check("#re-1")
    page.fill("#re-augen", "130")
    page.fill("#re-tricks", "7")
    page.fill("#specials-re-2", "1")
    page.fill("#specials-kontra-4", "1")
    page.click("#enter")
    page.wait_for_function("document.getElementById('deal-error').textContent !== ''")
    # said in the page's language, the box marked
    assert page.text_content("#deal-error") == \
        "Was der letzte Stich bringt, geht an die Partei, die ihn machte: an eine Partei."
    assert "field-error" in (page.get_attribute("#specials-box", "class") or "")
    got = page.evaluate(f"fetch('/api/pads/{pad_id}').then(r => r.json())")["pad"]
    assert got["deals"][0]["specials"] == [["Doppelkopf", "re"], ["Karlchen gefangen", "kontra"]]
    assert got["deals"][1]["genscher"] == [1, 3] and got["deals"][1]["re"] == [1, 3]
    assert got["deals"][1]["specials"] == [["Fuchs im letzten Stich", "re"]]
    assert got["deals"][2] == {"dealer": 2, "contract": "thrown in"}
    assert ["Bock" in ln["what"]["de"] for ln in got["sheet"]] == [False, True, True]
    # won 1, Re 2, keine 90 1, Fuchs im letzten Stich 1: 5, in a Bock deal 10
    assert got["sheet"][1]["scores"] == [-10, 10, -10, 10]
    row = page.locator("#sheet tbody tr").nth(1).inner_text().replace("\xa0", " ")
    assert "Genscher Bert" in row and "Bock ×2" in row
    shot(page, f"pad-doppelkopf-{size}-sheet")
    if size == "phone":
        client_tests.axe_check(page, "pad doppelkopf house rules")
    page.close()


def test_a_vorfuehrung_is_said_and_prefilled(server: str, browser: Any) -> None:
    """DDV Vorführen: four Pflichtsoli owed with four deals left, so the first deal is the
    solo of Bert (first after the dealer Anna): the page says so and offers his solo."""
    page, pad_id = doppelkopf_owner_page(browser, server, "phone", {
        "pflichtsolo": True, "vorfuehren": True, "deals_per_series": 4})
    page.wait_for_function("!document.getElementById('vorgefuehrt-hint').hidden")
    assert "Vorführung: Bert muss" in page.text_content("#vorgefuehrt-hint")
    assert page.input_value("#contract").startswith("solo")
    assert page.input_value("#soloist") == "1"
    # Not the usual Pflichtsolo hint: after a Vorführung the deal passes on.
    assert "derselbe Geber" not in (page.text_content("#contract-hint") or "")
    page.fill("#re-augen", "130")
    page.fill("#re-tricks", "7")
    shot(page, "pad-doppelkopf-phone-vorfuehrung")
    page.click("#enter")
    page.wait_for_selector("#sheet tbody tr")
    assert page.text_content("#deal-error") == ""
    # Dealer Bert next; Carl is vorgeführt now.
    page.wait_for_function(
        "document.getElementById('vorgefuehrt-hint').textContent.includes('Carl')")
    got = page.evaluate(f"fetch('/api/pads/{pad_id}').then(r => r.json())")["pad"]
    assert got["deals"][0]["re"] == [1] and got["deals"][0]["pflicht"] is True
    page.close()


@pytest.mark.parametrize("size", ["small", "desktop"])
def test_a_refused_deal_is_said_in_english_on_an_english_page(server: str, browser: Any,
                                                              size: str) -> None:
    w, h = client_tests.CROWDED_SIZES[size]
    page = browser.new_page(viewport={"width": w, "height": h}, bypass_csp=True,
                            locale="en-GB")
    page.add_init_script("localStorage.setItem('binokel.lang', 'en')")
    page.goto(server + "/pad")
    page.fill("#players", "Anna, Bert, Carl")
    page.click("button[type=submit]")
    page.wait_for_selector("#deal-form")
    page.select_option("#declarer", "0")
    page.fill("#bid", "155")
    page.click("#enter")
    page.wait_for_function("document.getElementById('deal-error').textContent !== ''")
    assert page.text_content("#deal-error") == \
        "Bid 155: bids go from 150 to 1500 in steps of 10."
    assert page.locator(".field-error").count() == 1      # the bid, marked
    shot(page, f"pad-{size}-refused-en")
    page.close()
