"""The class session on the notebook (Voila) server: the store it keeps, and the teacher's page (loaded by
serving/voila.py).  The class server (``python -m guesswho_lib serve --class-store class.db``, README "A class
session") is the README's way; this is the same session for a school that serves the notebooks (or JupyterHub):

    python -m voila notebooks/app-play.ipynb --Voila.config_file_paths=serving --ClassSession.store=class.db

The store, the session started (or continued) at start-up, the lines printed for the teacher and the teacher's
pages are the class server's own (:mod:`guesswho_lib.server.teacher`, same addresses, same security).  What
differs: the game kernels learn where the store is from the environment (``GUESSWHO_CLASS_STORE``), and a page
joined to the session records each finished game there itself (:mod:`guesswho_lib.widgets.classroom`), from the
kernel's own game, after the referee has replayed it.  No address of this server writes a game.
"""

from __future__ import annotations

import os
import socket

from jupyter_server.utils import url_path_join
from traitlets import Float, Unicode
from traitlets.config import Configurable


class ClassSession(Configurable):
    """The class session's settings (``--ClassSession.store=class.db`` on the command line)."""

    store = Unicode("", config=True, help="The class store: a file name (SQLite, e.g. class.db) or a "
                                         "postgresql:// address.  Empty: the server keeps no class sessions.")
    poll_seconds = Float(2.0, config=True, help="How often the teacher's page asks for the tally (seconds).")


def handlers(app) -> list:
    """The class session's pages (for guesswho_classroom.HANDLERS), with the store of ``--ClassSession.store``."""
    from guesswho_lib.classroom import STORE_VARIABLE
    from guesswho_lib.server import teacher
    from guesswho_lib.server.guard import Guard

    settings = ClassSession(config=app.config)
    base = app.server_url or app.base_url or "/"
    store = None
    if settings.store:
        store, purged = teacher.open_store(settings.store)
        os.environ[STORE_VARIABLE] = store.location       # the game kernels' environment
        if purged:
            app.log.info("Class sessions older than 30 days deleted with their games: %s.", ", ".join(purged))
        here = f"http://127.0.0.1:{getattr(app, 'port', 8866)}{url_path_join(app.base_url or '/', 'class', 'teacher')}"
        app.log.info("\n".join(teacher.announce(store, here, f"python -m guesswho_lib class start --store "
                                                             f"{store.location}")))
    names = ("localhost", socket.gethostname(), socket.getfqdn())       # the pages' Origins this server accepts
    guard = Guard(port=getattr(app, "port", None), names=names)
    return teacher.handlers(store, base, settings.poll_seconds, enable_hint="--ClassSession.store=class.db",
                            guard=guard)
