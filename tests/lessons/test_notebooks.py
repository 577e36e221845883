"""Every notebook runs top to bottom from a fresh kernel, widgets included; lessons keep their format.

The runner (tests/notebook_runner.py) also nudges every widget after the last cell and fails on any
exception, including the ones ipywidgets catches in callbacks and only prints.  The fixtures in
tests/fixtures/ prove that it does.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from notebook_runner import run_notebook, run_notebooks

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("**/*.ipynb")) + sorted((ROOT / "teacher").glob("**/*.ipynb"))
NOTEBOOKS = [p for p in NOTEBOOKS if ".ipynb_checkpoints" not in p.parts]
LESSONS = [p for p in NOTEBOOKS if p.parent == ROOT / "notebooks" and re.match(r"\d\d-", p.name)]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _rel(p: Path) -> str:
    return str(p.relative_to(ROOT))


# ---- every notebook executes cleanly ---------------------------------------------------------------
#: Notebooks run this many at a time, each in its own process and kernel (GUESSWHO_NOTEBOOK_WORKERS=1: one by one):
#: two in one process, one on a pytest-xdist worker (the other worker has the other core).
WORKERS = int(os.environ.get("GUESSWHO_NOTEBOOK_WORKERS", "1" if os.environ.get("PYTEST_XDIST_WORKER") else "2"))


@pytest.fixture(scope="session")
def notebook_reports(request):
    """Run every notebook selected in this pytest session, in parallel, once."""
    selected = [item.callspec.params["path"] for item in request.session.items
                if getattr(item, "originalname", None) in ("test_notebook_executes_without_any_error",
                                                           "test_no_answer_in_the_executed_lesson_above_its_exercise",
                                                           "test_no_exam_state_or_result_in_the_executed_lesson",
                                                           "test_every_line_the_lesson_prints_that_states_mathematics_is"
                                                           "_registered")]
    return run_notebooks(sorted(set(selected)), workers=WORKERS)


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=_rel)
def test_notebook_executes_without_any_error(path, notebook_reports):
    report = notebook_reports[path]
    assert report.ok, report.summary()


@pytest.mark.notebooks
@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.parent.name in ("notebooks", "extension")
                                  and re.match(r"(\d\d|x\d)-", p.name)], ids=_rel)
def test_no_answer_in_the_executed_lesson_above_its_exercise(path, notebook_reports):
    """No exercise's right answer is in a cell above its check cell, outputs and widgets included (what a widget
    shows as it stands, and what ticking one of its boxes reveals: lesson 04's fairest m), and no later lesson's
    answer is anywhere in the lesson's text and outputs (lesson 00 must not print P(3, 3), the answer to 01.2):
    tests/lessons/test_lessons_quality.py."""
    from test_lessons_quality import leaks_above_exercises, leaks_into_later_lessons

    report = notebook_reports[path]
    assert report.cells, report.summary()
    assert leaks_above_exercises(report.cells_with_widgets) == []
    assert leaks_into_later_lessons(path.name.split("-")[0], report.cells) == []


LESSON_NOTEBOOKS = [p for p in NOTEBOOKS if p.parent.name in ("notebooks", "extension")
                    and re.match(r"(\d\d|x\d)-", p.name)]


@pytest.mark.notebooks
@pytest.mark.parametrize("path", LESSON_NOTEBOOKS, ids=_rel)
def test_every_line_the_lesson_prints_that_states_mathematics_is_registered(path, notebook_reports):
    """The lesson run top to bottom (the same run as above): every line it prints that looks like mathematics (a
    number, a relation, "always", "best", ...) is a printed quote of a registered statement, whose check holds
    (tests/claims/test_lesson_statements.py), or a printed record of what states nothing to check, with its reason
    (guesswho_lessons/register/course_*.py); and every printed quote of the lesson is still printed."""
    from guesswho_lessons.register import anchors

    report = notebook_reports[path]
    assert report.outputs, report.summary()
    assert anchors.unregistered_printed_lines(_rel(path), report.outputs) == []
    assert anchors.printed_quotes_not_printed(_rel(path), report.outputs) == []


def test_the_printed_line_check_bites():
    """Lesson 08's printout as it was ("so always halving costs you 1/25 of a win, on average, from (20, 20)", true
    only against the library's perfect player) is unregistered; a registered line is not; a quote no line prints is
    reported."""
    from guesswho_lessons.register import anchors

    path = "notebooks/08-play-and-simulate.ipynb"
    old = "so always halving costs you 1/25 of a win, on average, from (20, 20)"
    now = "so against gw.strategies.optimal, always halving costs you 1/25 of a win, on average, from (20, 20)"
    assert anchors.unregistered_printed_lines(path, [old]) == [old]
    assert anchors.unregistered_printed_lines(path, [now, "a line with no number"]) == []
    assert any(q.startswith("course.printed-08:") and "always\\ halving" in q
               for q in anchors.printed_quotes_not_printed(path, [old]))


@pytest.mark.notebooks
@pytest.mark.parametrize("path", LESSONS, ids=_rel)
def test_no_exam_state_or_result_in_the_executed_lesson(path, notebook_reports):
    """The exam papers are set on states the lessons never show: no state or result of paper A or B is in a core
    lesson's text or outputs, widgets included (what is compared: tests/apps/teaching/exam_fresh.py)."""
    sys.path.insert(0, str(ROOT / "tests" / "apps" / "teaching"))
    from exam_fresh import seen_in

    report = notebook_reports[path]
    assert report.cells, report.summary()
    text = "\n".join(t for _, t in report.cells_with_widgets)
    assert {paper: seen_in(text, paper, words=False) for paper in ("A", "B")} == {"A": [], "B": []}


# ---- the harness catches what it claims to catch -----------------------------------------------------
def test_good_fixture_passes_and_its_widgets_were_exercised():
    report = run_notebook(FIXTURES / "good_widgets.ipynb")
    assert report.ok, report.summary()
    assert report.widgets >= 3 and report.pokes >= 5   # the slider, the button, the dropdown, interact


@pytest.mark.parametrize("name, where, text", [
    ("plain_error.ipynb", "cell_errors", "ZeroDivisionError"),
    ("broken_slider_callback.ipynb", "callback_errors", "ZeroDivisionError"),
    ("broken_button_callback.ipynb", "callback_errors", "no such exercise"),
    ("broken_output_widget.ipynb", "callback_errors", "unknown rules"),
    ("broken_interact.ipynb", "callback_errors", "ZeroDivisionError"),
    ("stderr_traceback.ipynb", "stderr_tracebacks", "KeyError"),
])
def test_broken_fixture_is_reported(name, where, text):
    report = run_notebook(FIXTURES / name)
    assert not report.ok
    found = getattr(report, where)
    assert any(text in item for item in found), report.summary()


def test_plain_execution_misses_widget_callback_errors():
    """Why the widget poking is needed: a plain nbclient run (what nbmake does) sees no error here."""
    from nbclient import NotebookClient
    for name in ("broken_slider_callback.ipynb", "broken_button_callback.ipynb", "broken_output_widget.ipynb"):
        nb = nbformat.read(FIXTURES / name, as_version=4)
        NotebookClient(nb, timeout=60, kernel_name="python3").execute()   # raises on a cell error: none here
        errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
        assert errors == [], name


# ---- committed notebooks and the lesson format -------------------------------------------------------
@pytest.mark.parametrize("path", NOTEBOOKS, ids=_rel)
def test_committed_without_outputs(path):
    nb = nbformat.read(path, as_version=4)
    dirty = [i for i, c in enumerate(nb.cells)
             if c.cell_type == "code" and (c.outputs or c.execution_count is not None)]
    assert not dirty, f"{_rel(path)}: cells {dirty} have outputs or execution counts; clear them before committing"
    raw = json.loads(path.read_text(encoding="utf-8"))        # as committed: nbformat.read would add missing ids
    no_id = [i for i, c in enumerate(raw["cells"]) if "id" not in c]
    assert not no_id, f"{_rel(path)}: cells {no_id} have no id (nbformat 4.5 requires one; a kernel run warns)"
    ids = [c["id"] for c in raw["cells"]]
    assert len(set(ids)) == len(ids), f"{_rel(path)}: two cells share an id"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_rel)
def test_imports_installed_package_without_path_hacks(path):
    nb = nbformat.read(path, as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert "sys.path" not in code, f"{_rel(path)} edits sys.path; use the installed package"
    assert "import guesswho_lib as gw" in code, f"{_rel(path)} should `import guesswho_lib as gw`"


@pytest.mark.parametrize("path", LESSONS, ids=_rel)
def test_lesson_format(path):
    nb = nbformat.read(path, as_version=4)
    md = [c.source for c in nb.cells if c.cell_type == "markdown"]
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    assert any("You will learn" in s for s in md), f"{_rel(path)}: no 'You will learn' cell"
    assert any(re.search(r"^#+ .*Summary", s, re.M | re.I) for s in md), f"{_rel(path)}: no Summary heading"
    assert any(re.search(r"^#+ .*Exercises", s, re.M | re.I) for s in md), f"{_rel(path)}: no Exercises heading"
    assert any("check(" in s for s in code), f"{_rel(path)}: no exercise calls the checker"
    nn = path.name[:2]
    sols = list((ROOT / "teacher" / "solutions").glob(f"{nn}-*-solutions.ipynb"))
    sols += list((ROOT / "notebooks" / "solutions").glob(f"{nn}-*-solutions.ipynb"))   # until every lesson's moved
    assert sols, f"{_rel(path)}: no teacher/solutions/{nn}-...-solutions.ipynb"


@pytest.mark.parametrize("path", LESSONS, ids=_rel)
def test_every_exercise_in_a_lesson_exists(path):
    from guesswho_lessons.exercises import get
    nb = nbformat.read(path, as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    ids = set(re.findall(r"""check\(\s*["']([^"']+)["']""", code))
    assert ids, f"{_rel(path)}: no check('NN-name', ...) call"
    for i in ids:
        get(i)  # raises ValueError if the checker is not registered


@pytest.mark.notebooks
def test_the_leak_test_sees_a_box_that_reveals_an_answer_before_its_exercise(tmp_path):
    """Lesson 04 as it was: the fairest-m explorer with its "show the fairest m" box above exercise 04.4. Ticking
    the box shows the answer, and the executed leak test reports it."""
    from test_lessons_quality import leaks_above_exercises

    nb = nbformat.read(ROOT / "notebooks" / "04-first-move-advantage.ipynb", as_version=4)
    cell = next(c for c in nb.cells if "offer_fairest=False" in c.source)
    cell.source = cell.source.replace(", offer_fairest=False", "")
    path = tmp_path / "04-old.ipynb"
    nbformat.write(nb, path)
    report = run_notebook(path)
    assert report.ok, report.summary()
    assert any(leak.startswith("04.4") for leak in leaks_above_exercises(report.cells_with_widgets))
    assert not any(leak.startswith("04.4") for leak in leaks_above_exercises(report.cells))     # the box's work


def test_a_line_printed_in_two_chunks_is_read_as_one_line():
    """Under load one print() can reach the notebook as two stream outputs: the printed text joins them as they came
    (a line cut in two would be unregistered); a shown result stands on lines of its own; feedback is left out."""
    from notebook_runner import printed

    cell = nbformat.v4.new_code_cell("")
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text="optimal moves at (9, 6):"),
                    nbformat.v4.new_output("stream", name="stdout", text=" ((1, 4, 4),) P = 29/54\n"),
                    nbformat.v4.new_output("display_data", data={"text/markdown": "**Correct!** 1/2"}),
                    nbformat.v4.new_output("display_data", data={"text/markdown": "**As printed:** B"}),
                    nbformat.v4.new_output("stream", name="stdout", text="after")]
    assert printed(cell).splitlines() == ["optimal moves at (9, 6): ((1, 4, 4),) P = 29/54", "**As printed:** B",
                                          "after"]
