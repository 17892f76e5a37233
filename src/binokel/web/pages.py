"""The web game's HTML pages: one shell (language, viewport, colour scheme, stylesheet) around
each page's body, so that every page starts the same way and a change to the head is made once.

A page's body is a fragment in ``static/`` (``table.body.html`` for the lobby and the tables,
``docs.body.html`` for the score pad and the club tournament); its scripts are ES modules that
the Content-Security-Policy allows (no inline script).

>>> html = page("table.body.html", "style.css")
>>> html.startswith("<!doctype html>"), 'href="/static/style.css"' in html
(True, True)
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from starlette.responses import HTMLResponse

STATIC = Path(__file__).parent / "static"

SHELL = """<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="light dark">
<title>Binokel</title>
<link rel="stylesheet" href="/static/{stylesheet}">
</head>
<body>
{body}</body>
</html>
"""


@cache
def page(body: str, stylesheet: str) -> str:
    """The page whose body is the fragment ``static/<body>``, styled by ``stylesheet``."""
    return SHELL.format(stylesheet=stylesheet, body=(STATIC / body).read_text(encoding="utf-8"))


def page_response(body: str, stylesheet: str) -> HTMLResponse:
    return HTMLResponse(page(body, stylesheet))


__all__ = ["page", "page_response"]
