"""Every text of Doppelkopf, German and English, in one place.

- :data:`HELP`: the rules in brief (``binokel rules``);
- :data:`TEXTS`: the words of the table (:mod:`.present`): roles, contracts, status, seat
  lines, buttons and hints, panels, the log and the explained result;
- :data:`RESULT_NOTES`: the notes a result carries in records (English, as records store
  them; the table explains the same in its own words).
"""

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

TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "title": "Doppelkopf",
        # roles and parties
        "dealer": "Geber", "vorhand": "Vorhand", "soloist": "Solist", "hochzeit": "Hochzeit",
        "partner": "Partner", "armut": "Armut", "out": "setzt aus", "re": "Re",
        "kontra": "Kontra",
        # contracts
        "normal": "Normalspiel", "solo damen": "Damensolo", "solo buben": "Bubensolo",
        "solo fleischlos": "Fleischloser", "solo E": "Kreuz-Solo", "solo B": "Pik-Solo",
        "solo H": "Herz-Solo", "solo S": "Karo-Solo",
        "solo_of": "{what} von {name}", "pflicht_of": "{what} von {name} (Pflichtsolo)",
        "hochzeit_of": "Hochzeit von {name}", "armut_of": "Armut von {name}",
        "stille_of": "stille Hochzeit von {name} (Karo-Solo)",
        "thrown_in": "eingeworfen: niemand nimmt die Armut",
        "stille_mine": "für dich eine stille Hochzeit (Karo-Solo)",
        "unclarified": "Partner: erster fremder Stich (bis Stich 3)",
        "clarified": "Partner {name} (Stich {n})",
        "no_partner": "ohne Partner: Karo-Solo",
        "armut_partner": "Partner {name}",
        "schweine": "Schweinchen: {name}",
        # status
        "dealer_is": "Geber {name}", "asking": "Vorbehaltsabfrage",
        "reservations": "Vorbehalt: {names}", "to_move": "{name} ist dran",
        "over": "Spiel vorbei", "announced": "{party}: {what}",
        # seat lines
        "gesund": "gesund", "vorbehalt": "Vorbehalt", "owes": "schuldet ein Pflichtsolo",
        "said": "Ansagen: {what}", "points": "{n} Augen · {k} Stiche",
        "points_1": "{n} Augen · 1 Stich",
        "has_schweine": "Schweinchen",
        # announcements
        "ann_re": "Re", "ann_kontra": "Kontra", "ann_keine 90": "keine 90",
        "ann_keine 60": "keine 60", "ann_keine 30": "keine 30", "ann_schwarz": "schwarz",
        # buttons and hints
        "btn_gesund": "Gesund", "btn_vorbehalt": "Vorbehalt", "btn_hochzeit": "Hochzeit",
        "btn_armut": "Armut", "btn_pflicht": "{what} (Pflicht)",
        "btn_re": "Re", "btn_kontra": "Kontra", "btn_keine 90": "Keine 90",
        "btn_keine 60": "Keine 60", "btn_keine 30": "Keine 30", "btn_schwarz": "Schwarz",
        "btn_accept": "Armut nehmen", "btn_decline": "Nicht nehmen",
        "give": "Abgeben", "give_all": "Gib deine drei Trümpfe ab: {cards}.",
        "give_some": "Wähle 3 Karten zum Abgeben: alle deine Trümpfe ({cards}) und {k} "
                     "weitere.",
        "give_none": "Wähle 3 Karten zum Abgeben (du hast keinen Trumpf).",
        "give_btn": "Abgeben: {cards}",
        "return": "Zurückgeben", "return_hint": "Wähle 3 Karten, die du zurückgibst.",
        "play_hint": "Spiele eine Karte; bedienen, wenn du kannst.",
        # panels
        "armut_given": "Armut von {name}", "armut_back": "Zurück an {name}",
        "armut_hidden": "3 Karten, verdeckt",
        "armut_hidden_back": "3 Karten, verdeckt, davon {n} Trumpf",
        "armut_hidden_back_n": "3 Karten, verdeckt, davon {n} Trümpfe",
        "trumps": "Trümpfe",
        "trumps_none": "keine Trümpfe",
        "trick": "Stich {n}", "last_trick": "Letzter Stich",
        # log
        "log_gesund": "{name}: gesund", "log_vorbehalt": "{name}: Vorbehalt",
        "log_declare": "{name} meldet {what}",
        "log_start": "Gespielt wird: {what} · {name} kommt raus",
        "log_schweine": "{name} hat beide Füchse: Schweinchen, die höchsten Trümpfe",
        "log_give": "{name} gibt 3 Karten ab: {cards}",
        "log_give_hidden": "{name} gibt 3 Karten ab",
        "log_accept": "{name} nimmt die Armut", "log_decline": "{name} nimmt die Armut nicht",
        "log_return": "{name} gibt 3 Karten zurück: {cards}",
        "log_return_hidden": "{name} gibt 3 Karten zurück, davon {n} Trumpf",
        "log_return_hidden_n": "{name} gibt 3 Karten zurück, davon {n} Trümpfe",
        "log_announce": "{name} sagt {what}",
        "log_trick": "Stich {n}: {cards} → {name} ({points} Augen)",
        "log_clarified": "{name} macht den Klärungsstich und spielt mit {h}",
        "log_no_partner": "{h} macht die ersten drei Stiche selbst: Karo-Solo",
        # result
        "res_won": "{what}: {party} gewinnt mit {pts} Augen, {other} hat {opts}",
        "res_none": "{what}: keine Partei erreicht ihr Ziel ({p1} {a}, {p2} {b})",
        "res_party": "{party} ({names})",
        "goal": "Ziel {party}: {goal}", "goal_pts": "{n} Augen",
        "goal_below": "Gegner unter {n}", "goal_schwarz": "Gegner ohne Stich",
        "goal_or": "oder {n} Augen gegen die Absage", "goal_or_trick":
        "oder ein Stich gegen die Absage", "and": " und ",
        "note_stille": "Stille Hochzeit: {name} hatte beide Kreuz-Damen und spielt allein, "
                       "gewertet als Karo-Solo",
        "note_no_partner": "Hochzeit ohne Partner: {name} spielt ein Karo-Solo, gewertet als "
                           "Solo",
        "item": "{party} +{n}: {what}",
        "it_gewonnen": "Gewonnen", "it_angesagt": "{party} angesagt",
        "it_abgesagt": "{what} abgesagt ({party})",
        "it_gespielt": "{what} gespielt (Gegner unter {n})",
        "it_schwarz": "Schwarz gespielt (Gegner ohne Stich)",
        "it_gegen": "{n} Augen gegen {what} erreicht",
        "it_alten": "Gegen die Alten (gegen die Kreuz-Damen gewonnen)",
        "it_doko": "Doppelkopf (40 Augen oder mehr)",
        "it_fuchs": "Fuchs gefangen", "it_karlchen": "Karlchen macht den letzten Stich",
        "in_trick": "{what} in Stich {n}",
        "no_items": "Keine Punkte",
        "value": "Spielwert: Re {re} − Kontra {ko} = {v}",
        "solo_value": "Solo: {name} bekommt 3 × {v} = {x:+d}, die Gegenspieler je {y:+d}",
        "score": "{name} ({party}): {x:+d}", "score_out": "{name} (setzt aus): 0",
        "thrown_line": "Niemand nimmt die Armut: eingeworfen, 0 Punkte für alle",
    },
    "en": {
        "title": "Doppelkopf",
        "dealer": "dealer", "vorhand": "Vorhand", "soloist": "soloist",
        "hochzeit": "marriage (Hochzeit)", "partner": "partner", "armut": "poverty (Armut)",
        "out": "sits out", "re": "Re", "kontra": "Kontra",
        "normal": "normal game", "solo damen": "Queens solo", "solo buben": "Jacks solo",
        "solo fleischlos": "Fleischloser (Aces solo)", "solo E": "Clubs solo",
        "solo B": "Spades solo", "solo H": "Hearts solo", "solo S": "Diamonds solo",
        "solo_of": "{what} by {name}", "pflicht_of": "{what} by {name} (compulsory solo)",
        "hochzeit_of": "marriage (Hochzeit) of {name}", "armut_of": "poverty (Armut) of {name}",
        "stille_of": "silent marriage of {name} (Diamonds solo)",
        "thrown_in": "thrown in: nobody took the poverty",
        "stille_mine": "for you a silent marriage (Diamonds solo)",
        "unclarified": "partner: the first trick won by another player (up to trick 3)",
        "clarified": "partner {name} (trick {n})",
        "no_partner": "no partner: Diamonds solo",
        "armut_partner": "partner {name}",
        "schweine": "Schweinchen: {name}",
        "dealer_is": "dealer {name}", "asking": "asking for reservations",
        "reservations": "reservation: {names}", "to_move": "{name} to move",
        "over": "deal over", "announced": "{party}: {what}",
        "gesund": "healthy", "vorbehalt": "reservation",
        "owes": "owes a compulsory solo", "said": "announced: {what}",
        "points": "{n} points · {k} tricks", "points_1": "{n} points · 1 trick",
        "has_schweine": "Schweinchen",
        "ann_re": "Re", "ann_kontra": "Kontra", "ann_keine 90": "no 90",
        "ann_keine 60": "no 60", "ann_keine 30": "no 30", "ann_schwarz": "schwarz (no trick)",
        "btn_gesund": "Healthy", "btn_vorbehalt": "Reservation",
        "btn_hochzeit": "Marriage (Hochzeit)", "btn_armut": "Poverty (Armut)",
        "btn_pflicht": "{what} (compulsory)",
        "btn_re": "Re", "btn_kontra": "Kontra", "btn_keine 90": "No 90",
        "btn_keine 60": "No 60", "btn_keine 30": "No 30", "btn_schwarz": "Schwarz",
        "btn_accept": "Take the poverty", "btn_decline": "Decline",
        "give": "Pass", "give_all": "Pass your three trumps: {cards}.",
        "give_some": "Select 3 cards to pass: all your trumps ({cards}) and {k} more.",
        "give_none": "Select 3 cards to pass (you have no trump).",
        "give_btn": "Pass {cards}",
        "return": "Give back", "return_hint": "Select 3 cards to give back.",
        "play_hint": "Play a card; follow suit if you can.",
        "armut_given": "Poverty of {name}", "armut_back": "Back to {name}",
        "armut_hidden": "3 cards, face down",
        "armut_hidden_back": "3 cards, face down, {n} trump",
        "armut_hidden_back_n": "3 cards, face down, {n} trumps",
        "trumps": "Trumps", "trumps_none": "no trumps",
        "trick": "Trick {n}", "last_trick": "Last trick",
        "log_gesund": "{name}: healthy", "log_vorbehalt": "{name}: reservation",
        "log_declare": "{name} declares {what}",
        "log_start": "Game: {what} · {name} leads",
        "log_schweine": "{name} holds both foxes: Schweinchen, the highest trumps",
        "log_give": "{name} passes 3 cards: {cards}",
        "log_give_hidden": "{name} passes 3 cards",
        "log_accept": "{name} takes the poverty", "log_decline": "{name} declines the poverty",
        "log_return": "{name} gives 3 cards back: {cards}",
        "log_return_hidden": "{name} gives 3 cards back, {n} trump",
        "log_return_hidden_n": "{name} gives 3 cards back, {n} trumps",
        "log_announce": "{name} announces {what}",
        "log_trick": "Trick {n}: {cards} → {name} ({points} points)",
        "log_clarified": "{name} wins the clarifying trick and partners {h}",
        "log_no_partner": "{h} wins the first three tricks alone: Diamonds solo",
        "res_won": "{what}: {party} wins with {pts} points, {other} has {opts}",
        "res_none": "{what}: neither party reached its goal ({p1} {a}, {p2} {b})",
        "res_party": "{party} ({names})",
        "goal": "goal of {party}: {goal}", "goal_pts": "{n} points",
        "goal_below": "opponents under {n}", "goal_schwarz": "opponents take no trick",
        "goal_or": "or {n} points against the announcement",
        "goal_or_trick": "or a trick against the announcement", "and": " and ",
        "note_stille": "Silent marriage: {name} held both Queens of Clubs and plays alone, "
                       "scored as a Diamonds solo",
        "note_no_partner": "Marriage without a partner: {name} plays a Diamonds solo, scored "
                           "as a solo",
        "item": "{party} +{n}: {what}",
        "it_gewonnen": "won", "it_angesagt": "{party} announced",
        "it_abgesagt": "{what} announced by {party}",
        "it_gespielt": "{what} played (opponents under {n})",
        "it_schwarz": "schwarz played (opponents took no trick)",
        "it_gegen": "{n} points against {what}",
        "it_alten": "won against the Queens of Clubs (gegen die Alten)",
        "it_doko": "Doppelkopf (40 points or more)",
        "it_fuchs": "fox caught (Fuchs)",
        "it_karlchen": "Karlchen (Jack of Diamonds) takes the last trick",
        "in_trick": "{what} in trick {n}",
        "no_items": "no points",
        "value": "game value: Re {re} − Kontra {ko} = {v}",
        "solo_value": "solo: {name} scores 3 × {v} = {x:+d}, each opponent {y:+d}",
        "score": "{name} ({party}): {x:+d}", "score_out": "{name} (sits out): 0",
        "thrown_line": "Nobody took the poverty: thrown in, 0 points for everyone",
    },
}

RESULT_NOTES: dict[str, str] = {
    "thrown_in": "nobody took the Armut: thrown in",
    "no_partner": "Hochzeit: no partner in the first three tricks, played as a Karo-Solo",
    "stille": "both Kreuz-Damen, no Hochzeit announced: a Karo-Solo",
}
