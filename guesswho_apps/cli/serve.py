"""``python -m guesswho_apps serve``: the game page for a whole class, from one light server
(:mod:`guesswho_apps.server`).

Every player's game lives in the server's memory (no kernel per player); the page is plain HTML and a small
script.  It listens on this computer only (127.0.0.1) unless ``--ip 0.0.0.0`` lets the students' computers in.
The terminal says one line when the server is ready, and then only what a teacher can act on (the server full,
an error on the server).  Ctrl-C stops it.

With ``--jupyterhub`` it is a JupyterHub service (started by the hub: school/jupyterhub_config.py): the hub says
where it listens and the path it serves under, every page, file and request is for those the hub signed in, the
limits count per hub user, and the teacher's pages are for the hub's teachers (:mod:`guesswho_apps.server.hub`).

With ``--class-store class.db`` (a file name, or a postgresql:// address: the same setting as ``class start
--store``) the server keeps a class session: it starts one if none is open (or goes on with the open one), and
prints once the class code and the teacher's link; each page can join the class, and every game its student
has moved in is recorded there, finished by the server with best play if it is left unfinished (README, "A class
session").  A new store file is readable by its owner only; the server says so when an existing one can be read
by other accounts, and a damaged one stops it with one line naming the file and what to do.  When the server
stops (Ctrl-C), the class's games under way are finished and recorded.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import logging
import signal
import socket
import time

from guesswho_lib.cli.options import UsageError, int_option

__all__ = ["HELP", "add_arguments", "run", "DEFAULT_PORT", "network_address"]

HELP = ("serve the game page to a class: one light server holds every player's game (README, 'Serving the game "
        "to a class')")
DEFAULT_PORT = 8866


def add_arguments(p) -> None:
    from ..classroom import MAX_STUDENTS
    from ..server.games import IDLE_SECONDS, MAX_GAMES
    from ..server.guard import GAMES_PER_ADDRESS
    from ..server.results_view import NEW_SEATS

    p.add_argument("--ip", default="127.0.0.1",
                   help="the address to listen on: 127.0.0.1 (the default) lets in this computer only; 0.0.0.0 "
                        "lets in every computer that can reach this one (the students' computers on the school "
                        "network): the server prints the address to give them")
    p.add_argument("--port", type=int_option(1, 65535), default=DEFAULT_PORT,
                   help=f"the port to listen on (default {DEFAULT_PORT})")
    p.add_argument("--max-games", type=int_option(1, 100_000), default=MAX_GAMES,
                   help=f"at most this many games at once (default {MAX_GAMES}); one more player is asked to try "
                        "again in a moment")
    p.add_argument("--max-games-per-address", type=int_option(1, 100_000), default=GAMES_PER_ADDRESS,
                   metavar="N", help=f"at most this many games from one network address (default "
                                     f"{GAMES_PER_ADDRESS}: a class behind one school address, two tabs each)")
    p.add_argument("--max-students", type=int_option(1, 100_000), default=MAX_STUDENTS, metavar="N",
                   help=f"at most this many notebooks join one class session's lessons (default {MAX_STUDENTS}); "
                        "the lesson view says when the class is full")
    p.add_argument("--new-seats-per-address", type=int_option(1, 100_000), default=NEW_SEATS, metavar="N",
                   help=f"at most this many notebooks join from one network address in ten minutes (default "
                        f"{NEW_SEATS}: a class behind one school address)")
    p.add_argument("--idle-hours", type=float, default=IDLE_SECONDS / 3600,
                   help=f"a game with no action for this many hours is dropped (default {IDLE_SECONDS / 3600:g})")
    p.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                   help="a proxy in front of the server (an IP address or network, e.g. 10.0.0.2): its "
                        "X-Forwarded-For / X-Real-IP name the player's address; from anyone else they are ignored "
                        "(repeat for several; with --jupyterhub the hub's proxy on this computer is trusted "
                        "already)")
    p.add_argument("--origin", action="append", default=[], metavar="URL",
                   help="another address the game page is opened at, e.g. http://guesswho.school.example:8866 or "
                        "a proxy's https://hub.school.example (the server's own names and addresses are known; "
                        "repeat for several)")
    p.add_argument("--base-url", default="/", help="serve under this path (behind a proxy), e.g. /guesswho/")
    p.add_argument("--jupyterhub", action="store_true",
                   help="run as the service of the JupyterHub that starts it (school/jupyterhub_config.py): the hub "
                        "sets the address, the port and the path (--ip, --port and --base-url are not used); "
                        "every page is for those signed in to the hub, the limits count per hub user, and the "
                        "teacher's pages are for the hub's teachers (needs the jupyterhub package)")
    p.add_argument("--public-url", default=None, metavar="URL",
                   help="the address the students use to reach this server, for the printed links and the "
                        "Origin its pages have (with --jupyterhub: the hub's address, e.g. "
                        "https://hub.school.example)")
    p.add_argument("--class-store", default=None, metavar="STORE",
                   help="keep a class session in this store: a file name (SQLite, e.g. class.db, made if new) or "
                        "a postgresql:// address; the server prints the class code and the teacher's link "
                        "(README, 'A class session')")


def _warm_up():
    """Solve once what the first players would otherwise wait for: the board of faces under each rule set it
    takes, and the character board (the solutions stay in the library's caches, shared by every game)."""
    from guesswho_lib.widgets.faces import FACES_RULES
    from guesswho_lib.widgets.play import PlayModel

    for rules in FACES_RULES:
        PlayModel(rules, board="faces", seed=0)
    PlayModel("official", board="characters", seed=0)


def _class_store(location: str):
    """(the class store at ``location``, made if new; the sessions deleted for their age) or a usage error (a
    damaged store: one line, naming the file and what to do); says when other accounts can read it."""
    from ..classroom import LOCK_SECONDS, StoreUnavailable
    from ..classroom.dialects import readable_by_others
    from ..server.teacher import open_store

    try:   # after a write that waited for a lock, the games that end in the next seconds are told at once
        opened = open_store(location, pause_seconds=LOCK_SECONDS)
    except (ValueError, StoreUnavailable) as e:
        raise UsageError(f"--class-store: {e}") from None
    exposed = readable_by_others(opened[0].location)
    if exposed:
        print(f"Warning: other accounts on this computer can read the class store ({', '.join(exposed)}): "
              f"chmod 600 {opened[0].location}*", flush=True)
    return opened


def _announce(store, purged: list, teacher_url: str, game_page: str, teachers: str | None) -> None:
    from ..server.teacher import announce

    if purged:
        print(f"Class sessions older than 30 days deleted with their games: {', '.join(purged)}.", flush=True)
    print("\n".join(announce(store, teacher_url, f"python -m guesswho_apps class start --store {store.location}",
                             game_page=game_page, teachers=teachers)), flush=True)


def _guard(args):
    """The server's limits for its clients from the options (UsageError naming a bad one)."""
    from urllib.parse import urlsplit

    from ..server.guard import Guard

    for origin in args.origin:
        try:
            parts = urlsplit(origin)
            ok = (parts.scheme in ("http", "https") and bool(parts.hostname) and parts.path in ("", "/")
                  and (parts.port or 0) >= 0)            # (port: ValueError for one that is not a port)
        except ValueError:
            ok = False
        if not ok:
            raise UsageError(f"--origin: must be an address such as http://guesswho.school.example:8866, got "
                             f"{origin[:80]!r}")
    from ..server.hub import HubGuard

    names = ["localhost"]
    if args.ip in ("0.0.0.0", "::", ""):
        names += [socket.gethostname(), socket.getfqdn()]
    else:
        try:
            ipaddress.ip_address(args.ip)
        except ValueError:                               # a name: pages opened at that name are ours
            names.append(args.ip)
    origins = list(args.origin)
    if args.public_url:                                  # the address the students open is the pages' Origin
        parts = urlsplit(args.public_url)
        origins.append(f"{parts.scheme}://{parts.netloc}")
    proxies = list(args.trusted_proxy)
    if args.jupyterhub:                                  # the hub's proxy: the one trusted for the player's address
        from ..server.hub import hub_proxies

        proxies += [a for a in hub_proxies(args.ip) if a not in proxies]
    try:
        return (HubGuard if args.jupyterhub else Guard)(
            games_per_address=args.max_games_per_address, trusted_proxies=tuple(proxies), names=tuple(names),
            origins=tuple(origins))
    except ValueError as e:
        raise UsageError(f"--trusted-proxy: {e}") from None


def _more_open_files():
    """Raise this process's limit of open files to its hard limit (at most 65,536): each player's browser
    keeps a few connections open."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = min(hard if hard != resource.RLIM_INFINITY else 65536, 65536)
        if soft != resource.RLIM_INFINITY and soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ImportError, ValueError, OSError):      # (not on Windows; or not allowed: the server copes)
        pass


def network_address() -> str:
    """This computer's address on its network, the one the students' computers reach it at (the address its
    traffic leaves by: a UDP socket's connect sends nothing); its name when it has no address but 127.0.0.1."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))              # TEST-NET-1 (RFC 5737): never reached, only routed
            address = probe.getsockname()[0]
    except OSError:                                      # no network
        address = ""
    return address if address and not address.startswith("127.") else socket.gethostname()


def _host_of(address: str) -> str:
    from urllib.parse import urlsplit

    try:
        return urlsplit(address).hostname or ""
    except ValueError:
        return ""


def run(args) -> int:
    if not 0 < args.idle_hours <= 24 * 30:
        raise UsageError(f"--idle-hours: must be a number of hours above 0 and at most 720, got {args.idle_hours}")
    if not args.base_url.startswith("/"):
        raise UsageError(f"--base-url: must start with /, got {args.base_url!r}")
    if args.public_url is not None and not (args.public_url.startswith(("http://", "https://"))
                                            and _host_of(args.public_url)):
        raise UsageError(f"--public-url: must be an address starting with http:// or https://, such as "
                         f"https://hub.school.example, got {args.public_url[:80]!r}")
    if args.jupyterhub:
        from ..server.hub import HubUnavailable, hub_service

        try:
            args.ip, args.port, args.base_url = hub_service()
        except HubUnavailable as e:
            raise UsageError(f"--jupyterhub: {e}") from None
    if args.class_store is not None and not args.class_store.strip():
        raise UsageError("--class-store: give a file name (e.g. class.db) or a postgresql:// address, got nothing")
    # What a teacher can act on: warnings and errors (the server full, an error with its traceback), nothing per
    # request (tornado's and, with --jupyterhub, the hub's login library's information lines stay out).
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    t0 = time.perf_counter()
    try:
        return asyncio.run(_serve(args, t0))
    except KeyboardInterrupt:
        print("The game server has stopped.", flush=True)
        return 0


async def _serve(args, t0: float) -> int:
    from ..server.app import make_app, start_sweeping
    from ..server.games import ClassRoom, GameTable
    from ..server.guard import listen
    from ..server.hub import HubUnavailable

    guard = _guard(args)
    store, purged = _class_store(args.class_store) if args.class_store else (None, [])
    classroom = ClassRoom(store) if store is not None else None
    table = GameTable(max_games=args.max_games, idle_seconds=args.idle_hours * 3600, classroom=classroom,
                      games_per_address=args.max_games_per_address)
    base = "/" + args.base_url.strip("/") + "/" if args.base_url.strip("/") else "/"
    everywhere = args.ip in ("0.0.0.0", "::", "")
    page = (args.public_url.rstrip("/") + base if args.public_url else
            f"<the hub's address>{base}" if args.jupyterhub else
            f"http://127.0.0.1:{args.port}{base}" if args.ip in ("127.0.0.1", "localhost") else
            f"http://{network_address()}:{args.port}{base}" if everywhere else f"http://{args.ip}:{args.port}{base}")
    local_only = args.ip in ("127.0.0.1", "localhost", "::1") or args.ip.startswith("127.")
    # the game page as the students reach it: through the hub (None: at the address the teacher's page is open
    # at, the hub's too), or "" when the server listens on this computer only (the teacher's page says so)
    students = (page if args.public_url else None) if args.jupyterhub else "" if local_only else page
    try:
        app = make_app(table, base_url=args.base_url, guard=guard, students_url=students, hub_login=args.jupyterhub,
                       public_url=args.public_url or "", max_students=args.max_students,
                       new_seats=args.new_seats_per_address)
    except HubUnavailable as e:
        raise UsageError(f"--jupyterhub: {e}") from None
    _more_open_files()
    try:
        server = listen(app, args.port, args.ip, guard)
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            raise UsageError(f"--port: port {args.port} is in use on {args.ip} (another server?); stop it or choose "
                             "another port, e.g. --port 8867") from None
        if isinstance(e, socket.gaierror) or e.errno in (errno.EADDRNOTAVAIL, errno.EINVAL):
            raise UsageError(f"--ip: cannot listen on {args.ip!r}: {e.strerror or e}; use 127.0.0.1 (this computer "
                             "only) or 0.0.0.0 (every network interface)") from None
        raise
    _warm_up()
    start_sweeping(table)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM,):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):       # (not on Windows)
            pass
    here = page + (f" (or http://{socket.gethostname()}:{args.port}{base}, by this computer's name)"
                   if everywhere and not args.public_url else "")
    if store is not None:           # (before the line that says the server is ready: the last line of the start)
        # the teacher's link: on this computer, except behind the hub, whose proxy is the only way in
        teacher = page if args.jupyterhub else f"http://127.0.0.1:{args.port}{base}"
        _announce(store, purged, f"{teacher}class/teacher", page, "the hub's teachers" if args.jupyterhub else None)
    print(f"The game is served at {here}, up to {args.max_games} games at once (a game with no action for "
          f"{args.idle_hours:g} hours ends); ready in {time.perf_counter() - t0:.1f} s. Ctrl-C stops the server.",
          flush=True)
    try:
        await stop.wait()
    finally:
        server.stop()
        if classroom is not None:                  # the class's games under way: finished and recorded
            under_way, unsent = table.under_way(), table.close()
            classroom.close()
            if under_way or unsent:
                print(f"{under_way} game{'s' if under_way != 1 else ''} under way finished by the server with best "
                      "play and recorded" + (f"; {unsent} could not be recorded (the class store is unavailable)"
                                            if unsent else "") + ".", flush=True)
    print("The game server has stopped.", flush=True)
    return 0
