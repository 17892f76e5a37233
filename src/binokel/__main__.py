"""``python -m binokel``: the same as the ``binokel`` command."""

import sys

from .cli import main

sys.exit(main())
