"""The texts of Binokel and Kreuzbinokel, German and English: the rules in brief
(``binokel rules``) and the words of the table (the presenter)."""

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

# The words of the table: the presenter's labels, log lines and result lines.
TABLE_TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "binokel": "Binokel", "binokel4": "Binokel zu viert", "kreuzbinokel": "Kreuzbinokel",
        "dealer": "Geber", "vorhand": "Vorhand", "declarer": "Spielmacher", "out": "setzt aus",
        "to_move": "{name} ist dran", "over": "Spiel vorbei", "dealer_is": "Geber {name}",
        "declarer_is": "Spielmacher {name} ({bid})", "trump_is": "Trumpf {suit}",
        "bid": "Reizen {n}", "bid_line": "{name} reizt {n}", "pass": "Weg", "pass_line":
        "{name} ist weg", "last_bid": "Gebot: {n}", "passed": "weg",
        "discard": "Drücken", "discard_hint": "Wähle {k} Karten zum Drücken.",
        "discard_line": "{name} drückt {cards}", "trump": "Trumpf {suit}",
        "trump_line": "{name} sagt Trumpf {suit} an", "abgehen": "Abgehen, Trumpf {suit}",
        "abgehen_line": "{name} geht ab, Trumpf {suit}", "durch": "Durch",
        "durch open": "Durch offen", "untendurch": "Untendurch",
        "durch_line": "{name} spielt Durch", "durch open_line": "{name} spielt Durch offen",
        "untendurch_line": "{name} spielt Untendurch", "call": "Rufen {card}",
        "call none": "Nicht rufen", "call_line": "{name} ruft {card}",
        "call none_line": "{name} ruft nicht", "give_line": "{name} gibt {card}",
        "give_hint": "Wähle die Karte, die du zurückgibst.", "play_hint": "Spiele eine Karte.",
        "dapp": "Dapp", "your_discard": "Gedrückt", "open_hand": "Offene Karten von {name}",
        "trick": "Stich {n}", "last_trick": "Letzter Stich",
        "trick_line": "Stich {n}: {cards} → {name} ({points})",
        "melds_line": "{name} meldet {melds} = {total}", "points": "Stichpunkte {n}",
        "team": "Partei {a} + {b}", "tricks": "Stiche {n}",
        "result": "Ergebnis: {what}", "thrown_in": "alle weg, neu geben",
        "normal": "Normalspiel", "made": "gewonnen", "lost": "verloren",
        "decl_total": "{name}: Meldung {melds} + Stichpunkte {tricks} = {total} von {bid} "
                      "({outcome})",
        "score_line": "{name}: Meldung {melds}, Stichpunkte {tricks} → {score:+d}",
        "durch_result": "{what} {outcome}",
        "meld_void": "{name} hat keinen Stich gemacht: Meldung {n} zählt nicht",
        "lost_by": "Verloren: Gebot {bid}, abgeschrieben {n}",
        "abgehen_by": "Abgegangen: Gebot {bid} abgeschrieben, die anderen schreiben ihre "
                      "Meldung und den Bonus",
    },
    "en": {
        "binokel": "Binokel", "binokel4": "Binokel for four", "kreuzbinokel": "Kreuzbinokel",
        "dealer": "dealer", "vorhand": "Vorhand", "declarer": "declarer",
        "out": "sits out", "to_move": "{name} to move", "over": "deal over",
        "dealer_is": "dealer {name}", "declarer_is": "declarer {name} ({bid})",
        "trump_is": "trump {suit}", "bid": "Bid {n}", "bid_line": "{name} bids {n}",
        "pass": "Pass", "pass_line": "{name} passes", "last_bid": "bid: {n}",
        "passed": "passed", "discard": "Push", "discard_hint": "Select {k} cards to push.",
        "discard_line": "{name} pushes {cards}", "trump": "Trump {suit}",
        "trump_line": "{name} names trump {suit}", "abgehen": "Go out, trump {suit}",
        "abgehen_line": "{name} goes out (abgehen), trump {suit}", "durch": "Durch",
        "durch open": "Open Durch", "untendurch": "Untendurch",
        "durch_line": "{name} plays Durch", "durch open_line": "{name} plays an open Durch",
        "untendurch_line": "{name} plays Untendurch", "call": "Call {card}",
        "call none": "No call", "call_line": "{name} calls {card}",
        "call none_line": "{name} calls nothing", "give_line": "{name} gives {card}",
        "give_hint": "Choose the card you give back.", "play_hint": "Play a card.",
        "dapp": "Dapp", "your_discard": "Pushed", "open_hand": "{name}'s open hand",
        "trick": "Trick {n}", "last_trick": "Last trick",
        "trick_line": "Trick {n}: {cards} → {name} ({points})",
        "melds_line": "{name} melds {melds} = {total}", "points": "trick points {n}",
        "team": "team {a} + {b}", "tricks": "tricks {n}",
        "result": "Result: {what}", "thrown_in": "all passed, deal again",
        "normal": "normal game", "made": "made", "lost": "lost",
        "decl_total": "{name}: melds {melds} + trick points {tricks} = {total} of {bid} "
                      "({outcome})",
        "score_line": "{name}: melds {melds}, trick points {tricks} → {score:+d}",
        "durch_result": "{what} {outcome}",
        "meld_void": "{name} took no trick: melds {n} do not count",
        "lost_by": "Lost: bid {bid}, {n} written off",
        "abgehen_by": "Gone out: the bid {bid} is written off, the others score their melds "
                      "and the bonus",
    },
}
