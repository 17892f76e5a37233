"""Helpers of the web tests: read states, and act only on what a presented table offers."""

from __future__ import annotations

import random
from typing import Any


def recv_state(ws: Any) -> dict[str, Any]:
    while True:
        msg = ws.receive_json()
        if msg["type"] == "state":
            return msg  # type: ignore[no-any-return]


# ---------------------------------------------------------------------- choosing
def offered(table: dict[str, Any], rng: random.Random) -> list[str]:
    """Actions built only from what the table offers: its buttons, its clickable cards, one
    random selection of ``count`` hand cards and one random free bid."""
    ch = table["choices"]
    # Warning buttons (going out, ...) end a deal early: rarely, so that deals are played.
    acts = [b["action"] for b in ch["buttons"] if b["style"] != "warning" or rng.random() < 0.1]
    if ch["cards"]:
        acts += [f"{ch['cards']['verb']} {c}" for c in ch["cards"]["cards"]]
    if ch["select"]:
        sel = ch["select"]
        picked = sorted(rng.sample(range(len(table["hand"])), sel["count"]))
        acts.append(" ".join([sel["verb"], *(table["hand"][i] for i in picked)]))
    if ch["bid"] and rng.random() < 0.3:
        b = ch["bid"]
        acts.append(f"{b['verb']} {rng.randrange(b['low'], b['high'] + 1, b['step'])}")
    return acts


def act(ws: Any, table: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Send a random offered action (a random selection the engine refuses is drawn again);
    returns the state message that answered it."""
    for _ in range(50):
        action = rng.choice(offered(table, rng))
        ws.send_json({"type": "action", "action": action})
        msg = ws.receive_json()
        if msg["type"] == "error":
            assert msg["code"] == "illegal" and action.split()[0] in (
                (table["choices"]["select"] or {}).get("verb"),
                (table["choices"]["bid"] or {}).get("verb")), (action, msg)
            continue
        assert msg["type"] == "state"
        return msg  # type: ignore[no-any-return]
    raise AssertionError("no offered action was accepted")
