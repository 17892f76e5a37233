"""The package root: neutral and light (``import binokel`` loads no game), yet every public
name is there on first use."""

from __future__ import annotations

import subprocess
import sys

import pytest

import binokel


def test_importing_the_root_loads_no_game_and_no_tool() -> None:
    code = "import sys, binokel; print(sorted(m for m in sys.modules if 'binokel' in m))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "['binokel']"


def test_every_public_name_is_the_one_its_module_defines() -> None:
    from binokel.core.cards import parse_card
    from binokel.games.binokel.state import DealState
    from binokel.registry import find_game

    assert binokel.DealState is DealState and binokel.find_game is find_game
    assert binokel.parse_card is parse_card
    for name in binokel.__all__:
        assert getattr(binokel, name) is not None
        assert name in dir(binokel)
    with pytest.raises(AttributeError, match="no attribute 'DealStat'"):
        binokel.DealStat  # noqa: B018
