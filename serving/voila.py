# Voila settings for serving the game page (notebooks/app-play.ipynb) to a class.
#
# Start it from the repository folder with the command in the README ("Serving the game to a class"):
#
#     python -m voila notebooks/app-play.ipynb --Voila.config_file_paths=serving
#
# Every player gets their own game: their own Python process (a "kernel", 50-60 MiB, see the README).
# What these settings do:
#
# * Games are started before the class arrives.  The server starts CLASS_SIZE kernels with the game's
#   modules imported (about 30 s after the server starts, it says "Ready for a class"), so a class that
#   opens the page at the same moment only waits for its pages to be drawn.  The kernels used are
#   replaced in the background, one at a time, once no page has been requested for a few seconds.
# * At most MAX_PLAYERS games at once: one more page shows "The game is full, try again in a moment" (and
#   tries again by itself), so nobody, not even a flood of requests, can make the server use more than
#   about MAX_PLAYERS x 60 MiB.
# * A closed or reloaded page shuts its kernel down at once (the page sends a shutdown request when it is
#   left; Voila refuses it unless the page holds the server's _xsrf cookie, which the hook below sets).
# * A kernel nobody is connected to (its page vanished without saying goodbye, or it was fetched by a plain
#   HTTP GET that never ran the page's scripts) is culled once it has been idle for CULL_IDLE_SECONDS; the
#   server looks every CULL_INTERVAL_SECONDS, so such a kernel is gone within 80 seconds.
# * A page whose connection died silently (a laptop closed, Wi-Fi lost) is noticed by websocket pings within
#   45 seconds, and its kernel is then culled as above.  A page that is open and connected keeps its kernel
#   however long the player thinks.
# * The page says so when its game is lost (its kernel stopped, or the connection to the server is lost)
#   and offers one button to start a new game (the template's guesswho-faults.js).
# * The board of faces is solved once, when the server starts, into a temporary folder that every kernel
#   reads from (guesswho_lib.board.stored), instead of once in every kernel that plays it.
# * The page makes no request to other sites (the "guesswho" template in serving/voila/templates drops the
#   style sheets Voila's lab template takes from a CDN), so it works offline.
# * The terminal shows what a teacher can act on: no routine warnings (see guesswho_classroom.py).
#
# Any setting can be changed on the command line, e.g. --MappingKernelManager.cull_idle_timeout=300,
# --ClassroomKernelManager.warm_kernels=10 (a smaller class, or a smaller computer) or --Voila.ip=0.0.0.0
# (listen on every network interface, so that the students' machines can connect).
# tests/test_serving.py starts the server with this file, exactly as the README says.
#
# More pages on the same server: add them to guesswho_classroom.HANDLERS (see there); the same module serves
# them here and under JupyterHub (README, "More players than one computer").
#
# A class session (guesswho_teacher.py): add --ClassSession.store=class.db (a file of your choosing, or a
# postgresql:// address) to the command line, and the server keeps the class's finished games there and serves
# the teacher's live tally at /class/teacher (README, "A class session").  Without it, no class session.

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.append(HERE)         # last: this file must not hide the voila package
import guesswho_classroom  # noqa: E402 - found next to this file
import guesswho_teacher  # noqa: E402 - found next to this file

CLASS_SIZE = 30               # games started before the class arrives (a class of 30 opens the page at once)
MAX_PLAYERS = 40              # at most this many games at once; one more page is told the game is full
CULL_IDLE_SECONDS = 60        # a kernel with no page connected and no activity for this long is shut down
CULL_INTERVAL_SECONDS = 20    # how often the server looks for such kernels
PING_INTERVAL_MS = 15_000     # websocket keep-alive pings to every open page ...
PING_TIMEOUT_MS = 30_000      # ... and a page that has not answered for this long is disconnected
OUTPUT_WAIT_SECONDS = 60      # how long a page's first drawing may wait for its kernel on a busy computer

c = get_config()

# Where and how to listen: this machine only, unless --Voila.ip=... is given.
c.Voila.ip = "127.0.0.1"
c.Voila.port = 8866
c.Voila.open_browser = False

# Games started before the class arrives, and the cap (guesswho_classroom.ClassroomKernelManager).
c.VoilaConfiguration.multi_kernel_manager_class = guesswho_classroom.ClassroomKernelManager
c.ClassroomKernelManager.warm_kernels = CLASS_SIZE
c.ClassroomKernelManager.max_players = MAX_PLAYERS
c.ClassroomKernelManager.warm_code = "import ipywidgets, guesswho_lib.widgets.play, guesswho_lib.widgets.classroom"
# The board of faces is solved once, when the server starts, in a separate process (2 s, then it exits and
# frees its memory), into a private folder that every kernel maps (guesswho_lib.board.stored); a kernel that
# needs it before it is written solves it itself.
c.ClassroomKernelManager.shared_folder_variable = "GUESSWHO_BOARD_TABLES"
c.ClassroomKernelManager.prepare_code = ("import os; from guesswho_lib.board.solver import write_board_tables; "
                                         "write_board_tables(os.environ['GUESSWHO_BOARD_TABLES'])")

# Culling (jupyter_server's MappingKernelManager, which Voila uses for its kernels).
c.MappingKernelManager.cull_idle_timeout = CULL_IDLE_SECONDS
c.MappingKernelManager.cull_interval = CULL_INTERVAL_SECONDS
c.MappingKernelManager.cull_connected = False   # never take the kernel of an open, connected page
c.MappingKernelManager.cull_busy = True         # a kernel left busy with no page connected is culled too

# The server talks to its kernels through files in a private folder (Unix sockets), not TCP ports: nothing
# else on the computer can connect to a game, and nothing to warn about.
c.KernelManager.transport = "ipc"

# On a busy computer a kernel's output may take longer than Voila's default 4 s to arrive; waiting longer
# draws the page late instead of never.
c.VoilaExecutor.iopub_timeout = OUTPUT_WAIT_SECONDS
c.VoilaExecutor.startup_timeout = 2 * OUTPUT_WAIT_SECONDS

# Websocket pings (jupyter_server's ws_ping_interval / ws_ping_timeout, in milliseconds), and the access
# log (guesswho_classroom.log_request: errors only, no line per request).
c.Voila.tornado_settings = {"ws_ping_interval": PING_INTERVAL_MS, "ws_ping_timeout": PING_TIMEOUT_MS,
                            "log_function": guesswho_classroom.log_request}


def set_xsrf_cookie(request_handler, notebook, cwd):
    """Voila's prelaunch hook: reading ``xsrf_token`` makes tornado send the ``_xsrf`` cookie with the page,
    so the shutdown request the page sends when it is closed is accepted (without it: 403 '_xsrf' argument
    missing, and the kernel stays).  The notebook is left as it is."""
    request_handler.xsrf_token  # noqa: B018 - reading the property is what sets the cookie
    return None


c.VoilaConfiguration.prelaunch_hook = set_xsrf_cookie

# The page's template: Voila's lab template without external requests, with the "game is full" page and
# the messages for a lost game (found through JUPYTER_PATH).
os.environ["JUPYTER_PATH"] = os.pathsep.join([HERE] + [p for p in [os.environ.get("JUPYTER_PATH")] if p])
c.VoilaConfiguration.template = "guesswho"

# Extra pages (guesswho_classroom.HANDLERS) and a quiet terminal.
if guesswho_teacher.handlers not in guesswho_classroom.HANDLERS:
    guesswho_classroom.HANDLERS.append(guesswho_teacher.handlers)    # the class session's pages
guesswho_classroom.add_handlers()
guesswho_classroom.quiet_logs()
