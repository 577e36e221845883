"""A newcomer's lessons in JupyterLab, in Chromium: the README's set-up command opens a working copy, and using it
never changes the repository's lessons.

The README's command (``python -m guesswho_lib lab``, as printed: run as root here, as CI is, it must say
--allow-root itself) starts with a home folder of the test's own.  It makes the working copy
``~/guesswho-lessons`` there and serves it; in Chromium a lesson with a figure widget (05) is run, edited (a cell
of the student's own) and saved.  The copy holds the student's work; the repository's ``notebooks/`` are byte for
byte as before, so the README's test command, which checks them as committed, passes after a lesson was used.
Then the saved lesson is opened again in a new browser, as on another day, with a new kernel: no widget is drawn
as an error ("Error displaying widget: model not found", "widget model not found" in the console), and Kernel >
Restart Kernel and Run All Cells draws every widget again.  The server and its helpers are those of
tests/lessons/test_lessons_in_browser.py.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import test_lessons_in_browser as jl
from servers import browser_or_skip, evidence_on_failure

from guesswho_lib.cli.lab import WIDGET_SAVED, WIDGET_VIEW
from guesswho_lib.cli.working_copy import LESSONS_FOLDER

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LESSON = "05-the-continuous-limit"
OWN_LINE = "print('my own line', 6 * 7)"
#: What a widget drawn as an error looks like, on the page and in the console.
WIDGET_FAILED = "widget model not found"


#: Every cell ran again after the restart: the widget's saved line is gone (its cell ran), no cell waits ("[*]")
#: and the figure is drawn.
_RAN_AGAIN_JS = """(a) => { const p = document.querySelector(a.panel);
  if (!p) return false;
  const prompts = [...p.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].map(x => x.textContent);
  const outputs = [...p.querySelectorAll('.jp-OutputArea-output')].map(o => o.innerText);
  return prompts.length > 0 && prompts.every(t => /\\[\\d+\\]/.test(t)) && !outputs.some(t => t.includes(a.saved))
         && !!p.querySelector('img.gw-figure-image'); }"""


#: What the reopened lesson shows where its widget was: the line the saved lesson keeps, or the widget's error.
_WIDGET_OUTPUT_SHOWN_JS = """(a) => { const p = document.querySelector(a.panel);
  return !!p && (!!p.querySelector('.jupyter-widgets-error-widget')
    || [...p.querySelectorAll('.jp-OutputArea-output')].some(o => o.innerText.includes(a.saved)
                                                              || o.innerText.includes('Error displaying widget'))); }"""


def _lessons_as_committed() -> dict:
    return {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in sorted((ROOT / "notebooks").rglob("*"))
            if p.is_file()}


@pytest.fixture(scope="module")
def browser():
    yield from browser_or_skip("a working copy of the lessons in JupyterLab")


@pytest.fixture(scope="module")
def lab(browser, tmp_path_factory):
    before = _lessons_as_committed()
    tmp = tmp_path_factory.mktemp("newcomer")
    with jl._serve(tmp, notebook=False) as server:
        server.copy = tmp / "home" / LESSONS_FOLDER
        server.before = before
        yield server


def _console_failures(server) -> list[str]:
    return [m[:300] for m in server.console if WIDGET_FAILED in m.lower() or jl.WIDGET_ERRORS.search(m)]


def _page_state(page) -> dict:
    return page.evaluate(jl._STATE_JS, jl.PANEL)


def test_the_set_up_command_opens_a_working_copy_outside_the_repository(lab):
    copy = lab.copy
    assert {p.relative_to(copy).as_posix(): p.read_bytes() for p in sorted(copy.rglob("*")) if p.is_file()} == {
        k.removeprefix("notebooks/"): v for k, v in lab.before.items()}
    served = {item["name"] for item in lab.api("GET", "api/contents")["content"]}
    assert f"{LESSON}.ipynb" in served and "extension" in served
    assert f"Your working copy of the lessons is {copy}, made now from {ROOT / 'notebooks'}" in lab.log()
    assert "Running as root is not recommended" not in lab.log()


def test_a_lesson_run_edited_and_saved_changes_the_copy_not_the_repository(browser, lab, tmp_path):
    page = lab.page = lab.new_page(browser)
    with evidence_on_failure(page, tmp_path / "saved.png", lab.log, keep_open=True):
        lab.open(page, LESSON)
        jl._run_all(page, lab)
        state = _page_state(page)
        assert state["failed"] == 0 and state["figures"], state
        last = page.locator(f"{jl.PANEL} .jp-Cell").last                   # a cell of the student's own, at the end
        last.click()
        page.keyboard.press("Escape")
        page.keyboard.press("b")
        editor = page.locator(f"{jl.PANEL} .jp-Cell").last.locator(".cm-content")
        editor.click()
        page.keyboard.type(OWN_LINE)
        page.keyboard.press("Control+Enter")                               # run it, adding no cell
        page.locator(f"{jl.PANEL} .jp-OutputArea-output", has_text="my own line 42").wait_for()
        page.keyboard.press("Control+s")
        saved = lab.copy / f"{LESSON}.ipynb"
        deadline = time.monotonic() + 60
        while "my own line 42" not in saved.read_text(encoding="utf-8"):
            assert time.monotonic() < deadline, "the lesson was not saved to the working copy"
            time.sleep(0.2)
    nb = nbformat.read(saved, as_version=4)
    assert any(OWN_LINE in c.source for c in nb.cells)
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert any(o.get("data", {}).get("text/plain") == WIDGET_SAVED for o in outputs)
    assert WIDGET_VIEW not in saved.read_text(encoding="utf-8")                 # no view of a kernel's widget
    assert _lessons_as_committed() == lab.before                                # the repository's lessons untouched
    lab.close_and_shut_down(page)


def test_a_reopened_lesson_shows_no_widget_error_and_restarts_and_runs_all(browser, lab, tmp_path):
    """The lesson saved above, opened in a new browser (no widget state left in the page) with a new kernel."""
    lab.page.close()
    lab.console.clear()
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.on("console", lambda m: lab.console.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: lab.console.append(str(e)))
    try:
        with evidence_on_failure(page, tmp_path / "reopened.png", lab.log):
            page.goto(lab.page_url(LESSON), timeout=jl.TIMEOUT_MS)
            page.wait_for_selector(f"{jl.PANEL} .jp-Cell", timeout=jl.TIMEOUT_MS)
            jl._wait_for_the_kernel(page, lab)
            page.locator(f"{jl.PANEL} .jp-OutputArea-output", has_text="my own line 42").wait_for()
            page.wait_for_function(_WIDGET_OUTPUT_SHOWN_JS, arg={"panel": jl.PANEL, "saved": WIDGET_SAVED},
                                   timeout=jl.TIMEOUT_MS)                   # the widget's saved line, or an error
            reopened = _page_state(page)
            assert reopened["failed"] == 0 and _console_failures(lab) == [], (reopened, lab.console)
            assert WIDGET_SAVED in page.inner_text(jl.PANEL)

            jl._menu(page, "Kernel", "Restart Kernel and Run All Cells")
            page.locator(".jp-Dialog .jp-mod-accept").click()
            page.wait_for_function(_RAN_AGAIN_JS, arg={"panel": jl.PANEL, "saved": WIDGET_SAVED},
                                   timeout=jl.TIMEOUT_MS)
            again = _page_state(page)
            assert again["failed"] == 0 and again["loading"] == 0, again
            assert [jl._picture_problem(f) for f in again["figures"]] == [None] * len(again["figures"])
            assert WIDGET_SAVED not in page.inner_text(jl.PANEL)                # every widget drawn again
            assert _console_failures(lab) == [], lab.console
    finally:
        context.close()
        lab.delete_kernels()
    assert _lessons_as_committed() == lab.before
