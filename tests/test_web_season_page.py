"""A club's season in a real browser, at phone size (390x844): three club evenings made
through the API (the browser adds nothing there), then the organiser creates the season
(best 2 evenings), adds members by name and one by his account, attaches the evenings by
their links, matches another spelling, and the page shows the ranking; the PDF downloads
with the ranking in it; the member, logged in, finds the season under "my seasons" and
his own line marked. No horizontal overflow and no serious or critical axe-core
violation. Then screenshots of the organiser's and the member's page at 390x844, 360x640
and 1280x800 in German and English to /tmp/shots-season/ (never committed)."""

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
from test_web_seasons import EVENINGS

server = e2e.server
browser = e2e.browser

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

SHOTS = Path("/tmp/shots-season")
SCREENS = {"390x844": (390, 844), "360x640": (360, 640), "1280x800": (1280, 800)}


def club_evening(api: Any, server: str, title: str, date: str, deals: int,
                 points: dict[str, int]) -> str:
    """A club tournament of one round at one table with these players' totals (through
    Playwright's request context: the API, no page)."""
    r = api.post(f"{server}/api/clubs", data={"title": title, "date": date,
                                              "game": "binokel", "rounds": 1,
                                              "deals_per_round": deals})
    cid, own = r.json()["id"], {"x-owner-token": r.json()["token"]}
    numbers = {api.post(f"{server}/api/clubs/{cid}/players", data={"name": n},
                        headers=own).json()["result"]: n for n in points}
    tables = api.post(f"{server}/api/clubs/{cid}/rounds", data={},
                      headers=own).json()["result"]
    for i, table in enumerate(tables["tables"], 1):
        r = api.post(f"{server}/api/clubs/{cid}/rounds/1/tables/{i}", headers=own,
                     data={"scores": [points[numbers[n]] for n in table]})
        assert r.status == 200, r.text()
    return cid


def rows(page: Any) -> list[list[str]]:
    got: list[list[str]] = page.eval_on_selector_all(
        "#ranking tbody tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent))")
    return got


def checked(page: Any, where: str) -> None:
    client_tests.no_horizontal_overflow(page, where)
    client_tests.axe_check(page, where)


@pytest.mark.browser
def test_an_organiser_builds_a_season_over_three_evenings(server: str, browser: Any) -> None:
    clubs = browser.new_context()
    links = [f"{server}/club/{club_evening(clubs.request, server, *e)}" for e in EVENINGS]
    clubs.close()
    phone = {"viewport": {"width": 390, "height": 844}, "bypass_csp": True, "locale": "de-DE"}
    # Bert has an account of his own, in his own browser
    bert = browser.new_context(**phone)
    r = bert.request.post(f"{server}/api/account/register",
                          data={"name": "Bert", "password": "geheim123"})
    assert r.status == 201, r.text()

    org = browser.new_context(**phone, accept_downloads=True).new_page()
    org.goto(server + "/season")
    org.wait_for_selector("#s-club")
    org.fill("#s-club", "Binokelfreunde Krone")
    org.select_option("#s-rule", "best")
    org.fill("#s-best", "2")
    checked(org, "season create")
    org.click("#create button[type=submit]")
    org.wait_for_selector("#members")
    season_id = org.url.split("/season/")[1].split("#")[0]
    for name in ("Anna", "Carl"):
        org.fill("#member-guest", name)
        org.click("#member-guest-form button")
        org.wait_for_selector(f"#member-list li:has-text('{name}')")
    org.fill("#member-account", "Bert")
    org.click("#member-account-form button")
    org.wait_for_selector("#member-list li:has-text('Bert (Konto)')")
    for n, link in enumerate(links, 1):
        org.fill("#evening-link", link)
        org.click("#attach button")
        org.wait_for_function(f"document.querySelector('#evenings h2').textContent"
                              f".includes('({n})')")
    # Carlo on the March list is Carl; Dora is no member (and the rule ranks no guests)
    org.wait_for_selector("#unmatched li:has-text('Carlo')")
    carlo = org.locator("#unmatched li", has_text="Carlo")
    carlo.locator("select").select_option("Carl")
    carlo.get_by_role("button", name="Zuordnen").click()
    org.wait_for_selector("#member-list li:has-text('auch: Carlo')")
    assert rows(org) == [["1", "Anna", "500", "(100)", "200", "700"],
                         ["1", "Bert", "300", "400", "(-50)", "700"],
                         ["3", "Carl", "-100", "–", "600", "500"]]
    assert "die besten 2 Abende" in org.text_content("#season-about")
    checked(org, "season organiser")
    with org.expect_download() as got:
        org.click("#dl-pdf")
    pdf = PdfReader(io.BytesIO(Path(got.value.path()).read_bytes()))
    text = "\n".join(p.extract_text() for p in pdf.pages)
    assert "Jahreswertung: Binokelfreunde Krone" in text and "(-50)" in text

    # Bert finds the season on his account page and his line marked on the season's
    page = bert.new_page()
    page.goto(server + "/account")
    page.wait_for_selector("#my-seasons-list a")
    assert "Platz 1 · 700" in page.text_content("#my-seasons-list")
    assert "null" not in page.text_content("#root")    # no passkeys on 127.0.0.1: no box
    shots.take(page, str(SHOTS / "account-my-seasons-390x844-de.png"), full_page=True)
    page.click("#my-seasons-list a")
    page.wait_for_selector("#my-line")
    assert page.text_content("#my-line td:nth-child(2)") == "Bert (du)"
    assert page.locator("#members").count() == 0        # no organiser's link, no controls
    checked(page, "season member")

    # screenshots: the organiser's page and the member's, every size, both languages
    for locale in ("de-DE", "en-US"):
        for size, (w, h) in SCREENS.items():
            for who, ctx, url in [("create", org.context, f"{server}/season"),
                                  ("organiser", org.context, org.url),
                                  ("member", bert, f"{server}/season/{season_id}#me")]:
                p = ctx.new_page()
                p.set_viewport_size({"width": w, "height": h})
                p.add_init_script(f"localStorage.setItem('binokel.lang', '{locale[:2]}')")
                p.goto(url)
                p.wait_for_selector("#s-rule" if who == "create" else "#ranking tbody tr")
                client_tests.no_horizontal_overflow(p, f"{who} {size} {locale}")
                shots.take(p, str(SHOTS / f"season-{who}-{size}-{locale[:2]}.png"),
                             full_page=True)
                p.close()
