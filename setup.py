"""The build: the search core in C, and optionally the engine core compiled with mypyc.

``binokel.search._core`` (src/binokel/search/_core.c) is built by every install, editable or
not; it is optional: a machine without a C compiler still installs, and ``binokel.search``
then runs its pure-Python reference.

``BINOKEL_COMPILE=1 pip install .`` also compiles the engine core with mypyc. The pure-Python
engine is the default (and what an editable install uses, so that edits take effect at once);
the compiled one runs the same code about twice as fast (the old solver about three times).
"""

import os

from setuptools import Extension, setup

# The hot path: card sets and the trick, the state base, Binokel's deal and the family's
# meld finder
# (scripts/check-compiled compiles the same list).
CORE = ["core/cards", "core/trick", "core/outcome", "core/state", "games/binokel/deal",
        "games/binokel/bidding", "games/binokel/declarer", "games/family/melds",
        "games/binokel/scoring", "games/binokel/state"]

ext_modules = [
    Extension(
        "binokel.search._core",
        sources=["src/binokel/search/_core.c"],
        optional=True,
        extra_compile_args=["-O3"] if os.name != "nt" else ["/O2"],
    )
]
if os.environ.get("BINOKEL_COMPILE") == "1":
    from mypyc.build import mypycify

    ext_modules += mypycify([f"src/binokel/{m}.py" for m in CORE], opt_level="3")

setup(ext_modules=ext_modules)
