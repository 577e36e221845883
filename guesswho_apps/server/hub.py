"""The class server as a JupyterHub service (``serve --jupyterhub``): one shared server beside the students' own
Jupyter servers, reached through the hub's proxy at ``/services/<name>/`` (README, "A school's JupyterHub"; the
settings: ``school/jupyterhub_config.py``).

* :func:`hub_service` reads what the hub gives a service it starts: where to listen
  (``JUPYTERHUB_SERVICE_URL``) and the path it is served under (``JUPYTERHUB_SERVICE_PREFIX``).
* :func:`behind_login` puts the pages and the requests behind the hub's login (``--hub-login``), with
  JupyterHub's own OAuth client for tornado services (``jupyterhub.services.auth.HubOAuthenticated``): a page
  opened without a login goes to the hub's login page and comes back; a request without one is refused (403).
  jupyterhub is imported only here, so a plain ``serve`` needs none.

* :func:`hub_proxies` names the hub's proxy as the server's trusted proxy (:class:`~.guard.Guard`'s
  ``trusted_proxies``, the same setting as ``serve --trusted-proxy``): only from it are ``X-Forwarded-For`` (the
  player's address, for the limits per address) and ``X-Forwarded-Proto`` believed; a client that reaches the
  server directly cannot write them.
"""

from __future__ import annotations

import ipaddress
import os
from urllib.parse import urlsplit

import tornado.web

__all__ = ["hub_service", "hub_proxies", "behind_login", "HubUnavailable"]


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


class _LoginFirst:
    """What every class page and request adds behind the hub's login (a mix-in put before
    ``HubOAuthenticated``)."""

    def prepare(self):
        guard = self.settings["guard"]
        if guard.via_proxy(self.request):          # https at the hub: the login's cookies are sent over https only
            scheme = self.request.headers.get("X-Forwarded-Proto", "").split(",")[0].strip().lower()
            if scheme in ("http", "https"):
                self.request.protocol = scheme
        if self.current_user is None:
            if self.request.method in ("GET", "HEAD") and "/api/" not in self.request.path:
                return self.redirect(self.get_login_url())
            raise tornado.web.HTTPError(403, reason="sign in to the school's JupyterHub first")
        return super().prepare()

    def check_xsrf_cookie(self):
        """The hub's login cookie counts on a POST from this server's own pages only (its Origin, when the browser
        sends one, is this server; a browser's Sec-Fetch-Site, same-origin): the page's script sends no hub
        token, and the class server's own checks (the game's random id, the teacher's token and header) follow."""
        site = self.request.headers.get("Sec-Fetch-Site", "same-origin")
        if site != "same-origin" or not self.settings["guard"].same_origin(self.request):
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
