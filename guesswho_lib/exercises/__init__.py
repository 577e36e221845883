"""Exercises for the lessons, with answer checkers that give useful feedback.

Each lesson has a module here (``lesson01``, ``lesson02``, ...) that registers its exercises with
:func:`exercise`.  In a notebook a student writes::

    from guesswho_lib.exercises import check
    check("01.2", Fraction(7, 12))

and reads the feedback.  The right answers are computed by the library when the checker runs, never
typed in, so a checker cannot drift from the mathematics.  Worked solutions live in
``notebooks/solutions/``, apart from the student notebooks.
"""

from __future__ import annotations

import importlib
import numbers
from fractions import Fraction
from dataclasses import dataclass
from typing import Callable

__all__ = ["Exercise", "Feedback", "exercise", "check", "get", "exercises_for", "read_fraction"]


@dataclass(frozen=True)
class Feedback:
    ok: bool
    message: str

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        return ("Correct! " if self.ok else "Not yet. ") + self.message

    def _repr_markdown_(self) -> str:
        return ("**Correct!** " if self.ok else "**Not yet.** ") + self.message


@dataclass(frozen=True)
class Exercise:
    id: str                      # "01.2": lesson 01, exercise 2
    title: str
    level: int                   # 1 = warm-up, 2 = practice, 3 = stretch
    checker: Callable[[object], Feedback]
    hint: str = ""


_REGISTRY: dict[str, Exercise] = {}


def exercise(id: str, title: str, level: int = 1, hint: str = ""):
    """Register ``checker(answer) -> Feedback`` (or ``-> (ok, message)``) as exercise ``id``."""
    def deco(checker):
        def wrapped(answer):
            res = checker(answer)
            return res if isinstance(res, Feedback) else Feedback(bool(res[0]), str(res[1]))
        _REGISTRY[id] = Exercise(id, title, level, wrapped, hint)
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


def read_fraction(answer, what: str = "your answer"):
    """A student's answer as an exact Fraction: ``(Fraction, "")``, or ``(None, message)`` saying what to give
    instead.  Accepts ints, Fractions, sympy Rationals and strings such as '9/16'; a float is refused with a
    message (the lessons ask for exact values)."""
    if answer is None:
        return None, f"{what} is still None: replace None by your answer, an exact fraction such as Fraction(3, 4)."
    if isinstance(answer, bool):
        return None, f"{what} should be an exact fraction such as Fraction(3, 4), not a bool."
    if isinstance(answer, float):
        return None, (f"{what} is a float ({answer}); give the exact value, e.g. Fraction(3, 4) "
                      "(from fractions import Fraction).")
    if hasattr(answer, "p") and hasattr(answer, "q"):  # sympy.Rational
        return Fraction(int(answer.p), int(answer.q)), ""
    if isinstance(answer, (numbers.Rational, str)):
        try:
            return Fraction(answer), ""
        except (ValueError, ZeroDivisionError):
            pass
    return None, f"{what} should be an exact fraction such as Fraction(3, 4), got {answer!r}."
