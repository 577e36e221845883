"""The class server as a JupyterHub service (``serve --jupyterhub``): one shared server beside the students' own
Jupyter servers, reached through the hub's proxy at ``/services/<name>/`` (README, "A school's JupyterHub"; the
settings: ``school/jupyterhub_config.py``).

* :func:`hub_service` reads what the hub gives a service it starts: where to listen
  (``JUPYTERHUB_SERVICE_URL``) and the path it is served under (``JUPYTERHUB_SERVICE_PREFIX``).
* :func:`behind_login` puts the pages and the requests behind the hub's login (``--hub-login``), with
  JupyterHub's own OAuth client for tornado services (``jupyterhub.services.auth.HubOAuthenticated``): a page
  opened without a login goes to the hub's login page and comes back; a request without one is refused (403).
  jupyterhub is imported only here, so a plain ``serve`` needs none.

Only in this mode does the server trust the proxy's ``X-Forwarded-For`` and ``X-Forwarded-Proto`` (tornado's
``xheaders``): a server reached directly would let any client write them.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

import tornado.web

__all__ = ["hub_service", "behind_login", "HubUnavailable"]


class HubUnavailable(RuntimeError):
    """The server was asked to run as a JupyterHub service, but it cannot (not started by a hub, no jupyterhub)."""


def hub_service(environ=None) -> tuple[str, int, str]:
    """(address, port, path) of the class server as the hub's service, from the environment the hub gives it."""
    environ = os.environ if environ is None else environ
    url, prefix = environ.get("JUPYTERHUB_SERVICE_URL"), environ.get("JUPYTERHUB_SERVICE_PREFIX")
    if not url or not prefix:
        raise HubUnavailable("this is for a server that JupyterHub starts as its service (JUPYTERHUB_SERVICE_URL "
                             "and JUPYTERHUB_SERVICE_PREFIX are not set): see school/jupyterhub_config.py")
    where = urlsplit(url)
    if where.scheme != "http" or not where.hostname or where.port is None:
        raise HubUnavailable(f"JUPYTERHUB_SERVICE_URL must be http://ADDRESS:PORT, got {url!r}")
    return where.hostname, where.port, prefix


class _LoginFirst:
    """What every class page and request adds behind the hub's login (a mix-in put before
    ``HubOAuthenticated``)."""

    def prepare(self):
        if self.current_user is None:
            if self.request.method in ("GET", "HEAD") and "/api/" not in self.request.path:
                return self.redirect(self.get_login_url())
            raise tornado.web.HTTPError(403, reason="sign in to the school's JupyterHub first")
        return super().prepare()

    def check_xsrf_cookie(self):
        """The hub's login cookie counts on a POST from this server's own pages only (its Origin, when the browser
        sends one, is this server; a browser's Sec-Fetch-Site, same-origin): the page's script sends no hub
        token, and the class server's own checks (the game's random id, the teacher's token and header) follow."""
        origin = self.request.headers.get("Origin")
        site = self.request.headers.get("Sec-Fetch-Site", "same-origin")
        if site != "same-origin" or (origin is not None and origin.split("://", 1)[-1] != self.request.host):
            raise tornado.web.HTTPError(403, reason="a request must come from this server's own page")


def behind_login(handlers: list, base: str) -> list:
    """``handlers`` (tornado's (pattern, class, kwargs) rules) behind the hub's login, with the hub's OAuth callback
    at ``base``/oauth_callback.  The style sheets and scripts stay open (they hold nothing of a class)."""
    try:
        from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated
    except ImportError as e:
        raise HubUnavailable(f"--hub-login needs the jupyterhub package ({e}): python -m pip install -e "
                             "\".[jupyterhub]\"") from None
    out = []
    for pattern, handler, *kwargs in handlers:
        if not issubclass(handler, (tornado.web.StaticFileHandler, tornado.web.RedirectHandler)):
            handler = type(handler.__name__, (_LoginFirst, HubOAuthenticated, handler), {})
        out.append((pattern, handler, *kwargs))
    return [(base + "oauth_callback", HubOAuthCallbackHandler), *out]
