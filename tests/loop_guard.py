"""Which database statements run on the thread of an event loop: there they hold up every
socket of the server process until the database answers (a row lock on PostgreSQL may take
as long as another process's transaction). Handlers put their database work in a worker
thread (``asyncio.to_thread``); this guard finds the places that do not.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine


@contextmanager
def on_the_loop(modules: tuple[str, ...], allowed: frozenset[str] = frozenset()
                ) -> Iterator[list[str]]:
    """Collect each statement executed on an event loop's thread from code of ``modules``
    (path ends below the package, e.g. ``"web/pads.py"``), as ``"web/pads.py:123 read"``:
    the innermost frame of those modules. Statements made under a function named in
    ``allowed`` (anywhere in the stack) are left out: the known places, each with its
    reason where the test names it."""
    found: list[str] = []

    def check(*_: Any) -> None:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return          # a worker thread: where database work belongs
        stack = traceback.extract_stack()
        if any(frame.name in allowed for frame in stack):
            return
        for frame in reversed(stack):
            if frame.filename.endswith(modules):
                where = frame.filename.rsplit("/binokel/", 1)[-1]
                found.append(f"{where}:{frame.lineno} {frame.name}")
                return

    event.listen(Engine, "before_cursor_execute", check)
    try:
        yield found
    finally:
        event.remove(Engine, "before_cursor_execute", check)


# Where the duplicate tournaments still query the database on the loop, and why.
DUPLICATE_ON_THE_LOOP = frozenset({
    "new_round",   # a round's start opens its live tables in the document's transaction
    "sealed",      # a round's seal, asked by the table's own code (still on the loop)
})


def guard(modules: tuple[str, ...], allowed: frozenset[str] = frozenset()) -> Any:
    """An autouse fixture for a test module: its tests fail on any statement that code of
    ``modules`` runs on the event loop (see :func:`on_the_loop`)::

        off_the_loop = guard(("web/pads.py",))
    """
    @pytest.fixture(autouse=True)
    def off_the_loop() -> Iterator[None]:
        with on_the_loop(modules, allowed) as found:
            yield
        assert found == [], f"database work on the event loop: {sorted(set(found))}"

    return off_the_loop
