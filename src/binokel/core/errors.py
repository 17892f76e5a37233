"""The errors every game raises: an illegal action and a bad rule set.

Both are ``ValueError``\\ s, so a front end that catches ``ValueError`` catches both, and both
carry a message meant for the person who made the mistake.
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that is malformed or not legal in the current state; the state is unchanged."""


class RulesError(ValueError):
    """An unknown option, a bad value, or options that contradict each other."""


__all__ = ["IllegalAction", "RulesError"]
