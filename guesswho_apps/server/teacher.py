"""The teacher's page of a class session: the live tally of the class's games, for the teacher only.

Served by the class server (``python -m guesswho_apps serve --class-store class.db``; on a school's JupyterHub, its
service), from these handlers and the files of ``static/teacher``:

* ``/class/teacher``: the sign-in form; the teacher's link printed when the session started fills it in from the
  part of the address after ``#`` (never sent to the server, nor written in its log).  A right class code and
  token set a cookie holding the token (HttpOnly, SameSite=Strict, for ``/class/`` only).
* ``/class/teacher/<code>``: the live tally, shown in large type for a projector; it asks for the tally every
  ``poll_seconds`` and says so when the server cannot be reached.
* ``/class/api/<code>/tally``: the tally as JSON (:func:`guesswho_apps.classroom.tally`).
* ``POST /class/api/<code>/reset``: delete the session's games; it also needs the header ``X-Guesswho-Teacher:
  reset`` (only the page's own script sends it: another site's form or script cannot) and, when the browser
  sends an Origin, this server's.

The page, its data and the reset answer 403 to a request without the session's token; a store that cannot be
read is 503 with one line, never a traceback.  The pages forbid everything but their own files
(``Content-Security-Policy: default-src 'self'``).  Every store call runs in a thread: the server never waits for
the database.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from urllib.parse import quote

import tornado.escape
import tornado.web

__all__ = ["handlers", "announce", "open_store", "PAGES", "RESET_HEADER", "CSP", "cookie_name"]

PAGES = Path(__file__).resolve().parent / "static" / "teacher"
#: The header the teacher's page sends with a reset (a form or a script of another site cannot send it).
RESET_HEADER = "X-Guesswho-Teacher"
CSP = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"


def cookie_name(code: str) -> str:
    """The cookie that holds the teacher's token of class ``code``."""
    return f"guesswho_teacher_{code}"


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


class _Base(tornado.web.RequestHandler):
    """What every class page shares: the store, the paths, no caching, and the teacher's check."""

    def initialize(self, store, base: str, poll_seconds: float = 2.0, enable_hint: str = ""):
        self.store, self.base, self.poll_seconds, self.enable_hint = store, base, poll_seconds, enable_hint

    def set_default_headers(self):
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "same-origin")      # (no-referrer would make Origin "null")
        self.set_header("Content-Security-Policy", CSP)

    def get_template_path(self):
        return str(PAGES)

    def class_url(self, *parts: str) -> str:
        return url(self.base, "class", *parts)

    async def is_teacher(self, code: str) -> bool:
        """True when the request's cookie holds the session's token (503 when the store cannot be read)."""
        token = self.get_cookie(cookie_name(code))
        if not token or self.store is None:
            return False
        try:
            return await _in_thread(self.store.is_teacher, code, token)
        except _classroom().StoreUnavailable as e:
            raise tornado.web.HTTPError(503, reason=f"the class store cannot be read: {e}") from None

    async def for_teacher(self, code: str, function, doing: str):
        """``function(code)`` of the store (in a thread) for the class's teacher only: 404 for what is not a class
        code, 403 without the session's token, 503 when the store cannot be ``doing`` ("read", "written")."""
        code = self.code_or_404(code)
        if not await self.is_teacher(code):
            raise tornado.web.HTTPError(403, reason="the teacher's token is needed")
        try:
            return await _in_thread(function, code)
        except _classroom().StoreUnavailable as e:
            raise tornado.web.HTTPError(503, reason=f"the class store cannot be {doing}: {e}") from None

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
                    static=self.class_url("static"), enabled=self.store is not None, enable_hint=self.enable_hint)

    def write_error(self, status_code, **kwargs):
        self.finish({"error": self._reason} if self.request.path.startswith(self.class_url("api")) else
                    f"<!doctype html><html lang='en'><title>{status_code}</title><p>{status_code}: "
                    f"{tornado.escape.xhtml_escape(self._reason)}</p></html>")


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
        self.set_cookie(cookie_name(code), token, path=self.class_url(), httponly=True, samesite="Strict")
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
                    game=url(self.base) + ("" if url(self.base) == "/" else "/"), header=RESET_HEADER)


class TallyHandler(_Base):
    """``/class/api/<code>/tally``: the tally as JSON, for the teacher only."""

    async def get(self, code):
        tally = await self.for_teacher(code, self.store.tally if self.store else None, "read")
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(tally))


class ResetHandler(_Base):
    """``POST /class/api/<code>/reset``: delete the session's games, for the teacher's page only."""

    def check_xsrf_cookie(self):          # the custom header, the Origin and the token are checked below
        pass

    async def post(self, code):
        self.code_or_404(code)
        if not self.same_origin() or self.request.headers.get(RESET_HEADER) != "reset":
            raise tornado.web.HTTPError(403, reason="a reset must come from the teacher's page")
        deleted = await self.for_teacher(code, self.store.reset if self.store else None, "written")
        self.finish({"deleted": deleted})


class StaticHandler(tornado.web.StaticFileHandler):
    """The teacher's page's style sheet and scripts (only the files of static/teacher)."""

    def set_extra_headers(self, path):
        self.set_header("Cache-Control", "no-cache")
        self.set_header("X-Content-Type-Options", "nosniff")


def handlers(store, base: str = "/", poll_seconds: float = 2.0, enable_hint: str = "") -> list:
    """The teacher's pages under ``base``, reading ``store`` (a :class:`~guesswho_apps.classroom.ClassStore`, or
    None: the server keeps no class sessions, and the sign-in page says so, with ``enable_hint``: how to start
    the server with a class store)."""
    kwargs = {"store": store, "base": base, "poll_seconds": poll_seconds, "enable_hint": enable_hint}
    return [
        (url(base, r"class/teacher/?"), SignInHandler, kwargs),
        (url(base, r"class/teacher/([^/]+)"), TeacherPageHandler, kwargs),
        (url(base, r"class/api/([^/]+)/tally"), TallyHandler, kwargs),
        (url(base, r"class/api/([^/]+)/reset"), ResetHandler, kwargs),
        (url(base, r"class/static/(teacher\.css|teacher\.js|signin\.js)"), StaticHandler, {"path": str(PAGES)}),
    ]


def open_store(location: str):
    """The class store at ``location`` (a file name or a postgresql:// address), made if it is new; sessions
    older than the store keeps them are deleted.  Returns (the store, the codes of the deleted sessions).
    ValueError for a location that is not one; StoreUnavailable when it cannot be opened or made."""
    classroom = _classroom()
    store = classroom.ClassStore(location)
    store.create()
    return store, store.purge()


def announce(store, teacher_url: str, restart_hint: str, game_page: str | None = None) -> list[str]:
    """Start a session if none is open in ``store``; the lines that tell the terminal how the class joins the game
    page at ``game_page`` (by default the server of ``teacher_url``) and how the teacher signs in at
    ``teacher_url`` (the link holds the teacher's token, printed only this once; ``restart_hint`` says how to
    start another session)."""
    classroom = _classroom()
    game_page = game_page or teacher_url.rsplit("class/teacher", 1)[0]
    open_codes = store.open_sessions()
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
        f"  Games are stored in {store!r}; see the README, 'A class session', for what is kept and how long.",
        ""]
