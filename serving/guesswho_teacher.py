"""The class session on the class server: the store it keeps, and the teacher's page (loaded by serving/voila.py).

Start the server with a class store, a file of the teacher's choosing (or a PostgreSQL address, one setting):

    python -m voila notebooks/app-play.ipynb --Voila.config_file_paths=serving --ClassSession.store=class.db

* **The session.**  When the server starts, it makes the store if it is new (SQLite in WAL mode), deletes the
  sessions older than 30 days, and, if no session is open, starts one: the terminal shows the class code, the
  address for the students, and the teacher's page with the teacher's token (printed this once; only a hash is
  stored).  A session already open is kept across a restart, with its games.  ``python -m guesswho_lib class
  start --store class.db`` starts another one, even while the server runs.
* **The game kernels** learn where the store is from the environment (``GUESSWHO_CLASS_STORE``); a page joined
  to the session records each finished game there itself (:mod:`guesswho_lib.widgets.classroom`), after the
  referee has replayed it with the exact solver.  No address of this server writes a game.
* **The teacher's page**, ``/class/teacher``: the teacher signs in with the class code and the token (the
  printed link fills them in from the part of the address after ``#``, which the browser never sends); the
  server then sets a cookie holding the token (HttpOnly, SameSite=Strict, for ``/class/`` only).  The page
  ``/class/teacher/<code>`` and its data ``/class/api/<code>/tally`` answer 403 to a request without the
  session's token; the reset (``POST /class/api/<code>/reset``) also needs a header that only the page's own
  script sends (another site cannot forge it).  The page asks for the tally every ``poll_seconds`` and shows
  it in large type for a projector; it says so when the server cannot be reached.

Every store call runs in a thread, so the server never waits for the database.
"""

from __future__ import annotations

import asyncio
import json
import os
from urllib.parse import quote

import tornado.escape
import tornado.web
from jupyter_server.utils import url_path_join
from traitlets import Float, Unicode
from traitlets.config import Configurable

HERE = os.path.dirname(os.path.abspath(__file__))
PAGES = os.path.join(HERE, "teacher")
#: The header the teacher's page sends with a reset (a form or a script of another site cannot send it).
RESET_HEADER = "X-Guesswho-Teacher"


class ClassSession(Configurable):
    """The class session's settings (``--ClassSession.store=class.db`` on the command line)."""

    store = Unicode("", config=True, help="The class store: a file name (SQLite, e.g. class.db) or a "
                                         "postgresql:// address.  Empty: the server keeps no class sessions.")
    poll_seconds = Float(2.0, config=True, help="How often the teacher's page asks for the tally (seconds).")


def _cookie(code: str) -> str:
    return f"guesswho_teacher_{code}"


def _classroom():
    """guesswho_lib.classroom, imported when the server keeps class sessions (a server without them stays small)."""
    import guesswho_lib.classroom

    return guesswho_lib.classroom


async def _in_thread(function, *args):
    return await asyncio.get_running_loop().run_in_executor(None, function, *args)


class _Base(tornado.web.RequestHandler):
    """What every class page shares: the store, the paths, no caching, and the teacher's check."""

    def initialize(self, store, base: str, poll_seconds: float = 2.0):
        self.store, self.base, self.poll_seconds = store, base, poll_seconds

    def set_default_headers(self):
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "same-origin")      # (no-referrer would make Origin "null")
        self.set_header("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'")

    def get_template_path(self):
        return PAGES

    def class_url(self, *parts: str) -> str:
        return url_path_join(self.base, "class", *parts)

    async def is_teacher(self, code: str) -> bool:
        """True when the request's cookie holds the session's token (503 when the store cannot be read)."""
        token = self.get_cookie(_cookie(code))
        if not token or self.store is None:
            return False
        try:
            return await _in_thread(self.store.is_teacher, code, token)
        except _classroom().StoreUnavailable as e:
            raise tornado.web.HTTPError(503, reason=f"the class store cannot be read: {e}") from None

    def code_or_404(self, code: str) -> str:
        try:
            return _classroom().check_code(code)
        except ValueError:
            raise tornado.web.HTTPError(404) from None

    def same_origin(self) -> bool:
        """A POST from this server's own pages (its Origin, when the browser sends one, is this server)."""
        origin = self.request.headers.get("Origin")
        return origin is None or origin.split("://", 1)[-1] == self.request.host

    def sign_in(self, status: int = 200, code: str = "", message: str = ""):
        self.set_status(status)
        self.render("signin.html", action=self.class_url("teacher"), code=code, message=message,
                    static=self.class_url("static"), enabled=self.store is not None)

    def write_error(self, status_code, **kwargs):
        self.finish({"error": self._reason} if self.request.path.startswith(self.class_url("api")) else
                    f"<!doctype html><html lang='en'><title>{status_code}</title><p>{status_code}: "
                    f"{tornado.escape.xhtml_escape(self._reason)}</p></html>")


class SignInHandler(_Base):
    """``/class/teacher``: the sign-in form; a right code and token set the teacher's cookie."""

    def get(self):
        self.sign_in()

    async def post(self):
        if self.store is None:
            return self.sign_in(404)
        if not self.same_origin():
            raise tornado.web.HTTPError(403, reason="a sign-in must come from this server's own page")
        code, token = self.get_body_argument("code", ""), self.get_body_argument("token", "")
        try:
            code = _classroom().check_code(code)
        except ValueError as e:
            return self.sign_in(403, code[:20], str(e))
        try:
            ok = await _in_thread(self.store.is_teacher, code, token)
        except _classroom().StoreUnavailable as e:
            return self.sign_in(503, code, f"The class store cannot be read: {e}")
        if not ok:
            return self.sign_in(403, code, "That is not the teacher's token of this class.")
        self.set_cookie(_cookie(code), token, path=self.class_url(), httponly=True, samesite="Strict")
        self.redirect(self.class_url("teacher", code))


class TeacherPageHandler(_Base):
    """``/class/teacher/<code>``: the live tally, for the teacher only (403 and the sign-in form otherwise)."""

    async def get(self, code):
        code = self.code_or_404(code)
        if not await self.is_teacher(code):
            return self.sign_in(403, code, "This page is for the class's teacher: sign in with the teacher's "
                                           "token.")
        self.render("teacher.html", code=code, static=self.class_url("static"),
                    api=self.class_url("api", code), poll_ms=int(1000 * self.poll_seconds),
                    game=url_path_join(self.base, "/"), header=RESET_HEADER)


class TallyHandler(_Base):
    """``/class/api/<code>/tally``: the tally as JSON, for the teacher only."""

    async def get(self, code):
        code = self.code_or_404(code)
        if not await self.is_teacher(code):
            raise tornado.web.HTTPError(403, reason="the teacher's token is needed")
        try:
            tally = await _in_thread(self.store.tally, code)
        except _classroom().StoreUnavailable as e:
            raise tornado.web.HTTPError(503, reason=f"the class store cannot be read: {e}") from None
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(tally))


class ResetHandler(_Base):
    """``POST /class/api/<code>/reset``: delete the session's games, for the teacher's page only."""

    async def post(self, code):
        code = self.code_or_404(code)
        if not self.same_origin() or self.request.headers.get(RESET_HEADER) != "reset":
            raise tornado.web.HTTPError(403, reason="a reset must come from the teacher's page")
        if not await self.is_teacher(code):
            raise tornado.web.HTTPError(403, reason="the teacher's token is needed")
        try:
            deleted = await _in_thread(self.store.reset, code)
        except _classroom().StoreUnavailable as e:
            raise tornado.web.HTTPError(503, reason=f"the class store cannot be written: {e}") from None
        self.finish({"deleted": deleted})


class StaticHandler(tornado.web.StaticFileHandler):
    """The teacher's page's style sheet and script (only the files of serving/teacher)."""

    def set_extra_headers(self, path):
        self.set_header("Cache-Control", "no-cache")
        self.set_header("X-Content-Type-Options", "nosniff")


def _announce(log, store, app) -> None:
    """Start a session if none is open, and say in the terminal how the class joins and the teacher signs in."""
    purged = store.purge()
    if purged:
        log.info("Class sessions older than 30 days deleted with their games: %s.", ", ".join(purged))
    open_codes = store.open_sessions()
    port = getattr(app, "port", 8866)
    here = f"http://127.0.0.1:{port}{url_path_join(app.base_url or '/', 'class', 'teacher')}"
    if open_codes:
        log.info("Class session %s goes on (its games are kept). The teacher's page: %s (sign in with the "
                 "teacher's token printed when the session started; a new session: python -m guesswho_lib class "
                 "start --store %s).", open_codes[0], here, store.location)
        return
    session = store.start_session()
    readable = _classroom().readable
    log.info("\n".join([
        "",
        f"  Class session started: class code {session.code} (takes games until {readable(session.open_until)}).",
        f"  Students open the game page with ?class={session.code} at the end of its address, or type the code.",
        "  The teacher's page (keep this link to yourself: it holds the teacher's token, shown only now):",
        f"    {here}#code={session.code}&token={quote(session.token)}",
        f"  Games are stored in {store!r}; see the README, 'A class session', for what is kept and how long.",
        ""]))


def handlers(app) -> list:
    """The class session's pages (for guesswho_classroom.HANDLERS), with the store of ``--ClassSession.store``."""
    settings = ClassSession(config=app.config)
    base = app.server_url or app.base_url or "/"
    store = None
    if settings.store:
        classroom = _classroom()
        store = classroom.ClassStore(settings.store)
        store.create()
        os.environ[classroom.STORE_VARIABLE] = store.location       # the game kernels' environment
        _announce(app.log, store, app)
    kwargs = {"store": store, "base": base, "poll_seconds": settings.poll_seconds}
    return [
        (url_path_join(base, r"/class/teacher/?"), SignInHandler, kwargs),
        (url_path_join(base, r"/class/teacher/([^/]+)"), TeacherPageHandler, kwargs),
        (url_path_join(base, r"/class/api/([^/]+)/tally"), TallyHandler, kwargs),
        (url_path_join(base, r"/class/api/([^/]+)/reset"), ResetHandler, kwargs),
        (url_path_join(base, r"/class/static/(teacher\.css|teacher\.js|signin\.js)"), StaticHandler, {"path": PAGES}),
    ]
