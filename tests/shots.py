"""Screenshots of the browser tests, for people to look at: written only with
``BINOKEL_SCREENSHOTS=1`` in the environment.

No test compares them, and a full-page screenshot costs Chromium about a second: taken on
every run they were a fifth of CI's browser tier. Whoever changes what a player sees runs the
browser tests of that page with the variable set and looks at the files (CONTRIBUTING.md).
A test that fails still photographs its pages (``test_web_e2e.stuck_report``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

WANTED = bool(os.environ.get("BINOKEL_SCREENSHOTS"))


def take(target: Any, path: Path | str, **options: Any) -> None:
    """``target.screenshot(path=path, **options)`` (a page or a locator) when screenshots
    are wanted; the folder is made as needed."""
    if not WANTED:
        return
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    target.screenshot(path=str(path), **options)
