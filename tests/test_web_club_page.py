"""A whole small club tournament in a real browser, walked at phone size (390x844) with each
page's layout checked at desktop size (1280x800) too: the organiser creates it with a preset
and table size, registers players, draws three rounds (a late arrival, a withdrawal); one
table of the first round enters its deals on its own phone through the score pad the
organiser made for it, the others by round totals; the public page follows to the final
ranking, and the PDF links answer with the right text. No horizontal overflow and no serious
or critical axe-core violation on the way. Screenshots (with BINOKEL_SCREENSHOTS=1) go to
/tmp/shots-club/ (never committed)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

import shots
import test_web_client as client_tests
import test_web_e2e as e2e
from test_web_e2e import CHROMIUM

server = e2e.server
browser = e2e.browser

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

SHOTS = Path("/tmp/shots-club")
NAMES = ["Anna-Lena Maier", "Bert", "Carl", "Dora", "Emil", "Fritz", "Gül", "Hans", "Inge"]


def shot(page: Any, name: str) -> None:
    shots.take(page, SHOTS / f"{name}.png", full_page=True)


def state(page: Any, club_id: str) -> dict[str, Any]:
    got: dict[str, Any] = page.evaluate(
        f"fetch('/api/clubs/{club_id}').then(r => r.json())")["tournament"]
    return got


def checked(page: Any, where: str, axe: bool) -> None:
    client_tests.fits_every_size(page, where)
    if axe:
        client_tests.axe_check(page, where)


def enter_totals(org: Any, no: int, scores: list[int]) -> None:
    for k, v in enumerate(scores):
        org.fill(f"#score-{no}-{k}", str(v))
    org.click(f"#save-{no}")
    org.wait_for_function(f"document.querySelector('#table-{no} h3').textContent.includes('✓')")


def test_a_whole_club_tournament_in_the_browser(server: str, browser: Any) -> None:
    # The story is walked at phone size; each page's layout is checked at desktop too.
    size = "phone"
    w, h = client_tests.SIZES[size]
    axe = True

    def new_page() -> Any:
        return browser.new_page(viewport={"width": w, "height": h}, bypass_csp=True,
                                locale="de-DE")

    org = new_page()
    org.goto(server + "/club")
    org.wait_for_selector("#club-preset option", state="attached")
    org.fill("#c-title", "Herbstturnier 2026")
    org.fill("#c-place", "Gasthaus Krone")
    org.select_option("#club-preset", "aks")
    assert org.input_value("#c-deals") == "15"          # the preset's deals per round
    org.fill("#c-deals", "2")
    assert org.text_content("#club-preset-text")      # what the preset means, in words
    org.uncheck("#c-size-4")                            # tables of three only
    assert org.is_hidden("#c-preferred")
    checked(org, "club create", axe)
    shot(org, f"club-{size}-0-create")
    org.click("form button[type=submit]")
    org.wait_for_selector("#register")
    club_id = org.url.split("/club/")[1].split("#")[0]
    t = state(org, club_id)
    assert t["rules"]["preset"] == "aks" and t["table_sizes"] == [3] and t["rounds"] == 3
    for name in NAMES:
        org.fill("#p-name", name)
        org.click("#register button[type=submit]")
        org.wait_for_function(f"document.querySelector('#players').textContent.includes({name!r})")
    public = new_page()
    public.goto(org.url.split("#")[0])
    public.wait_for_selector("#ranking")
    assert public.query_selector("#organiser") is None
    # what is played, for the players too: game, preset, rounds and deals, changed rules
    assert public.text_content("#club-about") == \
        "Binokel · Hausregeln: aks · Runden: 3 · Spiele je Runde: 2"
    assert (public.query_selector("#club-rules") is None) == (not t["rules"]["options"])
    assert public.query_selector("#dl-cards") is None   # no round drawn: no table cards yet

    # Round 1: three tables; table 1 gets a score pad, the others enter totals.
    org.click("#start-round")
    org.wait_for_selector("#round .table-card")
    assert org.locator("#round .table-card").count() == 3
    # No draw button while the round misses results: what it waits for instead.
    assert org.query_selector("#start-round") is None
    assert "Tisch 1, 2, 3" in org.text_content("#waiting")
    org.click("#pad-make-1")
    org.wait_for_selector("#pad-link-1")
    pad_url = org.input_value("#pad-link-1")
    assert "#owner=" in pad_url
    t = state(org, club_id)
    pad_id = t["played"][0]["pads"][0]["pad"]
    assert pad_url.split("/pad/")[1].startswith(pad_id)
    # A late arrival during round 1 plays from round 2.
    org.fill("#p-name", "Jakob")
    org.click("#register button[type=submit]")
    org.wait_for_function("document.querySelector('#players').textContent.includes('Jakob')")
    assert "Jakob (ab Runde 2)" in org.text_content("#players")
    checked(org, "club organiser round 1", axe)
    shot(org, f"club-{size}-1-round1")

    # The table's phone: the pad's owner link, the game's form, two deals.
    table = browser.new_page(viewport={"width": 390, "height": 844}, bypass_csp=True,
                             locale="de-DE")
    table.goto(pad_url)
    table.wait_for_selector("#deal-form")
    seats = t["played"][0]["tables"][0]
    names = {p["number"]: p["name"] for p in t["players"]}
    assert table.inner_text("#pad-about").startswith(", ".join(names[n] for n in seats))
    table.select_option("#declarer", "1")
    table.fill("#bid", "300")
    for i, (m, p) in enumerate(zip((40, 200, 0), (60, 150, 40), strict=True)):
        table.fill(f"#melds-{i}", str(m))
        table.fill(f"#points-{i}", str(p))
    table.click("#enter")
    table.wait_for_function("document.querySelectorAll('#sheet tbody tr').length === 1")
    table.select_option("#contract", "abgehen")
    table.select_option("#declarer", "1")
    table.fill("#bid", "150")
    table.click("#enter")
    table.wait_for_function("document.querySelectorAll('#sheet tbody tr').length === 2")
    pad = table.evaluate(f"fetch('/api/pads/{pad_id}').then(r => r.json())")["pad"]
    assert len(pad["deals"]) == 2
    checked(table, "table pad", axe)
    shot(table, f"club-{size}-2-table-pad")
    table.close()

    # The organiser sees the pad's progress and takes its totals.
    org.wait_for_function(
        "document.getElementById('pad-progress-1').textContent.includes('2 von 2')",
        timeout=10_000)
    org.click("#pad-take-1")
    org.wait_for_function("document.querySelector('#table-1 h3').textContent.includes('✓')")
    for no in (2, 3):
        scores = [100 * (k + 1) + 10 * no for k in range(3)]
        enter_totals(org, no, scores)
    t = state(org, club_id)
    result = next(x for x in t["played"][0]["results"] if x["table"] == 1)
    assert result["scores"] == pad["totals"] and result["pad"]["deals"] == pad["deals"]
    checked(org, "club organiser round 1 entered", False)
    shot(org, f"club-{size}-3-round1-entered")

    # A withdrawal after round 1: Carl keeps his points and is seated no more.
    carl = next(p["number"] for p in t["players"] if p["name"] == "Carl")
    org.click("#players button[aria-label='Abmelden: Carl']")
    org.wait_for_function(
        "document.querySelector('#players').textContent.includes('Carl (abgemeldet)')")

    for round_no in (2, 3):
        org.click("#start-round")
        org.wait_for_function(
            f"document.querySelector('#round h2').textContent.startsWith('Runde {round_no}')")
        t = state(org, club_id)
        tables = t["played"][-1]["tables"]
        seated = sorted(n for tb in tables for n in tb)
        jakob = next(p["number"] for p in t["players"] if p["name"] == "Jakob")
        assert jakob in seated and carl not in seated and len(seated) == 9
        for no in range(1, len(tables) + 1):
            enter_totals(org, no, [round_no * 10 + no + k for k in range(3)])
    # The last round: nothing more to draw.
    org.wait_for_selector("#all-drawn")
    assert org.query_selector("#start-round") is None
    checked(org, "club organiser over", axe)
    shot(org, f"club-{size}-4-organiser-over")

    # The public page: the final ranking, as the entered totals add up.
    t = state(org, club_id)
    totals: dict[int, int] = {}
    for rnd in t["played"]:
        for res in rnd["results"]:
            for who, v in zip(rnd["tables"][res["table"] - 1], res["scores"], strict=True):
                totals[who] = totals.get(who, 0) + v
    expected: dict[str, str] = {}
    for n, total in totals.items():
        name = names.get(n) or next(p["name"] for p in t["players"] if p["number"] == n)
        expected[name + (" (abgemeldet)" if n == carl else "")] = str(total)
    # The public page polls: wait until it shows the last round's totals, every one of them
    # (the best total alone may already show in an older ranking, as it did under load).
    public.wait_for_function(
        """(expected) => document.querySelector('#round h2').textContent
             .startsWith('Runde 3') && Object.entries(expected).every(([name, total]) =>
             [...document.querySelectorAll('#ranking tbody tr')].some((r) =>
               r.cells[1].textContent === name
               && r.cells[r.cells.length - 1].textContent === total))""",
        arg=expected, timeout=15_000)
    rows = public.eval_on_selector_all(
        "#ranking tbody tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent))")
    by_name = {row[1]: row for row in rows}
    for key, total in expected.items():
        assert by_name[key][-1] == total, (key, by_name[key])
    assert by_name["Jakob"][2] == "–"                   # the late arrival missed round 1
    assert rows[0][0] == "1" and rows[0][-1] == str(max(totals.values()))
    assert public.query_selector(f"a[href='/pad/{pad_id}']") is None   # round 3 has no pad
    checked(public, "club public over", axe)
    shot(public, f"club-{size}-5-public-over")

    # Every PDF link answers with the printout it names.
    expect = {"dl-ranking": ["Rangliste nach Runde 3", "Jakob"],
              "dl-slips": ["Laufzettel: Jakob", "Laufzettel: Bert"],
              "dl-cards": ["Runde 3", "Tisch 3", "Platz 1 gibt zuerst"]}
    for link, words in expect.items():
        href = public.get_attribute(f"#{link}", "href")
        r = public.request.get(server + href)
        assert r.status == 200 and r.headers["content-type"] == "application/pdf", href
        text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(r.body())).pages)
        assert all(word in text for word in words), (link, text[:300])
    for link in ("dl-ranking-csv", "dl-scores"):
        r = public.request.get(server + public.get_attribute(f"#{link}", "href"))
        assert r.status == 200 and "Jakob" in r.text()
    org.close()
    public.close()


@pytest.mark.parametrize(("size", "lang", "heading"), [
    ("phone", "de", "Vereinsabend – 27.11.2026"),
    ("small", "en", "Vereinsabend – 2026-11-27"),
    ("desktop", "de", "Vereinsabend – Krone, 27.11.2026")])
def test_the_heading_leaves_out_a_place_not_set(server: str, browser: Any, size: str,
                                                 lang: str, heading: str) -> None:
    """No place: no dangling dash or comma ("Vereinsabend – , 27.11.2026" read broken)."""
    w, h = client_tests.CROWDED_SIZES[size]
    page = browser.new_page(viewport={"width": w, "height": h})
    page.add_init_script(f"localStorage.setItem('binokel.lang', '{lang}')")
    page.goto(server + "/club")
    place = "Krone" if "Krone" in heading else ""
    made = page.evaluate(
        """(place) => fetch('/api/clubs', {method: 'POST', headers: {'content-type':
             'application/json'}, body: JSON.stringify({title: 'Vereinsabend', game: 'binokel',
             date: '2026-11-27', place})}).then(r => r.json())""", place)
    page.goto(f"{server}/club/{made['id']}")
    page.wait_for_selector("#ranking")
    assert page.text_content("h2") == heading
    shot(page, f"club-heading-{size}-{lang}")
    page.close()
