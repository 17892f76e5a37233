"""The server's refusals in the player's language: the client maps each error code a player
can meet to German and English words (``err_<code>`` among the browser's words,
``web/texts.toml``, shown by ``errorText`` of ``static/words.js``), keeping the server's own
sentence where it names the detail, or saying the exact fault a person typed (the server's
``reason``, ``why_<reason>``) whole.

In a real browser (the fixtures of ``test_web_e2e``): a seat taken meanwhile by another
client and a nickname without a letter (HTTP, the join panel), and an action without the
state it was chosen in (the table's WebSocket), each with the German and the English
interface. Screenshots of the German ones go to /tmp/errde-*.png for people to look at.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import shots
import test_web_e2e as e2e
from binokel.web.pages import BROWSER
from test_web_e2e import CHROMIUM

server = e2e.server      # the fixtures: a real server on loopback, Debian's Chromium
browser = e2e.browser

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "src" / "binokel" / "web"
# Failures the client meets without the server's word (net.js's api): no answer at all, or
# an answer that is not the server's JSON (a proxy's error page).
CLIENT_CODES = {"offline", "http"}

# The codes a player meets in normal use: each must have its words.
PLAYER_CODES = {
    "seat_taken", "not_your_turn", "illegal", "bad_move", "stale", "rate_limited", "too_many",
    "too_many_tables", "server_full", "no_table", "not_seated", "chat_off", "bad_chat",
    "bad_nickname", "hints_off", "round_over", "sealed", "busy", "not_started", "no_deal",
    "too_large", "bad_seed", "bad_options", "bad_settings", "bad_players", "bad_game"}

WORDS = {
    "de": {"seat_taken": "Der Platz ist schon besetzt.",
           "bad_nickname": "Der Name braucht mindestens einen Buchstaben oder eine Ziffer.",
           "bad_move": "Da ist was durcheinander – lad die Seite neu."},
    "en": {"seat_taken": "That seat is taken.",
           "bad_nickname": "A name needs a letter or a digit.",
           "bad_move": "Something got mixed up – reload the page."},
}


def mapped_codes() -> set[str]:
    return {key[len("err_"):] for key in BROWSER["de"] if key.startswith("err_")}


def server_codes() -> set[str]:
    """Every error code the web server's sources raise or send."""
    codes: set[str] = set()
    for path in WEB.glob("*.py"):
        src = path.read_text(encoding="utf-8")
        # WebError/TableError/OutOfDate/reply_error(code, message, ...)
        codes |= set(re.findall(r"(?:Error|OutOfDate|reply_error)\(\s*\"([a-z_]+)\"", src))
        codes |= set(re.findall(r"\"code\":\s*\"([a-z_]+)\"", src))
        # duplicate.py's _fail(message, code="invalid", status): the code after the message
        codes |= set(re.findall(r"code: str = \"([a-z_]+)\"", src))
        for call in re.findall(r"_fail\(((?:[^()]|\([^()]*\))*)\)", src):
            codes |= set(re.findall(r",\s*\"([a-z_]+)\"", call))
    return codes


def test_every_mapped_code_is_one_the_server_uses() -> None:
    """The client's table cannot drift: no words for a code the server never sends, and
    words for every code a player meets in normal use."""
    mapped, used = mapped_codes(), server_codes()
    assert used >= PLAYER_CODES, sorted(PLAYER_CODES - used)
    assert not used & CLIENT_CODES, sorted(used & CLIENT_CODES)
    assert mapped <= used | CLIENT_CODES, sorted(mapped - used - CLIENT_CODES)
    assert mapped >= PLAYER_CODES, sorted(PLAYER_CODES - mapped)


def test_every_reason_the_server_gives_has_words_in_both_languages() -> None:
    """``reason="..."`` in the server's sources and ``why_<reason>`` in the client's texts
    name the same set, and the texts' placeholders are the parameters the server sends:
    each in both texts, or one language's (``..._de``, ``..._en``) in that one's."""
    words = {key[len("why_"):]: (BROWSER["de"][key], BROWSER["en"][key])
             for key in BROWSER["de"] if key.startswith("why_")}
    given: dict[str, set[str]] = {}
    for path in WEB.glob("*.py"):
        src = path.read_text(encoding="utf-8")
        for reason, params in re.findall(
                r"reason=\"([a-z_]+)\"(?:,\s*params=\{([^}]*)\})?", src):
            given.setdefault(reason, set()).update(re.findall(r"\"([a-z_]+)\":", params))
        # names.py's refuse(message, reason, **params)
        for call in re.findall(r"raise refuse\(((?:[^()]|\([^()]*\))*)\)", src):
            for reason in re.findall(r",\s*\"([a-z_]+)\"", call):
                given.setdefault(reason, set()).update(re.findall(r"\b([a-z_]+)=", call))
    assert given and set(words) == set(given), (sorted(words), sorted(given))
    for reason, (de, en) in words.items():
        for s, other in ((de, "_en"), (en, "_de")):
            wanted = {p for p in given[reason] if not p.endswith(other)}
            assert set(re.findall(r"\{([a-z_]+)\}", s)) == wanted, (reason, s)


# Every socket the page opens, so that the test can speak through the page's own one.
CATCH_SOCKETS = """
window.__sockets = [];
const Plain = window.WebSocket;
window.WebSocket = class extends Plain {
  constructor(...a) { super(...a); window.__sockets.push(this); }
};
"""

NEW_TABLE = """async () => {
  const r = await fetch('/api/tables', { method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({ game: 'binokel', players: 3, bots: [null, null, 'heuristic'] }) });
  return (await r.json()).id;
}"""

TAKE = """async ([id, seat, nickname]) => (await fetch(`/api/tables/${id}/join`, {
  method: 'POST', headers: {'Content-Type': 'application/json'},
  body: JSON.stringify({ seat, nickname }) })).status"""


def said(page: Any, selector: str) -> str:
    page.wait_for_function("s => (document.querySelector(s)?.textContent || '').length > 3",
                           arg=selector)
    return str(page.locator(selector).inner_text()).strip()


@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")
@pytest.mark.parametrize("lang", ["de", "en"])
def test_server_errors_are_said_in_the_players_language(server: str, browser: Any,
                                                        lang: str) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.add_init_script(f"localStorage.setItem('binokel.lang', '{lang}')")
    page.add_init_script(CATCH_SOCKETS)
    page.goto(server + "/")
    page.wait_for_selector("#create")
    tid = page.evaluate(NEW_TABLE)
    page.goto(f"{server}/t/{tid}")
    page.wait_for_selector("#join-0")
    # Somebody else sits down on seat 0 while the join panel still offers it.
    assert page.evaluate(TAKE, [tid, 0, "Karle"]) == 200
    page.fill("#nickname", "Ute")
    page.click("#join-0")
    words = WORDS[lang]
    assert said(page, ".join .error") == words["seat_taken"]
    # The panel is drawn again as the seats are now: seat 0 no longer offered, the name kept.
    assert page.locator("#join-0").count() == 0 and page.locator("#join-1").count() == 1
    assert page.input_value("#nickname") == "Ute"
    if lang == "de":
        shots.take(page, "/tmp/errde-join-phone.png")
        page.set_viewport_size({"width": 1280, "height": 800})
        shots.take(page, "/tmp/errde-join-desktop.png")
        page.set_viewport_size({"width": 390, "height": 844})
    # A nickname without a letter: the server's reason stays.
    page.fill("#nickname", "!!!")
    page.click("#join-1")
    page.wait_for_function("w => document.querySelector('.join .error')?.textContent === w",
                           arg=words["bad_nickname"])
    if lang == "de":
        shots.take(page, "/tmp/errde-nick-phone.png")
    page.fill("#nickname", "Ute")
    page.click("#join-1")
    page.wait_for_selector("#hand .card")
    # The table's socket: an action that does not name the state it was chosen in.
    page.evaluate("""() => window.__sockets.filter(s => s.readyState === 1).at(-1)
        .send(JSON.stringify({ type: 'action', action: 'x' }))""")
    assert said(page, "#errors") == words["bad_move"]
    banner_clear_of_status(page)
    if lang == "de":
        shots.take(page, "/tmp/errde-table-phone.png")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate("""() => window.__sockets.filter(s => s.readyState === 1).at(-1)
        .send(JSON.stringify({ type: 'action', action: 'y' }))""")
    page.wait_for_function("() => document.querySelector('#errors .error')?.textContent")
    banner_clear_of_status(page)
    if lang == "de":
        shots.take(page, "/tmp/errde-table-desktop.png")
    # A tap puts it away at once.
    page.click("#errors .error")
    assert page.locator("#errors .error").count() == 0
    page.close()


def banner_clear_of_status(page: Any) -> None:
    """The error banner lies below the status bar (whose turn it is stays readable) and
    within the felt (it does not cover the side panel)."""
    box = page.locator("#errors .error").bounding_box()
    status = page.locator("#status").bounding_box()
    felt = page.locator("#play").bounding_box()
    assert box is not None and status is not None and felt is not None
    assert box["y"] >= status["y"] + status["height"]
    assert felt["x"] <= box["x"] and box["x"] + box["width"] <= felt["x"] + felt["width"] + 1


@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_pad_page_says_a_refusal_in_the_browsers_language(server: str, browser: Any,
                                                              lang: str) -> None:
    """The score pad's page (docapi.js, in the browser's language) goes through the same
    words: a pad that does not exist, with the server's detail kept."""
    context = browser.new_context(locale="de-DE" if lang == "de" else "en-GB",
                                  viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server + "/pad/nosuchpad")
    text = said(page, "p.error")
    assert text == {"de": "Nicht gefunden (no such document)", "en": "no such document"}[lang]
    context.close()


@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")
@pytest.mark.parametrize("lang", ["de", "en"])
def test_an_option_out_of_range_is_said_whole_in_the_lobby(server: str, browser: Any,
                                                           lang: str) -> None:
    """A number typed into the lobby's rules that the rule does not take: the lobby names
    the rule and what it takes in the player's language, with no English inside German."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.add_init_script(f"localStorage.setItem('binokel.lang', '{lang}')")
    page.goto(server + "/")
    page.wait_for_selector("#create")
    page.fill("#nickname", "Anna")
    page.select_option("#game", "binokel")
    page.locator("#options summary").click()
    page.fill("#opt-min_bid", "5000")
    page.click("#create")
    text = said(page, ".error")
    assert text == {"de": "Bei „Niedrigstes Reizgebot“ geht nur eine Zahl von 10 bis 1000.",
                    "en": "“Lowest bid” takes a number from 10 to 1000."}[lang], text
    page.locator(".error").scroll_into_view_if_needed()
    shots.take(page, f"/tmp/errde-option-{lang}.png")
    page.close()


@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")
def test_a_choice_among_values_reads_as_what_they_mean(server: str, browser: Any) -> None:
    """The lobby offers an option's values by what they mean ("beim zweiten Karo-König"),
    not by the key a record keeps ("second"); the table gets the key."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.add_init_script("localStorage.setItem('binokel.lang', 'de')")
    page.goto(server + "/")
    page.wait_for_selector("#create")
    page.fill("#nickname", "Anna")
    page.select_option("#game", "doppelkopf")
    page.locator("#options summary").click()
    genscher = page.locator("#opt-genscher option")
    assert genscher.all_inner_texts() == ["nie", "beim ersten Karo-König",
                                          "beim zweiten Karo-König"]
    assert page.locator("#opt-genscher").input_value() == "off"
    page.select_option("#opt-genscher", label="beim zweiten Karo-König")
    karlchen = page.locator("#opt-karlchen option").all_inner_texts()
    assert karlchen == ["der Karo-Bube", "der Kreuz-Bube (DDV)", "keiner"]
    page.locator("#opt-genscher").scroll_into_view_if_needed()
    shots.take(page, "/tmp/lobby-option-values.png")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/"))
    table_id = page.url.rstrip("/").split("/t/")[1].split("?")[0].split("#")[0]
    info = page.request.get(f"{server}/api/tables/{table_id}").json()
    assert info["rules"]["options"]["genscher"] == "second"
    page.close()
