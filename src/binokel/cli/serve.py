"""``binokel serve``: the web game on a real server (uvicorn), SQLite by default."""

from __future__ import annotations

import argparse
import os
from typing import Any


def register(sub: Any) -> None:
    p = sub.add_parser("serve", help="start the web game (open the printed address)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--database-url", default=os.environ.get("BINOKEL_DATABASE_URL"),
                   help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db "
                        "(default: sqlite:///binokel.sqlite3; env BINOKEL_DATABASE_URL)")
    p.add_argument("--bot-delay", type=float, default=0.6,
                   help="seconds a computer player waits before it moves")
    p.set_defaults(handler=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from ..web.app import create_app

    app = create_app(args.database_url, bot_delay=args.bot_delay)
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0") else args.host
    print(f"Binokel is served at http://{shown}:{args.port}/  (Ctrl+C stops)", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning",
                ws_max_size=1 << 16)
    return 0
