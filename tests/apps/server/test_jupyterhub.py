"""A school's JupyterHub, for real, on 127.0.0.1: the repository's settings (school/jupyterhub_config.py), with
what a test machine cannot have swapped in (a test login, the DummyAuthenticator, for the school's; the hub's
simple spawner, every student's server as this test's own user, for one per account; free ports; the hub's
files in a temporary folder).  JupyterHub and its Python proxy come from PyPI (the test extra).

* the hub starts the class server as its service, which starts a class session and prints the teacher's link
  with the hub's address;
* without a login, the game page sends the browser to the hub's login, and a request to the game is refused; with
  a student's login, a request from another site's page is refused too;
* two students log in (Chromium), each gets their own Jupyter server with their own copy of the lessons and lands
  on lesson 00 in JupyterLab; each then opens the game page through the hub, joins the class from the address
  and plays a game to its end ("Game recorded");
* in her lesson 00, one student types the join line without an address (the hub gives it to her server) and
  checks an answer, through the hub's login with her server's token;
* the teacher logs in to the hub and opens the teacher's link: the teacher's page shows both students' games,
  and the lesson view her exercise;
* nothing in the hub's log is a traceback, and the class server logs nothing per request.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from guesswho_lib.exercises import get
from servers import browser_or_skip, evidence_on_failure, free_port, stop_server
from test_class_session import _play_a_game

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[3]
SETTINGS = ROOT / "school" / "jupyterhub_config.py"
PASSWORD = "a-test-password"
TIMEOUT_MS = 120_000


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
c.Spawner.args = {["--allow-root"] if os.geteuid() == 0 else []!r}   # (CI runs as root)
c.JupyterHub.cookie_secret_file = {str(folder / "cookie_secret")!r}   # the hub's files: here, not in school/
c.JupyterHub.db_url = "sqlite:///{folder / 'jupyterhub.sqlite'}"
c.ConfigurableHTTPProxy.pid_file = {str(folder / "proxy.pid")!r}
""")
    return config


#: The Python proxy's known race (not this project's code): a tab closed while its Jupyter server is still
#: sending on the tab's websocket makes the proxy write to the closed connection; tornado logs it with a traceback.
PROXY_RACE = re.compile(r"configurable_http_proxy/handlers\.py.*in write\b.*\bWebSocketClosedError\b", re.S)


def _tracebacks(log: str) -> list[str]:
    """Every traceback in the hub's log (with the line before it), but the proxy's race on a closed tab."""
    blocks = re.findall(r"(?m)^.*\n(?=Traceback)Traceback \(most recent call last\):\n(?:[ \t].*\n)*.*", log)
    return [b for b in blocks if not PROXY_RACE.search(b)]


def _http(url: str, method: str = "GET") -> tuple[int, str]:
    """(status, Location or body) of one request, redirects not followed."""
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    req = urllib.request.Request(url, method=method, data=b"{}" if method == "POST" else None)
    try:
        with urllib.request.build_opener(NoRedirect).open(req, timeout=30) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Location") or e.read().decode()


def _wait_for(what: str, log: Path, proc, pattern: str, timeout: float = 120) -> re.Match:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        m = re.search(pattern, log.read_text(errors="replace"), re.S)
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
           "GUESSWHO_SERVICE_PORT": str(free_port()), "PYTHONUNBUFFERED": "1"}
    log = folder / "hub.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(_test_settings(folder))], cwd=folder,
                                stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    try:
        _wait_for("the hub ready", log, proc, r"JupyterHub is now running at")
        m = _wait_for("the class session", log, proc, r"class code (\w{5}).*?\n\s+(http://\S+#code=\S+)")
        _wait_for("the class server ready", log, proc, r"The game is served at")
        yield {"url": url, "code": m.group(1), "teacher_link": m.group(2), "log": log, "home": folder / "home"}
    finally:
        stop_server(proc)


def _log_in(context, hub: dict, name: str, then: str = ""):
    """A new page of ``context``, logged in to the hub as ``name`` by its login form (and sent on to ``then``)."""
    page = context.new_page()
    page.goto(f"{hub['url']}/hub/login" + (f"?next={then}" if then else ""), timeout=TIMEOUT_MS)
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", PASSWORD)
    page.click("input[type=submit], button[type=submit]")
    return page


def _start_a_game(context, hub: dict, origin: str, site: str) -> int:
    """The status of a request for a new game sent with the student's hub cookie, as from a page at ``origin``."""
    return context.request.post(f"{hub['url']}/services/guesswho/api/start", data='{"query": ""}', headers={
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
    lab.keyboard.insert_text(f'import guesswho_lib as gw; from guesswho_lib.exercises import check; '
                             f'print(gw.join_class("{code}", "{nickname}")); check("00.1", "1/2")')
    lab.wait_for_function(f"(document.querySelector('{panel} .jp-Cell.jp-mod-active .cm-content') || {{}})"
                          f".innerText.includes('check(\"00.1\"')", timeout=TIMEOUT_MS)
    # Run with the notebook's toolbar button (a key press can reach the page before the editor hands it on)
    lab.click(f"{panel} .jp-Toolbar [data-command='notebook:run-cell-and-select-next']")
    try:
        lab.wait_for_function("(() => { const t = Array.from(document.querySelectorAll('.jp-OutputArea-output'))"
                              ".map(e => e.innerText).join(' '); return /You are in class|Not joined/.test(t) && "
                              "/Not yet|Correct/.test(t); })()", timeout=TIMEOUT_MS)
    except PlaywrightTimeout:
        cells = lab.locator(f"{panel} .jp-Cell").all_inner_texts()[:3]
        raise AssertionError("the join cell's output never came; the first cells: " + repr(cells)) from None
    return "\n".join(lab.locator(f"{panel} .jp-OutputArea-output").all_inner_texts())


def test_without_a_login_the_game_is_the_hubs_to_give(hub):
    status, where = _http(f"{hub['url']}/services/guesswho/?class={hub['code']}")
    assert status == 302 and "/hub/api/oauth2/authorize" in where, (status, where)
    status, body = _http(f"{hub['url']}/services/guesswho/api/start", "POST")
    assert status == 403 and "sign in to the school's JupyterHub" in body, (status, body)
    assert hub["teacher_link"].startswith(f"{hub['url']}/services/guesswho/class/teacher#code={hub['code']}&")


def test_two_students_play_through_the_hub_and_the_teacher_sees_their_games(hub, browser, tmp_path):
    code, students = hub["code"], {"ana": "Ana", "ben": "Ben"}
    for name, nickname in students.items():
        context = browser.new_context(bypass_csp=True)   # each student their own browser (cookies)
        lab = _log_in(context, hub, name)
        with evidence_on_failure(lab, tmp_path / f"{name}-lab.png", hub["log"].read_text):
            lab.wait_for_url(re.compile(rf"/user/{name}/lab"), timeout=TIMEOUT_MS)       # their own server
            lab.wait_for_selector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook", timeout=TIMEOUT_MS)
            assert "00-start-here.ipynb" in lab.inner_text(".jp-DirListing, #jp-main-dock-panel")
            if name == "ana":
                said = _join_from_the_lesson(lab, code, nickname)
                assert f"You are in class {code} as {nickname}" in said and "not reaching" not in said, said
        assert (hub["home"] / name / "guesswho-lessons" / "00-start-here.ipynb").is_file()   # their own copy
        game = context.new_page()
        with evidence_on_failure(game, tmp_path / f"{name}-game.png", hub["log"].read_text):
            game.goto(f"{hub['url']}/services/guesswho/?class={code}&name={nickname}&rules=official&board=4"
                      "&computer=optimal&first=you&seed=5", timeout=TIMEOUT_MS)
            game.wait_for_selector("#gw-class-status", timeout=TIMEOUT_MS)
            assert f"class {code} as {nickname}" in game.inner_text("#gw-class-status")
            _play_a_game(game, "#gw-class-status")
        assert _start_a_game(context, hub, hub["url"], "same-origin") == 200           # the page's own origin
        assert _start_a_game(context, hub, "http://elsewhere.example", "cross-site") == 403   # another site's
        context.close()
    context = browser.new_context(bypass_csp=True)
    signed_in = _log_in(context, hub, "teacher", then="/services/guesswho/")   # (no Jupyter server of their own)
    signed_in.wait_for_selector("#gw-game", timeout=TIMEOUT_MS)
    signed_in.close()
    teacher = context.new_page()
    with evidence_on_failure(teacher, tmp_path / "teacher.png", hub["log"].read_text):
        teacher.goto(hub["teacher_link"], timeout=TIMEOUT_MS)
        teacher.wait_for_url(re.compile(rf"/services/guesswho/class/teacher/{code}$"), timeout=TIMEOUT_MS)
        teacher.wait_for_function("document.getElementById('games-summary').innerText.startsWith('2 game')",
                                  timeout=TIMEOUT_MS)
        teacher.click("#players summary")
        assert "Ana: 1" in teacher.inner_text("#players") and "Ben: 1" in teacher.inner_text("#players")
        teacher.goto(f"{hub['url']}/services/guesswho/class/teacher/{code}/lesson", timeout=TIMEOUT_MS)
        teacher.wait_for_function("document.querySelectorAll('#students tbody tr').length == 1", timeout=TIMEOUT_MS)
        assert "Ana\tnot yet: 1 wrong" in teacher.inner_text("#students")
        words = get("00.1").solution().wrong
        assert any(w in teacher.inner_text("#most-wrong") for w in words.values())
    context.close()
    log = hub["log"].read_text(errors="replace")
    tracebacks = _tracebacks(log)
    assert not tracebacks, "\n\n".join(tracebacks)
    assert not re.search(r"^\d\d:\d\d:\d\d ", log, re.M), "the class server logs per request"
