"""The duplicate tournament's pages in a real browser at phone (390x844) and desktop
(1280x800) size: the organiser creates a tournament and enters bots, a person joins by the
public link, the organiser starts the round, the person follows "your table", plays his deal
by clicking, his table then says the round is played, and both pages show the comparison
and the rankings once every table is done.
No horizontal overflow, no serious or critical axe-core violation. Screenshots go to
/tmp/shots-pad/dup-*.png (never committed)."""

from __future__ import annotations

from typing import Any

import pytest

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


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_one_round_through_the_organiser_and_player_pages(server: str, browser: Any,
                                                          size: str) -> None:
    org = german_page(browser, size)
    org.goto(server + "/duplicate")
    org.fill("#d-title", "Duplicate-Abend")
    org.fill("#d-rounds", "1")
    org.fill("#d-deals", "1")
    org.select_option("#d-bot", "random")
    org.select_option("#d-preset", "aks")
    shot(org, f"dup-{size}-create")
    org.click("button[type=submit]")
    org.wait_for_selector("#organiser")
    public_url = org.input_value("#public-link")
    assert "(aks)" in org.text_content("#root")
    assert "#owner=" not in public_url

    player = german_page(browser, size)
    player.goto(public_url)
    player.fill("#j-name", "Anna-Lena")
    player.click("#join button[type=submit]")
    player.wait_for_function("document.getElementById('me').textContent.includes('Anna-Lena')")
    assert player.query_selector("#organiser") is None

    for name in ("Bert", "Carl", "Dora", "Emil"):
        org.fill("#b-name", name)
        org.select_option("#b-level", "random")
        org.click("#add-bot button[type=submit]")
        org.wait_for_function(f"document.querySelector('#players').textContent"
                              f".includes({name!r})")
    org.click("#start-round")
    org.wait_for_selector("#round-1 .table-card")
    assert org.locator("#round-1 .table-card").count() == 2
    client_tests.no_horizontal_overflow(org, "duplicate organiser")
    shot(org, f"dup-{size}-organiser-running")

    player.wait_for_selector("#go-table", timeout=10_000)
    shot(player, f"dup-{size}-player-running")
    client_tests.axe_check(player, "duplicate player")
    player.click("#go-table")
    player.wait_for_selector("#hand .card")
    e2e.play_until_result([player])
    # The round's last deal: the table says where the results are, offers no next deal.
    player.wait_for_selector("#round-done")
    assert player.query_selector("#next") is None and player.query_selector("#rematch") is None
    shot(player, f"dup-{size}-table-done")

    player.goto(public_url)
    player.wait_for_selector("#ranking", timeout=15_000)
    player.click("details.comparison summary")
    text = player.text_content("#round-1")
    assert "mit dieser Hand machte Anna-Lena" in text
    assert "Anna-Lena" in player.text_content("#ranking")
    client_tests.no_horizontal_overflow(player, "duplicate player")
    shot(player, f"dup-{size}-player-after")
    org.wait_for_selector("#ranking", timeout=10_000)
    assert org.query_selector("#start-round") is None    # one round: the tournament is over
    client_tests.no_horizontal_overflow(org, "duplicate organiser")
    client_tests.axe_check(org, "duplicate organiser")
    shot(org, f"dup-{size}-organiser-after")
    org.close()
    player.close()
