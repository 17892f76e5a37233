"""The texts of Doppelkopf, German and English: the rules in brief (``binokel rules``)."""

from __future__ import annotations

HELP: dict[str, str] = {
    "en": """\
Doppelkopf (seed 002, RULES §8): 48 cards (A 10 K O U 9 twice), four players, 12 cards each
dealt four times three; with five the dealer sits out. The holders of the Kreuz-Damen (EO)
are Re, the others Kontra; nobody knows at first who is with whom.

Trumps, high to low: H10 (Dulle), the Damen, the Buben, then Karo A 10 K 9. Plain suits:
A 10 K 9. Follow the led suit (trump counts as one suit) if you can, otherwise play anything.
Of two equal cards the first played wins.

Vorbehalte: everyone says gesund or Vorbehalt; a solo (Damen, Buben, Farbsolo, Fleischlos)
beats a Hochzeit, among soli the earlier seat. Hochzeit: the holder of both Kreuz-Damen plays
with the first other player to win one of the first three tricks; nobody does: a Karo-Solo.

Ansagen Re / Kontra and Absagen keine 90 / 60 / 30 / schwarz until the seed's card-count
deadlines (later by the Hochzeit's clarification trick). Re wins with 121 (120 if only Kontra
was announced). Scoring: a-e (won, keine 90/60/30, schwarz, announcements), special points
(gegen die Alten, Doppelkopf, Fuchs gefangen, Karlchen) except in a solo; the soloist scores
three times. House rules (options, all off): second Dulle beats the first, Armut, Schweinchen,
Pflichtsolo per series, without nines. A series is a fixed number of deals (24); Pflichtsoli,
after which the same dealer deals again, come on top. Vorhand leads every game (our reading
for soli; the seed says so for the normal game).""",
    "de": """\
Doppelkopf (Text 002, RULES §8): 48 Karten (A 10 K D B 9 je zweimal), vier Spieler, je 12
Karten, viermal drei ausgeteilt; zu fünft setzt der Geber aus. Wer eine Kreuz-Dame (EO) hat,
ist Re, die anderen Kontra; anfangs weiß keiner, wer zu wem gehört.

Trümpfe von oben: H10 (Dulle), die Damen, die Buben, dann Karo A 10 K 9. Fehlfarben:
A 10 K 9. Bedienen (Trumpf gilt als eine Farbe), sonst beliebig. Von zwei gleichen Karten
sticht die zuerst gespielte.

Vorbehalte: jeder sagt gesund oder Vorbehalt; ein Solo (Damen, Buben, Farbsolo, Fleischlos)
geht vor der Hochzeit, unter Soli der frühere Platz. Hochzeit: wer beide Kreuz-Damen hat,
spielt mit dem ersten anderen, der einen der ersten drei Stiche macht; sonst Karo-Solo.

Ansagen Re / Kontra und Absagen keine 90 / 60 / 30 / schwarz bis zu den Kartenzahlen des
Textes (nach einer Hochzeit um den Klärungsstich später). Re gewinnt mit 121 (120, wenn nur
Kontra angesagt wurde). Wertung: a-e (gewonnen, keine 90/60/30, schwarz, Ansagen),
Sonderpunkte (gegen die Alten, Doppelkopf, Fuchs gefangen, Karlchen) außer im Solo; der
Solist schreibt dreifach. Hausregeln (Optionen, alle aus): zweite Dulle sticht die erste,
Armut, Schweinchen, Pflichtsolo je Serie, ohne Neunen. Eine Serie hat feste 24 Spiele;
Pflichtsoli, nach denen derselbe Geber noch einmal gibt, kommen dazu. Vorhand spielt in jedem
Spiel aus (bei Soli unsere Lesart; der Text sagt es fürs Normalspiel).""",
}
