"""The answer reader: one framework (:mod:`.framework`), the kinds of answer it reads (:mod:`.answers`,
:mod:`.reading`), the limits a student's code runs within (:mod:`.limits`), and the class link (:mod:`.class_link`).

The feedback never names a value the student did not type (tests/exercises/test_feedback_properties.py); a student's
function, or an answer whose own code never returns, is stopped within the limits of :mod:`.limits`.  In a class
session, ``join_class("K7QMD", "Sam", "http://10.0.0.5:8866/")`` once, and each ``check()`` then tells the
teacher's page whether the answer was right, never the answer (:mod:`.class_link`).

The exercises themselves are declared in :mod:`guesswho_lessons.exercises`; this package only gathers the public
names of its modules.
"""

from .answers import Approx, Exact, Feedback, Function, Kind, Move, Reading, SetOf, Tuple, Whole, Word, YesNo
from .class_link import join_class, leave_class
from .framework import INTERNAL_ERROR, LEVELS, Answer, Exercise, exercise

__all__ = ["join_class", "leave_class", "exercise", "Answer", "Exercise", "Feedback", "INTERNAL_ERROR", "LEVELS",
           "Exact", "Whole", "Word", "YesNo", "Move", "Tuple", "SetOf", "Function", "Approx", "Kind", "Reading"]
