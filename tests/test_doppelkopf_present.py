"""The Doppelkopf table (binokel.games.doppelkopf.present) and the Doppelkopf series (DokoSeries).

Random deals under every house rule check the table's invariants for every seat and a
spectator; hand-checked deals (doppelkopf_deals.py) check the wording of a Hochzeit, a solo,
an Armut, an announcement and a fully scored deal in German and English.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from binokel.bots import RandomBot
from binokel.core.cards import card_token
from binokel.core.cards import cards_of
from binokel.core.cards import parse_card
from binokel.core.cards import size
from binokel.core.errors import RulesError
from binokel.games.doppelkopf.bots import DokoHeuristicBot
from binokel.games.doppelkopf.order import TRUMP
from binokel.games.doppelkopf.order import card_order
from binokel.games.doppelkopf.rules import DokoRules
from binokel.games.doppelkopf.series import DokoSeries
from binokel.games.doppelkopf.state import DokoState
from binokel.games.doppelkopf.texts import TEXTS
from binokel.present import Table
from binokel.present import present
from binokel.registry import new_series
from doppelkopf_deals import ALL_ON
from doppelkopf_deals import H2
from doppelkopf_deals import N1
from doppelkopf_deals import N3
from doppelkopf_deals import play

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve"]
# Words of the English texts that must never show in a German table.
ENGLISH = re.compile(r"\b(the|trumps?|points|tricks?|wins|healthy|reservation|announces|"
                     r"nobody|poverty|marriage|dealer|declares|leads|partners|solo by|"
                     r"played|won|caught|opponents|to move|deal over)\b")
MISSING = re.compile(r"\b(ann|btn|log|it|res|note|give|armut|goal|q|thrown|unclarified)_\w+")
HOUSE = DokoRules(armut=True, schweinchen=True, pflichtsolo=True, dulle_second_wins=True,
                  reach_absage_wins=True)
CONFIGS = [(DokoRules(), 4), (HOUSE, 4), (HOUSE, 5), (DokoRules(nines=False, armut=True), 4),
           (DokoRules(nines=False, schweinchen=True, pflichtsolo=True), 5),
           (ALL_ON, 4), (replace(ALL_ON, nines=False, hochzeit_klaerung="trumpf"), 5)]
DEALS = 10   # per configuration


# ------------------------------------------------------------------ invariants
def _offered(table: Table) -> set[str]:
    ch = table.choices
    out = {b.action for b in ch.buttons}
    if ch.cards is not None:
        out |= {f"{ch.cards.verb} {c}" for c in ch.cards.cards}
    return out


def _armut_cards_seen(state: DokoState, seat: int) -> Counter[str]:
    """The cards of the Armut exchange that ``seat`` may see (the poor player, the partner)."""
    if not state.armut_offer or seat not in (state.armut_offer[0], state.partner):
        return Counter()
    return Counter(tok for _, a in state.history if a.split()[0] in ("give", "return")
                   for tok in a.split()[1:])


def _texts(table: Table) -> list[str]:
    """Every text of the table that a player reads."""
    ch = table.choices
    out = [table.status, *table.log, *table.result, table.trick.title]
    out += [x for s in table.seats for x in (*s.roles, *s.lines)]
    out += [x for p in table.panels for x in (p.title, p.text)]
    out += [b.label for b in ch.buttons]
    out += [ch.cards.hint] if ch.cards else []
    out += [ch.select.label, ch.select.hint] if ch.select else []
    return out


def check_table(state: DokoState, seat: int, lang: str) -> Table:
    view = state.view(seat) if seat >= 0 else state.public_view()
    table = present(view, lang, NAMES)
    text = json.dumps(table.to_json(), ensure_ascii=False)
    assert json.loads(text)["game"] == "doppelkopf"
    for line in _texts(table):
        assert not MISSING.search(line), line   # a text key without its text
    legal = set(view.legal_actions)
    ch = table.choices
    if seat >= 0 and seat == state.to_move:
        # Exactly the legal actions: buttons and cards, the rest through the Selection.
        offered = _offered(table)
        assert offered <= legal, offered - legal
        rest = legal - offered
        if ch.select is not None:
            verb = ch.select.verb
            assert all(len(a.split()) == 1 + ch.select.count for a in legal
                       if a.startswith(verb + " "))
            assert any(a.startswith(verb + " ") for a in legal)
            # the cards selected at once are in the hand and in every legal selection
            need = Counter(ch.select.required)
            assert not need - Counter(table.hand)
            assert all(not need - Counter(a.split()[1:]) for a in legal
                       if a.startswith(verb + " "))
            rest = {a for a in rest if not a.startswith(verb + " ")}
        assert not rest, rest
        assert offered or ch.select is not None
    elif seat >= 0 and view.interjections:
        # Not to move, but may announce (announce_any_time): exactly those buttons.
        assert not legal and ch.cards is None and ch.select is None
        assert {b.action for b in ch.buttons} == set(view.interjections)
    else:
        assert ch == type(ch)() and not legal
    # No card of a hidden hand: the hand is the seat's own, panels hold only what it saw.
    own = Counter(card_token(c) for c in cards_of(state.hands[seat])) if seat >= 0 else Counter()
    assert Counter(table.hand) == own
    seen = _armut_cards_seen(state, seat)
    for p in table.panels:
        assert not Counter(p.cards) - seen, (p, seen)
    assert [c for _, c in table.trick.cards] == [card_token(c) for c in state.trick]
    if lang == "de":
        for line in _texts(table):
            assert not ENGLISH.search(line), line
    return table


class _Mixed:
    """Mostly the heuristic's Vorbehalte (random ones are nearly always solos), then random
    or heuristic play: random play announces a lot, the heuristic plays real games."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.heuristic = DokoHeuristicBot(seed)
        self.random = RandomBot(seed + 500_009)  # its own stream: not the draws of self.rng
        self.plays_random = self.rng.random() < 0.5

    def choose(self, view: Any) -> str:
        share = {"vorbehalt": 0.9, "declare": 0.5}.get(view.phase)
        if (self.rng.random() < share) if share is not None else not self.plays_random:
            return str(self.heuristic.choose(view))
        return str(self.random.choose(view))


def _bots(seed: int, players: int) -> list[Any]:
    return [_Mixed(seed * 10 + k) for k in range(players)]


@pytest.mark.parametrize(("rules", "players"), CONFIGS)
def test_random_deals_every_seat(rules: DokoRules, players: int) -> None:
    contracts: Counter[str] = Counter()
    for i in range(DEALS):
        seed = 100 * players + i
        state = DokoState.new(rules, dealer=i % players, seed=seed, players=players)
        bots = _bots(seed, players)
        step = 0
        while True:
            # Every seat and the spectator, at every step of the bidding and every trick.
            if state.phase != "play" or not state.trick or state.is_over:
                for seat in range(-1, players):
                    check_table(state, seat, "de" if (seat + step) % 2 else "en")
            else:
                check_table(state, state.to_move, "de" if step % 2 else "en")
            if state.is_over:
                break
            state.apply(bots[state.to_move].choose(state.view(state.to_move)))
            step += 1
        assert state.result is not None
        contracts[state.result.contract] += 1
        final = present(state.view(0), "de", NAMES)
        assert final.scores == state.result.scores and final.result
        assert final.status.endswith("Spiel vorbei")
    assert sum(contracts.values()) == DEALS


def test_every_text_in_both_languages() -> None:
    assert set(TEXTS.table["de"]) == set(TEXTS.table["en"]) and TEXTS.table["de"]


# ------------------------------------------------------------------ hand-checked
def test_hochzeit_before_and_after_the_klaerungsstich() -> None:
    setup = ["vorbehalt", "gesund", "gesund", "gesund", "pass", "hochzeit"]
    s = play(H2, setup=setup, upto=0)
    t = present(s.view(2), "de", NAMES)
    assert t.status == ("Geber Dan · Hochzeit von Ann · Partner: erster fremder Stich "
                        "(bis Stich 3)")
    assert t.seats[0].roles == ("Vorhand", "Hochzeit", "Re") and t.seats[0].team == 0
    assert t.seats[1].team is None and t.seats[2].roles == ()  # anyone may become partner
    assert t.log[-2:] == ("Ann meldet Hochzeit", "Gespielt wird: Hochzeit von Ann · "
                                                 "Ann kommt raus")
    # No announcement before the Klärungsstich: Ann may only play.
    assert present(s.view(0), "de", NAMES).choices.buttons == ()
    s = play(H2, setup=setup, upto=2)
    t = present(s.view(2), "en", NAMES)
    assert t.status == "dealer Dan · marriage (Hochzeit) of Ann · partner Bob (trick 2)"
    assert t.turn == "Bob to move"
    assert t.seats[1].roles == ("partner", "Re") and t.seats[1].team == 0
    assert t.log[-2:] == ("Trick 2: E9 EK EK E9 → Bob (8 points)",
                          "Bob wins the clarifying trick and partners Ann")
    assert t.last_trick is not None and t.last_trick.winner == 1
    assert t.last_trick.cards == ((0, "E9"), (1, "EK"), (2, "EK"), (3, "E9"))
    # Announcements move by the trick the clarification took: Re with 10 cards now.
    assert [b.action for b in present(s.view(1), "de", NAMES).choices.buttons] == ["re"]


def test_solo_hand_order_and_result() -> None:
    s = DokoState.new(DokoRules(), dealer=3, seed=4)
    for a in ("vorbehalt", "gesund", "gesund", "gesund", "solo damen"):
        s.apply(a)
    t = present(s.view(0), "de", NAMES)
    assert t.status == "Geber Dan · Damensolo von Ann"
    assert t.seats[0].roles == ("Vorhand", "Solist", "Re")
    assert all(x.roles[-1] == "Kontra" for x in t.seats[1:])
    order = card_order("damen")
    groups = [4 if order.is_trump(parse_card(c)) else parse_card(c) >> 3 for c in t.hand]
    assert groups[:2] == [4, 4] and groups == sorted(groups, key=lambda g: (g != 4, g))
    assert t.panels[-1].title == "Trümpfe" and t.panels[-1].text == "EO BO HO SO"
    assert present(s.view(1), "en", NAMES).log[-1] == "Game: Queens solo by Ann · Ann leads"
    # A lost Karo-Solo, tripled.
    s = play(N3, setup=["vorbehalt", "gesund", "gesund", "gesund", "solo S"])
    assert present(s.public_view(), "de", NAMES).result == (
        "Karo-Solo von Ann: Kontra (Bob + Cid + Dan) gewinnt mit 182 Augen, Re (Ann) hat 58",
        "Kontra +1: Gewonnen",
        "Kontra +1: Keine 90 gespielt (Gegner unter 90)",
        "Kontra +1: Keine 60 gespielt (Gegner unter 60)",
        "Spielwert: Re 0 − Kontra 3 = -3",
        "Solo: Ann bekommt 3 × -3 = -9, die Gegenspieler je +3",
        "Ann (Re): -9", "Bob (Kontra): +3", "Cid (Kontra): +3", "Dan (Kontra): +3")


def test_pflichtsolo_and_stille_hochzeit_wording() -> None:
    rules = DokoRules(pflichtsolo=True, pflicht_owed="0")
    s = DokoState.new(rules, dealer=3, seed=4)
    for a in ("vorbehalt", "gesund", "gesund", "gesund"):
        s.apply(a)
    t = present(s.view(0), "de", NAMES)
    assert t.seats[0].lines == ("Vorbehalt", "schuldet ein Pflichtsolo")
    assert t.choices.buttons[0].label == "Damensolo (Pflicht)"
    s.apply("solo buben")
    assert present(s.view(2), "en", NAMES).status == \
        "dealer Dan · Jacks solo by Ann (compulsory solo)"
    assert present(s.view(2), "en", NAMES).turn == "Ann to move"  # she leads her solo
    # Vorhand is Ann here; with the dealer 0 Vorhand is Bea, yet Ann leads her Pflichtsolo,
    # and the log says so once the play starts.
    s = DokoState.new(rules, dealer=0, seed=4)
    for a in ("gesund", "gesund", "gesund", "vorbehalt", "solo buben"):
        s.apply(a)
    assert s.trick_leader == 0
    s.apply(next(a for a in s.legal_actions() if a.startswith("play ")))
    log = present(s.view(1), "en", NAMES).log
    assert any(line.startswith("Game: Jacks solo by Ann") and line.endswith("Ann leads")
               for line in log), log
    # Both Kreuz-Damen, all healthy: the holder alone knows he plays a stille Hochzeit.
    s = play(H2, upto=1)
    assert present(s.view(0), "de", NAMES).status == (
        "Geber Dan · Normalspiel – für dich eine stille Hochzeit (Karo-Solo)")
    assert present(s.view(1), "de", NAMES).status == "Geber Dan · Normalspiel"
    s = play(H2)
    t = present(s.view(1), "de", NAMES)
    assert t.status == "Geber Dan · stille Hochzeit von Ann (Karo-Solo) · Spiel vorbei"
    assert "Stille Hochzeit: Ann hatte beide Kreuz-Damen und spielt allein, gewertet als " \
           "Karo-Solo" in t.result


def _poor_deal() -> DokoState:
    normal = card_order("normal")
    for seed in range(500):
        s = DokoState.new(DokoRules(armut=True), 3, seed=seed)
        if size(s.hands[1] & normal.masks[TRUMP]) == 2:
            return s
    raise AssertionError("no deal with a poor seat 1")


def test_armut_give_offer_return() -> None:
    s = _poor_deal()
    for a in ("gesund", "vorbehalt", "gesund", "gesund", "pass", "armut"):
        s.apply(a)
    t = check_table(s, 1, "de")
    sel = t.choices.select
    assert sel is not None and (sel.verb, sel.count, sel.label) == ("give", 3, "Abgeben")
    trumps = [c for c in t.hand if card_order("normal").is_trump(parse_card(c))]
    assert len(trumps) == 2 and t.hand[:2] == tuple(trumps)   # trumps first
    assert sel.hint == f"Wähle 3 Karten zum Abgeben: alle deine Trümpfe ({' '.join(trumps)}) " \
                       "und 1 weitere."
    assert sel.required == tuple(trumps)    # the front ends select them at once
    # what the engine allows: every legal give holds them (as often as the hand does)
    assert all(not Counter(sel.required) - Counter(a.split()[1:]) for a in s.legal_actions())
    give = s.legal_actions()[0]
    s.apply(give)
    given = give.split()[1:]
    t = check_table(s, 2, "en")
    assert [b.label for b in t.choices.buttons] == ["Take the poverty", "Decline"]
    assert t.panels == (type(t.panels[0])("Poverty of Bob", (), "3 cards, face down"),)
    assert t.log[-1] == "Bob passes 3 cards"
    assert check_table(s, 1, "de").panels[0].cards == tuple(given)
    s.apply("decline")
    s.apply("accept")
    t = check_table(s, 3, "de")
    assert t.choices.select is not None and t.choices.select.verb == "return"
    assert t.status == "Geber Dan · Armut von Bob · Partner Dan"
    assert t.turn == "Du bist dran"  # Dan, the partner, gives cards back
    back = ["return"] + [card_token(c) for c in cards_of(s.hands[3])[:3]]
    s.apply(" ".join(back))
    n = sum(card_order("normal").is_trump(parse_card(c)) for c in back[1:])
    t = check_table(s, 0, "de")
    assert t.seats[1].roles == ("Armut", "Re") and t.seats[3].roles == ("Geber", "Partner", "Re")
    assert t.panels[1].title == "Zurück an Bob" and t.panels[1].cards == ()
    assert t.log[-3:-1] == ("Dan nimmt die Armut", f"Dan gibt 3 Karten zurück, davon {n} "
                            + ("Trumpf" if n == 1 else "Trümpfe"))
    assert check_table(s, 1, "de").panels[1].cards == tuple(back[1:])


def test_armut_thrown_in() -> None:
    s = _poor_deal()
    for a in ("gesund", "vorbehalt", "gesund", "gesund", "pass", "armut"):
        s.apply(a)
    s.apply(s.legal_actions()[0])
    for _ in range(3):
        s.apply("decline")
    t = check_table(s, -1, "de")
    assert t.result == ("Niemand nimmt die Armut: eingeworfen, 0 Punkte für alle",)
    assert t.status == "Geber Dan · eingeworfen: niemand nimmt die Armut · Spiel vorbei"


def test_announcement_buttons_and_lines() -> None:
    s = play(N1, upto=0)
    t = present(s.view(0), "en", NAMES)
    assert [(b.action, b.label) for b in t.choices.buttons] == [("re", "Re")]
    assert t.choices.cards is not None and "EA" in t.choices.cards.cards
    s.apply("re")
    t = present(s.view(0), "de", NAMES)
    assert [b.label for b in t.choices.buttons] == ["Keine 90", "Keine 60", "Keine 30",
                                                    "Schwarz"]
    assert t.status == "Geber Dan · Normalspiel · Re"
    assert t.log[-1] == "Ann sagt Re" and t.seats[0].lines[0] == "Ansagen: Re"
    # Kontra sees that Ann is Re; Cid (Kontra) may answer with Kontra.
    assert present(s.view(2), "de", NAMES).seats[0].roles == ("Vorhand", "Re")
    s.apply("keine 90")
    s.apply("play EA")
    t = present(s.view(1), "en", NAMES)
    assert t.status == "dealer Dan · normal game · Re: no 90"
    assert t.seats[0].lines[0] == "announced: Re, no 90"


RESULT_DE = (
    "Normalspiel: Re (Ann + Bob) gewinnt mit 220 Augen, Kontra (Cid + Dan) hat 20",
    "Ziel Re: 121 Augen und Gegner unter 90",
    "Ziel Kontra: 120 Augen",
    "Re +1: Gewonnen",
    "Re +2: Re angesagt",
    "Re +1: Keine 90 abgesagt (Re)",
    "Re +1: Keine 90 gespielt (Gegner unter 90)",
    "Re +1: Keine 60 gespielt (Gegner unter 60)",
    "Re +1: Keine 30 gespielt (Gegner unter 30)",
    "Re +1: Doppelkopf (40 Augen oder mehr) in Stich 1",
    "Re +1: Fuchs gefangen in Stich 6",
    "Spielwert: Re 9 − Kontra 0 = 9",
    "Ann (Re): +9", "Bob (Re): +9", "Cid (Kontra): -9", "Dan (Kontra): -9",
)
RESULT_EN = (
    "normal game: Re (Ann + Bob) wins with 220 points, Kontra (Cid + Dan) has 20",
    "goal of Re: 121 points and opponents under 90",
    "goal of Kontra: 120 points",
    "Re +1: Won",
    "Re +2: Re announced",
    "Re +1: No 90 announced by Re",
    "Re +1: No 90 played (opponents under 90)",
    "Re +1: No 60 played (opponents under 60)",
    "Re +1: No 30 played (opponents under 30)",
    "Re +1: Doppelkopf (40 points or more) in trick 1",
    "Re +1: Fox caught (Fuchs) in trick 6",
    "game value: Re 9 − Kontra 0 = 9",
    "Ann (Re): +9", "Bob (Re): +9", "Cid (Kontra): -9", "Dan (Kontra): -9",
)


def test_fully_scored_deal_in_german_and_english() -> None:
    # N1 with Re and keine 90 by Ann: a 1, b 2, d 1, c 3, Doppelkopf 1, Fuchs 1 = 9.
    tricks = list(N1)
    tricks[0] = "0:re 0:keine_90 " + tricks[0]
    s = play(tricks)
    assert s.result is not None and s.result.scores == (9, 9, -9, -9)
    de = present(s.view(2), "de", NAMES)
    assert de.result == RESULT_DE and de.scores == (9, 9, -9, -9)
    assert present(s.view(2), "en", NAMES).result == RESULT_EN
    assert de.log[4:8] == ("Gespielt wird: Normalspiel · Ann kommt raus", "Ann sagt Re",
                           "Ann sagt keine 90", "Stich 1: EA E10 EA E10 → Ann (42 Augen)")
    assert len([ln for ln in de.log if ln.startswith("Stich ")]) == 12
    # Card styles in texts: French names for a French-suited game.
    words = present(s.view(2), "de", NAMES, cards="words").log[7]
    assert words.startswith("Stich 1: Kreuz-As, Kreuz-Zehn, Kreuz-As, Kreuz-Zehn")
    assert present(s.view(2), "en", NAMES, cards="symbol").log[7].startswith(
        "Trick 1: ♣A ♣10 ♣A ♣10")


def test_five_players_the_dealer_sits_out() -> None:
    s = DokoState.new(DokoRules(), dealer=2, seed=5, players=5)
    t = check_table(s, 2, "de")
    assert t.seats[2].out and t.seats[2].roles == ("Geber", "setzt aus") and t.hand == ()
    assert t.seats[3].roles == ("Vorhand",) and t.choices == type(t.choices)()


# ------------------------------------------------------------------ the series
def test_deals_per_series_option() -> None:
    assert DokoRules().deals_per_series == 24
    assert DokoRules.from_dict({"options": {"deals_per_series": "8"}}).deals_per_series == 8
    with pytest.raises(RulesError, match="deals_per_series"):
        DokoRules.from_dict({"options": {"deals_per_series": 0}})


def test_series_repeats_the_dealer_after_a_pflichtsolo() -> None:
    rules = DokoRules(pflichtsolo=True, deals_per_series=3)
    rnd = new_series("doppelkopf", rules, seed=7)
    assert isinstance(rnd, DokoSeries) and rnd.current.rules.pflicht_owed == "0123"
    bots = [DokoHeuristicBot(k) for k in range(4)]
    first = True
    while not rnd.is_over:
        s = rnd.current
        if first:  # Vorhand (seat 1) serves his Pflichtsolo in the first deal
            for a in ("vorbehalt", "gesund", "gesund", "gesund", "solo damen"):
                rnd.apply(a)
            first = False
        while not s.is_over:
            rnd.apply(bots[s.to_move].choose(s.view(s.to_move)))
        if not rnd.is_over:
            rnd.next_deal()
    sheet = rnd.sheet
    pflicht = [st.result.pflichtsolo for st in rnd.finished]
    assert pflicht[0] and sheet[0].declarer == 1 and sheet[0].contract == "solo damen"
    assert 1 not in rnd.owed and sheet[1].dealer == sheet[0].dealer == 0
    assert len(sheet) == 3 + sum(pflicht) and rnd.deals_played == 3
    # The dealer moves on after every deal but a Pflichtsolo.
    for a, b, rep in zip(sheet, sheet[1:], pflicht, strict=False):
        assert b.dealer == (a.dealer if rep else (a.dealer + 1) % 4)
    assert sum(sheet[-1].totals) == 0 and rnd.winner is not None
    # the best total wins (equal totals: the playing order decides, core.series tests it)
    assert rnd.totals[rnd.winner] == max(rnd.totals)
    with pytest.raises(ValueError, match="round is over"):
        rnd.next_deal()


def test_series_for_five_without_pflichtsolo() -> None:
    rnd = new_series("doppelkopf", DokoRules(deals_per_series=5), players=5, seed=3)
    bots = [RandomBot(k) for k in range(5)]
    while not rnd.is_over:
        s = rnd.current
        while not s.is_over:
            rnd.apply(bots[s.to_move].choose(s.view(s.to_move)))
        if not rnd.is_over:
            rnd.next_deal()
    assert [ln.dealer for ln in rnd.sheet] == [0, 1, 2, 3, 4]
    assert all(ln.scores[ln.dealer] == 0 for ln in rnd.sheet)


def test_bock_deal_in_the_status_and_the_result() -> None:
    # A Bock deal says so from its first question on, with its multiplier.
    s = DokoState.new(DokoRules(bock_level=1), dealer=3, seed=4)
    assert present(s.view(0), "de", NAMES).status == \
        "Geber Dan · Bockspiel ×2 · Vorbehaltsabfrage"
    assert present(s.public_view(), "en", NAMES).status == \
        "dealer Dan · Bock deal ×2 · asking for reservations"
    assert "Bock" not in present(DokoState.new(DokoRules(), 3, seed=4).view(0), "de",
                                 NAMES).status
    # N1 in play: a Doppelbock (level 2) counts four times, for every seat and spectator.
    s = play(N1, rules=DokoRules(bock_level=2), upto=3)
    for seat in (-1, 0, 2):
        t = check_table(s, seat, "de")
        assert t.status == "Geber Dan · Bockspiel ×4 · Normalspiel"
    assert present(s.view(1), "en", NAMES).status == \
        "dealer Dan · Bock deal ×4 · normal game"
    # The result: N1 is worth 6 (won, keine 90/60/30, Doppelkopf, Fuchs); ×2 = 12 each.
    s = play(N1, rules=DokoRules(bock_level=1))
    de = present(s.view(0), "de", NAMES)
    assert de.status.startswith("Geber Dan · Bockspiel ×2 · ") and de.status.endswith(
        "Spiel vorbei")
    assert de.result[-6:] == ("Spielwert: Re 6 − Kontra 0 = 6", "Bockspiel: × 2 = 12",
                              "Ann (Re): +12", "Bob (Re): +12", "Cid (Kontra): -12",
                              "Dan (Kontra): -12")
    assert present(s.view(0), "en", NAMES).result[-5] == "Bock deal: × 2 = 12"
    # A lost Karo-Solo (N3, worth -3 to Ann) in a Bock deal: 3 × -6 = -18, the others +6.
    s = play(N3, setup=["vorbehalt", "gesund", "gesund", "gesund", "solo S"],
             rules=DokoRules(bock_level=1))
    assert s.result is not None and s.result.scores == (-18, 6, 6, 6)
    assert present(s.public_view(), "de", NAMES).result[-6:] == (
        "Bockspiel: × 2 = -6", "Solo: Ann bekommt 3 × -6 = -18, die Gegenspieler je +6",
        "Ann (Re): -18", "Bob (Kontra): +6", "Cid (Kontra): +6", "Dan (Kontra): +6")
