"""pytest: the OpenSpiel and PettingZoo modules are collected (for their doctests) only where
the optional extra ``research`` is installed."""

from __future__ import annotations

import importlib.util

collect_ignore = [name for name, needs in (("openspiel.py", "pyspiel"),
                                           ("pettingzoo.py", "pettingzoo"))
                  if importlib.util.find_spec(needs) is None]
