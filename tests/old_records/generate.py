"""The corpus of records written by earlier versions (``corpus.json.gz``, read by
tests/test_old_records.py), and how it was made.

Each earlier version writes its own records: for each commit, ``build`` exports the commit's
``src`` into a scratch directory (``git archive``), runs ``write`` there with that directory
first on ``PYTHONPATH`` (the venv's Python; the C search core is optional), and removes the
directory. ``write`` plays deals of every game the old version knows, at every player count,
under each rule set of a rules file that the old version accepts (each preset, each option at
another value: ``rules.json`` was made from today's option tables), with random legal actions
and the old heuristic bots, and stores each finished deal with the scores the old version
gave it (``result``). ``build`` keeps each distinct record once, with the commits that wrote
it. It must run from the repository (it reads ``git``); ``write`` must not import anything
of today's tree.

The corpus was made so (2026-11-27), on every commit of main's first-parent history that
changed the engine, the records, the registry or a game (70 commits), plus a larger sample
of Doppelkopf deals from the two ends of version 0.1's way of declaring Vorbehalte, of which
only the records that need the reader are kept::

    python tests/old_records/generate.py build --rules tests/old_records/rules.json \\
        $(git log --first-parent --reverse --format=%h -- src/binokel/games \\
          src/binokel/core src/binokel/game.py src/binokel/rules.py src/binokel/record.py \\
          src/binokel/variants src/binokel/registry.py src/binokel/games.py \\
          src/binokel/cards.py src/binokel/melds.py src/binokel/tricks.py \\
          src/binokel/scoring.py)
    python tests/old_records/generate.py build --add --per 12 --needing-reader 80 \\
        --rules tests/old_records/rules-doppelkopf-0.1.json 6164d2f da9355e
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus.json.gz"
MAX_ACTIONS = 3000


# --------------------------------------------------------------- write (run by old versions)
def _games() -> dict[str, Any]:
    try:
        from binokel.registry import find_game
        from binokel.registry import game_names
        return {n: find_game(n) for n in game_names()}
    except ImportError:   # before the explicit registry (2026-11-23)
        from binokel.games import all_games  # type: ignore[attr-defined]
        return dict(all_games())


def _heuristic(game: str, seed: int) -> Any:
    try:
        from binokel.bots import make_bot
    except ImportError:
        return None
    for call in (lambda: make_bot("heuristic", seed, game=game),
                 lambda: make_bot("heuristic", seed)):
        try:
            return call()
        except Exception:
            continue
    return None


def _play(spec: Any, game: str, rules: Any, players: int, seed: int, bots: bool) -> Any:
    state = spec.new_deal(rules, seed % players, seed=seed, players=players)
    rng = random.Random(seed)
    seats = [_heuristic(game, seed * 10 + i) if bots else None for i in range(players)]
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return state
        bot, action = seats[state.to_move], None
        if bot is not None:
            try:
                action = bot.choose(state.view(state.to_move))
            except Exception:
                action = None
        legal = state.legal_actions()
        if action not in legal:
            action = legal[rng.randrange(len(legal))]
        state.apply(action)
    return None


def write(rules_file: str, out: str, per: int) -> None:
    try:
        from binokel.record import Record
    except ImportError:   # the first commit had no records yet
        Path(out).write_text("[]", encoding="utf-8")
        print("no records in this version")
        return
    wanted = json.loads(Path(rules_file).read_text(encoding="utf-8"))
    known = _games()
    records = []
    for game, plan in wanted.items():
        if game not in known:
            continue
        spec = known[game]
        counts = [p for p in plan["players"] if p in tuple(spec.players)]
        if game == "luxusfamilie":
            counts = [p for p in counts if p in (3, 5, 8)]
        for ri, data in enumerate(plan["rules"]):
            try:
                rules = spec.make_rules(data)
            except Exception:
                continue   # an option this version does not have yet
            first = ri == 0
            n = per or ((12 if game == "doppelkopf" else 4) if first
                        else (2 if game == "doppelkopf" else 1))
            for players in counts if first else counts[:1]:
                for k in range(n + (2 if first else 0)):
                    seed = 1000 * ri + 10 * players + k
                    try:
                        state = _play(spec, game, rules, players, seed, bots=k >= n)
                    except Exception:
                        continue   # rules this deal cannot be dealt with
                    if state is None or state.result is None:
                        continue
                    try:
                        rec = Record.from_state(state, game=game)
                    except TypeError:   # before records named a game other than the state's
                        rec = Record.from_state(state)
                    data_out = rec.to_json()
                    scores = [int(x) for x in state.result.scores]
                    again = Record.from_json(json.loads(json.dumps(data_out))).replay()
                    assert list(again.result.scores) == scores
                    data_out["result"] = {"scores": scores}
                    records.append(data_out)
    Path(out).write_text(json.dumps(records), encoding="utf-8")
    print(f"{len(records)} records")


# --------------------------------------------------------------- build (run by today's)
def _key(record: dict[str, Any]) -> str:
    return json.dumps({k: record[k] for k in ("game", "players", "rules", "dealer", "deck",
                                               "actions")}, sort_keys=True)


def _needs_reader(record: dict[str, Any]) -> bool:
    from binokel.record import Record
    return len(Record.from_json(record).migrated) > 1


def build(commits: list[str], rules_file: str, per: int, add: bool,
          needing_reader: int) -> None:
    corpus: dict[str, Any] = {"format": "binokel-old-records/1", "commits": {}, "entries": []}
    if add:
        corpus = json.loads(gzip.decompress(CORPUS.read_bytes()))
    seen = {_key(e["record"]): e for e in corpus["entries"]}
    rng = random.Random(1)
    for commit in commits:
        scratch = Path(tempfile.mkdtemp(prefix=f"old-{commit}-"))
        try:
            tar = subprocess.run(["git", "archive", commit, "src"], check=True,
                                 capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", str(scratch)], input=tar, check=True)
            out = scratch / "records.json"
            env = {**os.environ, "PYTHONPATH": str(scratch / "src")}
            subprocess.run([sys.executable, __file__, "write", rules_file, str(out),
                            "--per", str(per)], check=True, env=env)
            records = json.loads(out.read_text(encoding="utf-8"))
        finally:
            shutil.rmtree(scratch)
        if needing_reader:
            records = [r for r in records if _needs_reader(r)]
            records = rng.sample(records, min(needing_reader, len(records)))
        for r in records:
            entry = seen.get(_key(r))
            if entry is None:
                entry = seen[_key(r)] = {"commits": [], "record": r}
                corpus["entries"].append(entry)
            if commit not in entry["commits"]:
                entry["commits"].append(commit)
        date, subject = subprocess.run(
            ["git", "show", "-s", "--format=%ad%x00%s", "--date=short", commit],
            check=True, capture_output=True, text=True).stdout.strip().split("\0")
        corpus["commits"][commit] = {"date": date, "subject": subject}
        print(commit, len(records), "records,", len(corpus["entries"]), "in the corpus")
    raw = json.dumps(corpus, separators=(",", ":"), ensure_ascii=False).encode()
    CORPUS.write_bytes(gzip.compress(raw, 9, mtime=0))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("write", help="write records with the binokel on PYTHONPATH")
    w.add_argument("rules")
    w.add_argument("out")
    w.add_argument("--per", type=int, default=0, help="deals per rule set (0: a few)")
    b = sub.add_parser("build", help="write records with each commit, into the corpus")
    b.add_argument("commits", nargs="+")
    b.add_argument("--rules", default=str(HERE / "rules.json"))
    b.add_argument("--per", type=int, default=0)
    b.add_argument("--add", action="store_true", help="add to the corpus, do not start anew")
    b.add_argument("--needing-reader", type=int, default=0,
                   help="keep a sample of this many records that need a game's reader")
    a = p.parse_args()
    if a.cmd == "write":
        write(a.rules, a.out, a.per)
    else:
        build(a.commits, a.rules, a.per, a.add, a.needing_reader)


if __name__ == "__main__":
    main()
