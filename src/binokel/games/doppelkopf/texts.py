"""Every text of Doppelkopf, German and English, in one place.

- :data:`HELP`: the rules in brief (``binokel rules``);
- :data:`TABLE_TEXTS`: the words of the table (:mod:`.present`): roles, contracts, status, seat
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

# Every text of the table, German and English side by side: key -> (German, English).
_TABLE: dict[str, tuple[str, str]] = {
    "title": ("Doppelkopf", "Doppelkopf"),
    # roles and parties
    "dealer": ("Geber", "dealer"),
    "vorhand": ("Vorhand", "Vorhand"),
    "soloist": ("Solist", "soloist"),
    "hochzeit": ("Hochzeit", "marriage (Hochzeit)"),
    "partner": ("Partner", "partner"),
    "armut": ("Armut", "poverty (Armut)"),
    "out": ("setzt aus", "sits out"),
    "re": ("Re", "Re"),
    "kontra": ("Kontra", "Kontra"),
    # contracts
    "normal": ("Normalspiel", "normal game"),
    "solo damen": ("Damensolo", "Queens solo"),
    "solo buben": ("Bubensolo", "Jacks solo"),
    "solo fleischlos": ("Fleischloser", "Fleischloser (Aces solo)"),
    "solo E": ("Kreuz-Solo", "Clubs solo"),
    "solo B": ("Pik-Solo", "Spades solo"),
    "solo H": ("Herz-Solo", "Hearts solo"),
    "solo S": ("Karo-Solo", "Diamonds solo"),
    "solo_of": ("{what} von {name}", "{what} by {name}"),
    "pflicht_of": ("{what} von {name} (Pflichtsolo)", "{what} by {name} (compulsory solo)"),
    "hochzeit_of": ("Hochzeit von {name}", "marriage (Hochzeit) of {name}"),
    "armut_of": ("Armut von {name}", "poverty (Armut) of {name}"),
    "stille_of": ("stille Hochzeit von {name} (Karo-Solo)",
                  "silent marriage of {name} (Diamonds solo)"),
    "thrown_in": ("eingeworfen: niemand nimmt die Armut", "thrown in: nobody took the poverty"),
    "stille_mine": ("für dich eine stille Hochzeit (Karo-Solo)",
                    "for you a silent marriage (Diamonds solo)"),
    "unclarified": ("Partner: erster fremder Stich (bis Stich 3)",
                    "partner: the first trick won by another player (up to trick 3)"),
    "clarified": ("Partner {name} (Stich {n})", "partner {name} (trick {n})"),
    "no_partner": ("ohne Partner: Karo-Solo", "no partner: Diamonds solo"),
    "armut_partner": ("Partner {name}", "partner {name}"),
    "schweine": ("Schweinchen: {name}", "Schweinchen: {name}"),
    # status
    "dealer_is": ("Geber {name}", "dealer {name}"),
    "asking": ("Vorbehaltsabfrage", "asking for reservations"),
    "reservations": ("Vorbehalt: {names}", "reservation: {names}"),
    "to_move": ("{name} ist dran", "{name} to move"),
    "over": ("Spiel vorbei", "deal over"),
    "announced": ("{party}: {what}", "{party}: {what}"),
    # seat lines
    "gesund": ("gesund", "healthy"),
    "vorbehalt": ("Vorbehalt", "reservation"),
    "owes": ("schuldet ein Pflichtsolo", "owes a compulsory solo"),
    "said": ("Ansagen: {what}", "announced: {what}"),
    "points": ("{n} Augen · {k} Stiche", "{n} points · {k} tricks"),
    "points_1": ("{n} Augen · 1 Stich", "{n} points · 1 trick"),
    "has_schweine": ("Schweinchen", "Schweinchen"),
    # announcements
    "ann_re": ("Re", "Re"),
    "ann_kontra": ("Kontra", "Kontra"),
    "ann_keine 90": ("keine 90", "no 90"),
    "ann_keine 60": ("keine 60", "no 60"),
    "ann_keine 30": ("keine 30", "no 30"),
    "ann_schwarz": ("schwarz", "schwarz (no trick)"),
    # buttons and hints
    "btn_gesund": ("Gesund", "Healthy"),
    "btn_vorbehalt": ("Vorbehalt", "Reservation"),
    "btn_hochzeit": ("Hochzeit", "Marriage (Hochzeit)"),
    "btn_armut": ("Armut", "Poverty (Armut)"),
    "btn_pflicht": ("{what} (Pflicht)", "{what} (compulsory)"),
    "btn_re": ("Re", "Re"),
    "btn_kontra": ("Kontra", "Kontra"),
    "btn_keine 90": ("Keine 90", "No 90"),
    "btn_keine 60": ("Keine 60", "No 60"),
    "btn_keine 30": ("Keine 30", "No 30"),
    "btn_schwarz": ("Schwarz", "Schwarz"),
    "btn_accept": ("Armut nehmen", "Take the poverty"),
    "btn_decline": ("Nicht nehmen", "Decline"),
    "give": ("Abgeben", "Pass"),
    "give_all": ("Gib deine drei Trümpfe ab: {cards}.", "Pass your three trumps: {cards}."),
    "give_some": ("Wähle 3 Karten zum Abgeben: alle deine Trümpfe ({cards}) und {k} weitere.",
                  "Select 3 cards to pass: all your trumps ({cards}) and {k} more."),
    "give_none": ("Wähle 3 Karten zum Abgeben (du hast keinen Trumpf).",
                  "Select 3 cards to pass (you have no trump)."),
    "give_btn": ("Abgeben: {cards}", "Pass {cards}"),
    "return": ("Zurückgeben", "Give back"),
    "return_hint": ("Wähle 3 Karten, die du zurückgibst.", "Select 3 cards to give back."),
    "play_hint": ("Spiele eine Karte; bedienen, wenn du kannst.",
                  "Play a card; follow suit if you can."),
    # panels
    "armut_given": ("Armut von {name}", "Poverty of {name}"),
    "armut_back": ("Zurück an {name}", "Back to {name}"),
    "armut_hidden": ("3 Karten, verdeckt", "3 cards, face down"),
    "armut_hidden_back": ("3 Karten, verdeckt, davon {n} Trumpf", "3 cards, face down, {n} trump"),
    "armut_hidden_back_n": ("3 Karten, verdeckt, davon {n} Trümpfe",
                            "3 cards, face down, {n} trumps"),
    "trumps": ("Trümpfe", "Trumps"),
    "trumps_none": ("keine Trümpfe", "no trumps"),
    "trick": ("Stich {n}", "Trick {n}"),
    "last_trick": ("Letzter Stich", "Last trick"),
    # log
    "log_gesund": ("{name}: gesund", "{name}: healthy"),
    "log_vorbehalt": ("{name}: Vorbehalt", "{name}: reservation"),
    "log_declare": ("{name} meldet {what}", "{name} declares {what}"),
    "log_start": ("Gespielt wird: {what} · {name} kommt raus", "Game: {what} · {name} leads"),
    "log_schweine": ("{name} hat beide Füchse: Schweinchen, die höchsten Trümpfe",
                     "{name} holds both foxes: Schweinchen, the highest trumps"),
    "log_give": ("{name} gibt 3 Karten ab: {cards}", "{name} passes 3 cards: {cards}"),
    "log_give_hidden": ("{name} gibt 3 Karten ab", "{name} passes 3 cards"),
    "log_accept": ("{name} nimmt die Armut", "{name} takes the poverty"),
    "log_decline": ("{name} nimmt die Armut nicht", "{name} declines the poverty"),
    "log_return": ("{name} gibt 3 Karten zurück: {cards}", "{name} gives 3 cards back: {cards}"),
    "log_return_hidden": ("{name} gibt 3 Karten zurück, davon {n} Trumpf",
                          "{name} gives 3 cards back, {n} trump"),
    "log_return_hidden_n": ("{name} gibt 3 Karten zurück, davon {n} Trümpfe",
                            "{name} gives 3 cards back, {n} trumps"),
    "log_announce": ("{name} sagt {what}", "{name} announces {what}"),
    "log_trick": ("Stich {n}: {cards} → {name} ({points} Augen)",
                  "Trick {n}: {cards} → {name} ({points} points)"),
    "log_clarified": ("{name} macht den Klärungsstich und spielt mit {h}",
                      "{name} wins the clarifying trick and partners {h}"),
    "log_no_partner": ("{h} macht die ersten drei Stiche selbst: Karo-Solo",
                       "{h} wins the first three tricks alone: Diamonds solo"),
    # result
    "res_won": ("{what}: {party} gewinnt mit {pts} Augen, {other} hat {opts}",
                "{what}: {party} wins with {pts} points, {other} has {opts}"),
    "res_none": ("{what}: keine Partei erreicht ihr Ziel ({p1} {a}, {p2} {b})",
                 "{what}: neither party reached its goal ({p1} {a}, {p2} {b})"),
    "res_party": ("{party} ({names})", "{party} ({names})"),
    "goal": ("Ziel {party}: {goal}", "goal of {party}: {goal}"),
    "goal_pts": ("{n} Augen", "{n} points"),
    "goal_below": ("Gegner unter {n}", "opponents under {n}"),
    "goal_schwarz": ("Gegner ohne Stich", "opponents take no trick"),
    "goal_or": ("oder {n} Augen gegen die Absage", "or {n} points against the announcement"),
    "goal_or_trick": ("oder ein Stich gegen die Absage", "or a trick against the announcement"),
    "and": (" und ", " and "),
    "note_stille": (
        "Stille Hochzeit: {name} hatte beide Kreuz-Damen und spielt allein, gewertet als Karo-Solo",
        "Silent marriage: {name} held both Queens of Clubs and plays alone, scored as a Diamonds "
        "solo",
    ),
    "note_no_partner": (
        "Hochzeit ohne Partner: {name} spielt ein Karo-Solo, gewertet als Solo",
        "Marriage without a partner: {name} plays a Diamonds solo, scored as a solo",
    ),
    "item": ("{party} +{n}: {what}", "{party} +{n}: {what}"),
    "it_gewonnen": ("Gewonnen", "won"),
    "it_angesagt": ("{party} angesagt", "{party} announced"),
    "it_abgesagt": ("{what} abgesagt ({party})", "{what} announced by {party}"),
    "it_gespielt": ("{what} gespielt (Gegner unter {n})", "{what} played (opponents under {n})"),
    "it_schwarz": ("Schwarz gespielt (Gegner ohne Stich)",
                   "schwarz played (opponents took no trick)"),
    "it_gegen": ("{n} Augen gegen {what} erreicht", "{n} points against {what}"),
    "it_alten": ("Gegen die Alten (gegen die Kreuz-Damen gewonnen)",
                 "won against the Queens of Clubs (gegen die Alten)"),
    "it_doko": ("Doppelkopf (40 Augen oder mehr)", "Doppelkopf (40 points or more)"),
    "it_fuchs": ("Fuchs gefangen", "fox caught (Fuchs)"),
    "it_karlchen": ("Karlchen macht den letzten Stich",
                    "Karlchen (Jack of Diamonds) takes the last trick"),
    "in_trick": ("{what} in Stich {n}", "{what} in trick {n}"),
    "no_items": ("Keine Punkte", "no points"),
    "value": ("Spielwert: Re {re} − Kontra {ko} = {v}", "game value: Re {re} − Kontra {ko} = {v}"),
    "solo_value": ("Solo: {name} bekommt 3 × {v} = {x:+d}, die Gegenspieler je {y:+d}",
                   "solo: {name} scores 3 × {v} = {x:+d}, each opponent {y:+d}"),
    "score": ("{name} ({party}): {x:+d}", "{name} ({party}): {x:+d}"),
    "score_out": ("{name} (setzt aus): 0", "{name} (sits out): 0"),
    "thrown_line": ("Niemand nimmt die Armut: eingeworfen, 0 Punkte für alle",
                    "Nobody took the poverty: thrown in, 0 points for everyone"),
}
# The table's texts as the presenter looks them up (``binokel.present.tr``): language -> key.
TABLE_TEXTS: dict[str, dict[str, str]] = {
    "de": {key: de for key, (de, _) in _TABLE.items()},
    "en": {key: en for key, (_, en) in _TABLE.items()},
}

RESULT_NOTES: dict[str, str] = {
    "thrown_in": "nobody took the Armut: thrown in",
    "no_partner": "Hochzeit: no partner in the first three tricks, played as a Karo-Solo",
    "stille": "both Kreuz-Damen, no Hochzeit announced: a Karo-Solo",
}
