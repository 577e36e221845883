"""The class server's web side (tornado): the game page, its script and style sheet, and the actions.

* ``GET  /``              the page (plain HTML, no framework, nothing fetched from another site);
* ``GET  /static/...``    its script and style sheet (cached by the browser: their address carries a digest);
* ``POST /api/start``     a new game from the page's address: ``{"query": "rules=nica&board=8"}``;
* ``POST /api/act``       one action: ``{"session": ..., "seq": 7, "action": "click", "suspect": 3}``;
* ``POST /api/ping``      is my game still there? (the page asks every 20 s, and shows it at once if it is not);
* ``/class/...``          the teacher's page of a class session (:mod:`.teacher`), and its lessons: the notebooks'
                          results and the teacher's lesson view (:mod:`.results_view`);
* ``/oauth_callback``     with ``--jupyterhub``: the JupyterHub login's way back (:mod:`.hub`: every other address
                          is then for those the hub signed in).

With a class session (``python -m guesswho_apps serve --class-store class.db``), an action that joins a class or
ends a game is answered once the class store has been written (in the class room's writer thread, with the
other games that end at the same moment: other players' moves go on meanwhile), so the answer already says "Game
recorded", or why not and the way on.

Answers are JSON: ``{session, seq, state}`` (the state: :func:`guesswho_lib.widgets.play_view.view_state`), or
``{error, message}`` with 404 (the game is lost: the server was restarted, or the game idle too long), 503 (the
game is full, or this address has as many games as one address may), 400 (a request the page never sends: any
body that is not the few small values the page sends), 413 (a body over :data:`~.guard.MAX_BODY_BYTES`), 403 (a
request from another site's page), 500 (a fault on the server: its traceback is in the terminal).  The page
shows each with a way on.  What one client may do (games and connections per address, timeouts, the Origin) is
:mod:`.guard`'s.

The terminal gets one line when the server starts, a line when the server is full (at most one a minute), and
every server error with its traceback; nothing for a client's mistake, and no line per request.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import time
from pathlib import Path

import tornado.ioloop
import tornado.web

from guesswho_lib.widgets.play_view import menus
from ..templating import render
from . import results_view, teacher
from .games import BadRequest, GameFull, GameLost, GameTable
from .guard import Guard, LimitedBody

__all__ = ["make_app", "page_html", "STATIC", "PING_SECONDS", "FULL_RETRY_SECONDS", "SWEEP_SECONDS"]

STATIC = Path(__file__).resolve().parent / "static"
PING_SECONDS = 20               # the page asks whether its game is still there this often
FULL_RETRY_SECONDS = 20         # a page told "the game is full" tries again after about this long
SWEEP_SECONDS = 60              # idle games are looked for this often
#: What the page may load: its own files only; inline style attributes (the model's HTML uses them) and images
#: written into the page (the review's heat map is a data: PNG).
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'")
log = logging.getLogger("guesswho.server")


def _digest(name: str) -> str:
    return hashlib.sha256((STATIC / name).read_bytes()).hexdigest()[:12]


def page_html() -> str:
    """The game page (templates/play.html) with the settings menus filled in and the files' digests in their
    addresses (a new version of the script is never taken from the browser's cache)."""
    m = menus()
    return render("play.html", menus={"rules": [(r, r) for r in m["rules"]], "board": [(b, b) for b in m["boards"]],
                                      "computer": m["computers"], "best_of": m["best_of"]},
                  chosen={"rules": "official", "board": "characters", "computer": "optimal", "best_of": 1},
                  max_board=m["max_board"], faces_rules=" or ".join(m["faces_rules"]), ping_seconds=PING_SECONDS,
                  full_retry_seconds=FULL_RETRY_SECONDS, js=f"static/play.js?v={_digest('play.js')}",
                  css=f"static/play.css?v={_digest('play.css')}")


class _Base(LimitedBody):
    def set_default_headers(self):
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "same-origin")
        self.set_header("Content-Security-Policy", CSP)

    def write_error(self, status_code, **kwargs):
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"error": "server error" if status_code >= 500 else "bad request",
                                "message": "the server could not answer (an error on the server; the teacher's "
                                           "terminal shows it)" if status_code >= 500 else self._reason}))


class NotFoundHandler(_Base):
    """Any other address: 404."""

    def get(self, *args, **kwargs):
        raise tornado.web.HTTPError(404)

    head = post = put = delete = patch = options = get


class RedirectHandler(LimitedBody, tornado.web.RedirectHandler):
    pass


class PageHandler(_Base):
    """The game page (the same for every player: the page reads its settings from its own address)."""

    def initialize(self, html: str):
        self.html = html

    def get(self):
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(self.html)


class StaticHandler(LimitedBody, tornado.web.StaticFileHandler):
    def set_extra_headers(self, path):
        self.set_header("X-Content-Type-Options", "nosniff")


class ApiHandler(_Base):
    """``POST /api/start | act | ping`` (see the module's docstring)."""

    def initialize(self, table: GameTable, state: dict, guard: Guard):
        self.table, self.server_state, self.guard = table, state, guard

    def check_xsrf_cookie(self):          # the session id in the body is the key: a cookie would be forgeable
        pass

    async def post(self, what: str):
        if not self.guard.same_origin(self.request):
            return self._error(403, "forbidden", "a game is played from this server's own page")
        try:
            body = json.loads(self.body() or b"null")
        except (ValueError, RecursionError):         # (RecursionError: brackets nested too deep)
            return self._error(400, "bad request", "the request is not JSON")
        if not isinstance(body, dict):
            return self._error(400, "bad request", "the request must be a JSON object")
        try:
            if what == "start":
                answer = self.table.start(body.get("query", ""), self.guard.who(self))
                sid = answer["session"]
            elif what == "act":
                sid = body.get("session")
                answer = self.table.act(sid, body, answer=False)        # (answered below, once)
            else:
                self.table.ping(body.get("session"))
                answer = {"ok": True}
            if what != "ping" and self.table.waiting(sid):
                await asyncio.wrap_future(self.table.settle_later(sid))
                answer = None
            if answer is None:
                answer = self.table.act(sid, {"action": "state"})
        except GameLost as e:
            return self._error(404, "lost", str(e))
        except GameFull as e:
            self._say_full()
            return self._error(503, "full", f"{e}. Try again in a moment.", retry=FULL_RETRY_SECONDS)
        except BadRequest as e:
            return self._error(400, "bad request", str(e))
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(answer, separators=(",", ":")))

    def _say_full(self):
        now = time.monotonic()
        if now - self.server_state.get("full_said", -1e9) > 60:
            self.server_state["full_said"] = now
            log.warning("The game is full (%s): new players are asked to try again in a moment. A game ends "
                        "after %s without an action; for more room, start the server with --max-games.",
                        self.table.size_words, self.table.idle_words)

    def _error(self, status: int, error: str, message: str, **extra):
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"error": error, "message": message[:300], **extra}))


def _log_request(handler):
    """Tornado's request log: nothing for a request that went well or a player's mistake; server errors only
    (their tracebacks are logged by tornado as they happen)."""
    if handler.get_status() >= 500 and handler.get_status() != 503:      # 503: the game is full, said apart
        log.error("%d %s %s", handler.get_status(), handler.request.method, handler.request.path)


def make_app(table: GameTable | None = None, base_url: str = "/", guard: Guard | None = None,
             students_url: str = "", hub_login: bool = False, public_url: str = "", max_students: int | None = None,
             new_seats: int | None = None) -> tornado.web.Application:
    """The server's web application, serving the games of ``table`` (a new :class:`GameTable` by default) under
    ``base_url``, with the teacher's pages of its class session (``table.classroom``; without one, the teacher's
    sign-in page says how to start a session).  ``guard`` (:class:`~.guard.Guard`) says what one client may do;
    ``students_url`` is the game page's address as the students reach it ("" when the server listens on this
    computer only: the teacher's page then says so); ``public_url`` the address the students open (https: the
    teacher's cookie goes over https only); with ``hub_login``, every address behind the login of the JupyterHub
    that started it as its service (:func:`.hub.behind_login`); ``max_students`` and ``new_seats``: the lessons'
    limits (:func:`.results_view.handlers`).  ``app.settings["games"]`` is the table, ``app.settings["guard"]``
    the guard."""
    table = GameTable() if table is None else table
    guard = Guard() if guard is None else guard
    if table.games_per_address is None:
        table.games_per_address = guard.games_per_address
    if table.guard is None:
        table.guard = guard
    base = "/" + base_url.strip("/") + "/" if base_url.strip("/") else "/"
    state: dict = {}
    store = table.classroom.store if table.classroom is not None else None
    enable_hint = "python -m guesswho_apps serve --class-store class.db"
    events: dict = {}
    lessons = {"max_students": max_students, **({"new_seats": new_seats} if new_seats else {})}
    sessions = teacher.TeacherSessions(secure=public_url.lower().startswith("https://"))
    handlers = [
        (base, PageHandler, {"html": page_html()}),
        (base + r"static/(play\.js|play\.css)", StaticHandler, {"path": str(STATIC)}),
        (base + r"api/(start|act|ping)", ApiHandler, {"table": table, "state": state, "guard": guard}),
        *teacher.handlers(store, base, enable_hint=enable_hint, guard=guard,
                          waiting=(lambda: (table.unsent(), table.under_way())) if table.classroom else None,
                          students_url=students_url, events=events, sessions=sessions),
        *results_view.handlers(store, base, enable_hint=enable_hint, guard=guard, students_url=students_url,
                               events=events, sessions=sessions, **lessons),
    ]
    if base != "/":
        handlers.append((base.rstrip("/"), RedirectHandler, {"url": base}))
    secret, not_found = {}, NotFoundHandler
    if hub_login:
        from .hub import behind_login

        handlers, not_found = behind_login(handlers, base, public_url, not_found)
        secret = {"cookie_secret": os.urandom(32)}                # (the OAuth state)
    return tornado.web.Application(handlers, compress_response=True, log_function=_log_request, games=table,
                                   guard=guard, base_url=base, default_handler_class=not_found, **secret)


def start_sweeping(table: GameTable) -> tornado.ioloop.PeriodicCallback:
    """Drop idle games every SWEEP_SECONDS (in the running event loop), and once now (a class session's server
    then says at once that it runs, and finishes the games a server gone without warning left)."""
    table.tick()
    sweeper = tornado.ioloop.PeriodicCallback(table.tick, SWEEP_SECONDS * 1000)
    sweeper.start()
    return sweeper
