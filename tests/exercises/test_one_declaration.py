"""An exercise is declared once: a second declaration under a key already taken is refused, naming the key and both
places, whatever the second one asks; loading the same module again (a reload) is the same declaration.  Its key
is its stable id: an exercise added between two others changes no other exercise's key, and what is stored or
written under a key still means the same exercise; only the numbers shown after it move up."""

from __future__ import annotations

import pytest

from guesswho_lessons.exercises import all_exercises
from guesswho_lessons.reader import Answer, Exact, exercise, framework


def test_declaring_an_exercise_twice_is_refused_naming_the_id_and_both_places(registry):
    @exercise("09-first-of-two", "A first exercise", kind=Exact(), about="the first answer")
    def first_declaration():
        return Answer(1)

    with pytest.raises(ValueError) as refused:
        @exercise("09-first-of-two", "Another exercise under the same id", kind=Exact(), about="another answer")
        def second_declaration():
            return Answer(2)
    message = str(refused.value)
    assert "exercise 09-first-of-two" in message
    assert f"{__name__}.{first_declaration.__qualname__}" in message
    assert "second_declaration" in message
    assert registry["09-first-of-two"].solve is first_declaration            # the first stays; nothing was overwritten


def test_an_id_the_course_already_uses_is_refused_naming_where_the_course_declares_it(registry):
    course = registry["02-every-exception"].solve
    with pytest.raises(ValueError, match=rf"exercise 02-every-exception is declared twice: in {course.__module__}\."
                                          rf"{course.__qualname__} and in {__name__}\."):
        @exercise("02-every-exception", "A new exercise that took a used key", kind=Exact(), about="an answer")
        def newcomer():
            return Answer(0)
    assert registry["02-every-exception"].solve is course


def test_the_same_declaration_again_a_module_reloaded_is_no_duplicate(registry):
    def declare():
        @exercise("09-reloaded", "An exercise", kind=Exact(), about="the answer")
        def the_exercise():
            return Answer(1)
        return the_exercise

    declare()
    again = declare()                                           # the same function of the same module: a reload
    assert registry["09-reloaded"].solve is again


def test_an_exercise_added_between_two_others_changes_no_key_and_numbers_the_rest_after_it(registry, monkeypatch):
    from guesswho_lessons.exercises import get
    before = {e.key: (e.id, e.solve) for e in all_exercises()}

    @exercise("02-a-new-question", "A question added after the first", kind=Exact(), about="an answer")
    def added():
        return Answer(0)
    order = list(registry)                                      # declared second in its lesson's module:
    order.remove("02-a-new-question")
    order.insert(order.index("02-halving") + 1, "02-a-new-question")
    monkeypatch.setattr(framework, "_REGISTRY", {k: registry[k] for k in order})
    framework._numbers.cache_clear()

    assert get("02-a-new-question").id == "02.2" and get("02.2").solve is added
    for key, (number, solve) in before.items():
        assert get(key).solve is solve                          # every key still means its exercise
        lesson, rest = number.split(".")
        moved = lesson == "02" and number != "02.1"
        digits = rest.rstrip("abc")
        expected = f"02.{int(digits) + 1}{rest[len(digits):]}" if moved else number
        assert get(key).id == expected, key
