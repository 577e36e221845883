"""Exercises for the lessons: one framework (:mod:`.framework`), one answer reader (:mod:`.answers`), answers
computed by the library.

In a notebook a student writes::

    from guesswho_lib.exercises import check, hint
    check("01.2", "5/9")        # or Fraction(5, 9), or 5/9 typed as a decimal (then: "did you mean 5/9?")
    hint("01.2")                # the hint, only when asked for (or after a wrong answer)

The exercises of lesson NN are in ``lessonNN.py``; worked solutions are in ``teacher/solutions/``, apart from the
student notebooks.  This package only gathers the public names of its modules.
"""

from .answers import Approx, Exact, Feedback, Function, Kind, Move, Reading, SetOf, Tuple, Whole, Word, YesNo
from .framework import (INTERNAL_ERROR, Answer, Exercise, all_exercises, check, exercise, exercises_for, get, hint,
                        lesson_modules)

__all__ = ["check", "hint", "get", "exercises_for", "all_exercises", "lesson_modules", "exercise", "Answer",
           "Exercise", "Feedback", "INTERNAL_ERROR", "Exact", "Whole", "Word", "YesNo", "Move", "Tuple", "SetOf",
           "Function", "Approx", "Kind", "Reading"]
