"""The class store: class sessions and the games their students finished, in one database.

What it keeps (and nothing else):

* a **session**: its class code (five letters and digits, e.g. ``K7QMD``), a hash of the teacher's token (the
  token itself is printed once and never stored), when it started, until when it takes games (12 hours) and
  when it is deleted (30 days after it started);
* each **finished game**: a random game id, a random player id (made by the game page when it joined, so two
  "Sam"s stay apart), the nickname the student typed, when it finished, the settings (rules, board, how the
  computer played, who moved first), the student's first move, the winner, and **every move** with its exact
  values as the referee recomputed them (:mod:`.referee`); and whether the game is **left out** of the tally's
  figures, and why: a game a student could have arranged (two players on one screen, either of whom can choose
  who wins; or secret persons chosen by the page's address, ``seed``), or a game beyond the first
  :data:`COUNTED_PER_NICKNAME` of a nickname with the same settings (look-alike nicknames are one:
  :func:`~.names.nickname_key`); and whether the server finished it (a game its student left unfinished, played
  to its end with best play for both sides: :func:`~.referee.finish_record`), and from which move;
* a **lesson's exercises**, from the notebooks that joined the session (:mod:`.results`): each student's seat
  (a hash of it) and nickname, and for each exercise how many checks until the first right one and the
  misconceptions the answer reader named; never an answer.  No name, e-mail, address or other personal data.

Safe by default: every field is checked (:func:`check_code`, :func:`check_nickname`, :func:`check_player`);
a game is written only once the referee has replayed it with the exact solver; a game id is written once
(sending a game again is harmless, a different game under the same id is refused); only the teacher's token
opens the tally, resets it or deletes the session; no reading function returns another player's games.

Every write is one transaction (the game and its moves together, or nothing), and a store is used by many
processes at once (the class server, the ``class`` command, a school's servers sharing one store): each call opens
its own short connection (:mod:`.dialects`).

>>> import tempfile, os
>>> store = ClassStore(os.path.join(tempfile.mkdtemp(), "class.db")); store.create()
>>> session = store.start_session()
>>> len(session.code), store.is_teacher(session.code, session.token), store.is_teacher(session.code, "guess")
(5, True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
import time
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from guesswho_lib.rules import format_fraction, short_repr
from .dialects import (DAMAGED, LOCK_SECONDS, SQLITE, StoreUnavailable, connect, dialect_for, is_unavailable, keeper,
                       reason, sqlite_path)
from .names import nickname_key
from .referee import InvalidGame, Replayed, replay
from . import journal, results
from .summary import tally

__all__ = ["ClassStore", "Session", "Recorded", "SessionError", "StoreUnavailable", "InvalidGame",
           "check_code", "check_nickname", "check_player", "new_player_id", "CODE_ALPHABET", "CODE_LENGTH",
           "OPEN_HOURS", "KEEP_DAYS", "MAX_GAMES_PER_PLAYER", "MAX_NICKNAME", "readable", "left_out_reason",
           "COUNTED_PER_NICKNAME"]

#: Class codes use letters and digits that cannot be mistaken for one another (no I, L, O, 0, 1).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5
#: A session takes games for this many hours after it starts (a school day).
OPEN_HOURS = 12
#: A session and its games are deleted this many days after it started.
KEEP_DAYS = 30
#: At most this many games from one player in one session (a page cannot flood the tally).
MAX_GAMES_PER_PLAYER = 200
#: The games of one nickname (look-alikes are one) with the same settings that count in the tally's figures; later
#: ones are recorded and reviewed, and left out of the figures (one student cannot outweigh the class).
COUNTED_PER_NICKNAME = 10
MAX_NICKNAME = 24
MAX_MARKS = 3           # combining marks on one letter in a nickname (more is a pile of accents, not a name)
_NICKNAME_EXTRA = " -_.'"
_PLAYER = re.compile(r"[0-9a-f]{16}")
SCHEMA_VERSION = "5"            # 2: class_games.left_out; 3: the lesson results (:mod:`.results`); 4: the games
#                                 finished by the server, the nicknames' keys, the games under way (:mod:`.journal`);
#                                 5: lesson results under the exercises' keys


#: The tables, in the SQL both databases read.  Times are UTC, as ISO 8601 text; chances are exact fractions
#: as text ("9/16"), and a move's cost is also kept as numerator and denominator (to group and sort by it).
SCHEMA = (
    """CREATE TABLE IF NOT EXISTS guesswho_store (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS class_sessions (
        code TEXT PRIMARY KEY,
        token_sha256 TEXT NOT NULL,
        started TEXT NOT NULL,
        open_until TEXT NOT NULL,
        delete_after TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS class_games (
        game TEXT PRIMARY KEY,
        session TEXT NOT NULL REFERENCES class_sessions (code),
        player TEXT NOT NULL,
        nickname TEXT NOT NULL,
        finished TEXT NOT NULL,
        rules TEXT NOT NULL,
        board TEXT NOT NULL,
        suspects INTEGER NOT NULL,
        computer TEXT NOT NULL,
        you_first INTEGER NOT NULL,
        first_move TEXT NOT NULL,
        winner TEXT NOT NULL,
        start_chance TEXT NOT NULL,
        your_cost TEXT NOT NULL,
        moves INTEGER NOT NULL,
        digest TEXT NOT NULL,
        left_out TEXT NOT NULL DEFAULT '',
        finished_by_server INTEGER NOT NULL DEFAULT 0,
        name_key TEXT NOT NULL DEFAULT '')""",
    "CREATE INDEX IF NOT EXISTS class_games_by_session ON class_games (session, player)",
    """CREATE TABLE IF NOT EXISTS class_moves (
        game TEXT NOT NULL REFERENCES class_games (game),
        number INTEGER NOT NULL,
        player TEXT NOT NULL,
        mine INTEGER NOT NULL,
        theirs INTEGER NOT NULL,
        move TEXT NOT NULL,
        answer TEXT NOT NULL,
        best TEXT NOT NULL,
        win_before TEXT NOT NULL,
        move_value TEXT NOT NULL,
        best_value TEXT NOT NULL,
        win_after TEXT NOT NULL,
        cost_numerator BIGINT NOT NULL,
        cost_denominator BIGINT NOT NULL,
        PRIMARY KEY (game, number))""",
    *results.RESULTS_SCHEMA,
    *journal.JOURNAL_SCHEMA,
)


class SessionError(ValueError):
    """A class code that names no session, or a session that no longer takes games."""


@dataclass(frozen=True)
class Session:
    """A class session just started: ``token`` is the teacher's secret, shown only now."""

    code: str
    token: str
    started: str
    open_until: str


@dataclass(frozen=True)
class Recorded:
    """What recording a game did: ``new`` is False when that game id was already stored (sent twice);
    ``left_out``: why the game is left out of the tally's figures ("" when it counts)."""

    game: str
    new: bool
    games_by_player: int
    replayed: Replayed
    left_out: str = ""


# ---- checks at the boundary ------------------------------------------------------------------------------------
def check_code(code) -> str:
    """A class code as typed (any case, spaces or a dash allowed), in its canonical form: ``" k7q-md "`` is K7QMD."""
    if not isinstance(code, str):
        raise SessionError(f"class code must be text such as 'K7QMD', got {short_repr(code)}")
    canonical = re.sub(r"[\s-]", "", code).upper()
    if len(canonical) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in canonical):
        raise SessionError(f"class code must be {CODE_LENGTH} letters and digits such as 'K7QMD', got "
                           f"{short_repr(code, 20)}")
    return canonical


def check_nickname(nickname) -> str:
    """A nickname: 1 to 24 letters (in any alphabet, with their accents and vowel signs), digits, spaces and
    - _ . ' (inner spaces kept single).  An accent typed as a separate character (NFD, as some keyboards send
    "José") is joined to its letter (NFC)."""
    if not isinstance(nickname, str):
        raise ValueError(f"nickname must be text, got {short_repr(nickname)}")
    name = " ".join(unicodedata.normalize("NFC", nickname).split())
    if not name:
        raise ValueError("nickname is empty: type a nickname (not your full name)")
    if len(name) > MAX_NICKNAME:
        raise ValueError(f"nickname is too long ({len(name)} characters, at most {MAX_NICKNAME})")
    bad = sorted({c for k, c in enumerate(name)
                  if not (c.isalnum() or c in _NICKNAME_EXTRA or _mark_on_letter(name, k))})
    if bad:
        raise ValueError(f"nickname may hold letters, digits, spaces and - _ . ' only, not {''.join(bad)!r}")
    return name


def _mark_on_letter(name: str, k: int) -> bool:
    """True when ``name[k]`` is a combining mark (an accent, a vowel sign) on a letter or digit, at most
    :data:`MAX_MARKS` of them on one letter."""
    start = k
    while start > 0 and unicodedata.category(name[start])[0] == "M":
        start -= 1
    return (unicodedata.category(name[k])[0] == "M" and start < k and k - start <= MAX_MARKS
            and name[start].isalnum())


def check_player(player) -> str:
    if not isinstance(player, str) or not _PLAYER.fullmatch(player):
        raise ValueError(f"player must be 16 lowercase hexadecimal digits, got {short_repr(player)}")
    return player


def new_player_id() -> str:
    """A fresh player id (16 hexadecimal digits), made by a game page when it joins a class."""
    return secrets.token_hex(8)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _time(t: datetime) -> str:
    return t.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def readable(stored_time: str) -> str:
    """A time as the store keeps it ("2026-01-05T09:00:00Z"), for people: "2026-01-05 09:00 UTC"."""
    return stored_time[:16].replace("T", " ") + " UTC"


def _now(now: datetime | None) -> datetime:
    if now is None:
        return datetime.now(timezone.utc)
    if not isinstance(now, datetime) or now.tzinfo is None:
        raise TypeError(f"now must be a datetime with a time zone, got {short_repr(now)}")
    return now


# ---- the store ---------------------------------------------------------------------------------------------------
def left_out_reason(game: Replayed) -> str:
    """Why a game is left out of the tally's figures (a key of :data:`.summary.LEFT_OUT`), or "" when it counts."""
    if game.computer == "human":
        return "two players"
    if game.seeded:
        return "seed"
    return ""


class ClassStore:
    """The class store at ``location``: an SQLite file name, or a ``postgresql://`` address (:mod:`.dialects`);
    a statement waits ``lock_seconds`` at most for a lock held elsewhere.  With ``pause_seconds`` (a server that
    writes many games one after another), a write that failed after waiting (for a lock) makes the writes of the
    next ``pause_seconds`` fail at once with the same reason, rather than each wait for the same lock."""

    def __init__(self, location: str, lock_seconds: float = LOCK_SECONDS, pause_seconds: float = 0):
        self.dialect = dialect_for(location)
        location = location.strip()
        self.location = str(sqlite_path(location)) if self.dialect is SQLITE else location
        for name, value, low in (("lock_seconds", lock_seconds, 0), ("pause_seconds", pause_seconds, -1)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > low:
                raise ValueError(f"{name} must be a {'positive' if low == 0 else 'non-negative'} number of "
                                 f"seconds, got {value!r}")
        self.lock_seconds, self.pause_seconds = lock_seconds, pause_seconds
        self._paused_until, self._fault = 0.0, ""
        self._keeper = None            # an SQLite store's idle connection, kept open (:func:`.dialects.keeper`)

    def __repr__(self) -> str:
        shown = self.location if self.dialect is SQLITE else re.sub(r"//[^@/]*@", "//...@", self.location)
        return f"ClassStore({shown!r})"

    # ---- connections and transactions ----
    @contextmanager
    def _cursor(self, write: bool, create: bool = False):
        """A cursor in one transaction (a write transaction takes the write lock at once); committed at the end
        of the block, rolled back on an error.  Database failures become :class:`StoreUnavailable`."""
        if write and self.pause_seconds:
            if time.monotonic() < self._paused_until:
                raise StoreUnavailable(self._fault)
            t0 = time.monotonic()
            try:
                with self._transaction(write, create) as cur:
                    yield cur
            except StoreUnavailable as e:
                if time.monotonic() - t0 >= self.lock_seconds / 2:      # it waited (for a lock): the next need not
                    self._paused_until, self._fault = time.monotonic() + self.pause_seconds, str(e)
                raise
            return
        with self._transaction(write, create) as cur:
            yield cur

    @contextmanager
    def _transaction(self, write: bool, create: bool):
        if self.dialect is SQLITE and not create:
            if self._keeper is None:
                self._keeper = keeper(self.location)
            if write and os.path.exists(self.location) and not os.access(self.location, os.W_OK):
                raise StoreUnavailable(f"the class store could not be written: {reason(PermissionError('read-only'))}")
        with connect(self.location, create=create, lock_seconds=self.lock_seconds) as conn:
            cur = conn.cursor()
            try:
                cur.execute(self.dialect.begin_write if write else "BEGIN")
                yield _Cursor(cur, self.dialect)
                cur.execute("COMMIT")
            except BaseException as e:
                try:
                    cur.execute("ROLLBACK")
                except Exception:  # the connection may be gone; the error below says why
                    pass
                if is_unavailable(e):
                    raise StoreUnavailable(f"the class store could not be {'written' if write else 'read'}: "
                                           f"{reason(e, self.lock_seconds, self.location)}") from None
                raise

    def create(self):
        """Make the tables if they are missing (and, for SQLite, the file, readable by its owner only, in WAL
        mode), after a quick check of an existing SQLite file: :class:`StoreUnavailable`, saying what to do, for a
        damaged one.  Safe to call again."""
        if self.dialect is SQLITE:
            with connect(self.location, create=True, lock_seconds=self.lock_seconds) as conn:
                try:
                    conn.execute("PRAGMA journal_mode = WAL")
                    problems = [row[0] for row in conn.execute("PRAGMA quick_check(3)")]
                except Exception as e:  # any failure here means the file cannot be our store
                    why = DAMAGED if "malformed" in str(e) or "not a database" in str(e) else "not a class store"
                    raise StoreUnavailable(f"{self.location} cannot be used as a class store: {why} ({e})") from None
            if problems != ["ok"]:
                found = " ".join("; ".join(problems).split())[:200]
                raise StoreUnavailable(f"{self.location}: {DAMAGED} (SQLite's check: {found})")
        with self._cursor(write=True, create=True) as cur:
            for statement in SCHEMA:
                cur.execute(statement)
            cur.execute("INSERT INTO guesswho_store (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                        ("schema", SCHEMA_VERSION))
            cur.execute("SELECT value FROM guesswho_store WHERE name = ?", ("schema",))
            version = cur.fetchone()[0]
            if version in ("1", "2", "3"):        # (the tables of later versions are made above)
                if version == "1":                # every game of a version-1 store counted
                    cur.execute("ALTER TABLE class_games ADD COLUMN left_out TEXT NOT NULL DEFAULT ''")
                cur.execute("SELECT * FROM class_games WHERE 1 = 0")
                have = cur.columns()
                for column, kind in (("finished_by_server", "INTEGER NOT NULL DEFAULT 0"),
                                     ("name_key", "TEXT NOT NULL DEFAULT ''")):
                    if column not in have:
                        cur.execute(f"ALTER TABLE class_games ADD COLUMN {column} {kind}")
                cur.execute("SELECT DISTINCT nickname FROM class_games")
                for (nickname,) in cur.fetchall():
                    cur.execute("UPDATE class_games SET name_key = ? WHERE nickname = ?", (nickname_key(nickname),
                                                                                        nickname))
                version = "4"
            if version == "4":
                results.move_to_keys(cur)
                cur.execute("UPDATE guesswho_store SET value = ? WHERE name = ?", (SCHEMA_VERSION, "schema"))
                version = SCHEMA_VERSION
        if version != SCHEMA_VERSION:
            raise StoreUnavailable(f"{self!r} was written by another version of guesswho (schema {version}, "
                                   f"this one reads {SCHEMA_VERSION})")

    def check_writable(self) -> None:
        """Write one small row (when the store was last found writable): :class:`StoreUnavailable`, saying why,
        when the store cannot be written now (read-only, a full disk, a lock held elsewhere, the server down)."""
        with self._cursor(write=True) as cur:
            if self.dialect.lock_games:                   # the lock a game's write needs, as it would wait
                cur.execute(self.dialect.lock_games)
            cur.execute("INSERT INTO guesswho_store (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET "
                        "value = excluded.value", ("writable", _time(_now(None))))

    # ---- sessions ----
    def start_session(self, now: datetime | None = None) -> Session:
        """Start a class session: a new class code and teacher's token (the token is returned only here)."""
        now = _now(now)
        token = secrets.token_urlsafe(18)
        started, open_until = _time(now), _time(now + timedelta(hours=OPEN_HOURS))
        with self._cursor(write=True) as cur:
            for _ in range(100):
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
                cur.execute("INSERT INTO class_sessions (code, token_sha256, started, open_until, delete_after) "
                            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (code) DO NOTHING",
                            (code, _token_hash(token), started, open_until, _time(now + timedelta(days=KEEP_DAYS))))
                if cur.rowcount == 1:
                    return Session(code, token, started, open_until)
        raise StoreUnavailable("no free class code was found (the store holds too many sessions)")  # pragma: no cover

    def sessions(self) -> list[dict]:
        """Every session, newest first: code, started, open_until, delete_after, games, players (no tokens)."""
        with self._cursor(write=False) as cur:
            cur.execute("SELECT s.code, s.started, s.open_until, s.delete_after, COUNT(g.game), "
                        "COUNT(DISTINCT g.player) FROM class_sessions s LEFT JOIN class_games g ON g.session = s.code "
                        "GROUP BY s.code, s.started, s.open_until, s.delete_after ORDER BY s.started DESC, s.code")
            keys = ("code", "started", "open_until", "delete_after", "games", "players")
            return [dict(zip(keys, row)) for row in cur.fetchall()]

    def open_sessions(self, now: datetime | None = None) -> list[str]:
        """Codes of the sessions that take games now, newest first."""
        now = _time(_now(now))
        return [s["code"] for s in self.sessions() if s["open_until"] > now]

    def check_open(self, code, now: datetime | None = None) -> str:
        """The canonical code of a session that takes games now; a :class:`SessionError` otherwise, the same one
        for a code that names no session and for a session that has ended (a page trying codes learns nothing
        from the difference)."""
        code = check_code(code)
        with self._cursor(write=False) as cur:
            return self._check_open(cur, code, _time(_now(now)), why=False)

    @staticmethod
    def _check_open(cur, code: str, now: str, why: bool = True) -> str:
        cur.execute("SELECT open_until FROM class_sessions WHERE code = ?", (code,))
        row = cur.fetchone()
        if row is None or not why and row[0] <= now:
            raise SessionError(f"there is no open class with the code {code}: check the code with your teacher "
                               f"(a class takes games for {OPEN_HOURS} hours after it starts)")
        if row[0] <= now:
            raise SessionError(f"the class {code} has ended (it took games until {readable(row[0])})")
        return code

    def is_teacher(self, code, token) -> bool:
        """True when ``token`` is the teacher's token of the session ``code`` (compared in constant time)."""
        try:
            code = check_code(code)
        except SessionError:
            return False
        if not isinstance(token, str) or not 0 < len(token) <= 200:
            return False
        with self._cursor(write=False) as cur:
            cur.execute("SELECT token_sha256 FROM class_sessions WHERE code = ?", (code,))
            row = cur.fetchone()
        return row is not None and hmac.compare_digest(row[0], _token_hash(token))

    def sign_in_key(self, code) -> bytes | None:
        """The secret that signs the sign-ins of the teacher of session ``code`` (a hash of its token's hash: the
        token itself is never stored), or None when there is no such session."""
        try:
            code = check_code(code)
        except SessionError:
            return None
        with self._cursor(write=False) as cur:
            cur.execute("SELECT token_sha256 FROM class_sessions WHERE code = ?", (code,))
            row = cur.fetchone()
        return None if row is None else hashlib.sha256(f"teacher's sign-in\n{row[0]}".encode("utf-8")).digest()

    # ---- games ----
    def record_game(self, code, player, nickname, record, now: datetime | None = None) -> Recorded:
        """Write one finished game of ``player`` (their page's id) in the session ``code``, once the referee
        has replayed it (:func:`~.referee.replay`).  Sending the same game again writes nothing and says so;
        a different game under an id already used is refused."""
        game = self._checked_game(code, player, nickname, record, now)
        with self._cursor(write=True) as cur:
            return self._write_game(cur, *game)

    def record_games(self, games: list, notes: list = (), server: str = "") -> list:
        """Write several finished games, ``(code, player, nickname, record)`` each, and the notes of games under
        way of the server ``server`` (as :meth:`note_games`), in one transaction: what a server does with the
        games that end at the same moment (one wait for the lock, one sync of the disk).  Each game as
        :meth:`record_game` would; returns, for each, its :class:`Recorded` or the :class:`SessionError` or
        :class:`InvalidGame` that refused it (the others are written).  Any other failure (:class:`StoreUnavailable`
        first) is raised, and nothing is written."""
        now = _time(_now(None))
        checked = []
        for code, player, nickname, record in games:
            try:
                checked.append(self._checked_game(code, player, nickname, record))
            except (SessionError, InvalidGame) as e:
                checked.append(e)
        notes = [(check_code(c), check_player(p), check_nickname(n), r, w) for c, p, n, r, w in notes]
        out = []
        with self._cursor(write=True) as cur:
            for code, player, nickname, record, where in notes:       # (before the games: a game recorded now
                journal.note(cur, record["game"], code, player, nickname, server, record, where, now)  # drops its)
            for game in checked:
                if isinstance(game, Exception):
                    out.append(game)
                    continue
                cur.execute("SAVEPOINT one_game")
                try:
                    out.append(self._write_game(cur, *game))
                except (SessionError, InvalidGame) as e:           # this game only: the others are written
                    cur.execute("ROLLBACK TO SAVEPOINT one_game")
                    out.append(e)
                cur.execute("RELEASE SAVEPOINT one_game")
        return out

    def _checked_game(self, code, player, nickname, record, now: datetime | None = None) -> tuple:
        """What :meth:`_write_game` writes for a game: its fields checked and its record replayed by the referee
        (outside any transaction: the store's lock is never held while a game is replayed)."""
        code, player, nickname = check_code(code), check_player(player), check_nickname(nickname)
        game = replay(record)
        digest = hashlib.sha256(json.dumps([player, record], sort_keys=True).encode("utf-8")).hexdigest()
        return code, player, nickname, game, digest, _time(_now(now)), nickname_key(nickname)

    def _write_game(self, cur, code: str, player: str, nickname: str, game: Replayed, digest: str, now: str,
                    key: str) -> Recorded:
        self._check_open(cur, code, now)
        cur.execute("SELECT COUNT(*) FROM class_games WHERE session = ? AND player = ?", (code, player))
        played = cur.fetchone()[0]
        why = left_out_reason(game)
        if not why:                   # the first COUNTED_PER_NICKNAME games of a nickname with these settings
            cur.execute("SELECT COUNT(*) FROM class_games WHERE session = ? AND name_key = ? AND rules = ? AND "
                        "board = ? AND computer = ? AND you_first = ? AND left_out = ''",
                        (code, key, game.rules, game.board, game.computer, int(game.you_first)))
            why = "cap" if cur.fetchone()[0] >= COUNTED_PER_NICKNAME else ""
        cur.execute(
            "INSERT INTO class_games (game, session, player, nickname, finished, rules, board, suspects, "
            "computer, you_first, first_move, winner, start_chance, your_cost, moves, digest, left_out, "
            "finished_by_server, name_key) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game) DO NOTHING",
            (game.game, code, player, nickname, now, game.rules, game.board, game.suspects, game.computer,
             int(game.you_first), game.first_move, game.winner, format_fraction(game.start_chance),
             format_fraction(game.your_cost), len(game.moves), digest, why, game.finished_by_server, key))
        if cur.rowcount != 1:
            cur.execute("SELECT digest, session, left_out FROM class_games WHERE game = ?", (game.game,))
            row = cur.fetchone()
            if row is None or row[0] != digest or row[1] != code:
                raise InvalidGame(f"game {game.game} is already stored, with other moves or another player")
            journal.forget(cur, game.game)
            return Recorded(game.game, False, played, game, row[2])
        if played >= MAX_GAMES_PER_PLAYER:
            raise SessionError(f"you have already recorded {played} games in this class, the most one player "
                               "can: play on without recording, or ask your teacher")
        cur.executemany(
            "INSERT INTO class_moves (game, number, player, mine, theirs, move, answer, best, win_before, "
            "move_value, best_value, win_after, cost_numerator, cost_denominator) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(game.game, m.number, m.player, m.mine, m.theirs, m.move, m.answer, m.best,
              format_fraction(m.win_before), format_fraction(m.move_value), format_fraction(m.best_value),
              format_fraction(m.win_after), m.cost.numerator, m.cost.denominator) for m in game.moves])
        journal.forget(cur, game.game)
        return Recorded(game.game, True, played + 1, game, why)

    def games_by_player(self, code, player) -> int:
        """How many games this player (their page's id) has recorded in the session: all a student's page
        ever reads back."""
        code, player = check_code(code), check_player(player)
        with self._cursor(write=False) as cur:
            cur.execute("SELECT COUNT(*) FROM class_games WHERE session = ? AND player = ?", (code, player))
            return cur.fetchone()[0]

    def rows(self, code) -> dict:
        """The session's games, grouped for the tally (:mod:`.summary`): for the teacher only (the caller checks
        the token first)."""
        code = check_code(code)
        with self._cursor(write=False) as cur:
            cur.execute("SELECT rules, board, computer, you_first, first_move, winner, left_out, "
                        "CASE WHEN finished_by_server > 0 THEN 1 ELSE 0 END, COUNT(*) FROM class_games WHERE "
                        "session = ? GROUP BY rules, board, computer, you_first, first_move, winner, left_out, "
                        "CASE WHEN finished_by_server > 0 THEN 1 ELSE 0 END", (code,))
            games = cur.fetchall()
            cur.execute("SELECT g.rules, g.board, m.mine, m.theirs, m.move, m.best, m.cost_numerator, "
                        "m.cost_denominator, COUNT(*) FROM class_moves m JOIN class_games g ON g.game = m.game "
                        "WHERE g.session = ? AND m.player = 'you' AND g.left_out = '' AND (g.finished_by_server = 0 "
                        "OR m.number <= g.finished_by_server) GROUP BY g.rules, g.board, m.mine, m.theirs, m.move, "
                        "m.best, m.cost_numerator, m.cost_denominator", (code,))
            moves = cur.fetchall()
            cur.execute("SELECT player, MIN(nickname), COUNT(*), MIN(finished) FROM class_games WHERE session = ? "
                        "GROUP BY player ORDER BY MIN(finished), player", (code,))
            players = cur.fetchall()
            cur.execute("SELECT started, open_until, (SELECT MAX(finished) FROM class_games WHERE session = ?) "
                        "FROM class_sessions WHERE code = ?", (code, code))
            session = cur.fetchone()
        if session is None:
            raise SessionError(f"there is no class with the code {code}")
        return {"code": code, "games": games, "moves": moves, "players": players, "started": session[0],
                "open_until": session[1], "last_game": session[2]}

    def export_rows(self, code, players_only: bool = False) -> dict:
        """Every game of the session and every move, for the export and the class quiz (:mod:`.export`,
        :mod:`.quiz`): for the teacher only (the caller checks the token first).  Games in the order they
        finished; moves by game, in the order they were played (``players_only``: not the moves the server played
        to finish a game its players left)."""
        code = check_code(code)
        with self._cursor(write=False) as cur:
            cur.execute("SELECT code FROM class_sessions WHERE code = ?", (code,))
            if cur.fetchone() is None:
                raise SessionError(f"there is no class with the code {code}")
            cur.execute("SELECT game, player, nickname, finished, rules, board, suspects, computer, you_first, "
                        "first_move, winner, start_chance, your_cost, moves, left_out, finished_by_server "
                        "FROM class_games WHERE session = ? ORDER BY finished, game", (code,))
            games = cur.fetchall()
            cur.execute("SELECT m.game, m.number, m.player, m.mine, m.theirs, m.move, m.answer, m.best, "
                        "m.win_before, m.move_value, m.best_value, m.win_after FROM class_moves m JOIN class_games "
                        "g ON g.game = m.game WHERE g.session = ?" + (" AND (g.finished_by_server = 0 OR m.number "
                        "<= g.finished_by_server)" if players_only else "") + " ORDER BY g.finished, g.game, m.number",
                        (code,))
            moves = cur.fetchall()
        return {"code": code, "games": games, "moves": moves}

    def tally(self, code) -> dict:
        """The teacher's page's data for the session (:func:`.summary.tally`): for the teacher only."""
        return tally(self.rows(code), COUNTED_PER_NICKNAME)

    def rename_player(self, code, player, nickname) -> int:
        """The teacher renames a row of the tally: every game of ``player`` (their page's id) in the session is
        now under ``nickname``; returns how many games."""
        code, player, nickname = check_code(code), check_player(player), check_nickname(nickname)
        with self._cursor(write=True) as cur:
            cur.execute("UPDATE class_games SET nickname = ?, name_key = ? WHERE session = ? AND player = ?",
                        (nickname, nickname_key(nickname), code, player))
            return cur.rowcount

    def remove_player(self, code, player) -> int:
        """The teacher removes a row of the tally: the games of ``player`` in the session are deleted; returns how
        many."""
        code, player = check_code(code), check_player(player)
        with self._cursor(write=True) as cur:
            cur.execute("DELETE FROM class_moves WHERE game IN (SELECT game FROM class_games WHERE session = ? AND "
                        "player = ?)", (code, player))
            cur.execute("DELETE FROM class_games WHERE session = ? AND player = ?", (code, player))
            return cur.rowcount

    def reset(self, code) -> int:
        """Delete every game of the session (the session goes on); returns how many were deleted."""
        code = check_code(code)
        with self._cursor(write=True) as cur:
            return self._delete_games(cur, code)

    # ---- the games under way (:mod:`.journal`) ----
    def note_games(self, notes: list, server: str) -> None:
        """Keep the notes of games under way, in one transaction: (code, player, nickname, record, position) each,
        the moves so far and the position of a game of ``player`` in the session, made by the server ``server``."""
        now = _time(_now(None))
        checked = [(check_code(c), check_player(p), check_nickname(n), r, w) for c, p, n, r, w in notes]
        with self._cursor(write=True) as cur:
            for code, player, nickname, record, where in checked:
                journal.note(cur, record["game"], code, player, nickname, server, record, where, now)

    def server_running(self, server: str, stopped: bool = False) -> None:
        """The server ``server`` is running (said every minute), or has ``stopped``."""
        with self._cursor(write=True) as cur:
            journal.beat(cur, server, time.time(), gone=stopped)

    def orphaned_games(self, server: str) -> list[tuple]:
        """The games under way of servers that are gone (not ``server``'s): (game, code, player, nickname,
        record, position) each."""
        with self._cursor(write=False) as cur:
            return journal.orphans(cur, time.time(), server)

    def forget_game(self, game: str) -> None:
        """Drop the note of a game under way (one that cannot be finished any more)."""
        with self._cursor(write=True) as cur:
            journal.forget(cur, game)

    @staticmethod
    def _delete_games(cur, code: str) -> int:
        journal.delete_session(cur, code)
        cur.execute("DELETE FROM class_moves WHERE game IN (SELECT game FROM class_games WHERE session = ?)", (code,))
        cur.execute("DELETE FROM class_games WHERE session = ?", (code,))
        return cur.rowcount

    # ---- a lesson's exercises (:mod:`.results`) ----
    def join_student(self, code, seat, nickname, now: datetime | None = None, allow_new: bool = True,
                     max_students: int | None = None) -> bool | None:
        """A notebook joins the open session ``code`` with its ``seat`` (its random secret) as ``nickname``; True
        when the seat is new (None, and nothing added, when it would be but ``allow_new`` is False).  The same
        :class:`SessionError` for a code that names no session and for one that has ended;
        :class:`~.results.ClassFull` past ``max_students`` (by default :data:`~.results.MAX_STUDENTS`)."""
        code, seat, nickname = check_code(code), results.check_seat(seat), check_nickname(nickname)
        max_students = results.MAX_STUDENTS if max_students is None else max_students
        with self._cursor(write=True) as cur:
            self._check_open(cur, code, _time(_now(now)), why=False)
            return results.join_student(cur, code, seat, nickname, _time(_now(now)), allow_new, max_students)

    def rename_student(self, code, student, nickname) -> int:
        """The teacher renames a student of the lesson view (``student``: the id the view gives); returns 1, or 0
        when there is no such student."""
        code, student = check_code(code), results.check_seat_hash(student)
        nickname = check_nickname(nickname)
        with self._cursor(write=True) as cur:
            cur.execute("UPDATE class_students SET nickname = ? WHERE session = ? AND seat = ?",
                        (nickname, code, student))
            return cur.rowcount

    def remove_student(self, code, student) -> int:
        """The teacher removes a student of the lesson view, with their results; returns 1, or 0 when there is
        no such student."""
        code, student = check_code(code), results.check_seat_hash(student)
        with self._cursor(write=True) as cur:
            for table in results.RESULTS_TABLES:
                cur.execute(f"DELETE FROM {table} WHERE session = ? AND seat = ?", (code, student))
            return cur.rowcount

    def record_result(self, code, seat, exercise, right, misconception=None, now: datetime | None = None) -> bool:
        """Count one ``check()`` of ``exercise`` by the notebook holding ``seat`` (:func:`~.results.check_result`);
        False when the exercise was already right (nothing changes).  One :class:`SessionError` for a code that
        names no open session and for a seat that never joined it."""
        code, seat = check_code(code), results.check_seat(seat)
        exercise, right, misconception = results.check_result(exercise, right, misconception)
        now = _time(_now(now))
        refused = SessionError(f"this notebook has not joined an open class with the code {code}: run join_class "
                               f"again (a class takes results for {OPEN_HOURS} hours after it starts)")
        with self._cursor(write=True) as cur:
            try:
                self._check_open(cur, code, now, why=False)
            except SessionError:
                raise refused from None
            counted = results.record_result(cur, code, seat, exercise, right, misconception, now)
        if counted is None:
            raise refused
        return counted

    def lesson_rows(self, code) -> dict:
        """The session's lesson results (:func:`~.results.result_rows`): for the teacher only."""
        code = check_code(code)
        with self._cursor(write=False) as cur:
            cur.execute("SELECT 1 FROM class_sessions WHERE code = ?", (code,))
            if cur.fetchone() is None:
                raise SessionError(f"there is no class with the code {code}")
            return results.result_rows(cur, code)

    def lesson_view(self, code, lesson: str | None = None) -> dict:
        """The teacher's lesson view of the session (:func:`~.results.lesson_view`): for the teacher only."""
        return results.lesson_view(self.lesson_rows(code), lesson)

    def gradebook(self, code, lesson: str | None = None) -> str:
        """The session's exercise results per student as CSV (:func:`~.results.gradebook_csv`): for the teacher."""
        return results.gradebook_csv(self.lesson_rows(code), lesson)

    def reset_lesson(self, code) -> int:
        """Delete the session's lesson results and who joined (the session and its games go on); returns how many
        students' results were deleted."""
        code = check_code(code)
        with self._cursor(write=True) as cur:
            return self._delete_results(cur, code)

    @staticmethod
    def _delete_results(cur, code: str) -> int:
        for table in results.RESULTS_TABLES:
            cur.execute(f"DELETE FROM {table} WHERE session = ?", (code,))
        return cur.rowcount

    def delete_session(self, code) -> int:
        """Delete the session and all its games; returns how many games were deleted."""
        code = check_code(code)
        with self._cursor(write=True) as cur:
            deleted = self._delete_games(cur, code)
            self._delete_results(cur, code)
            cur.execute("DELETE FROM class_sessions WHERE code = ?", (code,))
            if cur.rowcount != 1:
                raise SessionError(f"there is no class with the code {code}")
            return deleted

    def purge(self, now: datetime | None = None) -> list[str]:
        """Delete the sessions (and their games) kept longer than :data:`KEEP_DAYS`; returns their codes."""
        now = _time(_now(now))
        with self._cursor(write=True) as cur:
            cur.execute("SELECT code FROM class_sessions WHERE delete_after <= ?", (now,))
            codes = [row[0] for row in cur.fetchall()]
            for code in codes:
                self._delete_games(cur, code)
                self._delete_results(cur, code)
                cur.execute("DELETE FROM class_sessions WHERE code = ?", (code,))
        return codes


class _Cursor:
    """A database cursor that takes the store's statements (``?`` parameters) and writes them for its dialect."""

    def __init__(self, cursor, dialect):
        self._cursor, self._dialect = cursor, dialect

    def execute(self, statement: str, parameters=()):
        self._cursor.execute(self._dialect.sql(statement), parameters)

    def executemany(self, statement: str, rows):
        self._cursor.executemany(self._dialect.sql(statement), rows)

    def fetchone(self):
        return self._cursor.fetchone()

    def fetchall(self):
        return self._cursor.fetchall()

    def columns(self) -> list[str]:
        """The column names of the last SELECT."""
        return [d[0] for d in self._cursor.description or ()]

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount
