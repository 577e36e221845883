"""Every exercise of the lessons, one module per topic, and the look-ups that load them when first asked for.

    from guesswho_lessons import check, hint
    check("02-halving", "1/2")     # the feedback, shown under the cell (its number, "02.1", works too)
    hint("02-halving")             # the hint, only when asked for

A topic's module declares its exercises with :func:`~guesswho_lessons.reader.framework.exercise`; this package
loads a lesson's module the first time one of its exercises is asked for (a lesson's first check does not import
the board or the codes it does not need).
"""

from __future__ import annotations

import importlib

from ..reader import class_link
from ..reader.answers import Feedback
from ..reader.framework import ID, KEY, Exercise, Hint, registered, registered_for

__all__ = ["check", "hint", "get", "exercises_for", "all_exercises", "lesson_modules", "MODULES"]

#: Each lesson's exercises: the topic module that declares them.
MODULES = {"00": "small_states", "01": "recurrence", "02": "cushing_rule", "03": "nica", "04": "first_move",
           "05": "continuous", "06": "paradox", "07": "lies", "08": "costs", "09": "boards",
           "x1": "continuous_proofs", "x2": "paradox_tables", "x3": "codes", "x4": "two_traits", "x5": "statistics"}


def lesson_modules() -> list[str]:
    """The lesson ids that have exercises ("00", ..., "x5")."""
    return sorted(MODULES)


def _load(lesson: str) -> None:
    if lesson in MODULES:
        importlib.import_module(f"{__name__}.{MODULES[lesson]}")


def get(id: str) -> Exercise:
    """The exercise with this key ("02-halving") or number ("02.1"); a clear error for one that does not exist."""
    m = (ID.fullmatch(id) or KEY.fullmatch(id)) if isinstance(id, str) else None
    if m is None:
        raise ValueError(f"exercise must be given by its key, such as '02-halving' (the lesson, a hyphen, a name), "
                         f"or its number, such as '02.1' or '02.4a', got {id!r}")
    _load(m.group(1))
    found = registered(id)
    if found is None:
        have = ", ".join(f"{e.key} ({e.id})" for e in registered_for(m.group(1)))
        raise ValueError(f"no exercise {id!r}; lesson {m.group(1)} has {have or 'none'}")
    return found


def check(id: str, answer) -> Feedback:
    """Check a student's answer to exercise ``id`` (its key or its number); the feedback shows nicely in a
    notebook.  Never raises on any answer (an unknown ``id`` is a ValueError).  After
    :func:`~guesswho_lessons.reader.class_link.join_class`, the result (never the answer) also goes to the class
    session (:func:`~guesswho_lessons.reader.class_link.report`)."""
    exercise = get(id)
    feedback = exercise.check(answer)
    class_link.report(exercise, answer, feedback)
    return feedback


def hint(id: str) -> str:
    """The hint of exercise ``id``, shown only when asked for."""
    ex = get(id)
    return Hint(ex.hint or "There is no hint for this exercise: reread the lesson above it.")


def exercises_for(lesson: str) -> list[Exercise]:
    """The exercises of one lesson ("02"), in order."""
    _load(lesson)
    return registered_for(lesson)


def all_exercises() -> list[Exercise]:
    """Every exercise of every lesson (each lesson's in order)."""
    out = []
    for lesson in lesson_modules():
        out += exercises_for(lesson)
    return out
