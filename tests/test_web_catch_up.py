"""Two server processes (two stores and registries) on one PostgreSQL database take turns
changing one table; after every step each copy is caught up and must equal a copy freshly
loaded from the store: the state, every seat's message and the spectators'. A copy that is
behind applies only the increment (the actions since its move, the next deal, the seats);
the full replay is kept for what cannot be known incrementally (a new series, a refused
change)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest

from binokel.web.store import Store
from binokel.web.store import now
from binokel.web.tables import LiveTable
from binokel.web.tables import Registry
from binokel.web.tables import TableError
from test_web_postgres import BIN
from test_web_postgres import pg_url  # noqa: F401 - the fixture

pytestmark = pytest.mark.skipif(not (BIN / "initdb").exists(), reason="no PostgreSQL server")


@pytest.fixture
def stores(pg_url: str) -> Iterator[tuple[Store, Store, Store]]:  # noqa: F811
    made = (Store(pg_url), Store(pg_url), Store(pg_url))
    yield made
    for s in made:
        s.close()


def fresh_copy(registry: Registry, table_id: str) -> LiveTable:
    """The table as a process that never held it loads it: a full replay from the store."""
    with registry.store.reading() as s:
        snap = registry.store.snapshot(s, table_id)
    assert snap is not None
    return registry._load(snap)


def assert_same(copy: LiveTable, fresh: LiveTable) -> None:
    assert copy.stored_version == fresh.stored_version
    assert copy.status == fresh.status
    assert (copy.deal_number, copy.series_number, copy.first_deal) == \
        (fresh.deal_number, fresh.series_number, fresh.first_deal)
    assert copy.seats.token_hashes == fresh.seats.token_hashes
    assert copy.seats.nicknames == fresh.seats.nicknames
    assert copy.seats.expires == fresh.seats.expires
    assert copy.seats.away == fresh.seats.away
    assert copy.ready == fresh.ready
    if fresh.round is None:
        assert copy.round is None
    else:
        assert copy.round is not None
        a, b = copy.round.current, fresh.round.current
        assert a.history == b.history and a.deck == b.deck and a.dealer == b.dealer
        assert a.to_move == b.to_move and a.legal_actions() == b.legal_actions()
        assert copy.round.totals == fresh.round.totals
        assert copy.round.winner == fresh.round.winner
        for seat in range(copy.players):
            assert a.view(seat).hand == b.view(seat).hand
    for seat in (None, *range(copy.players)):
        for lang in ("de", "en"):
            assert copy.json_view.message_for(seat, lang) == fresh.json_view.message_for(seat, lang)


def test_incremental_catch_up_equals_a_fresh_load(
        stores: tuple[Store, Store, Store], monkeypatch: pytest.MonkeyPatch) -> None:
    r1, r2, r3 = (Registry(s, bot_delay=0.0) for s in stores)
    replays: list[LiveTable] = []
    restore = LiveTable.restore

    def counted(self: LiveTable, snap: Any) -> None:
        replays.append(self)    # a full replay (fresh copies too; counted by identity)
        restore(self, snap)

    t1 = r1.create({"bots": [None, None, None], "deals": 2})
    t2 = r2.get(t1.id)
    copies = (t1, t2)
    monkeypatch.setattr(LiveTable, "restore", counted)
    rng = random.Random(13)

    def full_replays() -> int:
        return sum(r is t for r in replays for t in copies)

    def check(increments_only: bool = False) -> None:
        before = full_replays()
        for t in copies:
            t.catch_up()
        fresh = fresh_copy(r3, t1.id)
        for t in copies:
            assert_same(t, fresh)
        if increments_only and fresh.series_number == 1:
            # Within the first series every catch-up is an increment, never a replay.
            assert full_replays() == before

    t1.seats.join(0, "Anna")
    check()
    t2.seats.join(1, "Bert")
    check()
    t1.seats.join(2, "Cläre")   # the table starts in the first process
    check()
    # From here on only increments, until the rematch deals a new series.
    after_rematch = 0
    for _ in range(400):
        if t1.series_number == 2:
            after_rematch += 1
            if after_rematch > 8:
                break
        actor = rng.choice(copies)
        actor.catch_up()
        rnd = actor.round
        assert rnd is not None
        st = rnd.current
        if st.is_over:
            for seat in range(3):       # each says ready in either process
                who = rng.choice(copies)
                who.catch_up()
                who.deals.ready_next(seat)
                check(increments_only=True)
            continue
        roll = rng.random()
        seat = st.to_move
        if roll < 0.05:
            actor.seats.set_away(seat, True)          # a stand-in would play ...
            check(increments_only=True)
            other = rng.choice(copies)
            other.catch_up()
            other.seats.set_away(seat, False)         # ... until the person is back
        elif roll < 0.08:
            actor.seats.leave(seat)                   # the seat is given up and taken again
            check(increments_only=True)
            other = rng.choice(copies)
            other.catch_up()
            other.seats.join(seat, f"Neu{seat}")
        elif roll < 0.1:
            actor.chat.say(seat, "gut gespielt")    # no new version: nothing to catch up
        else:
            actor.apply(seat, rng.choice(st.legal_actions()), len(st.history),
                        actor.deal_number)
        check(increments_only=True)
    else:
        raise AssertionError("the series did not end")
    assert t1.series_number == 2 and t2.series_number == 2


def test_a_refused_change_reloads_in_full_and_still_matches(
        stores: tuple[Store, Store, Store]) -> None:
    one = stores[0]
    r1, r2, r3 = (Registry(s, bot_delay=0.0) for s in stores)
    t1 = r1.create({"bots": [None, None, None], "seed": 4})
    for seat, name in enumerate(("Anna", "Bert", "Cläre")):
        t1.seats.join(seat, name)
    t2 = r2.get(t1.id)
    assert t1.round is not None and t2.round is not None
    rng = random.Random(2)
    for _ in range(5):
        st = t1.round.current
        t1.apply(st.to_move, rng.choice(st.legal_actions()), check_move=False)
    # The second copy decides on its old state: refused, nothing written, reloaded.
    st2 = t2.round.current
    with pytest.raises(TableError) as refused:
        t2.apply(st2.to_move, st2.legal_actions()[0], check_move=False)
    assert refused.value.code == "stale"
    assert_same(t2, fresh_copy(r3, t1.id))
    # Several changes at once (two actions, a seat's away mark) arrive as one increment.
    for _ in range(2):
        st = t1.round.current
        t1.apply(st.to_move, rng.choice(st.legal_actions()), check_move=False)
    t1.seats.set_away(1, True)
    assert t2.behind()
    t2.catch_up()
    assert not t2.behind()
    assert_same(t2, fresh_copy(r3, t1.id))
    # A table closed elsewhere (the sweep): the copy learns it is closed.
    later = now() + timedelta(seconds=1)
    assert t1.id in one.close_idle(waiting_before=later, idle_before=later)
    t2.catch_up()
    assert t2.closed and t2.status == "closed"
