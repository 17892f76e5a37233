"""The JSON view of a live table: the messages its connections and the HTTP API are sent.

One part of :class:`binokel.web.tables.LiveTable` (one concern each, as lila's ``round``
module: the table holds the state, this part only reads it). It builds the table's info
(lobby, join answers), each seat's state message (from that seat's ``view`` only; a
spectator's from ``public_view``), the score sheet and the winners, and caches the messages
of one version of the table: every connection of the same seat, language and card style
shares one message, built once per change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any

from ..present import present

if TYPE_CHECKING:
    from .tables import LiveTable

MessageKey = tuple[int | None, str, str]   # (seat or None for a spectator, lang, cards)


class JsonView:
    """The messages of ``table``, built from its current state (and cached per version)."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self._cache: dict[MessageKey, dict[str, Any]] = {}
        self._cache_version = -1

    def info(self) -> dict[str, Any]:
        """What anybody may know of the table before he joins: game, rules, settings, seats
        (and the seed when one was chosen: every deal follows from it)."""
        t = self.table
        present_seats = t.seats.present_seats
        info: dict[str, Any] = {
            "id": t.id, "game": t.game, "title": list(t.spec.title),
            "deck": t.spec.deck,
            "players": t.players, "rules": t.rules_data, "status": t.status,
            "settings": t.settings,
            "seats": [{"seat": s, "nickname": t.seats.nicknames.get(s), "bot": t.bots[s],
                       "taken": bool(t.bots[s]) or s in t.seats.token_hashes,
                       "away": s in t.seats.away,
                       "returning": s in t.seats.returning,
                       # left by its person or handed on: anybody may take it over
                       "left": s in t.seats.left,
                       "stand_in": t.round is not None and not t.bots[s]
                       and s not in present_seats}
                      for s in range(t.players)],
        }
        if t.seed is not None:
            info["seed"] = t.seed   # every deal follows from it: everybody sees it
        return info

    def message_for(self, seat: int | None, lang: str = "de",
                    cards: str = "token") -> dict[str, Any]:
        """The state message for one seat (None: a spectator), built from its view only."""
        t = self.table
        if self._cache_version != t.version:
            self._cache.clear()
            self._cache_version = t.version
        if seat is None and t.sealed is not None:
            # The seal lifts when the round is settled, which is no change of this table.
            return self._build(seat, lang, cards)
        key = (seat, lang, cards)
        msg = self._cache.get(key)
        if msg is None:
            msg = self._cache[key] = self._build(seat, lang, cards)
        return msg

    def _build(self, seat: int | None, lang: str, cards: str) -> dict[str, Any]:
        t = self.table
        names = t.seats.names()
        msg: dict[str, Any] = {"type": "state", "info": self.info(), "you": seat,
                               "lang": lang, "cards": cards, "names": names,
                               "status": t.status, "table": None}
        if t.round is None or (seat is None and t.sealed is not None and t.sealed()):
            return msg   # (a spectator of a duplicate table would see the round's deals)
        st = t.round.current
        view = st.public_view() if seat is None else st.view(seat)
        msg["table"] = present(view, lang, names, cards, t.seats.levels()).to_json()
        msg["deal"] = t.deal_number
        msg["moves"] = len(st.history)   # public: how many actions the deal has had
        msg["sheet"] = self.sheet()
        msg["winner"] = t.round.winner
        msg["winners"] = self.winners()
        msg["ready"] = sorted(t.ready)
        msg["restart"] = sorted(t.restart)   # asking for a new series
        msg["new_series"] = t.deck_orders is None   # a duplicate round's are fixed
        msg["series"] = t.series_number
        # A duplicate table ends with its round's last deal: no next deal, no rematch.
        msg["more"] = t.deck_orders is None or t.deal_number < len(t.deck_orders)
        return msg

    def winners(self) -> list[int]:
        """The round's winner with his partners (Kreuzbinokel), empty while it runs."""
        t = self.table
        if t.round is None or t.round.winner is None:
            return []
        w = t.round.winner
        return list(next((p for p in t.spec.teams if w in p), (w,)))

    def sheet(self) -> dict[str, Any]:
        """The score sheet of the series: a column per seat, a line per finished deal."""
        t = self.table
        assert t.round is not None
        rnd = t.round
        end = t.rules.series_end_for(t.players)
        target, deals = end.target, end.deals or None
        return {
            "parties": [list(p) for p in t.spec.teams],
            "lines": [{"deal": ln.deal, "dealer": ln.dealer, "scores": list(ln.scores),
                       "totals": list(ln.totals), "declarer": ln.declarer,
                       "contract": ln.contract, "bid": ln.bid, "made": ln.made,
                       "separate": ln.separate, "number": t.first_deal + ln.deal - 1}
                      for ln in rnd.sheet],
            "totals": list(rnd.totals),
            "durch_totals": list(rnd.separate_totals) if any(rnd.separate_totals) else None,
            "target": target if not deals else None,
            "deals": deals,
        }
