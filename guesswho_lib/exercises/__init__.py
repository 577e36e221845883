"""Exercises for the lessons: one framework (:mod:`.framework`), one answer reader (:mod:`.answers`), answers
computed by the library.

In a notebook a student writes::

    from guesswho_lib.exercises import check, hint
    check("01.2", "5/9")        # or Fraction(5, 9); a decimal or a percentage that rounds the answer ("0.56",
                                # "56%") is told it is right to its digits, and to give the answer exactly
    hint("01.2")                # the hint, only when asked for (or after a wrong answer)

The feedback never names a value the student did not type (tests/exercises/test_feedback_properties.py); a student's
function, or an answer whose own code never returns, is stopped within the limits of :mod:`.limits`.

The exercises of lesson NN are in ``lessonNN.py``; worked solutions are in ``teacher/solutions/``, apart from the
student notebooks.  This package only gathers the public names of its modules.
"""

from .answers import Approx, Exact, Feedback, Function, Kind, Move, Reading, SetOf, Tuple, Whole, Word, YesNo
from .framework import (INTERNAL_ERROR, Answer, Exercise, all_exercises, check, exercise, exercises_for, get, hint,
                        lesson_modules)

__all__ = ["check", "hint", "get", "exercises_for", "all_exercises", "lesson_modules", "exercise", "Answer",
           "Exercise", "Feedback", "INTERNAL_ERROR", "Exact", "Whole", "Word", "YesNo", "Move", "Tuple", "SetOf",
           "Function", "Approx", "Kind", "Reading"]
