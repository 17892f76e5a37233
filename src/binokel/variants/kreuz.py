"""Kreuzbinokel: four players, the partners opposite (seats 0+2 against 1+3), RULES §7.

The deal runs on the Binokel engine (:class:`binokel.game.DealState` with
``game="kreuzbinokel"``): what differs is data, not code paths. The seating gives each seat a
party, and bidding, Durch/Untendurch, ``meld_needs_trick``, rounding and scoring are decided per
party. 40 cards: 9 each and 4 in the Dapp (dealt 3-2-3-2-3); with ``sevens`` 48 cards, 11 each
(4-2-4-2-3).

>>> from binokel.rules import Rules
>>> state = new_deal(Rules(), dealer=3, seed=1)
>>> [len(state.view(s).hand) for s in range(4)], state.view(0).parties
([9, 9, 9, 9], ((0, 2), (1, 3)))
>>> state.apply("bid 150"); state.apply("pass")   # seat 1 passes: his partner, seat 3, goes on
>>> state.to_move
3
"""

from __future__ import annotations

import random

from ..cards import Card
from ..game import KREUZBINOKEL, DealState, full_deck
from ..games import GameSpec, register
from ..rules import OPTIONS, PRESET_TEXT, Rules


def new_deal(rules: Rules, dealer: int = 0, seed: int | None = None,
             deck_order: list[Card] | None = None, players: int = 4,
             rng: random.Random | None = None) -> DealState:
    """A Kreuzbinokel deal (``players`` must be 4)."""
    return DealState.new(rules, dealer, seed=seed, deck_order=deck_order, players=players,
                         rng=rng, game=KREUZBINOKEL)


HELP = {
    "en": """\
Kreuzbinokel (RULES §7): four players, partners sit opposite, seats 0+2 against 1+3.
40 cards: 9 each and 4 in the Dapp, dealt 3-2-3-2-3 (with sevens: 48 cards, 11 each, 4-2-4-2-3).

Bidding as in Binokel for three, pairwise around the table: Vorhand opens against the next
seat; when one passes, his partner carries on against the survivor (our reading of seed 000:
"Beim Kreuzbinokel wird mit dem Spielpartner weiter gereizt"). The newcomer speaks first.
When both partners of a team have passed, the last bidder of the other team is the declarer.

The declarer takes the Dapp, pushes 4 cards and names trump, Durch, Untendurch or abgehen,
exactly as in Binokel for three. The team plays together: partners add their melds and their
tricks, and the team must make the bid. In Durch the partner's tricks count as the declarer's
(the other team must take none); in Untendurch neither partner may take a trick.
meld_needs_trick is per team: one trick by either partner keeps both partners' melds.
Rounding (option rounding) applies to a team's trick points.

Scores are per team; on the sheet both partners carry the team's score. The partner
exemption (option partner_exemption, off): while your partner wins the trick you need not
beat or trump, only follow suit.""",
    "de": """\
Kreuzbinokel (RULES §7): vier Spieler, die Partner sitzen sich gegenüber, Plätze 0+2 gegen
1+3. 40 Karten: jeder 9, 4 in den Dapp, ausgeteilt 3-2-3-2-3 (mit Siebenern: 48 Karten, je 11,
4-2-4-2-3).

Reizen wie beim Binokel zu dritt, paarweise reihum: Vorhand reizt gegen den nächsten Platz;
sagt einer »weg«, reizt sein Partner gegen den Übrigen weiter (unsere Lesart von Text 000:
»Beim Kreuzbinokel wird mit dem Spielpartner weiter gereizt«). Der Neue spricht zuerst.
Sind beide Partner einer Partei weg, ist der letzte Bieter der anderen Partei Spielmacher.

Der Spielmacher nimmt den Dapp, drückt 4 Karten und sagt Trumpf, Durch, Untendurch oder
Abgehen an wie beim Binokel zu dritt. Die Partei spielt zusammen: Meldungen und Stiche beider
Partner zählen zusammen, die Partei muss das Gebot erreichen. Beim Durch zählen die Stiche des
Partners für den Spielmacher (die Gegenpartei darf keinen machen), beim Untendurch darf keiner
der beiden einen Stich machen. »Meldung nur mit Stich« gilt je Partei. Gerundet werden die
Stichpunkte einer Partei.

Geschrieben wird je Partei; auf dem Zettel steht bei beiden Partnern der Wert der Partei.
Partnerfreiheit (Option partner_exemption, aus): liegt der Partner vorn, muss man nur Farbe
bedienen, nicht überstechen oder trumpfen.""",
}

register(GameSpec(
    name=KREUZBINOKEL, players=(4,), default_players=4,
    make_rules=Rules.from_dict,
    new_deal=lambda rules, dealer, seed=None, deck_order=None, players=4: new_deal(
        rules, dealer, seed=seed, deck_order=deck_order, players=players),
    full_deck=lambda rules, players: full_deck(rules),
    title=("Kreuzbinokel (zu viert, über Kreuz)", "Kreuzbinokel (four, partners opposite)"),
    options=OPTIONS, presets=PRESET_TEXT, help=HELP, teams=((0, 2), (1, 3)),
))
