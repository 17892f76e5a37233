"""One check for every name a person types: nicknames at a table and in a duplicate
tournament, the players of a score pad and of a club tournament, and tournament titles.

A name is shown to other people beside the computer players' names, on score sheets and
printed run slips, so it must say what it looks like (issue 31, attacks 5 and 7):

- it is normalised (NFKC: full-width ``Ｂｏｔ`` becomes ``Bot``, a ligature its letters;
  white space collapsed), so that two names that are the same text are stored alike;
- no control, format (zero-width, right-to-left override), private-use, unassigned or
  other default-ignorable character: nothing invisible and nothing that reorders the text
  around it;
- at most :data:`MAX_MARKS` combining marks on one letter (Vietnamese needs two; a letter
  with thirty accents draws over the lines above and below it);
- a letter or a digit, and a length within the field's limit;
- where computer players may sit beside it (``reserved``), nothing that passes for one:
  the name is compared with the bots' names by its *skeleton* (Unicode's confusable
  detection, UTS #39, by ICU's spoof checker), so ``Вot 1`` with a Cyrillic В,
  ``hеuristic`` with a Cyrillic е or ``B0t 1`` are refused like ``Bot 1`` itself.

>>> clean_name("  Anna   Maier ")
'Anna Maier'
>>> clean_name("Ｚｏë")
'Zoë'
>>> clean_name("\\u0412ot 1")
Traceback (most recent call last):
...
binokel.web.guard.WebError: names of computer players are reserved
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Any

import icu

from ..bots import bot_names
from ..present import BOT_NAMES
from .guard import WebError

MAX_NICKNAME = 32
MAX_MARKS = 4           # combining marks on one letter
# Characters a name must not contain: controls, format characters (zero-width joiners,
# right-to-left overrides), private use, surrogates, unassigned, line and paragraph
# separators; and whatever else Unicode says is ignorable (Hangul fillers, ...).
HIDDEN = {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"}
MARKS = {"Mn", "Mc", "Me"}
# Words a computer player's name starts with ("Bot 3", "Computer").
BOT_WORDS = ("bot", "computer")


@cache
def _checker() -> icu.SpoofChecker:
    return icu.SpoofChecker()


def skeleton(text: str) -> str:
    """What ``text`` looks like: its UTS #39 skeleton, case folded (two texts with the same
    skeleton are confusable).

    >>> skeleton("\\u0412ot 1") == skeleton("Bot 1") == skeleton("B0T l")
    True
    """
    return str(_checker().getSkeleton(0, text)).casefold()


def shapes(text: str) -> frozenset[str]:
    """The skeletons of ``text`` as written and in lower case: a skeleton keeps case (an
    upper-case I looks like l, a lower-case i does not), so "HEURISTIC" is compared by the
    skeleton of "heuristic" too, and "Вot" (a Cyrillic capital Ve, like B) by its own."""
    return frozenset((skeleton(text), skeleton(text.casefold())))


@cache
def _reserved() -> tuple[re.Pattern[str], frozenset[str], frozenset[str]]:
    """The computer players' names by their skeletons: a pattern for names that start as a
    bot's do, the bots' kinds and their first names."""
    words = "|".join(re.escape(w) for word in BOT_WORDS for w in shapes(word))
    return (re.compile(rf"(?:{words})\b"),
            frozenset(w for k in bot_names() for w in shapes(k)),
            frozenset(w for n in BOT_NAMES for w in shapes(n)))


def _hidden(ch: str) -> bool:
    return unicodedata.category(ch) in HIDDEN or bool(
        icu.Char.hasBinaryProperty(ch, icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT))


def _most_marks(text: str) -> int:
    most = run = 0
    for ch in text:
        run = run + 1 if unicodedata.category(ch) in MARKS else 0
        most = max(most, run)
    return most


def passes_for_bot(name: str) -> bool:
    """Whether ``name`` looks like a computer player's: it starts with "Bot" or "Computer",
    is a bot's kind ("heuristic"), or is how a table shows a bot ("Lina (strong)", or the
    older "Lina, strong": a person may be Lina, not "Lina (..." or "Lina, ..."), all by
    skeleton."""
    starts, kinds, first_names = _reserved()
    for shape in shapes(name):
        parts = re.split(r"[,(]", shape, maxsplit=1)
        if starts.match(shape) or shape in kinds or (
                len(parts) > 1 and parts[0].strip() in first_names):
            return True
    return False


def clean_name(value: Any, limit: int = MAX_NICKNAME, *, reserved: bool = True,
               code: str = "bad_nickname", status: int = 400, what: str = "name",
               field: str | None = None) -> str:
    """``value`` as a name of 1 to ``limit`` characters (see the module), normalised; else
    a :class:`WebError` ``code`` (``status``) whose ``reason`` names the fault for the
    client (``nickname_length``, ``nickname_hidden``, ``nickname_marks``,
    ``nickname_letter``, ``nickname_reserved``). ``reserved``: refuse what passes for a
    computer player; ``what``: the field, for the message; ``field``: the form field the
    refusal names."""
    def refuse(message: str, reason: str, **params: int | str) -> WebError:
        return WebError(code, message, status, reason=reason, params=params, field=field)

    if not isinstance(value, str) or len(value) > 4 * limit:
        raise refuse(f"{what} must be text of 1 to {limit} characters", "nickname_length",
                     max=limit)
    # White space collapsed first (a pasted name's line break is a space), then every
    # character looked at before and after the normalisation: NFKC keeps format characters.
    collapsed = " ".join(value.split())
    cleaned = " ".join(unicodedata.normalize("NFKC", collapsed).split())
    if any(_hidden(ch) for ch in collapsed) or any(_hidden(ch) for ch in cleaned):
        raise refuse(f"a {what} must not contain invisible or control characters",
                     "nickname_hidden")
    if _most_marks(cleaned) > MAX_MARKS:
        raise refuse(f"a {what} may have at most {MAX_MARKS} accents on one letter",
                     "nickname_marks", max=MAX_MARKS)
    if not cleaned or len(cleaned) > limit:
        raise refuse(f"{what} must have 1 to {limit} characters", "nickname_length",
                     max=limit)
    if not any(ch.isalnum() for ch in cleaned):
        raise refuse(f"a {what} needs a letter or a digit", "nickname_letter")
    if reserved and passes_for_bot(cleaned):
        raise refuse("names of computer players are reserved", "nickname_reserved")
    return cleaned


__all__ = ["MAX_MARKS", "MAX_NICKNAME", "clean_name", "passes_for_bot", "shapes", "skeleton"]
