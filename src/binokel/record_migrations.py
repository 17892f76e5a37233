"""Records of older versions read as today's: the format's versions and each game's readers.

A record must keep working, as a PGN file does. Two things can age:

- the **format** (``binokel-record/N``): its fields. ``/2`` added ``software``, the program
  and version that wrote the record; a ``/1`` record is otherwise the same and is read as a
  ``/2`` one whose writer is unknown.
- a **game's grammar or rules**: when a version changes what an action means or which
  actions are legal, a record written before replays differently or not at all. The game
  then keeps a reader for such records (``GameSpec.old_records``, in its own package) and
  the version that no longer needs it; a record written by an older version (or by an
  unknown one) that does not replay as it stands is read by the game's readers.

How to add either is in docs/records.md.

>>> version_key("0.2.0.dev0") < version_key("0.2.0") < version_key("0.10.1")
True
>>> writer_version("binokel 0.2.0"), writer_version(None), writer_version("other 1.0")
('0.2.0', None, None)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from . import __version__
from .core.spec import GameSpec
from .core.spec import OldRecordReader

FORMAT = "binokel-record/2"
# Every format this version reads, oldest first.
FORMATS = ("binokel-record/1", FORMAT)
PROGRAM = "binokel"
# What records written by this version say in their ``software`` field.
SOFTWARE = f"{PROGRAM} {__version__}"
MAX_SOFTWARE_CHARS = 100

_VERSION = re.compile(r"(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.?dev(\d+))?")


def version_key(version: str) -> tuple[int, int, int, int, int]:
    """A version (``0.2.0``, ``0.2.0.dev1``) as a key to compare; what it cannot read
    counts as the oldest version (``0+unknown`` of a tree never installed too).

    >>> version_key("1.2.3"), version_key("1.2.3.dev4"), version_key("x")
    ((1, 2, 3, 1, 0), (1, 2, 3, 0, 4), (0, 0, 0, 0, 0))
    """
    m = _VERSION.fullmatch(version.strip())
    if m is None:
        return (0, 0, 0, 0, 0)
    major, minor, patch, dev = m.groups()
    # A development version comes before its release.
    return (int(major), int(minor or 0), int(patch or 0), 0 if dev is not None else 1,
            int(dev or 0))


def writer_version(software: str | None) -> str | None:
    """The version of this program that wrote a record, or None (unknown, or another
    program)."""
    if software is None:
        return None
    program, _, version = software.strip().rpartition(" ")
    return version if program == PROGRAM and version else None


def upgrade_format(data: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
    """A record's JSON object in today's format, and the older formats it came through.
    Raises ``ValueError`` (with the field named) for a format this version cannot read."""
    fmt = data.get("format")
    if fmt not in FORMATS:
        raise ValueError(f"must be {FORMAT!r} (or an older {', '.join(map(repr, FORMATS[:-1]))})"
                         f", not {fmt!r}")
    if fmt == FORMAT:
        return data, ()
    if "software" in data:
        raise ValueError("field 'software' is new in binokel-record/2")
    # /1 -> /2: the same fields; the writer is not known.
    return {**data, "format": FORMAT}, (str(fmt),)


def readers_for(spec: GameSpec, software: str | None) -> Sequence[tuple[str, OldRecordReader]]:
    """The game's readers that a record written by ``software`` may need, oldest first:
    those of the versions after its writer's (all of them where the writer is unknown or
    another program). They are used only when the record does not replay as it stands."""
    if spec.old_records is None:
        return ()
    version = writer_version(software)
    have = version_key(version) if version is not None else None
    return tuple((until, read) for until, read in spec.old_records()
                 if have is None or have < version_key(until))


__all__ = ["FORMAT", "FORMATS", "SOFTWARE", "readers_for", "upgrade_format", "version_key",
           "writer_version"]
