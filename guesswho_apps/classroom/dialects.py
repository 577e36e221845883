"""Where a class store lives, and the few ways its two databases differ: one setting picks the database.

The store's location is **one setting** (``--class-store`` of the class server, ``--store`` of ``class``):

* a file name (``class.db``, ``/srv/guesswho/class.db``) or ``sqlite:///path``: **SQLite**, through Python's
  standard library, in that file.  The file is put in write-ahead-log mode (WAL) when the store is created, so
  the teacher's page reads while the server writes, and every write is one short transaction that waits its
  turn (``BEGIN IMMEDIATE``, with a busy timeout): several servers can write the same store at once.
  SQLite makes the store's ``-wal`` and ``-shm`` companions with the store's own permissions, so a store made
  read-only and then writable again would keep read-only companions: :func:`connect` gives them the store's
  permissions back.  A new store file is made readable and writable by its owner only (0600, and so are its
  companions): no other account on the computer reads the nicknames (:func:`readable_by_others` says when an
  existing one can be read).
* ``postgresql://user:password@host/database``: **PostgreSQL**, for a school that serves the game from more
  than one computer (JupyterHub); it needs the ``psycopg`` package (``pip install "psycopg[binary]"``).

A lock held elsewhere (another program writing, a long transaction) delays a statement for ``lock_seconds`` at
most, on both databases (SQLite's busy timeout; PostgreSQL's ``lock_timeout``, with ``statement_timeout`` twice
that): the store is then unavailable, and says why (:func:`reason`).

The store's statements are written once, in the standard SQL both databases read (``?`` for a parameter,
``INSERT ... ON CONFLICT DO NOTHING``, ``TEXT``, ``INTEGER``, ``BIGINT``); :class:`Dialect` translates what
differs: how to connect, how a parameter is written (``?`` or ``%s``), how a write transaction begins, and
which errors mean "the database cannot be reached" (:class:`StoreUnavailable`): every error of the database
itself (a lock, a lost connection, a full disk, a damaged file), said in one line by :func:`reason`.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import stat
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from guesswho_lib.rules import short_repr

__all__ = ["Dialect", "SQLITE", "POSTGRESQL", "StoreUnavailable", "dialect_for", "sqlite_path", "connect",
           "is_unavailable", "reason", "LOCK_SECONDS", "readable_by_others", "DAMAGED", "keeper"]

#: How long a statement waits for a lock held elsewhere before the store is unavailable (seconds): a class's
#: games, each one short write, take well under a second in all; the class server's players wait no longer.
LOCK_SECONDS = 5
CONNECT_SECONDS = 5
#: What a damaged store file says, and what to do about it.
DAMAGED = ("the store file is damaged: with the server stopped, restore the file from a copy, or move it away "
           "(its games are then lost) and start the server again for a new, empty store")


class StoreUnavailable(RuntimeError):
    """The class store cannot be reached or written (a missing file, a database that does not answer, a lock
    held for longer than the busy timeout, a full disk)."""


@dataclass(frozen=True)
class Dialect:
    """What differs between the databases a class store can use."""

    name: str            # "sqlite" or "postgresql"
    parameter: str       # how a statement writes a parameter: "?" or "%s"
    begin_write: str     # the statement that starts a write transaction
    lock_games: str = ""  # the lock a game's write takes on its tables ("": the write lock of the whole file)

    def sql(self, statement: str) -> str:
        """``statement`` (written with ``?`` for each parameter, and no other question mark) for this database."""
        return statement if self.parameter == "?" else statement.replace("?", self.parameter)


SQLITE = Dialect("sqlite", "?", "BEGIN IMMEDIATE")       # take the write lock at once: no deadlock on upgrade
POSTGRESQL = Dialect("postgresql", "%s", "BEGIN", "LOCK TABLE class_games, class_moves IN ROW EXCLUSIVE MODE")


def dialect_for(location: str) -> Dialect:
    """The database a store location names: PostgreSQL for ``postgresql://`` or ``postgres://``, else SQLite."""
    if not isinstance(location, str) or not location.strip():
        raise ValueError(f"store must be a file name (SQLite) or a postgresql:// address, got {short_repr(location)}")
    scheme = re.match(r"([A-Za-z][A-Za-z0-9+.-]*)://", location.strip())
    if scheme and scheme.group(1).lower() not in ("postgresql", "postgres", "sqlite"):
        raise ValueError(f"store must be a file name (SQLite), sqlite:///path or a postgresql:// address, got an "
                         f"address for {scheme.group(1)[:20]!r}")
    return POSTGRESQL if re.match(r"postgres(ql)?://", location.strip()) else SQLITE


def sqlite_path(location: str) -> Path:
    """The file of an SQLite store location (a plain file name, or ``sqlite:///path``), made absolute."""
    location = location.strip()
    if location.startswith("sqlite://"):
        location = location[len("sqlite://"):]
        if not location.startswith("/"):
            raise ValueError(f"store: write an SQLite address with three slashes, sqlite:///path, got "
                             f"{short_repr('sqlite://' + location)}")
    if "\0" in location:
        raise ValueError("store: a file name cannot contain a NUL character")
    return Path(os.path.abspath(os.path.expanduser(location)))


def _companions_writable(path: Path) -> None:
    """Give the store's ``-wal`` and ``-shm`` files the store's permissions again when the store can be written
    and they cannot (SQLite made them while the store was read-only); only files of this process's user."""
    if not os.access(path, os.W_OK):
        return
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        try:
            if not os.access(companion, os.W_OK) and companion.stat().st_uid == os.getuid():
                os.chmod(companion, stat.S_IMODE(path.stat().st_mode))
        except OSError:        # (gone meanwhile, or not ours: the error that follows says what is wrong)
            pass


def _new_private_file(path: Path) -> None:
    """Make the store's file readable and writable by its owner only, if it does not exist yet (SQLite gives its
    -wal and -shm companions the same permissions)."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass


def readable_by_others(location: str) -> list[str]:
    """The files of an SQLite store (the store, its -wal and -shm) that other accounts of this computer may read."""
    if dialect_for(location) is not SQLITE:
        return []
    path, out = sqlite_path(location), []
    for f in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            if f.stat().st_mode & 0o077:
                out.append(f"{f} (mode {stat.S_IMODE(f.stat().st_mode):04o})")
        except OSError:
            pass
    return out


def keeper(location: str):
    """A connection to an SQLite store that does nothing but stay open (None when it cannot be made): while one
    is open, closing the store's other connections does not checkpoint the write-ahead log and sync the disk each
    time (SQLite does that when the last connection closes), so that each write costs a few milliseconds, not
    tens."""
    try:
        conn = sqlite3.connect(sqlite_path(location).as_uri() + "?mode=rw", uri=True, check_same_thread=False,
                               isolation_level=None)
        conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchall()
        return conn
    except (sqlite3.Error, OSError, ValueError):
        return None


@contextmanager
def connect(location: str, create: bool = False, lock_seconds: float = LOCK_SECONDS):
    """A connection to the store at ``location``, closed at the end of the block.  An SQLite file must exist
    unless ``create`` (a server never makes an empty store by mistake); a statement waits ``lock_seconds`` at
    most for a lock held elsewhere; every failure to reach the database is :class:`StoreUnavailable`."""
    dialect = dialect_for(location)
    try:
        if dialect is SQLITE:
            path = sqlite_path(location)
            if not create and not path.is_file():
                raise StoreUnavailable(f"there is no class store at {path} (deleted or moved?)")
            if create:
                _new_private_file(path)
            _companions_writable(path)
            uri = path.as_uri() + ("?mode=rwc" if create else "?mode=rw")
            conn = sqlite3.connect(uri, uri=True, timeout=lock_seconds, isolation_level=None)
            conn.execute(f"PRAGMA busy_timeout = {int(lock_seconds * 1000)}")
            conn.execute("PRAGMA foreign_keys = ON")
        else:
            try:
                import psycopg
            except ImportError:
                raise StoreUnavailable("a postgresql:// store needs the psycopg package: "
                                       'python -m pip install "psycopg[binary]"') from None
            ms = int(lock_seconds * 1000)
            conn = psycopg.connect(location, autocommit=True, connect_timeout=CONNECT_SECONDS,
                                   options=f"-c lock_timeout={ms} -c statement_timeout={2 * ms}")
    except StoreUnavailable:
        raise
    except Exception as e:     # sqlite3.Error, psycopg.Error, OSError: the database cannot be reached
        raise StoreUnavailable(f"the class store cannot be opened: {reason(e, lock_seconds, location)}") from None
    try:
        yield conn
    finally:
        conn.close()


def _disk_full(location: str | None) -> bool:
    """True when the folder of an SQLite store has no room left (SQLite then says it "cannot open" a file)."""
    if not location or dialect_for(location) is not SQLITE:
        return False
    try:
        return shutil.disk_usage(sqlite_path(location).parent).free < 64 * 1024
    except (OSError, ValueError):
        return False


def reason(error: BaseException, lock_seconds: float = LOCK_SECONDS, location: str | None = None) -> str:
    """Why the database failed, in one line a teacher can act on (the database's own words in brackets);
    ``location``: the store's, to say a full disk as such when SQLite only says it cannot open a file."""
    text = " ".join(str(error).split())[:300]
    low = text.lower()
    if _disk_full(location) and not any(w in low for w in ("lock", "read-only", "readonly")):
        return f"the disk is full: make room on it ({text})"
    for words, why in ((("malformed", "not a database", "file is encrypted", "corrupt"), DAMAGED),
                       (("readonly", "read-only", "read only"), "it is read-only: make the store file, its "
                        "folder and its -wal and -shm files writable again"),
                       (("database is locked", "lock timeout", "locknotavailable", "database table is locked"),
                        f"another program held a lock on it for more than {lock_seconds:g} s"),
                       (("statement timeout",), f"it took more than {2 * lock_seconds:g} s to answer"),
                       (("disk is full", "no space left", "could not extend file"),
                        "the disk is full: make room on it"),
                       (("connection refused", "no such file or directory", "is the server running"),
                        "the database server does not answer (stopped, or another address?)"),
                       (("timeout expired", "timed out"), "the database server did not answer in time"),
                       (("password authentication failed", "authentication"), "the database refused the login"),
                       (("unable to open", "disk i/o error"), "its file cannot be opened (deleted, moved, or "
                                                                "not readable?)")):
        if any(w in low for w in words):
            return f"{why} ({text})"
    return f"{type(error).__name__}: {text}"


def is_unavailable(error: BaseException) -> bool:
    """True for an error of the database (locked, gone, disk full, connection lost, a damaged file): every error
    the database driver raises, whatever its kind, so that none reaches a page as a traceback."""
    if isinstance(error, (sqlite3.Error, OSError)):
        return True
    try:
        import psycopg
    except ImportError:
        return False
    return isinstance(error, psycopg.Error)
