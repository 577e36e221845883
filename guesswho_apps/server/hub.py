"""The class server as a JupyterHub service (``serve --jupyterhub``): one shared server beside the students' own
Jupyter servers, reached through the hub's proxy at ``/services/<name>/`` (README, "A school's JupyterHub"; the
settings: ``school/jupyterhub_config.py``).  **Who someone is comes from the hub**, never from an address or a
header a client writes:

* :func:`hub_service` reads what the hub gives a service it starts: where to listen
  (``JUPYTERHUB_SERVICE_URL``) and the path it is served under (``JUPYTERHUB_SERVICE_PREFIX``).
* :func:`behind_login` puts every page, file and request behind the hub's login, with JupyterHub's own OAuth
  client for tornado services (``jupyterhub.services.auth``): a browser signs in through the hub (a page opened
  without a login goes to the hub's login and comes back); a lesson's kernel sends a token the hub made for it
  (:func:`give_class_token`).  The hub is asked who holds the token; a request without a token the hub vouches for
  is refused (403), whichever way it came (the hub's proxy, or straight to the service's port).  The browser's
  cookie holds a random session id that this process alone knows (never the hub's token: what a process that took
  the service's port while it was down receives is worth nothing once it is back).  jupyterhub is imported only
  here, so a plain ``serve`` needs none.
* :class:`HubGuard`: the limits per client (games, wrong class codes, new seats) count per **hub user**, however
  many addresses or routes they use (every notebook on the hub's machine reaches the service from 127.0.0.1).
* **The teacher** is a hub user whose token holds :data:`TEACHER_SCOPE` (the settings give it to the hub's group
  ``teachers``): the teacher's pages open for them by the hub's login alone, with no code or token to copy, and
  answer 403 to everybody else, whatever they send (the stand-alone server's teacher's token counts for nothing
  here).
* :func:`hub_proxies` names the hub's proxy as the server's trusted proxy (:class:`~.guard.Guard`'s
  ``trusted_proxies``): only from it is ``X-Forwarded-Proto`` believed (for an Origin check behind https).
"""

from __future__ import annotations

import functools
import ipaddress
import logging
import os
import secrets
from collections import OrderedDict
from dataclasses import dataclass
from urllib.parse import urlsplit

import tornado.web

from .guard import Guard

__all__ = ["hub_service", "hub_proxies", "behind_login", "HubUnavailable", "HubGuard", "SERVICE_NAME",
           "TEACHER_SCOPE", "CLASS_TOKEN_NOTE", "CLASS_TOKEN_DAYS", "give_class_token", "revoke_class_tokens",
           "SESSIONS"]

#: The class server's name as the hub's service (its address: /services/guesswho/).
SERVICE_NAME = "guesswho"
#: The hub's scope that makes a hub user the class's teacher (a custom scope: the settings define it and give it,
#: with a role, to the group of teachers).
TEACHER_SCOPE = "custom:guesswho:teacher"
#: The note on the tokens the hub makes for the lessons' kernels (:func:`give_class_token`), and how long one lasts
#: at most (it is revoked when the student's server stops).
CLASS_TOKEN_NOTE = "guesswho: a lesson's link to the class server"
CLASS_TOKEN_DAYS = 7
#: Sessions of signed-in browsers kept at once (the oldest forgotten first: that browser signs in again).
SESSIONS = 20_000


class HubUnavailable(RuntimeError):
    """The server was asked to run as a JupyterHub service, but it cannot (not started by a hub, no jupyterhub)."""


def hub_service(environ=None) -> tuple[str, int, str]:
    """(address, port, path) of the class server as the hub's service, from the environment the hub gives it."""
    environ = os.environ if environ is None else environ
    url, prefix = environ.get("JUPYTERHUB_SERVICE_URL"), environ.get("JUPYTERHUB_SERVICE_PREFIX")
    missing = [name for name in ("JUPYTERHUB_SERVICE_URL", "JUPYTERHUB_SERVICE_PREFIX", "JUPYTERHUB_API_URL",
                                 "JUPYTERHUB_API_TOKEN", "JUPYTERHUB_CLIENT_ID") if not environ.get(name)]
    if missing:
        raise HubUnavailable(f"this is for a server that JupyterHub starts as its service ({', '.join(missing)} "
                             f"{'is' if len(missing) == 1 else 'are'} not set): see school/jupyterhub_config.py")
    where = urlsplit(url)
    if where.scheme != "http" or not where.hostname or where.port is None:
        raise HubUnavailable(f"JUPYTERHUB_SERVICE_URL must be http://ADDRESS:PORT, got {url!r}")
    return where.hostname, where.port, prefix


def hub_proxies(address: str) -> tuple[str, ...]:
    """The addresses the hub's proxy reaches its service from: JupyterHub starts a service (and, by default, its
    proxy, configurable-http-proxy) on its own computer, so the proxy connects from this computer's loopback or
    from ``address``, the one the hub told the service to listen on (a proxy elsewhere: ``--trusted-proxy``)."""
    out = ["127.0.0.1", "::1"]
    try:
        ip = ipaddress.ip_address(address.strip("[]"))
    except ValueError:                  # a host name: the proxy of the same computer connects from loopback
        return tuple(out)
    if not ip.is_unspecified and str(ip) not in out:
        out.append(str(ip))
    return tuple(out)


@dataclass
class HubGuard(Guard):
    """The server's :class:`~.guard.Guard` under the hub: a request's client is the hub user the hub named for it
    (set by :func:`behind_login` before any handler runs), never its address or a forwarded header."""

    def client(self, request) -> str:
        user = getattr(request, "hub_user", None)
        if not user:                # (every handler is behind the login: a request gets here only signed in)
            raise tornado.web.HTTPError(403, reason="sign in to the school's JupyterHub first")
        return f"hub user {user}"


# ---- the lessons' kernels: a token for the class server only --------------------------------------------------------
def give_class_token(spawner) -> str:
    """For ``c.Spawner.environment`` (called by the hub as a student's server starts): a new hub token of that
    student that opens the class service and nothing else (``access:services!service=<name>``: not their Jupyter
    server, not the hub's API), for ``join_class``; the student's earlier ones are revoked.  The server's own
    token (``JUPYTERHUB_API_TOKEN``, which opens their Jupyter server) is never sent anywhere by a lesson."""
    revoke_class_tokens(spawner)
    return spawner.user.new_api_token(note=CLASS_TOKEN_NOTE, scopes=[f"access:services!service={SERVICE_NAME}"],
                                      expires_in=CLASS_TOKEN_DAYS * 24 * 3600)


def revoke_class_tokens(spawner) -> None:
    """For ``c.Spawner.post_stop_hook``: the student's tokens made by :func:`give_class_token` are revoked."""
    user = spawner.user
    for token in list(user.orm_user.api_tokens):
        if token.note == CLASS_TOKEN_NOTE:
            user.db.delete(token)
    user.db.commit()


# ---- the login -----------------------------------------------------------------------------------------------------
class _LoginFirst:
    """What every class page, file and request adds behind the hub's login (a mix-in put before
    ``HubOAuthenticated``): the hub names the user before anything else runs."""

    async def prepare(self):
        super().prepare()                          # (the body's limit first: a 413 whoever sends it)
        guard = self.settings["guard"]
        if guard.via_proxy(self.request):          # https at the hub: the login's state cookie is sent over https
            scheme = self.request.headers.get("X-Forwarded-Proto", "").split(",")[0].strip().lower()
            if scheme in ("http", "https"):
                self.request.protocol = scheme
        from jupyterhub.services.auth import UserNotAllowed, check_scopes

        model = await self.hub_auth.get_user(self, sync=False)
        try:
            user = self.check_hub_user(model) if model else None
        except UserNotAllowed:
            user = None
        self._hub_auth_user_cache = self.current_user = user
        if user is None or user.get("kind", "user") != "user":
            if model is None and self.opens_a_page():
                return self.redirect(self.get_login_url())
            raise tornado.web.HTTPError(403, reason="sign in to the school's JupyterHub first")
        self.request.hub_user = user["name"]
        self.request.hub_teacher = bool(check_scopes({TEACHER_SCOPE}, set(user.get("scopes", []))))

    def opens_a_page(self) -> bool:
        """True for a browser opening a page (its address typed, or a link followed): that one is sent to the hub's
        login.  Anything else without the hub's credentials (a script, a file, a request of a page, a program) is
        refused."""
        headers = self.request.headers
        mode = headers.get("Sec-Fetch-Mode")
        return self.request.method in ("GET", "HEAD") and "/api/" not in self.request.path and (
            mode == "navigate" or (mode is None and "text/html" in headers.get("Accept", "")))

    def check_xsrf_cookie(self):
        """The hub's login counts on a POST from this server's own pages only (its Origin, when the browser sends
        one, is this server; a browser's Sec-Fetch-Site, same-origin): the page's script sends no hub token, and
        the class server's own checks (the game's random id, the teacher's header) follow."""
        site = self.request.headers.get("Sec-Fetch-Site", "same-origin")
        if site != "same-origin" or not self.settings["guard"].same_origin(self.request):
            raise tornado.web.HTTPError(403, reason="a request must come from this server's own page")


class _HubTeacher:
    """The teacher's pages under the hub (a mix-in put before a :class:`~.teacher.ClassPage`): the teacher is who
    the hub says holds :data:`TEACHER_SCOPE`; no class code or token is asked for, and none counts."""

    def only_teachers(self):
        if not self.request.hub_teacher:
            from .teacher import Refused

            raise Refused(403, f"the teacher's pages are for the class's teachers, and the school's JupyterHub "
                               f"does not count {self.request.hub_user} among them (a teacher is in the hub's "
                               "group teachers: GUESSWHO_TEACHERS in its settings, or its admin page)")

    async def is_teacher(self, code: str) -> bool:
        self.only_teachers()
        return True

    def sign_in(self, status: int = 200, code: str = "", message: str = ""):
        from .teacher import Refused

        self.only_teachers()
        raise Refused(status if status >= 400 else 403, message or "this page is for the class's teachers")


class _HubSignIn(_HubTeacher):
    """``class/teacher`` under the hub: a teacher goes straight to the teacher's page of the open session."""

    async def get(self):
        import asyncio

        from .teacher import Refused

        self.only_teachers()
        if self.store is None:
            raise Refused(404, f"this class server keeps no class sessions ({self.enable_hint})")
        codes = await asyncio.get_running_loop().run_in_executor(None, self.store.open_sessions)
        if not codes:
            raise Refused(404, "no class session is open on this class server: start one with python -m "
                               "guesswho_apps class start --store <the service's class store>")
        self.redirect(self.class_url("teacher", codes[0]))

    async def post(self):
        self.only_teachers()
        raise tornado.web.HTTPError(405)             # (no token to give: the hub's login says who teaches)


class _Sessions:
    """Signed-in browsers: a random session id (the cookie) -> the hub's token, in this process's memory only."""

    def __init__(self, size: int = SESSIONS):
        self.size, self.tokens = size, OrderedDict()

    def new(self, token: str) -> str:
        sid = secrets.token_urlsafe(32)
        self.tokens[sid] = token
        while len(self.tokens) > self.size:
            self.tokens.popitem(last=False)
        return sid

    def token(self, sid: str | None) -> str | None:
        return self.tokens.get(sid) if sid else None

    def drop(self, sid: str | None) -> None:
        self.tokens.pop(sid, None)


def _not_per_request(record: logging.LogRecord) -> bool:
    """The hub's login library's lines below an error (a request with no login, a token the hub refused) are a
    client's doing: the terminal stays quiet (its errors, such as the hub out of reach, are shown)."""
    return record.levelno >= logging.ERROR or "jupyterhub" not in record.pathname.replace("\\", "/").split("/")


@functools.cache
def _login_classes():
    """(the OAuth client class, its callback handler, HubOAuthenticated with that client) built on jupyterhub's."""
    try:
        from jupyterhub.services.auth import HubOAuth, HubOAuthCallbackHandler, HubOAuthenticated
    except ImportError as e:
        raise HubUnavailable(f"--jupyterhub needs the jupyterhub package ({e}): python -m pip install -e "
                             "\".[jupyterhub]\"") from None
    logging.getLogger("tornado.application").addFilter(_not_per_request)

    class SessionOAuth(HubOAuth):
        """JupyterHub's OAuth client, with the browser's cookie holding a session id instead of the token."""

        sessions = _Sessions()
        secure = False                      # the cookie only over https (the hub's public address is https)

        def _get_token_cookie(self, handler):
            if hasattr(handler, "_hub_auth_token_cookie"):
                return handler._hub_auth_token_cookie
            return self.sessions.token(handler.get_cookie(self.cookie_name))

        def set_cookie(self, handler, access_token):
            handler.set_cookie(self.cookie_name, self.sessions.new(access_token), path=self.cookie_path,
                               httponly=True, samesite="Lax", secure=self.secure)
            handler._hub_auth_token_cookie = access_token

        def _clear_cookie(self, handler, cookie_name, **kwargs):
            if cookie_name == self.cookie_name:
                self.sessions.drop(handler.get_cookie(cookie_name))
            return super()._clear_cookie(handler, cookie_name, **kwargs)

    authenticated = type("Authenticated", (HubOAuthenticated,), {"hub_auth_class": SessionOAuth})
    callback = type("OAuthCallback", (HubOAuthCallbackHandler,), {"hub_auth_class": SessionOAuth})
    return SessionOAuth, callback, authenticated


def behind_login(handlers: list, base: str, public_url: str = "", not_found=None) -> tuple[list, type | None]:
    """``handlers`` (tornado's (pattern, class, kwargs) rules) behind the hub's login, with the hub's OAuth callback
    at ``base``/oauth_callback, and the handler of every other address (``not_found``) too.  ``public_url``: the
    hub's address as the students open it (https: the cookie goes over https only)."""
    from .teacher import ClassPage, SignInHandler

    oauth, callback, authenticated = _login_classes()
    oauth.secure = public_url.lower().startswith("https://")

    def wrapped(handler):
        if issubclass(handler, SignInHandler):
            teacher = (_HubSignIn,)
        elif issubclass(handler, ClassPage):                 # the teacher's pages and requests
            teacher = (_HubTeacher,)
        else:
            teacher = ()
        return type(handler.__name__, (_LoginFirst, *teacher, authenticated, handler), {})

    out = [(base + "oauth_callback", callback)]
    out += [(pattern, wrapped(handler), *kwargs) for pattern, handler, *kwargs in handlers]
    return out, wrapped(not_found) if not_found is not None else None
