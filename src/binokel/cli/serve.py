"""``binokel serve``: the web game on a real server (uvicorn), SQLite by default."""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
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
    p.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                   help="a reverse proxy (address or network) whose X-Forwarded-For and "
                        "X-Forwarded-Proto are believed; repeatable. Without it forwarded "
                        "headers are ignored, from anyone")
    p.add_argument("--per-client", type=int, default=None, metavar="N",
                   help="what one client address may hold: tables created at once, waiting "
                        "tables, WebSockets (default 10, 10, 32). For load tests, where "
                        "every client comes from one address")
    p.add_argument("--request-timeout", type=float, default=None, metavar="SECONDS",
                   help="seconds a client has from connecting (or from the last answer) to a "
                        "complete request, headers and body, 1 to 300 (default 15)")
    p.add_argument("--connections-per-address", type=int, default=None, metavar="N",
                   help="open HTTP connections one client address may hold, 1 to 100000 "
                        "(default 64; the --trusted-proxy addresses are not counted)")
    p.add_argument("--hint-budget", type=int, default=None, metavar="NODES",
                   help="solver nodes one hint may search, 1000 to 20000000 (default "
                        "200000, well under a second; about 20000000 lets the strong Binokel "
                        "player simulate a bid, a second or two of a core)")
    p.set_defaults(handler=cmd_serve)


def uvicorn_options(args: argparse.Namespace) -> dict[str, Any]:
    """How uvicorn runs the app: forwarded headers only from the configured proxies, and
    WebSocket frames no larger than the protocol allows (uvicorn refuses bigger ones before
    they are read whole)."""
    import resource

    from ..web.conn import PER_ADDRESS
    from ..web.conn import REQUEST_TIMEOUT
    from ..web.conn import concurrency_limit
    from ..web.conn import guarded_http
    from ..web.guard import MAX_MESSAGE
    from ..web.guard import check_proxies

    proxies = check_proxies(list(args.trusted_proxy))
    timeout = getattr(args, "request_timeout", None) or REQUEST_TIMEOUT
    per_address = getattr(args, "connections_per_address", None) or PER_ADDRESS
    if not 1 <= timeout <= 300:
        raise ValueError("--request-timeout must be 1 to 300 seconds")
    if not 1 <= per_address <= 100_000:
        raise ValueError("--connections-per-address must be 1 to 100000")
    return {"host": args.host, "port": args.port, "log_level": "warning",
            "ws_max_size": 4 * MAX_MESSAGE,   # UTF-8: up to 4 bytes a character
            "proxy_headers": bool(proxies),
            "forwarded_allow_ips": ",".join(proxies) if proxies else "",
            "server_header": False,
            # a deadline for every request and a limit of connections per address
            "http": guarded_http(timeout, per_address, proxies),
            # 503 to new connections well before the open files run out
            "limit_concurrency": concurrency_limit(
                resource.getrlimit(resource.RLIMIT_NOFILE)[0])}


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from ..hints import MAX_HINT_BUDGET
    from ..web.app import create_app
    from ..web.conn import open_files
    from ..web.store import DatabaseInUse
    from ..web.store import claim_sqlite
    from ..web.store import default_database_url
    from ..web.tables import Limits

    try:
        if args.hint_budget is not None and not 1000 <= args.hint_budget <= MAX_HINT_BUDGET:
            raise ValueError(f"--hint-budget must be 1000..{MAX_HINT_BUDGET}")
        open_files()   # as many as the system allows this process
        options = uvicorn_options(args)
        # Refused here with a clear message rather than in the app's startup.
        claim = claim_sqlite(args.database_url or default_database_url())
    except (ValueError, DatabaseInUse) as e:
        print(f"binokel serve: {e}", file=sys.stderr)
        return 2
    if claim is not None:
        claim.close()
    limits = Limits()
    if args.per_client is not None:
        limits = limits.per_client(args.per_client)
    if args.hint_budget is not None:
        limits = dataclasses.replace(limits, hint_budget=args.hint_budget)
    app = create_app(args.database_url, bot_delay=args.bot_delay, limits=limits)
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0") else args.host
    print(f"Binokel is served at http://{shown}:{args.port}/  (Ctrl+C stops)", flush=True)
    uvicorn.run(app, **options)
    return 0
