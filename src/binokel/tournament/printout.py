"""Printouts and exports of a club tournament, a club's season and a score pad: run slips
(Laufzettel), table cards, the ranking list, the season ranking and the score sheet as PDF
(fpdf2), the ranking, the season, every entered score and a pad's deals as CSV. German or
English (``lang``), the words in ``texts.toml`` (:mod:`.texts`).

The PDFs are set in Roboto (TrueType, from the ``font-roboto`` package of the ``pdf`` extra,
embedded as a subset): Latin with its accents beyond German (Şahin, Łukasz, Ondřej), Greek
and Cyrillic print as written; a letter the font lacks loses its accent where that gives one
it has, else becomes ``?`` (:func:`printable`). Without the package the PDF core font
Helvetica is used, which holds Latin-1 only (:func:`latin1`). CSV cells that a spreadsheet
would take for a formula (a name starting with ``=``, ``+``, ``-`` or ``@``) get a leading
apostrophe.

>>> latin1("Jürgen Şahin Łukasz 😀")
'Jürgen Sahin ?ukasz ?'
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Callable
from collections.abc import Sequence
from functools import cache
from typing import Any

from ..registry import find_game
from .club import Tournament
from .pad import Pad
from .season import Season
from .season import SeasonLine
from .texts import tr


def _fold(s: str, has: Callable[[str], bool]) -> str:
    """``s`` with every letter that ``has`` not without its accents where that helps (the
    parts of its decomposition that ``has``), else ``?``."""
    out = []
    for ch in s:
        if has(ch):
            out.append(ch)
            continue
        base = "".join(c for c in unicodedata.normalize("NFKD", ch) if has(c))
        out.append(base or "?")
    return "".join(out)


def latin1(s: str) -> str:
    """``s`` in the letters of the PDF core fonts (Latin-1): others lose their accents where
    that helps, else become ``?``."""
    return _fold(s, lambda ch: ord(ch) < 256)


@cache
def _font() -> tuple[str, str, frozenset[int]] | None:
    """Roboto's regular and bold files and the characters it has; None without the
    ``font-roboto`` package (then the core font Helvetica is used)."""
    try:
        import font_roboto  # type: ignore[import-untyped]
        from fontTools.ttLib import TTFont  # type: ignore[import-untyped]  # fpdf2's
    except ImportError:  # pragma: no cover - installed with fpdf2
        return None
    regular, bold = str(font_roboto.Roboto), str(font_roboto.RobotoBold)
    return regular, bold, frozenset(TTFont(regular).getBestCmap())


def printable(s: str) -> str:
    """``s`` as the PDFs print it: as written where the font has the letters.

    >>> printable("Jürgen Şahin, Łukasz, Ελένη 😀")
    'Jürgen Şahin, Łukasz, Ελένη ?'
    """
    font = _font()
    if font is None:  # pragma: no cover - a dependency installs the font
        return latin1(s)
    chars = font[2]
    return _fold(s, lambda ch: ord(ch) in chars)


def _game_title(game: str, lang: str) -> str:
    de, en = find_game(game).title
    return de if lang == "de" else en


def _pdf() -> Any:
    from fpdf import FPDF  # imported when a PDF is made

    pdf = FPDF(orientation="portrait", unit="mm", format="A4")
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.set_creator("binokel")
    pdf.set_margins(15, 15, 15)
    font = _font()
    if font is not None:
        pdf.add_font("Roboto", "", font[0])
        pdf.add_font("Roboto", "B", font[1])
    return pdf


def _text(pdf: Any, size: float, text: str, *, bold: bool = False, height: float = 7,
          width: float = 0, align: str = "L", border: int | str = 0, newline: bool = True
          ) -> None:
    pdf.set_font("Roboto" if _font() is not None else "Helvetica", "B" if bold else "", size)
    pdf.cell(width, height, printable(text), border=border, align=align,
             new_x="LMARGIN" if newline else "RIGHT", new_y="NEXT" if newline else "TOP")


def _row(pdf: Any, cells: Sequence[str], widths: Sequence[float], *, bold: bool = False,
         height: float = 7, size: float = 10, left: int = -1) -> None:
    """A row of bordered cells, centred but for column ``left``."""
    for i, (text, w) in enumerate(zip(cells, widths, strict=True)):
        _text(pdf, size, text, bold=bold, height=height, width=w, border=1,
              align="L" if i == left else "C", newline=i == len(cells) - 1)


def _header(pdf: Any, t: Tournament, lang: str) -> None:
    _text(pdf, 9, f"{t.heading(dash=' - ')} - {_game_title(t.game, lang)}")


def run_slips(t: Tournament, lang: str = "de") -> bytes:
    """A run slip (Laufzettel) per player still in the tournament: start number, name and per
    round his table and seat (rounds started so far), with room for points and a signature."""
    pdf = _pdf()
    players = [p for p in t.players if p.withdrawn_after is None]
    widths = (25, 25, 25, 40, 65)
    for i, p in enumerate(players):
        if i % 2 == 0:
            pdf.add_page()
        else:
            pdf.set_y(15 + 135)
        _header(pdf, t, lang)
        _text(pdf, 16, f"{tr(lang, 'run_slip')}: {p.name}", bold=True, height=10)
        _text(pdf, 11, f"{tr(lang, 'start_number')} {p.number}")
        _row(pdf, [tr(lang, k) for k in ("round", "table", "seat", "points", "signature")],
             widths, bold=True)
        for n in range(1, t.rounds + 1):
            where = t.played[n - 1].seat_of(p.number) if n <= t.current_round else None
            table, seat = (str(where[0]), str(where[1])) if where else ("", "")
            _row(pdf, [str(n), table, seat, "", ""], widths, height=8)
    if not players:
        pdf.add_page()
        _header(pdf, t, lang)
    return bytes(pdf.output())


def table_cards(t: Tournament, round_no: int, lang: str = "de") -> bytes:
    """A card per table of round ``round_no``: the table's number and who sits where."""
    if not 1 <= round_no <= t.current_round:
        raise ValueError(f"no round {round_no} (started: {t.current_round})")
    pdf = _pdf()
    r = t.played[round_no - 1]
    for n, seats in enumerate(r.tables, 1):
        pdf.add_page()
        _header(pdf, t, lang)
        _text(pdf, 14, f"{tr(lang, 'round')} {round_no}", bold=True, height=10)
        _text(pdf, 40, f"{tr(lang, 'table')} {n}", bold=True, height=25, align="C")
        for k, who in enumerate(seats, 1):
            name = tr(lang, "bot") if who is None else f"{who}  {t.player(who).name}"
            _text(pdf, 16, f"{tr(lang, 'seat')} {k}:  {name}", height=11)
        _text(pdf, 11, f"{tr(lang, 'first_dealer')} - "
                       f"{tr(lang, 'deals_per_round', n=t.deals_per_round)}")
    return bytes(pdf.output())


def ranking_pdf(t: Tournament, up_to: int | None = None, lang: str = "de") -> bytes:
    """The ranking list after round ``up_to`` (default: every round started)."""
    last = t.current_round if up_to is None else up_to
    lines = t.ranking(up_to=last)
    pdf = _pdf()
    pdf.add_page()
    _header(pdf, t, lang)
    _text(pdf, 16, f"{tr(lang, 'ranking')} {tr(lang, 'after_round', n=last)}", bold=True,
          height=10)
    if last:
        r = t.played[last - 1]
        _text(pdf, 9, tr(lang, "repeats", n=r.repeats, bound=r.lower_bound))
    rounds = min(last, 10)   # the widths fit ten rounds; more show in the total only
    per = 12.0
    widths = [14.0, 14.0, 180 - 14 - 14 - 20 - per * rounds, *([per] * rounds), 20.0]
    head = [tr(lang, "place"), tr(lang, "number"), tr(lang, "name"),
            *(f"R{n}" for n in range(1, rounds + 1)), tr(lang, "total")]
    _row(pdf, head, widths, bold=True, size=9, left=2)
    for line in lines:
        name = line.name + (f" ({tr(lang, 'withdrawn')})" if line.withdrawn else "")
        cells = [str(line.place), str(line.number), name,
                 *("" if v is None else str(v) for v in line.rounds[:rounds]), str(line.total)]
        _row(pdf, cells, widths, size=9, left=2)
    return bytes(pdf.output())


def score_sheet_pdf(pad: Pad, title: str = "", lang: str = "de") -> bytes:
    """The score pad's sheet: per deal the dealer, every player's score and the totals."""
    pdf = _pdf()
    pdf.add_page()
    _text(pdf, 9, f"{_game_title(pad.game, lang)} - {pad.rules.preset}"
                  + (f" - {title}" if title else ""))
    _text(pdf, 16, tr(lang, "score_sheet"), bold=True, height=10)
    n = len(pad.players)
    per = (180 - 14 - 24) / n
    widths = [14.0, 24.0, *([per] * n)]
    size = 9 if n <= 4 else 7   # "+1000 = -2000" in a narrow column
    _row(pdf, [tr(lang, "deal"), tr(lang, "dealer"), *pad.players], widths, bold=True,
         size=size)
    for line in pad.sheet():
        cells = [str(line.deal), pad.players[line.dealer],
                 *(f"{s:+d} = {t}" for s, t in zip(line.scores, line.totals, strict=True))]
        _row(pdf, cells, widths, size=size)
    _row(pdf, ["", tr(lang, "total"), *map(str, pad.totals())], widths, bold=True,
         size=size)
    winner = pad.winner()
    if winner is not None:
        _text(pdf, 12, tr(lang, "winner", name=pad.players[winner]), bold=True, height=10)
    return bytes(pdf.output())


def _season_rule(season: Season, lang: str) -> str:
    if season.rule == "best":
        return tr(lang, "season_rule_best", n=season.best)
    return tr(lang, f"season_rule_{season.rule}")


def _season_value(line: SeasonLine, lang: str) -> str:
    if isinstance(line.value, float):
        return f"{line.value:.2f}" if lang == "en" else f"{line.value:.2f}".replace(".", ",")
    return str(line.value)


def _season_name(line: SeasonLine, lang: str) -> str:
    return line.name + (f" ({tr(lang, 'guest')})" if line.guest else "")


def season_pdf(season: Season, lang: str = "de") -> bytes:
    """The season ranking (Jahreswertung): place, name, each evening's points (struck ones
    in brackets), points, deals and the value the rule ranks by. Landscape, so that a dozen
    evenings fit; more show in the totals only."""
    pdf = _pdf()
    pdf.add_page(orientation="landscape")
    _text(pdf, 16, f"{tr(lang, 'season')}: {season.title}", bold=True, height=10)
    _text(pdf, 10, _season_rule(season, lang))
    dates = ", ".join(e.date for e in season.evenings[:12]) + (
        ", ..." if len(season.evenings) > 12 else "")
    _text(pdf, 9, tr(lang, "season_evenings", n=len(season.evenings), dates=dates))
    shown = min(len(season.evenings), 12)
    per = 13.0
    widths = [14.0, 267 - 14 - per * shown - 22 - 16 - 22, *([per] * shown), 22.0, 16.0,
              22.0]
    head = [tr(lang, "place"), tr(lang, "name"), *(f"{n}." for n in range(1, shown + 1)),
            tr(lang, "points"), tr(lang, "deals_played"), tr(lang, "value")]
    _row(pdf, head, widths, bold=True, size=9, left=1)
    for line in season.ranking():
        cells = ["" if line.place is None else str(line.place), _season_name(line, lang)]
        for v, counted in list(zip(line.evenings, line.counted, strict=True))[:shown]:
            cells.append("" if v is None else str(v) if counted else f"({v})")
        value = _season_value(line, lang) if line.place is not None else "-"
        cells += [str(line.points), str(line.deals), value]
        _row(pdf, cells, widths, size=9, left=1)
    if any(line.place is None for line in season.ranking()):
        _text(pdf, 9, "- : " + tr(lang, "too_few", n=max(1, season.min_evenings)))
    return bytes(pdf.output())


# ---------------------------------------------------------------------- CSV
def _cell(v: object) -> object:
    if isinstance(v, str) and v[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + v
    return v


def _csv(rows: Sequence[Sequence[object]]) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    for row in rows:
        w.writerow([_cell(v) for v in row])
    return out.getvalue()


def ranking_csv(t: Tournament, up_to: int | None = None, lang: str = "de") -> str:
    """The ranking as CSV: place, start number, name, each round's points, total,
    withdrawn."""
    last = t.current_round if up_to is None else up_to
    head: list[object] = [
        tr(lang, "place"), tr(lang, "number"), tr(lang, "name"),
        *(f"{tr(lang, 'round')} {n}" for n in range(1, last + 1)), tr(lang, "total"),
        tr(lang, "withdrawn")]
    rows: list[list[object]] = [head]
    for line in t.ranking(up_to=last):
        rows.append([line.place, line.number, line.name,
                     *("" if v is None else v for v in line.rounds), line.total,
                     int(line.withdrawn)])
    return _csv(rows)


def scores_csv(t: Tournament, lang: str = "de") -> str:
    """Every score entered: one row per seat of every table with a result (round, table,
    seat, start number or empty for a bot, name, points), and for tables entered as a score
    pad one row per deal and seat after them (deal number in the last column)."""
    rows: list[list[object]] = [[tr(lang, "round"), tr(lang, "table"), tr(lang, "seat"),
                                 tr(lang, "number"), tr(lang, "name"), tr(lang, "points"),
                                 tr(lang, "deal")]]
    for r in t.played:
        for n, res in sorted(r.results.items()):
            seats = r.tables[n - 1]
            names = [tr(lang, "bot") if w is None else t.player(w).name for w in seats]
            for k, (who, v) in enumerate(zip(seats, res.scores, strict=True), 1):
                rows.append([r.number, n, k, "" if who is None else who, names[k - 1], v, ""])
            for line in res.pad.sheet() if res.pad else ():
                for k, (who, v) in enumerate(zip(seats, line.scores, strict=True), 1):
                    rows.append([r.number, n, k, "" if who is None else who, names[k - 1], v,
                                 line.deal])
    return _csv(rows)


def season_csv(season: Season, lang: str = "de") -> str:
    """The season ranking as CSV: place (empty: too few evenings), key, name, guest, each
    evening's points (empty: absent), whether each counted, points, deals, the ranked
    value (per deal with a dot for ``average``)."""
    n = len(season.evenings)
    head: list[object] = [
        tr(lang, "place"), "key", tr(lang, "name"), tr(lang, "guest"),
        *(f"{tr(lang, 'evening')} {i} {e.date}" for i, e in enumerate(season.evenings, 1)),
        *(f"{tr(lang, 'evening')} {i} {tr(lang, 'value')}" for i in range(1, n + 1)),
        tr(lang, "points"), tr(lang, "deals_played"), tr(lang, "value")]
    rows: list[list[object]] = [head]
    for line in season.ranking():
        rows.append(["" if line.place is None else line.place, line.key, line.name,
                     int(line.guest), *("" if v is None else v for v in line.evenings),
                     *(int(c) for c in line.counted), line.points, line.deals, line.value])
    return _csv(rows)


def pad_csv(pad: Pad, lang: str = "de") -> str:
    """A score pad's sheet as CSV: deal, dealer, then each player's score and total."""
    head: list[object] = [tr(lang, "deal"), tr(lang, "dealer")]
    for name in pad.players:
        head += [name, f"{name} {tr(lang, 'total')}"]
    rows: list[list[object]] = [head]
    for line in pad.sheet():
        row: list[object] = [line.deal, pad.players[line.dealer]]
        for s, tot in zip(line.scores, line.totals, strict=True):
            row += [s, tot]
        rows.append(row)
    return _csv(rows)


__all__ = ["latin1", "pad_csv", "printable", "ranking_csv", "ranking_pdf", "run_slips",
           "score_sheet_pdf", "scores_csv", "season_csv", "season_pdf", "table_cards"]
