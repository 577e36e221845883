"""The class session's side of the class server: its store, the one thread that writes to it, and the games under
way that the store keeps a note of, so that none is lost from the class's figures when a server stops.

* :class:`ClassRoom` -- the store (a :class:`~guesswho_apps.classroom.ClassStore`) and its writer thread (a
  single writer: the players' moves never wait for the database); :meth:`ClassRoom.note` keeps the store's note
  of a page's game under way up to date (written in the background, the latest note of each game only, at its
  first move and then at most every :data:`NOTE_SECONDS`: a move is never answered later for it, and a server
  gone without warning leaves each game to be finished from where it was at most that long before);
  :meth:`ClassRoom.tick` (every minute) says that this server is running and finishes the games under way that a
  server gone without warning left (:mod:`guesswho_apps.classroom.journal`), each with best play for both sides
  from its last note, recorded as finished by the server.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor

__all__ = ["ClassRoom", "NOTE_SECONDS"]

#: A game under way is noted in the store at its first move, then at most this often (seconds).
NOTE_SECONDS = 15

log = logging.getLogger("guesswho.server")


class ClassRoom:
    """The class session of a class server: its store, and the one thread that writes to it."""

    def __init__(self, store):
        self.store = store
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="class-store")
        self.server = secrets.token_hex(8)          # this server, for the notes of its games under way
        self._due: dict[str, tuple] = {}            # game id -> the latest note not written yet
        self._noted: dict[str, float] = {}          # game id -> when its last note was taken
        self._lock = threading.Lock()
        self._flushing = False
        self.recovered = 0                          # games of a server gone without warning, finished here

    def join_state(self, play):
        """A page's join state for ``play`` (recorded from the server's game: the table reports the end)."""
        from .join import ClassJoinModel

        return ClassJoinModel(play, store=self.store)

    # ---- the notes of the games under way ----
    def note(self, join) -> None:
        """Keep the store's note of ``join``'s game under way (its moves so far, its position) up to date."""
        join.journal_due = False
        game, now = join.under_way_id, time.monotonic()
        if not game or now - self._noted.get(game, -1e9) < NOTE_SECONDS:
            return
        if len(self._noted) > 10_000:
            self._noted.clear()
        self._noted[game] = now
        snapshot = join.under_way()
        if snapshot is None:
            return
        record, where = snapshot
        with self._lock:
            self._due[record["game"]] = (join, join.code, join.player, join.nickname, record, where)
            if self._flushing:
                return
            self._flushing = True
        self.writer.submit(self._flush)

    def _flush(self):
        with self._lock:
            due, self._due, self._flushing = self._due, {}, False
        notes = [(code, player, nickname, record, where) for game, (join, code, player, nickname, record, where)
                 in due.items() if join.under_way_id == game]        # (not a game recorded meanwhile)
        try:
            if notes:
                self.store.note_games(notes, self.server)
        except Exception:  # a note is a safeguard: the game itself goes on and is recorded when it ends
            pass

    def tick(self) -> None:
        """Say that this server is running, and finish the games of servers gone without warning (in the writer
        thread; a store that cannot be reached now is tried again at the next tick)."""
        self.writer.submit(self._tick)

    def _tick(self):
        from ..classroom import InvalidGame, SessionError
        from ..classroom.referee import finish_record

        try:
            self.store.server_running(self.server)
            for game, code, player, nickname, record, where in self.store.orphaned_games(self.server):
                try:
                    self.store.record_game(code, player, nickname, finish_record(record, where))
                    self.recovered += 1
                except (InvalidGame, SessionError, ValueError, TypeError):  # recorded already, or cannot be
                    self.store.forget_game(game)
        except Exception as e:  # the store unavailable: the teacher's page says so; tried again in a minute
            log.debug("the games under way could not be checked: %s", e)

    def close(self):
        """Say that this server has stopped (its games were finished and recorded), and stop the writer."""
        def stopped():
            try:
                self.store.server_running(self.server, stopped=True)
            except Exception:  # (the store unavailable: its notes are finished by the next server)
                pass
        self.writer.submit(stopped)
        self.writer.shutdown(wait=True)
