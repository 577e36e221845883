"""Exercises for the lessons, with answer checkers that give useful feedback.

Each lesson has a module here (``lesson01``, ``lesson02``, ...): per-lesson exercise data, each checker
registered with :func:`exercise`.  Reading and judging answers (the one answer reader) is
:mod:`.answers`.  In a notebook a student writes::

    from guesswho_lib.exercises import check
    check("01.2", Fraction(7, 12))

and reads the feedback.  The right answers are computed by the library when the checker runs, never
typed in, so a checker cannot drift from the mathematics.  Worked solutions live in
``notebooks/solutions/``, apart from the student notebooks.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

from .answers import Feedback, read_fraction, still_none

__all__ = ["Exercise", "Feedback", "exercise", "check", "get", "exercises_for", "read_fraction"]


@dataclass(frozen=True)
class Exercise:
    id: str                      # "01.2": lesson 01, exercise 2
    title: str
    level: int                   # 1 = warm-up, 2 = practice, 3 = stretch
    checker: Callable[[object], Feedback]
    hint: str = ""
    expects: str = ""            # the form of an answer, e.g. "a whole number of board states"


_REGISTRY: dict[str, Exercise] = {}


def exercise(id: str, title: str, level: int = 1, hint: str = "", expects: str = ""):
    """Register ``checker(answer) -> Feedback`` (or ``-> (ok, message)``) as exercise ``id``.

    ``expects``: the form of an answer ("a whole number of board states"); when it is given, an answer that
    is still None gets "Your answer is still None: replace None by your answer, <expects>." without calling
    the checker."""
    def deco(checker):
        def wrapped(answer):
            if answer is None and expects:
                return still_none("your answer", expects)
            res = checker(answer)
            return res if isinstance(res, Feedback) else Feedback(bool(res[0]), str(res[1]))
        _REGISTRY[id] = Exercise(id, title, level, wrapped, hint, expects)
        return checker
    return deco


def _load(lesson: str) -> None:
    name = f"{__name__}.lesson{lesson}"
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise


def get(id: str) -> Exercise:
    if not isinstance(id, str) or "." not in id:
        raise ValueError(f"exercise id must look like '01.2' (lesson.number), got {id!r}")
    _load(id.split(".")[0])
    try:
        return _REGISTRY[id]
    except KeyError:
        raise ValueError(f"no exercise {id!r}; lesson {id.split('.')[0]} has "
                         f"{sorted(k for k in _REGISTRY if k.startswith(id.split('.')[0] + '.'))}") from None


def check(id: str, answer) -> Feedback:
    """Check a student's answer to exercise ``id`` and return feedback (shown nicely in a notebook)."""
    ex = get(id)
    fb = ex.checker(answer)
    if not fb.ok and ex.hint and "Hint" not in fb.message:
        fb = Feedback(False, fb.message + f" Hint: {ex.hint}")
    return fb


def exercises_for(lesson: str) -> list[Exercise]:
    _load(lesson)
    return [e for k, e in _REGISTRY.items() if k.startswith(lesson + ".")]
