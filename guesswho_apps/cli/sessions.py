"""``python -m guesswho_apps class``: class sessions in a class store (guesswho_apps.classroom).

* ``class start`` starts a session: prints the class code, the students' address and the teacher's link with the
  teacher's token (printed this once: the store keeps only its hash);
* ``class list`` lists the sessions in a table (code, dates, games, players; never a token);
* ``class tally --code K7QMD`` prints a session's tally in tables: the (4, 4) activity's two groups, every game
  by settings, the costly moves, who played (``--json``: the teacher's page's data, for a program);
* ``class delete --code K7QMD`` deletes a session and its games; ``--expired`` deletes the sessions older than 30
  days (the class server does it when it starts).

The store is ``--store``, by default ``class.db`` in the current folder: the store of the README's class command
(``serve --class-store class.db``), so that the commands the README prints work as printed from the same folder.
"""

from __future__ import annotations

import json
from urllib.parse import quote

from ..classroom import KEEP_DAYS, ClassStore, SessionError, StoreUnavailable, activity_address, readable
from guesswho_lib.cli.options import UsageError
from guesswho_lib.cli.printing import text_table
from guesswho_lib.rules import plural

__all__ = ["HELP", "add_arguments", "run", "DEFAULT_STORE", "tally_lines"]

HELP = "class sessions for the class server: start one, list them, print a tally, delete one"
ACTIONS = ("start", "list", "tally", "delete")
#: The store the README's class command keeps (serve --class-store class.db), in the current folder.
DEFAULT_STORE = "class.db"


def add_arguments(p) -> None:
    p.add_argument("action", choices=ACTIONS, help="start a session, list the sessions, print a session's "
                                                   "tally, or delete a session and its games")
    p.add_argument("--store", default=DEFAULT_STORE,
                   help="the class store: a file (SQLite, made if new) or a postgresql:// address; the class "
                        "server's --class-store (default: %(default)s, in this folder, as the README's class "
                        "command keeps it)")
    p.add_argument("--code", help="the session (tally, delete)")
    p.add_argument("--json", action="store_true", help="list, tally: print the data as JSON (for a program), "
                                                       "not tables")
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
            if args.json:
                print(json.dumps(sessions, indent=1))
                return 0
            if sessions:
                print("\n".join(text_table(
                    ["code", "started", "takes games until", "deleted after", "games", "players"],
                    [[s["code"], readable(s["started"]), readable(s["open_until"]), readable(s["delete_after"]),
                      s["games"], s["players"]] for s in sessions], right=[4, 5])) + "\n")
            print(f"{plural(len(sessions), 'session')} in {store!r}")
        elif args.action == "tally":
            if not args.code:
                raise UsageError("tally: give the session with --code")
            tally = store.tally(args.code)
            print(json.dumps(tally, indent=1) if args.json else "\n".join(tally_lines(tally)))
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


def _interval(rate: dict) -> str:
    return f"{rate['low_pct']} to {rate['high_pct']}" if rate.get("games") else "-"


def _exact(rate: dict) -> str:
    return f"{rate['expected']} = {rate['expected_pct']}" if "expected" in rate else "-"


def tally_lines(tally: dict) -> list[str]:
    """A session's tally (:func:`guesswho_apps.classroom.tally`) as a teacher reads it in a terminal: a sentence,
    then tables, the numbers aligned."""
    t = tally
    when = f"started {readable(t['started'])}, takes games until {readable(t['open_until'])}"
    if t.get("last_game"):
        when += f", last game {readable(t['last_game'])}"
    lines = [f"Class {t['code']}: {plural(t['games'], 'game')} recorded, {t['wins']} won by the students, "
             f"{plural(t['players'], 'player')}; {when}."]
    left = t["left_out"]
    if left["games"]:
        why = "; ".join(f"{r['games']} {r['text']}" for r in left["reasons"])
        lines.append(f"Left out of every figure below: {plural(left['games'], 'game')} ({why}).")
    activity = t["activity"]
    lines += ["", "The (4, 4) activity: which first question wins more often? (95% intervals: Wilson's)"]
    lines += text_table(
        ["group", "first question", "games", "won", "win rate", "95% interval", "exact expectation"],
        [[g["name"], g["move"], g["games"], g["wins"], g.get("rate_pct", "-"), _interval(g), _exact(g)]
         for g in activity["groups"]], right=[2, 3, 4])
    if activity["other_first_move"]:
        lines.append(f"({plural(activity['other_first_move'], 'game')} of the activity began with a guess: in "
                     "neither group.)")
    lines += ["", "Every game, by settings (chance with best play: the student's, both sides playing their best)"]
    if t["by_settings"]:
        lines += text_table(
            ["rules", "board", "computer", "first", "games", "won", "win rate", "95% interval",
             "chance with best play"],
            [[s["rules"], s["board"], s["computer"], s["first"], s["games"], s["wins"], s.get("rate_pct", "-"),
              _interval(s), _exact(s)] for s in t["by_settings"]], right=[4, 5, 6])
    else:
        lines.append("No game yet.")
    costs = t["costs"]
    lines += ["", f"The students' moves: {costs['moves']}, of which {costs['optimal']} cost nothing and "
                  f"{costs['costly']} gave away some of their chance."]
    if costs["mistakes"]:
        lines += text_table(["position (you, computer)", "rules", "board", "move", "best move", "exact cost", "times"],
                            [[f"({m['you']}, {m['computer']})", m["rules"], m["board"], m["move"], m["best"],
                              m["cost"], m["times"]] for m in costs["mistakes"]], right=[6])
        if costs["more_mistakes"]:
            lines.append(f"... and {plural(costs['more_mistakes'], 'other costly move')}.")
    if t["nicknames"]:
        lines += ["", "Who played"]
        lines += text_table(["nickname", "games"], t["nicknames"], right=[1])
    return lines
