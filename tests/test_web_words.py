"""The browser's words: one dictionary for every page (web/pages.py writes it into each page
from ``web/texts.toml`` and [page] of ``tournament/texts.toml``), read by the one ``t()`` of
``static/words.js``. A word cannot be missing in one language, asked for by a script and
missing, in two files at once, or left behind when no script uses it any more.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from binokel.tournament.texts import PAGE
from binokel.web.pages import BROWSER
from binokel.web.pages import WORDS
from binokel.web.pages import merge_words
from binokel.web.pages import page
from binokel.web.pages import words_json

STATIC = Path(__file__).resolve().parents[1] / "src" / "binokel" / "web" / "static"
SCRIPTS = sorted(STATIC.glob("*.js"))

# Words a script asks for by a key it builds: the family's prefix and where it is built.
FAMILIES = {
    "err_": "words.js",       # errorText: err_<code>
    "why_": "words.js",       # errorText: why_<reason>
    "chatErr_": "side.js",    # chatErr_<code>
    "hintErr_": "session.js",  # hintErr_<code>
    "set_": "app.js",         # the settings menu: set_<key>, set_<key>_<value>
}


def literal_keys(text: str) -> set[str]:
    """The keys a script passes to ``t`` (or ``this.t``) as a string literal."""
    return set(re.findall(r"\bt\(\s*\"([A-Za-z_][A-Za-z0-9_]*)\"", text))


def test_every_word_a_script_asks_for_is_there() -> None:
    missing = {(path.name, key) for path in SCRIPTS
               for key in literal_keys(path.read_text(encoding="utf-8"))
               if key not in WORDS["de"]}
    assert not missing, sorted(missing)
    assert len(literal_keys("".join(p.read_text(encoding="utf-8") for p in SCRIPTS))) > 150


def test_both_languages_have_every_word_with_the_same_placeholders() -> None:
    assert set(WORDS["de"]) == set(WORDS["en"])
    for key, de in WORDS["de"].items():
        en = WORDS["en"][key]
        assert de.strip() and en.strip(), key
        assert sorted(re.findall(r"\{(\w+)\}", de)) == sorted(re.findall(r"\{(\w+)\}", en)) \
            or key.startswith("why_"), key   # why_: a language's own params (..._de, ..._en)


def test_no_key_is_in_both_texts_files() -> None:
    """One ``t(key)`` says one thing: the client's words and the pad's do not overlap (a key
    in both would make the server refuse to start, see merge_words)."""
    assert not set(BROWSER["de"]) & set(PAGE["de"])
    assert merge_words(BROWSER, PAGE) == WORDS
    with pytest.raises(ValueError, match="'pad_title' is in two texts files"):
        merge_words(BROWSER, PAGE, {"de": {"pad_title": "x"}, "en": {"pad_title": "x"}})


def test_every_word_of_the_client_is_used() -> None:
    """A word of ``web/texts.toml`` is asked for by a script, literally or by a family whose
    key the script builds (``err_<code>``): no word stays behind when its use goes."""
    text = {path.name: path.read_text(encoding="utf-8") for path in SCRIPTS}
    every = "".join(text.values())
    for prefix, script in FAMILIES.items():
        assert f"`{prefix}${{" in text[script], (prefix, script)
    unused = [key for key in BROWSER["de"]
              if not key.startswith(tuple(FAMILIES)) and f'"{key}"' not in every]
    assert not unused, unused


def test_every_page_carries_the_words_as_data() -> None:
    """The words are a JSON data block in the page (no script for the CSP to refuse), and no
    text in them can end the block."""
    for body, css in (("table.body.html", "style.css"), ("docs.body.html", "pad.css")):
        html = page(body, css)
        found = re.search(r'<script type="application/json" id="words">(.*?)</script>', html,
                          re.S)
        assert found is not None
        assert json.loads(found.group(1)) == WORDS
    assert "<" not in words_json()
    assert json.loads(words_json().replace("\\u003c", "<")) == WORDS
