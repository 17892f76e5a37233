"""Reading untrusted JSON for the tournament models: each helper checks one value's type and
limit and raises the model's own error (a :class:`DataError`) that names the field.

>>> whole(3, "rounds", 1, 30)
3
>>> whole(True, "rounds", 1, 30)
Traceback (most recent call last):
...
binokel.tournament.checks.DataError: rounds: a whole number 1..30 expected, got True
"""

from __future__ import annotations

from typing import Any


class DataError(ValueError):
    """A value a stranger sent that cannot be: the message names the field and the limit."""


def obj(data: Any, where: str, error: type[DataError] = DataError) -> dict[str, Any]:
    """``data`` as a JSON object."""
    if not isinstance(data, dict):
        raise error(f"{where}: an object expected")
    return data


def whole(v: Any, where: str, lo: int, hi: int, error: type[DataError] = DataError) -> int:
    """``v`` as a whole number from ``lo`` to ``hi`` (a bool is no number)."""
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise error(f"{where}: a whole number {lo}..{hi} expected, got {v!r:.40}")
    return v


def text(v: Any, where: str, limit: int, error: type[DataError] = DataError) -> str:
    """``v`` as a text of at most ``limit`` characters."""
    if not isinstance(v, str) or len(v) > limit:
        raise error(f"{where}: a text of at most {limit} characters expected")
    return v


__all__ = ["DataError", "obj", "text", "whole"]
