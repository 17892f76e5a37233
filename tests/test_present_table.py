"""The card table's data in :class:`binokel.present.Table`, for every game.

Properties over random deals of every game and player count, before every action for every
seat and a spectator: one entry per hand card, a card is playable exactly when the choices
offer to play it, every other card has a reason and a playable one none, whose turn it is,
seats counted from 1, and the new fields hold nothing the seat may not know (a spectator's
table has no hand, no meld values; a seat's values come from its own cards). Then
hand-checked tables in German and English: Binokel's bidding (the current bid and who holds
it, the meld value for each trump), pushing that breaks a meld, why a card may not be played
(follow suit, beat, trump), the result as figures, Doppelkopf's trump and French card names,
friendly bot names with their level, and rules texts without source references.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from binokel.core.cards import card_name
from binokel.core.cards import parse_card
from binokel.games.binokel.state import DealState
from binokel.games.doppelkopf.state import DokoRules
from binokel.games.doppelkopf.state import DokoState
from binokel.present import Table
from binokel.present import bot_name
from binokel.present import option_texts
from binokel.present import present
from binokel.present import preset_texts
from binokel.registry import GAMES
from binokel.registry import find_game
from helpers import deal
from helpers import run

NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal")
CASES = [(spec.name, n) for spec in GAMES for n in spec.players if n <= 5]


def check_table(table: Table, view: object) -> None:
    """The invariants of the card-table fields of one table."""
    data = table.to_json()
    json.dumps(data)
    assert len(table.cards) == len(table.hand)
    assert [c.card for c in table.cards] == list(table.hand)
    ch = table.choices
    playable = set(ch.cards.cards) if ch.cards is not None and ch.cards.verb == "play" else set()
    for c in table.cards:
        assert c.playable == (c.card in playable), c
        assert bool(c.reason) != c.playable, c   # a reason exactly for the unplayable
    assert data["my_turn"] == table.my_turn
    over = table.to_move < 0 or table.scores is not None
    assert bool(table.turn) != over
    assert [s.number for s in table.seats] == [s + 1 for s in range(table.players)]
    assert table.deck == ("french" if table.game == "doppelkopf" else "german")
    if table.trump is not None:
        assert table.trump in "EBHS" and table.trump_name
    # the status says how the deal stands; the game's name is the title, shown beside it
    assert not table.status.startswith(table.title.split(" · ")[0]), table.status
    if table.bid_holder is not None:
        assert 0 <= table.bid_holder < table.players and table.bid is not None
    if table.me < 0:   # a spectator knows no hand, no meld values
        assert not table.hand and not table.cards and table.meld_value is None
        assert not table.trump_melds
    if table.trump_melds:
        assert table.meld_value == max(m.value for m in table.trump_melds)
    if table.scores is not None:
        assert table.outcome is not None and table.outcome.changes == table.scores
        assert table.outcome.headline
    else:
        assert table.outcome is None


@pytest.mark.parametrize("game, players", CASES)
def test_card_table_fields_in_random_deals(game: str, players: int) -> None:
    spec = find_game(game)
    rng = random.Random(players * 31 + len(game))
    for deal_no in range(2):
        state = spec.new_deal(spec.make_rules({}), deal_no % players, seed=rng.randrange(10**6),
                              players=players)
        steps = 0
        while True:
            lang = ("de", "en")[steps % 2]
            for seat in range(players):
                check_table(present(state.view(seat), lang, NAMES), state.view(seat))
            check_table(present(state.public_view(), lang, NAMES), state.public_view())
            if state.is_over or steps > 200:
                break
            state.apply(state.random_action(rng))
            steps += 1
        assert state.is_over


def test_a_seats_values_come_from_its_own_cards() -> None:
    """Two deals in which seat 0 holds the same cards and the others different ones give seat
    0 the same meld values and the same card reasons while it bids."""
    mine = "EA E10 EK EO EU HK HO SU BO BA B10 SA"
    a = deal({0: mine, 1: "HA HA H10 H10 HU HU EA E10 EK EO EU BK"})
    b = deal({0: mine, 1: "SK SK SO SO S10 S10 BK BK BU BU B10 BA"})
    ta, tb = (present(s.view(0), "en", NAMES) for s in (a, b))
    assert ta.meld_value == tb.meld_value and ta.trump_melds == tb.trump_melds
    assert ta.cards == tb.cards


# ----------------------------------------------------------------------- Binokel by hand
def test_binokel_bidding_shows_the_bid_holder_and_meld_per_trump() -> None:
    s = deal({0: "EA E10 EK EO EU HK HO SU BO BA B10 SA"})
    t = present(s.view(0), "en", NAMES)
    assert (t.bid, t.bid_holder, t.turn, t.my_turn) == (None, None, "Your turn", True)
    melds = {m.suit: m.value for m in t.trump_melds}
    # Eichel family 100 (trump 150), Herz pair 20 (trump 40), Binokel 40
    assert melds == {"E": 150 + 20 + 40, "B": 100 + 20 + 40, "H": 100 + 40 + 40,
                     "S": 100 + 20 + 40}
    assert t.meld_value == 210
    assert {c.reason for c in t.cards} == {"No card is played now."}
    run(s, "bid 170")
    t = present(s.view(2), "de", NAMES)
    assert (t.bid, t.bid_holder, t.turn) == (170, 0, "Bob ist dran")
    assert t.to_json()["bid_holder"] == 0 and t.seats[0].number == 1
    assert {c.reason for c in t.cards} == {"Warte, Bob ist dran."}


def test_the_trump_choice_keeps_the_meld_values() -> None:
    """Issue 33: having pushed, the declarer still sees what each trump melds while he names
    it (the cards he kept); once the trump is named the values give way to the play."""
    s = deal({0: "EA E10 EK EO EU HK HO SU BO BA B10 SA"}, dapp="S10 SK BK HU")
    run(s, "bid 150;pass;pass;discard S10 SK BK HU")
    t = present(s.view(0), "en", NAMES)
    assert t.phase == "trump" and t.choices.buttons
    melds = {m.suit: m.value for m in t.trump_melds}
    # the kept hand: Eichel family 100 (trump 150), Herz pair 20 (40), Binokel 40
    assert melds == {"E": 150 + 20 + 40, "B": 100 + 20 + 40, "H": 100 + 40 + 40,
                     "S": 100 + 20 + 40}
    assert t.meld_value == 210 and t.to_json()["trump_melds"][0] == {"suit": "E", "value": 210}
    assert not present(s.public_view(), "en", NAMES).trump_melds
    run(s, "trump E")
    assert not present(s.view(0), "en", NAMES).trump_melds


def test_pushing_a_meld_card_is_warned() -> None:
    s = deal({0: "EA E10 EK EO EU HK HO SU BO BA B10 SA"}, dapp="S10 SK BK HU")
    run(s, "bid 150;pass;pass")
    t = present(s.view(0), "en", NAMES)
    assert t.choices.select is not None and t.choices.select.count == 4
    warn = {c.card: c.warning for c in t.cards if c.warning}
    # 16 cards, 4 to push: the Eichel family, the Herz and Blatt pairs, the Binokel and the
    # four Kings are worth keeping, the five cards outside them are not.
    assert set(warn) == {"EA", "E10", "EK", "EO", "EU", "HK", "HO", "SU", "BO", "BK", "SK"}
    assert warn["EA"] == "Pushing it breaks Family Acorns"
    assert "Binokel" in warn["SU"] and "Pair Hearts" in warn["HK"]
    assert not any(c.warning for c in t.cards if c.card in ("SA", "BA", "B10", "S10", "HU"))
    de = {c.card: c.warning for c in present(s.view(0), "de", NAMES).cards}
    assert de["EA"] == "Drücken bricht Familie Eichel"
    other = present(s.view(1), "en", NAMES)  # only the one who pushes is warned
    assert len(other.cards) == 12 and not any(c.warning for c in other.cards)


def _binokel_in_play() -> DealState:
    s = deal({0: "EA E10 EK EO EU HK HO SU BO BA B10 SA",
              1: "HA HA H10 H10 HU EA E10 EK EO EU BK BU",
              2: "HU BA B10 BK SA S10 S10 SK SK SO SO SU"}, dapp="HK HO BO BU")
    run(s, "bid 150;pass;pass;discard HK HO BO BU;trump E;play SA")
    return s


def test_why_a_card_may_not_be_played() -> None:
    s = _binokel_in_play()
    t = present(s.view(1), "en", NAMES)
    # Seat 1 has no Schellen: it must trump (Eichel).
    assert t.trump == "E" and t.trump_name == "Acorns"
    # the trump is said by the front ends from trump_name (the web's chip), not twice
    assert "Acorns" not in t.status and "declarer" in t.status
    reasons = {c.card: c.reason for c in t.cards}
    assert {k for k, v in reasons.items() if not v} == {"EA", "E10", "EK", "EO", "EU"}
    assert reasons["HA"] == "You cannot follow and must trump."
    de = {c.card: c.reason for c in present(s.view(1), "de", NAMES).cards}
    assert de["HA"] == "Du kannst nicht bedienen und musst trumpfen."
    run(s, "play EU")
    t = present(s.view(2), "en", NAMES)
    reasons = {c.card: c.reason for c in t.cards}
    # Seat 2 holds Schellen: follow suit; the led Ace cannot be beaten, so any Schellen goes.
    assert reasons["HU"] == "You must follow Bells."
    assert not reasons["S10"] and not reasons["SU"]
    assert present(s.view(0), "en", NAMES).cards[0].reason == "Wait, it is Cid's turn."


def test_beat_the_trick_is_explained() -> None:
    s = deal({0: "EA E10 EK EO EU HK HO SU BO BA B10 SA",
              1: "HA HA H10 H10 HU EA E10 EK EO EU BK BU",
              2: "HU BA B10 BK SA S10 S10 SK SK SO SO SU"}, dapp="HK HO BO BU")
    run(s, "bid 150;pass;pass;discard HK HO BO BU;trump E;play B10;play BK")
    reasons = {c.card: c.reason for c in present(s.view(2), "en", NAMES).cards}
    # Blatt led, no trump on it: who follows must beat the Ten if he can (Stichzwang).
    assert not reasons["BA"]
    assert reasons["BK"] == reasons["B10"] == "You must beat B10."
    assert reasons["HU"] == "You must follow Leaves."
    de = {c.card: c.reason for c in present(s.view(2), "de", NAMES, "words").cards}
    assert de["BK"] == "Du musst Blatt-Zehn überstechen (Stichzwang)."


def test_the_result_in_figures() -> None:
    s = _binokel_in_play()
    rng = random.Random(2)
    while not s.is_over:
        s.apply(s.random_action(rng))
    res = s.result
    for lang, bid_word in (("en", "Bid"), ("de", "Gebot")):
        t = present(s.view(0), lang, NAMES)
        o = t.outcome
        assert o is not None and o.declarer == 0 and o.bid == 150
        assert o.melds == res.meld_points[0] and o.tricks == res.trick_points[0]
        assert o.total == res.declarer_total == o.melds + o.tricks
        assert o.made == res.made and o.changes == res.scores
        assert o.figures[0].label == bid_word
        assert [f.value for f in o.figures] == [150, o.melds, o.tricks, o.total]
        # the declarer reads what happened to him (tests/test_present_results.py has more)
        lost = -res.scores[0]
        assert o.headline == {("en", True): "You made your 150", ("en", False): f"You lost {lost}",
                              ("de", True): "Du hast deine 150 gemacht",
                              ("de", False): f"Du hast {lost} verloren"}[lang, res.made]
        assert o.tone == ("won" if res.made else "lost") and (0 in o.winners) == res.made


# ----------------------------------------------------------------------- Doppelkopf
def test_doppelkopf_names_french_cards_and_its_trump() -> None:
    s = DokoState.new(DokoRules(), dealer=3, seed=4)
    for a in ("gesund",) * 4:
        s.apply(a)
    t = present(s.view(0), "en", NAMES, "words")
    assert t.deck == "french" and t.trump == "S" and t.trump_name == "Diamonds"
    assert "Diamonds" in next(p.text for p in t.panels if p.cards == () and p.text)
    de = present(s.view(0), "de", NAMES, "symbol")
    assert de.trump_name == "Karo"
    text = json.dumps(de.to_json(), ensure_ascii=False)
    assert "♣D" in text and "Eichel" not in text and "Schellen" not in text
    rng = random.Random(1)
    s.apply(s.random_action(rng))  # Vorhand leads
    t = present(s.view(1), "en", NAMES)
    led_trump = s.view(1).order.is_trump(s.view(1).trick[0])
    for c in t.cards:
        if c.reason:
            assert c.reason in ("You must follow trump.", "You must follow Clubs.",
                                "You must follow Spades.", "You must follow Hearts.")
            assert (c.reason == "You must follow trump.") == led_trump
    while not s.is_over:
        s.apply(s.random_action(rng))
    o = present(s.view(0), "en", NAMES).outcome
    assert o is not None and [f.label for f in o.figures] == ["Re", "Kontra", "Game value"]
    assert o.figures[0].value + o.figures[1].value == 240


def test_doppelkopf_solo_without_a_trump_suit() -> None:
    s = DokoState.new(DokoRules(), dealer=3, seed=4)
    for a in ("vorbehalt", "gesund", "gesund", "gesund", "solo damen"):
        s.apply(a)
    t = present(s.view(2), "de", NAMES)
    assert t.trump is None and t.trump_name == "Damensolo"


# ----------------------------------------------------------------------- names and texts
def test_bots_have_friendly_names_and_levels() -> None:
    s = deal()
    names = ["Ann", bot_name(1), bot_name(2)]
    t = present(s.view(0), "en", names, levels=["", "strong", "random"])
    # the level apart from the name: "Lina, strong ist dran" read as a name "Lina, strong"
    assert [x.label for x in t.seats] == ["Ann", "Lina (strong)", "Gottlob (beginner)"]
    assert t.status == "dealer Gottlob"  # texts use the plain name
    t = present(s.view(0), "de", names, levels=["", "heuristic", "strong-hard"])
    assert [x.level for x in t.seats] == ["", "mittel", "sehr stark"]
    assert [x.label for x in t.seats] == ["Ann", "Lina (mittel)", "Gottlob (sehr stark)"]
    assert [x.name for x in present(s.view(0), "de").seats] == ["Platz 1", "Platz 2",
                                                                 "Platz 3"]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rules_texts_for_players_have_no_source_references(lang: str) -> None:
    ref = re.compile(r"\b[Ss]eeds?\b|§|RULES|\bTexte? \d{3}")
    for spec in GAMES:
        texts = {**preset_texts(spec.name, lang), **option_texts(spec.name, lang)}
        assert texts
        for key, text in texts.items():
            assert not ref.search(text), (spec.name, key, text)
            assert text[:1] == text[:1].upper(), (spec.name, key, text)
    assert preset_texts("binokel", "en")["standard"].startswith("Classic card points")


@pytest.mark.parametrize("deck, lang, token, name", [
    ("german", "de", "EO", "Eichel-Ober"), ("german", "en", "BU", "Unter of Leaves"),
    ("german", "en", "SA", "Ace of Bells"), ("french", "de", "EO", "Kreuz-Dame"),
    ("french", "en", "BU", "Jack of Spades"), ("french", "en", "SK", "King of Diamonds"),
])
def test_card_names_match_the_faces(deck: str, lang: str, token: str, name: str) -> None:
    assert card_name(parse_card(token), "words", lang, deck) == name
