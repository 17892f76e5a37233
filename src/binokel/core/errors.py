"""The errors every game raises: an illegal action and a bad rule set.

Both are ``ValueError``\\ s, so a front end that catches ``ValueError`` catches both, and both
carry a message meant for the person who made the mistake.
"""

from __future__ import annotations

from typing import Any


class IllegalAction(ValueError):
    """An action that is malformed or not legal in the current state; the state is unchanged."""


class RulesError(ValueError):
    """An unknown option, a bad value, or options that contradict each other. ``option`` is
    the :class:`~binokel.core.rules.Option` whose value was refused, where one was (a front
    end can then say in its own words which rule takes what)."""

    def __init__(self, message: str, option: Any = None) -> None:
        super().__init__(message)
        self.option = option


__all__ = ["IllegalAction", "RulesError"]
