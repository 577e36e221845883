"""What keeps one client from filling, stalling or fooling the class server (tested over HTTP).

* :class:`Who` -- **who a request is**, as every limit counts it, worked out in one place (:meth:`Guard.who`):
  its *client* (:meth:`Guard.client`: the connection's address, or, only from a proxy named in
  ``trusted_proxies``, the address the proxy forwards in ``X-Forwarded-For`` or ``X-Real-IP``; under
  ``--jupyterhub`` the hub's user, :class:`.hub.HubGuard`, never the address every notebook shares), and the
  request's *own* key, the game of a page or the seat of a notebook (its hash) when it names one.  A limit counts
  :attr:`Who.key` for what one client may do in all, and :attr:`Who.own` for what one page or seat may do: a
  shared address gets a limit sized for a class, and one page's wrong class codes never block another's.
* :class:`Guard` -- the server's settings for its clients, and what they share: :meth:`Guard.who`, whether a
  request comes from this server's own page (:meth:`Guard.same_origin`: its ``Origin`` compared with the
  server's own names and addresses, never with the ``Host`` header a DNS-rebinding page controls), and the counts
  of recent failures (:class:`RecentCount`: wrong class codes per client and per page or seat, wrong teacher's
  tokens).
* :func:`listen` -- the HTTP server with its timeouts, on sockets it binds itself and accepts from itself
  (tornado's public ``bind_sockets``, ``IOStream`` and ``HTTPServer.handle_stream``): unfinished headers and idle
  connections are closed after ``header_seconds``, unfinished bodies after ``body_seconds``; at most
  ``connections_per_address`` open connections from one address; at the open-files limit it stops accepting for
  a moment (the connections it has go on being answered) and logs one line a minute.
* :class:`LimitedBody` -- a request handler whose body is read up to ``max_body`` bytes; a larger one is
  answered 413 (after reading it to its end, up to :data:`DISCARD_BYTES`, so that the client reads the answer).

An address is counted as its network: an IPv4 address as itself (a class behind one school address is one
client), an IPv6 address by its /64 (one home or one school network).
"""

from __future__ import annotations

import errno
import functools
import ipaddress
import logging
import socket
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import tornado.httpserver
import tornado.ioloop
import tornado.iostream
import tornado.netutil
import tornado.web

__all__ = ["Guard", "Who", "RecentCount", "LimitedBody", "TooLarge", "Listening", "listen", "network_of",
           "MAX_BODY_BYTES", "DISCARD_BYTES", "HEADER_SECONDS", "BODY_SECONDS", "CONNECTIONS_PER_ADDRESS",
           "GAMES_PER_ADDRESS", "JOIN_FAILURES", "JOIN_FAILURES_OWN", "TOKEN_FAILURES"]

MAX_BODY_BYTES = 16 * 1024      # the largest request body read (a page's requests are well under 1 KiB)
DISCARD_BYTES = 1024 * 1024     # a larger body (up to this) is read and dropped, then answered 413
HEADER_SECONDS = 20.0           # a connection that has not sent its headers in this time is closed (idle too)
BODY_SECONDS = 20.0             # ... or its body
CONNECTIONS_PER_ADDRESS = 300   # a class of 40 behind one address, each browser with its few connections
GAMES_PER_ADDRESS = 80          # a class of 40 behind one school address, two tabs each (well below MAX_GAMES)
JOIN_FAILURES = 120             # wrong class codes from one client in a minute (a class behind one address, a few
#                                 typing mistakes each; then: wait); 31**5 codes
JOIN_FAILURES_OWN = 10          # ... from one page or one notebook's seat in a minute
TOKEN_FAILURES = 20             # wrong teacher's tokens from one address in a minute (then: 429)
OUT_OF_FILES_PAUSE = 0.25       # at the open-files limit, new connections wait this long before the next try
log = logging.getLogger("guesswho.server")


def network_of(address: str) -> str:
    """The network an address is counted as: an IPv4 address itself, an IPv6 address its /64 ("" stays "").

    >>> network_of("192.0.2.7"), network_of("2001:db8:1:2:3:4:5:6"), network_of("::ffff:192.0.2.7")
    ('192.0.2.7', '2001:db8:1:2::/64', '192.0.2.7')
    """
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if ip.version == 6 and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class RecentCount:
    """How many times something happened per key in the last ``seconds`` (thread-safe; at most ``keys`` keys
    are remembered, the oldest forgotten first)."""

    def __init__(self, limit: int, seconds: float = 60.0, keys: int = 10_000, clock=time.monotonic):
        self.limit, self.seconds, self.keys, self.clock = limit, seconds, keys, clock
        self._times: dict[str, deque] = {}
        self._lock = threading.Lock()

    def _recent(self, key: str) -> deque:
        times = self._times.get(key)
        if times is None:
            return deque()
        cutoff = self.clock() - self.seconds
        while times and times[0] <= cutoff:
            times.popleft()
        return times

    def full(self, key: str) -> bool:
        """True when ``key`` has reached the limit in the last ``seconds``."""
        with self._lock:
            return len(self._recent(key)) >= self.limit

    def add(self, key: str) -> None:
        with self._lock:
            times = self._recent(key)
            self._times.pop(key, None)                     # (re-inserted last: the dict's order is by use)
            times.append(self.clock())
            self._times[key] = times
            while len(self._times) > self.keys:
                del self._times[next(iter(self._times))]


@dataclass(frozen=True)
class Who:
    """Who a request is, as the limits count it (:meth:`Guard.who`): ``key``, its client (:meth:`Guard.client`: the
    network of its address, or "hub user NAME" under the hub), and ``own``, a key of the page's game or the
    notebook's seat when the request names one (else "")."""

    key: str
    own: str = ""

    @property
    def user(self) -> bool:
        """True when the client is a signed-in user (under the hub), not an address."""
        return self.key.startswith("hub user ")

    @property
    def words(self) -> str:
        """The client in words, for a message: "your network address (192.0.2.7)", "you (sam)"."""
        return f"you ({self.key[9:]})" if self.user else f"your network address ({self.key or 'unknown'})"


def _is_local_address(host: str) -> bool:
    """True when ``host`` is an IP address of this computer (it can be bound to)."""
    try:
        ip = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    if ip.is_loopback:
        return True
    try:
        with socket.socket(socket.AF_INET6 if ip.version == 6 else socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.bind((str(ip), 0))
        return True
    except OSError:
        return False


@dataclass
class Guard:
    """The server's settings for its clients (see the module's docstring), and the counts they share.

    ``names``: the host names this server is reached by besides its addresses (``localhost``, and this
    computer's names when it listens on the network); ``port``: the port it listens on (set by :func:`listen`);
    a page's Origin must name one of them and the port, unless it is one of ``origins``, full addresses such as
    a proxy's public one (``https://hub.school.example``)."""

    games_per_address: int = GAMES_PER_ADDRESS
    connections_per_address: int = CONNECTIONS_PER_ADDRESS
    trusted_proxies: tuple = ()
    names: tuple = ("localhost",)
    origins: tuple = ()
    port: int | None = None
    header_seconds: float = HEADER_SECONDS
    body_seconds: float = BODY_SECONDS
    max_body: int = MAX_BODY_BYTES
    join_failures: RecentCount = field(default_factory=lambda: RecentCount(JOIN_FAILURES))
    join_failures_own: RecentCount = field(default_factory=lambda: RecentCount(JOIN_FAILURES_OWN))
    token_failures: RecentCount = field(default_factory=lambda: RecentCount(TOKEN_FAILURES))

    def __post_init__(self):
        for name in ("games_per_address", "connections_per_address", "max_body"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a whole number of at least 1, got {value!r}")
        for name in ("header_seconds", "body_seconds"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
                raise ValueError(f"{name} must be a positive number of seconds, got {value!r}")
        proxies = []
        for proxy in self.trusted_proxies:
            try:
                proxies.append(ipaddress.ip_network(proxy, strict=False))
            except ValueError:
                raise ValueError(f"trusted proxy must be an IP address or network such as 127.0.0.1 or "
                                 f"10.0.0.0/8, got {proxy!r}") from None
        self._proxies = tuple(proxies)
        self.names = tuple(n.lower().strip("[]") for n in self.names)
        self.origins = tuple(o.lower().rstrip("/") for o in self.origins)
        self._local: dict[str, bool] = {}

    # ---- who a request comes from ----
    def is_proxy(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address.split("%", 1)[0])
        except ValueError:
            return False
        return any(ip in net for net in self._proxies)

    def client(self, request) -> str:
        """The network a request comes from (:func:`network_of`): the connection's address, or, when that is a
        trusted proxy, the nearest address it forwards that is not a trusted proxy itself."""
        address = request.remote_ip or ""
        if self.is_proxy(address):
            forwarded = [a.strip() for a in request.headers.get("X-Forwarded-For", "").split(",") if a.strip()]
            real = request.headers.get("X-Real-IP", "").strip()
            for hop in reversed(forwarded or ([real] if real else [])):
                address = hop
                if not self.is_proxy(hop):
                    break
        return network_of(address)

    def via_proxy(self, request) -> bool:
        return self.is_proxy(request.remote_ip or "")

    def who(self, handler, own: str = "") -> Who:
        """Who the request of ``handler`` (a tornado RequestHandler) is (:class:`Who`); ``own``: the key of the
        page's game or the notebook's seat it names."""
        return Who(self.client(handler.request), own)

    def too_many_wrong_codes(self, who: Who) -> bool:
        """True when ``who`` (the client, or its page or seat) sent too many wrong class codes lately."""
        return self.join_failures.full(who.key) or bool(who.own) and self.join_failures_own.full(who.own)

    def wrong_code(self, who: Who) -> None:
        """Count one wrong class code of ``who`` (the client and its page or seat)."""
        self.join_failures.add(who.key)
        if who.own:
            self.join_failures_own.add(who.own)

    # ---- where a request comes from ----
    def same_origin(self, request) -> bool:
        """True for a request without an Origin (not a browser's cross-site request) or from a page of this
        server: an Origin naming one of its names or addresses and its port, or one of ``origins``.  Behind a
        trusted proxy with no ``origins`` named, the Host the proxy passed on is taken for the proxy's public
        address (name it with ``origins`` to trust nothing a request says)."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        origin = origin.strip().lower().rstrip("/")
        if origin in self.origins:
            return True
        try:
            parts = urlsplit(origin)
            host, port = parts.hostname, parts.port or {"http": 80, "https": 443}.get(parts.scheme)
        except ValueError:
            return False
        if not host or parts.scheme not in ("http", "https") or parts.path:
            return False
        if self.via_proxy(request) and not self.origins:
            return origin.split("://", 1)[-1] == request.host.lower()
        if port != self.port:
            return False
        if host in self.names:
            return True
        if host not in self._local:
            if len(self._local) > 1000:
                self._local.clear()
            self._local[host] = _is_local_address(host)
        return self._local[host]


class TooLarge(Exception):
    """A request body over the handler's limit (answered 413)."""


def _body_checked(method):
    """``method`` of a handler, answering 413 first when the request's body was over the limit."""
    if getattr(method, "body_checked", False):
        return method

    @functools.wraps(method)
    def checked(self, *args, **kwargs):
        self.body()
        return method(self, *args, **kwargs)
    checked.body_checked = True
    return checked


@tornado.web.stream_request_body
class LimitedBody(tornado.web.RequestHandler):
    """A handler whose request body is read in pieces, up to ``max_body`` bytes (:meth:`body`); a larger body
    is read to its end and dropped, then answered 413 whatever the method and the address (one declared larger
    than :data:`DISCARD_BYTES` at once)."""

    max_body = MAX_BODY_BYTES

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name in ("get", "head", "post", "delete", "patch", "put", "options"):
            setattr(cls, name, _body_checked(getattr(cls, name)))

    def prepare(self):
        self._pieces, self._size = [], 0
        declared = self.request.headers.get("Content-Length", "0")
        if not declared.isdigit():
            raise tornado.web.HTTPError(400, reason="Bad Content-Length")
        if int(declared) > DISCARD_BYTES:
            raise TooLarge()
        self.request.connection.set_max_body_size(DISCARD_BYTES)

    def data_received(self, chunk: bytes):
        self._size += len(chunk)
        if self._size <= self.max_body:
            self._pieces.append(chunk)
        else:
            self._pieces = []

    def body(self) -> bytes:
        """The request's body; :class:`TooLarge` when it was over the limit."""
        if self._size > self.max_body:
            raise TooLarge()
        return b"".join(self._pieces)

    def form_argument(self, name: str) -> str:
        """One argument of a form's body (``application/x-www-form-urlencoded``), "" when it is missing."""
        from tornado.httputil import parse_body_arguments

        arguments: dict = {}
        parse_body_arguments(self.request.headers.get("Content-Type", ""), self.body(), arguments, {})
        values = arguments.get(name) or [b""]
        return values[-1].decode("utf-8", errors="replace")

    def _handle_request_exception(self, e):
        if isinstance(e, TooLarge):
            self.send_error(413, reason="Request Entity Too Large")
            return
        super()._handle_request_exception(e)

    def log_exception(self, typ, value, tb):
        if isinstance(value, (TooLarge, tornado.web.HTTPError)) and getattr(value, "status_code", 413) < 500:
            return                                  # a client's mistake: its answer says it, the terminal does not
        super().log_exception(typ, value, tb)


class _Server(tornado.httpserver.HTTPServer):
    """Tornado's HTTP server counting the open connections of each address (its public hooks: ``handle_stream``,
    ``on_close``)."""

    def initialize(self, *args, guard: Guard, **kwargs):
        super().initialize(*args, **kwargs)
        self.guard = guard
        self.open: dict[str, int] = {}
        self.said: dict[str, float] = {}

    def say(self, what: str, text: str):
        """Log ``text`` at most once a minute for each kind of event ``what``."""
        now = time.monotonic()
        if now - self.said.get(what, -1e9) >= 60:
            self.said[what] = now
            log.warning(text)

    def handle_stream(self, stream, address):
        key = network_of(address[0]) if isinstance(address, tuple) and address else ""
        if not self.guard.is_proxy(key):
            if self.open.get(key, 0) >= self.guard.connections_per_address:
                self.say("connections", f"{key} has {self.guard.connections_per_address} connections open to the "
                                        "server, the most one address may have: more are closed at once.")
                stream.close()
                return
            self.open[key] = self.open.get(key, 0) + 1
            stream.guesswho_key = key
        super().handle_stream(stream, address)

    def on_close(self, server_conn):
        key = getattr(server_conn.stream, "guesswho_key", None)
        if key is not None:
            left = self.open.get(key, 1) - 1
            if left > 0:
                self.open[key] = left
            else:
                self.open.pop(key, None)
        super().on_close(server_conn)


_OUT_OF_FILES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
_BUFFER, _CHUNK = 64 * 1024, 16 * 1024       # a connection's read buffer and read size (a request is small)


def _accept(sock, server: _Server):
    """Accept the connections waiting on the listening socket ``sock`` and hand each to ``server`` (as tornado's
    ``netutil.add_accept_handler`` does); at the open-files limit, stop accepting for a moment (waiting
    connections stay queued) and say so once a minute, instead of a traceback for every waiting connection.
    Returns a function that stops accepting."""
    io_loop = tornado.ioloop.IOLoop.current()
    state = {"removed": False, "paused": False}

    def resume():
        state["paused"] = False
        if not state["removed"]:
            io_loop.add_handler(sock, accept_handler, tornado.ioloop.IOLoop.READ)

    def accept_handler(fd, events):
        for _ in range(128):
            if state["removed"] or state["paused"]:
                return
            try:
                connection, address = sock.accept()
            except BlockingIOError:
                return
            except ConnectionAbortedError:
                continue
            except OSError as e:
                if e.errno not in _OUT_OF_FILES:
                    raise
                server.say("files", f"The server has reached the limit of open files ({e.strerror}): new "
                                    "connections wait; those open are answered. Connections that send nothing "
                                    f"are closed after {server.guard.header_seconds:g} s.")
                state["paused"] = True
                io_loop.remove_handler(sock)
                io_loop.call_later(OUT_OF_FILES_PAUSE, resume)
                return
            _keep_short(connection, server.guard)
            try:
                stream = tornado.iostream.IOStream(connection, max_buffer_size=_BUFFER, read_chunk_size=_CHUNK)
                server.handle_stream(stream, address)
            except Exception:  # one connection's failure (a closed socket) must not stop the accepting
                log.error("Error in a new connection", exc_info=True)

    def remove_handler():
        if not state["paused"] and not state["removed"]:
            io_loop.remove_handler(sock)
        state["removed"] = True

    io_loop.add_handler(sock, accept_handler, tornado.ioloop.IOLoop.READ)
    return remove_handler


def _keep_short(connection, guard: Guard):
    """A connection whose other end stops reading (or vanishes) is dropped after a while, not kept for hours."""
    try:
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        if hasattr(socket, "TCP_USER_TIMEOUT"):
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT,
                                  int(1000 * (guard.header_seconds + guard.body_seconds)))
    except OSError:         # (not a TCP socket)
        pass


class Listening:
    """The server listening (:func:`listen`): ``http`` (tornado's HTTPServer), ``sockets``; :meth:`stop` stops
    accepting and closes the listening sockets (the connections open are left to finish)."""

    def __init__(self, http: _Server, sockets: list, stoppers: list):
        self.http, self.sockets, self._stoppers = http, sockets, stoppers

    def stop(self):
        for stop in self._stoppers:
            stop()
        for sock in self.sockets:
            sock.close()
        self._stoppers = []


def listen(app, port: int, address: str, guard: Guard) -> Listening:
    """Start serving ``app`` on ``address``:``port`` (0: a free port) with ``guard``'s limits; sets
    ``guard.port`` to the port it listens on.  OSError when it cannot listen there."""
    server = _Server(app, guard=guard, idle_connection_timeout=guard.header_seconds,
                     body_timeout=guard.body_seconds, max_body_size=DISCARD_BYTES, max_header_size=16 * 1024,
                     chunk_size=_CHUNK, max_buffer_size=_BUFFER)
    sockets = tornado.netutil.bind_sockets(port, address=address)
    guard.port = sockets[0].getsockname()[1]
    return Listening(server, sockets, [_accept(sock, server) for sock in sockets])
