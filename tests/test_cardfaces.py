"""The card faces (``static/cardfaces.js``) in a real browser: Playwright drives Debian's
Chromium (``executable_path=/usr/bin/chromium``, no browser download) against a throwaway HTTP
server on loopback that serves the static folder (ES modules do not load from ``file://``).

The expected names and indices are written out here from the specification, independently of
the module, so a slip in the module's tables shows up as a difference. Screenshots of the
gallery go to ``build/screenshots/`` (build output, never committed) for people to look at.
"""

from __future__ import annotations

import functools
import http.server
import struct
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "src" / "binokel" / "web" / "static"
SHOTS = ROOT / "build" / "screenshots"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

SUITS = "EBHS"
RANKS = ["A", "10", "K", "O", "U", "9", "7"]
TOKENS = [s + r for s in SUITS for r in RANKS]
DECKS = ["german", "french"]
COLORS = ["standard", "four"]
CONTRASTS = ["normal", "high"]
LANGS = ["de", "en"]
STYLES = [(d, c, k) for d in DECKS for c in COLORS for k in CONTRASTS]

SUIT_NAME = {
    ("german", "de"): {"E": "Eichel", "B": "Blatt", "H": "Herz", "S": "Schellen"},
    ("german", "en"): {"E": "Acorns", "B": "Leaves", "H": "Hearts", "S": "Bells"},
    ("french", "de"): {"E": "Kreuz", "B": "Pik", "H": "Herz", "S": "Karo"},
    ("french", "en"): {"E": "Clubs", "B": "Spades", "H": "Hearts", "S": "Diamonds"},
}
RANK_NAME = {
    ("german", "de"): {"A": "As", "10": "Zehn", "K": "König", "O": "Ober", "U": "Unter",
                       "9": "Neun", "7": "Sieben"},
    ("german", "en"): {"A": "Ace", "10": "Ten", "K": "King", "O": "Ober", "U": "Unter",
                       "9": "Nine", "7": "Seven"},
    ("french", "de"): {"A": "As", "10": "Zehn", "K": "König", "O": "Dame", "U": "Bube",
                       "9": "Neun", "7": "Sieben"},
    ("french", "en"): {"A": "Ace", "10": "Ten", "K": "King", "O": "Queen", "U": "Jack",
                       "9": "Nine", "7": "Seven"},
}
INDEX = {
    ("german", "de"): ["A", "10", "K", "O", "U", "9", "7"],
    ("german", "en"): ["A", "10", "K", "O", "U", "9", "7"],
    ("french", "de"): ["A", "10", "K", "D", "B", "9", "7"],
    ("french", "en"): ["A", "10", "K", "Q", "J", "9", "7"],
}


def expected_name(token: str, deck: str, lang: str) -> str:
    suit = SUIT_NAME[deck, lang][token[0]]
    rank = RANK_NAME[deck, lang][token[1:]]
    return f"{suit}-{rank}" if lang == "de" else f"{rank} of {suit}"


def expected_index(token: str, deck: str, lang: str) -> str:
    return INDEX[deck, lang][RANKS.index(token[1:])]


# ---------------------------------------------------------------------- colour arithmetic
def rgb(colour: str) -> tuple[float, float, float]:
    """A "#rgb" or "#rrggbb" colour as three floats in 0..1."""
    h = colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    assert len(h) == 6, colour
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return r, g, b


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance."""
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = rgb(colour)
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_contrast_arithmetic() -> None:
    assert contrast("#000", "#fff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


# ---------------------------------------------------------------------- fixtures
class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    handler = functools.partial(_QuietHandler, directory=str(STATIC))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


class Page:
    """A browser page that records console errors and uncaught exceptions."""

    def __init__(self, browser: Any, base: str, scale: float = 1) -> None:
        self.base = base
        self.page = browser.new_page(viewport={"width": 1600, "height": 1000},
                                     device_scale_factor=scale)
        self.errors: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def gallery(self, query: str = "") -> Any:
        self.page.goto(f"{self.base}/cardfaces.html{query}")
        self.page.wait_for_selector("body[data-ready='1']", state="attached", timeout=15000)
        return self.page

    def run(self, body: str, arg: Any = None) -> Any:
        """Evaluate `body` as an async function of (m, arg), m being the imported module."""
        self.gallery("?deck=german&colors=standard&contrast=normal")
        return self.page.evaluate(
            f"async (arg) => {{ const m = await import('./cardfaces.js'); {body} }}", arg)


@pytest.fixture
def page(browser: Any, base_url: str) -> Iterator[Page]:
    p = Page(browser, base_url)
    yield p
    p.page.close()
    assert p.errors == [], p.errors


@pytest.fixture(scope="module")
def module_page(browser: Any, base_url: str) -> Iterator[Page]:
    """One page with the module imported as ``window.cf``, shared by many examples."""
    p = Page(browser, base_url)
    p.gallery("?deck=german&colors=standard&contrast=normal&size=phone")
    p.page.evaluate("async () => { window.cf = await import('./cardfaces.js'); }")
    yield p
    p.page.close()
    assert p.errors == [], p.errors


# ---------------------------------------------------------------------- names and indices
def test_names_and_indices_match_the_specification(page: Page) -> None:
    got = page.run("""
        const out = {};
        for (const deck of ["german", "french"]) for (const lang of ["de", "en"])
          for (const t of m.TOKENS) out[`${deck} ${lang} ${t}`] =
            [m.cardName(t, {deck, lang}), m.cardIndex(t, {deck, lang})];
        out.defaults = [m.cardName("EO"), m.cardIndex("EO"), m.cardName("H10", {}),
                        m.cardName("SA", null)];
        out.tokens = m.TOKENS;
        return out;""")
    assert got.pop("tokens") == TOKENS
    assert got.pop("defaults") == ["Eichel-Ober", "O", "Herz-Zehn", "Schellen-As"]
    for deck in DECKS:
        for lang in LANGS:
            for t in TOKENS:
                assert got[f"{deck} {lang} {t}"] == [expected_name(t, deck, lang),
                                                     expected_index(t, deck, lang)], (deck, lang, t)
    # the examples of the specification, verbatim
    for (t, deck, lang), name in {
        ("EO", "german", "de"): "Eichel-Ober", ("SA", "german", "de"): "Schellen-As",
        ("H10", "german", "de"): "Herz-Zehn", ("EO", "german", "en"): "Ober of Acorns",
        ("SA", "german", "en"): "Ace of Bells", ("H10", "german", "en"): "Ten of Hearts",
        ("BU", "german", "en"): "Unter of Leaves", ("EO", "french", "de"): "Kreuz-Dame",
        ("SA", "french", "de"): "Karo-As", ("BU", "french", "de"): "Pik-Bube",
        ("EO", "french", "en"): "Queen of Clubs", ("SA", "french", "en"): "Ace of Diamonds",
        ("BU", "french", "en"): "Jack of Spades",
    }.items():
        assert got[f"{deck} {lang} {t}"][0] == name


# ---------------------------------------------------------------------- every face
FACES_JS = """
    const parser = new DOMParser();
    const out = [];
    for (const [deck, colors, contrast, lang] of arg) for (const t of m.TOKENS) {
      const s = m.cardSVG(t, {deck, colors, contrast, lang});
      const doc = parser.parseFromString(s, "image/svg+xml");
      const svg = doc.documentElement;
      const idx = svg.querySelector(":scope > g.cf-idx > text");
      out.push({
        key: [deck, colors, contrast, lang, t].join(" "),
        error: doc.querySelector("parsererror") ? doc.querySelector("parsererror").textContent : "",
        tag: svg.tagName, ns: svg.namespaceURI, viewBox: svg.getAttribute("viewBox"),
        role: svg.getAttribute("role"), label: svg.getAttribute("aria-label"),
        width: svg.getAttribute("width"), height: svg.getAttribute("height"),
        ids: doc.querySelectorAll("[id]").length,
        indices: svg.querySelectorAll("g.cf-idx").length,
        index: idx ? idx.textContent : null, ink: idx ? idx.getAttribute("fill") : null,
        size: idx ? Number(idx.getAttribute("font-size")) : 0,
        face: svg.querySelector(".cf-face").getAttribute("fill"),
      });
    }
    return out;"""


def test_every_face_in_every_option_combination(page: Page) -> None:
    combos = [[d, c, k, lang] for d, c, k in STYLES for lang in LANGS]
    faces = page.run(FACES_JS, combos)
    assert len(faces) == len(combos) * 28
    for f in faces:
        deck, _colors, style, lang, t = f["key"].split()
        assert f["error"] == "", f
        assert (f["tag"], f["ns"]) == ("svg", "http://www.w3.org/2000/svg"), f
        assert f["viewBox"] == "0 0 200 300", f
        assert f["role"] == "img", f
        assert f["label"] == expected_name(t, deck, lang), f
        # no fixed size (the table sizes it with CSS) and no ids (faces share one document)
        assert f["width"] is None and f["height"] is None and f["ids"] == 0, f
        assert f["indices"] == 2, f   # top left and, turned, bottom right
        assert f["index"] == expected_index(t, deck, lang), f
        # readable index: at least 22% of the card's width tall, more in high contrast
        assert f["size"] >= (48 if style == "high" else 44), f
        assert contrast(f["ink"], f["face"]) >= (7 if style == "high" else 4.5), f


def test_colour_schemes(page: Page) -> None:
    faces = page.run(FACES_JS, [[d, c, k, "de"] for d, c, k in STYLES])
    ink = {(*f["key"].split()[:3], f["key"].split()[4][0]): f["ink"] for f in faces}

    def hue(colour: str) -> str:
        r, g, b = rgb(colour)
        if max(r, g, b) - min(r, g, b) < 0.15:
            return "black"
        return "red" if r >= max(g, b) else "green" if g >= b else "blue"

    for style in CONTRASTS:
        std = {s: hue(ink["french", "standard", style, s]) for s in SUITS}
        four = {s: hue(ink["french", "four", style, s]) for s in SUITS}
        assert std == {"E": "black", "B": "black", "H": "red", "S": "red"}, std
        assert four == {"E": "green", "B": "black", "H": "red", "S": "blue"}, four
        for colors in COLORS:
            german = [ink["german", colors, style, s] for s in SUITS]
            assert len(set(german)) == 4, german   # every German suit has its own colour
    # one suit's index colour is the same on all its cards
    for key in STYLES:
        for s in SUITS:
            assert len({f["ink"] for f in faces if f["key"].split()[:3] == list(key)
                        and f["key"].split()[4][0] == s}) == 1


def test_unknown_tokens_and_options_throw(page: Page) -> None:
    got = page.run("""
        const bad = ["", "X7", "E8", "e7", "ea", "EA ", " EA", "H1", "H100", "E10 ", "SOO",
                     "A", "10", "EA\\u0000", "ＥA", null, undefined, 7, {}, [], true,
                     "x".repeat(1000000)];
        const out = [];
        for (const [name, fn] of [["cardSVG", m.cardSVG], ["cardName", m.cardName],
                                  ["cardIndex", m.cardIndex]]) {
          for (const t of bad) {
            try { out.push([name, String(fn(t)).slice(0, 40), ""]); }
            catch (e) { out.push([name, e instanceof Error, e.message]); }
          }
        }
        const opts = [{deck: "italian"}, {colors: "five"}, {contrast: "max"}, {lang: "fr"},
                      {deck: 1}, "german", 5];
        for (const o of opts) {
          for (const [name, fn] of [["cardSVG", (x) => m.cardSVG("EA", x)],
                                    ["cardBackSVG", (x) => m.cardBackSVG(x)],
                                    ["cardName", (x) => m.cardName("EA", x)]]) {
            try { out.push([name, String(fn(o)).slice(0, 40), ""]); }
            catch (e) { out.push([name, e instanceof Error, e.message]); }
          }
        }
        return out;""")
    assert len(got) == 3 * 22 + 7 * 3
    for name, is_error, message in got[:66]:
        assert is_error is True, (name, is_error)
        assert message.startswith("cardfaces: unknown card token"), message
        assert len(message) < 200, message   # a huge token is not echoed in full
    for name, is_error, message in got[66:]:
        assert is_error is True, (name, is_error)
        assert "unknown" in message or "must be an object" in message, message


# Near misses of real tokens (other case, other ranks, stray blanks) and free text.
NEAR_TOKENS = st.builds(
    lambda pre, suit, rank, post: pre + suit + rank + post,
    st.sampled_from(["", "", "", " "]), st.sampled_from("EBHSebhsXZ"),
    st.sampled_from(["A", "10", "K", "O", "U", "9", "7", "a", "k", "o", "u", "1", "8", "100",
                     "D", "Q", "J", "AA", ""]),
    st.sampled_from(["", "", "", " ", "\n", "\u0000"]))
ANY_TOKEN = st.one_of(NEAR_TOKENS, st.text(alphabet="EBHSAKOU0179 ebhs\u0000é", max_size=5))


@settings(max_examples=30, deadline=None)
@given(st.lists(ANY_TOKEN, min_size=1, max_size=60))
def test_exactly_the_28_tokens_are_accepted(module_page: Page, tokens: list[str]) -> None:
    got = module_page.page.evaluate("""(tokens) => tokens.map((t) => {
        try { return window.cf.cardSVG(t).startsWith("<svg ") ? "svg" : "garbage"; }
        catch (e) { return e instanceof Error ? e.message : "not an Error"; } })""", tokens)
    for token, result in zip(tokens, got, strict=True):
        if token in TOKENS:
            assert result == "svg", token
        else:
            assert result.startswith("cardfaces: unknown card token"), (token, result)


def test_card_backs(page: Page) -> None:
    got = page.run("""
        const parser = new DOMParser();
        const out = [];
        for (const deck of ["german", "french"]) for (const contrast of ["normal", "high"])
          for (const lang of ["de", "en"]) {
            const back = m.cardBackSVG({deck, contrast, lang});
            const doc = parser.parseFromString(back, "image/svg+xml");
            const svg = doc.documentElement;
            out.push([lang, !doc.querySelector("parsererror"), svg.getAttribute("viewBox"),
                      svg.getAttribute("role"), svg.getAttribute("aria-label"),
                      doc.querySelectorAll("[id]").length]);
          }
        out.push(["default", m.cardBackSVG() === m.cardBackSVG({deck: "german"})]);
        return out;""")
    assert got.pop() == ["default", True]
    for lang, ok, view_box, role, label, ids in got:
        assert ok and view_box == "0 0 200 300" and role == "img" and ids == 0
        assert label == ("Kartenrückseite" if lang == "de" else "Card back")


# ---------------------------------------------------------------------- the gallery
def test_gallery_shows_every_card_in_every_style(page: Page) -> None:
    for lang in LANGS:
        p = page.gallery(f"?lang={lang}")
        for deck, colors, style in STYLES:
            sec = f"#{deck}-{colors}-{style}"
            for row in ("phone", "desktop"):
                labels = p.eval_on_selector_all(f"{sec} .row.{row} svg.cardface",
                                                "els => els.map(e => e.ariaLabel)")
                assert labels == [expected_name(t, deck, lang) for t in TOKENS], (sec, row)
            assert p.locator(f"{sec} svg.cardback").count() == 3
        assert p.evaluate("window.cardfacesGallery.faces") == 8 * 28


def test_index_identifies_a_fanned_card(page: Page) -> None:
    """Fanned, only the left 35% of a card shows: the top-left index must lie inside it, and
    at phone size (55 px wide) its rank is drawn at 12 px or more."""
    p = page.gallery("?lang=en")
    boxes = p.eval_on_selector_all("section .row.phone svg.cardface", """els => els.map(svg => {
        const r = svg.getBoundingClientRect();
        const i = svg.querySelector(':scope > g.cf-idx').getBoundingClientRect();
        const text = svg.querySelector(':scope > g.cf-idx > text');
        const px = Number(text.getAttribute('font-size')) * r.width / 200;
        return [svg.getAttribute('aria-label'), r.width, (i.right - r.left) / r.width,
                (i.left - r.left) / r.width, (i.top - r.top) / r.height, px];
    })""")
    assert len(boxes) == 8 * 28
    for label, width, right, left, top, px in boxes:
        assert width == pytest.approx(55)
        assert left > 0 and right <= 0.35, (label, left, right)
        assert 0 < top < 0.1, (label, top)
        assert px >= 12, (label, px)


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_screenshots(browser: Any, base_url: str) -> None:
    """Photographs every style to build/screenshots/: phone and desktop sizes, the fan and the
    backs at a desktop's pixel density (1x) on the green table; the phone size alone at a
    phone's density (2x) on a dark table, in English."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    shots: list[Path] = []
    for scale, query in ((1, "?lang=de&bg=felt"), (2, "?lang=en&bg=dark&size=phone")):
        page = Page(browser, base_url, scale)
        p = page.gallery(query)
        for deck, colors, style in STYLES:
            path = SHOTS / f"{deck}-{colors}-{style}@{scale}x.png"
            p.locator(f"#{deck}-{colors}-{style}").screenshot(path=path)
            shots.append(path)
        page.page.close()
        assert page.errors == [], page.errors
    for path in shots:
        width, height = _png_size(path)
        assert width > 1000 and height > 300, (path, width, height)
