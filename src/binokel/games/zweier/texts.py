"""The texts of Zweierbinokel, German and English: the rules in brief (``binokel rules``)."""

from __future__ import annotations

HELP: dict[str, str] = {
    "en": """\
Zweierbinokel (seed 001): two players, 40 cards (48 with sevens). Each gets 12 cards in
threes; the next card is turned up under the stock: it fixes trump and is drawn last. The
non-dealer leads. While the stock lasts nobody must follow suit; the higher card of the led
suit or a trump wins, of equal cards the first. The trick winner draws first, then the other;
the last face-down card is shown to the opponent, who takes the turned-up card. After winning
a trick, before leading, the winner may meld one combination of the meld table (meld C C ...):
the cards lie face up and stay playable; a new meld needs at least one card from the hand and
a card serves once per class (suit, rank, Binokel). When the stock is empty the melds go back
to the hand and Farbzwang, Stichzwang and Trumpfzwang apply. Last trick +10. Each player
scores melds + tricks; play to the target (1000).
Our decisions (the seed is silent): a pair may grow into a family, a family into a double
family, fours into eights, a Binokel into a Doppelbinokel, scoring in full (upgrade_melds);
a card both in hand and on the table is played from the table; with sevens the trump seven
(Dix) scores 10 for the dealer when turned up and may be exchanged for the turned-up card
after a won trick, scoring 10 (dix, dix_exchange). Melding needs a won trick, so
meld_needs_trick is no option here.""",
    "de": """\
Zweierbinokel (Text 001): zwei Spieler, 40 Karten (48 mit Siebenern). Jeder erhält 12 Karten
zu je drei; die nächste Karte kommt aufgedeckt unter den Stoß: sie bestimmt Trumpf und wird
zuletzt gezogen. Der Gegner des Gebers spielt aus. Solange der Stoß reicht, muss man nicht
bedienen; es sticht die höhere Karte der ausgespielten Farbe oder ein Trumpf, bei gleichen
Karten die erste. Wer sticht, hebt zuerst ab, dann der andere; die letzte verdeckte Karte wird
dem Gegner gezeigt, der die aufgedeckte Karte bekommt. Nach einem Stich darf man vor dem
Ausspielen eine Meldung ansagen (meld C C ...): die Karten liegen offen und bleiben spielbar;
eine neue Meldung braucht mindestens eine Karte aus der Hand, eine Karte dient je Klasse
(Farbe, Rang, Binokel) einmal. Ist der Stoß leer, nimmt man die Meldungen auf; dann gilt
Farb-, Stich- und Trumpfzwang. Letzter Stich +10. Jeder schreibt Meldung + Stiche; bis 1000.
Unsere Entscheidungen (der Text schweigt): ein Paar darf zur Familie, eine Familie zur
doppelten, ein Vierer zum Achter, ein Binokel zum Doppelbinokel ergänzt werden und zählt voll
(upgrade_melds); liegt eine Karte in der Hand und auf dem Tisch, wird die vom Tisch gespielt;
mit Siebenern zählt die Trumpf-Sieben (Dix) 10 für den Geber, wenn sie aufgedeckt wird, und
darf nach einem Stich gegen die aufgedeckte Karte getauscht werden, für 10 (dix,
dix_exchange).""",
}
