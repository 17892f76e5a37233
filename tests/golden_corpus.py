"""The golden corpus: records of every game and player count, with what they must replay to.

A refactor of the engine proves itself here: every record must replay to the same result,
every seat's view (and the spectator's) after every action must be the same, the presented
tables (what the web and terminal game draw) the same, and the bots that played a record must
choose the same actions again from the same seeds.

Each entry holds a record (``binokel-record/2``), the bots that played it (kind per seat and a
seed), the result as JSON, and digests: one per step (before the first action and after each
action) over all views, one per step over all presented tables, and one of the told deal
(``binokel replay``). Series entries hold a few deals of a game's series (dealer rotation,
Pflichtsoli, booking) and their score sheet.

Regenerate only for an intended change of behaviour, and say why in the commit:

    python tests/golden_corpus.py --write

The engine is reached only through the few functions under "API" below, so that a change
of layout touches this file in one place.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# ---------------------------------------------------------------------------------- API
from binokel.bots import make_bot
from binokel.core.cards import parse_card
from binokel.present import present
from binokel.present.describe import describe_deal
from binokel.record import Record
from binokel.registry import find_game


def new_state(game: str, players: int, rules_data: dict[str, Any], dealer: int,
              seed: int | None = None, deck: list[str] | None = None) -> Any:
    spec = find_game(game)
    rules = spec.make_rules(rules_data)
    order = [parse_card(t) for t in deck] if deck is not None else None
    return spec.new_deal(rules, dealer, seed=seed, deck_order=order, players=players)


def record_json(state: Any, game: str) -> dict[str, Any]:
    data = Record.from_state(state, game=game).to_json()
    del data["software"]   # which version wrote it is not what the deal is
    return data


def replay(record: dict[str, Any]) -> Iterator[Any]:
    """The state before each action and after the last one (one state object, mutated)."""
    rec = Record.from_json(record)
    state = rec.initial_state()
    yield state
    for action in rec.actions:
        state.apply(action)
        yield state


def bot(kind: str, seed: int, game: str) -> Any:
    return make_bot(kind, seed, game=game)


def new_series(game: str, players: int, rules_data: dict[str, Any], seed: int) -> Any:
    spec = find_game(game)
    return spec.new_series(spec.make_rules(rules_data), players=players, seed=seed)


# ------------------------------------------------------------------------------ digests
NAMES = ("Anna", "Bert", "Cilli", "Done", "Eugen", "Fritz", "Gretl", "Hans")
STYLES = ("token", "symbol", "words", "french")


def digest(obj: Any) -> str:
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def views_of(state: Any) -> list[Any]:
    return [state.view(s).to_json() for s in range(state.players)] + \
        [state.public_view().to_json()]


def tables_of(state: Any, lang: str, style: str) -> list[Any]:
    names = list(NAMES[:state.players])
    views = [state.view(s) for s in range(state.players)] + [state.public_view()]
    return [present(v, lang, names, style).to_json() for v in views]


def fingerprints(record: dict[str, Any], lang: str, style: str
                 ) -> tuple[list[str], list[str], Any, str]:
    """Per-step digests of the views and of the tables, the result and the told deal."""
    views, tables = [], []
    state = None
    for state in replay(record):
        views.append(digest(views_of(state)))
        tables.append(digest(tables_of(state, lang, style)))
    assert state is not None
    result = state.result.to_json() if state.is_over else None
    told = digest(describe_deal(state, lang, style, list(NAMES[:state.players])))
    return views, tables, result, told


def play_with_bots(game: str, players: int, rules_data: dict[str, Any], dealer: int,
                   deck: list[str] | None, seed: int, kinds: list[str]) -> Any:
    state = new_state(game, players, rules_data, dealer, seed=seed, deck=deck)
    bots = [bot(k, seed * 31 + s, game) for s, k in enumerate(kinds)]
    while not state.is_over:
        seat = state.to_move
        state.apply(bots[seat].choose(state.view(seat)))
    return state


# ---------------------------------------------------------------------- what is played
def _binokel_options(kreuz: bool) -> list[tuple[str, dict[str, Any]]]:
    sets: list[tuple[str, dict[str, Any]]] = [
        ("standard", {}), ("turnier", {}), ("aks", {}),
        ("standard", {"sevens": True}),
        ("standard", {"sevens": True, "deal_48_3p": "14+6", "dix": True}),
        ("standard", {"sevens": True, "deal_48_3p": "16+0", "four_tens": 100}),
        ("standard", {"rufen": True, "durch_open": 1500, "first_lead": "declarer"}),
        ("standard", {"vorhand_must_open": False, "all_pass": "vorhand_plays",
                      "min_bid": 200, "bid_step": 20, "max_bid": 600}),
        ("standard", {"vorhand_must_open": False, "min_bid": 300, "max_bid": 400}),
        ("standard", {"must_overtrump": False, "must_trump_lower": False,
                      "bonus_trick": "first", "last_trick_bonus": 20}),
        ("standard", {"rundgang": 350, "eight_of_a_rank": "double", "double_family": 1000,
                      "double_trump_family": 1500, "four_tens": 80}),
        ("turnier", {"rounding": "all", "bid_check": "rounded", "lost_bonus_others": True,
                     "overbid_unreachable": True, "abgehen_bonus": "half_bid",
                     "abgehen_others_meld": False}),
        ("standard", {"abgehen_bonus": "per_player", "meld_needs_trick": True,
                      "durch_separate": True, "untendurch": False, "rundgang": "none"}),
        ("standard", {"deal_pattern": "2-1-2-1-2-1-3-1" if kreuz else "3-1-3-1-3-1-3-1",
                      "card_points": "tournament"}),
    ]
    if kreuz:
        sets.append(("standard", {"partner_exemption": True, "rufen": True}))
        sets.append(("turnier", {"partner_exemption": True, "sevens": True}))
    else:
        sets.append(("standard", {"dapp": False, "sevens": True}))
    return sets


OPTION_SETS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "binokel": _binokel_options(kreuz=False),
    "kreuzbinokel": _binokel_options(kreuz=True),
    "zweier": [
        ("standard", {}), ("turnier", {}),
        ("standard", {"sevens": True}),
        ("standard", {"sevens": True, "dix": False, "dix_exchange": False}),
        ("standard", {"sevens": True, "dix_exchange": False, "show_last_card": False}),
        ("standard", {"must_beat": False, "upgrade_melds": False, "rounding": "all"}),
        ("standard", {"bonus_trick": "first", "four_tens": 80, "eight_of_a_rank": "double",
                      "double_family": 1000, "double_trump_family": 1500}),
    ],
    "luxusfamilie": [
        ("standard", {}), ("binokel", {}),
        ("standard", {"trump_melds": True, "meld_needs_trick": True}),
        ("standard", {"trump_duty": "untrumped", "last_trick_bonus": 10,
                      "leftover": "last_trick"}),
        ("standard", {"trump_duty": "none", "conversion": "identity"}),
        ("standard", {"conversion": "floor", "luxusfamilie": 0, "double_luxusfamilie": 0,
                      "four_tens": 100, "eight_of_a_rank": "double"}),
    ],
    "doppelkopf": [
        ("standard", {}), ("dkv", {}),
        ("standard", {"nines": False}),
        ("standard", {"dulle_second_wins": True, "schweinchen": True}),
        ("standard", {"armut": True}),
        ("standard", {"armut": True, "schweinchen": True, "reach_absage_wins": True}),
        ("standard", {"pflichtsolo": True}),
        ("standard", {"pflichtsolo": True, "pflicht_owed": "13", "armut": True,
                      "dulle_second_wins": True}),
    ],
}

# (game, players, how many records); line-ups cycle through LINEUPS.
CONFIGS: list[tuple[str, int, int]] = [
    ("binokel", 3, 60), ("binokel", 4, 30), ("kreuzbinokel", 4, 40), ("zweier", 2, 50),
    ("luxusfamilie", 3, 10), ("luxusfamilie", 4, 10), ("luxusfamilie", 5, 8),
    ("luxusfamilie", 6, 8), ("luxusfamilie", 7, 6), ("luxusfamilie", 8, 6),
    ("doppelkopf", 4, 60), ("doppelkopf", 5, 20),
]
LINEUPS = ("random", "heuristic", "mixed")
# A few deals of the searching bots (their budget is counted in nodes: deterministic).
STRONG: list[tuple[str, int, int, str]] = [
    ("binokel", 3, 2, "strong-easy"), ("kreuzbinokel", 4, 1, "strong-easy"),
    ("zweier", 2, 2, "strong"),
]
SERIES: list[tuple[str, int, str, dict[str, Any], int]] = [
    ("binokel", 3, "standard", {"target": 1500}, 6),
    ("binokel", 4, "aks", {"deals_per_series": 4}, 5),
    ("kreuzbinokel", 4, "standard", {"durch_separate": True}, 5),
    ("zweier", 2, "standard", {"target": 1200}, 5),
    ("luxusfamilie", 5, "standard", {"deals_per_series": 3}, 4),
    ("doppelkopf", 4, "standard", {"pflichtsolo": True, "deals_per_series": 3}, 8),
    ("doppelkopf", 5, "standard", {"armut": True, "deals_per_series": 3}, 4),
    # Issue 32's last options (appended: the entries above stay as they were): a
    # five-table of five deals for four, Schweinchen when played, the bride's choice.
    ("doppelkopf", 5, "standard", {"five_table": "per_player", "deals_per_series": 4,
                                   "schweinchen": True, "superschweine": True,
                                   "schweinchen_when": "played", "hochzeit_klaerung": "wahl",
                                   "dulle_second_wins": True,
                                   "dulle_first_with_schweine": True}, 5),
]


def _kinds(lineup: str, players: int, i: int) -> list[str]:
    if lineup == "mixed":
        return ["heuristic" if (s + i) % 2 else "random" for s in range(players)]
    return [lineup] * players


@dataclass(frozen=True)
class Plan:
    id: str
    game: str
    players: int
    rules: dict[str, Any]
    dealer: int
    seed: int
    bots: list[str]
    lang: str
    style: str


def plans() -> Iterator[Plan]:
    n = 0
    for game, players, count in CONFIGS:
        sets = OPTION_SETS[game]
        for i in range(count):
            preset, options = sets[i % len(sets)]
            lineup = LINEUPS[(i // len(sets) + i) % len(LINEUPS)]
            yield Plan(f"{game}-{players}-{i:03d}", game, players,
                       {"preset": preset, "options": options}, i % players, 1000 + n,
                       _kinds(lineup, players, i), ("de", "en")[n % 2], STYLES[n % 4])
            n += 1
    for game, players, count, kind in STRONG:
        for i in range(count):
            yield Plan(f"{game}-{players}-{kind}-{i}", game, players,
                       {"preset": "standard", "options": {}}, i % players, 5000 + n,
                       [kind if s == i % players else "heuristic" for s in range(players)],
                       ("de", "en")[n % 2], STYLES[n % 4])
            n += 1


def make_entry(plan: Plan) -> dict[str, Any]:
    state = play_with_bots(plan.game, plan.players, plan.rules, plan.dealer, None, plan.seed,
                           plan.bots)
    record = record_json(state, plan.game)
    views, tables, result, told = fingerprints(record, plan.lang, plan.style)
    return {"id": plan.id, "record": record, "bots": plan.bots, "seed": plan.seed,
            "lang": plan.lang, "style": plan.style, "result": result, "views": views,
            "tables": tables, "told": told}


def play_series(game: str, players: int, preset: str, options: dict[str, Any],
                deals: int, seed: int) -> dict[str, Any]:
    rules = {"preset": preset, "options": options}
    rnd = new_series(game, players, rules, seed)
    bots = [bot("heuristic", seed * 7 + s, game) for s in range(players)]
    records = []
    for _ in range(deals):
        state = rnd.current
        while not state.is_over:
            seat = state.to_move
            rnd.apply(bots[seat].choose(state.view(seat)))
        records.append(record_json(state, game))
        if rnd.is_over:
            break
        rnd.next_deal()
    sheet = [[ln.deal, ln.dealer, list(ln.scores), list(ln.totals), ln.declarer, ln.contract,
              ln.bid, ln.made, ln.separate] for ln in rnd.sheet]
    return {"game": game, "players": players, "rules": rules, "seed": seed, "deals": deals,
            "records": records, "sheet": sheet, "totals": list(rnd.totals),
            "durch_totals": list(rnd.separate_totals), "winner": rnd.winner}


def make_corpus() -> dict[str, Any]:
    entries = [make_entry(p) for p in plans()]
    series = [play_series(g, n, p, o, d, 77 + i) for i, (g, n, p, o, d) in enumerate(SERIES)]
    return {"format": "binokel-golden/1", "entries": entries, "series": series}


PATH = Path(__file__).parent / "golden" / "corpus.json.gz"


def load() -> dict[str, Any]:
    with gzip.open(PATH, "rt", encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="write tests/golden/corpus.json.gz")
    args = ap.parse_args()
    corpus = make_corpus()
    n = len(corpus["entries"])
    steps = sum(len(e["views"]) for e in corpus["entries"])
    print(f"{n} records, {steps} steps, {len(corpus['series'])} series")
    if args.write:
        PATH.parent.mkdir(exist_ok=True)
        # mtime=0: the same corpus gives the same bytes.
        with open(PATH, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
            gz.write(json.dumps(corpus, ensure_ascii=False, separators=(",", ":")).encode())
        print(f"written to {PATH} ({PATH.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
