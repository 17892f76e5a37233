"""The account story in a real browser, at phone size (issue 34): a guest's table follows
him into his new account; register, log out, log in with the password on another device,
add a passkey (Chromium's virtual authenticator), log out, log in with the passkey, export,
delete."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from test_web_e2e import CHROMIUM
from test_web_e2e import browser  # noqa: F401 - the fixture
from test_web_e2e import create_table
from test_web_e2e import server  # noqa: F401 - the fixture

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not CHROMIUM.exists(), reason="no Chromium")]
PASSWORD = "correct horse battery"


def log_in(page: Any, base: str, name: str) -> None:
    page.goto(base + "/account")
    page.fill("#login-name", name)
    page.fill("#login-password", PASSWORD)
    page.click("#login button[type=submit]")
    page.wait_for_selector("#account-id")


def test_an_account_from_register_to_delete(server: str, browser: Any) -> None:  # noqa: F811
    # localhost, not 127.0.0.1: a passkey's relying party must be a name (docs/web.md)
    base = server.replace("127.0.0.1", "localhost")
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    table = create_table(page, base, ["", "random", "random"], name="Gast")
    page.goto(base + "/")
    page.click("#account-link")            # "Log in or register"
    page.fill("#register-name", "Helga")
    page.fill("#register-password", PASSWORD)
    page.click("#register button[type=submit]")
    page.wait_for_selector("#codes li")
    assert page.locator("#codes li").count() == 10
    page.click("#codes-done")
    account_id = page.inner_text("#account-id")
    session = {c["name"]: c for c in ctx.cookies()}["binokel_session"]
    assert session["httpOnly"] and session["sameSite"] == "Lax"
    page.click("#logout")
    page.wait_for_selector("#login")
    # another device: the guest's table is in "my tables" after the login
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    other = phone.new_page()
    cdp = phone.new_cdp_session(other)
    cdp.send("WebAuthn.enable")
    authenticator = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
        "hasUserVerification": True, "isUserVerified": True,
        "automaticPresenceSimulation": True}})["authenticatorId"]
    log_in(other, base, "Helga")
    assert other.inner_text("#account-id") == account_id
    other.goto(base + "/")
    other.wait_for_selector("#my-tables a")
    assert other.get_attribute("#my-tables a", "href") == table.removeprefix(base)
    assert "Helga" in other.inner_text("#account-line")
    # a passkey, then a login with it alone
    other.goto(base + "/account")
    other.click("#passkey-add")
    other.wait_for_selector("#passkey-count:has-text('1')")
    assert len(cdp.send("WebAuthn.getCredentials", {
        "authenticatorId": authenticator})["credentials"]) == 1
    other.click("#logout")
    other.click("#passkey-login")
    other.wait_for_selector("#account-id")
    assert other.inner_text("#account-id") == account_id
    # the export is one's own data, as a file
    with other.expect_download() as got:
        other.click("#export")
    data = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
    assert data["account"]["id"] == account_id and data["seats"][0]["nickname"] == "Gast"
    assert len(data["passkeys"]) == 1
    # delete: the account is gone, the table stays with an anonymous name
    other.click("#delete-box summary")
    other.fill("#delete-password", PASSWORD)
    other.once("dialog", lambda d: d.accept())
    other.click("#delete button[type=submit]")
    other.wait_for_selector("#deleted")
    log_in_again = phone.request.post(base + "/api/account/login", data={
        "name": "Helga", "password": PASSWORD})
    assert log_in_again.status == 401
    seats = phone.request.get(base + "/api/tables/" + table.rsplit("/", 1)[1]).json()["seats"]
    assert seats[0]["nickname"].startswith("gelöscht")
    phone.close()
    ctx.close()
