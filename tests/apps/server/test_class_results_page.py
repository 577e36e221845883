"""A lesson run by simulated students, and the teacher's lesson view, for real: the class server started as the
README says (its class command with ``--class-store``), lesson 00 executed by nbclient in a fresh kernel for each
student (their answers typed into its exercise cells, the join line right after the set-up cell), the teacher's
page in Chromium, with the keyboard:

* three students: Ana answers everything right; Ben answers with the tempting values the answer reader names
  (and leaves the last exercise unanswered); Cy never joins.  The lesson view shows exactly that: Ana right first
  time three times, Ben "not yet" twice with the answer reader's own words for his misconceptions, nothing for
  the exercise he left, no Cy; and nothing arrives from Cy (his kernel has the hub's variable pointing at a
  stand-in server that records every request, and the class store has no seat of his);
* a fourth student joins a server that then is full for results, or stops (down): every check in the notebook
  gives its normal feedback, and the notebook says once that results are not being sent;
* the lesson view passes axe-core (no serious or critical problem) with and without projector mode; the teacher
  reaches it from the tally by the keyboard, chooses a lesson and turns projector mode on with the keyboard,
  and projector mode shows no nickname at all; the gradebook link downloads the store's CSV.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from guesswho_apps.classroom import ClassStore
from guesswho_lessons.exercises import exercises_for, get
from guesswho_lessons.reader.class_link import recognised
from servers import StubServer, axe_serious, browser_or_skip, evidence_on_failure, serve_class
from test_class_session import _started

pytestmark = [pytest.mark.browser, pytest.mark.notebooks]

ROOT = Path(__file__).resolve().parents[3]
LESSON = ROOT / "notebooks" / "00-start-here.ipynb"
EXERCISES = [e.id for e in exercises_for("00")]
TIMEOUT_MS = 120_000


def _tempting(ex_id: str) -> tuple[str, str]:
    """The first tempting wrong value of an exercise whose feedback names its misconception (a value next to a
    right whole number gets the plain message), and the answer reader's words for it."""
    ex = get(ex_id)
    for value, words in ex.solution().wrong.items():
        if recognised(ex, ex.check(str(value))) is not None:
            return str(value), words
    raise AssertionError(f"{ex_id}: no tempting value the answer reader names")


def _answers(kind: str) -> dict:
    """What a student types in each exercise cell: the library's right answer, or a tempting wrong value the
    answer reader explains, or nothing (the cell keeps None) for the last exercise of a wrong one."""
    out = {}
    for k, ex_id in enumerate(EXERCISES):
        if kind == "right":
            out[ex_id] = str(get(ex_id).answers()[0])
        elif k < len(EXERCISES) - 1:
            out[ex_id] = _tempting(ex_id)[0]
    return out


def run_lesson(folder: Path, answers: dict, join: tuple | None, env: dict) -> list[str]:
    """Lesson 00 in a fresh kernel (nbclient), with ``answers`` typed into its exercise cells and, when ``join``
    is (code, nickname, server), the join line right after the set-up cell; the text of every code cell's
    outputs, in order.  A cell that raised fails the test."""
    nb = nbformat.read(LESSON, as_version=4)
    setup = next(k for k, c in enumerate(nb.cells) if c.cell_type == "code" and "import guesswho_lib as gw" in c.source)
    for cell in nb.cells:
        m = re.search(r'check\("([^"]+)", answer\)', cell.source)
        number = get(m.group(1)).id if cell.cell_type == "code" and m else None
        if number in answers:
            cell.source = re.sub(r"^answer = None.*$", f"answer = {answers[number]!r}", cell.source, flags=re.M)
    if join:
        nb.cells.insert(setup + 1, nbformat.v4.new_code_cell(f"join_class{join!r}"))
    folder.mkdir(parents=True)
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(folder)}}).execute(
        env={**env, "HOME": str(folder), "GUESSWHO_FAST": "1"})
    texts = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        errors = [o for o in cell.get("outputs", []) if o.output_type == "error"]
        assert not errors, f"{cell.source[:80]!r} raised {errors[0].ename}: {errors[0].evalue}"
        texts.append("".join(o.get("text", "") if o.output_type == "stream" else
                             o.get("data", {}).get("text/markdown", "") for o in cell.get("outputs", [])))
    return texts


@pytest.fixture(scope="module")
def browser():
    yield from browser_or_skip("the teacher's lesson view")


@pytest.fixture(scope="module")
def lesson(tmp_path_factory):
    """The class server, and the lesson run by Ana (all right), Ben (tempting values) and Cy (never joined)."""
    import os

    folder = tmp_path_factory.mktemp("lesson")
    location = str(folder / "class.db")
    env = {k: v for k, v in os.environ.items() if k not in ("GUESSWHO_CLASS_SERVER", "JUPYTERHUB_API_TOKEN")}
    with serve_class(folder / "server.log", extra=("--class-store", location)) as server, StubServer() as watch:
        code, link = _started(server)
        outputs = {
            "Ana": run_lesson(folder / "ana", _answers("right"), (code, "Ana", server.url), env),
            "Ben": run_lesson(folder / "ben", _answers("wrong"), (code.lower(), "Ben", server.url), env),
            "Cy": run_lesson(folder / "cy", _answers("wrong"), None, {**env, "GUESSWHO_CLASS_SERVER": watch.url}),
        }
        yield {"server": server, "code": code, "link": link, "store": ClassStore(location), "outputs": outputs,
               "watch": watch, "folder": folder, "env": env}


def _view(lesson_run, deadline_seconds=30) -> dict:
    """The store's lesson view once Ana's and Ben's results have all arrived."""
    deadline = time.monotonic() + deadline_seconds
    while True:
        view = lesson_run["store"].lesson_view(lesson_run["code"], "00")
        if sum(e["first"] + e["after"] + e["not_yet"] for e in view["exercises"]) >= 2 * len(EXERCISES) - 1 or \
                time.monotonic() > deadline:
            return view
        time.sleep(0.2)


def test_three_students_show_exactly_what_they_did_and_nothing_comes_from_the_one_who_never_joined(lesson):
    ana, ben = lesson["outputs"]["Ana"], lesson["outputs"]["Ben"]
    assert any(f"You are in class {lesson['code']} as Ana" in t for t in ana)
    assert sum("Correct!" in t for t in ana) == len(EXERCISES)
    assert sum("You gave" in t for t in ben) == len(EXERCISES) - 1 and sum("Replace None" in t for t in ben) == 1
    assert not any("not reaching your teacher" in t for t in ana + ben)
    view = _view(lesson)
    rows = {s["name"]: [r["words"] for r in s["results"]] for s in view["students"]}
    assert rows == {"Ana": ["right first time"] * len(EXERCISES),
                    "Ben": ["not yet: 1 wrong"] * (len(EXERCISES) - 1) + [""]}
    wrong = {w["id"]: w for w in view["most_wrong"]}
    assert sorted(wrong) == EXERCISES[:-1]
    for ex_id, w in wrong.items():
        words = _tempting(ex_id)[1]                                    # the answer reader's words for Ben's value
        assert w["misconceptions"] == [{"words": words, "students": 1}] and w["unnamed"] == 0
        assert any(words in t for t in ben)                            # what Ben read is what the teacher reads
    time.sleep(1)
    assert lesson["watch"].requests == []                              # nothing from Cy, to any address
    assert len(lesson["store"].lesson_rows(lesson["code"])["students"]) == 2
    assert sum("You gave" in t for t in lesson["outputs"]["Cy"]) == len(EXERCISES) - 1   # checked as usual


@pytest.mark.parametrize("fault", ["full", "down"])
def test_a_server_full_or_down_while_a_student_checks_answers(lesson, fault):
    with StubServer({"full": "results-full", "down": "down-after-join"}[fault]) as server:
        out = run_lesson(lesson["folder"] / f"dee-{fault}", _answers("right"), ("K7QMD", "Dee", server.url),
                         lesson["env"])
    assert any("You are in class K7QMD as Dee" in t for t in out)           # joined while the server answered
    assert sum("Correct!" in t for t in out) == len(EXERCISES)              # the normal feedback, every time
    said = [t for t in out if "not reaching your teacher's page" in t]
    assert len(said) == 1, said                                             # said once
    assert {"full": "the class is full", "down": "cannot be reached"}[fault] in said[0]


def test_the_lesson_view_in_chromium_with_the_keyboard(lesson, browser, tmp_path):
    code, store = lesson["code"], lesson["store"]
    _view(lesson)
    context = browser.new_context(bypass_csp=True, accept_downloads=True)   # (Playwright's waits use eval)
    page = context.new_page()
    outside = []
    page.on("request", lambda r: None if r.url.startswith(lesson["server"].url) or r.url.startswith("data:")
            else outside.append(r.url))
    with evidence_on_failure(page, tmp_path / "lesson-view.png", lesson["server"].log_text):
        page.goto(lesson["link"], timeout=TIMEOUT_MS)
        page.wait_for_url(re.compile(rf"/class/teacher/{code}$"), timeout=TIMEOUT_MS)
        link = page.locator("a", has_text="The lesson view")
        for _ in range(40):                                                 # Tab to the link, then Enter
            page.keyboard.press("Tab")
            if link.evaluate("a => a === document.activeElement"):
                break
        page.keyboard.press("Enter")
        page.wait_for_url(re.compile(rf"/class/teacher/{code}/lesson$"), timeout=TIMEOUT_MS)
        page.wait_for_function("document.querySelectorAll('#students tbody tr').length == 2", timeout=TIMEOUT_MS)
        students = page.inner_text("#students")
        n = len(EXERCISES)
        assert re.search(r"Ana" + r"\s+right first time" * n, students), students
        assert re.search(r"Ben" + r"\s+not yet: 1 wrong" * (n - 1) + r"\s+\u2013", students), students
        assert "Cy" not in page.inner_text("main")
        wrong = page.inner_text("#most-wrong")
        for ex_id in EXERCISES[:-1]:
            assert _tempting(ex_id)[1] in wrong
        assert f'join_class("{code}", "nickname", "http://' in page.inner_text("#join-line")
        problems = axe_serious(page)
        assert problems == [], "axe-core, serious or critical:\n" + "\n".join(problems)

        page.focus("#lesson")                                               # another lesson, by the keyboard
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowDown")
        page.wait_for_function("document.getElementById('joined').innerText.includes('lesson 01')", timeout=30_000)
        assert "01.1" in page.inner_text("#exercises") and "No wrong answer yet" in page.inner_text("#most-wrong")
        page.keyboard.press("ArrowUp")
        page.wait_for_function("document.getElementById('joined').innerText.includes('lesson 00')", timeout=30_000)

        page.keyboard.press("Tab")                                          # projector mode: Space on its button
        assert page.evaluate("document.activeElement.id") == "projector"
        page.keyboard.press("Space")
        assert page.get_attribute("#projector", "aria-pressed") == "true"
        page.wait_for_timeout(2500)                                         # (a poll redraws: still none)
        shown = page.inner_text("body")
        assert "Ana" not in shown and "Ben" not in shown and "Ben" not in page.content()
        assert "Right first time" in page.inner_text("#exercises") and "not yet" not in page.inner_text("#students")
        problems = axe_serious(page)
        assert problems == [], "axe-core in projector mode, serious or critical:\n" + "\n".join(problems)
        page.keyboard.press("Space")                                        # and back
        page.wait_for_function("document.querySelectorAll('#students tbody tr').length == 2", timeout=30_000)

        page.keyboard.press("Tab")                                          # the gradebook, by the keyboard
        assert page.evaluate("document.activeElement.id") == "gradebook"
        with page.expect_download() as download:
            page.keyboard.press("Enter")
        got = Path(download.value.path()).read_bytes().decode("utf-8")
        assert got == store.gradebook(code, "00") and got.count("\r\n") == 3
        assert outside == [], f"the lesson view asked other sites for {outside}"
    context.close()
    assert json.loads(json.dumps(store.lesson_view(code, "00")))["joined"] == 2
