"""``binokel admin``: the server operator's look at reports, and suspensions of accounts.

``binokel admin reports`` lists the players' reports, newest first; ``binokel admin reports
show N`` prints report N with the table's chat as it stood and a link to the deal's record.
``binokel admin suspend NAME --days N --reason TEXT`` suspends an account: its sessions end
at once, a login is refused with the end date and the reason until then, and the server
leaves its seats at running tables to a stand-in within seconds (a server that is not
running does it when it starts). ``binokel admin unsuspend NAME`` ends a suspension.

They work on the server's database: ``--database-url`` (default: ``BINOKEL_DATABASE_URL``,
else ``sqlite:///binokel.sqlite3``, as ``binokel serve``), alongside a running server.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from .common import UserError


def register(sub: Any) -> None:
    p = sub.add_parser("admin", help="reports and suspensions (the server's operator)",
                       description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--database-url", default=os.environ.get("BINOKEL_DATABASE_URL"),
                   help="the server's database (default: BINOKEL_DATABASE_URL, else "
                        "sqlite:///binokel.sqlite3)")
    p.add_argument("--base-url", default="", metavar="URL",
                   help="the server's address, for the record links (e.g. "
                        "https://binokel.example)")
    acts = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    r = acts.add_parser("reports", help="list the reports, newest first (show N: one)")
    r.add_argument("show", nargs="?", choices=["show"], help="print one report")
    r.add_argument("number", nargs="?", type=int, help="the report's number")
    r.add_argument("--limit", type=int, default=50, help="how many to list (default 50)")
    s = acts.add_parser("suspend", help="suspend an account")
    s.add_argument("name")
    s.add_argument("--days", type=int, required=True)
    s.add_argument("--reason", required=True)
    u = acts.add_parser("unsuspend", help="end an account's suspension")
    u.add_argument("name")
    p.set_defaults(handler=cmd_admin)


def cmd_admin(args: argparse.Namespace) -> int:
    from ..web.guard import WebError
    from ..web.moderation import Moderation
    from ..web.social import tool_sessions
    from ..web.store import default_database_url

    db = tool_sessions(args.database_url or default_database_url())
    try:
        social = Moderation(db)
        if args.action == "reports":
            if args.show:
                if args.number is None:
                    raise UserError("reports show needs the report's number")
                show(social, args.number, args.base_url)
            elif args.number is not None:
                raise UserError("say reports show N for one report")
            else:
                listing(social, args.limit)
        elif args.action == "suspend":
            account, until = social.suspend(args.name, args.days, args.reason)
            print(f"{account.name} ({account.id}) is suspended until "
                  f"{until.isoformat(timespec='minutes')}; the sessions ended, and the "
                  "server leaves the account's seats to stand-ins")
        else:
            account = social.unsuspend(args.name)
            print(f"{account.name} may log in again")
    except WebError as e:
        raise UserError(str(e)) from None
    finally:
        db.close()
    return 0


def listing(social: Any, limit: int) -> None:
    rows = social.reports(max(1, min(limit, 1000)))
    if not rows:
        print("no reports")
    for r in rows:
        print(f"{r.id:>5}  {r.created_at:%Y-%m-%d %H:%M}  {r.game:<12} table {r.table_id} "
              f"deal {r.deal_number}  {r.reporter_name or 'guest'} -> {r.reported_name}: "
              f"{r.reason[:60]}")


def show(social: Any, number: int, base: str) -> None:
    r = social.report_row(number)
    if r is None:
        raise UserError(f"there is no report {number}")
    link = f"{base.rstrip('/')}/api/tables/{r.table_id}/deals/{r.deal_number}/record"
    print(f"report {r.id} of {r.created_at:%Y-%m-%d %H:%M} UTC")
    print(f"by:       {r.reporter_name or 'a guest'}"
          f"{f' (account {r.reporter_id})' if r.reporter_id else ''}")
    print(f"about:    {r.reported_name} at seat {r.seat + 1}"
          f"{f' (account {r.reported_id})' if r.reported_id else ' (a guest)'}")
    print(f"table:    {r.table_id} ({r.game}), deal {r.deal_number}"
          f"{'' if r.deal_over else ' (still being played when reported)'}")
    print(f"reason:   {r.reason}")
    print(f"record:   {link}" + ("" if r.deal_over else " (once the deal is over)"))
    print(f"replay:   {base.rstrip('/')}/t/{r.table_id}#replay={r.deal_number}.0")
    print("chat:")
    for line in r.chat or []:
        print(f"  {line.get('at', '')[11:16]}  {line.get('name', '')}: {line.get('text', '')}")
    if not r.chat:
        print("  (none)")


__all__ = ["register"]
