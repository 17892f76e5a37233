"""The one check of every name a person types (binokel.web.names): hand-checked names and
properties over any text."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from binokel.bots import bot_names
from binokel.present import BOT_NAMES
from binokel.web.guard import WebError
from binokel.web.names import MAX_MARKS
from binokel.web.names import clean_name
from binokel.web.names import passes_for_bot


@pytest.mark.parametrize(("name", "reason"), [
    ("\u0412ot 1", "nickname_reserved"),          # Cyrillic capital Ve
    ("\uff22\uff4f\uff54 1", "nickname_reserved"),  # full width
    ("Lin\u0430, strong", "nickname_reserved"),    # Cyrillic a
    ("h\u0435uristic", "nickname_reserved"),       # Cyrillic ie
    ("B0T 1", "nickname_reserved"),
    ("\u0392\u039f\u03a4", "nickname_reserved"),   # Greek capitals
    ("a" + "\u0301" * (MAX_MARKS + 2), "nickname_marks"),
    ("\u202eannA", "nickname_hidden"), ("An\u200bna", "nickname_hidden"),
    ("x\x00y", "nickname_hidden"), ("\u3164Anna", "nickname_hidden"),
    ("\u115fAnna", "nickname_hidden"), ("\u00ad", "nickname_hidden"),
    ("?!", "nickname_letter"), ("", "nickname_length"), ("x" * 33, "nickname_length"),
])
def test_names_that_mislead_are_refused_with_their_reason(name: str, reason: str) -> None:
    with pytest.raises(WebError) as e:
        clean_name(name)
    assert e.value.reason == reason


@pytest.mark.parametrize(("name", "kept"), [
    ("Botho", "Botho"), ("Zoë", "Zoë"), ("Zoe\u0308", "Zoë"), ("李雷", "李雷"),
    ("Nguyễn Thị Minh Khai", "Nguyễn Thị Minh Khai"), ("Анна", "Анна"),
    ("Σωκράτης", "Σωκράτης"), ("Lina", "Lina"), ("\uff21nna  Maier", "Anna Maier"),
    ("Computerfreak", "Computerfreak"), ("O'Brien", "O'Brien"),
])
def test_real_names_are_kept_normalised(name: str, kept: str) -> None:
    assert clean_name(name) == kept


def test_a_title_may_name_the_bots() -> None:
    assert clean_name("Bot-Turnier", 80, reserved=False) == "Bot-Turnier"


def test_every_bot_name_and_kind_is_reserved() -> None:
    for kind in bot_names():
        assert passes_for_bot(kind) and passes_for_bot(kind.upper())
    for first in BOT_NAMES:
        assert passes_for_bot(f"{first} (stark)") and passes_for_bot(f"{first}, stark")
        assert not passes_for_bot(first)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_a_name_is_clean_or_refused_never_an_error(text: str) -> None:
    try:
        name = clean_name(text)
    except WebError as e:
        assert e.code == "bad_nickname" and e.reason and e.reason.startswith("nickname_")
        return
    assert 1 <= len(name) <= 32 and name == " ".join(name.split())
    assert unicodedata.normalize("NFKC", name) == name
    assert clean_name(name) == name                   # the check is idempotent
    assert not passes_for_bot(name)
    assert all(unicodedata.category(ch) not in ("Cc", "Cf", "Co", "Cn") for ch in name)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["Bot 1", "heuristic", "Lina (strong)", "Lina, strong"]), st.data())
def test_a_bot_name_with_letters_swapped_for_look_alikes_stays_reserved(
        name: str, data: st.DataObject) -> None:
    """Any letters of a bot's name replaced by look-alikes from other scripts or full
    width (a small table of well-known ones): still the bot's name by its skeleton."""
    alike = {"B": "\u0412\u0392\uff22", "o": "\u043e\u03bf\u0585", "t": "\uff54",
             "e": "\u0435\uff45", "i": "\u0456\uff49", "a": "\u0430", "c": "\u0441",
             "s": "\u0455", "r": "\u0433", "u": "\u057d"}
    out = "".join(data.draw(st.sampled_from(ch + alike.get(ch, ""))) for ch in name)
    with pytest.raises(WebError) as e:
        clean_name(out)
    assert e.value.reason == "nickname_reserved"
