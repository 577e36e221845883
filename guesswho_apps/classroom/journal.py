"""The games under way, kept in the class store as they are played, so that a server that stops without warning
(killed, a power cut) does not lose them from the class's figures: the next server on the store finishes each
with best play for both sides and records it (:func:`~.referee.finish_record`).

A game is noted once its student has made a move (it then belongs to its group of the activity): its moves so
far, and what the record does not hold, the secret persons and the suspects left (:func:`~.referee.position`);
the note is replaced after each move, and deleted when the game is recorded.  Each server that notes games says
it is running (its host name, its process id, the time) every minute; a game is *orphaned* when its server has
not said so for :data:`ORPHAN_SECONDS`, or runs on this host and its process is gone.  The functions here run
inside the store's transactions (:mod:`.store`).
"""

from __future__ import annotations

import json
import os
import socket

__all__ = ["JOURNAL_SCHEMA", "ORPHAN_SECONDS", "note", "forget", "beat", "orphans", "this_server", "delete_session"]

#: A server that has not said it is running for this long is taken to be gone (seconds).
ORPHAN_SECONDS = 300

JOURNAL_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS class_open_games (
        game TEXT PRIMARY KEY,
        session TEXT NOT NULL REFERENCES class_sessions (code),
        player TEXT NOT NULL,
        nickname TEXT NOT NULL,
        server TEXT NOT NULL,
        record TEXT NOT NULL,
        position TEXT NOT NULL,
        updated TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS class_servers (
        server TEXT PRIMARY KEY,
        host TEXT NOT NULL,
        pid INTEGER NOT NULL,
        seen DOUBLE PRECISION NOT NULL)""",
)


def this_server() -> tuple[str, int]:
    """(host name, process id) of this server."""
    return socket.gethostname(), os.getpid()


def note(cur, game: str, code: str, player: str, nickname: str, server: str, record: dict, where: dict, now: str):
    """Keep (or replace) the note of a game under way."""
    cur.execute("INSERT INTO class_open_games (game, session, player, nickname, server, record, position, updated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game) DO UPDATE SET record = excluded.record, "
                "position = excluded.position, updated = excluded.updated",
                (game, code, player, nickname, server, json.dumps(record), json.dumps(where), now))


def forget(cur, game: str):
    cur.execute("DELETE FROM class_open_games WHERE game = ?", (game,))


def delete_session(cur, code: str):
    cur.execute("DELETE FROM class_open_games WHERE session = ?", (code,))


def beat(cur, server: str, seen: float, gone: bool = False):
    """The server ``server`` is running at ``seen`` (a time.time()), or, ``gone``, has stopped."""
    if gone:
        cur.execute("DELETE FROM class_servers WHERE server = ?", (server,))
        return
    host, pid = this_server()
    cur.execute("INSERT INTO class_servers (server, host, pid, seen) VALUES (?, ?, ?, ?) ON CONFLICT (server) DO "
                "UPDATE SET seen = excluded.seen", (server, host, pid, seen))


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:             # (another user's process: it exists)
        return True
    return True


def orphans(cur, now: float, me: str) -> list[tuple]:
    """The orphaned games (not those of the server ``me``): (game, session, player, nickname, record, position)
    each."""
    cur.execute("SELECT server, host, pid, seen FROM class_servers")
    host = socket.gethostname()
    alive = {server for server, h, pid, seen in cur.fetchall() if server == me or (
        now - seen < ORPHAN_SECONDS and (h != host or (pid != os.getpid() and _running(pid))))}
    alive.add(me)
    cur.execute("SELECT game, session, player, nickname, server, record, position FROM class_open_games")
    return [(g, s, p, n, json.loads(r), json.loads(w)) for g, s, p, n, server, r, w in cur.fetchall()
            if server not in alive]
