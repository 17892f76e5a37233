"""A :class:`~binokel.search.position.Position` turned into the tables both search cores use.

The cores number the cards afresh: only the distinct cards still in play (in a hand or in the
trick in progress) get an index, group by group and, inside a group, from the weakest to the
strongest. Then "the cards of a group" is one contiguous bit range of a card set, "the cards
above ``c``" is everything above ``c``'s bits in that range and the strongest card of a group
in a set is its highest bit. Cards already played are gone from the numbering, so two cards
with nothing but played cards between them are neighbours (what the equivalence of cards
needs). Seats are renumbered too: internal seat ``i`` is ``order[i]``, the next seat is
``i + 1`` (mod the number of seats).

Both cores read the same :class:`Prepared`, so they search the same tree.
"""

from __future__ import annotations

from dataclasses import dataclass

from .position import Position

TT_LIMIT = 1 << 21
"""Entries kept at most in each of the two tables (exact positions, structures). The
reference empties a full table; the compiled core, whose tables grow to hold twice as many
slots, replaces the entries with the fewest tricks left instead (the two cores stay in step
until then). With more seats an entry is bigger, so the limit shrinks to keep each table of
the compiled core under 384 MiB."""


def table_limit(n_seats: int) -> int:
    """The entry limit for ``n_seats`` seats: the compiled core's tables have a power-of-two
    number of slots, are at most half full, and the structure table's entries (the larger
    ones) take 2 n + 5 words."""
    slots = 1 << 30
    while slots * 8 * (2 * n_seats + 5) > 384 << 20:
        slots >>= 1
    return min(TT_LIMIT, slots // 2)


@dataclass(frozen=True)
class Prepared:
    """The internal tables of one position (see the module's docstring)."""

    n: int                        # seats in play
    hands: tuple[int, ...]        # per internal seat, internal card sets
    leader: int                   # internal seat
    trick: tuple[int, ...]        # internal cards of the trick in progress
    n_cards: int
    group_of: tuple[int, ...]     # per internal card: its internal group
    group_mask: tuple[int, ...]   # per internal group: both bits of every card of it
    trump: int                    # internal trump group or -1
    points: tuple[int, ...]       # per internal card
    second_beats: int             # low bit of each card whose later copy wins
    max_seats: int                # bit i: internal seat i maximises
    party: tuple[int, ...]        # per internal seat (partner exemption)
    rule: int
    flags: int
    duty: int
    bonus: int
    goal: int
    tt_limit: int
    cards: tuple[int, ...]        # internal card -> the position's card
    seats: tuple[int, ...]        # internal seat -> the position's seat


def prepare(p: Position, tt_limit: int | None = None) -> Prepared:
    """The internal tables of ``p`` (``tt_limit``: see :data:`TT_LIMIT`)."""
    order = p.cards
    present = 0
    for h in p.hands:
        present |= h | (h >> 1)
    for c in p.trick:
        present |= 1 << (2 * c)
    live = [c for c in range(32) if present >> (2 * c) & 1]
    groups = sorted({order.group[c] for c in live})
    gindex = {g: i for i, g in enumerate(groups)}
    live.sort(key=lambda c: (gindex[order.group[c]], order.power[c]))
    index = {c: i for i, c in enumerate(live)}
    group_mask = [0] * len(groups)
    for i, c in enumerate(live):
        group_mask[gindex[order.group[c]]] |= 3 << (2 * i)

    def convert(h: int) -> int:
        out = 0
        for c in live:
            k = (h >> (2 * c)) & 3
            if k:
                out |= k << (2 * index[c])
        return out

    seats = p.order
    partners = p.partners if p.partners is not None else tuple(int(m) for m in p.maximiser)
    return Prepared(
        n=len(seats),
        hands=tuple(convert(p.hands[s]) for s in seats),
        leader=seats.index(p.leader),
        trick=tuple(index[c] for c in p.trick),
        n_cards=len(live),
        group_of=tuple(gindex[order.group[c]] for c in live),
        group_mask=tuple(group_mask),
        trump=gindex.get(order.trump, -1) if order.trump >= 0 else -1,
        points=tuple(p.points[c] for c in live),
        second_beats=sum(1 << (2 * index[c]) for c in order.second_beats if c in index),
        max_seats=sum(1 << i for i, s in enumerate(seats) if p.maximiser[s]),
        party=tuple(partners[s] for s in seats),
        rule=int(p.follow.rule),
        flags=p.follow.flags(),
        duty=int(p.follow.trump_duty),
        bonus=p.last_trick_bonus,
        goal=int(p.goal),
        tt_limit=tt_limit if tt_limit is not None else table_limit(len(seats)),
        cards=tuple(live),
        seats=seats,
    )
