"""Every page and every download of a running web game, with the standard library only (run by
scripts/check-plain against a server of a plain install: `python check_plain.py URL`).

It fails on the first answer that is not what a browser would get: a page that is not HTML,
a PDF that is not a PDF, a CSV without the names entered, any 5xx.
"""

from __future__ import annotations

import http.cookiejar
import json
import sys
import time
import urllib.error
import urllib.request
from typing import Any

BASE = ""


# An account's session: its cookies kept as a browser keeps them, and the CSRF token the page
# sends back (binokel.web.sessions).
COOKIES = http.cookiejar.CookieJar()
OPENER = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(COOKIES))


def call(method: str, path: str, body: Any = None, token: str | None = None
         ) -> tuple[int, bytes, str]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(BASE + path, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    if token is not None:
        req.add_header("X-Owner-Token", token)
    csrf = next((c.value for c in COOKIES if c.name == "binokel_csrf"), None)
    if csrf is not None and method != "GET":
        req.add_header("X-CSRF-Token", csrf)
    try:
        with OPENER.open(req, timeout=60) as r:
            return r.status, r.read(), r.headers.get("Content-Type", "")
    except urllib.error.HTTPError as e:
        return e.code, e.read(), e.headers.get("Content-Type", "")


def expect(method: str, path: str, status: int, body: Any = None, token: str | None = None,
           kind: str | None = None, starts: bytes | None = None) -> Any:
    got, content, ctype = call(method, path, body, token)
    if got != status:
        sys.exit(f"check-plain: {method} {path}: {got}, expected {status}: {content[:300]!r}")
    if kind is not None and kind not in ctype:
        sys.exit(f"check-plain: {method} {path}: content type {ctype!r}, expected {kind}")
    if starts is not None and not content.startswith(starts):
        sys.exit(f"check-plain: {method} {path}: starts {content[:20]!r}, not {starts!r}")
    print(f"ok {method} {path} ({len(content)} bytes)")
    return json.loads(content) if "json" in ctype else content


def wait_ready() -> None:
    for _ in range(300):
        try:
            if call("GET", "/healthz")[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    sys.exit("check-plain: the server did not answer /healthz within 60 s")


def main() -> None:
    global BASE
    BASE = sys.argv[1].rstrip("/")
    wait_ready()
    meta = expect("GET", "/api/meta", 200, kind="json")
    for page in ("/", "/pad", "/club", "/duplicate", "/account"):
        expect("GET", page, 200, kind="text/html")
    expect("GET", "/api/page-texts", 200, kind="json")
    for game in meta["games"]:
        name = game["name"] if isinstance(game, dict) else game
        players = game.get("default_players", 4) if isinstance(game, dict) else 4
        seats = [None] + ["random"] * (players - 1)
        t = expect("POST", "/api/tables", 201, {"game": name, "players": players,
                                                "bots": seats}, kind="json")
        expect("GET", f"/t/{t['id']}", 200, kind="text/html")
        expect("GET", f"/api/tables/{t['id']}", 200, kind="json")
    # A score pad, its sheet as CSV and PDF.
    pad = expect("POST", "/api/pads", 201, {"game": "binokel",
                                            "players": ["Anna", "Bert", "Carl"]})
    expect("GET", f"/api/pads/{pad['id']}", 200, kind="json")
    expect("GET", f"/api/pads/{pad['id']}/sheet.pdf", 200, starts=b"%PDF")
    csv = expect("GET", f"/api/pads/{pad['id']}/sheet.csv", 200)
    if b"Anna" not in csv:
        sys.exit("check-plain: the pad's CSV does not name its players")
    # A club evening: players, a round drawn, every printout.
    club = expect("POST", "/api/clubs", 201, {"title": "Vereinsabend", "date": "2026-11-27",
                                              "place": "Krone", "game": "binokel",
                                              "rounds": 1, "deals_per_round": 3})
    for name in ("Anna", "Bert", "Carl", "Dora", "Emil", "Fritz"):
        expect("POST", f"/api/clubs/{club['id']}/players", 200, {"name": name},
               token=club["token"])
    expect("POST", f"/api/clubs/{club['id']}/rounds", 200, {}, token=club["token"])
    for name, head in (("slips.pdf", b"%PDF"), ("ranking.pdf", b"%PDF"),
                       ("ranking.csv", b""), ("scores.csv", b"")):
        expect("GET", f"/api/clubs/{club['id']}/files/{name}", 200, starts=head)
    # A duplicate tournament and its page.
    dup = expect("POST", "/api/duplicates", 201, {"title": "Herbst", "game": "binokel",
                                                  "table_size": 3, "rounds": 1, "deals": 1,
                                                  "bot": "random"})
    expect("GET", f"/duplicate/{dup['id']}", 200, kind="text/html")
    expect("GET", f"/api/duplicates/{dup['id']}", 200, kind="json")
    # An account: registered (Argon2id), its session, its export, logged out.
    expect("POST", "/api/account/register", 201, {"name": "Vereinswirt",
                                                    "password": "ein langes Passwort 7"})
    me = expect("GET", "/api/account/export", 200, kind="json")
    if "Vereinswirt" not in json.dumps(me, ensure_ascii=False):
        sys.exit("check-plain: the account's export does not name it")
    expect("POST", "/api/account/logout", 200, {})
    expect("GET", "/api/account/export", 401)
    print("check-plain: every page and download answered")
    every_bot_decides()


def every_bot_decides() -> None:
    """Every computer player of every game chooses a card in the middle of a deal: their
    libraries (the world samplers' counting, the search core) come with the plain install."""
    from binokel.bots import kinds_of
    from binokel.registry import games

    for spec in games():
        for kind, factory in kinds_of(spec.name).items():
            state = _in_the_play(spec)
            view = state.view(state.to_move)
            action = factory(1).choose(view)
            if action not in state.legal_actions():
                sys.exit(f"check-plain: {spec.name}/{kind} chose {action!r}, not legal")
            print(f"ok {spec.name} {kind}: {action}")


def _in_the_play(spec: Any) -> Any:
    """A deal of ``spec`` in its play, past the first tricks, where a bot reads cards: the
    first of a few seeds whose random actions get there (some go out in the bidding)."""
    import random

    for seed in range(1, 60):
        state = spec.new_deal(spec.rules(), 0, seed=seed, players=spec.default_players)
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_over or (len(state.view(state.to_move).tricks) >= 2 and any(
                    a.startswith("play ") for a in state.legal_actions())):
                break
            state.apply(state.random_action(rng))
        if not state.is_over:
            return state
    sys.exit(f"check-plain: no deal of {spec.name} reached its play")


if __name__ == "__main__":
    main()
