"""No hint gives the solution away, even when a student runs an exercise cell with its placeholder unchanged.

The leak test of tests/lessons/test_lessons_quality.py reads each exercise's hint alone.  Here every exercise
cell of every lesson is run as it is committed (its placeholder unchanged: ``answer = None``, or a function that
returns 0) with a ``check`` that records what the cell hands it; the feedback the student then sees, hint included,
must not state a right answer, and for an exercise whose answer is a function (such as x2.5's phi) it must not spell
out a formula in Python that the student could copy (five or more operations: the old hint of x2.5 had nine).
"""

from __future__ import annotations

import ast
import functools
import re
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

import guesswho_lib as gw
from guesswho_lessons.curriculum import LESSONS
from guesswho_lessons.exercises import get
from guesswho_lessons.reader.answers import Function
from test_lessons_quality import CHECK_CALL, _leaks

ROOT = Path(__file__).resolve().parents[2]


def _placeholders() -> list[tuple[str, object]]:
    """(exercise id, the answer its committed cell hands to check) for every exercise cell of every lesson."""
    found = []
    for lesson in LESSONS:
        path = ROOT / "notebooks" / f"{lesson.notebook}.ipynb"
        if not path.exists():
            continue
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "code" or not CHECK_CALL.search(cell.source):
                continue
            handed = []
            space = {"gw": gw, "Fraction": Fraction, "functools": functools,
                     "check": lambda id, answer, handed=handed: handed.append((id, answer))}
            exec(compile(cell.source, f"{path.name}: {CHECK_CALL.search(cell.source).group(1)}", "exec"), space)
            found += handed
    return found


PLACEHOLDERS = _placeholders()
_NAME_OR_NUMBER = re.compile(r"[\w.]+")


def spelled_out_formulas(text: str) -> list[str]:
    """The pieces of ``text`` that are Python expressions with a variable and at least five arithmetic operations
    (a whole formula a student could paste, not a term of one written in words), longest first.

    >>> spelled_out_formulas("then 3**(k-1) * (1 + 5*m - 3**k - 2*((m + 1)//2)).")[0]
    '3**(k-1) * (1 + 5*m - 3**k - 2*((m + 1)//2))'
    >>> spelled_out_formulas("find k with m <= 3**k, then use // for floors")
    []
    """
    found = []
    for start in range(len(text)):
        if start and (text[start - 1].isalnum() or text[start - 1] in "_*/."):
            continue
        for end in range(len(text), start, -1):
            piece = text[start:end].strip()
            if not piece or not _NAME_OR_NUMBER.match(piece):
                continue
            try:
                tree = ast.parse(piece, mode="eval")
            except SyntaxError:
                continue
            ops = sum(isinstance(n, ast.BinOp) for n in ast.walk(tree))
            names = [n for n in ast.walk(tree) if isinstance(n, ast.Name)]
            if ops >= 5 and names:
                found.append(piece)
            break
    return sorted(set(found), key=len, reverse=True)


def test_every_exercise_cell_hands_its_placeholder_to_check():
    ids = [i for i, _ in PLACEHOLDERS]
    assert len(ids) == len(set(ids)) and len(ids) >= 50
    assert ("x2.5", 0) in [(get(i).id, a(2)) for i, a in PLACEHOLDERS if get(i).id == "x2.5"]


@pytest.mark.parametrize("id, placeholder", PLACEHOLDERS, ids=[i for i, _ in PLACEHOLDERS])
def test_the_feedback_on_an_unchanged_placeholder_gives_no_solution_away(id, placeholder):
    ex = get(id)
    message = ex.check(placeholder).message
    assert not _leaks(ex, message), (id, message)
    if isinstance(ex.kind, Function):
        assert spelled_out_formulas(message) == [], (id, message)
        assert spelled_out_formulas(ex.hint) == [], (id, ex.hint)


def test_the_formula_check_bites_on_a_hint_that_prints_phi():
    """The hint x2.5 used to have: with the placeholder phi (returning 0) its feedback printed the whole formula."""
    old = "k is the smallest whole number with m <= 3**k; then 3**(k-1) * (1 + 5*m - 3**k - 2*((m + 1)//2))."
    assert spelled_out_formulas(old)
    ex = get("x2.5")
    assert ex.hint not in ex.check(lambda m: 0).message         # the hint is shown when asked for, not appended


_STATE = re.compile(r"\((\d+), (\d+)")


def shown_in_examples(module) -> tuple[set, set]:
    """The states (n, m) at which a module's docstring examples call P or move_value, and the Fractions they
    print."""
    import doctest
    states, values = set(), set()
    for example in doctest.DocTestParser().get_examples(module.__doc__ or ""):
        states |= {(int(n), int(m)) for n, m in re.findall(r"\b(?:P|move_value)\((\d+), (\d+)", example.source)}
        values |= {Fraction(int(a), int(b)) for a, b in re.findall(r"Fraction\((-?\d+), (\d+)\)", example.want)}
    return states, values


def answers_and_states() -> tuple[set, set]:
    """Every exact right answer of every exercise, and every state an exercise names in its question or hint."""
    from guesswho_lessons.exercises import all_exercises
    answers, states = set(), set()
    for ex in all_exercises():
        answers |= {a for a in ex.answers() if isinstance(a, Fraction)}
        states |= {(int(n), int(m)) for n, m in _STATE.findall(ex.about + " " + ex.hint)}
    return answers, states


def test_the_recurrence_a_student_opens_shows_no_exercise_answer():
    """Lesson 01 has the student open ``gw.recurrence??``: its examples must work a state no exercise asks about,
    and print no value that is an exercise's answer (they used to show P(4, 4) = 9/16 and the (1, 3), (2, 2)
    values that lessons 00-02 ask for)."""
    states, values = shown_in_examples(gw.recurrence)
    assert states and values                          # the examples are still there, and the doctest checks them
    answers, asked = answers_and_states()
    assert not states & asked, states & asked
    assert not values & answers, values & answers
