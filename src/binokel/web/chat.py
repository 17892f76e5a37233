"""The chat of a live table: its lines checked, stored and handed out.

One part of :class:`binokel.web.tables.LiveTable` (one concern each, as lila's ``round``
module keeps its messenger apart). A line is checked here without a database or a socket,
then written through the table's row lock (:meth:`LiveTable.locked`); the table keeps its
newest :data:`CHAT_KEEP` lines. ``seen`` is the newest line this process has sent out, so
that a line another server process wrote (announced on the store's channel) is sent once.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING
from typing import Any

from .names import HIDDEN
from .store import ChatRow
from .store import aware
from .store import now
from .table_base import TableError

if TYPE_CHECKING:
    from .tables import LiveTable

MAX_CHAT = 200          # characters of one chat line
CHAT_KEEP = 50          # chat lines a table keeps (and a new connection is sent)


def chat_line(row: ChatRow) -> dict[str, Any]:
    """A stored line as the browser is sent it (without its message type)."""
    return {"seat": row.seat, "name": row.name, "text": row.text,
            "at": aware(row.created_at).isoformat(timespec="seconds")}


def clean_line(text: Any) -> str:
    """``text`` as a chat line (white space folded), or a :class:`TableError` for what may
    not be said: no text, too long, invisible or control characters.

    >>> clean_line("  gut   gespielt ")
    'gut gespielt'
    """
    if not isinstance(text, str):
        raise TableError("bad_chat", "text must be text")
    line = " ".join(text.split())
    if not line or len(line) > MAX_CHAT:
        raise TableError("bad_chat", f"a chat line has 1 to {MAX_CHAT} characters")
    if any(unicodedata.category(ch) in HIDDEN for ch in line):
        raise TableError("bad_chat", "no invisible or control characters, please")
    return line


class Chat:
    """The chat of ``table`` (its lines live in the store)."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self.seen = 0   # the newest chat line this process has sent out

    def say(self, seat: int, text: Any) -> dict[str, Any]:
        """A chat line from ``seat`` (stored, the newest :data:`CHAT_KEEP` kept); the
        message every connection is sent."""
        t = self.table
        if not t.settings.get("chat", True):
            raise TableError("chat_off", "chat is switched off at this table")
        line = clean_line(text)
        name = t.seats.name(seat)
        with t.locked() as tx:
            self.seen = max(self.seen, tx.add_chat(seat, name, line, CHAT_KEEP))
        return {"type": "chat", "seat": seat, "name": name, "text": line,
                "at": now().isoformat(timespec="seconds")}

    def history(self) -> dict[str, Any]:
        """The table's kept lines, for a new connection."""
        rows = self.table.store.chat(self.table.id, limit=CHAT_KEEP)
        if rows:
            self.seen = max(self.seen, rows[-1].id)
        return {"type": "chat_history", "lines": [chat_line(r) for r in rows]}

    def since(self) -> list[dict[str, Any]]:
        """The chat lines written since this process last sent one (by another process:
        this process's own lines went out as they were written)."""
        rows = self.table.store.chat(self.table.id, after=self.seen, limit=CHAT_KEEP)
        if rows:
            self.seen = rows[-1].id
        return [{"type": "chat", **chat_line(r)} for r in rows]
