"""The browser client's JSDoc types hold (TypeScript's checker over the plain JavaScript, as
``jsconfig.json`` says; nothing is built or bundled): the table component's small API
(``Position``, ``Look``, ``Intent`` in ``static/table.js``), the foundation (``net.js``,
``words.js``, ``prefs.js``) and the pages on it are used as they are typed.

TypeScript comes from the npm registry (``package.json``; ``scripts/install --dev`` runs
``npm ci``); without it this check is skipped, as the accessibility checks are.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TSC = ROOT / "node_modules" / ".bin" / "tsc"


@pytest.mark.skipif(not TSC.exists(), reason="TypeScript is not installed (npm ci)")
def test_the_client_is_used_as_it_is_typed() -> None:
    done = subprocess.run([str(TSC), "-p", str(ROOT / "jsconfig.json")], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
