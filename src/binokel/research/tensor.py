"""One seat's view as a fixed-size tensor, shared by the OpenSpiel observer and the
PettingZoo observations (numpy, from the extra ``research``).

The layout (``n`` seats, 32 card slots by card number ``suit * 8 + rank``, ``w`` the game's
card-free actions of :class:`~binokel.research.actions.ActionCodec`):

| part | shape | what |
| --- | --- | --- |
| ``hand`` | 32 | copies of each card in the seat's hand |
| ``played`` | n x 32 | the cards each seat has played |
| ``trick`` | n x 32 | the cards of the trick on the table, by who played them |
| ``seat`` | n | which seat this is |
| ``to_move`` | n | whose turn it is |
| ``declared`` | n x w | each seat's card-free actions so far (bids, trump, reservations, ...) |
| ``named`` | n x 32 | the copies of a card a seat has shown at once in other actions (melds) |
| ``dealing`` | 1 | the share of the deck dealt (OpenSpiel's chance nodes; else 0) |

It is built from the view alone, so it can hold no card the seat may not know; what the view
masks (an opponent's discard) does not parse as an action and is left out.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.cards import cards_of
from ..core.errors import IllegalAction
from .actions import ActionCodec
from .actions import UnknownAction

CARD_SLOTS = 32  # card numbers are suit * 8 + rank slot < 32


class ViewEncoder:
    """Writes views of one game (codec and player count) into one reusable tensor."""

    def __init__(self, codec: ActionCodec, players: int) -> None:
        self.codec = codec
        self.words = list(codec.card_free_ids)
        self.word_index = {a: i for i, a in enumerate(self.words)}
        n = players
        shapes = [("hand", (CARD_SLOTS,)), ("played", (n, CARD_SLOTS)),
                  ("trick", (n, CARD_SLOTS)), ("seat", (n,)), ("to_move", (n,)),
                  ("declared", (n, len(self.words))), ("named", (n, CARD_SLOTS)),
                  ("dealing", (1,))]
        self.size = sum(int(np.prod(s)) for _, s in shapes)
        self.tensor = np.zeros(self.size, np.float32)
        self.dict: dict[str, Any] = {}
        pos = 0
        for name, shape in shapes:
            k = int(np.prod(shape))
            self.dict[name] = self.tensor[pos:pos + k].reshape(shape)
            pos += k

    def clear(self, seat: int) -> None:
        """Only the seat marked (before the deal)."""
        self.tensor.fill(0.0)
        self.dict["seat"][seat] = 1.0

    def encode(self, view: Any) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The tensor of ``view`` (the encoder's own array, overwritten by the next call)."""
        self.clear(int(view.player))
        d = self.dict
        for c in view.hand:
            d["hand"][c] += 1.0
        if view.to_move >= 0:
            d["to_move"][view.to_move] = 1.0
        codec = self.codec
        plays: list[tuple[int, int]] = []
        for seat, action in view.history:
            if seat < 0:
                continue
            try:
                verb, arg = codec.key(action)
                action_id = codec.encode(action)
            except (UnknownAction, IllegalAction):
                continue  # masked: the seat may not know it
            if verb == "play" and isinstance(arg, int):
                card = cards_of(arg)[0]
                d["played"][seat, card] += 1.0
                plays.append((seat, card))
            elif action_id in self.word_index:
                d["declared"][seat, self.word_index[action_id]] = 1.0
            elif isinstance(arg, int):
                # Zweierbinokel melds a card again in later melds: a count of mentions
                # would pass 2 (the space's bound), the copies shown at once do not.
                shown = cards_of(arg)
                named = d["named"][seat]
                for c in set(shown):
                    named[c] = max(named[c], float(shown.count(c)))
        for seat, card in plays[len(plays) - len(view.trick):] if view.trick else []:
            d["trick"][seat, card] += 1.0
        return self.tensor


__all__ = ["CARD_SLOTS", "ViewEncoder"]
