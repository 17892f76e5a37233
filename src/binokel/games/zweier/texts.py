"""Every text of Zweierbinokel, German and English: the rules in brief (``binokel rules``)
and the words of the table a front end draws (:mod:`.present`).

The table's texts stand as (German, English) pairs, so that a text and its translation are
read and changed together; :data:`TABLE_TEXTS` is the per-language table that
:func:`binokel.present.tr` looks up.

>>> TABLE_TEXTS["en"]["res_line"].format(name="Ann", melds="none", tricks=111, score=111)
'Ann: melds none; trick points 111; score 111'
"""

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

_TABLE: dict[str, tuple[str, str]] = {
    # the status line, the seats and the panels
    "title": ("Zweierbinokel", "Two-player Binokel"),
    "dealer": ("Geber", "dealer"),
    "vorhand": ("Vorhand", "Vorhand"),
    "trump_is": ("Trumpf {suit}", "trump {suit}"),
    "stock_n": ("Stoß {n}", "stock {n}"),
    "stock_empty": ("Stoß leer", "stock empty"),
    "free": ("freies Spiel (kein Farbzwang)", "free play (no need to follow)"),
    "strict": ("Farbzwang, Stichzwang, Trumpfzwang", "follow suit, beat, trump"),
    "strict_weak": ("Farbzwang, Trumpfzwang (überstechen nur bei Trumpf)",
                    "follow suit, trump if void (beat only a led trump)"),
    "to_move": ("{name} ist dran", "{name} to move"),
    "over": ("Spiel vorbei", "deal over"),
    "turned_up": ("Aufgedeckte Karte", "Turned-up card"),
    "under_stock": ("unter dem Stoß: Trumpf {suit}", "under the stock: trump {suit}"),
    "stock": ("Stoß", "Stock"),
    "cards_n": ("{n} Karten", "{n} cards"),
    "cards_1": ("1 Karte (die aufgedeckte)", "1 card (the turned-up one)"),
    "empty": ("leer", "empty"),
    "points": ("Stichpunkte {n} · Stiche {k}", "trick points {n} · tricks {k}"),
    # a card shown to everybody, by why it was shown (the view's ``shown``)
    "shown_last card": ("hat {card} (letzte Karte vom Stoß, gezeigt)",
                        "holds {card} (last card of the stock, shown)"),
    "shown_turned-up card": ("hat {card} (die aufgedeckte Karte)",
                             "holds {card} (the turned-up card)"),
    "shown_exchange": ("hat {card} (gegen die Dix getauscht)",
                       "holds {card} (exchanged for the Dix)"),
    # the choices
    "meld": ("{label}: {cards} ({points})", "{label}: {cards} ({points})"),
    "exchange": ("Dix tauschen: {seven} gegen {card}", "Exchange the Dix: {seven} for {card}"),
    "exchange2": ("Dix {seven} gegen die aufgedeckte Dix tauschen",
                  "Exchange your Dix {seven} for the turned-up Dix"),
    "play_hint": ("Spiele eine Karte aus der Hand oder von deinen Meldungen.",
                  "Play a card from your hand or from your melds."),
    "meld_hint": ("Melde vor dem Ausspielen eine Kombination oder spiele eine Karte.",
                  "Meld a combination before you lead, or play a card."),
    "strict_hint": ("Bedienen und überstechen; wer nicht bedienen kann, muss trumpfen.",
                    "Follow suit and beat; if void, play a trump."),
    "strict_hint_weak": ("Bedienen (einen Trumpf überstechen); wer nicht bedienen kann, "
                         "muss trumpfen.",
                         "Follow suit (beat a led trump); if void, play a trump."),
    # the tricks and the log
    "trick": ("Stich {n}", "Trick {n}"),
    "last_trick": ("Letzter Stich", "Last trick"),
    "log_turned": ("Aufgedeckt: {card}, Trumpf ist {suit}",
                   "Turned up: {card}, trump is {suit}"),
    "log_dix_up": ("Die Dix liegt auf: {name} (Geber) schreibt {points}",
                   "The Dix is turned up: {name} (dealer) scores {points}"),
    "log_trick": ("Stich {n}: {cards} → {name} ({points})",
                  "Trick {n}: {cards} → {name} ({points})"),
    "log_draw": ("{a} zieht, dann {b} (Stoß: {n})", "{a} draws, then {b} (stock: {n})"),
    "log_last": ("{name} zieht die letzte verdeckte Karte",
                 "{name} draws the last face-down card"),
    "log_last_shown": ("{name} zieht die letzte verdeckte Karte: {card} (gezeigt)",
                       "{name} draws the last face-down card: {card} (shown)"),
    "log_take": ("{name} nimmt die aufgedeckte Karte {card}",
                 "{name} takes the turned-up card {card}"),
    "log_strict": ("Stoß leer: die Meldungen gehen auf die Hand, jetzt gilt {duty}",
                   "Stock empty: the melds go back to the hands, now {duty}"),
    "log_meld": ("{name} meldet {label}: {cards} ({points})",
                 "{name} melds {label}: {cards} ({points})"),
    "log_exchange": ("{name} tauscht die Dix {seven} gegen {card}",
                     "{name} exchanges the Dix {seven} for {card}"),
    "log_dix2": ("{name} tauscht die zweite Dix {seven} gegen die erste",
                 "{name} exchanges the second Dix {seven} for the first"),
    # the result
    "res_title": ("Ergebnis · Trumpf {suit}", "Result · trump {suit}"),
    "res_line": ("{name}: Meldungen {melds}; Stichpunkte {tricks}; Wertung {score}",
                 "{name}: melds {melds}; trick points {tricks}; score {score}"),
    "res_none": ("keine", "none"),
    "res_last": ("letzter Stich +{n}", "last trick +{n}"),
    "res_first": ("erster Stich +{n}", "first trick +{n}"),
}

TABLE_TEXTS: dict[str, dict[str, str]] = {
    lang: {key: pair[i] for key, pair in _TABLE.items()} for i, lang in enumerate(("de", "en"))}

__all__ = ["HELP", "TABLE_TEXTS"]
