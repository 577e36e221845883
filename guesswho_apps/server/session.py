"""The class session's side of the class server: its store, the one thread that writes to it, and the games under
way that the store keeps a note of, so that none is lost from the class's figures when a server stops.

* :class:`ClassRoom` -- the store (a :class:`~guesswho_apps.classroom.ClassStore`) and its writer thread (a
  single writer: the players' moves never wait for the database).  :meth:`ClassRoom.settle` does a page's store
  work (its join, its finished games) in the writer; the games of every page waiting at that moment, and the
  notes due, are written in one transaction (one wait for the lock and one sync of the disk for all of them),
  each page then told about its own; when that
  transaction fails (the store unavailable), each page's work is done again on its own, so that each page says
  why and keeps its games for Send again.  :meth:`ClassRoom.note` keeps the store's note of a page's game under
  way up to date (written in the background, the latest note of each game only, at its first move and then at
  most every :data:`NOTE_SECONDS`: a move is never answered later for it, and a server gone without warning
  leaves each game to be finished from where it was at most that long before); :meth:`ClassRoom.tick` (every
  minute) says that this server is running and finishes the games under way that a server gone without warning
  left (:mod:`guesswho_apps.classroom.journal`), each with best play for both sides from its last note,
  recorded as finished by the server.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor

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
        self._work: list[tuple] = []                # (a page's join state, its work, its Future) waiting
        self._lock = threading.Lock()
        self._flushing = False                      # the writer has a turn to come (:meth:`_flush`)
        self.recovered = 0                          # games of a server gone without warning, finished here

    def join_state(self, play):
        """A page's join state for ``play`` (recorded from the server's game: the table reports the end)."""
        from .join import ClassJoinModel

        return ClassJoinModel(play, store=self.store)

    # ---- a page's work, and the notes of the games under way ----
    def settle(self, join, work=None) -> Future:
        """Do the store work of ``join`` (a page's :class:`~.join.ClassJoinModel`) in the writer thread: ``work``
        (by default ``join.settle``), or, when all it has to do is write finished games, those games with the
        other pages' in one transaction.  Returns a Future, done when the work is."""
        done: Future = Future()
        with self._lock:
            self._work.append((join, work or join.settle, done))
        self._kick()
        return done

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
        self._kick()

    def _kick(self):
        with self._lock:
            if self._flushing:
                return                              # (the writer's next turn takes this too)
            self._flushing = True
        self.writer.submit(self._flush)

    def _flush(self):
        """The writer's turn: every page's work waiting and every note due, the games in one transaction."""
        with self._lock:
            work, due, self._work, self._due, self._flushing = self._work, self._due, [], {}, False
        notes = [(code, player, nickname, record, where) for game, (join, code, player, nickname, record, where)
                 in due.items() if join.under_way_id == game]        # (not a game recorded meanwhile)
        batch, alone, seen = [], [], set()
        for join, job, done in work:
            games = join.outbox() if id(join) not in seen else None
            seen.add(id(join))
            (batch if games else alone).append((join, job, done, games))
        if batch or notes:
            try:
                results = self.store.record_games([g for *_, games in batch for g in games], notes, self.server)
            except Exception as e:  # the store unavailable: each page's work on its own says why, keeps its games
                log.debug("the class store did not take %d games at once: %s", len(batch), e)
                alone = batch + alone
            else:
                for join, _, done, games in batch:
                    join.sent(results[:len(games)])
                    results = results[len(games):]
                    done.set_result(None)
                notes = []
        for _, job, done, _ in alone:
            try:
                job()
            except Exception as e:  # (a page's work never raises; its Future says so if it did)
                done.set_exception(e)
            else:
                done.set_result(None)
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
