"""An exercise is declared once: a second declaration under an id already taken is refused, naming the id and both
places, whatever the second one asks; loading the same module again (a reload) is the same declaration."""

from __future__ import annotations

import pytest

from guesswho_lessons.exercises import all_exercises
from guesswho_lessons.reader import Answer, Exact, exercise, framework


@pytest.fixture
def registry(monkeypatch):
    """The course's registry, every exercise loaded, copied: what a test declares goes with the test."""
    all_exercises()
    monkeypatch.setattr(framework, "_REGISTRY", dict(framework._REGISTRY))
    return framework._REGISTRY


def test_declaring_an_exercise_twice_is_refused_naming_the_id_and_both_places(registry):
    @exercise("09.98", "A first exercise", kind=Exact(), about="the first answer")
    def first_declaration():
        return Answer(1)

    with pytest.raises(ValueError) as refused:
        @exercise("09.98", "Another exercise under the same id", kind=Exact(), about="another answer")
        def second_declaration():
            return Answer(2)
    message = str(refused.value)
    assert "exercise 09.98" in message
    assert f"{__name__}.{first_declaration.__qualname__}" in message
    assert "second_declaration" in message
    assert registry["09.98"].solve is first_declaration            # the first stays; nothing was overwritten


def test_an_id_the_course_already_uses_is_refused_naming_where_the_course_declares_it(registry):
    course = registry["02.4"].solve
    with pytest.raises(ValueError, match=rf"exercise 02\.4 is declared twice: in {course.__module__}\."
                                          rf"{course.__qualname__} and in {__name__}\."):
        @exercise("02.4", "A new exercise that took a used id", kind=Exact(), about="an answer")
        def newcomer():
            return Answer(0)
    assert registry["02.4"].solve is course


def test_the_same_declaration_again_a_module_reloaded_is_no_duplicate(registry):
    def declare():
        @exercise("09.99", "An exercise", kind=Exact(), about="the answer")
        def the_exercise():
            return Answer(1)
        return the_exercise

    declare()
    again = declare()                                           # the same function of the same module: a reload
    assert registry["09.99"].solve is again
