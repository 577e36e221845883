"""A student's mistake never hangs the lesson (guesswho_lessons.reader.limits): an answer whose repr, ==, float or
iteration never returns, and a function (every exercise whose answer is a function) that loops for ever, recurses
for ever or allocates without bound, are stopped with a clear message within the time limit, and the process
(a notebook's kernel) keeps working: no thread left behind, the recursion limit put back, no exception arriving
later.

The cases that could hang run in a subprocess with a time limit, so that a regression fails the test instead of
blocking the test run; the limits are small there (a tenth of a second)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from guesswho_lessons.exercises import all_exercises
from guesswho_lessons.reader.limits import LIMITS, Limits, MemoryLimit, TimeLimit, limits, memory_in_use

ROOT = Path(__file__).resolve().parents[2]
SECONDS = 0.1                 # the time limit in the subprocess
WITHIN = 2.0                  # a stopped check returns within this many seconds (the limit, plus a loaded machine)

#: Runs every case that could hang and prints one JSON line per case: its id, the seconds the check took, the
#: feedback, and whether the process was left as it was (threads, recursion limit, no late exception).
SCRIPT = textwrap.dedent('''
    import functools, json, sys, threading, time
    from fractions import Fraction
    sys.setrecursionlimit(100_000)           # what a student may do for a deep memoised recursion
    from guesswho_lessons.exercises import all_exercises, check
    from guesswho_lessons.reader.limits import limits

    def forever(*args):
        while True:
            pass

    @functools.cache
    def recurse(*args):                      # memoised, so each level also takes C stack: with the recursion
        return recurse(*args, 0)             # limit raised, an unchecked recursion crashes the process

    def allocate(*args):
        kept = []
        while True:
            kept.append("x" * 1_000_000)

    def swallows_once(*args):
        try:
            while True:
                pass
        except BaseException:                # a bare except: the limit is raised again
            pass
        while True:
            pass

    class LoopingRepr:
        def __repr__(self):
            while True:
                pass

    class LoopingFloat(float):
        def __float__(self):
            while True:
                pass
        __repr__ = LoopingRepr.__repr__

    class LoopingEq:
        def __eq__(self, other):
            while True:
                pass
        __hash__ = lambda self: 0
        __repr__ = LoopingRepr.__repr__

    class LoopingIter(list):
        def __iter__(self):
            while True:
                pass
        def __len__(self):
            while True:
                pass

    class LoopingNumerator(Fraction):
        @property
        def numerator(self):
            while True:
                pass

    class LoopingStr(str):
        def strip(self, *args):
            while True:
                pass
        __repr__ = LoopingRepr.__repr__

    answers = {"repr": LoopingRepr(), "float": LoopingFloat(0.5), "eq": LoopingEq(), "iter": LoopingIter(),
               "numerator": LoopingNumerator(5, 9), "str": LoopingStr("5/9")}
    functions = {"loop": forever, "recursion": recurse, "allocation": allocate, "swallows": swallows_once}
    cases = [("01.2", name, answer) for name, answer in answers.items()]
    cases += [(ex.id, "repr", answers["repr"]) for ex in all_exercises()]
    cases += [(ex.id, name, fn) for ex in all_exercises() if ex.kind.takes_function for name, fn in functions.items()]
    for ex in all_exercises():
        ex.solution()                        # the library's work, before the clock starts
    threads = threading.active_count()
    for id, name, answer in cases:
        # a recursion ends by its depth and an allocation by its memory (measured as the process's growth: memory
        # freed by an earlier case is reused first): give them time, so that the time limit does not come first
        with limits(seconds=3 if name in ("allocation", "recursion") else SECONDS, memory=16 * 2 ** 20):
            start = time.perf_counter()
            fb = check(id, answer)
            took = time.perf_counter() - start
        clean = threading.active_count() == threads and sys.getrecursionlimit() == 100_000
        print(json.dumps({"id": id, "case": name, "seconds": took, "ok": fb.ok, "message": fb.message,
                          "clean": clean}), flush=True)
    late = None
    try:
        end = time.monotonic() + 0.6         # longer than the watchdog's re-raise interval
        while time.monotonic() < end:
            pass
    except BaseException as e:
        late = type(e).__name__
    print(json.dumps({"after": True, "late": late, "right": check("01.2", "5/9").ok,
                      "threads": threading.active_count() - threads}), flush=True)
''').replace("SECONDS", repr(SECONDS))


@pytest.fixture(scope="module")
def stopped_cases():
    try:
        out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300, cwd=ROOT)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"a student's mistake hung the checker (no end within 300 s): {str(e.stdout)[-2000:]}")
    lines = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    assert out.returncode == 0 and lines and lines[-1].get("after"), out.stderr[-3000:]
    return lines[:-1], lines[-1]


def test_an_answer_whose_own_code_never_returns_is_stopped_with_a_message(stopped_cases):
    cases, _ = stopped_cases
    readings = [c for c in cases if c["id"] == "01.2"]
    assert {c["case"] for c in readings} == {"repr", "float", "eq", "iter", "numerator", "str"}
    for c in readings:
        assert not c["ok"] and c["seconds"] < WITHIN and c["clean"], c
        assert "Reading your answer had not finished" in c["message"], c      # (the reader calls no __eq__)


def test_every_exercise_stops_an_answer_whose_repr_never_returns(stopped_cases):
    cases, _ = stopped_cases
    ids = {c["id"] for c in cases if c["case"] == "repr"}
    assert ids == {ex.id for ex in all_exercises()}
    for c in cases:
        if c["case"] == "repr":
            assert not c["ok"] and c["seconds"] < WITHIN and c["clean"], c
            assert f"had not finished after {SECONDS:g} seconds" in c["message"], c
            assert "Give a plain value" in c["message"], c


@pytest.mark.parametrize("case, words", [("loop", "had not finished after"), ("swallows", "had not finished after"),
                                         ("recursion", "calls itself without end"),
                                         ("allocation", "of memory, so it was stopped")])
def test_every_function_exercise_stops_a_function_that_never_ends(stopped_cases, case, words):
    cases, _ = stopped_cases
    mine = [c for c in cases if c["case"] == case]
    assert {c["id"] for c in mine} >= {"01.4", "08.4", "x2.5"}, "every exercise that takes a function"
    for c in mine:
        assert not c["ok"] and c["seconds"] < WITHIN and c["clean"], c
        if case == "allocation" and memory_in_use() is None:
            continue                          # no memory measure on this platform: the time limit stops it
        assert words in c["message"] or (case == "recursion" and "RecursionError" in c["message"]), c
        if c["id"] in ("01.4", "x2.5") and case != "recursion":
            assert re.search(r"\(at (\(\d+, \d+\)|m = \d+)\)", c["message"]), c     # which point was being checked


def test_after_a_stop_the_process_keeps_working(stopped_cases):
    _, after = stopped_cases
    assert after == {"after": True, "late": None, "right": True, "threads": 0}


# ---- in this process: the limits themselves ----------------------------------------------------------------------
def test_limits_are_checked_and_put_back():
    before = Limits(**vars(LIMITS))
    with limits(seconds=0.5, depth=300) as now:
        assert now.seconds == 0.5 and now.depth == 300 and now.memory == before.memory
    assert LIMITS == before
    with pytest.raises(ValueError, match="seconds must be a positive number"):
        with limits(seconds=0):
            pass
    with pytest.raises(ValueError, match="depth must be a whole number"):
        with limits(depth=2.5):
            pass
    with pytest.raises(TypeError, match="the limits are seconds, memory and depth"):
        with limits(minutes=1):
            pass
    assert LIMITS == before


def test_the_messages_name_the_limit():
    assert "5 seconds" in TimeLimit().describe("Your function") or LIMITS.seconds != 5
    with limits(memory=3 * 2 ** 20):
        assert "3 MiB" in MemoryLimit().describe("Your function")


# ---- in a Jupyter kernel -------------------------------------------------------------------------------------------
KERNEL_CELLS = [
    "from fractions import Fraction\nfrom guesswho_lessons import check\n"
    "from guesswho_lessons.reader.limits import LIMITS\nLIMITS.seconds = 0.5",
    "def my_P(n, m):\n    while True:\n        pass\n\nfeedback = check('01.4', my_P)\nfeedback",
    "import threading, time\nend = time.monotonic() + 1\nwhile time.monotonic() < end:\n    pass\n"
    "print(feedback.ok, threading.active_count(), check('01.2', '5/9').ok, sum(range(10)))",
]


def test_in_a_jupyter_kernel_a_function_that_never_returns_is_stopped_and_the_kernel_goes_on():
    """A real kernel (the lessons' own setting): the cell with the looping function ends with the message, and the
    next cell runs normally (no exception arrives later, the checker works)."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in KERNEL_CELLS])
    start = time.perf_counter()
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}).execute()
    took = time.perf_counter() - start
    shown = nb.cells[1].outputs[0]["data"]["text/plain"]
    assert "Your function (at (1, 1)) had not finished after 0.5 seconds" in shown, shown
    printed = nb.cells[2].outputs[0]["text"].split()
    assert printed[0] == "False" and printed[2:] == ["True", "45"], printed
    assert took < 120
