"""The procedure around the cards, hand-checked (issue 16): Absagen that skip a level, who
leads a Pflichtsolo, Vorbehalte asked by kind, Schweinchen in a stille Hochzeit."""

from __future__ import annotations

import itertools

import pytest

from binokel.core.cards import SA
from binokel.core.errors import IllegalAction
from binokel.games.doppelkopf import reservations
from binokel.games.doppelkopf.rules import DokoRules
from binokel.games.doppelkopf.state import DokoState
from doppelkopf_deals import N1
from doppelkopf_deals import deck_from_tricks
from doppelkopf_deals import play
from doppelkopf_deals import with_tokens

# A deal written as hands (dealer 3, seat 0 Vorhand). Seat 0 has three trumps (an Armut),
# seat 1 both Kreuz-Damen (a Hochzeit), seat 2 both Karo-Asse (Schweinchen).
HANDS = {
    0: "S9 S9 SK EA EA E10 E10 EK EK E9 E9 BA",
    1: "EO EO H10 H10 BO BO HO HO SO SO BA B10",
    2: "EU EU BU BU HU HU SU SU SA SA B10 BK",
    3: "S10 S10 SK BK B9 B9 HA HA HK HK H9 H9",
}


def deal(rules: DokoRules | None = None, hands: dict[int, str] | None = None) -> DokoState:
    rows = [" ".join(f"{s}:{c}" for c in h.split()) for s, h in (hands or HANDS).items()]
    return DokoState.new(rules or DokoRules(), 3, deck_order=deck_from_tricks(rows))


def run(state: DokoState, *actions: str) -> DokoState:
    for a in actions:
        state.apply(a)
    return state


def _announcing(actions: list[str]) -> list[str]:
    return [a for a in actions if not a.startswith("play ")]


# ------------------------------------------------------------------ Absagen skip levels
def test_absage_may_skip_a_level_only_while_that_level_is_allowed() -> None:
    # N1: seat 0 (Re) says re with 12 cards; he leads trick 3 with 10 and trick 4 with 9.
    s = play(with_tokens(N1, 0, "0:re"), upto=2)
    assert len(s.view(0).hand) == 10
    # keine 90 is allowed with 10 cards: every Absage above it may come at once.
    assert _announcing(s.legal_actions()) == ["keine 90", "keine 60", "keine 30", "schwarz"]
    s = play(with_tokens(N1, 0, "0:re"), upto=3)
    assert s.to_move == 0 and len(s.view(0).hand) == 9
    # With 9 cards keine 90 is late, so keine 60 (which includes it) is late too.
    assert _announcing(s.legal_actions()) == []
    with pytest.raises(IllegalAction, match="includes keine 90"):
        s.apply("keine 60")
    # Said in time, keine 90 opens keine 60 with 9 cards (and keine 30 with 8 ...).
    s = play(with_tokens(with_tokens(N1, 0, "0:re"), 2, "0:keine_90"), upto=3)
    assert _announcing(s.legal_actions()) == ["keine 60", "keine 30", "schwarz"]


def test_late_kontra_is_not_followed_by_a_skipping_absage() -> None:
    # Re says re and keine 90; seat 2 (Kontra) answers in trick 4 with 9 cards (Erwiderung:
    # one card fewer than keine 90 needed) but may not add keine 60: keine 90 needs 10.
    tricks = with_tokens(with_tokens(N1, 0, "0:re"), 2, "0:keine_90")
    s = play(tricks, upto=3)
    s.apply("play BK")
    s.apply("play B10")
    assert s.to_move == 2 and len(s.view(2).hand) == 9
    assert _announcing(s.legal_actions()) == ["kontra"]
    s.apply("kontra")
    assert _announcing(s.legal_actions()) == []
    with pytest.raises(IllegalAction, match="too late"):
        s.apply("keine 60")


# ------------------------------------------------------------------ who leads
def test_pflichtsolo_player_leads_his_pflichtsolo() -> None:
    rules = DokoRules(pflichtsolo=True, pflicht_owed="2")
    s = run(deal(rules), "gesund", "gesund", "vorbehalt", "gesund", "solo buben")
    assert s.pflicht and s.soloist == 2
    assert s.phase == "play" and s.to_move == 2 and s.trick_leader == 2


def test_lustsolo_is_led_by_vorhand() -> None:
    s = run(deal(), "gesund", "gesund", "vorbehalt", "gesund", "solo buben")
    assert not s.pflicht and s.soloist == 2 and s.to_move == 0
    # A seat that has served its Pflichtsolo plays a Lustsolo, led by Vorhand as well.
    rules = DokoRules(pflichtsolo=True, pflicht_owed="013")
    s = run(deal(rules), "gesund", "gesund", "vorbehalt", "gesund", "solo buben")
    assert not s.pflicht and s.to_move == 0


# ------------------------------------------------------------------ Vorbehalte by kind
def test_hochzeit_behind_a_solo_is_never_named() -> None:
    # Seat 1 (Hochzeit) sits before seat 2 (Bubensolo): asked for a solo first, seat 1
    # passes; seat 2's solo is played and nobody learns who holds both Kreuz-Damen.
    s = run(deal(), "gesund", "vorbehalt", "vorbehalt", "gesund")
    assert s.phase == "declare" and s.asking == "lustsolo" and s.to_move == 1
    assert s.legal_actions()[-1] == "pass" and "hochzeit" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="question now is Lustsolo"):
        s.apply("hochzeit")
    run(s, "pass")
    assert s.to_move == 2 and "pass" not in s.legal_actions()   # no other reservation
    run(s, "solo buben")
    assert s.contract == "solo buben" and s.soloist == 2
    for p in (-1, 0, 1, 2, 3):
        v = s.view(p) if p >= 0 else s.public_view()
        assert v.declarations == (None, None, "solo buben", None)
        assert "hochzeit" not in [a for _, a in v.history]


def test_armut_behind_a_hochzeit_is_never_named() -> None:
    rules = DokoRules(armut=True)
    s = run(deal(rules), "vorbehalt", "vorbehalt", "gesund", "gesund")
    # Lustsolo? Both pass. Hochzeit? Seat 1. The Armut of seat 0 is never asked for.
    assert s.asking == "lustsolo" and s.legal_actions()[-1] == "pass"
    run(s, "pass", "pass")
    assert s.asking == "hochzeit" and s.to_move == 1 and s.legal_actions() == ["hochzeit"]
    run(s, "hochzeit")
    assert s.contract == "hochzeit" and s.phase == "play" and s.to_move == 0
    assert s.declarations == [None, "hochzeit", None, None]
    # With armut_over_hochzeit the Armut is asked for first and is played.
    rules = DokoRules(armut=True, armut_over_hochzeit=True)
    s = run(deal(rules), "vorbehalt", "vorbehalt", "gesund", "gesund", "pass", "pass")
    assert s.asking == "armut" and s.to_move == 0 and s.legal_actions()[-1] != "pass"
    run(s, "armut")
    assert s.contract == "armut" and s.phase == "armut_give"
    assert s.declarations == ["armut", None, None, None]


def test_pass_refused_without_a_later_reservation() -> None:
    s = run(deal(), "vorbehalt", "gesund", "gesund", "gesund")
    assert "pass" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="holds no reservation asked for after"):
        s.apply("pass")


# ------------------------------------------------------------------ Schweinchen
def test_schweinchen_in_a_stille_hochzeit() -> None:
    # Seat 1 holds both Kreuz-Damen and says gesund: a stille Hochzeit. Seat 2's Schweinchen
    # stay the highest trumps, as in any normal game: seat 2 cannot tell the difference.
    s = run(deal(DokoRules(schweinchen=True)), "gesund", "gesund", "gesund", "gesund")
    assert s.contract == "stille hochzeit" and s.soloist == 1
    assert s.schweine == 2 and s.order.trumps[0] == SA
    v = s.view(2)
    assert (v.contract, v.schweine, v.order.trumps[0]) == ("normal", 2, SA)


# ------------------------------------------------------------------ every combination
_KIND_OF_INTENT = {"solo": "lustsolo", "pflichtsolo": "pflichtsolo", "hochzeit": "hochzeit",
                   "armut": "armut", "schmeissen": "schmeissen"}
_SAYS = {"solo": "solo damen", "pflichtsolo": "solo buben", "hochzeit": "hochzeit",
         "armut": "armut", "schmeissen": "schmeissen"}


def _combinations() -> list[dict[int, str]]:
    out = []
    for k in (2, 3):
        for seats in itertools.combinations(range(4), k):
            for intents in itertools.product(_SAYS, repeat=k):
                if intents.count("hochzeit") <= 1:   # two Kreuz-Damen, one seat
                    out.append(dict(zip(seats, intents, strict=True)))
    return out


@pytest.mark.parametrize("armut_first", [False, True])
def test_every_combination_of_two_and_three_reservations(
        armut_first: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each seat with a Vorbehalt holds one reservation (what its hand holds is stood in for
    by ``holds``; the hand-checked tests above use real hands): the one of the kind asked
    first, from Vorhand, is played, and it is the only reservation ever named."""
    real_holds = reservations.holds
    combos = _combinations()
    # 6 pairs of seats x 5 x 5 kinds, 4 triples x 5 x 5 x 5, less two or three Hochzeiten
    assert len(combos) == (6 * 25 - 6) + (4 * 125 - 4 * (3 * 4 + 1)) == 592
    for intent in combos:
        def holds(state: DokoState, seat: int, kind: str, intent: dict[int, str] = intent
                  ) -> bool:
            if kind in ("pflichtsolo", "lustsolo"):
                return real_holds(state, seat, kind)
            return intent.get(seat) == kind

        monkeypatch.setattr(reservations, "holds", holds)
        owed = "".join(str(s) for s, i in intent.items() if i == "pflichtsolo")
        rules = DokoRules(pflichtsolo=True, pflicht_owed=owed, armut=True,
                          armut_over_hochzeit=armut_first, throw_nines=5)
        s = DokoState.new(rules, 3, seed=7)
        for seat in range(4):
            s.apply("vorbehalt" if seat in intent else "gesund")
        while s.phase == "declare":
            seat, kind = s.to_move, s.asking
            assert seat in intent, (intent, seat)
            mine = intent[seat]
            say = _SAYS[mine] if _KIND_OF_INTENT[mine] == kind else "pass"
            assert say in s.legal_actions(), (intent, seat, kind, s.legal_actions())
            s.apply(say)
        stages = ["pflichtsolo", "lustsolo", "schmeissen"] + (
            ["armut", "hochzeit"] if armut_first else ["hochzeit", "armut"])
        winner = next(seat for kind in stages for seat in range(4)
                      if _KIND_OF_INTENT.get(intent.get(seat, ""), "") == kind)
        named = [d for d in s.declarations if d is not None]
        assert named == [_SAYS[intent[winner]]], (intent, s.declarations)
        assert s.declarations[winner] == named[0]
        said = [a for _, a in s.history[4:]]
        assert said.count("pass") == len(said) - 1 and said[-1] == named[0], (intent, said)
        if intent[winner] == "pflichtsolo":
            assert s.pflicht and s.to_move == winner
        # (The Armut player's own view would list his passes: his stand-in hand has more
        # than three trumps.)
        assert s.public_view().declarations == tuple(s.declarations)
        for p in range(4):
            if p != s.to_move:
                assert s.view(p).declarations == tuple(s.declarations)
    monkeypatch.setattr(reservations, "holds", real_holds)


def test_the_rules_help_names_the_questions_in_the_order_they_are_asked() -> None:
    from binokel.games.doppelkopf.texts import TEXTS
    rules = DokoRules(pflichtsolo=True, armut=True, throw_kings=5)
    asked = reservations.stages(DokoState.new(rules, 3, seed=1))
    assert asked == ("pflichtsolo", "lustsolo", "schmeissen", "hochzeit", "armut")
    for lang, words in (("de", ("Pflichtsolo", "Solo (", "Schmeißen", "Hochzeit", "Armut")),
                        ("en", ("Pflichtsolo", "solo (", "Schmeißen", "Hochzeit", "Armut"))):
        text = " ".join(TEXTS.help[lang].split())
        part = text[text.index("Vorbehalte:"):]
        where = [part.index(w) for w in words]
        assert where == sorted(where), (lang, where)
