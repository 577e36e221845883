"""Every lesson where students meet it: JupyterLab, and Jupyter Notebook 7 for the lessons with widgets, in Chromium.

The README's command (``python -m guesswho_lib lab``; with ``--notebook`` for Notebook 7), in a home folder of the
test's own, makes the working copy of the lessons there and serves it on 127.0.0.1, on a free port, with the token
it prints in its terminal (read there, as a teacher would); one Chromium (Debian's, through Playwright) opens each
core and extension lesson of the lesson table, runs all its cells (Run, then Run All Cells) and fails on:

* a widget view that is not drawn: the red "Click to show javascript error" box (``.jupyter-widgets-error-widget``),
  "Error displaying widget", or "Loading widget..." still shown after the run;
* a traceback or anything printed on stderr by a cell (JupyterLab draws both as stderr outputs);
* a figure widget's picture (``img.gw-figure-image``) that is blank, not drawn, or without its text alternative;
* a read-out's maths (HTMLMath) shown as typed (``$\\frac{3}{6}$``), not typeset;
* an error of the widgets in the browser's console or uncaught on the page ("Could not create a view for model
  id ...", "Error setting state: ..."); other errors are printed with a failure but fail nothing (Notebook 7.6
  throws "Cannot read properties of undefined (reading 'schema')" on opening any notebook, with no lesson
  involved).

In every lesson with a figure widget it moves a control beside a figure (drags a slider, or picks a menu's option)
and checks that the figure changes, and its text alternative with it; in a lesson with sliders and no figure widget,
that the output around the slider changes (the games' menus of lessons 08 and 09 take effect at "New game":
tests/widgets/test_play.py). In JupyterLab one page serves every lesson, as it serves a student: the first opened at
its address, each next one from the File menu ("Open from Path..."), each closed with "Close and Shut Down
Notebook", which must leave no kernel running. Notebook 7 opens each lesson in a page of its own; its kernel is
deleted through the server's API once the page is closed. Nothing waits a fixed time: every wait is for what the
page or the server shows. A failure keeps a screenshot and the end of the server's terminal in ``test-artifacts/``
(``servers.evidence_on_failure``), and the next lesson starts on a new page. Once every lesson ran, JupyterLab's
terminal must hold nothing but the working copy it made and the address to open. The kernels run with
GUESSWHO_FAST=1 (small grids), as in tests/lessons/test_notebooks.py; JupyterLab's settings, workspaces and
configuration are the test's own (a temporary folder): every cell in the page (``windowingMode`` "none"), no news
pop-up.
"""

from __future__ import annotations

import base64
import io
import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from guesswho_lessons.curriculum import LESSONS

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from servers import browser_or_skip, evidence_on_failure, free_port, stop_server

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("GUESSWHO_ARTIFACTS", ROOT / "test-artifacts"))
TIMEOUT_MS = 120_000
#: Lessons whose JupyterLab run drew a widget (filled by the JupyterLab half; Notebook 7 runs those).
WIDGETS_SEEN: dict = {}

PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
#: Every code cell ran: its prompt shows a number (not "[ ]" or "[*]").
_ALL_RAN_JS = """(panel) => { const p = document.querySelector(panel);
  if (!p) return false;
  const prompts = [...p.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
  return prompts.length > 0 && prompts.every(x => /\\[\\d+\\]/.test(x.textContent)); }"""
_ANY_RUNNING_JS = """(panel) => { const p = document.querySelector(panel);
  return !!p && [...p.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
    .some(x => /\\[(\\*|\\d+)\\]/.test(x.textContent)); }"""
_LOADING_JS = """(panel) => [...document.querySelector(panel).querySelectorAll('.jp-OutputArea-output')]
  .some(o => o.innerText.includes('Loading widget'))"""
#: What the page shows after the run: widget views that failed, stderr outputs, figures, controls.
_STATE_JS = """(panel) => { const p = document.querySelector(panel);
  const outputs = [...p.querySelectorAll('.jp-OutputArea-output')];
  return {
    failed: p.querySelectorAll('.jupyter-widgets-error-widget').length
            + outputs.filter(o => /Error displaying widget|Click to show javascript error/.test(o.innerText)).length,
    loading: outputs.filter(o => o.innerText.includes('Loading widget')).length,
    stderr: [...p.querySelectorAll('[data-mime-type="application/vnd.jupyter.stderr"]')]
            .map(o => o.innerText.slice(-1500)),
    widgets: p.querySelectorAll('.jupyter-widgets').length,
    rawMaths: [...p.querySelectorAll('.widget-html-content, .jupyter-widget-html-content')]
              .map(m => m.innerText).filter(t => /\\$|\\\\frac|\\\\\\(/.test(t)).map(t => t.slice(0, 200)),
    figures: [...p.querySelectorAll('img.gw-figure-image')]
             .map(i => ({alt: i.alt, src: i.getAttribute('src'), width: i.naturalWidth})),
  }; }"""
#: The first control beside a figure (else the first control): marks it and its output area for Python.
_PICK_CONTROL_JS = """(panel) => { const p = document.querySelector(panel);
  const controls = '.widget-slider .noUi-handle, .jupyter-widget-slider .noUi-handle, .widget-dropdown select';
  const areas = [...p.querySelectorAll('.jp-Cell-outputArea, .jp-OutputArea')];
  const withFigure = areas.filter(a => a.querySelector('img.gw-figure-image') && a.querySelector(controls));
  const sliders = '.widget-slider .noUi-handle, .jupyter-widget-slider .noUi-handle';
  const area = withFigure[0] || areas.find(a => a.querySelector(sliders));
  if (!area) return null;
  area.setAttribute('data-gw-test', 'area');
  const control = area.querySelector(withFigure[0] ? controls : sliders);
  control.setAttribute('data-gw-test', 'control');
  return {kind: control.tagName === 'SELECT' ? 'select' : 'slider',
          figure: !!area.querySelector('img.gw-figure-image')};
}"""
_SHOWN_JS = """() => { const a = document.querySelector('[data-gw-test=area]');
  const img = a.querySelector('img.gw-figure-image');
  return img ? img.getAttribute('src') : a.innerText; }"""
_ALT_JS = """() => { const img = document.querySelector('[data-gw-test=area] img.gw-figure-image');
  return img ? img.alt : null; }"""
#: libzmq's own assertion, which can end a kernel's process while it closes its sockets (zeromq/libzmq#1307,
#: POLLHUP at zmq_ctx_term). The terminal may show it only while a lesson's kernel is being shut down: a kernel that
#: ended so during a lesson fails that lesson's test.
LIBZMQ_ABORT = re.compile(r"^Assertion failed: [^()]+ \(src/[\w.]+:\d+\)$")
#: Messages of the widgets in the console (any uncaught page error counts too).
WIDGET_ERRORS = re.compile(r"Could not create a view|Error setting state|Error displaying widget|widget|model id",
                           re.I)


def _lab_command() -> list[str]:
    """The README's command that opens the lessons (the set-up line's last command), as an argument list."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = readme.split("## 1. Set up", 1)[1].split("\n## ", 1)[0]
    [line] = [ln for ln in setup.splitlines() if ln.startswith("python")]
    command = line.split("&&")[-1].split()
    assert command[:4] == ["python", "-m", "guesswho_lib", "lab"], command
    return [sys.executable, *command[1:]]


class Lab:
    """A running server: ``url``, ``token``, ``app`` ("lab" or "notebook"), ``log()`` (its terminal); ``page``, the
    browser page open on it (None when there is none), and ``console``, the errors that page showed in its console
    or left uncaught since the lesson began."""

    def __init__(self, proc, url, token, app, log_path):
        self.proc, self.url, self.token, self.app, self.log_path = proc, url, token, app, log_path
        self.page, self.console = None, []
        self.shutdowns = []         # (start, end) of the terminal's text written while a lesson's kernel shut down

    def new_page(self, browser):
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.set_default_timeout(60_000)
        page.on("console", lambda m: self.console.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.console.append(str(e)))
        return page

    def open(self, page, notebook: str):
        """Open ``notebook``: at its address in a new page, or, in JupyterLab's page already open, from the File
        menu ("Open from Path...")."""
        if page.url.startswith(self.url):
            _menu(page, "File", "Open from Path")
            dialog = page.locator(".jp-Dialog")
            dialog.locator("input").fill(f"{notebook}.ipynb")
            dialog.locator(".jp-mod-accept").click()
        else:
            page.goto(self.page_url(notebook), timeout=TIMEOUT_MS)
        page.wait_for_selector(f"{PANEL} .jp-Cell", timeout=TIMEOUT_MS)

    def close_and_shut_down(self, page):
        """JupyterLab's File menu, "Close and Shut Down Notebook" (confirmed if asked): the lesson's tab closes and
        the server has no kernel left."""
        start = self.log_path.stat().st_size
        _menu(page, "File", "Close and Shut Down Notebook")
        page.wait_for_function("() => !!document.querySelector('.jp-Dialog')"
                               " || !document.querySelector('.jp-NotebookPanel')", timeout=TIMEOUT_MS)
        confirm = page.locator(".jp-Dialog .jp-mod-accept")
        if confirm.count():
            confirm.click()
        page.locator(".jp-NotebookPanel").first.wait_for(state="detached", timeout=TIMEOUT_MS)
        deadline = time.monotonic() + 30
        while left := self.api("GET", "api/sessions"):
            assert time.monotonic() < deadline, f"Close and Shut Down Notebook left a kernel running: {left}"
            time.sleep(0.1)
        self.shutdowns.append((start, self.log_path.stat().st_size))

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def api(self, method: str, path: str):
        """The server's REST API.  A list (GET) that the server answers with 500 is asked again, a few times:
        jupyter_server answers so while a kernel starts or stops; a lasting error names the request."""
        req = urllib.request.Request(self.url + path, method=method, headers={"Authorization": f"token {self.token}"})
        for attempt in range(5):
            try:
                with urllib.request.urlopen(req, timeout=30) as r:
                    body = r.read()
                return json.loads(body) if body else None
            except urllib.error.HTTPError as e:
                if e.code != 500 or method != "GET" or attempt == 4:
                    raise AssertionError(f"{method} {path}: HTTP {e.code} {e.read()[:500]!r}") from None
                time.sleep(0.5)

    def page_url(self, notebook: str) -> str:
        where = f"lab/tree/{notebook}.ipynb?reset&" if self.app == "lab" else f"notebooks/{notebook}.ipynb?"
        return f"{self.url}{where}token={self.token}"

    def delete_kernels(self):
        """Delete every session and its kernel, once no page is connected to it (the page was closed)."""
        deadline = time.monotonic() + 15
        while any(k.get("connections", 0) for k in self.api("GET", "api/kernels")) and time.monotonic() < deadline:
            time.sleep(0.2)
        for session in self.api("GET", "api/sessions"):
            self.api("DELETE", f"api/sessions/{session['id']}")


@contextmanager
def _serve(tmp: Path, notebook: bool):
    """The README's command, with the home folder ``tmp/home`` (where it makes the working copy of the lessons it
    opens, ``guesswho-lessons``), on 127.0.0.1 and a free port, until the block ends.  Run as root (as CI is), the
    command must say --allow-root itself."""
    home = tmp / "home"
    home.mkdir()
    settings = tmp / "settings"
    for plugin, values in (("notebook-extension/tracker", {"windowingMode": "none"}),
                           ("apputils-extension/notification", {"fetchNews": "false"})):
        path = settings / "@jupyterlab" / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")
    (tmp / "config").mkdir()
    env = {**os.environ, "HOME": str(home), "MPLCONFIGDIR": os.environ.get("MPLCONFIGDIR", _matplotlib_folder()),
           "GUESSWHO_FAST": "1", "PYTHONUNBUFFERED": "1", "JUPYTERLAB_SETTINGS_DIR": str(settings),
           "JUPYTERLAB_WORKSPACES_DIR": str(tmp / "workspaces"), "JUPYTER_CONFIG_DIR": str(tmp / "config"),
           "JUPYTER_PATH": os.pathsep.join([str(Path(sys.prefix) / "share" / "jupyter")]
                                           + [p for p in [os.environ.get("JUPYTER_PATH")] if p])}
    port = free_port()
    argv = _lab_command() + ["--notebook"] * notebook + ["--no-browser", f"--port={port}",
                                                          "--ServerApp.port_retries=0"]
    log_path = tmp / "terminal.txt"
    with open(log_path, "w") as log:
        proc = subprocess.Popen(argv, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env,
                                start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not (m := re.search(rf"http://127\.0\.0\.1:{port}/\S*\?token=([0-9a-f]+)", log_path.read_text())):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"{' '.join(argv)} printed no address to open:\n{log_path.read_text()[-3000:]}")
            time.sleep(0.3)
        yield Lab(proc, f"http://127.0.0.1:{port}/", m[1], "notebook" if notebook else "lab", log_path)
    finally:
        stop_server(proc)


def _matplotlib_folder() -> str:
    """matplotlib's folder of settings and caches for this user (its font cache is not made again for the test's
    home folder)."""
    import matplotlib

    return matplotlib.get_configdir()


@pytest.fixture(scope="module")
def browser():
    yield from browser_or_skip("the lessons in JupyterLab")


@pytest.fixture(scope="module")
def lab(browser, tmp_path_factory):          # the browser first: no server if it cannot start
    with _serve(tmp_path_factory.mktemp("lab"), notebook=False) as server:
        yield server
        if server.page is not None:
            server.page.close()


@pytest.fixture(scope="module")
def notebook7(browser, tmp_path_factory):
    with _serve(tmp_path_factory.mktemp("notebook7"), notebook=True) as server:
        yield server


def _picture_problem(figure: dict) -> str | None:
    """Why a figure widget's picture is not a drawn, described picture (None when it is)."""
    import matplotlib.image as mpimg
    import numpy as np

    if not (figure["alt"] or "").startswith("Figure: "):
        return f"no text alternative (alt={figure['alt']!r})"
    if not figure["width"]:
        return "not drawn"
    src = figure["src"] or ""
    if not src.startswith("data:image/png;base64,"):
        return f"not a PNG: {src[:40]!r}"
    pixels = mpimg.imread(io.BytesIO(base64.b64decode(src.split(",", 1)[1])), format="png")
    return None if float(np.ptp(pixels[..., :3])) > 0.1 else "blank"


def _wait_for_the_kernel(page, server):
    """Until the lesson's kernel has started, is idle and the page is connected to it: the page says so, then the
    server (asked only then: jupyter_server answers 500 to a list of kernels taken while one is starting); a
    "Select Kernel" dialog, if JupyterLab shows one, is answered with its default (Python 3)."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    idle = page.locator(f"{PANEL} .jp-Notebook-ExecutionIndicator[data-status='idle']")
    select = page.locator(".jp-Dialog", has_text="Select Kernel")
    while True:
        try:
            idle.or_(select).first.wait_for(timeout=max(deadline - time.monotonic(), 0.1) * 1000)
        except Exception:
            raise AssertionError("the page never showed an idle kernel") from None
        if not _answer_select_kernel(page):
            break
    while not any(k["execution_state"] == "idle" and k.get("connections", 1) >= 1
                  for k in server.api("GET", "api/kernels")):
        assert time.monotonic() < deadline, f"no kernel ready: {server.api('GET', 'api/kernels')}"
        _answer_select_kernel(page)
        time.sleep(0.1)
    _answer_select_kernel(page)


def _answer_select_kernel(page) -> bool:
    dialog = page.locator(".jp-Dialog", has_text="Select Kernel")
    if dialog.count():
        dialog.locator(".jp-mod-accept").first.click()
        return True
    return False


def _menu(page, menu: str, item: str):
    """Click ``item`` (the start of its label) in the menu bar's ``menu``."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(rf"^{menu}$")).first.click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(rf"^{re.escape(item)}")).first.click()


def _run_all(page, server):
    """Once the kernel is ready: Run, then Run All Cells, until every code cell has run (clicked again if a click
    was lost)."""
    _wait_for_the_kernel(page, server)
    for attempt in range(3):
        _menu(page, "Run", "Run All Cells")
        try:
            page.wait_for_function(_ANY_RUNNING_JS, arg=PANEL, timeout=15_000)
            break
        except Exception:
            if attempt == 2:
                raise
            _answer_select_kernel(page)
    page.wait_for_function(_ALL_RAN_JS, arg=PANEL, timeout=TIMEOUT_MS)


def _move_one_control(page) -> str | None:
    """Move one control (drag a slider's handle, or pick another option of a menu) and wait until what
    it drives changes; returns what was moved (None when the lesson has no control)."""
    picked = page.evaluate(_PICK_CONTROL_JS, PANEL)
    if picked is None:
        return None
    before = page.evaluate(_SHOWN_JS)
    alt_before = page.evaluate(_ALT_JS)
    control = page.locator("[data-gw-test=control]")
    control.scroll_into_view_if_needed()
    if picked["kind"] == "select":
        options = control.locator("option").all_inner_texts()
        current = control.evaluate("s => s.options[s.selectedIndex].text")
        control.select_option(label=next(o for o in options if o != current))
    else:                                                   # drag the handle to the far end of its track
        box = control.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        left, right = control.evaluate("h => { const r = h.closest('.noUi-target').getBoundingClientRect();"
                                       " return [r.left, r.right]; }")
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(right + 5 if x < (left + right) / 2 else left - 5, y, steps=8)
        page.mouse.up()
    what = f"a {picked['kind']}, beside {'a figure' if picked['figure'] else 'its output'}"
    try:
        page.wait_for_function("(before) => { const a = document.querySelector('[data-gw-test=area]');"
                               " const img = a.querySelector('img.gw-figure-image');"
                               " return (img ? img.getAttribute('src') : a.innerText) !== before; }",
                               arg=before, timeout=30_000)
    except Exception:
        raise AssertionError(f"moving {what} changed nothing") from None
    if picked["figure"] and page.evaluate(_ALT_JS) == alt_before:
        raise AssertionError(f"moving {what} changed the picture but not its text alternative: {alt_before!r}")
    return what


def run_lesson(browser, server, notebook: str, shot: Path) -> dict:
    """Open ``notebook`` in ``server``, run it, check it (see the module's docstring); returns what was seen."""
    page = server.page = server.page or server.new_page(browser)
    server.console.clear()
    lab = server.app == "lab"
    try:
        with evidence_on_failure(page, shot, server.log, keep_open=lab):
            server.open(page, notebook)
            _run_all(page, server)
            try:
                page.wait_for_function(f"(panel) => !({_LOADING_JS})(panel)", arg=PANEL, timeout=30_000)
            except Exception:
                pass                                        # reported below, as a widget still loading
            state = page.evaluate(_STATE_JS, PANEL)
            problems = []
            if state["failed"] or state["loading"]:
                problems.append(f"{state['failed']} widget view(s) not drawn (the javascript-error box or "
                                f"'Error displaying widget'), {state['loading']} still 'Loading widget...'")
            problems += [f"stderr or traceback in a cell:\n{text}" for text in state["stderr"]]
            problems += [f"maths of a widget's read-out not typeset: {text!r}" for text in state["rawMaths"]]
            for k, figure in enumerate(state["figures"]):
                if (why := _picture_problem(figure)) is not None:
                    problems.append(f"figure widget {k + 1}: {why}")
            moved = None if problems else _move_one_control(page)
            if lab and not problems:
                server.close_and_shut_down(page)
            problems += [f"browser console: {m[:300]}" for m in server.console if WIDGET_ERRORS.search(m)]
            assert not problems, (f"{notebook} in {server.app}:\n" + "\n".join(problems) + "\n(every error in the "
                                  f"console: {' | '.join(m[:200] for m in server.console)})")
    except BaseException:
        server.page = None                                  # closed: the next lesson starts on a new page
        raise
    finally:
        if not lab or server.page is None:
            server.page = None
            server.delete_kernels()
    return {"widgets": state["widgets"], "figures": len(state["figures"]), "moved": moved}


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.id)
def test_the_lesson_runs_in_jupyterlab_with_every_widget_drawn(browser, lab, lesson):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    seen = run_lesson(browser, lab, lesson.notebook, ARTIFACTS / f"lesson-{lesson.id}-jupyterlab-failure.png")
    WIDGETS_SEEN[lesson.id] = seen["widgets"]
    if seen["figures"]:
        assert seen["moved"], f"{lesson.notebook}: {seen['figures']} figure widget(s) and no control moved"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.id)
def test_the_lesson_runs_in_notebook_7_with_every_widget_drawn(browser, notebook7, lesson):
    if WIDGETS_SEEN.get(lesson.id, 1) == 0:
        pytest.skip(f"lesson {lesson.id} drew no widget in JupyterLab: Notebook 7 runs the lessons with widgets")
    run_lesson(browser, notebook7, lesson.notebook, ARTIFACTS / f"lesson-{lesson.id}-notebook7-failure.png")


def test_jupyterlab_s_terminal_shows_only_the_address_to_open(lab):
    """After every lesson ran (the tests above, in this module's order): no warning, error or traceback in the
    terminal of the README's command, no "Kernel is running over TCP without encryption", no "Notebook ... is not
    trusted", no "Running as root is not recommended"; only the line naming the working copy it made and the
    address to open, with its token. The one exception is libzmq's assertion while a kernel shuts down."""
    assert f"{lab.url}lab?token={lab.token}" in lab.log()
    other = _unexpected_terminal_lines(lab.log_path.read_bytes(), lab.shutdowns)
    assert other == [], "\n".join(other[:30])


def _unexpected_terminal_lines(terminal: bytes, shutdowns: list[tuple[int, int]]) -> list[str]:
    """The lines of ``terminal`` that are neither the README command's own nor libzmq's assertion written inside
    one of ``shutdowns`` (byte ranges)."""
    allowed = re.compile(r"^\[C [\d-]+ [\d:.]+ ServerApp\]\s*$|^\s*(To access the server, open this file in a "
                         r"browser:|Or copy and paste one of these URLs:|file://\S+|http://\S+)\s*$"
                         r"|^Your working copy of the lessons is \S+, made now from \S+: what you save there is yours, "
                         r"and the repository's lessons stay as they are\.$")
    other, at = [], 0
    for raw in terminal.splitlines(keepends=True):
        start, at = at, at + len(raw)
        line = raw.decode("utf-8", errors="replace").rstrip("\r\n")
        if not line.strip() or allowed.match(line):
            continue
        if LIBZMQ_ABORT.match(line) and any(a <= start < b for a, b in shutdowns):
            continue                        # a kernel told to shut down, ending in libzmq's abort (not ours)
        other.append(line)
    return other


def test_libzmq_s_assertion_is_forgiven_only_while_a_kernel_shuts_down():
    """The terminal check itself, on a made-up terminal: the assertion inside a shutdown passes, the same line
    outside one, or any other line inside one, does not."""
    head = b"Or copy and paste one of these URLs:\n"
    abort = b"Assertion failed: pfd.revents & POLLIN (src/signaler.cpp:238)\n"
    other = b"Traceback (most recent call last):\n"
    window = [(len(head), len(head) + len(abort))]
    assert _unexpected_terminal_lines(head + abort, window) == []
    assert _unexpected_terminal_lines(head + abort, []) == [abort.decode().strip()]
    assert _unexpected_terminal_lines(head + other, window) == [other.decode().strip()]
