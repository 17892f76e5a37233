"""The house rules players ask for (issue 16), each hand-checked on a deal or a trick."""

from __future__ import annotations

import pytest

from binokel.core.cards import EU
from binokel.core.cards import H10
from binokel.core.cards import S9
from binokel.core.cards import S10
from binokel.core.cards import SA
from binokel.core.cards import SK
from binokel.core.cards import SU
from binokel.core.cards import card_token
from binokel.core.cards import cardset
from binokel.core.cards import parse_card
from binokel.core.cards import parse_cards
from binokel.core.errors import IllegalAction
from binokel.core.outcome import Termination
from binokel.core.trick import Trick
from binokel.games.doppelkopf.bots import DokoHeuristicBot
from binokel.games.doppelkopf.order import TRUMP
from binokel.games.doppelkopf.order import card_order
from binokel.games.doppelkopf.order import second_wins
from binokel.games.doppelkopf.reservations import may_throw
from binokel.games.doppelkopf.rules import DokoRules
from binokel.games.doppelkopf.scoring import special_points
from binokel.games.doppelkopf.series import BockBook
from binokel.games.doppelkopf.series import DokoSeries
from binokel.games.doppelkopf.series import bock_events
from binokel.games.doppelkopf.state import DokoState
from binokel.present import present
from doppelkopf_deals import DB
from doppelkopf_deals import H1
from doppelkopf_deals import H2
from doppelkopf_deals import HT
from doppelkopf_deals import KB
from doppelkopf_deals import KS
from doppelkopf_deals import N1
from doppelkopf_deals import N2
from doppelkopf_deals import N3
from doppelkopf_deals import THROW
from doppelkopf_deals import D
from doppelkopf_deals import F
from doppelkopf_deals import K
from doppelkopf_deals import play
from doppelkopf_deals import with_tokens
from test_doppelkopf_procedure import _announcing
from test_doppelkopf_procedure import deal
from test_doppelkopf_procedure import run
from test_doppelkopf_scoring import lines

ACTIVE = (0, 1, 2, 3)


def _specials(last: str, rules: DokoRules, re_seats: tuple[int, ...] = (0, 1)
              ) -> list[tuple[str, str]]:
    """The special points of a deal whose only trick (the last) is ``last``, led by seat 0
    and won by the seat given after ``>``: ``"SA S10 SK S9 > 0"``."""
    cards, winner = last.split(">")
    cs = tuple(parse_card(c) for c in cards.split())
    t = Trick(0, cs, int(winner), 0)
    return [(w, p) for w, p, _ in special_points([t], re_seats, ACTIVE, None, True, rules)]


# ------------------------------------------------------------------ Karlchen
def test_karlchen_karo_or_kreuz_or_off() -> None:
    # K: seat 2's (Kontra) Karo-Bube takes the last trick "2:SU 3:S9 0:SU 1:S9".
    assert lines(play(K)).get("kontra: Karlchen") == 1
    for value in ("kreuz", "off"):
        assert "kontra: Karlchen" not in lines(play(K, rules=DokoRules(karlchen=value)))
    # N1: seat 0's (Re) Kreuz-Bube takes the last trick "2:SU 3:SU 0:EU 1:HU".
    assert "re: Karlchen" not in lines(play(N1))
    assert lines(play(N1, rules=DokoRules(karlchen="kreuz"))).get("re: Karlchen") == 1


def test_karlchen_gefangen() -> None:
    # N1's last trick: Re's Kreuz-Bube takes both Karo-Buben of Kontra (seats 2, 3).
    r = DokoRules(karlchen_gefangen=True)
    assert lines(play(N1, rules=r)).get("re: Karlchen gefangen") == 2
    # K's last trick: Kontra's Karlchen wins and takes Re's (seat 0) Karlchen.
    got = lines(play(K, rules=r))
    assert got.get("kontra: Karlchen gefangen") == 1 and got.get("kontra: Karlchen") == 1
    # A Karlchen of one's own party is not caught; off by default.
    assert _specials("SU EU S9 SU > 1", r) == [("Karlchen gefangen", "re")]
    assert _specials("SU EU S9 SU > 1", DokoRules()) == []


def test_doppel_karlchen_second_beats_first_in_the_last_trick() -> None:
    # K's last trick "2:SU 3:S9 0:SU 1:S9": the second Karlchen (seat 0, Re) wins it.
    s = play(K, rules=DokoRules(doppel_karlchen=True))
    assert s.tricks[-1].winner == 0
    assert lines(s).get("re: Karlchen") == 1 and "kontra: Karlchen" not in lines(s)
    assert play(K).tricks[-1].winner == 2
    # Only in the last trick, and only the card that is the Karlchen.
    r = DokoRules(doppel_karlchen=True)
    assert second_wins(r, False) == () and second_wins(r, True) == (SU,)
    assert second_wins(DokoRules(doppel_karlchen=True, karlchen="kreuz"), True) == (EU,)
    assert second_wins(DokoRules(doppel_karlchen=True, karlchen="off"), True) == ()



def test_doppel_karlchen_scores_double() -> None:
    # K's last trick "2:SU 3:S9 0:SU 1:S9" holds both Karlchen; seat 2's (Kontra) wins it.
    # Re 216: won, keine 90/60/30, Doppelkopf, Fuchs gefangen = 6; Kontra's Karlchen 1.
    assert play(K).result is not None and play(K).result.scores == (5, 5, -5, -5)
    s = play(K, rules=DokoRules(karlchen_double=True))
    assert s.result is not None
    assert [(w, p) for w, p, _ in s.result.lines][-2:] == [
        ("Karlchen", "kontra"), ("Doppel-Karlchen", "kontra")]
    assert s.result.scores == (4, 4, -4, -4)             # 6 - 2
    # With doppel_karlchen the second (seat 0, Re) wins: Re 220 and 6 + 2 = 8 points.
    s = play(K, rules=DokoRules(karlchen_double=True, doppel_karlchen=True))
    assert s.result is not None and s.result.re_points == 220
    assert s.result.scores == (8, 8, -8, -8)
    # N1's last trick "2:SU 3:SU 0:EU 1:HU" holds both Karlchen but the Kreuz-Bube wins it:
    # no Karlchen point at all, so none to double.
    got = lines(play(N1, rules=DokoRules(karlchen_double=True)))
    assert not any("Karlchen" in k for k in got)
    # One Karlchen alone in the last trick stays 1 point.
    r = DokoRules(karlchen_double=True)
    assert _specials("SU EA S9 HA > 0", r) == [("Karlchen", "re")]
    assert _specials("SU SU S9 HA > 0", r) == [("Karlchen", "re"), ("Doppel-Karlchen", "re")]

# ------------------------------------------------------------------ Fuchs, Dulle
def test_fuchs_in_the_last_trick() -> None:
    r = DokoRules(fuchs_last_trick=True)
    assert _specials("SA S10 SK S9 > 0", r) == [("Fuchs im letzten Stich", "re")]
    assert _specials("SA S10 SK S9 > 0", DokoRules()) == []
    # A Fuchs of the other party that is caught is only the Fuchs gefangen.
    assert _specials("S10 SA SK H10 > 3", r, re_seats=(0, 3)) == [("Fuchs gefangen", "re")]
    assert [card_token(c) for c in (SA, S10, SK, S9)] == ["SA", "S10", "SK", "S9"]


def test_dulle_rules() -> None:
    normal = card_order("normal")

    def second_dulle_wins(rules: DokoRules, last: bool) -> bool:
        return normal.beats(H10, H10, TRUMP, seconds=second_wins(rules, last))

    assert not second_dulle_wins(DokoRules(), False)
    assert not second_dulle_wins(DokoRules(), True)
    both = DokoRules(dulle_second_wins=True)
    assert second_dulle_wins(both, False) and second_dulle_wins(both, True)
    except_last = DokoRules(dulle_second_wins=True, dulle_first_in_last_trick=True)
    assert second_dulle_wins(except_last, False) and not second_dulle_wins(except_last, True)
    # The state asks second_wins with its own last trick: see the Doppel-Karlchen test.


# ------------------------------------------------------------------ Hochzeit
def test_hochzeit_klaerung() -> None:
    setup = ["vorbehalt", "gesund", "gesund", "gesund", "pass", "hochzeit"]

    def found(tricks: list[str], mode: str) -> tuple[int | None, int]:
        s = play(tricks, setup=setup, rules=DokoRules(hochzeit_klaerung=mode))
        return s.partner, s.clarified_in

    # H1: seat 2 wins tricks 1-3, all led in a plain suit (Kreuz, Kreuz, Pik).
    assert found(H1, "fremd") == (2, 1)
    assert found(H1, "fehl") == (2, 1)
    assert found(H1, "erster") == (2, 1)
    assert found(H1, "trumpf") == (None, 3)       # no trump led: he plays alone
    # H2: seat 0 wins trick 1 himself, seat 1 trick 2 (plain suits).
    assert found(H2, "fremd") == (1, 2)
    assert found(H2, "fehl") == (1, 2)
    assert found(H2, "erster") == (None, 1)       # the first trick was his own
    s = play(H2, setup=setup, rules=DokoRules(hochzeit_klaerung="erster"))
    assert s.result is not None and s.result.solo and s.result.re_seats == (0,)



def test_hochzeit_klaerung_trumpf_finds_the_winner_of_the_first_trump_trick() -> None:
    # HT: trick 1 (Kreuz led, 42 Augen) goes to seat 2, trick 2 (Fuchs led) to seat 1.
    setup = ["vorbehalt", "gesund", "gesund", "gesund", "pass", "hochzeit"]
    s = play(HT, setup=setup, rules=DokoRules(hochzeit_klaerung="trumpf"))
    assert (s.partner, s.clarified_in) == (1, 2)
    r = s.result
    assert r is not None and not r.solo and r.re_seats == (0, 1)
    # Re's tricks 2, 3, 4, 6, 7, 8, 10, 12: 24 + 23 + 14 + 26 + 8 + 32 + 25 + 8 = 160;
    # Kontra's 1, 5, 9, 11: 42 + 12 + 18 + 8 = 80.
    assert (r.re_points, r.kontra_points) == (160, 80)
    # Won +1, keine 90 (Kontra 80) +1, Kontra's Doppelkopf in trick 1 -1, and seat 2's
    # Fuchs caught by seat 1 in the Klärungsstich +1: Re 2 each.
    assert dict(((w, p), n) for w, p, n in r.lines) == {
        ("gewonnen", "re"): 1, ("keine 90 gespielt", "re"): 1, ("Doppelkopf", "kontra"): 1,
        ("Fuchs gefangen", "re"): 1}
    assert r.scores == (2, 2, -2, -2)
    # The other modes take trick 1, which makes seat 2 the partner: Re 42+26+8+32+8+8 = 124.
    for mode in ("fremd", "fehl", "erster"):
        s = play(HT, setup=setup, rules=DokoRules(hochzeit_klaerung=mode))
        assert (s.partner, s.clarified_in) == (2, 1)
        assert s.result is not None and s.result.re_points == 124

# ------------------------------------------------------------------ Schweinchen
def test_schweinchen_in_solos_and_superschweine() -> None:
    # HANDS: seat 2 holds both SA, seat 0 both S9, seat 3 both HA and both H9.
    on = DokoRules(schweinchen=True, superschweine=True)
    s = run(deal(on), "gesund", "gesund", "gesund", "gesund")
    assert (s.contract, s.schweine, s.superschweine) == ("stille hochzeit", 2, 0)
    assert [card_token(c) for c in s.order.trumps[:3]] == ["S9", "SA", "H10"]
    assert s.view(1).order.trumps[:3] == s.order.trumps[:3]
    # Without superschweine the nines stay low; in a Farbsolo no Schweinchen by default.
    s = run(deal(DokoRules(schweinchen=True)), "gesund", "gesund", "gesund", "gesund")
    assert s.superschweine is None and card_token(s.order.trumps[0]) == "SA"
    s = run(deal(on), "gesund", "gesund", "gesund", "vorbehalt", "solo H")
    assert s.schweine is None and s.order.trumps[0] == H10
    # schweinchen_in_solos: the Herz-Asse of seat 3, and his Herz-Neunen above them.
    r = DokoRules(schweinchen=True, superschweine=True, schweinchen_in_solos=True)
    s = run(deal(r), "gesund", "gesund", "gesund", "vorbehalt", "solo H")
    assert (s.schweine, s.superschweine) == (3, 3)
    assert [card_token(c) for c in s.order.trumps[:3]] == ["H9", "HA", "H10"]
    # Never in a Damen-, Buben- or Fleischlos-Solo.
    s = run(deal(r), "gesund", "gesund", "gesund", "vorbehalt", "solo buben")
    assert s.schweine is None and s.superschweine is None


# ------------------------------------------------------------------ more solos
def test_koenigssolo_and_damen_buben_solo() -> None:
    ks = [card_token(c) for c in card_order("koenige").trumps]
    assert ks == ["EK", "BK", "HK", "SK"]
    assert [card_token(c) for c in card_order("koenige").plain(2)] == ["HA", "H10", "HO",
                                                                       "HU", "H9"]
    db = [card_token(c) for c in card_order("damenbuben").trumps]
    assert db == ["EO", "BO", "HO", "SO", "EU", "BU", "HU", "SU"]
    assert [card_token(c) for c in card_order("damenbuben").plain(3)] == ["SA", "S10", "SK",
                                                                          "S9"]
    # Offered only with their options; Fleischlos is on by default and may be switched off.
    base = run(deal(), "vorbehalt", "gesund", "gesund", "gesund")
    assert "solo koenige" not in base.legal_actions()
    assert "solo fleischlos" in base.legal_actions()
    with pytest.raises(IllegalAction, match="not played under these rules"):
        base.apply("solo könige")
    r = DokoRules(koenigssolo=True, damen_buben_solo=True, fleischlos=False)
    s = run(deal(r), "vorbehalt", "gesund", "gesund", "gesund")
    acts = s.legal_actions()
    assert "solo koenige" in acts and "solo damenbuben" in acts
    assert "solo fleischlos" not in acts
    run(s, "Solo Damen-Buben")   # (Köhler is another solo: issue 32)
    assert s.contract == "solo damenbuben" and s.history[-1] == (0, "solo damenbuben")
    assert [card_token(c) for c in s.order.trumps[:2]] == ["EO", "BO"]
    s = run(deal(r), "vorbehalt", "gesund", "gesund", "gesund", "solo Königssolo")
    assert s.contract == "solo koenige" and s.order.is_trump(parse_card("SK"))


# ------------------------------------------------------------------ deadlines
def test_configurable_deadlines() -> None:
    # N1: seat 0 leads trick 4 with 9 cards in hand.
    s = play(N1, upto=3)
    assert s.to_move == 0 and len(s.view(0).hand) == 9 and "re" not in s.legal_actions()
    late = DokoRules(ansage_played=3)           # Re / Kontra until the third card
    s = play(N1, rules=late, upto=3)
    assert "re" in s.legal_actions()
    assert "re" not in play(N1, rules=late, upto=4).legal_actions()   # 8 cards
    # absage_step 2: after Re with 12 cards, keine 90 needs 9 cards, keine 60 needs 7.
    wide = DokoRules(absage_step=2)
    s = play(with_tokens(N1, 0, "0:re"), rules=wide, upto=3)
    assert _announcing(s.legal_actions()) == ["keine 90", "keine 60", "keine 30", "schwarz"]
    assert _announcing(play(with_tokens(N1, 0, "0:re"), rules=wide,
                            upto=4).legal_actions()) == []   # 8 cards: keine 90 is late
    assert _announcing(play(with_tokens(N1, 0, "0:re"), upto=3).legal_actions()) == []
    # absage_step 0: every Absage as long as Re itself (11 cards).
    s = play(with_tokens(N1, 0, "0:re"), rules=DokoRules(absage_step=0), upto=1)
    assert _announcing(s.legal_actions()) == ["keine 90", "keine 60", "keine 30", "schwarz"]
    assert _announcing(play(with_tokens(N1, 0, "0:re"), rules=DokoRules(absage_step=0),
                            upto=2).legal_actions()) == []


# ------------------------------------------------------------------ throwing in
def test_throwing_in() -> None:
    # HANDS: seat 3 holds four nines (B9 B9 H9 H9) and four kings (SK BK HK HK).
    r = DokoRules(throw_nines_kings=8)
    s = run(deal(r), "gesund", "vorbehalt", "gesund", "vorbehalt")
    # Lustsolo? seat 1 (Hochzeit) and seat 3 pass; Schmeißen? only seat 3 holds it.
    run(s, "pass", "pass")
    assert s.asking == "schmeissen" and s.to_move == 3 and s.legal_actions() == ["schmeissen"]
    run(s, "Schmeissen")
    assert s.is_over and s.result is not None and s.result.contract == "thrown in"
    assert s.result.scores == (0, 0, 0, 0) and "nines / kings" in s.result.notes[0]
    assert s.declarations == [None, None, None, "schmeissen"]    # the Hochzeit stays unnamed
    assert s.public_view().history[-1] == (3, "schmeissen")
    # Not enough under other thresholds; off by default.
    for rules in (DokoRules(), DokoRules(throw_nines=5), DokoRules(throw_kings=5),
                  DokoRules(throw_nines_kings=9)):
        s = run(deal(rules), "gesund", "gesund", "gesund", "vorbehalt")
        assert "schmeissen" not in s.legal_actions() and "pass" not in s.legal_actions()
        with pytest.raises(IllegalAction):
            s.apply("schmeissen")


# ------------------------------------------------------------------ the ddv preset
def test_ddv_preset_follows_the_table() -> None:
    r = DokoRules.from_preset("ddv")
    assert r.to_dict() == {"preset": "ddv", "options": {}}
    assert (r.nines, r.dulle_second_wins, r.karlchen, r.armut, r.schweinchen) == (
        True, False, "kreuz", False, False)
    assert (r.pflichtsolo, r.deals_per_series, r.reach_absage_wins) == (True, 24, True)
    assert (r.hochzeit_klaerung, r.ansage_played, r.absage_step) == ("fremd", 1, 1)
    assert (r.throw_nines, r.throw_kings, r.throw_nines_kings) == (0, 0, 0)
    assert (r.koenigssolo, r.damen_buben_solo, r.fleischlos) == (False, False, True)
    # Karlchen is the Kreuz-Bube: N1's last trick "2:SU 3:SU 0:EU 1:HU" scores it for Re.
    assert lines(play(N1, rules=r)).get("re: Karlchen") == 1
    # Every option of the table is named in docs/doppelkopf.md's ddv table.
    from pathlib import Path
    doc = (Path(__file__).parent.parent / "docs" / "doppelkopf.md").read_text()
    table = doc[doc.index("## The `ddv` preset"):]
    for name in DokoRules.presets_table["ddv"]:
        assert f"`{name}`" in table or (name.startswith("throw_") and "`throw_*`" in table), name


# ------------------------------------------------------------------ Bockrunden
def test_bock_deal_counts_double() -> None:
    base = play(N1).result
    assert base is not None and base.scores == (6, 6, -6, -6)
    for level, x in ((1, 2), (2, 4)):
        r = play(N1, rules=DokoRules(bock_level=level)).result
        assert r is not None and r.scores == tuple(x * v for v in base.scores)
        assert r.value == base.value and r.bock == level


def test_bockrunden_after_events() -> None:
    # N2: Kontra (0, 1) wins against Re with 220 (kontra_won); N3: 120 each (tie, and Kontra
    # wins with 120); N1: Re wins, nothing.
    assert bock_events(play(N2).result) == {"kontra_won"}
    assert bock_events(play(N3).result) == {"tie", "kontra_won"}
    assert bock_events(play(N1).result) == set()
    said = with_tokens(with_tokens(N1, 0, "0:re"), 0, "2:kontra")
    # (Kontra announced and lost: announced_lost too, a trigger of issue 32)
    assert bock_events(play(said).result) == {"both_announced", "announced_lost"}
    book = BockBook(DokoRules(bock_after="tie,kontra_won", bock_stack=1), players=4)
    book.book(play(N3))          # two events, one at a time: two rounds one after the other
    assert book.levels == [1] * 8
    book.book(play(N1))          # a Bock deal played, nothing new
    assert book.levels == [1] * 7
    book = BockBook(DokoRules(bock_after="tie,kontra_won", bock_stack=2, bock_rounds=2), 5)
    book.book(play(N3))          # Doppelbock: both at once, two rounds of five deals
    assert book.levels == [2] * 10
    assert book.rules_for(DokoRules(bock_after="tie")).bock_level == 2
    # Off: the rules of every deal stay as they are.
    plain = DokoRules()
    assert BockBook(plain, 4).rules_for(plain) is plain


def test_bock_series() -> None:
    from binokel.registry import new_series
    rules = DokoRules(bock_after="tie,solo_lost,kontra_won,both_announced", deals_per_series=8)
    series = new_series("doppelkopf", rules, 4, 0, 5)
    bots = [DokoHeuristicBot(k) for k in range(4)]
    levels = []
    while True:
        state = series.current
        levels.append(state.rules.bock_level)
        while not state.is_over:
            series.apply(bots[state.to_move].choose(state.view(state.to_move)))
        assert state.result.bock == state.rules.bock_level
        if series.is_over:
            break
        series.next_deal()
    assert levels[0] == 0 and any(levels) and sum(series.totals) == 0


# ------------------------------------------------------------------ the heuristic bot
@pytest.mark.parametrize(("karlchen", "lead", "last"), [
    ("kreuz", "SU", "EU"), ("karo", "EU", "SU"), ("off", "SU", "EU")])
def test_heuristic_keeps_the_rules_karlchen_for_the_last_trick(karlchen: str, lead: str,
                                                                last: str) -> None:
    # KB after trick 10: seat 0 leads holding EU and SU, both sure (no higher trump out).
    # It leads the other Bube and keeps the Karlchen of the rules; without Karlchen it
    # simply leads the lower one.
    rules = DokoRules(karlchen=karlchen)
    s = play(KB, rules=rules, upto=10)
    assert s.to_move == 0 and sorted(card_token(c) for c in s.view(0).hand) == ["EU", "SU"]
    bot = DokoHeuristicBot(1)
    assert bot.choose(s.view(0)) == f"play {lead}"
    for a in (f"play {lead}", "play S10", "play SK", "play S10"):
        s.apply(a)
    assert bot.choose(s.view(0)) == f"play {last}"
    for a in (f"play {last}", "play SA", "play SA", "play SU"):
        s.apply(a)
    r = s.result
    assert r is not None and (r.re_points, r.kontra_points) == (225, 15)
    # Re: won 1, keine 90 / 60 / 30 gespielt 3 (Kontra 15), Fuchs gefangen in trick 12
    # (seat 2's) 1, and the Karlchen 1 where one is played: 6; without Karlchen 5.
    base = {"re: gewonnen": 1, "re: keine 90 gespielt": 1, "re: keine 60 gespielt": 1,
            "re: keine 30 gespielt": 1, "re: Fuchs gefangen": 1}
    if karlchen == "off":
        assert lines(s) == base and r.scores == (5, 5, -5, -5)
    else:
        assert lines(s) == {**base, "re: Karlchen": 1} and r.scores == (6, 6, -6, -6)



def test_heuristic_hochzeit_leads_a_trump_when_only_a_trump_trick_clarifies() -> None:
    # H1: seat 0 holds both Kreuz-Damen and leads trick 1 (trumps EO EO HO SO EU HU). With
    # hochzeit_klaerung = trumpf only a trick led with trump finds his partner: he leads his
    # lowest trump, the Herz-Bube, which the others can take.
    setup = ["vorbehalt", "gesund", "gesund", "gesund", "pass", "hochzeit"]
    s = play(H1, setup=setup, rules=DokoRules(hochzeit_klaerung="trumpf"), upto=0)
    assert (s.contract, s.to_move, s.clarified_in) == ("hochzeit", 0, 0)
    v = s.view(0)
    trumps = [c for c in v.hand if v.order.is_trump(c)]
    assert card_token(min(trumps, key=lambda c: v.order.power[c])) == "HU"
    assert DokoHeuristicBot(1).choose(v) == "play HU"
    # Any trick finds him one (fremd): he leads as ever, a plain card here.
    s = play(H1, setup=setup, upto=0)
    a = DokoHeuristicBot(1).choose(s.view(0))
    assert not s.order.is_trump(parse_card(a.split()[1]))

# ------------------------------------------------------------------ whole deals
# N1's lines when Re (seats 0, 1) takes all but 20 or 22 Augen, with Doppelkopf and Fuchs.
_RE_WINS = {"re: gewonnen": 1, "re: keine 90 gespielt": 1, "re: keine 60 gespielt": 1,
            "re: keine 30 gespielt": 1, "re: Doppelkopf": 1, "re: Fuchs gefangen": 1}


def test_fuchs_in_the_last_trick_scored_on_a_whole_deal() -> None:
    # F: seat 1's (Re) Fuchs wins the last trick "0:H9 1:SA 2:S10 3:HK". Re 220, Kontra 20:
    # won, keine 90 / 60 / 30 (Kontra 20), Doppelkopf (trick 1, 42), seat 2's Fuchs caught in
    # trick 6 = 6; with fuchs_last_trick the Fuchs im letzten Stich makes 7.
    s = play(F)
    r = s.result
    assert r is not None and (r.re_points, r.kontra_points) == (220, 20)
    assert s.tricks[-1].winner == 1 and s.tricks[-1].cards[1] == SA
    assert lines(s) == _RE_WINS and r.scores == (6, 6, -6, -6)
    for rules in (DokoRules(fuchs_last_trick=True),
                  DokoRules(fuchs_last_trick=True, schweinchen=True)):  # nobody has both
        s = play(F, rules=rules)
        assert s.result is not None and s.result.scores == (7, 7, -7, -7)
        assert lines(s) == {**_RE_WINS, "re: Fuchs im letzten Stich": 1}
    t = present(s.view(2), "de", ["Ann", "Bob", "Cid", "Dan"])
    assert "Re +1: Fuchs macht den letzten Stich" in t.result


def test_second_dulle_except_in_the_last_trick_on_a_whole_deal() -> None:
    # D: the last trick "0:H10 1:HU 2:H10 3:S9" (22 Augen) holds seat 0's (Re) and seat 2's
    # (Kontra) Dulle; Re has taken every other trick (218).
    # - the first Dulle wins (seed): Re 240, Kontra schwarz: 6 + schwarz gespielt = 7;
    s = play(D)
    assert s.tricks[-1].winner == 0 and s.result is not None
    assert (s.result.re_points, s.result.kontra_points) == (240, 0)
    assert lines(s) == {**_RE_WINS, "re: schwarz gespielt": 1}
    assert s.result.scores == (7, 7, -7, -7)
    # - dulle_second_wins: Kontra's Dulle takes the last trick, 218 : 22, no schwarz: 6;
    s = play(D, rules=DokoRules(dulle_second_wins=True))
    assert s.tricks[-1].winner == 2 and s.result is not None
    assert (s.result.re_points, s.result.kontra_points) == (218, 22)
    assert lines(s) == _RE_WINS and s.result.scores == (6, 6, -6, -6)
    # - and dulle_first_in_last_trick: in the last trick the first wins after all: 7.
    both = DokoRules(dulle_second_wins=True, dulle_first_in_last_trick=True)
    s = play(D, rules=both)
    assert s.tricks[-1].winner == 0 and s.result is not None
    assert s.result.scores == (7, 7, -7, -7)
    # In any other trick the second Dulle still wins under these rules (trick 6 below).
    tricks = [*N1[:5], "1:H10 2:SA 3:S9 0:H10", "0:EO 1:EO 2:S10 3:S9", *N1[7:]]
    assert play(tricks, rules=both, upto=6).tricks[-1].winner == 0
    assert play(tricks, upto=6).tricks[-1].winner == 1


# ------------------------------------------------------------------ throwing in, whole
def test_throw_in_with_five_kings_and_with_five_nines() -> None:
    # THROW: seat 1 holds 5 Könige (+1 Neun), seat 2 5 Neunen (+1 König), seat 3 2 + 2.
    for rules, thrower in ((DokoRules(throw_kings=5), 1), (DokoRules(throw_nines=5), 2)):
        says = ["vorbehalt" if seat == thrower else "gesund" for seat in range(4)]
        s = run(deal(rules, THROW), *says)
        # Asked for a solo first; he passes, since he holds a reservation asked later.
        assert (s.asking, s.to_move) == ("lustsolo", thrower)
        assert s.legal_actions()[-1] == "pass"
        run(s, "pass")
        assert (s.asking, s.legal_actions()) == ("schmeissen", ["schmeissen"])
        run(s, "schmeissen")
        r = s.result
        assert s.is_over and r is not None and r.contract == "thrown in"
        assert r.termination == Termination.THROWN_IN and r.scores == (0, 0, 0, 0)
        assert s.tricks == [] and r.declarer is None
        # The other seat's hand does not allow it under these rules.
        other = 3 - thrower
        says = ["vorbehalt" if seat == other else "gesund" for seat in range(4)]
        s = run(deal(rules, THROW), *says)
        assert "schmeissen" not in s.legal_actions() and "pass" not in s.legal_actions()
    # Six of a kind are needed: nobody; five or six together: seats 1 and 2, not seat 3.
    for rules, allowed in ((DokoRules(throw_kings=6, throw_nines=6), set()),
                           (DokoRules(throw_nines_kings=6), {1, 2}),
                           (DokoRules(throw_nines_kings=7), set())):
        for seat in range(4):
            h = cardset(parse_cards(THROW[seat]))
            assert may_throw(rules, h) == (seat in allowed), (rules, seat)


def test_a_thrown_deal_scores_zero_and_the_next_dealer_deals() -> None:
    from binokel.registry import new_series
    rules = DokoRules(throw_kings=5, pflichtsolo=True, deals_per_series=2,
                      bock_after="tie,solo_lost,kontra_won,both_announced")
    series = new_series("doppelkopf", rules, 4, 3, seed=1)
    assert isinstance(series, DokoSeries) and series.current.dealer == 3
    series.current = deal(series.deal_rules(), THROW)   # this deal's cards: THROW
    # Seat 1 owes a Pflichtsolo but may pass: he holds Schmeißen, asked for after it.
    for a in ("gesund", "vorbehalt", "gesund", "gesund", "pass", "schmeissen"):
        series.apply(a)
    line = series.sheet[-1]
    assert (line.contract, line.scores, line.totals) == ("thrown in", (0,) * 4, (0,) * 4)
    # It counts as a deal of the series, serves no Pflichtsolo, starts no Bockrunde ...
    assert series.deals_played == 1 and series.owed == {0, 1, 2, 3}
    assert series.bock.levels == [] and not series.is_over
    # ... and the next dealer deals a new deal (after a Pflichtsolo the same one would).
    nxt = series.next_deal()
    assert nxt.dealer == 0 and nxt.phase == "vorbehalt" and not nxt.history
    assert nxt.rules.bock_level == 0 and nxt.deck != series.finished[0].deck


# ------------------------------------------------------------------ more solos, whole
def test_koenigssolo_played_to_the_end() -> None:
    setup = ["vorbehalt", "gesund", "gesund", "gesund", "solo koenige"]
    r = DokoRules(koenigssolo=True)
    s = play(KS, setup=setup, rules=r, upto=0)
    assert s.contract == "solo koenige" and s.to_move == 0   # a Lustsolo: Vorhand leads
    s.apply("play EK")
    # Seat 1 must follow trump with his König (or say kontra first).
    assert [a for a in s.legal_actions() if a.startswith("play ")] == ["play SK"]
    # Trick 9: the Kreuz-As led, seat 1 follows with a Kreuz card: the Dame is one.
    s = play(KS, setup=setup, rules=r, upto=8)
    s.apply("play EA")
    assert sorted(s.legal_actions()) == ["play E9", "play EO"]
    s = play(KS, setup=setup, rules=r)
    res = s.result
    assert res is not None and res.solo and res.re_seats == (0,)
    assert (res.re_points, res.kontra_points) == (208, 32) and s.tricks[-1].winner == 2
    # Won 1, keine 90 and keine 60 gespielt (Kontra 32) 2, no special points in a solo:
    # 3, the soloist 3 x 3 = 9, each opponent -3.
    assert lines(s) == {"re: gewonnen": 1, "re: keine 90 gespielt": 1,
                        "re: keine 60 gespielt": 1}
    assert res.scores == (9, -3, -3, -3) and (res.declarer, res.made) == (0, True)


def test_damen_buben_solo_played_to_the_end() -> None:
    setup = ["vorbehalt", "gesund", "gesund", "gesund", "solo damenbuben"]
    r = DokoRules(damen_buben_solo=True)
    tricks = with_tokens(DB, 0, "0:re")      # the soloist says re with his first card
    s = play(tricks, setup=setup, rules=r, upto=5)
    assert not s.order.is_trump(H10) and s.order.is_trump(SU)
    s.apply("play BA")
    assert "play H10" in s.legal_actions()   # seat 1, void in Pik, may throw it
    s = play(tricks, setup=setup, rules=r, upto=8)
    for a in ("play H9", "play HA", "play HA"):
        s.apply(a)
    assert sorted(s.legal_actions()) == ["play H10", "play HK"]   # Herz, the Zehn is one
    s = play(tricks, setup=setup, rules=r)
    res = s.result
    assert res is not None and res.solo and res.re_seats == (0,)
    assert (res.re_points, res.kontra_points) == (208, 32) and s.tricks[8].winner == 1
    # Won 1, Re angesagt 2, keine 90 and keine 60 gespielt 2: 5; the soloist 15, each -5.
    assert lines(s) == {"re: gewonnen": 1, "re: re angesagt": 2, "re: keine 90 gespielt": 1,
                        "re: keine 60 gespielt": 1}
    assert res.scores == (15, -5, -5, -5)


# ------------------------------------------------------------------ which solo is played
def test_of_two_solos_the_seat_nearer_vorhand_plays_and_a_pflichtsolo_comes_first() -> None:
    # Seed 002 / DDV: solos have no rank among themselves; of two the seat further "vorne"
    # (nearer Vorhand) plays, and a Pflichtsolo beats a Lustsolo. Dealer 1: the order is
    # 2 (Vorhand), 3, 0, 1; seats 3 and 0 say Vorbehalt.
    says = ("gesund", "vorbehalt", "vorbehalt", "gesund")
    s = run(DokoState.new(DokoRules(), dealer=1, seed=3), *says)
    assert (s.asking, s.to_move) == ("lustsolo", 3)
    run(s, "solo S")                       # a Karo-Solo before seat 0's question
    assert (s.contract, s.soloist, s.to_move) == ("solo S", 3, 2)
    assert s.declarations == [None, None, None, "solo S"] and s.phase == "play"
    # Seat 0 owes his Pflichtsolo, seat 3 does not: seat 0 is asked first and plays it.
    s = run(DokoState.new(DokoRules(pflichtsolo=True, pflicht_owed="0"), 1, seed=3), *says)
    assert (s.asking, s.to_move) == ("pflichtsolo", 0)
    run(s, "solo fleischlos")
    assert (s.contract, s.soloist, s.pflicht, s.to_move) == ("solo fleischlos", 0, True, 0)
    assert s.declarations == ["solo fleischlos", None, None, None]
    # Both owe one: the seat nearer Vorhand again.
    s = run(DokoState.new(DokoRules(pflichtsolo=True, pflicht_owed="03"), 1, seed=3), *says)
    assert (s.asking, s.to_move) == ("pflichtsolo", 3)


# ------------------------------------------------------------------ FreeDoko's extra points
def test_doppelfuchs_in_the_last_trick() -> None:
    r = DokoRules(fuchs_last_trick=True, fuchs_double=True)
    # Both Füchse in the last trick, the first (seat 0) wins it: two points.
    assert _specials("SA SA S9 SK > 0", r) == [("Fuchs im letzten Stich", "re"),
                                               ("Doppelfuchs", "re")]
    # Kontra's Fuchs in it is caught as well.
    assert _specials("SA S9 SA SK > 0", r) == [
        ("Fuchs gefangen", "re"), ("Fuchs im letzten Stich", "re"), ("Doppelfuchs", "re")]
    # One Fuchs alone: one point; without fuchs_last_trick no Doppelfuchs either.
    assert _specials("SA S9 SK S10 > 0", r) == [("Fuchs im letzten Stich", "re")]
    assert _specials("SA SA S9 SK > 0", DokoRules(fuchs_double=True)) == []


def test_karlchen_caught_only_by_the_karo_dame() -> None:
    # Seat 0 (Kontra) plays the Karlchen, seat 1 (Re) wins the last trick.
    on = DokoRules(karlchen_gefangen=True)
    only = DokoRules(karlchen_gefangen=True, karlchen_karo_dame=True)
    for r in (on, only):
        assert _specials("SU SO S9 SK > 1", r, re_seats=(1, 2)) == [("Karlchen gefangen", "re")]
    assert _specials("SU EO S9 SK > 1", on, re_seats=(1, 2)) == [("Karlchen gefangen", "re")]
    assert _specials("SU EO S9 SK > 1", only, re_seats=(1, 2)) == []


def test_dulle_catches_dulle() -> None:
    r = DokoRules(dulle_caught=True)
    # Seat 1's (Kontra) Dulle falls to seat 0's, the first of two equal cards.
    assert _specials("H10 H10 S9 SK > 0", r, re_seats=(0, 2)) == [("Dulle gefangen", "re")]
    assert _specials("H10 H10 S9 SK > 0", DokoRules(), re_seats=(0, 2)) == []
    # Both Dullen of one party: nothing caught; with dulle_second_wins the second catches.
    assert _specials("H10 H10 S9 SK > 0", r, re_seats=(0, 1)) == []
    r2 = DokoRules(dulle_caught=True, dulle_second_wins=True)
    assert _specials("H10 H10 S9 SK > 1", r2, re_seats=(0, 2)) == [("Dulle gefangen", "kontra")]


def test_herz_trick_point() -> None:
    r = DokoRules(herz_trick_point=True)
    assert _specials("HA HK H9 HA > 0", r) == [("Herzstich", "re")]
    assert _specials("HA HK H9 HA > 0", DokoRules()) == []
    # The Dulle is trump: no Herz trick.
    assert _specials("HA HK H9 H10 > 3", r) == []


# ------------------------------------------------------------------ Re / Kontra double
def test_re_and_kontra_double_the_game_value() -> None:
    from binokel.present import present
    from doppelkopf_deals import with_tokens
    tricks = with_tokens(with_tokens(N1, 0, "0:re"), 0, "2:kontra")
    # Seed: won 1, Re 2, Kontra 2, keine 90/60/30 3, Doppelkopf 1, Fuchs 1 = 10.
    s = play(tricks)
    assert s.result is not None and s.result.scores == (10, 10, -10, -10)
    # Doubling: the same without the 2 + 2, so 6, twice doubled: 24; a Bock deal 48.
    s = play(tricks, rules=DokoRules(re_kontra_doubles=True))
    assert s.result is not None and s.result.value == 6
    assert "re angesagt" not in lines(s) and s.result.scores == (24, 24, -24, -24)
    s = play(tricks, rules=DokoRules(re_kontra_doubles=True, bock_level=1))
    assert s.result is not None and s.result.scores == (48, 48, -48, -48)
    shown = present(s.view(0), "en").result
    assert "Re / Kontra announced: × 4 = 24" in shown and "Bock deal: × 2 = 48" in shown
    # Only Re said: once.
    s = play(with_tokens(N1, 0, "0:re"), rules=DokoRules(re_kontra_doubles=True))
    assert s.result is not None and s.result.scores == (12, 12, -12, -12)


# ------------------------------------------------------------------ score sheets
def test_plus_and_minus_score_sheets() -> None:
    from binokel.present import present
    # N1: Re (seats 0, 1) wins 6 points.
    for sheet_, want in (("plusminus", (6, 6, -6, -6)), ("plus", (6, 6, 0, 0)),
                         ("minus", (0, 0, -6, -6))):
        s = play(N1, rules=DokoRules(score_sheet=sheet_))
        assert s.result is not None and s.result.scores == want, sheet_
        assert s.result.value == 6
        shown = present(s.view(2), "en").result
        assert f"Seat 3 (Kontra): {want[2]:+d}" in shown


def test_hochzeit_tricks_sets_the_clarification_period() -> None:
    from binokel.present import present
    setup = ["vorbehalt", "gesund", "gesund", "gesund", "pass", "hochzeit"]

    def found(tricks: list[str], n: int, mode: str = "fremd") -> tuple[int | None, int]:
        s = play(tricks, setup=setup, rules=DokoRules(hochzeit_klaerung=mode,
                                                      hochzeit_tricks=n))
        return s.partner, s.clarified_in

    # H2: seat 0 wins trick 1 himself, seat 1 trick 2: too late when only trick 1 counts.
    assert found(H2, 3) == (1, 2) and found(H2, 2) == (1, 2)
    assert found(H2, 1) == (None, 1)
    s = play(H2, setup=setup, rules=DokoRules(hochzeit_tricks=1))
    assert s.result is not None and s.result.solo
    assert s.result.notes[0] == "Hochzeit: no partner by trick 1, played as a Karo-Solo"
    assert "Seat 1 finds no partner by trick 1: Diamonds solo" in present(s.view(1), "en").log
    # HT: the first trump trick is trick 2.
    assert found(HT, 3, "trumpf") == (1, 2) and found(HT, 1, "trumpf") == (None, 1)
    # H1: no trump led in tricks 1 to 3; the period of 3 ends alone, as before.
    assert found(H1, 3, "trumpf") == (None, 3)
    s = play(H2, setup=setup, rules=DokoRules(hochzeit_tricks=5), upto=0)
    assert "partner: the first trick won by another player (up to trick 5)" in \
        present(s.view(0), "en").status
