"""``binokel arena`` with the frozen Doppelkopf players of November 2026 known as bot kinds
(``doko-strong-2026-11``, ``doko-strong-easy-2026-11``, ``doko-strong-hard-2026-11``,
``doko-heuristic-2026-11``; see ``benchmarks/doko_strong_2026_11``), so that a new player is
measured against the old one on the same deals. The arguments are the arena's; the match runs
in this one process (``--workers 1``: the kinds are registered here only), so play long
matches as several chunks side by side and merge them with ``benchmarks/merge_matches.py``.
``--register FILE`` adds the kinds of a module of one's own (``KINDS`` and
``bot_kinds(game)``, as ``doko_strong_2026_11``), e.g. variants of a player under test:

    nice -n 19 .venv/bin/python benchmarks/doko_match.py --game doppelkopf --preset ddv \\
        -o pflichtsolo=false -o vorfuehren=false \\
        --lineup strong,doko-strong-2026-11,doko-strong-2026-11,doko-strong-2026-11 \\
        --deals 100 --seed 1000 --no-progress --out /work/matches/doko/new-old-1000.json
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import doko_strong_2026_11

from binokel.cli import main


def register(path: str) -> None:
    """Register the bot kinds of the module file ``path`` (its ``bot_kinds(game)`` and
    ``KINDS``) as external kinds, for experiments with variants of a player."""
    import importlib.util

    from binokel import bots
    name = Path(path).stem
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    bots.EXTERNAL_KINDS[name] = tuple(module.KINDS)


def run(argv: list[str]) -> int:
    """The arena command with the frozen kinds registered, in one process
    (``--register FILE``: also the kinds of that module)."""
    doko_strong_2026_11.register()
    while "--register" in argv:
        i = argv.index("--register")
        register(argv[i + 1])
        del argv[i:i + 2]
    if "--workers" in argv:
        i = argv.index("--workers")
        del argv[i:i + 2]
    return main(["arena", *argv, "--workers", "1"])


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
