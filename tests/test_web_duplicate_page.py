"""The duplicate tournament's pages in a real browser, the story walked at phone size (390x844)
and each page's layout checked at desktop size (1280x800) too: the organiser creates a
tournament with open entry, makes an entry link that one person enters with, admits another
who asked from the public link (who waits meanwhile), closes entry (a stranger is told how
to get in), enters bots and starts the round; the persons follow "your table" and play their
deal by clicking, the table then says the round is played, and the pages show the comparison
and the rankings once every table is done. No horizontal overflow, no serious or critical
axe-core violation. Screenshots (with BINOKEL_SCREENSHOTS=1) go to /tmp/shots-pad/dup-*.png
(never committed)."""

from __future__ import annotations

from typing import Any

import test_web_client as client_tests
import test_web_e2e as e2e
import test_web_pad_page as pad_page

server = e2e.server
browser = e2e.browser
pytestmark = pad_page.pytestmark
shot = pad_page.shot    # into /tmp/shots-pad/, named dup-...


def german_page(browser: Any, size: str) -> Any:
    w, h = client_tests.SIZES[size]
    return browser.new_page(viewport={"width": w, "height": h}, bypass_csp=True,
                            locale="de-DE")


def test_one_round_through_the_organiser_and_player_pages(server: str, browser: Any) -> None:
    # The story is walked at phone size; each page's layout is checked at desktop size too.
    size = "phone"
    org = german_page(browser, size)
    org.goto(server + "/duplicate")
    org.fill("#d-title", "Duplicate-Abend")
    org.fill("#d-rounds", "1")
    org.fill("#d-deals", "1")
    org.select_option("#d-bot", "random")
    org.select_option("#d-preset", "aks")
    org.check("#d-open")
    shot(org, f"dup-{size}-create")
    org.click("button[type=submit]")
    org.wait_for_selector("#organiser #entry h2")
    public_url = org.input_value("#public-link")
    assert "(aks)" in org.text_content("#root")
    assert "#owner=" not in public_url
    assert org.is_checked("#open-entry")

    # Entry by the organiser's personal link: one for Anna-Lena.
    org.fill("#l-count", "3")
    org.fill("#l-note", "Stammtisch")
    org.click("#make-links button[type=submit]")
    org.wait_for_selector("#links input")
    assert org.locator("#links input").count() == 3
    link = org.input_value("#links input >> nth=0")
    assert "#entry=" in link and link.startswith(public_url)
    player = german_page(browser, size)
    player.goto(link)
    player.wait_for_selector("#join")
    assert "Anmeldelink" in player.text_content("#join h2")
    assert "#entry=" not in player.url          # a copied address does not pass it on
    shot(player, f"dup-{size}-player-link")
    player.fill("#j-name", "Anna-Lena")
    player.click("#join button[type=submit]")
    player.wait_for_function("document.getElementById('me').textContent.includes('Anna-Lena')")
    assert player.query_selector("#organiser") is None
    org.wait_for_function("document.querySelector('#entry').textContent"
                          ".includes('benutzt von Anna-Lena')", timeout=10_000)

    # Open entry: Bert asks from the public link and waits; the organiser admits him.
    bert = german_page(browser, size)
    bert.goto(public_url)
    bert.wait_for_selector("#join")
    assert "anfragen" in bert.text_content("#join h2").lower()
    bert.fill("#j-name", "Bert")
    bert.click("#join button[type=submit]")
    bert.wait_for_selector("#waiting")
    shot(bert, f"dup-{size}-player-waiting")
    org.wait_for_selector("#requests .request", timeout=10_000)
    assert "Bert" in org.text_content("#requests")
    client_tests.fits_every_size(org, "duplicate organiser entry")
    client_tests.axe_check(org, "duplicate organiser entry")
    shot(org, f"dup-{size}-organiser-entry")
    org.click("#requests button.primary")
    org.wait_for_function("!document.querySelector('#requests')", timeout=10_000)
    bert.wait_for_function("document.getElementById('me').textContent.includes('als Bert')",
                           timeout=10_000)
    # Entry closed again: a stranger with the public link is told how to get in.
    org.uncheck("#open-entry")
    org.wait_for_function("!document.getElementById('open-entry').checked")
    stranger = german_page(browser, size)
    stranger.goto(public_url)
    stranger.wait_for_selector("#entry-closed")
    shot(stranger, f"dup-{size}-player-closed")
    stranger.close()

    # The organiser plays too (his own entry form), and a bot fills the fourth seat.
    org.fill("#j-name", "Olga")
    org.click("#join button[type=submit]")
    org.wait_for_function("document.getElementById('me').textContent.includes('Olga')")
    for name in ("Dora",):
        org.fill("#b-name", name)
        org.select_option("#b-level", "random")
        org.click("#add-bot button[type=submit]")
        org.wait_for_function(f"document.querySelector('#players').textContent"
                              f".includes({name!r})")
    org.click("#start-round")
    org.wait_for_selector("#round-1 .table-card")
    assert org.locator("#round-1 .table-card").count() == 2
    client_tests.fits_every_size(org, "duplicate organiser")

    # The organiser is sent to his table at once, as the players are (not after a reload).
    org.wait_for_selector("#go-table", timeout=2_000)
    shot(org, f"dup-{size}-organiser-running")
    organiser_url = org.url
    org.click("#go-table")
    for page in (player, bert):
        page.wait_for_selector("#go-table", timeout=10_000)
    shot(player, f"dup-{size}-player-running")
    client_tests.axe_check(player, "duplicate player")
    for page in (player, bert):
        page.click("#go-table")
    for page in (player, bert, org):
        page.wait_for_selector("#hand .card")
    # Both tables to their end: a table's pages leave the loop with its result.
    playing = [player, bert, org]
    while playing:
        e2e.play_until_result(playing)
        playing = [p for p in playing if not p.locator("#result").count()]
    # The round's last deal: the table says where the results are, offers no next deal.
    player.wait_for_selector("#round-done")
    client_tests.fits_every_size(player, "duplicate table, round done")
    assert player.query_selector("#next") is None and player.query_selector("#rematch") is None
    shot(player, f"dup-{size}-table-done")

    player.goto(public_url)
    player.wait_for_selector("#ranking", timeout=15_000)
    player.click("details.comparison summary")
    text = player.text_content("#round-1")
    assert "mit dieser Hand machte Anna-Lena" in text
    assert "Anna-Lena" in player.text_content("#ranking")
    client_tests.fits_every_size(player, "duplicate player")
    shot(player, f"dup-{size}-player-after")
    org.goto(organiser_url)
    org.wait_for_selector("#ranking", timeout=10_000)
    assert org.query_selector("#start-round") is None    # one round: the tournament is over
    client_tests.fits_every_size(org, "duplicate organiser")
    client_tests.axe_check(org, "duplicate organiser")
    shot(org, f"dup-{size}-organiser-after")
    org.close()
    player.close()
    bert.close()


def test_a_shared_laptop_shows_each_their_own_entry(server: str, browser: Any) -> None:
    """A club's laptop (one browser): a guest's page asks for no entry of its own; Anna
    enters there as a guest (her token kept); Bert, who entered from his phone, logs in
    there and sees his own entry and, once the round runs, his own seat, never Anna's,
    with one ``.../me`` per page load; logged out, the laptop is Anna's again
    (docs/tournament.md, "Whose entry a page shows"). Screenshots: dup-shared-*.png."""
    from test_web_accounts_browser import log_in
    from test_web_accounts_browser import register

    org = browser.new_context()
    r = org.request.post(server + "/api/duplicates", data={
        "title": "Vereinsabend", "game": "binokel", "table_size": 3, "rounds": 1,
        "deals": 1, "bot": "random"})
    assert r.status == 201, r.text()
    did, own = r.json()["id"], {"x-owner-token": r.json()["token"]}
    made = org.request.post(f"{server}/api/duplicates/{did}/links", headers=own,
                            data={"count": 2})
    links = [f"{server}/duplicate/{did}#entry={x['code']}" for x in made.json()["links"]]
    public_url = f"{server}/duplicate/{did}"

    def add_bot(name: str) -> None:
        r = org.request.post(f"{server}/api/duplicates/{did}/players", headers=own,
                             data={"nickname": name, "bot": "random"})
        assert r.status == 201, r.text()

    asked: list[str] = []       # the laptop's requests for its own entry (request log)
    laptop = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE",
                                  bypass_csp=True)
    laptop.on("request", lambda q: asked.append(q.url) if q.url.endswith("/me") else None)
    page = laptop.new_page()

    # A guest with no token: his page never asks, not even when the page changes.
    page.goto(public_url)
    page.wait_for_selector("#entry-closed")
    add_bot("Dora")
    page.wait_for_function("document.querySelector('#players').textContent.includes('Dora')",
                           timeout=10_000)
    assert asked == []
    shot(page, "dup-shared-phone-guest")

    # Anna enters on the laptop as a guest; Bert from his phone, logged in.
    page.goto("about:blank")          # (the link differs from the page's address by its hash)
    page.goto(links[0])
    page.fill("#j-name", "Anna")
    page.click("#join button[type=submit]")
    page.wait_for_selector("#me:has-text('als Anna')")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE",
                                  bypass_csp=True)
    bert = phone.new_page()
    register(bert, server, "Bert")
    bert.goto(links[1])
    bert.fill("#j-name", "Bert")
    bert.click("#join button[type=submit]")
    bert.wait_for_selector("#me:has-text('als Bert')")
    # His account keeps his entry: no token of it in his browser.
    assert bert.evaluate(f"localStorage.getItem('binokel.duplicate.{did}')") is None

    # Bert logs in on the laptop: his own entry, one question for it per page load.
    log_in(page, server, "Bert")
    asked.clear()
    page.goto(public_url)
    page.wait_for_selector("#me:has-text('als Bert')")
    assert "Anna" not in page.inner_text("#me")
    assert page.query_selector("#other-entry") is not None   # Anna's token, not used
    add_bot("Emil")            # a change of the page: no new question
    page.wait_for_function("document.querySelector('#players').textContent.includes('Emil')",
                           timeout=10_000)
    assert len(asked) == 1, asked
    # The round starts: his table, his seat (a question for it), never Anna's.
    r = org.request.post(f"{server}/api/duplicates/{did}/rounds", headers=own, data={})
    assert r.status == 200, r.text()
    page.wait_for_selector("#go-table", timeout=10_000)
    assert len(asked) == 2, asked
    seats = {s["name"]: (tb["number"], k + 1) for rnd in r.json()["duplicate"]["played"]
             for tb in rnd["tables"] for k, s in enumerate(tb["seats"])}
    number, seat = seats["Bert"]
    assert f"Tisch {number}" in page.inner_text("#your-table")
    assert f"Platz {seat}" in page.inner_text("#your-table"), page.inner_text("#your-table")
    assert seats["Anna"] != seats["Bert"]
    client_tests.fits_every_size(page, "duplicate, logged in on a shared laptop")
    for size in ("phone", "desktop"):
        w, h = client_tests.SIZES[size]
        page.set_viewport_size({"width": w, "height": h})
        shot(page, f"dup-shared-{size}-account")
    client_tests.axe_check(page, "duplicate, logged in on a shared laptop")

    # Logged out, the laptop is Anna's again: her entry and her seat.
    page.goto(server + "/account")
    page.click("#logout")
    page.wait_for_selector("#login")
    # (Her first question fails on the way: the page asks again at its next poll.)
    failed: list[str] = []

    def fail_once(route: Any) -> None:
        if failed:
            route.continue_()
        else:
            failed.append(route.request.url)
            route.abort()
    page.route("**/me", fail_once)
    page.goto(public_url)
    page.wait_for_selector("#me:has-text('als Anna')", timeout=10_000)
    assert failed
    page.unroute("**/me")
    page.wait_for_selector("#go-table")
    assert f"Platz {seats['Anna'][1]}" in page.inner_text("#your-table")
    assert page.query_selector("#other-entry") is None
    shot(page, "dup-shared-desktop-guest-entered")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "dup-shared-phone-guest-entered")
    phone.close()
    laptop.close()
    org.close()
