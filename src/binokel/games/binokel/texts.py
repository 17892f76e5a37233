"""The texts of Binokel and Kreuzbinokel, German and English: the rules in brief
(``binokel rules``)."""

from __future__ import annotations

HELP: dict[str, str] = {
    "en": """\
Binokel for three (RULES §2-§6). 40 cards (A 10 K O U, twice each; 48 with sevens), 12 each
and 4 in the Dapp, dealt 4-2-4-2-4. With four at the table the dealer sits out and the
other three play; the score sheet has four columns.

Bidding (Reizen): Vorhand and Hinterhand bid against each other from 150 in steps of 10 until
one passes ("weg"); the survivor then bids against the dealer, who speaks first. The last one
left is the declarer (Spielmacher): the Dapp is shown to all and taken up.

The declarer may go out at once (abgehen, naming trump: he loses the bid, the others score
their melds plus a bonus), or pushes 4 cards (drücken, they count for him) and announces a
trump suit, Durch (all tricks, no trump), Untendurch (no trick) or still abgehen.

Melds (shown, then taken back): pair K+O 20 (trump 40), family A 10 K O U 100 (trump 150),
four Unter/Ober/Könige/Asse 40/60/80/100, all eight 1000, Binokel SU+BO 40, Doppelbinokel 300.
A card serves once per class (suit, rank, Binokel), again across classes.

Play: follow suit and beat the trick if you can (Farbzwang, Stichzwang); void: trump and
over-trump if you can (Trumpfzwang). Last trick +10. The declarer must reach his bid with
melds + trick points, else he loses the bid (twice in the standard preset).
A round ends when someone reaches the target (1000).""",
    "de": """\
Binokel zu dritt (RULES §2-§6). 40 Karten (A 10 K O U je zweimal; mit Siebenern 48), jeder 12,
4 in den Dapp, ausgeteilt 4-2-4-2-4. Zu viert setzt der Geber aus, die anderen drei spielen;
der Schreibzettel hat vier Spalten.

Reizen: Vorhand und Hinterhand reizen ab 150 in Zehnerschritten gegeneinander, bis einer
»weg« sagt; der Übrige reizt dann gegen den Geber, der zuerst spricht. Wer übrig bleibt, ist
Spielmacher: der Dapp wird aufgedeckt und aufgenommen.

Der Spielmacher kann sofort abgehen (mit Trumpfansage: er verliert das Gebot, die anderen
schreiben ihre Meldung plus einen Bonus) oder drückt 4 Karten (sie zählen für ihn) und sagt
Trumpf, Durch (alle Stiche, kein Trumpf), Untendurch (kein Stich) oder doch Abgehen an.

Meldungen (gezeigt, dann wieder aufgenommen): Paar K+O 20 (Trumpf 40), Familie A 10 K O U 100
(Trumpf 150), vier Unter/Ober/Könige/Asse 40/60/80/100, alle acht 1000, Binokel SU+BO 40,
Doppelbinokel 300. Eine Karte zählt je Klasse (Farbe, Rang, Binokel) nur einmal.

Spiel: Farbe bedienen und überstechen, wenn möglich (Farbzwang, Stichzwang); frei: trumpfen
und übertrumpfen, wenn möglich (Trumpfzwang). Letzter Stich +10. Der Spielmacher muss sein
Gebot mit Meldung + Stichpunkten erreichen, sonst verliert er es (im Standard doppelt).
Eine Runde endet, wenn jemand das Ziel (1000) erreicht.""",
}

KREUZ_HELP: dict[str, str] = {
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
