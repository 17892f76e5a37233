"""``python -m binokel.cli``: the same as ``binokel``."""

import sys

from . import main

sys.exit(main())
