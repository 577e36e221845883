"""Where a class store lives, and the few ways its two databases differ: one setting picks the database.

The store's location is **one setting** (``--ClassSession.store=...`` on the class server, ``--store`` on the
command line):

* a file name (``class.db``, ``/srv/guesswho/class.db``) or ``sqlite:///path``: **SQLite**, through Python's
  standard library, in that file.  The file is put in write-ahead-log mode (WAL) when the store is created, so
  the teacher's page reads while the kernels write, and every write is one short transaction that waits its
  turn (``BEGIN IMMEDIATE``, with a busy timeout): thirty kernels can finish their games at the same moment.
* ``postgresql://user:password@host/database``: **PostgreSQL**, for a school that serves the game from more
  than one computer (JupyterHub); it needs the ``psycopg`` package (``pip install "psycopg[binary]"``).

The store's statements are written once, in the standard SQL both databases read (``?`` for a parameter,
``INSERT ... ON CONFLICT DO NOTHING``, ``TEXT``, ``INTEGER``, ``BIGINT``); :class:`Dialect` translates what
differs: how to connect, how a parameter is written (``?`` or ``%s``), how a write transaction begins, and
which errors mean "the database cannot be reached" (:class:`StoreUnavailable`).
"""

from __future__ import annotations

import os
import re
import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from guesswho_lib.rules import short_repr

__all__ = ["Dialect", "SQLITE", "POSTGRESQL", "StoreUnavailable", "dialect_for", "sqlite_path", "connect",
           "is_unavailable"]

#: How long a write waits for another one to finish before giving up (seconds).
BUSY_TIMEOUT_SECONDS = 30


class StoreUnavailable(RuntimeError):
    """The class store cannot be reached or written (a missing file, a database that does not answer, a lock
    held for longer than the busy timeout, a full disk)."""


@dataclass(frozen=True)
class Dialect:
    """What differs between the databases a class store can use."""

    name: str            # "sqlite" or "postgresql"
    parameter: str       # how a statement writes a parameter: "?" or "%s"
    begin_write: str     # the statement that starts a write transaction

    def sql(self, statement: str) -> str:
        """``statement`` (written with ``?`` for each parameter, and no other question mark) for this database."""
        return statement if self.parameter == "?" else statement.replace("?", self.parameter)


SQLITE = Dialect("sqlite", "?", "BEGIN IMMEDIATE")       # take the write lock at once: no deadlock on upgrade
POSTGRESQL = Dialect("postgresql", "%s", "BEGIN")


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


@contextmanager
def connect(location: str, create: bool = False):
    """A connection to the store at ``location``, closed at the end of the block.  An SQLite file must exist
    unless ``create`` (a kernel never makes an empty store by mistake); every failure to reach the database is
    :class:`StoreUnavailable`."""
    dialect = dialect_for(location)
    try:
        if dialect is SQLITE:
            path = sqlite_path(location)
            if not create and not path.is_file():
                raise StoreUnavailable(f"there is no class store at {path}")
            uri = path.as_uri() + ("?mode=rwc" if create else "?mode=rw")
            conn = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_SECONDS * 1000}")
            conn.execute("PRAGMA foreign_keys = ON")
        else:
            try:
                import psycopg
            except ImportError:
                raise StoreUnavailable("a postgresql:// store needs the psycopg package: "
                                       'python -m pip install "psycopg[binary]"') from None
            conn = psycopg.connect(location, autocommit=True, connect_timeout=10)
    except StoreUnavailable:
        raise
    except Exception as e:     # sqlite3.Error, psycopg.Error, OSError: the database cannot be reached
        raise StoreUnavailable(f"the class store cannot be opened ({type(e).__name__}: {e})") from None
    try:
        yield conn
    finally:
        conn.close()


def is_unavailable(error: BaseException) -> bool:
    """True for an error of the database itself (locked, gone, disk full, connection lost), as opposed to a
    mistake in what was asked of it."""
    if isinstance(error, sqlite3.OperationalError):
        return True
    try:
        import psycopg
    except ImportError:
        return False
    return isinstance(error, psycopg.OperationalError)
