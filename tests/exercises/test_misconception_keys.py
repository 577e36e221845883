"""The misconceptions a lesson sends to the class session come from what the answer reader already recognises
(guesswho_lessons.reader.class_link): an exercise's tempting wrong values, each explained in its own words.

* every tempting wrong value of every exercise, typed as an answer, is recognised as its misconception exactly
  when the feedback says its words (the halving value at (4, 4) among them), and a right answer as none;
* a decimal that rounds a tempting value is recognised too (the feedback explains it); an answer that merely
  contains the words, as text, is not;
* the keys are the same in every process (a kernel and the class server compute them apart) and name no value.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from guesswho_lessons.exercises import all_exercises, get
from guesswho_lessons.reader.class_link import misconceptions, recognised

EXERCISES = all_exercises()


@pytest.mark.parametrize("exercise", EXERCISES, ids=[e.id for e in EXERCISES])
def test_every_tempting_value_is_its_misconception_exactly_when_the_feedback_explains_it(exercise):
    keys = {words: key for key, words in misconceptions(exercise).items()}
    for value, words in exercise.solution().wrong.items():
        feedback = exercise.check(value)
        assert not feedback.ok
        expected = keys[words] if words in feedback.message else None
        assert recognised(exercise, feedback) == expected, (value, feedback.message)
    for right in exercise.answers()[:3]:
        assert recognised(exercise, exercise.check(right)) is None


def test_the_halving_value_at_four_four_is_recognised():
    ex = get("02.2")                                     # your chance with [1 : 3]; the even split's value tempts
    halving = ex.solution().wrong
    value = next(v for v, words in halving.items() if "even split" in words)
    key = recognised(ex, ex.check(value))
    assert key is not None and "even split [2 : 2]" in misconceptions(ex)[key]
    assert recognised(ex, ex.check(float(value))) == key                  # 0.5, a decimal of the same value
    assert recognised(ex, ex.check(f"x: {misconceptions(ex)[key]}")) is None   # the words typed as an answer


def test_the_keys_are_the_same_in_another_process_and_name_no_value():
    here = {e.id: misconceptions(e) for e in EXERCISES[:12]}
    code = ("import json; from guesswho_lessons.exercises import get; from guesswho_lessons.reader.class_link import "
            f"misconceptions; print(json.dumps({{i: misconceptions(get(i)) for i in {list(here)!r}}}))")
    there = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                      check=True).stdout)
    assert there == here
    for e in EXERCISES:
        for key in misconceptions(e):
            assert len(key) == 12 and all(c in "0123456789abcdef" for c in key)
