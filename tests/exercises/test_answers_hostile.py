"""Answers that try to fool the checker, or to escape it, get a plain "not yet" with a reason.

* a number too long to write out (10**5000) is told it is not the answer, not "the checker itself failed";
* a student's function that calls exit() or raises KeyboardInterrupt ends in feedback, never escapes check();
* an ``int`` or ``Fraction`` subclass whose ``==`` is always true is judged by its value.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from guesswho_lessons.reader.framework import INTERNAL_ERROR
from guesswho_lessons.exercises import all_exercises, check

FUNCTION_EXERCISES = [e for e in all_exercises() if e.kind.takes_function]


def test_a_number_too_long_to_write_out_is_told_it_is_not_the_answer():
    fb = check("05.2", 10**5000)
    assert not fb.ok and INTERNAL_ERROR not in fb.message and "5001 digits" in fb.message


def test_the_exercises_that_take_a_function_are_the_ones_the_red_team_named():
    assert {"01.4", "08.4", "x2.5"} <= {e.id for e in FUNCTION_EXERCISES}      # 08.4: the strategy to write


@pytest.mark.parametrize("exercise", FUNCTION_EXERCISES, ids=lambda e: e.id)
@pytest.mark.parametrize("escape, says", [(SystemExit, "called exit()"), (KeyboardInterrupt, "interrupted")])
def test_a_function_that_exits_or_interrupts_gets_feedback(exercise, escape, says):
    def my_function(*args):
        raise escape(3) if escape is SystemExit else escape()

    fb = exercise.check(my_function)
    assert not fb.ok and says in fb.message and INTERNAL_ERROR not in fb.message


class AlwaysEqualInt(int):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = int.__hash__


class AlwaysEqualFraction(Fraction):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = Fraction.__hash__


@pytest.mark.parametrize("exercise", [e for e in all_exercises()], ids=lambda e: e.id)
def test_a_number_whose_equality_always_says_yes_is_judged_by_its_value(exercise):
    rights = [r for r in exercise.answers() if isinstance(r, (int, Fraction)) and not isinstance(r, bool)]
    wrong = next(Fraction(k, 977) for k in range(1, 10**6) if Fraction(k, 977) not in rights)
    liars = [AlwaysEqualInt(int(wrong * 977) + 10**6), AlwaysEqualFraction(wrong)]
    for liar in liars:
        answers = [liar, (liar, liar), [liar]] + ([lambda *args, liar=liar: liar] if exercise.kind.takes_function
                                                  else [])
        for answer in answers:
            fb = exercise.check(answer)
            assert not fb.ok, (exercise.id, type(liar).__name__, answer, fb.message)
