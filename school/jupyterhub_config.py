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
import socket
import sys
from pathlib import Path

from guesswho_apps.server.hub import SERVICE_NAME, TEACHER_SCOPE, give_class_token, revoke_class_tokens
from guesswho_lib.cli.lab import lesson_server_settings
from guesswho_lib.cli.working_copy import make_working_copy

c = get_config()


def a_free_port() -> int:
    """A port free now on this computer's loopback, chosen afresh at each start of the hub."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---- the school's choices (the rest follows from them) -----------------------------------------------------------
REPOSITORY = Path(__file__).resolve().parents[1]      # this copy of guesswho: its lessons and its Python
PUBLIC_URL = os.environ.get("GUESSWHO_HUB_URL", "http://127.0.0.1:8000")   # the address the students open
CLASS_STORE = os.environ.get("GUESSWHO_CLASS_STORE", str(REPOSITORY / "school" / "class.db"))  # or postgresql://...
# the teachers' accounts on the hub (more can be added to the hub's group "teachers" on its admin page)
TEACHERS = [name.strip() for name in os.environ.get("GUESSWHO_TEACHERS", "").split(",") if name.strip()]
# where the class server listens, reached by the hub's proxy only: a port chosen afresh at each start (a fixed one
# with GUESSWHO_SERVICE_PORT, e.g. for a firewall's rules)
SERVICE_PORT = int(os.environ.get("GUESSWHO_SERVICE_PORT", "0")) or a_free_port()
LESSONS = "guesswho-lessons"  # the folder of each student's own copy of the lessons, in their home

# ---- the hub ---------------------------------------------------------------------------------------------------
c.JupyterHub.bind_url = PUBLIC_URL                    # where the hub's proxy listens
# Before the students log in, put TLS in front: a reverse proxy (nginx, Caddy) with the school's certificate, and
# PUBLIC_URL its https:// address (the Python proxy cannot do TLS itself; README, "What a school should use").
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
# c.Authenticator.admin_users = {"an-administrator"}  # who may see and stop every student's server

# ---- each student's own Jupyter server ---------------------------------------------------------------------------
# The hub's default spawner starts each student's server on this computer, as their own account (run the hub as
# root for it); a spawner of containers (DockerSpawner, KubeSpawner) isolates students further: they then cannot
# reach the class server's port at all (README, "What a school should use"). For several machines, a school names
# another spawner here (README: DockerSpawner, KubeSpawner, SSH or batch spawners).
c.Spawner.default_url = f"/lab/tree/{LESSONS}/00-start-here.ipynb"   # students land on lesson 00
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]     # this Python: the library and JupyterLab
c.Spawner.mem_limit = "1G"                            # a lesson's kernel with room (where the spawner enforces it)
c.Spawner.cpu_limit = 1.0
# the lessons' settings, as `python -m guesswho_lib lab` gives them: quiet kernels, and a saved lesson keeps no widget
# view (a lesson opened again would otherwise show "Error displaying widget: model not found")
c.Spawner.args = lesson_server_settings()


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
# join_class("K7QMD", "Sam") then needs no address. With it, a token of the student's made for this alone: it
# opens the class server as that student and nothing else (not their Jupyter server, not the hub), made afresh at
# each start of their server and revoked when it stops. The server's own token (JUPYTERHUB_API_TOKEN, which opens
# the student's Jupyter server) keeps the hub's default rights, which do not reach the class server: a lesson never
# sends it.
c.Spawner.environment = {"GUESSWHO_CLASS_SERVER": f"{PUBLIC_URL}/services/{SERVICE_NAME}/",
                         "GUESSWHO_CLASS_TOKEN": give_class_token}
c.Spawner.post_stop_hook = revoke_class_tokens

# ---- the class server, once for everybody: the hub's service at /services/guesswho/ --------------------------
# Every page and request is for those the hub signed in (its login for browsers, the token above for the lessons),
# and the class server asks the hub who each one is: the limits count per hub user, and the teacher's pages open
# for the hub's teachers alone (below), with no code or token to copy. A request that reaches the port without the
# hub's credentials is refused (403).
c.JupyterHub.services = [{
    "name": SERVICE_NAME,                              # its address: PUBLIC_URL/services/guesswho/
    "url": f"http://127.0.0.1:{SERVICE_PORT}",         # where it listens; the hub's proxy forwards to it
    "command": [sys.executable, "-m", "guesswho_apps", "serve", "--jupyterhub", "--public-url", PUBLIC_URL,
                "--class-store", CLASS_STORE],         # started and restarted by the hub
    "cwd": str(REPOSITORY),
    "oauth_no_confirm": True,                          # no "authorize this service?" page for the students
    # what the browser's login token may hold: the class server's own rights (a teacher's, for a teacher), nothing
    # that opens a student's Jupyter server or the hub
    "oauth_client_allowed_scopes": [TEACHER_SCOPE],
    "display": True,                                   # listed on the hub's home page (Services)
}]

# ---- who may do what ---------------------------------------------------------------------------------------------
# Signed-in users may use the class server (and, as always, their own Jupyter server); nothing else of the hub.
# The teachers: the hub's group "teachers", whose role holds the class server's teacher's scope.
c.JupyterHub.custom_scopes = {TEACHER_SCOPE: {"description": "the class server's teacher's pages: the tally, the "
                                                             "lesson view, the exports and the resets"}}
c.JupyterHub.load_groups = {"teachers": {"users": TEACHERS}}
c.JupyterHub.load_roles = [
    {"name": "user", "scopes": ["self", f"access:services!service={SERVICE_NAME}"]},
    {"name": "guesswho-teacher", "description": "the class server's teacher", "scopes": [TEACHER_SCOPE],
     "groups": ["teachers"]},
]
