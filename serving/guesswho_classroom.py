"""The class server's parts that Voila's own settings do not cover (loaded by serving/voila.py).

* :class:`ClassroomKernelManager` -- Voila's kernel manager with
  - **games started before the class arrives**: ``warm_kernels`` Python kernels are started when the server
    starts, with the game's modules already imported (``warm_code``).  A page request takes one of them and
    gives it the page's settings (its environment: the query string and the other request variables Voila
    passes to a kernel), so it only has to run the notebook's few lines.  The pool is filled again while
    the class plays, one kernel at a time, once no page has been requested for ``refill_pause`` seconds.
  - **a cap**: at most ``max_players`` games at once; one more page gets a short "the game is full, try
    again in a moment" page (HTTP 503, ``503.html`` of the guesswho template) and starts nothing, so a flood
    of requests cannot grow memory without bound (kernels nobody is connected to are culled as before).
* :func:`log_request` -- the server's access log: requests that went well are not shown, a full game is one
  line of information, only real server errors are errors.
* :data:`HANDLERS` and :func:`add_handlers` -- pages added to Voila's server: today safe replacements for
  two of Voila's own routes (``/voila/templates/<name>/static/...`` paths that are not files answer 404
  instead of failing with a traceback; ``/logout``, meaningless without logins, goes back to the game).
  Later server-side pages (a teacher's page, say) are added to ``HANDLERS`` the same way; they are then
  served by the README's class command.  Voila 0.5 has no setting for extra pages, so
  :func:`add_handlers` puts them in front of the list Voila builds (``Voila.init_handlers``).

Kernel ids are the only state; nothing here is specific to the game except the settings that
serving/voila.py gives.
"""

from __future__ import annotations

import asyncio
import atexit
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time

import tornado.web
from jupyter_core.utils import ensure_async
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import url_path_join
from tornado.ioloop import IOLoop
from traitlets import Float, Integer, Unicode

FULL_REASON = "The game is full"


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Kernels for a class: a pool of warm kernels, started before the class arrives, and a cap."""

    warm_kernels = Integer(0, config=True, help="Kernels kept started and ready for the next players.")
    max_players = Integer(0, config=True, help="At most this many games at once (0: no cap); one more page "
                                               "is told that the game is full.")
    warm_code = Unicode("", config=True, help="Code each warm kernel runs once started (imports).")
    warm_timeout = Float(120, config=True, help="Seconds a kernel may take to start and run warm_code.")
    refill_pause = Float(5, config=True, help="Refill the pool once no page was requested for this long.")
    shared_folder_variable = Unicode("", config=True, help="If set: a private temporary folder is made when "
                                     "the server starts, named in this environment variable (for the kernels "
                                     "and prepare_code), and removed when it stops.")
    prepare_code = Unicode("", config=True, help="Python code run once when the server starts, in a separate "
                                                 "process in the background (e.g. to write shared files).")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._warm: list[str] = []           # ready kernels, oldest first
        self._warming = 0                    # kernels being started for the pool
        self._players: set[str] = set()      # kernels given to a page
        self._cold_starting = 0              # kernels being started for a page (the pool was empty)
        self._last_request = 0.0
        self._filling = False
        self._ready_announced = False
        self._started_at = time.monotonic()
        self._shared_folder = None
        if self.shared_folder_variable:
            self._shared_folder = tempfile.mkdtemp(prefix="guesswho-server-")
            atexit.register(shutil.rmtree, self._shared_folder, True)
            os.environ[self.shared_folder_variable] = self._shared_folder
        self._prepare = None
        if self.prepare_code:
            self._prepare = subprocess.Popen([sys.executable, "-c", self.prepare_code], stdin=subprocess.DEVNULL,
                                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self._pool_env = dict(os.environ)
        self._pool_kernel_name, self._pool_path = self._notebook_kernel()
        if self.warm_kernels > 0 and self._pool_kernel_name:
            IOLoop.current().add_callback(self._fill)

    # ---- what the pool is for ------------------------------------------------------------------------
    def _notebook_kernel(self) -> tuple[str | None, str | None]:
        """(kernel name, API path of its folder) of the one notebook Voila serves, or (None, None)."""
        notebook = getattr(self.parent, "notebook_path", None)
        root = getattr(self.parent, "root_dir", None)
        if not notebook or not root:
            return None, None
        try:
            with open(notebook, encoding="utf-8") as f:
                name = json.load(f).get("metadata", {}).get("kernelspec", {}).get("name") or "python3"
        except (OSError, ValueError):
            return None, None
        return name, os.path.dirname(os.path.relpath(notebook, root))

    @property
    def players(self) -> int:
        """Games being played (kernels given to a page, or being started for one)."""
        return len(self._players) + self._cold_starting

    @property
    def warm(self) -> int:
        """Warm kernels waiting for a player."""
        return len(self._warm)

    # ---- giving a page its kernel --------------------------------------------------------------------
    async def start_kernel(self, *, kernel_id=None, path=None, **kwargs):
        if kernel_id is not None and kernel_id in self:
            return await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        self._last_request = time.monotonic()
        if self.max_players and self.players >= self.max_players:
            self.log.info("%s: %d games are being played (the cap, max_players).", FULL_REASON, self.players)
            raise tornado.web.HTTPError(503, reason=FULL_REASON)
        kernel_name = kwargs.get("kernel_name")
        if (self._warm and (kernel_name in (None, self._pool_kernel_name))
                and (path or "") == (self._pool_path or "")):
            kid = self._warm.pop(0)
            self._players.add(kid)
            self.get_kernel(kid).last_activity = _utcnow()          # not culled before its page connects
            try:
                await self._give_environment(kid, kwargs.get("env") or {})
            except Exception as e:  # whatever went wrong, the page gets a new kernel
                self._players.discard(kid)
                self.log.warning("A game started in advance did not answer (%s: %s); starting a new one.",
                                 type(e).__name__, e)
                await self._shutdown_quietly(kid)
            else:
                self._schedule_fill()
                return kid
        self._cold_starting += 1
        try:
            kid = await super().start_kernel(path=path, **kwargs)
        finally:
            self._cold_starting -= 1
        self._players.add(kid)
        self._schedule_fill()
        return kid

    async def _give_environment(self, kernel_id: str, env: dict):
        """Set in the kernel the environment variables of the request (those a kernel started for it would
        have had: QUERY_STRING, SCRIPT_NAME, VOILA_*, ...)."""
        changed = {k: v for k, v in env.items() if self._pool_env.get(k) != v and isinstance(v, str)}
        code = f"import os as _os\n_os.environ.update({json.dumps(changed)})\ndel _os"
        await self._run(kernel_id, code, timeout=10)

    async def _run(self, kernel_id: str, code: str, timeout: float):
        kc = self.get_kernel(kernel_id).client()
        await ensure_async(kc.start_channels())
        try:
            await kc.wait_for_ready(timeout=timeout)
            reply = await kc.execute(code, silent=True, store_history=False, reply=True, timeout=timeout)
        finally:
            kc.stop_channels()
        if reply["content"]["status"] != "ok":
            raise RuntimeError(f"{reply['content'].get('ename')}: {reply['content'].get('evalue')}")

    # ---- keeping the pool full -----------------------------------------------------------------------
    def _wanted(self) -> int:
        """How many more warm kernels to start now."""
        room = self.warm_kernels - self.warm - self._warming
        if self.max_players:
            room = min(room, self.max_players - self.players - self.warm - self._warming)
        return max(0, room)

    def _schedule_fill(self):
        if not self._filling and self.warm_kernels > 0 and self._pool_kernel_name:
            IOLoop.current().add_callback(self._fill)

    async def _fill(self):
        """Start warm kernels until the pool is full: two at a time before anyone plays (the server is
        getting ready), then one at a time, each after a pause in page requests (so that a class arriving
        at once is served first)."""
        if self._filling:
            return
        self._filling = True
        try:
            while self._wanted() > 0:
                if self._players or self._cold_starting:
                    while time.monotonic() - self._last_request < self.refill_pause:
                        await asyncio.sleep(max(0.1, self.refill_pause - (time.monotonic() - self._last_request)))
                    batch = 1
                else:
                    batch = max(1, min(2, os.cpu_count() or 1))
                n = min(batch, self._wanted())
                if n <= 0:
                    break
                results = await asyncio.gather(*(self._start_warm() for _ in range(n)), return_exceptions=True)
                if all(isinstance(r, BaseException) for r in results):
                    self.log.error("Could not start a warm kernel (%s); the pool stays at %d.", results[0], self.warm)
                    break
            if not self._ready_announced and self.warm >= min(self.warm_kernels,
                                                               self.max_players or self.warm_kernels):
                self._ready_announced = True
                self.log.info("Ready for a class: %d game(s) started in %.0f s (at most %s players at once).",
                              self.warm, time.monotonic() - self._started_at, self.max_players or "any number of")
        finally:
            self._filling = False

    async def _start_warm(self) -> str:
        self._warming += 1
        kid = None
        try:
            kid = await super().start_kernel(kernel_name=self._pool_kernel_name, path=self._pool_path,
                                             env=dict(self._pool_env))
            if self.warm_code:
                await self._run(kid, self.warm_code, timeout=self.warm_timeout)
        except BaseException:
            if kid is not None:
                await self._shutdown_quietly(kid)
            raise
        finally:
            self._warming -= 1
        self.add_restart_callback(kid, lambda: self._forget_warm(kid), "restart")
        self._warm.append(kid)
        return kid

    def _forget_warm(self, kernel_id: str):
        """A warm kernel that restarted has lost its imports: drop it (the pool fills again)."""
        if kernel_id in self._warm:
            self._warm.remove(kernel_id)
            IOLoop.current().add_callback(self._shutdown_quietly, kernel_id)
            self._schedule_fill()

    async def _shutdown_quietly(self, kernel_id: str):
        try:
            await self.shutdown_kernel(kernel_id, now=True)
        except Exception:  # it may be gone already; nothing to do then
            pass

    # ---- kernels that go -----------------------------------------------------------------------------
    async def shutdown_kernel(self, kernel_id, now=False, restart=False):
        if not restart:
            self._players.discard(kernel_id)
            if kernel_id in self._warm:
                self._warm.remove(kernel_id)
        result = await super().shutdown_kernel(kernel_id, now=now, restart=restart)
        if not restart:
            self._schedule_fill()
        return result

    def remove_kernel(self, kernel_id):
        self._players.discard(kernel_id)
        if kernel_id in self._warm:
            self._warm.remove(kernel_id)
        return super().remove_kernel(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id):
        """Warm kernels wait for their player however long it takes: never culled."""
        if kernel_id in self._warm:
            return None
        return await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_all(self, now=False):
        self.warm_kernels = 0                 # no refill while the server stops
        self._warm.clear()
        return await super().shutdown_all(now=now)


def _utcnow():
    from jupyter_server._tz import utcnow

    return utcnow()


# ---- the access log ---------------------------------------------------------------------------------------
def log_request(handler):
    """Tornado's ``log_function``: a teacher's terminal shows what they can act on.  Requests that went
    well, and a browser's mistakes (4xx: a page that does not exist, a form without its cookie), are logged
    at debug level; a full game is told once, at information level, by the kernel manager; server errors
    (5xx) are errors."""
    status = handler.get_status()
    log = getattr(handler, "log", None) or logging.getLogger("Voila")
    request = handler.request
    method = log.error if status >= 500 and status != 503 else log.debug
    method("%d %s %s (%s) %.1f ms", status, request.method, request.uri[:200], request.remote_ip,
           1000.0 * request.request_time())


# ---- extra pages ------------------------------------------------------------------------------------------
class TemplateStaticHandler(tornado.web.StaticFileHandler):
    """Voila's ``/voila/templates/<template>/static/<file>`` files, with any other path answered 404.

    Voila's own handler assumes the path has that shape and fails with a traceback (HTTP 500) otherwise,
    e.g. on ``/voila/templates/lab/static/..``."""

    def initialize(self):
        super().initialize(path="/nonexistent-root/")

    def parse_url_path(self, url_path):
        parts = os.path.normpath(url_path).split(os.path.sep)
        if len(parts) < 3 or parts[1] != "static" or ".." in parts or parts[0] in ("", "."):
            raise tornado.web.HTTPError(404)
        from voila.paths import collect_static_paths

        try:
            self.roots = collect_static_paths(["voila", "nbconvert"], parts[0])
        except Exception:  # Voila raises a bare Exception for a template it does not know
            raise tornado.web.HTTPError(404) from None
        return url_path

    @classmethod
    def get_absolute_path(cls, root, path):
        template, _static, relpath = os.path.normpath(path).split(os.path.sep, 2)
        from voila.paths import collect_static_paths

        for folder in collect_static_paths(["voila", "nbconvert"], template):
            candidate = os.path.abspath(os.path.join(folder, relpath))
            if os.path.isfile(candidate):
                return candidate
        return os.path.join("/nonexistent-root", relpath)

    def validate_absolute_path(self, root, absolute_path):
        for folder in getattr(self, "roots", []):
            folder = os.path.abspath(folder) + os.path.sep
            if absolute_path.startswith(folder) and os.path.isfile(absolute_path):
                return absolute_path
        raise tornado.web.HTTPError(404)


class BackToTheGameHandler(tornado.web.RequestHandler):
    """``/logout``: there are no logins on the class server; go back to the game."""

    def initialize(self, base_url="/"):
        self.base_url = base_url

    def get(self):
        self.redirect(self.base_url)


def _builtin_handlers(app) -> list:
    base = app.server_url or app.base_url or "/"
    return [(url_path_join(base, r"/voila/templates/(.*)"), TemplateStaticHandler),
            (url_path_join(base, r"/logout"), BackToTheGameHandler, {"base_url": app.base_url or "/"})]


#: Extra pages of the class server: functions ``f(app) -> [(url pattern, handler class[, kwargs]), ...]``
#: (``app`` is the Voila application: ``app.base_url``, ``app.kernel_manager``, ...).  They are matched
#: before Voila's own pages.
HANDLERS: list = [_builtin_handlers]


def add_handlers():
    """Make Voila serve :data:`HANDLERS` in front of its own pages (called by serving/voila.py)."""
    from voila.app import Voila

    if getattr(Voila.init_handlers, "_guesswho", False):
        return
    voila_handlers = Voila.init_handlers

    def init_handlers(self):
        ours = [h for make in HANDLERS for h in make(self)]
        return ours + voila_handlers(self)

    init_handlers._guesswho = True
    Voila.init_handlers = init_handlers


# ---- quiet logs -------------------------------------------------------------------------------------------
class NotForTheTeacher(logging.Filter):
    """Drops the log lines a teacher can do nothing about, and makes routine ones information, not warnings:

    * "Notebook app-play.ipynb is not trusted": trust is a property of a person's own notebook files; the
      game page's notebook runs on the server whatever it says;
    * "Culling ... kernel ... due to ... seconds of inactivity": the server freeing a game nobody plays
      any more is routine (it is told as information);
    * "Got events for closed stream" (pyzmq, through tornado's logger): a message that arrived for a game
      just shut down, dropped as it should be;
    * "wrote error: 'Kernel does not exist: ...'": a page closed while it was still loading asks for the
      game it has just given up (the server answers 404, as it should);
    * "The websocket_ping_timeout (30000) cannot be longer than the websocket_ping_interval (15000)"
      (tornado): jupyter_server gives its own ping settings, in milliseconds, to tornado, which reads
      them as seconds and complains; jupyter_server does the pinging itself, with the values given (its
      timeout must be longer than the interval, or every healthy page would be disconnected)."""

    def filter(self, record):
        msg = record.getMessage() if record.args else str(record.msg)
        if "is not trusted" in msg and msg.startswith("Notebook "):
            return False
        if msg.startswith(("Got events for closed stream", "The websocket_ping_timeout (",
                           "wrote error: 'Kernel does not exist")):
            return False
        if msg.startswith("Culling '") and record.levelno == logging.WARNING:
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


def quiet_logs():
    """Install :class:`NotForTheTeacher` on the loggers of Voila, of a Jupyter server running Voila as an
    extension (under JupyterHub), and of tornado (called by serving/voila.py)."""
    for name in ("Voila", "ServerApp", "tornado.general"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, NotForTheTeacher) for f in logger.filters):
            logger.addFilter(NotForTheTeacher())
