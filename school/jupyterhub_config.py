# A school's JupyterHub: every student logs in, gets their own Jupyter server with the lessons, and the class
# server (the game page, class sessions, the teacher's page) runs once for everybody as the hub's service.
#
#     python -m pip install -e ".[jupyterhub]"
#     python -m jupyterhub -f school/jupyterhub_config.py
#
# README, "A school's JupyterHub", says what each part does and how it spreads over several machines;
# tests/apps/server/test_jupyterhub.py starts a real hub with these settings (on 127.0.0.1, with a test login and the
# hub's simple spawner in place of the school's own).  JupyterHub reads this file with `c = get_config()`.
import os
import shutil
import sys
from pathlib import Path

from guesswho_lib.cli.working_copy import make_working_copy

c = get_config()

# ---- the school's choices (the rest follows from them) -----------------------------------------------------------
REPOSITORY = Path(__file__).resolve().parents[1]      # this copy of guesswho: its lessons and its Python
PUBLIC_URL = os.environ.get("GUESSWHO_HUB_URL", "http://127.0.0.1:8000")   # the address the students open
CLASS_STORE = os.environ.get("GUESSWHO_CLASS_STORE", str(REPOSITORY / "school" / "class.db"))  # or postgresql://...
SERVICE_PORT = int(os.environ.get("GUESSWHO_SERVICE_PORT", "8866"))       # the class server, reached by the proxy
LOGIN = True                 # the game page and the teacher's page only for those signed in to the hub
LESSONS = "guesswho-lessons"  # the folder of each student's own copy of the lessons, in their home

# ---- the hub ---------------------------------------------------------------------------------------------------
c.JupyterHub.bind_url = PUBLIC_URL                    # where the hub's proxy listens (put TLS in front, or set
#                                                       c.JupyterHub.ssl_cert / ssl_key, before the students log in)
c.JupyterHub.hub_ip = "127.0.0.1"                     # the hub itself is reached by the proxy on this machine only
# the proxy: configurable-http-proxy from PyPI, the Python one installed beside this Python (no Node.js needed)
c.ConfigurableHTTPProxy.command = [str(Path(sys.executable).with_name("configurable-http-proxy"))]
# the hub's own files, made on its first start, beside this file (never committed: .gitignore)
c.JupyterHub.cookie_secret_file = str(REPOSITORY / "school" / "jupyterhub_cookie_secret")
c.JupyterHub.db_url = "sqlite:///" + str(REPOSITORY / "school" / "jupyterhub.sqlite")
c.ConfigurableHTTPProxy.pid_file = str(REPOSITORY / "school" / "jupyterhub-proxy.pid")

# ---- who logs in -------------------------------------------------------------------------------------------------
# The hub's default: the accounts of this computer (PAM). A school sets its own authenticator here (its single
# sign-on: OAuthenticator, LDAPAuthenticator) and who may log in; every account that authenticator accepts may.
c.Authenticator.allow_all = True
# c.Authenticator.admin_users = {"teacher"}           # who may see and stop every student's server

# ---- each student's own Jupyter server ---------------------------------------------------------------------------
# The hub's default spawner starts each student's server on this computer, as their own account; for several
# machines, a school names another spawner here (README: DockerSpawner, KubeSpawner, SSH or batch spawners).
c.Spawner.default_url = f"/lab/tree/{LESSONS}/00-start-here.ipynb"   # students land on lesson 00
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]     # this Python: the library and JupyterLab
c.Spawner.mem_limit = "1G"                            # a lesson's kernel with room (where the spawner enforces it)
c.Spawner.cpu_limit = 1.0


def copy_lessons(spawner):
    """Before a student's first server starts: their own copy of the lessons (notebooks/) in their home, so that
    what they write is theirs (the same working copy as `python -m guesswho_lib lab` makes). A copy they already
    have is left as it is."""
    home = Path(getattr(spawner, "home_dir", "") or os.path.expanduser(f"~{spawner.user.name}"))
    lessons = home / LESSONS
    if not make_working_copy(REPOSITORY / "notebooks", lessons):
        return
    if os.geteuid() == 0 and not hasattr(spawner, "home_dir"):       # the hub as root: the student owns the copy
        for path in [lessons, *lessons.rglob("*")]:
            shutil.chown(path, spawner.user.name)


c.Spawner.pre_spawn_hook = copy_lessons

# ---- the lessons' link to the class session ----------------------------------------------------------------------
# Every student's server, and so every lesson's kernel, is told where the class server is: in a lesson,
# gw.join_class("K7QMD", "Sam") then needs no address. The student's server token may reach that service (the
# lesson sends it there and nowhere else, to pass the hub's login), besides what a server's token may by default.
c.Spawner.environment = {"GUESSWHO_CLASS_SERVER": f"{PUBLIC_URL}/services/guesswho/"}
c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server", "access:services!service=guesswho"]

# ---- the class server, once for everybody: the hub's service at /services/guesswho/ --------------------------
c.JupyterHub.services = [{
    "name": "guesswho",                                # its address: PUBLIC_URL/services/guesswho/
    "url": f"http://127.0.0.1:{SERVICE_PORT}",         # where it listens; the hub's proxy forwards to it
    "command": [sys.executable, "-m", "guesswho_apps", "serve", "--jupyterhub", *(["--hub-login"] if LOGIN else []),
                "--public-url", PUBLIC_URL, "--class-store", CLASS_STORE],   # started and restarted by the hub
    "cwd": str(REPOSITORY),
    "oauth_no_confirm": True,                          # no "authorize this service?" page for the students
    "display": True,                                   # listed on the hub's home page (Services)
}]
# Signed-in users may use the service (and, as always, their own server); nothing else of the hub.
c.JupyterHub.load_roles = [{"name": "user", "scopes": ["self", "access:services!service=guesswho"]}]
