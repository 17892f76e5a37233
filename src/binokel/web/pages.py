"""The web game's HTML pages: one shell (language, viewport, colour scheme, stylesheet, the
browser's words) around each page's body, so that every page starts the same way and a
change to the head is made once.

A page's body is a fragment in ``static/`` (``table.body.html`` for the lobby and the tables,
``docs.body.html`` for the score pad and the tournaments); its scripts are ES modules that
the Content-Security-Policy allows (no inline script).

Every page carries the browser's words, German and English, as a JSON data block (``<script
type="application/json" id="words">``: data, not a script, so the policy has nothing to
forbid): the client's own words (``texts.toml`` beside this module) and the score pad's and
the tournaments' ([page] of ``tournament/texts.toml``), one dictionary for the one ``t()`` of
``static/words.js``. In the page, so that the first drawing has its words without waiting
for a request, and a switch of language needs none.

>>> html = page("table.body.html", "style.css")
>>> html.startswith("<!doctype html>"), 'href="/static/style.css"' in html
(True, True)
>>> WORDS["en"]["newTable"], WORDS["de"]["pad_title"]
('New table', 'Schreibblock')
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse

from ..core.texts import LANGUAGES
from ..core.texts import by_language
from ..core.texts import load_texts
from ..tournament.texts import PAGE

STATIC = Path(__file__).parent / "static"

SHELL = """<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="light dark">
<title>Binokel</title>
<link rel="icon" href="/favicon.ico" sizes="48x48">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/{stylesheet}">
<script type="application/json" id="words">{words}</script>
</head>
<body>
{body}</body>
</html>
"""


def merge_words(*sources: Mapping[str, Mapping[str, str]]) -> dict[str, dict[str, str]]:
    """One dictionary per language from ``sources`` (each language -> key -> words); a key
    in two sources is an error, since one ``t(key)`` could say only one of them.

    >>> merge_words({"de": {"a": "A"}, "en": {"a": "a"}}, {"de": {"b": "B"}, "en": {"b": "b"}})
    {'de': {'a': 'A', 'b': 'B'}, 'en': {'a': 'a', 'b': 'b'}}
    >>> merge_words({"de": {"a": "A"}, "en": {"a": "a"}}, {"de": {"a": "X"}, "en": {"a": "x"}})
    Traceback (most recent call last):
    ...
    ValueError: the browser's words: 'a' is in two texts files
    """
    out: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
    for source in sources:
        for lang in LANGUAGES:
            for key, text in source[lang].items():
                if key in out[lang]:
                    raise ValueError(f"the browser's words: {key!r} is in two texts files")
                out[lang][key] = text
    return out


BROWSER = by_language(load_texts(__package__ or "binokel.web")["browser"])
WORDS = merge_words(BROWSER, PAGE)


def words_json() -> str:
    """The words as a JSON data block's text: ``<`` escaped, so that no text can end the
    block (``</script>``) or open a comment in it."""
    return json.dumps(WORDS, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


@cache
def page(body: str, stylesheet: str) -> str:
    """The page whose body is the fragment ``static/<body>``, styled by ``stylesheet``."""
    return SHELL.format(stylesheet=stylesheet, words=words_json(),
                        body=(STATIC / body).read_text(encoding="utf-8"))


def page_response(body: str, stylesheet: str) -> HTMLResponse:
    return HTMLResponse(page(body, stylesheet))


async def doc_page(request: Request) -> HTMLResponse:
    """The one page of the score pad, the club and duplicate tournaments, the season, the
    account, the ratings, a player and the friends: ``docs.body.html``, whose
    ``docpage.js`` loads the script that the address names."""
    return page_response("docs.body.html", "pad.css")


__all__ = ["BROWSER", "WORDS", "doc_page", "merge_words", "page", "page_response",
           "words_json"]
