"""``python -m guesswho_apps class``: class sessions in a class store (guesswho_apps.classroom).

* ``class start --store class.db`` starts a session: prints the class code, the students' address and the
  teacher's link with the teacher's token (printed this once: the store keeps only its hash);
* ``class list --store class.db`` lists the sessions (code, dates, games, players; never a token);
* ``class tally --store class.db --code K7QMD`` prints a session's tally as JSON (the file is the teacher's);
* ``class delete --store class.db --code K7QMD`` deletes a session and its games; ``--expired`` deletes the
  sessions older than 30 days (the class server does it when it starts).
"""

from __future__ import annotations

import json
from urllib.parse import quote

from ..classroom import KEEP_DAYS, ClassStore, SessionError, StoreUnavailable, activity_address, readable
from guesswho_lib.cli.options import UsageError
from guesswho_lib.rules import plural

__all__ = ["HELP", "add_arguments", "run"]

HELP = "class sessions for the class server: start one, list them, print a tally, delete one"
ACTIONS = ("start", "list", "tally", "delete")


def add_arguments(p) -> None:
    p.add_argument("action", choices=ACTIONS, help="start a session, list the sessions, print a session's "
                                                   "tally (JSON), or delete a session and its games")
    p.add_argument("--store", required=True, help="the class store: a file (SQLite, made if new, e.g. class.db) "
                                                  "or a postgresql:// address; the class server's "
                                                  "--class-store")
    p.add_argument("--code", help="the session (tally, delete)")
    p.add_argument("--expired", action="store_true", help=f"delete: every session older than {KEEP_DAYS} days")
    p.add_argument("--server", default="http://127.0.0.1:8866/", help="the class server's address, for the "
                                                                     "printed links (default: %(default)s)")


def _store(location: str, create: bool) -> ClassStore:
    try:
        store = ClassStore(location)
        if create:
            store.create()
        return store
    except (ValueError, StoreUnavailable) as e:
        raise UsageError(f"--store: {e}") from None


def run(args) -> int:
    store = _store(args.store, create=args.action == "start")
    server = args.server.rstrip("/") + "/"
    try:
        if args.action == "start":
            session = store.start_session()
            print(f"Class session started: class code {session.code} "
                  f"(takes games until {readable(session.open_until)}).")
            print(f"Students open {server}?class={session.code} (or type the code in the game page); the (4, 4) "
                  f"activity: {server}{activity_address(session.code)}")
            print("The teacher's page (keep this link to yourself: it holds the teacher's token, shown only now):")
            print(f"  {server}class/teacher#code={session.code}&token={quote(session.token)}")
            where = store.location if store.dialect.name == "sqlite" else args.store
            print(f"Serve the game with: python -m guesswho_apps serve --ip 0.0.0.0 --class-store {where}")
        elif args.action == "list":
            sessions = store.sessions()
            for s in sessions:
                print(f"{s['code']}  started {s['started']}  takes games until {s['open_until']}  deleted after "
                      f"{s['delete_after']}  {plural(s['games'], 'game')}, {plural(s['players'], 'player')}")
            print(f"{plural(len(sessions), 'session')} in {store!r}")
        elif args.action == "tally":
            if not args.code:
                raise UsageError("tally: give the session with --code")
            print(json.dumps(store.tally(args.code), indent=1))
        elif args.expired:
            print(f"deleted: {', '.join(store.purge()) or 'no session older than ' + str(KEEP_DAYS) + ' days'}")
        else:
            if not args.code:
                raise UsageError("delete: give the session with --code, or --expired")
            print(f"deleted class {args.code.upper()} and its {plural(store.delete_session(args.code), 'game')}")
    except SessionError as e:
        raise UsageError(f"--code: {e}") from None
    except StoreUnavailable as e:
        raise UsageError(f"--store: {e}") from None
    return 0
