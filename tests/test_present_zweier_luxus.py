"""The tables of Zweierbinokel and Luxusfamilie (``binokel.games.zweier.present`` / ``.luxus``).

Properties over random deals, checked before every action for every seat and a spectator:
the table is JSON, the choices offer exactly the legal actions (only to the seat to move),
and no card token appears that the seat cannot know (compared with the state itself: another
player's hidden hand, the stock, the set-aside cards). Then hand-checked tables in German and
English: a meld button, a card played from the table, the Dix exchange, the strict phase, the
trump maker's tie-break, known voids, the set-aside cards.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from binokel.core.cards import card_token
from binokel.core.cards import cards_of
from binokel.core.cards import parse_card
from binokel.games.luxusfamilie.rules import LuxusRules
from binokel.games.luxusfamilie.state import LuxusState
from binokel.games.zweier.rules import ZweierRules
from binokel.games.zweier.state import ZweierState
from binokel.present import Choices
from binokel.present import Table
from binokel.present import present
from test_luxus import HANDS
from test_luxus import TRICKS
from test_luxus import deck_for as luxus_deck
from test_luxus import play_tricks
from test_zweier import D1_FREE
from test_zweier import d1
from test_zweier import new
from test_zweier import run

TOKEN = re.compile(r"(?<![A-Za-z0-9])[EBHS](?:A|10|K|O|U|7)(?![A-Za-z0-9])")
HOLDS = re.compile(r"^(?:hat|holds) (\S+) \(", re.M)
NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal")


# ----------------------------------------------------------------------- helpers
def tokens_in(table: Table) -> set[str]:
    """Every card token anywhere in the table's JSON (which it must be)."""
    return set(TOKEN.findall(json.dumps(table.to_json(), ensure_ascii=False)))


def offered(choices: Choices) -> set[str]:
    """The actions a front end can send from ``choices``."""
    assert choices.select is None and choices.bid is None  # neither game uses them
    acts = {b.action for b in choices.buttons}
    if choices.cards is not None:
        acts |= {f"{choices.cards.verb} {c}" for c in choices.cards.cards}
    return acts


def check(table: Table, legal: tuple[str, ...], known: set[str], seat: int,
          to_move: int) -> None:
    """The properties every table has, for ``seat`` (-1: a spectator)."""
    assert table.me == seat and table.to_move == to_move
    acts = offered(table.choices)
    if seat >= 0 and seat == to_move:
        assert legal and acts == set(legal), (acts ^ set(legal))
        # no action twice (a button and a card, or a card listed twice)
        n = len(table.choices.buttons) + len(table.choices.cards.cards
                                             if table.choices.cards else ())
        assert n == len(acts)
        for b in table.choices.buttons:   # a button names cards: they are its action's
            if b.action.startswith("meld "):
                assert b.cards == tuple(b.action.split()[1:]) and b.short
                assert b.label.endswith(b.short.rsplit(" ", 1)[1]) and len(b.short) < len(b.label)
            else:
                assert (b.cards, b.short) == ((), "")
    else:
        assert not acts and not legal
    if seat < 0:
        assert table.hand == ()
    found = tokens_in(table)
    assert set(table.hand) <= found  # the token search finds cards
    leaked = found - known
    assert not leaked, (seat, leaked)


def toks(cards: Any) -> set[str]:
    return {card_token(c) for c in cards}


def grows(logs: dict[tuple[int, str], tuple[str, ...]], seat: int, table: Table) -> None:
    """A log only grows: a front end may append the new lines to what it shows."""
    key = (seat, table.lang)
    before = logs.get(key, ())
    assert table.log[:len(before)] == before, (before, table.log)
    logs[key] = table.log


def biased(rng: random.Random, acts: list[str]) -> str:
    """A random action that melds and exchanges more often than uniform play would."""
    special = [a for a in acts if not a.startswith("play ")]
    if special and rng.random() < 0.7:
        return rng.choice(special)
    return rng.choice(acts)


# ----------------------------------------------------------------------- Zweier: properties
def zweier_known(s: ZweierState, seat: int) -> set[str]:
    """The cards ``seat`` may know of: his hand, both tables, every played and melded card,
    the shown cards, the turned-up card (and the one turned up at the deal)."""
    known = {card_token(s.deck[24])}
    if seat >= 0:
        known |= toks(cards_of(s.hands[seat]))
    known |= toks(cards_of(s.tables[0])) | toks(cards_of(s.tables[1]))
    known |= {a[5:] for _, a in s.history if a.startswith("play ")}
    known |= {card_token(c) for ms in s.melds for m in ms for c in m.cards}
    known |= {card_token(c) for _, _, c in s.shown}
    if s.turned_up >= 0:
        known.add(card_token(s.turned_up))
    return known


ZWEIER_RULES = [
    ZweierRules(),
    ZweierRules.from_preset("standard", sevens=True),
    ZweierRules.from_preset("standard", sevens=True, dix=False),
    ZweierRules.from_preset("standard", sevens=True, dix_exchange=False),
    ZweierRules.from_preset("standard", show_last_card=False, must_beat=False),
    ZweierRules.from_preset("standard", upgrade_melds=False, bonus_trick="first",
                            rounding="all"),
    ZweierRules.from_preset("turnier", sevens=True, show_last_card=False),
]


@pytest.mark.parametrize("rules", ZWEIER_RULES, ids=lambda r: str(r.changed_options()))
def test_zweier_tables_in_random_deals(rules: ZweierRules) -> None:
    seen: set[str] = set()
    for seed in range(5):
        rng = random.Random(seed)
        s = ZweierState.new(rules, seed % 2, rng=rng)
        logs: dict[tuple[int, str], tuple[str, ...]] = {}
        step = 0
        while True:
            lang = "en" if step % 2 else "de"
            for seat in (0, 1, -1):
                v = s.view(seat) if seat >= 0 else s.public_view()
                t = present(v, lang, NAMES[:2])
                check(t, v.legal_actions, zweier_known(s, seat), seat, s.to_move)
                grows(logs, seat, t)
                assert [x.table for x in t.seats] == [tuple(card_token(c) for c in v.table[p])
                                                      for p in (0, 1)]
                for p, x in enumerate(t.seats):
                    # "holds C (...)": said only of a shown card that is surely still there
                    for c in HOLDS.findall("\n".join(x.lines)):
                        assert parse_card(c) in cards_of(s.hands[p]), (p, c, x.lines)
                # the log opens with the card turned up at the deal, exchanged or not
                assert card_token(s.deck[24]) in t.log[0].split(",")[0]
                if seat >= 0 and seat == s.to_move:
                    seen |= {a.split()[0] for a in v.legal_actions}
                    # a card is clickable in the hand or on the seat's own table
                    assert t.choices.cards is not None
                    assert set(t.choices.cards.cards) <= set(t.hand) | set(t.seats[seat].table)
            if s.is_over:
                break
            s.apply(biased(rng, s.legal_actions()))
            step += 1
        assert t.result and t.scores == s.result.scores  # type: ignore[union-attr]
        # one log line per trick
        assert sum(1 for x in t.log if x.startswith(("Stich ", "Trick "))) == len(s.tricks)
    assert "meld" in seen
    if rules.sevens and rules.dix_exchange:
        assert "exchange" in seen


# ----------------------------------------------------------------------- Luxus: properties
def luxus_known(s: LuxusState, seat: int) -> set[str]:
    """His hand, the shown melds, the played cards; the set-aside cards after the deal."""
    known = {a[5:] for _, a in s.history if a.startswith("play ")}
    known |= {card_token(c) for mr in s.melds for m in mr.melds for c in m.cards}
    if seat >= 0:
        known |= toks(cards_of(s.hands[seat]))
    if s.is_over:
        known |= toks(cards_of(s.leftover))
    return known


LUXUS_RULES = [
    LuxusRules(),
    LuxusRules.from_preset("binokel"),
    LuxusRules.from_preset("standard", trump_duty="untrumped", leftover="last_trick",
                           meld_needs_trick=True),
    LuxusRules.from_preset("standard", trump_duty="none", conversion="identity",
                           four_tens=100),
]


@pytest.mark.parametrize("players", (3, 4, 5, 6, 7, 8))
def test_luxus_tables_in_random_deals(players: int) -> None:
    for k in range(2):
        rules = LUXUS_RULES[(players + k) % len(LUXUS_RULES)]
        rng = random.Random(100 * players + k)
        s = LuxusState.new(rules, rng.randrange(players), rng=rng, players=players)
        logs: dict[tuple[int, str], tuple[str, ...]] = {}
        step = 0
        while True:
            lang = "en" if step % 2 else "de"
            for seat in [*range(players), -1]:
                v = s.view(seat) if seat >= 0 else s.public_view()
                t = present(v, lang, NAMES[:players])
                check(t, v.legal_actions, luxus_known(s, seat), seat, s.to_move)
                grows(logs, seat, t)
                # the meld lines keep the values shown at the deal (plain, before trump)
                assert [x.rsplit("= ", 1)[-1] for x in t.log[:players] if "= " in x] == [
                    str(m.total) for m in s.plain_melds if m.melds]
                aside = [p for p in t.panels if p.title in ("Übrige Karten", "Set aside")]
                assert len(aside) == (1 if s.leftover else 0)
                if aside:
                    assert aside[0].cards == (tuple(card_token(c) for c in cards_of(s.leftover))
                                              if s.is_over else ())
            if s.is_over:
                break
            s.apply(s.random_action(rng))
            step += 1
        assert s.result is not None and t.scores == s.result.scores
        trick_lines = [x for x in t.log if x.startswith(("Stich ", "Trick "))]
        assert len(trick_lines) == len(s.tricks)
        # each line says who led: with many players the cards alone do not say who played
        for line, tr_ in zip(trick_lines, s.tricks, strict=True):
            head = line.split(": ")[0]
            assert head.endswith((f"{NAMES[tr_.leader]} leads",
                                  f"{NAMES[tr_.leader]} spielt aus")), line


def test_card_styles_word_the_texts_only() -> None:
    # Structured fields keep tokens for drawing cards; texts follow the card style.
    z = run(d1(), "1:play EA 0:play BU")
    lux = LuxusState.new(LuxusRules(), dealer=3, deck_order=luxus_deck(HANDS, 4, 3), players=4)
    play_tricks(lux, TRICKS, 3)
    for view in (z.view(1), lux.view(lux.to_move), lux.public_view()):
        for style in ("words", "symbol", "french"):
            t = present(view, "en", cards=style)
            texts = [t.status, *t.log, *t.result, *(b.label for b in t.choices.buttons),
                     *(line for x in t.seats for line in x.lines),
                     *(p.text for p in t.panels)]
            assert not [x for x in texts if TOKEN.search(x)], style
            assert t.hand == tuple(card_token(c) for c in view.hand)
    t = present(z.view(1), "de", cards="words")
    assert "Familie Eichel: Eichel-As, Eichel-Zehn, Eichel-König, Eichel-Ober, Eichel-Unter " \
        "(100)" in [b.label for b in t.choices.buttons]


def test_a_spectator_sees_only_the_public_cards() -> None:
    # The leak check is not empty: at the start only the turned-up card / the melds show.
    z = ZweierState.new(ZweierRules(), 0, seed=3)
    assert tokens_in(present(z.public_view(), "de")) == {card_token(z.deck[24])}
    lux = LuxusState.new(LuxusRules(), dealer=3, deck_order=luxus_deck(HANDS, 4, 3), players=4)
    assert tokens_in(present(lux.public_view(), "en")) == {
        card_token(c) for mr in lux.melds for m in mr.melds for c in m.cards}


# ----------------------------------------------------------------------- Zweier: by hand
def both(view: Any, f: Callable[[Table, str], None]) -> None:
    for lang in ("de", "en"):
        f(present(view, lang, NAMES[:view.players]), lang)


def test_zweier_meld_button_and_table_card() -> None:
    # D1 (test_zweier): dealer Ann, Bob leads; trump Herz (HU turned up).
    s = run(d1(), "1:play EA 0:play BU")
    labels = {"de": "Familie Eichel: EA E10 EK EO EU (100)",
              "en": "Family Acorns: EA E10 EK EO EU (100)"}

    def before(t: Table, lang: str) -> None:
        b = next(b for b in t.choices.buttons if b.action == "meld EA E10 EK EO EU")
        assert b.label == labels[lang] and b.style == "primary"
        # for a front end that shows the cards as faces: the label without their names
        assert b.cards == ("EA", "E10", "EK", "EO", "EU")
        assert b.short == {"de": "Familie Eichel (100)", "en": "Family Acorns (100)"}[lang]
        assert t.choices.buttons[0] is b  # the best meld first
        assert t.choices.cards is not None and t.choices.cards.hint == {
            "de": "Melde vor dem Ausspielen eine Kombination oder spiele eine Karte.",
            "en": "Meld a combination before you lead, or play a card."}[lang]
    both(s.view(1), before)
    assert present(s.view(0)).choices == Choices()

    s.apply("meld EA E10 EK EO EU")

    def after(t: Table, lang: str) -> None:
        bob = t.seats[1]
        assert bob.table == ("EA", "E10", "EK", "EO", "EU") and bob.meld_total == 100
        assert [(m.label, m.points, m.cards) for m in bob.melds] == [
            (labels[lang].split(":")[0], 100, ("EA", "E10", "EK", "EO", "EU"))]
        assert t.log[-1] == {"de": "Bob meldet ", "en": "Bob melds "}[lang] + labels[lang]
        if t.me == 1:
            # EA is on the table only, and clickable: front ends find it there
            assert "EA" not in t.hand and t.choices.cards is not None
            assert "EA" in t.choices.cards.cards and not t.choices.buttons
            assert t.hand == ("E10", "EK", "BA", "BA", "B10", "B10", "SA")
        else:
            assert t.choices == Choices()
    both(s.view(1), after)
    both(s.view(0), after)
    both(s.public_view(), after)


def test_zweier_status_panels_and_log_in_the_free_phase() -> None:
    s = run(d1(), "1:play EA 0:play BU")

    def f(t: Table, lang: str) -> None:
        assert t.status == {
            "de": "Stoß 14 · freies Spiel (kein Farbzwang)",
            "en": "stock 14 · free play (no need to follow)"}[lang]
        # the trump is the table's own field (the web's chip), not said twice in the status
        assert (t.trump, t.trump_name) == ("H", {"de": "Herz", "en": "Hearts"}[lang])
        assert t.turn == {"de": "Bob ist dran", "en": "Bob to move"}[lang]
        assert [(p.cards, p.text) for p in t.panels] == [
            (("HU",), {"de": "unter dem Stoß", "en": "under the stock"}[lang]),
            ((), {"de": "14 Karten", "en": "14 cards"}[lang])]
        assert t.log == {
            "de": ("Aufgedeckt: HU, Trumpf ist Herz", "Stich 1: EA BU → Bob (13)",
                   "Bob zieht, dann Ann (Stoß: 14)"),
            "en": ("Turned up: HU, trump is Hearts", "Trick 1: EA BU → Bob (13)",
                   "Bob draws, then Ann (stock: 14)")}[lang]
        assert t.last_trick is not None and t.last_trick.cards == ((1, "EA"), (0, "BU"))
        assert t.last_trick.winner == 1 and t.trick.cards == ()
        assert [x.roles for x in t.seats] == [{"de": ("Geber",), "en": ("dealer",)}[lang],
                                              ("Vorhand",)]
        assert t.seats[1].lines[0] == {"de": "Stichpunkte 13 · Stiche 1",
                                       "en": "trick points 13 · tricks 1"}[lang]
    both(s.view(0), f)


def test_zweier_strict_phase() -> None:
    s = run(d1(), D1_FREE)
    assert s.phase == "strict" and s.to_move == 1

    def f(t: Table, lang: str) -> None:
        assert t.status == {
            "de": "Stoß leer · Farbzwang, Stichzwang, Trumpfzwang",
            "en": "stock empty · follow suit, beat, trump"}[lang]
        assert [(p.cards, p.text) for p in t.panels] == [
            ((), {"de": "leer", "en": "empty"}[lang])]
        # The last face-down card was shown to Ann, and everybody saw the turned-up card.
        assert t.log[-3:] == {
            "de": ("Bob zieht die letzte verdeckte Karte: S10 (gezeigt)",
                   "Ann nimmt die aufgedeckte Karte HU",
                   "Stoß leer: die Meldungen gehen auf die Hand, jetzt gilt Farbzwang, "
                   "Stichzwang, Trumpfzwang"),
            "en": ("Bob draws the last face-down card: S10 (shown)",
                   "Ann takes the turned-up card HU",
                   "Stock empty: the melds go back to the hands, now follow suit, beat, "
                   "trump")}[lang]
        assert t.seats[1].lines[1:] == ({
            "de": "hat S10 (letzte Karte vom Stoß, gezeigt)",
            "en": "holds S10 (last card of the stock, shown)"}[lang],)
        assert t.seats[0].lines[1:] == ({"de": "hat HU (die aufgedeckte Karte)",
                                         "en": "holds HU (the turned-up card)"}[lang],)
        assert [x.table for x in t.seats] == [(), ()]
        if t.me == 1:
            assert t.choices.cards is not None and set(t.choices.cards.cards) == set(t.hand)
            assert t.choices.cards.hint == {
                "de": "Bedienen und überstechen; wer nicht bedienen kann, muss trumpfen.",
                "en": "Follow suit and beat; if void, play a trump."}[lang]
    both(s.view(1), f)
    both(s.view(0), f)
    # Once Bob plays his S10, nothing says any more that he holds one.
    s.apply("play SA")
    s.apply("play SU")
    t = present(s.view(0), "en", NAMES)
    assert t.seats[1].lines[1:] == ("holds S10 (last card of the stock, shown)",)
    s = run(d1(must_beat=False), D1_FREE)
    assert present(s.view(0), "en").status.endswith(
        "follow suit, trump if void (beat only a led trump)")
    cards = present(s.view(1), "de").choices.cards
    assert cards is not None and cards.hint == (
        "Bedienen (einen Trumpf überstechen); wer nicht bedienen kann, muss trumpfen.")


def test_zweier_dix_exchange() -> None:
    s = new({1: "EA H7 BA", 0: "BU"}, "HA", sevens=True)
    run(s, "1:play EA 0:play BU")
    assert "exchange" in s.legal_actions()

    def before(t: Table, lang: str) -> None:
        assert t.choices.buttons[0].action == "exchange"
        assert t.choices.buttons[0].label == {"de": "Dix tauschen: H7 gegen HA (+10)",
                                              "en": "Exchange the Dix: H7 for HA (+10)"}[lang]
    both(s.view(1), before)
    s.apply("exchange")

    def after(t: Table, lang: str) -> None:
        assert t.panels[0].cards == ("H7",)
        assert t.log[-1] == {"de": "Bob tauscht die Dix H7 gegen HA (+10)",
                             "en": "Bob exchanges the Dix H7 for HA (+10)"}[lang]
        assert t.log[0] == {"de": "Aufgedeckt: HA, Trumpf ist Herz",
                            "en": "Turned up: HA, trump is Hearts"}[lang]
        assert t.seats[1].lines[1:] == ({"de": "hat HA (gegen die Dix getauscht)",
                                         "en": "holds HA (exchanged for the Dix)"}[lang],)
        assert [(m.label, m.points) for m in t.seats[1].melds] == [("Dix", 10)]
    both(s.view(0), after)
    both(s.public_view(), after)
    s = new({1: "EA H7 BA", 0: "BU"}, "HA", sevens=True, dix=False)
    run(s, "1:play EA 0:play BU")
    assert present(s.view(1), "en").choices.buttons[0].label == "Exchange the Dix: H7 for HA"
    # The Dix turned up: the dealer scores it, the other trump seven may replace it.
    s = new({1: "EA H7 BA", 0: "BU"}, "H7", sevens=True)
    run(s, "1:play EA 0:play BU")

    def second(t: Table, lang: str) -> None:
        assert t.log[:2] == {"de": ("Aufgedeckt: H7, Trumpf ist Herz",
                                    "Die Dix liegt auf: Ann (Geber) schreibt 10"),
                             "en": ("Turned up: H7, trump is Hearts",
                                    "The Dix is turned up: Ann (dealer) scores 10")}[lang]
        assert t.choices.buttons[0].label == {
            "de": "Dix H7 gegen die aufgedeckte Dix tauschen (+10)",
            "en": "Exchange your Dix H7 for the turned-up Dix (+10)"}[lang]
    both(s.view(1), second)
    s.apply("exchange")
    t = present(s.view(0), "de", NAMES)
    assert t.log[-1] == "Bob tauscht die zweite Dix H7 gegen die erste (+10)"
    assert t.seats[1].lines[1:] == () and t.panels[0].cards == ("H7",)
    assert [m.meld_total for m in t.seats] == [10, 10]


def test_zweier_result_lines() -> None:
    s = d1()
    rng = random.Random(3)
    while not s.is_over:
        s.apply(biased(rng, s.legal_actions()))
    r = s.result
    assert r is not None
    t = present(s.public_view(), "en", NAMES)
    assert t.result[0] == "Result · trump Hearts" and t.scores == r.scores
    w = r.bonus_to
    assert f"(last trick +10); score {r.scores[w]}" in t.result[1 + w]
    assert t.result[1 + w].startswith(f"{NAMES[w]}: melds ")
    t = present(s.public_view(), "de")
    assert t.result[1 + w].startswith(f"Platz {w + 1}: Meldungen ")


# ----------------------------------------------------------------------- Luxus: by hand
SEVENS_HANDS = {0: "EK EO E7 EA EA E10 BA BA B10 SA SA S10",    # pair E 20, one seven
                1: "HK HO H7 H7 HA HA H10 H10 E10 B10 S10 BU",  # pair H 20, two sevens
                2: "EK BK BK HO SO SO SU SU E7 B7 B7 S7",       # no meld
                3: "EO BO BO HK SK SK EU EU BU HU HU S7"}       # no meld


def test_luxus_trump_maker_tie_break() -> None:
    s = LuxusState.new(LuxusRules(), dealer=3, deck_order=luxus_deck(SEVENS_HANDS, 4, 3),
                       players=4)
    assert s.trump_maker == 1 and s.trump_reason == "sevens"
    why = {"de": "Gleichstand bei den Meldungen, mehr Siebener",
           "en": "melds tied, more sevens"}

    def naming(t: Table, lang: str) -> None:
        assert t.status == {"de": f"Geber Dan · Bob bestimmt Trumpf ({why['de']})",
                            "en": f"dealer Dan · Bob names trump "
                                  f"({why['en']})"}[lang]
        assert t.seats[1].roles == ({"de": "bestimmt Trumpf", "en": "trump maker"}[lang],)
        assert t.seats[0].roles == ("Vorhand",)
        assert [(x.meld_total, len(x.melds)) for x in t.seats] == [(20, 1), (20, 1), (0, 0),
                                                                   (0, 0)]
        assert t.log[:2] == {"de": ("Ann meldet Paar Eichel 20 = 20",
                                    "Bob meldet Paar Herz 20 = 20"),
                             "en": ("Ann melds Pair Acorns 20 = 20",
                                    "Bob melds Pair Hearts 20 = 20")}[lang]
        if t.me == 1:
            labels = [(b.action, b.label, b.style) for b in t.choices.buttons]
            trump = {"de": "Trumpf", "en": "Trump"}[lang]
            assert labels[2] == ("trump H", f"{trump} {'Herz' if lang == 'de' else 'Hearts'}",
                                 "primary")  # a hint: Bob holds 8 Herz
            assert len(labels) == 4 and t.choices.cards is None
    both(s.view(1), naming)
    both(s.view(0), naming)
    s.apply("trump H")

    def named(t: Table, lang: str) -> None:
        assert t.status == {"de": f"Geber Dan · Bob hat Trumpf bestimmt "
                                  f"({why['de']})",
                            "en": f"dealer Dan · Bob named trump "
                                  f"({why['en']})"}[lang]
        assert (t.trump, t.trump_name) == ("H", {"de": "Herz", "en": "Hearts"}[lang])
        assert t.log[-1] == {"de": f"Bob bestimmt Trumpf Herz ({why['de']})",
                             "en": f"Bob names trump Hearts ({why['en']})"}[lang]
    both(s.public_view(), named)
    # Trump melds count up once trump is named; the lines written at the deal stay.
    s = LuxusState.new(LuxusRules.from_preset("binokel"), dealer=3,
                       deck_order=luxus_deck(SEVENS_HANDS, 4, 3), players=4)
    s.apply("trump H")
    t = present(s.view(0), "de", NAMES)
    assert t.log[1] == "Bob meldet Paar Herz 20 = 20"
    assert t.log[-1] == "Meldungen in Trumpf zählen jetzt mehr (+20 je Paar, +50 je Familie): " \
        "Bob 40"
    assert [x.meld_total for x in t.seats] == [20, 40, 0, 0]
    assert t.seats[1].melds[0].points == 40
    # All equal: the seat earlier in playing order.
    hands = {k: " ".join(f"{'EBHS'[k]}{r}" for r in ("A", "10", "K", "O", "U", "7") * 2)
             for k in range(4)}
    s = LuxusState.new(LuxusRules(), dealer=1, deck_order=luxus_deck(hands, 4, 1), players=4)
    assert present(s.public_view(), "en", NAMES).status == \
        "dealer Bob · Cid names trump (tied, sits earlier)"
    assert present(s.public_view(), "de", NAMES).status == \
        "Geber Bob · Cid bestimmt Trumpf (Gleichstand, sitzt früher)"


def test_luxus_voids_and_tricks() -> None:
    # test_luxus's hand-built deal, trump Herz: in trick 2 Dan (void in Eichel) must trump,
    # in trick 6 trump is led and Dan and Ann, void of trump, discard.
    s = LuxusState.new(LuxusRules(), dealer=3, deck_order=luxus_deck(HANDS, 4, 3), players=4)
    play_tricks(s, TRICKS, 2)

    def two(t: Table, lang: str) -> None:
        assert t.seats[3].lines == {"de": ("Machtpunkte 27 · Stiche 1", "fehlt: Eichel"),
                                    "en": ("power points 27 · tricks 1", "void: Acorns")}[lang]
        assert [x.lines[1:] for x in t.seats[:3]] == [(), (), ()]
        assert t.log[-1] == {"de": "Stich 2, Ann spielt aus: E10 E10 EK HO → Dan (27)",
                             "en": "Trick 2, Ann leads: E10 E10 EK HO → Dan (27)"}[lang]
        assert t.last_trick is not None and t.last_trick.winner == 3
        assert t.last_trick.cards == ((0, "E10"), (1, "E10"), (2, "EK"), (3, "HO"))
    both(s.view(2), two)
    s = LuxusState.new(LuxusRules(), dealer=3, deck_order=luxus_deck(HANDS, 4, 3), players=4)
    play_tricks(s, TRICKS, 6)
    t = present(s.public_view(), "de", NAMES)
    assert t.seats[3].lines[1] == "fehlt: Eichel, Herz"
    assert t.seats[0].lines[1] == "fehlt: Herz"
    s.apply("play S7")  # Bob leads trick 7; the current trick shows the seats
    t = present(s.view(2), "en", NAMES)
    assert t.trick.cards == ((1, "S7"),) and t.trick.title == "Trick 7"
    assert t.choices.cards is not None and t.choices.cards.cards == ("SU",)
    assert t.choices.cards.hint == "Follow suit; if void, play a trump (unless trump was led)."


def test_luxus_set_aside_cards_and_result() -> None:
    rules = LuxusRules.from_preset("standard", leftover="last_trick")
    s = LuxusState.new(rules, dealer=0, seed=5, players=5)
    t = present(s.view(1), "de", NAMES)
    assert [(p.title, p.cards, p.text) for p in t.panels] == [
        ("Übrige Karten", (), "3 Karten verdeckt")]
    rng = random.Random(5)
    while not s.is_over:
        s.apply(s.random_action(rng))
    r = s.result
    assert r is not None
    aside = tuple(card_token(c) for c in r.leftover)
    power = sum((11, 10, 4, 3, 2, 0)[("A", "10", "K", "O", "U", "7").index(c[1:])]
                for c in aside)
    t = present(s.public_view(), "en", NAMES)
    assert t.panels[0].cards == aside
    assert t.panels[0].text == f"{power} power points, for the last trick"
    assert t.result[-1] == f"Set aside: {' '.join(aside)} ({power} power points, for the " \
                           "last trick)"
    maker = NAMES[r.declarer]
    assert t.result[0].startswith(f"Trump {('Acorns', 'Leaves', 'Hearts', 'Bells')[r.trump]}, "
                                  f"named by {maker} (")
    p = 0
    won = {1: "1 trick"}.get(r.tricks_won[p], f"{r.tricks_won[p]} tricks")
    line = (f"Ann: melds {r.meld_points[p]} + trick points {r.trick_points[p]} = "
            f"{r.scores[p]} ({r.power_points[p]} power points, {won})")
    assert line in t.result
    t = present(s.public_view(), "de", NAMES, cards="words")
    assert aside == ("BK", "B7", "S10") and t.result[-1] == (
        "Übrige Karten: Blatt-König, Blatt-Sieben, Schellen-Zehn (14 Machtpunkte, für den "
        "letzten Stich)")


def test_luxus_meld_needs_trick_shows_the_lost_melds() -> None:
    rules = LuxusRules.from_preset("standard", meld_needs_trick=True)
    for seed in range(50):
        s = LuxusState.new(rules, 0, seed=seed, players=6)
        rng = random.Random(seed)
        while not s.is_over:
            s.apply(s.random_action(rng))
        r = s.result
        assert r is not None
        lost = [p for p in range(6) if r.melds[p].total and not r.meld_points[p]]
        if lost:
            break
    else:   # fixed seeds: this fails instead of quietly testing nothing
        raise AssertionError("no deal of seeds 0..49 lost a meld: choose other seeds")
    p = lost[0]
    t = present(s.public_view(), "de", NAMES)
    assert f"{NAMES[p]}: Meldung {r.melds[p].total} verfällt (kein Stich)" in t.result
