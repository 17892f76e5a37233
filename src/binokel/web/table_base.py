"""What every part of a live table (:mod:`binokel.web.tables`, :mod:`binokel.web.seats`)
refuses with and checks by: the table's error and its HTTP status, seat-token hashing, the
checks of a nickname and of a number a stranger sends."""

from __future__ import annotations

import hashlib
from typing import Any

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
