"""The command line of a hosted server: ``jantaku serve``'s proxy and operator options, and
``jantaku backup`` / ``jantaku check-db`` (docs/deploy.md)."""

from __future__ import annotations

import argparse
import json

from .ops import Deployment
from .proxy import HEADERS


def add_serve_arguments(s: argparse.ArgumentParser) -> None:
    """``--public-url``, ``--trusted-proxy`` and the operator pages' restrictions."""
    s.add_argument(
        "--public-url",
        help="the site players open, e.g. https://mahjong.example.org (its pages may connect)",
    )
    s.add_argument(
        "--trusted-proxy",
        nargs="+",
        action="extend",
        default=[],
        metavar="ADDR",
        help="addresses or networks of reverse proxies whose forwarded header gives the "
        "client's address (e.g. 127.0.0.1 ::1); without it no forwarded header is believed",
    )
    s.add_argument(
        "--proxy-header",
        choices=HEADERS,
        default="x-forwarded-for",
        help="the header the trusted proxies name the client in (default x-forwarded-for, "
        "as Caddy sends)",
    )
    for page in ("healthz", "metrics"):
        s.add_argument(
            f"--{page}-from",
            nargs="+",
            action="extend",
            default=[],
            metavar="ADDR",
            help=f"who may read /{page}: addresses, networks, or 'proxy' (the trusted "
            "proxies' own machines); default anyone",
        )


def deployment_of(args: argparse.Namespace) -> Deployment:
    return Deployment(
        public_url=args.public_url,
        trusted_proxies=tuple(args.trusted_proxy),
        proxy_header=args.proxy_header,
        healthz_from=tuple(args.healthz_from),
        metrics_from=tuple(args.metrics_from),
    )


def add_backup_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    b = sub.add_parser("backup", help="copy a live server's database (SQLite online backup)")
    b.add_argument("--db", required=True, help="the server's database file")
    b.add_argument("--out", required=True, help="the copy to write (a new file)")
    b.add_argument("--json", action="store_true")
    b.set_defaults(func=cmd_backup)

    c = sub.add_parser("check-db", help="integrity check of a database; its tables and sessions")
    c.add_argument("db", help="a database file (a server's or a backup)")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=cmd_check_db)


def _fail(message: str) -> int:
    print(json.dumps({"error": message}, ensure_ascii=False))
    return 2


def cmd_backup(args: argparse.Namespace) -> int:
    from .backup import BackupError, backup, describe

    try:
        found = backup(args.db, args.out)
    except (BackupError, OSError) as e:
        return _fail(str(e))
    print(json.dumps(found.as_json(), ensure_ascii=False) if args.json else describe(found))
    return 0


def cmd_check_db(args: argparse.Namespace) -> int:
    from .backup import BackupError, describe, inspect

    try:
        found = inspect(args.db)
    except (BackupError, OSError) as e:
        return _fail(str(e))
    print(json.dumps(found.as_json(), ensure_ascii=False) if args.json else describe(found))
    return 0 if found.ok else 1
