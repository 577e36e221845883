"""A school's JupyterHub, for real, on 127.0.0.1: the repository's settings (school/jupyterhub_config.py), with
what a test machine cannot have swapped in (a test login, the DummyAuthenticator, for the school's; the hub's
simple spawner, every student's server as this test's own user, for one per account; free ports; the hub's
files in a temporary folder).  JupyterHub and its Python proxy come from PyPI (the test extra).  One hub for the
module, two students (ana, ben) and a teacher (in the hub's group "teachers"); each student tries what a student on
the hub's machine can.

* the hub starts the class server as its service on a port chosen at the hub's start; the service starts a class
  session and prints the teacher's page's address, with no token;
* without the hub's credentials nothing of the service is served, through the hub's proxy or straight to its port,
  whatever address or header a request names: a browser opening a page goes to the hub's login;
* two students log in (Chromium), each gets their own Jupyter server with their own copy of the lessons and lands
  on lesson 00 in JupyterLab; each then opens the game page through the hub, joins the class from the address
  and plays a game to its end; in her lesson 00, one student joins without an address (the hub gives it, and a
  token that opens the class server alone) and checks an answer;
* the teacher logs in to the hub and opens the teacher's page by the hub's login alone: it shows both students'
  games, and the lesson view her exercise;
* the limits are per hub user: a student's games and wrong class codes count the same through the proxy and
  straight at the port, with her login cookie or her kernel's token, whatever X-Forwarded-For says; one student's
  61 wrong codes do not block another's results;
* every teacher's page and request answers 403 to a student, whatever she sends (her cookie, her token, the
  session's teacher's token in the form or a cookie, a stand-alone server's signed teacher's cookie);
* a process that takes the service's port while the service is down (a student squatting it) receives no token
  that opens anything but the class server: not the student's server token, not the hub's login; what it got
  opens neither the hub's API nor the student's Jupyter server, the browsers' cookies are worth nothing once the
  service is back, and the lesson's join does not follow its redirect to another host;
* nothing in the hub's log is a traceback, and the class server logs nothing per request.
"""

from __future__ import annotations

import base64
import errno
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from guesswho_apps.classroom import ClassStore
from guesswho_apps.classroom.store import CODE_ALPHABET
from guesswho_apps.server.guard import GAMES_PER_ADDRESS, JOIN_FAILURES
from guesswho_apps.server.teacher import TeacherSessions, cookie_name
from guesswho_lib.cli.lab import WIDGET_SAVED, WIDGET_VIEW
from guesswho_lessons.exercises import get
from servers import StubServer, browser_or_skip, evidence_on_failure, free_port, stop_server
from test_class_session import _play_a_game

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[3]
SETTINGS = ROOT / "school" / "jupyterhub_config.py"
PASSWORD = "a-test-password"
TIMEOUT_MS = 120_000
SERVICE = "/services/guesswho/"
COOKIE = "service-guesswho"                  # the service's login cookie (named after its OAuth client)


def _test_settings(folder: Path) -> Path:
    """The school's settings, then what this machine swaps in (each line says why)."""
    config = folder / "jupyterhub_config.py"
    config.write_text(f"""
load_subconfig({str(SETTINGS)!r})
c.JupyterHub.hub_port = {free_port()}                          # free ports: other servers run on this machine
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{free_port()}"
c.JupyterHub.authenticator_class = "dummy"                  # a test login instead of the school's accounts
c.DummyAuthenticator.password = {PASSWORD!r}
c.JupyterHub.spawner_class = "simple"                       # every student's server as this test's user
c.SimpleLocalProcessSpawner.home_dir_template = {str(folder / "home" / "{username}")!r}
c.Spawner.args = c.Spawner.args + {["--allow-root"] if os.geteuid() == 0 else []!r}   # (CI runs as root)
c.JupyterHub.cookie_secret_file = {str(folder / "cookie_secret")!r}   # the hub's files: here, not in school/
c.JupyterHub.db_url = "sqlite:///{folder / 'jupyterhub.sqlite'}"
c.ConfigurableHTTPProxy.pid_file = {str(folder / "proxy.pid")!r}
""")
    return config


#: The Python proxy's known race (not this project's code): a tab closed while its Jupyter server is still
#: sending on the tab's websocket makes the proxy write to the closed connection; tornado logs it with a traceback.
PROXY_RACE = re.compile(r"configurable_http_proxy/handlers\.py.*in write\b.*\bWebSocketClosedError\b", re.S)


#: JupyterLab's own race (not this project's code): opening a notebook can start two kernels for it at once; it
#: shuts one down while that one is still starting, and the kernel's start logs a KeyboardInterrupt.
KERNEL_RACE = re.compile(r"Kernel shutdown: \S+\n(?:.*\n){0,10}?Traceback \(most recent call last\):\n(?:.*\n){0,6}?"
                         r".*ipykernel_launcher\.py.*\n(?:.*\n){0,40}?KeyboardInterrupt\n")


def _tracebacks(log: str) -> list[str]:
    """Every traceback in the hub's log (with the line before it), but the proxy's race on a closed tab and
    JupyterLab's on a kernel it shuts down as it starts."""
    log = KERNEL_RACE.sub("Kernel shutdown (while starting)\n", log)
    blocks = re.findall(r"(?m)^.*\n(?=Traceback)Traceback \(most recent call last\):\n(?:[ \t].*\n)*.*", log)
    return [b for b in blocks if not PROXY_RACE.search(b)]


def _http(url: str, method: str = "GET", headers: dict | None = None, body: bytes | None = None) -> tuple[int, str]:
    """(status, Location or body) of one request, redirects not followed."""
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    data = body if body is not None else b"{}" if method == "POST" else None
    req = urllib.request.Request(url, method=method, data=data, headers=headers or {})
    try:
        with urllib.request.build_opener(NoRedirect).open(req, timeout=60) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Location") or e.read().decode(errors="replace")


def _wait_for(what: str, log: Path, proc, pattern: str, timeout: float = 120, after: int = 0) -> re.Match:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        m = re.search(pattern, log.read_text(errors="replace")[after:], re.S)
        if m:
            return m
        if proc.poll() is not None:
            break
        time.sleep(0.3)
    raise AssertionError(f"{what}: not in the hub's log:\n{log.read_text(errors='replace')[-4000:]}")


@pytest.fixture(scope="module")
def browser():
    yield from browser_or_skip("a school's JupyterHub (the students' lessons, the game page and the teacher's "
                               "page through the hub)")


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    pytest.importorskip("jupyterhub", reason="the jupyterhub package is not installed (the test extra has it)")
    folder = tmp_path_factory.mktemp("hub")
    url = f"http://127.0.0.1:{free_port()}"
    env = {**os.environ, "GUESSWHO_HUB_URL": url, "GUESSWHO_CLASS_STORE": str(folder / "class.db"),
           "GUESSWHO_TEACHERS": "teacher", "PYTHONUNBUFFERED": "1"}
    env.pop("GUESSWHO_SERVICE_PORT", None)                  # the port: the one the settings choose at the start
    log = folder / "hub.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(_test_settings(folder))], cwd=folder,
                                stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    try:
        _wait_for("the hub ready", log, proc, r"JupyterHub is now running at")
        port = int(_wait_for("the service's port", log, proc, r"managed service guesswho at http://127\.0\.0\.1:(\d+)")
                   .group(1))
        code = _wait_for("the class session", log, proc, r"class code (\w{5})").group(1)
        page = _wait_for("the teacher's page", log, proc, r"The teacher's page, for [^:]*: (http://\S+)").group(1)
        _wait_for("the class server ready", log, proc, r"The game is served at")
        yield {"url": url, "code": code, "teacher_page": page, "port": port, "log": log, "proc": proc,
               "home": folder / "home", "store": str(folder / "class.db"), "direct": f"http://127.0.0.1:{port}"}
    finally:
        stop_server(proc)


@pytest.fixture(scope="module")
def people(hub, browser):
    """Each person's own browser (cookies), kept for the module: {name: context}; :func:`_signed_in` logs in."""
    contexts: dict = {}
    yield contexts
    for context in contexts.values():
        context.close()


def _log_in(context, hub: dict, name: str, then: str = ""):
    """A new page of ``context``, logged in to the hub as ``name`` by its login form (and sent on to ``then``)."""
    page = context.new_page()
    page.goto(f"{hub['url']}/hub/login" + (f"?next={then}" if then else ""), timeout=TIMEOUT_MS)
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", PASSWORD)
    page.click("input[type=submit], button[type=submit]")
    return page


def _signed_in(people: dict, browser, hub: dict, name: str):
    """``name``'s browser, logged in to the hub and to the class server (its login cookie set); a student's own
    Jupyter server running."""
    if name not in people:
        people[name] = browser.new_context(bypass_csp=True)
        page = _log_in(people[name], hub, name, then=SERVICE if name == "teacher" else "")
        page.wait_for_url(re.compile(rf"{SERVICE}$" if name == "teacher" else rf"/user/{name}/lab"),
                          timeout=TIMEOUT_MS)
        page.close()
    if not any(c["name"] == COOKIE for c in people[name].cookies()):
        page = people[name].new_page()
        page.goto(hub["url"] + SERVICE, timeout=TIMEOUT_MS)
        page.wait_for_selector("#gw-game", timeout=TIMEOUT_MS)
        page.close()
    return people[name]


def _cookie(context) -> str:
    """The class server's login cookie of a browser, as a Cookie header."""
    return next(f"{c['name']}={c['value']}" for c in context.cookies() if c["name"] == COOKIE)


def _server_environment(name: str) -> dict:
    """The environment the hub gave ``name``'s Jupyter server (and so her lessons' kernels), read from /proc (the
    simple spawner runs it as this test's user)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for entry in Path("/proc").iterdir():
            try:
                raw = (entry / "environ").read_bytes()
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if b"jupyterhub.singleuser" not in command or f"JUPYTERHUB_USER={name}\0".encode() not in raw:
                continue
            return dict(v.split("=", 1) for v in raw.decode(errors="replace").split("\0") if "=" in v)
        time.sleep(0.5)
    raise AssertionError(f"{name}'s Jupyter server is not running")


def _saved_on_their_server(hub: dict, name: str) -> list:
    """The outputs of a lesson saved on ``name``'s Jupyter server with a widget's view and a printed line, as read
    back from the server: its settings are the lab command's (a saved lesson keeps no widget view)."""
    token = {"Authorization": f"token {_server_environment(name)['JUPYTERHUB_API_TOKEN']}"}
    outputs = [{"output_type": "display_data", "metadata": {}, "data": {WIDGET_VIEW: {"model_id": "a1"}}},
               {"output_type": "stream", "name": "stdout", "text": "P = 1/2"}]
    notebook = {"cells": [{"cell_type": "code", "source": "", "metadata": {}, "execution_count": 1,
                           "outputs": outputs}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    where = f"{hub['url']}/user/{name}/api/contents/saved.ipynb"
    status, _ = _http(where, "PUT", token, json.dumps({"type": "notebook", "content": notebook}).encode())
    assert status in (200, 201), status
    status, body = _http(where, headers=token)
    assert status == 200, status
    return [o.get("data", o.get("text")) for o in json.loads(body)["content"]["cells"][0]["outputs"]]


def _start_a_game(context, hub: dict, origin: str, site: str) -> int:
    """The status of a request for a new game sent with the student's hub cookie, as from a page at ``origin``."""
    return context.request.post(f"{hub['url']}{SERVICE}api/start", data='{"query": ""}', headers={
        "Origin": origin, "Sec-Fetch-Site": site, "Content-Type": "application/json"}).status


def _join_from_the_lesson(lab, code: str, nickname: str) -> str:
    """In the student's lesson 00 in JupyterLab: a new cell under the first with the join line (no address: the
    hub gives it) and one check of a tempting wrong value, run with the toolbar's Run button; the cell's output."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    panel = ".jp-NotebookPanel:not(.lm-mod-hidden)"
    lab.wait_for_selector(f"{panel} .jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=TIMEOUT_MS)
    cells = lab.locator(f"{panel} .jp-Cell").count()
    lab.click(f"{panel} .jp-Cell >> nth=0")
    lab.keyboard.press("Escape")
    lab.wait_for_selector(f"{panel} .jp-Notebook.jp-mod-commandMode", timeout=TIMEOUT_MS)
    lab.keyboard.press("b")                                  # each key waits for what it does: a loaded machine
    lab.wait_for_function(f"document.querySelectorAll('{panel} .jp-Cell').length > {cells}", timeout=TIMEOUT_MS)
    lab.keyboard.press("Enter")
    lab.wait_for_selector(f"{panel} .jp-Notebook.jp-mod-editMode .jp-Cell.jp-mod-active .cm-focused",
                          timeout=TIMEOUT_MS)
    # pasted (as one input), not typed key by key: the editor's closing of brackets and quotes cannot double one
    lab.keyboard.insert_text(f'from guesswho_lessons import check, join_class; '
                             f'print(join_class("{code}", "{nickname}")); check("00.1", "1/2")')
    lab.wait_for_function(f"(document.querySelectorAll('{panel} .jp-Cell')[1].querySelector('.cm-content') || {{}})"
                          f".innerText.includes('check(\"00.1\"')", timeout=TIMEOUT_MS)
    prompt = f"document.querySelectorAll('{panel} .jp-Cell')[1].querySelector('.jp-InputPrompt').innerText"
    dialogs = []
    for _ in range(3):
        # Run with the notebook's toolbar button (a key press can reach the page before the editor hands it on);
        # on a loaded machine the first click can land before the kernel's connection takes it: the cell is then
        # left unrun ("[ ]"), and is run again.  A dialog JupyterLab opened meanwhile (choosing the kernel while it
        # was still starting) is answered as a student would, with its default button, and kept for the report
        lab.click(f"{panel} .jp-Toolbar [data-command='notebook:run-cell-and-select-next']")
        try:
            lab.wait_for_function(f"!/\\[ \\]/.test({prompt})", timeout=20_000)
            break
        except PlaywrightTimeout:
            dialog = lab.locator(".jp-Dialog")
            if dialog.count():
                dialogs.append(" ".join(dialog.first.inner_text().split())[:200])
                dialog.first.locator(".jp-Dialog-button.jp-mod-accept").click()
                dialog.first.wait_for(state="detached", timeout=TIMEOUT_MS)
            lab.locator(f"{panel} .jp-Cell").nth(1).locator(".jp-InputPrompt").click()     # the cell again
    try:
        lab.wait_for_function("(() => { const t = Array.from(document.querySelectorAll('.jp-OutputArea-output'))"
                              ".map(e => e.innerText).join(' '); return /You are in class|Not joined/.test(t) && "
                              "/Not yet|Correct/.test(t); })()", timeout=TIMEOUT_MS)
    except PlaywrightTimeout:
        cells = lab.locator(f"{panel} .jp-Cell").all_inner_texts()[:3]
        raise AssertionError("the join cell's output never came; the first cells: " + repr(cells)
                             + (f"; dialogs answered: {dialogs}" if dialogs else "")) from None
    return "\n".join(lab.locator(f"{panel} .jp-OutputArea-output").all_inner_texts())


# ---- without the hub's credentials, nothing ------------------------------------------------------------------------
#: Every kind of route of the class server (the page, its files, the game's requests, the lessons' requests, the
#: teacher's pages and requests, an address it does not have): (method, path under the service).
ROUTES = [("GET", ""), ("GET", "static/play.js"), ("POST", "api/start"), ("POST", "api/act"),
          ("POST", "class/api/lesson/join"), ("POST", "class/api/lesson/result"), ("GET", "class/teacher"),
          ("POST", "class/teacher"), ("GET", "class/teacher/{code}"), ("GET", "class/teacher/{code}/lesson"),
          ("GET", "class/api/{code}/tally"), ("GET", "class/api/{code}/quiz"),
          ("GET", "class/api/{code}/export/games.csv"), ("GET", "class/api/{code}/lesson"),
          ("GET", "class/api/{code}/gradebook.csv"), ("POST", "class/api/{code}/reset"),
          ("POST", "class/api/{code}/lesson/reset"), ("GET", "class/static/teacher.js"), ("GET", "no/such/page")]
FORGED = {"X-Forwarded-For": "203.0.113.7", "X-Real-IP": "203.0.113.7", "X-Forwarded-Proto": "https",
          "Forwarded": "for=203.0.113.7", "X-Forwarded-User": "teacher", "Remote-User": "teacher"}


def test_without_the_hubs_credentials_nothing_is_served(hub):
    code = hub["code"]
    status, where = _http(f"{hub['url']}{SERVICE}?class={code}", headers={"Sec-Fetch-Mode": "navigate"})
    assert status == 302 and "/hub/api/oauth2/authorize" in where, (status, where)      # a browser: the login
    status, body = _http(f"{hub['url']}{SERVICE}api/start", "POST")
    assert status == 403 and "sign in to the school's JupyterHub" in body, (status, body)
    for base in (hub["url"], hub["direct"]):                   # through the hub's proxy, and straight at the port
        for headers in ({}, FORGED, {**FORGED, "Authorization": "token not-a-hub-token",
                                     "Cookie": f"{COOKIE}=not-a-session; jupyterhub-session-id=x"}):
            for method, path in ROUTES:
                status, _ = _http(base + SERVICE + path.format(code=code), method, headers)
                assert status == 403, (base, method, path, headers, status)
    assert hub["teacher_page"] == f"{hub['url']}{SERVICE}class/teacher/{code}"       # no code or token to copy
    assert "#code=" not in hub["log"].read_text() and "&token=" not in hub["log"].read_text()


# ---- two students and their teacher, through the hub ---------------------------------------------------------------
def test_two_students_play_through_the_hub_and_the_teacher_sees_their_games(hub, browser, people, tmp_path):
    code, students = hub["code"], {"ana": "Ana", "ben": "Ben"}
    for name, nickname in students.items():
        context = people[name] = browser.new_context(bypass_csp=True)       # each student their own browser
        lab = _log_in(context, hub, name)
        with evidence_on_failure(lab, tmp_path / f"{name}-lab.png", hub["log"].read_text):
            lab.wait_for_url(re.compile(rf"/user/{name}/lab"), timeout=TIMEOUT_MS)       # their own server
            lab.wait_for_selector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook", timeout=TIMEOUT_MS)
            assert "00-start-here.ipynb" in lab.inner_text(".jp-DirListing, #jp-main-dock-panel")
            if name == "ana":
                said = _join_from_the_lesson(lab, code, nickname)
                assert f"You are in class {code} as {nickname}" in said and "not reaching" not in said, said
        assert (hub["home"] / name / "guesswho-lessons" / "00-start-here.ipynb").is_file()   # their own copy
        if name == "ben":
            assert _saved_on_their_server(hub, name) == [{"text/plain": WIDGET_SAVED}, "P = 1/2"]
        game = context.new_page()
        with evidence_on_failure(game, tmp_path / f"{name}-game.png", hub["log"].read_text):
            game.goto(f"{hub['url']}{SERVICE}?class={code}&name={nickname}&rules=official&board=4"
                      "&computer=optimal&first=you&seed=5", timeout=TIMEOUT_MS)
            game.wait_for_selector("#gw-class-status", timeout=TIMEOUT_MS)
            assert f"class {code} as {nickname}" in game.inner_text("#gw-class-status")
            _play_a_game(game, "#gw-class-status")
        assert _start_a_game(context, hub, hub["url"], "same-origin") == 200           # the page's own origin
        assert _start_a_game(context, hub, "http://elsewhere.example", "cross-site") == 403   # another site's
    context = people["teacher"] = browser.new_context(bypass_csp=True)
    signed_in = _log_in(context, hub, "teacher", then=SERVICE)         # (no Jupyter server of their own)
    signed_in.wait_for_selector("#gw-game", timeout=TIMEOUT_MS)
    signed_in.close()
    teacher = context.new_page()
    with evidence_on_failure(teacher, tmp_path / "teacher.png", hub["log"].read_text):
        teacher.goto(f"{hub['url']}{SERVICE}class/teacher", timeout=TIMEOUT_MS)     # the hub's login is enough
        teacher.wait_for_url(hub["teacher_page"], timeout=TIMEOUT_MS)
        teacher.wait_for_function("document.getElementById('games-summary').innerText.startsWith('2 game')",
                                  timeout=TIMEOUT_MS)
        teacher.click("#players summary")
        assert "Ana: 1" in teacher.inner_text("#players") and "Ben: 1" in teacher.inner_text("#players")
        teacher.goto(f"{hub['teacher_page']}/lesson", timeout=TIMEOUT_MS)
        teacher.wait_for_function("document.querySelectorAll('#students tbody tr').length == 1", timeout=TIMEOUT_MS)
        assert "Ana\tnot yet: 1 wrong" in teacher.inner_text("#students")
        words = get("00.1").solution().wrong
        assert any(w in teacher.inner_text("#most-wrong") for w in words.values())
    cookie = next(c for c in context.cookies() if c["name"] == COOKIE)
    assert cookie["httpOnly"] and not cookie["secure"] and cookie["path"] == SERVICE     # (http here: not Secure)
    status, _ = _http(f"{hub['url']}/hub/api/user", headers={"Authorization": f"token {cookie['value']}"})
    assert status == 403                                 # the cookie holds a session id, not a token of the hub
    log = hub["log"].read_text(errors="replace")
    tracebacks = _tracebacks(log)
    assert not tracebacks, "\n\n".join(tracebacks)
    assert not re.search(r"^\d\d:\d\d:\d\d ", log, re.M), "the class server logs per request"


# ---- limits per hub user ---------------------------------------------------------------------------------------------
def _routes(hub: dict, context, token: str) -> list:
    """Four ways one student can send a request to the class server: through the hub's proxy with her login
    cookie or with her kernel's token, and straight at the service's port with either (and a forged address):
    functions (path, body) -> (status, answer)."""
    def request(base, headers):
        def send(path, body):
            status, text = _http(base + SERVICE + path, "POST", {"Content-Type": "application/json", **headers},
                                 json.dumps(body).encode())
            try:
                return status, json.loads(text)
            except ValueError:
                return status, text
        return send

    def through_the_browser(path, body):
        r = context.request.post(hub["url"] + SERVICE + path, data=json.dumps(body), headers={
            "Content-Type": "application/json", "Origin": hub["url"], "Sec-Fetch-Site": "same-origin"})
        return r.status, r.json()
    return [through_the_browser, request(hub["url"], {"Authorization": f"token {token}"}),
            request(hub["direct"], {"Authorization": f"token {token}", **FORGED}),
            request(hub["direct"], {"Cookie": _cookie(context), **FORGED})]


def test_limits_count_per_hub_user_by_every_route(hub, browser, people):
    code = hub["code"]
    ana, ben = (_signed_in(people, browser, hub, name) for name in ("ana", "ben"))
    ana_env, ben_env = _server_environment("ana"), _server_environment("ben")
    routes = _routes(hub, ana, ana_env["GUESSWHO_CLASS_TOKEN"])
    ben_lesson = _routes(hub, ben, ben_env["GUESSWHO_CLASS_TOKEN"])[1]
    # the server's own token (which opens the student's Jupyter server) is no key to the class server
    assert _http(f"{hub['url']}{SERVICE}api/start", "POST",
                 {"Authorization": f"token {ana_env['JUPYTERHUB_API_TOKEN']}"})[0] == 403
    # wrong class codes: JOIN_FAILURES a minute from one student, then she waits, whichever way she sends them (the
    # lesson's join, the game page's join), from whichever page or seat, with whatever forwarded address
    ben_seat = "ben-s-seat-" + "b" * 20
    assert ben_lesson("class/api/lesson/join", {"code": code, "nickname": "Ben", "seat": ben_seat})[0] == 200
    wrong = [c for c in (f"ZZ{CODE_ALPHABET[k // 31]}{CODE_ALPHABET[k % 31]}Z" for k in range(961)) if c != code]

    def join(k, code):                                      # a new page or a new seat each time
        route = routes[k % 4]
        if route is routes[0]:                              # the game page's join, in her browser
            status, answer = route("api/start", {"query": f"class={code}&name=Ana&board=2"})
            return status, answer["state"]["class"]["message"]
        status, answer = route("class/api/lesson/join", {"code": code, "nickname": "Ana", "seat": f"ana-{k:04d}-" * 4})
        return status, answer["message"] if status != 200 else answer
    said = [join(k, wrong[k]) for k in range(JOIN_FAILURES)]
    assert all((s, "no open class" in m) == (404 if k % 4 else 200, True) for k, (s, m) in enumerate(said)), said
    for k in range(JOIN_FAILURES, JOIN_FAILURES + 8):      # one more wrong code, and the right one: by no route
        status, message = join(k, wrong[k] if k % 2 else code)
        assert "too many wrong class codes" in message and status == (429 if k % 4 else 200), (k, status, message)
    result = {"code": code, "seat": ben_seat, "exercise": "00.1", "right": True, "misconception": None}
    assert ben_lesson("class/api/lesson/result", result) == (200, {"recorded": True})   # ben is not blocked
    assert ben_lesson("class/api/lesson/join", {"code": code, "nickname": "Ben", "seat": ben_seat})[0] == 200
    # games: GAMES_PER_ADDRESS a student, whichever way they are started
    refused = None
    for k in range(3 * GAMES_PER_ADDRESS):
        status, answer = routes[k % 4]("api/start", {"query": "board=2"})
        if status != 200:
            refused = (status, answer)
            break
    assert refused and refused[0] == 503 and f"{GAMES_PER_ADDRESS} games" in refused[1]["message"], refused
    for route in routes:
        status, answer = route("api/start", {"query": "board=2"})
        assert status == 503 and "ana" in answer["message"], (route, status, answer)
    assert _routes(hub, ben, ben_env["GUESSWHO_CLASS_TOKEN"])[2]("api/start", {"query": "board=2"})[0] == 200


# ---- the teacher's pages: the hub's teachers alone ------------------------------------------------------------------
def test_the_teachers_pages_are_for_the_hubs_teachers_alone(hub, browser, people):
    code = hub["code"]
    ana, teacher = _signed_in(people, browser, hub, "ana"), _signed_in(people, browser, hub, "teacher")
    token = _server_environment("ana")["GUESSWHO_CLASS_TOKEN"]
    page = teacher.request.get(f"{hub['url']}{SERVICE}class/teacher")          # the open session's page
    assert page.ok and page.url == hub["teacher_page"] and f"Class <span class=\"code\">{code}</span>" in page.text()
    store = ClassStore(hub["store"])
    other = store.start_session()                                   # a session whose teacher's token she has
    signed = TeacherSessions().new(other.code, store.sign_in_key(other.code))   # a stand-alone server's sign-in
    assert teacher.request.get(f"{hub['url']}{SERVICE}class/api/{other.code}/tally").ok    # every session's
    attempts = [("browser", {}), ("token", {"Authorization": f"token {token}"}),
                ("token, direct", {"Authorization": f"token {token}", **FORGED}),
                ("cookie, direct", {"Cookie": _cookie(ana), **FORGED})]
    for which in (code, other.code):
        for name, headers in attempts:
            for extra in ({}, {"Cookie": f"{cookie_name(other.code)}={other.token}"},
                          {"Cookie": f"{cookie_name(other.code)}={signed}"}):
                sent = {**headers, **extra, "X-Guesswho-Teacher": "reset", "Origin": hub["url"]}
                if "Cookie" in headers and "Cookie" in extra:
                    sent["Cookie"] = headers["Cookie"] + "; " + extra["Cookie"]
                for method, path in ROUTES[6:-2]:
                    url = (hub["direct"] if "direct" in name else hub["url"]) + SERVICE + path.format(code=which)
                    body = f"code={other.code}&token={other.token}".encode() if method == "POST" else None
                    if name == "browser":
                        if "Cookie" in extra:
                            continue                  # (the browser's cookies are its own)
                        r = ana.request.fetch(url, method=method, data=body, headers=sent, max_redirects=0)
                        status, text = r.status, r.text()
                    else:
                        status, text = _http(url, method, sent, body)
                    assert status == 403, (name, extra, method, path, status)
                    assert '"games"' not in text and "Reset the tally" not in text and "Ben" not in text
    assert "does not count ana among them" in ana.request.get(hub["teacher_page"]).text()


# ---- a squatter on the service's port -------------------------------------------------------------------------------
def _service_pid(hub: dict) -> int:
    """The process of the class server that the hub started."""
    for entry in Path("/proc").iterdir():
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"guesswho_apps" in command and b"serve" in command and b"--jupyterhub" in command:
            return int(entry.name)
    raise AssertionError("the class server is not running")


def _squat(port: int, deadline: float) -> StubServer:
    while True:
        try:
            return StubServer("ok", port=port)
        except OSError as e:
            assert e.errno == errno.EADDRINUSE and time.monotonic() < deadline, e
            time.sleep(0.05)


def _held_in(value: str) -> list[str]:
    """A cookie's value, and what it holds in clear if it is a signed cookie (tornado's format: fields split by |,
    the value in base64): a token it carried would be among them."""
    out = [value]
    for field in value.split("|"):
        part = field.split(":", 1)[-1]
        try:
            out.append(base64.b64decode(part + "=" * (-len(part) % 4), validate=True).decode("ascii"))
        except (ValueError, UnicodeDecodeError):
            pass
    return out


def _join_as_the_kernel(env: dict, code: str, home: Path) -> str:
    """What ``join_class`` says in a kernel of the student's server (its environment, as the hub gave it)."""
    home.mkdir(exist_ok=True)
    script = f"from guesswho_lessons import join_class; print(join_class({code!r}, 'Ana'))"
    r = subprocess.run([sys.executable, "-c", script],
                       env={**env, "HOME": str(home), "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_a_squatter_on_the_services_port_gets_nothing_worth_having(hub, browser, people, tmp_path):
    url, code, port = hub["url"], hub["code"], hub["port"]
    ana, teacher = _signed_in(people, browser, hub, "ana"), _signed_in(people, browser, hub, "teacher")
    env = _server_environment("ana")
    with pytest.raises(OSError) as taken, socket.socket() as s:        # while the class server runs: no way in
        s.bind(("127.0.0.1", port))
    assert taken.value.errno == errno.EADDRINUSE
    os.kill(_service_pid(hub), signal.SIGKILL)                        # the class server stops (a crash) ...
    with StubServer() as elsewhere:
        squatter = _squat(port, time.monotonic() + 30)                 # ... and a student takes its port
        try:
            ana.request.get(url + SERVICE, headers={"Sec-Fetch-Mode": "navigate"})        # her browser
            ana.request.post(url + SERVICE + "api/start", data='{"query": ""}', headers={"Origin": url})
            teacher.request.get(url + SERVICE + f"class/api/{code}/tally")                # the teacher's page
            said = _join_as_the_kernel(env, code, tmp_path / "ana")                       # her lesson
            assert "You are in class" in said, said
            squatter.mode, squatter.location = "redirect", elsewhere.url + "class/api/lesson/join"
            said = _join_as_the_kernel(env, code, tmp_path / "ana")
            assert "Not joined" in said and "not followed" in said, said
        finally:
            squatter.close()
        assert elsewhere.requests == []                                # the token never followed the redirect
    captured = [f"{k}: {v}" for _, _, headers, _ in squatter.requests for k, v in headers.items()]
    captured += [body.decode(errors="replace") for _, _, _, body in squatter.requests]
    tokens = {m for line in captured for m in re.findall(r"(?i)^authorization: token (\S+)", line)}
    cookies = [line.split(": ", 1)[1] for line in captured if line.lower().startswith("cookie: ")]
    assert len(squatter.requests) >= 5 and tokens == {env["GUESSWHO_CLASS_TOKEN"]} and len(cookies) >= 3
    everything = "\n".join(captured)
    assert env["JUPYTERHUB_API_TOKEN"] not in everything                   # never the student's server token
    assert "jupyterhub-hub-login" not in everything and "jupyterhub-user-ana" not in everything   # nor the hub's
    hub_model = json.loads(_http(f"{url}/hub/api/user", headers={"Authorization": f"token {next(iter(tokens))}"})[1])
    assert hub_model["name"] == "ana" and set(hub_model["scopes"]) == {     # her name and the class server alone
        "access:services!service=guesswho", "read:users:name!user=ana", "read:users:groups!user=ana"}
    values = [v for c in cookies for value in re.findall(r"=([^;\s]+)", c) for v in _held_in(value)]
    for credential in [{"Authorization": f"token {t}"} for t in [*tokens, *values]] + [{"Cookie": c} for c in cookies]:
        for method, path in (("GET", "/hub/api/users/ana"), ("POST", "/hub/api/users/ana/server"),
                             ("POST", "/hub/api/users/ana/tokens"), ("POST", "/hub/api/users/ana/activity"),
                             ("GET", "/hub/api/users"), ("GET", "/user/ana/api/contents"),
                             ("GET", "/user/ana/api/kernels"), ("GET", "/user/ana/lab")):
            status, where = _http(url + path, method, credential)
            if status == 200 and path == "/hub/api/users/ana":       # what a token of hers may read: her name
                assert set(json.loads(where)) <= {"kind", "name", "groups", "admin", "user_info"}, where
                continue
            assert status in (302, 403, 404) and "/api/contents" not in where, (credential, method, path, status)
            if status == 302:                       # a login page, not a way in
                assert "/hub/" in where and "oauth2/authorize" in where or "/hub/login" in where, where
    # once the class server is back (the hub restarts it), the browsers' captured cookies open nothing there
    deadline = time.monotonic() + 150
    while True:
        try:
            if _http(hub["direct"] + SERVICE + "api/start", "POST")[0] == 403:
                break
        except OSError:                                  # (not listening yet)
            pass
        assert time.monotonic() < deadline, hub["log"].read_text()[-3000:]
        time.sleep(0.5)
    for credential in [{"Cookie": c} for c in cookies] + [{"Authorization": f"token {v}"} for v in values]:
        for base in (url, hub["direct"]):
            assert _http(base + SERVICE + f"class/api/{code}/tally", headers=credential)[0] == 403, credential
            assert _http(base + SERVICE + "api/start", "POST", credential)[0] == 403, credential
    page = teacher.new_page()                                   # and the teacher is back by the hub's login alone
    page.goto(hub["teacher_page"], timeout=TIMEOUT_MS)
    page.wait_for_function("document.getElementById('games-summary').innerText.includes('game')",
                           timeout=TIMEOUT_MS)
    page.close()
    tracebacks = _tracebacks(hub["log"].read_text(errors="replace"))
    assert not tracebacks, "\n\n".join(tracebacks)
