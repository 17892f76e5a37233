"""Entry to a duplicate tournament: who may take part, decided by its organiser (issue 31).

Every table of a duplicate round plays the same deals, so one person with two entries
would know, at one table, the hand an opponent holds at the other: entry must be one per
person, and only the organiser can know who the persons are. So the public link alone
lets nobody in. The organiser either

- makes **entry links**, one per entrant (``/duplicate/<id>#entry=<code>``): a link enters
  one person, once; or
- opens **entry with approval**: whoever has the public link may *ask* to enter with a
  name, and is in once the organiser admits him (or not, if he refuses).

Whoever enters is bound to an **entry key**, and one key holds at most one entry (or one
request) of a tournament, so one seat of each round. A logged-in player's key is his
account (issue 34: :func:`account_key`), so a second entry is refused from any browser;
a guest's is the browser: a random value in an HTTP-only cookie (:data:`COOKIE`), made on
the first entry and stored only as its hash (:class:`EntryKey`: a kind and a digest). A
logged-in entry is checked against the browser's key too: a browser that entered as a
guest does not enter again by logging in. Accounts enter by a link or an admitted request
like guests: an account costs nothing to make, so it alone is no proof of one person.
The player token handed out on entry (kept by the page for a guest's entry; an account's is
found by its key, and its token alone works only for a browser logged in to that account:
docs/tournament.md, "Whose entry a page shows") is what asks for the seat of each
round; the key is what stops a second entry.

The organiser's view of the entry (:func:`entries_view`) shows, for each request, the
other entries and requests from the same address: a hint, since a family or a club's
network shares one address, but a stranger asking five times shows.

What a determined person can still do is documented in docs/tournament.md: with two links
the organiser gave him, or two browsers (or a cleared cookie) and two requests the
organiser admits, he holds two entries. Nothing a server sees tells two browsers of one
person from two persons; only the organiser, who knows his players, can.

Entry codes are derived from the owner's token (like a club table's pad token,
:func:`binokel.web.pads.table_pad_token`): the server stores only their hashes, and the
organiser's page can show every link again (after a reload, on another device).

Limits: :data:`MAX_LINKS` links made and :data:`MAX_REQUESTS` requests kept (waiting and
refused) per tournament, at most :data:`MAX_WAITING` waiting at once, a link's note
:data:`MAX_NOTE` characters.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from .accounts import Accounts
from .guard import WebError
from .names import clean_name
from .sessions import session_id
from .store import Store

COOKIE = "binokel_entry"       # the browser's entry key (HTTP-only, same site only)
COOKIE_AGE = 400 * 86400       # as long as browsers keep a cookie (400 days)
KEY_BYTES = 24
CODE_BYTES = 18                # 24 URL-safe characters: not guessable, short to share
MAX_LINKS = 120                # links made for one tournament (revoked ones count)
MAX_REQUESTS = 120             # requests kept: waiting, and refused (their keys stay out)
MAX_WAITING = 60               # requests waiting for the organiser at once
MAX_NOTE = 40                  # the organiser's note on a link ("for Anna")


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class EntryKey:
    """Who holds an entry: ``kind`` (``browser`` or ``account``) and a
    ``digest`` that names it without revealing it. One key, one entry per tournament.

    >>> EntryKey("browser", "ab12").stored
    'browser:ab12'
    """

    kind: str
    digest: str

    @property
    def stored(self) -> str:
        return f"{self.kind}:{self.digest}"

    @classmethod
    def parse(cls, stored: str) -> EntryKey:
        """The key a document stores as :attr:`stored` (``kind:digest``).

        >>> EntryKey.parse("account:ab12")
        EntryKey(kind='account', digest='ab12')
        """
        kind, _, digest = stored.partition(":")
        return cls(kind, digest)

    @classmethod
    def of(cls, player: dict[str, Any]) -> EntryKey | None:
        """The key an entrant or a request of a document was entered with (None for one
        stored before entries had keys).

        >>> EntryKey.of({"key": "browser:ab12"}).kind
        'browser'
        """
        stored = player.get("key")
        return cls.parse(stored) if isinstance(stored, str) and stored else None


def browser_key(request: Request) -> tuple[EntryKey, str | None]:
    """The requesting browser's entry key, and the cookie value to set when it has none
    yet (a new random key; a malformed cookie is replaced)."""
    raw = request.cookies.get(COOKIE, "")
    if 16 <= len(raw) <= 64 and all(c.isalnum() or c in "-_" for c in raw):
        return EntryKey("browser", _hash(raw)), None
    fresh = secrets.token_urlsafe(KEY_BYTES)
    return EntryKey("browser", _hash(fresh)), fresh


def account_key(request: Request, store: Store) -> EntryKey | None:
    """The entry key of the logged-in account making ``request`` (None for a guest): a
    digest of the account's stable id."""
    sid = session_id(request)
    me = Accounts(store).session_account(sid) if sid else None
    return None if me is None else EntryKey("account", _hash(f"account:{me.id}"))


def set_key_cookie(request: Request, response: Response, value: str | None) -> None:
    """Give the browser its new entry key (:func:`browser_key`): sent back only to this
    site's own requests (``SameSite=Strict``), never readable by a script (``HttpOnly``)."""
    if value is not None:
        response.set_cookie(COOKIE, value, max_age=COOKIE_AGE, path="/api/duplicates",
                            httponly=True, samesite="strict",
                            secure=request.url.scheme == "https")


def entry_code(owner_token: str, dup_id: str, number: int) -> str:
    """The code of the tournament's entry link ``number``: derived from the organiser's
    token, so that his page can show it again while the server keeps only its hash."""
    mac = hmac.new(owner_token.encode(), f"entry/{dup_id}/{number}".encode(),
                   hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:CODE_BYTES]).decode()


def _fail(message: str, code: str, status: int = 409) -> WebError:
    return WebError(code, message, status)


# ---------------------------------------------------------------------- the document
# A tournament's document holds its entry in three fields: ``open_entry`` (bool: may the
# public link ask), ``links`` ([{"n", "hash", "note", "player", "revoked"}]) and
# ``requests`` ([{"n", "name", "key", "from", "token_hash", "state"}], state "waiting" or
# "refused"; an admitted request becomes a player and leaves the list). Each player has
# the ``key`` and the address hash (``from``) he entered with. Documents stored before
# these fields existed read as closed entry without links.
def links(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return doc.get("links") or []


def requests(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return doc.get("requests") or []


def check_may_ask(doc: dict[str, Any]) -> None:
    """Refuse a request from the public link unless the organiser opened entry (403)."""
    if not doc.get("open_entry"):
        raise _fail("this tournament is entered by the links its organiser gives out: "
                    "ask him for yours", "entry_closed", 403)


def check_key_free(doc: dict[str, Any], key: EntryKey) -> None:
    """Refuse a second entry (or request) of one entry key (409)."""
    stored = key.stored
    who = "account" if key.kind == "account" else "browser"
    if any(p.get("key") == stored for p in doc["players"]):
        # The code is the same for both kinds; the reason lets the page say "your
        # account" rather than "this browser" to a player who logged in elsewhere.
        raise WebError("already_entered", f"this {who} has entered this tournament "
                       "already: one entry per person", 409,
                       reason="account_entered" if key.kind == "account" else None)
    for r in requests(doc):
        if r["key"] == stored:
            if r["state"] == "refused":
                raise _fail(f"the organiser did not admit this {who}'s entry", "refused",
                            403)
            raise _fail(f"this {who}'s entry waits for the organiser already",
                        "already_waiting")


def make_links(doc: dict[str, Any], count: Any, note: Any) -> list[int]:
    """``count`` new entry links with the organiser's ``note``; their numbers."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_LINKS:
        raise WebError("bad_request", f"count: a whole number 1..{MAX_LINKS}")
    text = ""
    if note not in (None, ""):
        text = clean_name(note, MAX_NOTE, reserved=False, code="invalid", status=422,
                          what="note", field="note")
    made = doc.setdefault("links", [])
    if len(made) + count > MAX_LINKS:
        raise _fail(f"links: at most {MAX_LINKS} for one tournament", "full")
    first = len(made) + 1
    for n in range(first, first + count):
        # The hash is filled in by the caller, who has the owner's token to derive it.
        made.append({"n": n, "hash": "", "note": text, "player": None, "revoked": False})
    return list(range(first, first + count))


def seal_links(doc: dict[str, Any], owner_token: str, numbers: list[int]) -> None:
    """Store the hashes of links ``numbers``' codes (:func:`entry_code`)."""
    for link in links(doc):
        if link["n"] in numbers:
            link["hash"] = _hash(entry_code(owner_token, doc["id"], link["n"]))


def link_by_code(doc: dict[str, Any], code: Any) -> dict[str, Any]:
    """The unused, unrevoked link whose code is ``code`` (403 for no such link, 409 for
    one used or revoked)."""
    if not isinstance(code, str) or not 8 <= len(code) <= 64:
        raise WebError("bad_request", "entry: the code of an entry link")
    h = _hash(code)
    for link in links(doc):
        if link["hash"] and hmac.compare_digest(link["hash"], h):
            if link["revoked"]:
                raise _fail("the organiser has withdrawn this entry link", "link_revoked",
                            403)
            if link["player"] is not None:
                raise _fail("this entry link has been used already: each enters one "
                            "person once", "link_used")
            return link
    raise _fail("this is not an entry link of this tournament", "bad_link", 403)


def revoke_link(doc: dict[str, Any], number: Any) -> None:
    link = _numbered(links(doc), number, "link")
    if link["player"] is not None:
        raise _fail("a used link has entered its player; it cannot be withdrawn",
                    "link_used")
    link["revoked"] = True


def add_request(doc: dict[str, Any], name: str, key: EntryKey, client: str,
                token_hash: str) -> int:
    """A request to enter from the public link (the caller checked the name and the
    key); its number."""
    check_may_ask(doc)
    kept = doc.setdefault("requests", [])
    if len(kept) >= MAX_REQUESTS or \
            sum(r["state"] == "waiting" for r in kept) >= MAX_WAITING:
        raise _fail("too many requests wait for the organiser; try again later", "full")
    if any(r["name"].casefold() == name.casefold() for r in kept
           if r["state"] == "waiting"):
        raise _fail("nickname: taken in this tournament", "name_taken")
    number = max((r["n"] for r in kept), default=0) + 1
    kept.append({"n": number, "name": name, "key": key.stored, "from": client,
                 "token_hash": token_hash, "state": "waiting"})
    return number


def waiting_request(doc: dict[str, Any], number: Any) -> dict[str, Any]:
    r = _numbered(requests(doc), number, "request")
    if r["state"] != "waiting":
        raise _fail("this request has been decided", "decided")
    return r


def _numbered(items: list[dict[str, Any]], number: Any, what: str) -> dict[str, Any]:
    if isinstance(number, bool) or not isinstance(number, int):
        raise WebError("bad_request", f"{what}: a number")
    for item in items:
        if item["n"] == number:
            return item
    raise WebError("not_found", f"no such {what}", 404)


def request_by_token(doc: dict[str, Any], token_hash: str) -> dict[str, Any] | None:
    for r in requests(doc):
        if hmac.compare_digest(r["token_hash"], token_hash):
            return r
    return None


def entries_view(doc: dict[str, Any], owner_token: str) -> dict[str, Any]:
    """The organiser's view of the entry: the setting, every link with its code and who
    used it, every request with the names of the other entries from its address."""
    names = {p["id"]: p["name"] for p in doc["players"]}
    by_address: dict[str, list[str]] = {}
    for p in doc["players"]:
        if p.get("from"):
            by_address.setdefault(p["from"], []).append(p["name"])
    for r in requests(doc):
        if r["state"] == "waiting":
            by_address.setdefault(r["from"], []).append(r["name"])
    return {
        "open_entry": bool(doc.get("open_entry")),
        "links": [{"n": link["n"], "note": link["note"], "revoked": link["revoked"],
                   "player": names.get(link["player"]) if link["player"] else None,
                   "code": entry_code(owner_token, doc["id"], link["n"])}
                  for link in links(doc)],
        "requests": [{"n": r["n"], "name": r["name"], "state": r["state"],
                      "same_address": [n for n in by_address.get(r["from"], [])
                                       if n != r["name"]]}
                     for r in requests(doc)],
    }


__all__ = ["COOKIE", "MAX_LINKS", "MAX_REQUESTS", "MAX_WAITING", "EntryKey", "account_key",
           "add_request",
           "browser_key", "check_key_free", "check_may_ask", "entries_view", "entry_code",
           "link_by_code", "links", "make_links", "request_by_token", "requests",
           "revoke_link", "seal_links", "set_key_cookie", "waiting_request"]
