"""What every part of a live table (:mod:`binokel.web.tables`, :mod:`binokel.web.seats`)
refuses with and checks by: the table's error and its HTTP status, seat-token hashing, the
checks of a nickname and of a number a stranger sends; and how a change runs off the
event loop (:func:`off_loop`)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
from collections.abc import Callable
from typing import Any
from typing import TypeVar

from .guard import WebError
from .names import MAX_NICKNAME
from .names import clean_name

# HTTP status of each error code that is not a plain bad request.
STATUS = {"no_table": 404, "no_deal": 404, "seat_taken": 409, "not_over": 409,
          "too_many_tables": 429, "too_many_seats": 429, "server_full": 503,
          "rate_limited": 429, "sealed": 403, "round_over": 409, "forbidden": 403,
          "present": 409, "not_running": 409, "login_required": 401,
          "already_seated": 409}


class TableError(WebError):
    """A request that cannot be honoured; ``code`` is machine-readable and decides the
    HTTP status (:data:`STATUS`, else 400)."""

    def __init__(self, code: str, message: str, *, reason: str | None = None,
                 params: dict[str, int | str] | None = None) -> None:
        super().__init__(code, message, STATUS.get(code, 400), reason=reason, params=params)


def hash_token(token: str) -> str:
    """What the store keeps of a seat or owner token (the token itself is never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


def clean_nickname(name: Any) -> str:
    """A person's name as shown to others (:func:`binokel.web.names.clean_name`): a
    :class:`TableError` ``bad_nickname`` names the fault.

    >>> clean_nickname("  Anna   Maier ")
    'Anna Maier'
    >>> clean_nickname("\\u200b\\u200b")
    Traceback (most recent call last):
    ...
    binokel.web.table_base.TableError: a name must not contain invisible or control characters
    """
    try:
        return clean_name(name, MAX_NICKNAME)
    except WebError as e:
        raise TableError(e.code, str(e), reason=e.reason, params=e.params) from None


def is_int(v: Any) -> bool:
    """Whether ``v`` is an integer of JSON (``true`` is none)."""
    return isinstance(v, int) and not isinstance(v, bool)


T = TypeVar("T")


async def off_loop(do: Callable[[], T]) -> T:
    """``do()`` in a worker thread, for a caller that holds a table's lock: a change of the
    table (checked, written through its row lock, then applied to the copy) waits for the
    database there, and the event loop serves every other table meanwhile.

    Cancelled while it runs (its socket closed, its bot driver stopped), it still waits
    for ``do`` to end before it gives up: the caller's lock is held until the thread has
    left the table alone, so two changes of one table never run at once, and they are
    written in the order they took the lock."""
    task = asyncio.ensure_future(asyncio.to_thread(do))
    try:
        return await asyncio.shield(task)
    except asyncio.CancelledError:
        while not task.done():
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait({task})
        if not task.cancelled():
            task.exception()   # retrieved: its caller is gone
        raise
