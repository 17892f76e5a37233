"""The texts of Luxusfamilie, German and English: the rules in brief (``binokel rules``,
:data:`HELP`), what each preset is (:data:`PRESET_TEXTS`) and the words of its table
(:data:`TABLE_TEXTS`, read by :mod:`.present`). The options' own texts stand with their
declarations in :mod:`.rules`."""

from __future__ import annotations

_HELP_EN = """\
Luxusfamilie (seed 004): 3 to 8 players, 48 cards with sevens (A 10 K O U 7, twice each),
all dealt evenly (packets from the dealer's left); with 5 and 7 players 3 resp. 6 cards lie
aside face down and are turned up after the deal. No bidding: everyone's best melds are
shown at once, at plain values (the seed writes them down before trump exists). The best
meld total names trump ('trump E|B|H|S'); ties: more sevens, then more Unter, Ober, Koenige,
Zehner, Asse, then the seat earlier in playing order. The trump maker leads. Follow suit;
void, you must trump unless trump was led; void of both, anything. No duty to beat or to
over-trump. Highest trump wins, else the highest card of the led suit; equal cards: the
first. Power points A 11, 10 10, K 4, O 3, U 2, 7 0 (240 in all) are converted to trick
points; a deal scores melds + trick points; after a fixed number of deals the highest total
wins. The view shows each player's known voids (the seed's suit cards against cheating).

OURS, because the seed's tables are pictures missing from the text: the meld table (Binokel's
plain values: pair 20, family 100, double family 200, four U/O/K/A 40/60/80/100, eight of a
rank 1000, Binokel 40, Doppelbinokel 300; plus the Luxusfamilie = A 10 K O U 7 of a suit 150
and the double Luxusfamilie 300), the conversion (power points rounded to the nearest ten),
no last-trick bonus, set-aside cards count for nobody, 12 deals a session. Each is an option.
"""

_HELP_DE = """\
Luxusfamilie (Text 004): 3 bis 8 Spieler, 48 Karten mit Siebenern (A Z K O U 7, je zweimal),
alle gleichmäßig verteilt (Pakete ab links vom Geber); bei 5 und 7 Spielern bleiben 3 bzw. 6
Karten verdeckt liegen und werden nach dem Spiel aufgedeckt. Kein Reizen: alle zeigen sofort
ihre beste Meldung, zu einfachen Werten (der Text schreibt sie auf, bevor es Trumpf gibt).
Die höchste Meldung bestimmt Trumpf ('trump E|B|H|S'); bei Gleichstand mehr Siebener, dann
mehr Unter, Ober, Könige, Zehner, Asse, dann wer in der Spielreihenfolge früher sitzt. Wer
Trumpf bestimmt, spielt aus. Farbe bedienen; wer nicht kann, muss trumpfen, außer Trumpf
wurde ausgespielt; wer beides nicht hat, legt beliebig. Kein Stich- und kein Überstechzwang.
Höchster Trumpf sticht, sonst die höchste Karte der ausgespielten Farbe; gleiche Karten: die
erste. Machtpunkte A 11, Z 10, K 4, O 3, U 2, 7 0 (zusammen 240) werden in Stichpunkte
umgerechnet; ein Spiel zählt Meldung + Stichpunkte; nach einer festen Zahl von Spielen gewinnt
die höchste Summe. Die Ansicht zeigt die bekannten Fehlfarben jedes Spielers (die Farbkarten
des Textes gegen Betrug).

VON UNS, weil die Tabellen des Textes fehlende Bilder sind: die Meldetabelle (Binokel-Werte
ohne Trumpf: Paar 20, Familie 100, doppelte Familie 200, vier U/O/K/A 40/60/80/100, acht
Gleiche 1000, Binokel 40, Doppelbinokel 300; dazu die Luxusfamilie = A Z K O U 7 einer Farbe
150 und die doppelte Luxusfamilie 300), die Umrechnung (Machtpunkte auf Zehner gerundet), kein
Zuschlag für den letzten Stich, übrige Karten zählen für niemanden, 12 Spiele je Sitzung.
Jeder Wert ist eine Option.
"""

HELP: dict[str, str] = {"en": _HELP_EN, "de": _HELP_DE}

# What each preset of :mod:`.rules` is (English, German).
PRESET_TEXTS: dict[str, tuple[str, str]] = {
    "standard": ("Seed 004 with our tables: plain meld values, Luxusfamilie 150, power points "
                 "rounded to tens, 12 deals",
                 "Text 004 mit unseren Tabellen: einfache Meldewerte, Luxusfamilie 150, "
                 "Machtpunkte auf Zehner gerundet, 12 Spiele"),
    "binokel": ("As standard, with Binokel habits: trump melds count more, last trick +10",
                "Wie standard, mit Binokel-Gewohnheiten: Trumpfmeldungen zählen mehr, "
                "letzter Stich +10"),
}

# The table's words, German and English side by side, by key (``{name}`` and the like are
# filled in by the presenter through ``binokel.present.tr``).
_TABLE: dict[str, tuple[str, str]] = {
    "title": ("Luxusfamilie", "Luxusfamilie"),
    "dealer": ("Geber", "dealer"),
    "vorhand": ("Vorhand", "Vorhand"),
    "maker": ("bestimmt Trumpf", "trump maker"),
    "dealer_is": ("Geber {name}", "dealer {name}"),
    "names_trump": ("{name} bestimmt Trumpf ({why})", "{name} names trump ({why})"),
    "trump_by": ("Trumpf {suit} von {name} ({why})", "trump {suit} by {name} ({why})"),
    "to_move": ("{name} ist dran", "{name} to move"),
    "over": ("Spiel vorbei", "deal over"),
    "why_melds": ("höchste Meldung", "highest melds"),
    "why_order": ("Gleichstand, sitzt früher", "tied, sits earlier"),
    "why_tie": ("Gleichstand bei den Meldungen, {what}", "melds tied, {what}"),
    "sevens": ("mehr Siebener", "more sevens"),
    "unter": ("mehr Unter", "more Unters"),
    "ober": ("mehr Ober", "more Obers"),
    "koenig": ("mehr Könige", "more Kings"),
    "zehn": ("mehr Zehner", "more Tens"),
    "ass": ("mehr Asse", "more Aces"),
    "power": ("Machtpunkte {n} · Stiche {k}", "power points {n} · tricks {k}"),
    "voids": ("fehlt: {suits}", "void: {suits}"),
    "aside": ("Übrige Karten", "Set aside"),
    "aside_n": ("{n} Karten verdeckt", "{n} cards face down"),
    "aside_pts": ("{n} Machtpunkte, zählen für niemanden",
                  "{n} power points, counted for nobody"),
    "aside_last": ("{n} Machtpunkte, für den letzten Stich",
                   "{n} power points, for the last trick"),
    "trump": ("Trumpf {suit}", "Trump {suit}"),
    "play_hint": ("Bediene; wer nicht bedienen kann, muss trumpfen (außer bei Trumpf).",
                  "Follow suit; if void, play a trump (unless trump was led)."),
    "play_hint_untrumped": ("Bediene; wer nicht kann, muss trumpfen, solange kein Trumpf "
                            "im Stich liegt.",
                            "Follow suit; if void, play a trump while no trump lies in "
                            "the trick."),
    "play_hint_none": ("Bediene; wer nicht kann, legt eine beliebige Karte.",
                       "Follow suit; if void, play any card."),
    "trick": ("Stich {n}", "Trick {n}"),
    "last_trick": ("Letzter Stich", "Last trick"),
    "log_melds": ("{name} meldet {melds} = {total}", "{name} melds {melds} = {total}"),
    "log_no_melds": ("{name} meldet nichts", "{name} melds nothing"),
    "log_trump": ("{name} bestimmt Trumpf {suit} ({why})",
                  "{name} names trump {suit} ({why})"),
    "log_trump_melds": ("Meldungen in Trumpf zählen jetzt mehr (+20 je Paar, +50 je "
                        "Familie): {totals}",
                        "Melds in trump now count more (+20 per pair, +50 per family): "
                        "{totals}"),
    "log_trick": ("Stich {n}, {leader} spielt aus: {cards} → {name} ({points})",
                  "Trick {n}, {leader} leads: {cards} → {name} ({points})"),
    "res_trump": ("Trumpf {suit}, bestimmt von {name} ({why})",
                  "Trump {suit}, named by {name} ({why})"),
    "res_line": ("{name}: Meldung {melds} + Stichpunkte {tricks} = {score} "
                 "({power} Machtpunkte, {won})",
                 "{name}: melds {melds} + trick points {tricks} = {score} "
                 "({power} power points, {won})"),
    "won_1": ("1 Stich", "1 trick"),
    "won_n": ("{n} Stiche", "{n} tricks"),
    "res_void": ("{name}: Meldung {n} verfällt (kein Stich)",
                 "{name}: melds {n} void (no trick)"),
    "res_aside": ("Übrige Karten: {cards} ({what})", "Set aside: {cards} ({what})"),
}
TABLE_TEXTS: dict[str, dict[str, str]] = {
    lang: {key: pair[i] for key, pair in _TABLE.items()} for i, lang in enumerate(("de", "en"))}
