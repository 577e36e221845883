# Voila settings for serving the game page (notebooks/app-play.ipynb) to a class.
#
# Start it from the repository folder with the command in the README ("Serving the game to a class"):
#
#     python -m voila notebooks/app-play.ipynb --Voila.config_file_paths=serving
#
# Every page view starts its own Python kernel (about 90 MiB per player, see the README).  These settings make sure that
# kernels do not pile up when players leave:
#
# * a closed or reloaded page shuts its kernel down at once (the page sends a shutdown request when it is
#   left; Voila refuses it unless the page holds the server's _xsrf cookie, which the hook below sets);
# * a kernel nobody is connected to (its page vanished without saying goodbye, or it was fetched by a plain
#   HTTP GET that never ran the page's scripts) is culled once it has been idle for CULL_IDLE_SECONDS; the
#   server looks every CULL_INTERVAL_SECONDS, so such a kernel is gone within 80 seconds;
# * a page whose connection died silently (a laptop closed, Wi-Fi lost) is noticed by websocket pings within
#   45 seconds, and its kernel is then culled as above;
# * a page that is open and connected keeps its kernel however long the player thinks.
#
# The page makes no request to other sites (the "guesswho" template in serving/voila/templates drops the
# style sheets Voila's lab template takes from a CDN), so it works offline.
#
# Any setting can be changed on the command line, e.g. --MappingKernelManager.cull_idle_timeout=300 or
# --Voila.ip=0.0.0.0 (listen on every network interface, so that the students' machines can connect).
# tests/test_serving.py starts the server with this file, exactly as the README says.

import os

HERE = os.path.dirname(os.path.abspath(__file__))

CULL_IDLE_SECONDS = 60        # a kernel with no page connected and no activity for this long is shut down
CULL_INTERVAL_SECONDS = 20    # how often the server looks for such kernels
PING_INTERVAL_MS = 15_000     # websocket keep-alive pings to every open page ...
PING_TIMEOUT_MS = 30_000      # ... and a page that has not answered for this long is disconnected

c = get_config()

# Where and how to listen: this machine only, unless --Voila.ip=... is given.
c.Voila.ip = "127.0.0.1"
c.Voila.port = 8866
c.Voila.open_browser = False

# Culling (jupyter_server's MappingKernelManager, which Voila uses for its kernels).
c.MappingKernelManager.cull_idle_timeout = CULL_IDLE_SECONDS
c.MappingKernelManager.cull_interval = CULL_INTERVAL_SECONDS
c.MappingKernelManager.cull_connected = False   # never take the kernel of an open, connected page
c.MappingKernelManager.cull_busy = True         # a kernel left busy with no page connected is culled too

# Websocket pings (jupyter_server's ws_ping_interval / ws_ping_timeout, in milliseconds).
c.Voila.tornado_settings = {"ws_ping_interval": PING_INTERVAL_MS, "ws_ping_timeout": PING_TIMEOUT_MS}


def set_xsrf_cookie(request_handler, notebook, cwd):
    """Voila's prelaunch hook: reading ``xsrf_token`` makes tornado send the ``_xsrf`` cookie with the page,
    so the shutdown request the page sends when it is closed is accepted (without it: 403 '_xsrf' argument
    missing, and the kernel stays).  The notebook is left as it is."""
    request_handler.xsrf_token  # noqa: B018 - reading the property is what sets the cookie
    return None


c.VoilaConfiguration.prelaunch_hook = set_xsrf_cookie

# The page's template: Voila's lab template without external requests (found through JUPYTER_PATH).
os.environ["JUPYTER_PATH"] = os.pathsep.join([HERE] + [p for p in [os.environ.get("JUPYTER_PATH")] if p])
c.VoilaConfiguration.template = "guesswho"
