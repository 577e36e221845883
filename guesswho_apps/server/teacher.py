"""The teacher's page of a class session: the live tally of the class's games, for the teacher only.

Served by the class server (``python -m guesswho_apps serve --class-store class.db``; on a school's JupyterHub, its
service), from these handlers, the templates ``signin.html``, ``teacher.html`` and ``lesson.html``
(:mod:`guesswho_apps.templating`) and the style sheet and scripts of ``static/teacher``:

* ``/class/teacher``: the sign-in form; the teacher's link printed when the session started fills it in from the
  part of the address after ``#`` (never sent to the server, nor written in its log).  A right class code and
  token set a cookie holding a sign-in, never the token (:class:`TeacherSessions`: a random id, signed, for 12
  hours; HttpOnly, SameSite=Strict, for ``/class/`` only, Secure when the server's public address is https).
  On a school's JupyterHub there is no form: the hub's login says who teaches (:mod:`.hub`).
* ``/class/teacher/<code>``: the live tally, shown in large type for a projector; it asks for the tally every
  ``poll_seconds`` and says so when the server cannot be reached.
* ``/class/api/<code>/tally``: the tally as JSON (:func:`guesswho_apps.classroom.tally`).
* ``POST /class/api/<code>/reset``: delete the session's games; it also needs the header ``X-Guesswho-Teacher:
  reset`` (only the page's own script sends it: another site's form or script cannot) and, when the browser
  sends an Origin, this server's.
* ``POST /class/api/<code>/rows``: rename a row of the tally (a page's player: ``{"row": id, "nickname": ...}``)
  or remove it with its games (``{"row": id, "remove": true}``), with the header ``X-Guesswho-Teacher: rows``
  and the reset's other checks (:class:`RowHandler`; the lesson view's students likewise).
* ``/class/api/<code>/quiz``: the class quiz, the positions where the class lost most (:mod:`guesswho_apps.
  classroom.quiz`), which the page shows in projector mode (``static/teacher/quiz.js``): predict, then reveal.
* ``/class/api/<code>/export/games.csv`` and ``.../moves.csv``: the session's games and moves as CSV
  (:mod:`guesswho_apps.classroom.export`), anonymous; ``?nicknames=yes`` adds the nicknames.

The page, its data and the reset answer 403 to a request without a session of the class's teacher; the form
answers 429 to an address that sent too many wrong tokens in the last minute (a token once found right is
remembered: its teacher can sign in again); a store that cannot be read is 503 with its reason in one line, never
a traceback.  The tally says too whether the store can be written now (it is tried every few seconds while the
page is open), how many finished games wait in the server's memory to be recorded, and how many games of the
class are under way; while the store cannot be read, the tally's answer (503, with the reason) still says these,
and a teacher signed in before goes on being recognised.  The pages forbid everything but their own files
(``Content-Security-Policy: default-src 'self'``).  Every store call runs in a thread: the server never waits for
the database.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import secrets
import threading
import time
from pathlib import Path
from urllib.parse import quote

import tornado.web

from ..templating import render, render_macro
from .guard import Guard, LimitedBody

__all__ = ["handlers", "announce", "open_store", "describe_store", "StoreHealth", "PAGES", "RESET_HEADER", "CSP",
           "cookie_name", "REMEMBER_SECONDS", "quiz_and_export_handlers", "NICKNAMES", "ClassPage", "Refused",
           "StaticHandler", "TeacherPageHandler", "ResetHandler", "RowHandler", "SignInHandler", "url",
           "TeacherSessions", "SESSION_SECONDS"]

PAGES = Path(__file__).resolve().parent / "static" / "teacher"
#: The header the teacher's page sends with a reset (a form or a script of another site cannot send it).
RESET_HEADER = "X-Guesswho-Teacher"
CSP = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"
#: A teacher's token found right is remembered this long (its page's polls then need no store read).
REMEMBER_SECONDS = 600
#: A teacher's sign-in lasts this long (then the page asks to sign in again).
SESSION_SECONDS = 12 * 3600
#: While the teacher's page is open, whether the store can be written is tried this often (seconds).
HEALTH_SECONDS = 3.0


class Refused(tornado.web.HTTPError):
    """An answer with a status and a message for the page (in the body: the status line keeps its usual words)."""

    def __init__(self, status: int, message: str):
        super().__init__(status)
        self.message = " ".join(str(message).split())[:500]


class StoreHealth:
    """Whether the store can be written now, tried at most every ``seconds`` (in a thread, never waited for:
    :meth:`now` answers with the last result at once and starts the next try when it is due)."""

    def __init__(self, store, seconds: float = HEALTH_SECONDS):
        self.store, self.seconds = store, seconds
        self.result = {"writable": None, "problem": "", "checked": None}
        self._last = -1e9
        self._lock = threading.Lock()

    def _try(self):
        try:
            self.store.check_writable()
            result = {"writable": True, "problem": ""}
        except _classroom().StoreUnavailable as e:
            result = {"writable": False, "problem": str(e)}
        except Exception as e:  # a store that fails in any other way is said too (and the page goes on)
            result = {"writable": False, "problem": f"{type(e).__name__}: {e}"}
        finally:
            self._lock.release()
        result["checked"] = time.strftime("%H:%M:%S")
        self.result = result

    def now(self) -> dict:
        if time.monotonic() - self._last >= self.seconds and self._lock.acquire(blocking=False):
            self._last = time.monotonic()
            threading.Thread(target=self._try, name="class-store-check", daemon=True).start()
        return dict(self.result)


def cookie_name(code: str) -> str:
    """The cookie that holds the teacher's session id of class ``code``."""
    return f"guesswho_teacher_{code}"


class TeacherSessions:
    """A teacher's sign-in as their cookie holds it: a random id, until when it lasts, and a signature made with the
    session's secret in the store (:meth:`~guesswho_apps.classroom.ClassStore.sign_in_key`, derived from the
    token's hash): never the token, worth nothing after ``seconds`` or for another class, and still good after the
    server restarts (the teacher's page goes on).  ``secure``: the cookie is sent over https only (the server's
    public address is https)."""

    def __init__(self, secure: bool = False, seconds: float = SESSION_SECONDS, clock=time.time):
        self.secure, self.seconds, self.clock = secure, seconds, clock

    @staticmethod
    def _signature(key: bytes, code: str, sid: str, until: int) -> str:
        return hmac.new(key, f"{code}|{sid}|{until}".encode("ascii"), hashlib.sha256).hexdigest()

    def new(self, code: str, key: bytes) -> str:
        """A new sign-in of the teacher of class ``code``: the cookie's value."""
        sid, until = secrets.token_urlsafe(18), int(self.clock() + self.seconds)
        return f"{sid}.{until}.{self._signature(key, code, sid, until)}"

    @staticmethod
    def well_formed(value: str | None) -> bool:
        """True when ``value`` looks like a sign-in (checked before the store is asked for its key)."""
        parts = (value or "").split(".")
        return len(parts) == 3 and 16 <= len(parts[0]) <= 40 and parts[1].isdigit() and len(parts[2]) == 64

    def valid(self, code: str, value: str | None, key: bytes | None) -> bool:
        """True when ``value`` is a sign-in of the teacher of class ``code`` that still lasts."""
        if key is None or not self.well_formed(value):
            return False
        sid, until, signature = value.split(".")
        return int(until) > self.clock() and hmac.compare_digest(signature, self._signature(key, code, sid,
                                                                                             int(until)))


def url(base: str, *parts: str) -> str:
    """``base`` and ``parts`` joined into one path, with one slash between each."""
    path = "/".join(p.strip("/") for p in (base, *parts) if p.strip("/"))
    return "/" + path


def _classroom():
    """guesswho_apps.classroom, imported when a server keeps class sessions (a server without them stays small)."""
    from .. import classroom

    return classroom


async def _in_thread(function, *args):
    return await asyncio.get_running_loop().run_in_executor(None, function, *args)


class _Base(LimitedBody):
    """What every class page shares: the store, the paths, no caching, and the teacher's check."""

    def initialize(self, store, base: str, shared: dict):
        self.store, self.base = store, base
        self.shared, self.guard = shared, shared["guard"]
        self.poll_seconds, self.enable_hint = shared["poll_seconds"], shared["enable_hint"]

    def set_default_headers(self):
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "same-origin")      # (no-referrer would make Origin "null")
        self.set_header("Content-Security-Policy", CSP)

    def class_url(self, *parts: str) -> str:
        return url(self.base, "class", *parts)

    async def token_is_right(self, code: str, token: str) -> bool:
        """True when ``token`` is the teacher's token of class ``code``: a token found right lately is
        remembered; otherwise the store is asked, unless this address sent too many wrong tokens in the last
        minute (429); 503 when the store cannot be read."""
        if not token or self.store is None:
            return False
        key = (code, hashlib.sha256(token.encode("utf-8", errors="replace")).hexdigest())
        if self._known(key):
            return True
        address = self.guard.client(self.request)
        if self.guard.token_failures.full(address):
            raise Refused(429, "too many wrong teacher's tokens from this address in the last minute: wait a "
                               "minute, then sign in with the link printed when the session started")
        right = await self._read(self.store.is_teacher, code, token)
        if right:
            self._remember(key)
        else:
            self.guard.token_failures.add(address)
        return right

    async def is_teacher(self, code: str) -> bool:
        """True when the request's cookie holds a sign-in of the teacher of class ``code`` (made by the form:
        :class:`TeacherSessions`); one found right lately is remembered; 503 when the store cannot be read."""
        value, sessions = self.get_cookie(cookie_name(code)), self.shared["sessions"]
        if self.store is None or not sessions.well_formed(value):
            return False
        key = (code, "sign-in", value)
        if self._known(key):
            return True
        try:
            right = sessions.valid(code, value, await self._read(self.store.sign_in_key, code))
        except Refused:
            if key in self.shared["known"]:     # found right before the store went: the teacher sees what waits
                return True
            raise
        if right:
            self._remember(key)
        return right

    def _known(self, key) -> bool:
        """True when ``key`` (a token or a sign-in of a class) was found right in the last REMEMBER_SECONDS."""
        return self.shared["known"].get(key, 0) > time.monotonic()

    def _remember(self, key):
        known = self.shared["known"]
        if len(known) > 1000:
            known.clear()
        known[key] = time.monotonic() + REMEMBER_SECONDS

    async def _read(self, function, *args):
        """``function(*args)`` of the store, in a thread; 503 when the store cannot be read."""
        try:
            return await _in_thread(function, *args)
        except _classroom().StoreUnavailable as e:
            raise Refused(503, f"the class store cannot be read: {e}") from None

    async def for_teacher(self, code: str, function, doing: str):
        """``function(code)`` of the store (in a thread) for the class's teacher only: 404 for what is not a class
        code, 403 without the session's token, 503 when the store cannot be ``doing`` ("read", "written")."""
        code = self.code_or_404(code)
        if not await self.is_teacher(code):
            raise Refused(403, "the teacher's token is needed")
        try:
            return await _in_thread(function, code)
        except _classroom().StoreUnavailable as e:
            raise Refused(503, f"the class store cannot be {doing}: {e}") from None
        except _classroom().SessionError as e:
            raise Refused(404, str(e)) from None
        except (TypeError, ValueError) as e:
            raise Refused(400, str(e)) from None

    def code_or_404(self, code: str) -> str:
        try:
            return _classroom().check_code(code)
        except ValueError:
            raise tornado.web.HTTPError(404) from None

    def same_origin(self) -> bool:
        """A POST from this server's own pages (its Origin, when the browser sends one, is this server:
        :meth:`.guard.Guard.same_origin`)."""
        return self.guard.same_origin(self.request)

    def sign_in(self, status: int = 200, code: str = "", message: str = ""):
        self.set_status(status)
        self.finish(render("signin.html", action=self.class_url("teacher"), code=code, message=message,
                           static=self.class_url("static"), enabled=self.store is not None,
                           enable_hint=self.enable_hint))

    def write_error(self, status_code, **kwargs):
        error = kwargs.get("exc_info", (None, None, None))[1]
        message = getattr(error, "message", None) or self._reason
        self.finish({"error": message} if self.request.path.startswith(self.class_url("api")) else
                    render_macro("pieces.html", "error_page", status_code, message))


#: What every teacher's page shares, for the pages of other modules (:mod:`.results_view`).
ClassPage = _Base


class SignInHandler(_Base):
    """``/class/teacher``: the sign-in form; a right code and token set the teacher's cookie."""

    def check_xsrf_cookie(self):          # the form's Origin is checked below, and the token is the secret
        pass

    def get(self):
        self.sign_in()

    async def post(self):
        if self.store is None:
            return self.sign_in(404)
        if not self.same_origin():
            raise Refused(403, "a sign-in must come from this server's own page")
        code, token = self.form_argument("code"), self.form_argument("token")
        try:
            code = _classroom().check_code(code)
        except ValueError as e:
            return self.sign_in(403, code[:20], str(e))
        try:
            right = await self.token_is_right(code, token[:200])
            key = await self._read(self.store.sign_in_key, code) if right else None   # (None: no such session)
        except Refused as e:
            return self.sign_in(e.status_code, code, e.message[:1].upper() + e.message[1:] + ".")
        if key is None:
            return self.sign_in(403, code, "That is not the teacher's token of this class.")
        sessions = self.shared["sessions"]
        self.set_cookie(cookie_name(code), sessions.new(code, key), path=self.class_url(), httponly=True,
                        samesite="Strict", secure=sessions.secure)
        self.redirect(self.class_url("teacher", code))


class TeacherPageHandler(_Base):
    """``/class/teacher/<code>``: the live tally, for the teacher only (403 and the sign-in form otherwise)."""

    page = "teacher.html"

    async def get(self, code):
        code = self.code_or_404(code)
        try:
            teacher = await self.is_teacher(code)
        except Refused as e:
            return self.sign_in(e.status_code, code, e.message[:1].upper() + e.message[1:] + ".")
        if not teacher:
            return self.sign_in(403, code, "This page is for the class's teacher: sign in with the teacher's "
                                           "token.")
        self.finish(render(self.page, code=code, static=self.class_url("static"),
                           api=self.class_url("api", code), poll_ms=int(1000 * self.poll_seconds),
                           game=url(self.base) + ("" if url(self.base) == "/" else "/"), header=RESET_HEADER,
                           students=self.shared["students_url"]))


class TallyHandler(_Base):
    """``/class/api/<code>/tally``: the tally as JSON, for the teacher only; while the store cannot be read, a 503
    that still says what the server holds (``store``)."""

    async def get(self, code):
        try:
            tally = await self.for_teacher(code, self.store.tally if self.store else None, "read")
        except Refused as e:
            if e.status_code != 503 or not await self.is_teacher(self.code_or_404(code)):
                raise
            self.set_status(503)
            tally = {"error": e.message}
        health = self.shared["health"]
        tally["store"] = health.now() if health is not None else {"writable": None, "problem": ""}
        if "error" in tally:
            tally["store"].update(writable=False, problem=tally["error"].split(": ", 1)[-1])
        waiting = self.shared["waiting"]
        tally["store"]["unsent"], tally["store"]["under_way"] = waiting() if waiting is not None else (None, None)
        tally["class_full"] = self.shared["events"].get("full", {}).get(self.code_or_404(code), 0)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(tally))


class ResetHandler(_Base):
    """``POST /class/api/<code>/reset``: delete the session's games, for the teacher's page only."""

    deletes = "reset"                     # the store's method that deletes

    header = "reset"                      # the value of RESET_HEADER the page's own script sends

    def check_xsrf_cookie(self):          # the custom header, the Origin and the token are checked below
        pass

    def from_the_page(self, code: str, what: str):
        """403 unless the request comes from the teacher's page: its header, and this server's Origin."""
        self.code_or_404(code)
        if not self.same_origin() or self.request.headers.get(RESET_HEADER) != self.header:
            raise Refused(403, f"{what} must come from the teacher's page")

    async def post(self, code):
        self.from_the_page(code, "a reset")
        deleted = await self.for_teacher(code, getattr(self.store, self.deletes) if self.store else None, "written")
        self.finish({"deleted": deleted})


class RowHandler(ResetHandler):
    """``POST /class/api/<code>/rows`` and ``.../lesson/rows``: rename or remove a row of the tally (a player) or
    of the lesson view (a student), for the teacher's pages only (the reset's checks, the header's value
    ``rows``)."""

    header = "rows"

    def initialize(self, store, base: str, shared: dict, rows: str = "players"):
        super().initialize(store, base, shared)
        self.rows = rows

    async def post(self, code):
        self.from_the_page(code, "a change of a row")
        try:
            body = json.loads(self.body() or b"null")
        except (ValueError, RecursionError):
            raise Refused(400, "the request is not JSON") from None
        if not isinstance(body, dict) or "row" not in body or set(body) - {"row", "nickname", "remove"} or (
                ("nickname" in body) == (body.get("remove") is True)):
            raise Refused(400, 'a change of a row is {"row": id, "nickname": "new name"} or {"row": id, '
                               '"remove": true}')
        kind = "student" if self.rows == "students" else "player"
        function = getattr(self.store, f"{'rename' if 'nickname' in body else 'remove'}_{kind}", None)
        given = [body["row"], *([body["nickname"]] if "nickname" in body else [])]
        changed = await self.for_teacher(code, lambda c: function(c, *given), "written")
        if not changed:
            raise Refused(404, f"there is no such {kind} in class {code.upper()}")
        self.finish({"changed": changed})


class StaticHandler(LimitedBody, tornado.web.StaticFileHandler):
    """The teacher's page's style sheet and scripts (only the files of static/teacher)."""

    def set_extra_headers(self, path):
        self.set_header("Cache-Control", "no-cache")
        self.set_header("X-Content-Type-Options", "nosniff")


def handlers(store, base: str = "/", poll_seconds: float = 2.0, enable_hint: str = "", guard: Guard | None = None,
             waiting=None, students_url: str | None = None, sessions: TeacherSessions | None = None,
             events: dict | None = None) -> list:
    """The teacher's pages under ``base``, reading ``store`` (a :class:`~guesswho_apps.classroom.ClassStore`, or
    None: the server keeps no class sessions, and the sign-in page says so, with ``enable_hint``: how to start
    the server with a class store).  ``guard`` (:class:`~.guard.Guard`) says who a request comes from and which
    Origins are this server's; ``waiting()`` is (how many finished games wait in the server's memory to be
    recorded, how many games of the class are under way); ``students_url`` the game page's address as the students
    reach it ("" when the server listens on this computer only; None: as the teacher's browser reaches it);
    ``sessions`` makes and checks the teachers' sign-ins (shared with the lesson view's handlers); ``events``: what
    the teacher's pages share (a class that was full, from :mod:`.results_view`)."""
    shared = {"guard": guard if guard is not None else Guard(), "poll_seconds": poll_seconds,
              "enable_hint": enable_hint, "known": {}, "health": StoreHealth(store) if store is not None else None,
              "waiting": waiting, "students_url": students_url,
              "sessions": sessions if sessions is not None else TeacherSessions(),
              "events": {} if events is None else events}
    kwargs = {"store": store, "base": base, "shared": shared}
    return [
        (url(base, r"class/teacher/?"), SignInHandler, kwargs),
        (url(base, r"class/teacher/([^/]+)"), TeacherPageHandler, kwargs),
        (url(base, r"class/api/([^/]+)/tally"), TallyHandler, kwargs),
        (url(base, r"class/api/([^/]+)/reset"), ResetHandler, kwargs),
        (url(base, r"class/api/([^/]+)/rows"), RowHandler, kwargs),
        (url(base, r"class/static/(teacher\.css|teacher\.js|signin\.js|quiz\.js|page\.js)"), StaticHandler,
         {"path": str(PAGES)}),
        *quiz_and_export_handlers(base, kwargs),
    ]


# ---- the class quiz and the class's games as data ------------------------------------------------------------------
class QuizHandler(_Base):
    """``/class/api/<code>/quiz``: the class quiz as JSON, for the teacher only."""

    async def get(self, code):
        quiz = await self.for_teacher(code, lambda c: _classroom().class_quiz(self.store.export_rows(c)), "read")
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(quiz))


#: ``?nicknames=``: the values that add the nicknames to the export, and those that leave them out.
NICKNAMES = {"yes": True, "1": True, "no": False, "0": False, "": False}


class ExportHandler(_Base):
    """``/class/api/<code>/export/(games|moves).csv``: the session's games or moves as CSV, for the teacher only;
    anonymous unless ``?nicknames=yes``."""

    async def get(self, code, table):
        code = self.code_or_404(code)
        if not await self.is_teacher(code):                 # the token first: a 403 whatever the rest asks
            raise Refused(403, "the teacher's token is needed")
        asked = self.get_query_argument("nicknames", "")
        if asked not in NICKNAMES:
            raise Refused(400, f"nicknames must be yes or no, got {asked[:20]!r}")
        games, moves = await self.for_teacher(
            code, lambda c: _classroom().export_csv(self.store.export_rows(c), NICKNAMES[asked]), "read")
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="class-{code}-{table}.csv"')
        self.finish(games if table == "games" else moves)


def quiz_and_export_handlers(base: str, kwargs: dict) -> list:
    """The quiz's and the export's handlers under ``base`` (see the module's docstring)."""
    return [(url(base, r"class/api/([^/]+)/quiz"), QuizHandler, kwargs),
            (url(base, r"class/api/([^/]+)/export/(games|moves)\.csv"), ExportHandler, kwargs)]


def open_store(location: str, pause_seconds: float = 0):
    """The class store at ``location`` (a file name or a postgresql:// address), made if it is new; sessions
    older than the store keeps them are deleted.  Returns (the store, the codes of the deleted sessions).
    ``pause_seconds``: see :class:`~guesswho_apps.classroom.ClassStore`.  ValueError for a
    location that is not one; StoreUnavailable when it cannot be opened or made."""
    classroom = _classroom()
    store = classroom.ClassStore(location, pause_seconds=pause_seconds)
    store.create()
    return store, store.purge()


def announce(store, teacher_url: str, restart_hint: str, game_page: str | None = None,
             teachers: str | None = None) -> list[str]:
    """Start a session if none is open in ``store``; the lines that tell the terminal how the class joins the game
    page at ``game_page`` (by default the server of ``teacher_url``) and how the teacher signs in at
    ``teacher_url`` (the link holds the teacher's token, printed only this once; ``restart_hint`` says how to
    start another session).  ``teachers``: who the hub lets in as a teacher, in words (on a school's JupyterHub:
    the link then holds no token, and none is printed)."""
    classroom = _classroom()
    game_page = game_page or teacher_url.rsplit("class/teacher", 1)[0]
    open_codes = store.open_sessions()
    if teachers is not None:              # on a school's JupyterHub: the hub's login says who teaches
        session = None if open_codes else store.start_session()
        code = open_codes[0] if open_codes else session.code
        head = (f"  Class session {code} goes on (its games are kept)." if session is None else
                f"  Class session started: class code {code} (takes games until "
                f"{classroom.readable(session.open_until)}).")
        return ["", head,
                f"  Students open the game page with ?class={code} at the end of its address, or type the code.",
                f"  The (4, 4) activity of lesson 02: {game_page}{classroom.activity_address(code)}",
                f"  The teacher's page, for {teachers} signed in to the hub (no code or token to copy): "
                f"{teacher_url}/{code}",
                f"  Games are stored in {describe_store(store)}.", ""]
    if open_codes:
        return [f"Class session {open_codes[0]} goes on (its games are kept). The teacher's page: {teacher_url} "
                "(sign in with the teacher's token printed when the session started; a new session: "
                f"{restart_hint}).",
                f"The (4, 4) activity of lesson 02: {game_page}{classroom.activity_address(open_codes[0])}"]
    session = store.start_session()
    readable = classroom.readable
    return [
        "",
        f"  Class session started: class code {session.code} (takes games until {readable(session.open_until)}).",
        f"  Students open the game page with ?class={session.code} at the end of its address, or type the code.",
        f"  The (4, 4) activity of lesson 02: {game_page}{classroom.activity_address(session.code)}",
        "  The teacher's page (keep this link to yourself: it holds the teacher's token, shown only now):",
        f"    {teacher_url}#code={session.code}&token={quote(session.token)}",
        f"  Games are stored in {describe_store(store)}; see the README, 'A class session', for what is kept and "
        "how long.",
        ""]


def describe_store(store) -> str:
    """Where a store keeps its games, in words: "the SQLite file /srv/class.db", "the PostgreSQL database
    guesswho on db.school:5432" (never a password)."""
    if store.dialect.name == "sqlite":
        return f"the SQLite file {store.location}"
    from urllib.parse import urlsplit

    parts = urlsplit(store.location)
    try:
        port = parts.port
    except ValueError:
        port = None
    host = parts.hostname or "this computer"
    return f"the PostgreSQL database {parts.path.strip('/') or '(default)'} on {host}" + (f":{port}" if port else "")
