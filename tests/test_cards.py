"""Card notation, constants and card sets."""

from __future__ import annotations

import pytest

from binokel.core import cards
from binokel.core.cards import ALL_CARDS
from binokel.core.cards import card_name
from binokel.core.cards import card_token
from binokel.core.cards import cards_of
from binokel.core.cards import cardset
from binokel.core.cards import count
from binokel.core.cards import parse_card
from binokel.core.cards import parse_suit
from binokel.core.cards import size


def test_constants_match_the_notation() -> None:
    assert len(ALL_CARDS) == 28
    for c in ALL_CARDS:
        assert getattr(cards, card_token(c)) == c
        assert parse_card(card_token(c)) == c


@pytest.mark.parametrize("alias, token", [("EZ", "E10"), ("BD", "BO"), ("HB", "HU"),
                                          ("GA", "BA"), ("s10", "S10"), (" ea ", "EA")])
def test_aliases(alias: str, token: str) -> None:
    assert card_token(parse_card(alias)) == token


@pytest.mark.parametrize("bad", ["", "X", "EX", "E11", "A", "EAA"])
def test_bad_tokens_are_clear_errors(bad: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        parse_card(bad)


def test_names_in_every_style() -> None:
    assert card_name(cards.SU, "words") == "Schellen-Unter"
    assert card_name(cards.SU, "french") == "Karo-Bube"
    assert card_name(cards.SU, "french", "en") == "Jack of Diamonds"
    assert card_name(cards.BO, "symbol", "en") == "♠O"  # German faces show O/U
    assert card_name(cards.BO, "symbol", "en", "french") == "♠Q"
    assert card_name(cards.BO, "symbol", "de", "french") == "♠D"
    assert parse_suit("Herz") == parse_suit("H") == 2


def test_card_sets_count_copies() -> None:
    s = cardset([cards.EA, cards.EA, cards.H10])
    assert count(s, cards.EA) == 2 and count(s, cards.H10) == 1 and size(s) == 3
    assert cards_of(s) == [cards.EA, cards.EA, cards.H10]
    with pytest.raises(ValueError, match="more than two copies"):
        cardset([cards.EA] * 3)
