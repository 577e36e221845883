"""The exercise framework: an exercise, its registry, and the feedback every exercise gives the same way.

A lesson's exercises live in ``lessonNN.py`` (``lessonx1.py`` for the extension lesson x1).  Each one declares
the kind of its answer (:class:`~.answers.Exact`, :class:`~.answers.Whole`, :class:`~.answers.Move`, ...) and a
function that computes the right answer(s) with the library when the exercise is first checked::

    @exercise("02-halving", "Halving at (4, 4)", level=1, kind=Exact(probability=True),
              about="your chance at (4, 4) when you halve", hint="...")
    def _():
        t = cached_solution("official", 4)
        return Answer(t.value(4, 4, (2, 2)), wrong={t.P(4, 4): "that is the best you can do at (4, 4) ..."})

An exercise has two names.  Its **key** ("02-halving": the lesson, then a name of its own) is its stable id: the
notebook's ``check("02-halving", ...)``, the class's stored results, the guide and the register use it, and it never
changes when exercises are added or moved.  Its **number** (``Exercise.id``, "02.1") is what students and teachers
read in the lesson's headings: it is not declared but follows from the order of the lesson's declarations (an
exercise declared with ``step=True`` is a step of the way into the next one: "02.4a", "02.4b" before "02.4").
:func:`guesswho_lessons.exercises.get` takes either.

The framework reads the answer with the kind, compares it, and writes the feedback the same way for every
exercise: an unreadable answer is told what to give, a right one is praised, a wrong one gets the exercise's
explanation of that tempting value (``wrong``, or ``explain(value)``) or "that is not <about>", then the hint.
A decimal or a percentage that is a correct rounding of the answer (:class:`~.reading.Rounding`) is told it is
right to its digits and must be given exactly, unless it is exactly a tempting wrong value (0.5 for 1/2); one
that is, or rounds, a tempting wrong value gets that value's explanation; any other is told it is not right to its
digits.

Feedback never names a value the student did not type: not the answer, not a fraction near their decimal, not a
value computed from their answer (``tests/lessons/test_lessons_quality.py`` and
``tests/exercises/test_feedback_properties.py`` feed every exercise answers of every kind and check it).  The
reading and judging run within the limits of :mod:`.limits`: a student's function that never returns, or an
answer whose own ``repr`` never does, is stopped with a message.  :meth:`Exercise.answers` gives the right answers
to tests.
"""

from __future__ import annotations

import functools
import re
import threading
from dataclasses import dataclass, field
from typing import Callable

from .answers import Feedback, Kind, Reading, Whole, capitalised, shown
from .limits import Stopped, TimeLimit, run_within_limits
from .reading import Rounding

__all__ = ["Answer", "Exercise", "INTERNAL_ERROR", "LEVELS", "ID", "KEY", "KEY_LENGTH", "exercise", "registered",
           "registered_for", "Hint"]

#: what each level asks: 4, a challenge beyond the stretch, is optional and comes after the exit ticket
LEVELS = {1: "no programming", 2: "practice", 3: "stretch", 4: "challenge"}
#: "02.4": lesson 02, exercise 4; "02.4a", "02.4b", ...: the steps of a way into exercise 02.4, set before it
ID = re.compile(r"(\d\d|x\d)\.(\d+)([a-z]?)")
#: "02-halving": an exercise's stable id, its lesson then a name of its own (lower case, digits and hyphens)
KEY = re.compile(r"(\d\d|x\d)-([a-z0-9]+(?:-[a-z0-9]+)*)")
KEY_LENGTH = 40
INTERNAL_ERROR = "Sorry: the checker itself failed on this answer"


class Answer:
    """What an exercise's function returns: the right answer(s), computed with the library, and what to say about
    tempting wrong ones.

    ``Answer(*right, wrong={value: why}, explain=f, praise="")``: any one of ``right`` is accepted; ``wrong`` maps
    a tempting wrong value to where it comes from; ``explain(value)`` may compute a message for any other wrong
    value (or return None); ``praise`` is added after "Correct!".  None of these texts may state a right answer
    (tested)."""

    __slots__ = ("right", "wrong", "explain", "praise")

    def __init__(self, *right, wrong: dict | None = None, explain: Callable | None = None, praise: str = ""):
        if not right:
            raise ValueError("an Answer needs at least one right answer")
        self.right, self.wrong, self.explain, self.praise = right, dict(wrong or {}), explain, praise


@dataclass(frozen=True, eq=False)
class Exercise:
    """One registered exercise.  ``kind`` reads its answers; ``solve()`` computes its :class:`Answer`."""

    key: str                     # "01-three-by-hand": its stable id (never changes)
    title: str
    level: int                   # 1 = warm-up (no programming), 2 = practice, 3 = stretch, 4 = challenge
    kind: Kind
    solve: Callable[[], Answer]
    about: str                   # what is asked, for messages: "P(3, 3)", "the best question at (4, 4)"
    hint: str = ""
    step: bool = False           # a step of the way into the next exercise of its lesson
    _cache: dict = field(default_factory=dict, repr=False)

    @property
    def lesson(self) -> str:
        return self.key.split("-")[0]

    @property
    def subject(self) -> str:
        """What is asked, as the subject of a sentence: "whether ..." becomes "the answer to whether ..."."""
        return f"the answer to {self.about}" if self.about.startswith(("whether ", "whether,")) else self.about

    @property
    def id(self) -> str:
        """Its number in its lesson ("01.2", "02.4a"), from the order of the lesson's declarations."""
        return _numbers(self.lesson)[self.key]

    def solution(self) -> Answer:
        """The :class:`Answer`, computed once (right and wrong values in the kind's canonical form)."""
        with _LOCK:
            if "solution" not in self._cache:
                raw = self.solve()
                right = tuple(dict.fromkeys(self.kind.canonical(r) for r in raw.right))
                wrong = {}
                for w, why in raw.wrong.items():
                    w = self.kind.canonical(w)
                    if not any(self.kind.equal(w, r) for r in right):   # a computed coincidence: not wrong
                        wrong[w] = why
                self._cache["solution"] = Answer(*right, wrong=wrong, explain=raw.explain, praise=raw.praise)
            return self._cache["solution"]

    def answers(self) -> tuple:
        """The right answers in canonical form (for tests: never shown to a student)."""
        return self.solution().right

    def check(self, answer) -> Feedback:
        """Feedback on ``answer``; never raises, and returns within the limits of :mod:`.limits` (the reading of
        the answer and any code of the student's it runs are stopped past them)."""
        try:
            self.solution()                       # the library's work, outside the student's limits
            fb = run_within_limits(self._check, answer)
        except Stopped as e:
            return Feedback(False, self._stopped(e, answer))
        except SystemExit:                        # exit() in the student's code: it would end the kernel
            return Feedback(False, "Your code called exit() (SystemExit), which ends the whole program, so it "
                                   "was stopped. Give the answer itself, or a function that returns it.")
        except KeyboardInterrupt:                 # the stop button, or raised by the student's code
            return Feedback(False, "The check was interrupted (KeyboardInterrupt) before it finished: run the "
                                   "cell again.")
        except Exception as e:
            return Feedback(False, f"{INTERNAL_ERROR} ({type(e).__name__}). Please tell your teacher.")
        if not isinstance(fb.message, str) or not fb.message:
            return Feedback(bool(fb.ok), "(no message)")
        return fb

    def _stopped(self, stop: Stopped, answer) -> str:
        if self.kind.takes_function and callable(answer):
            who = "Your function" + (f" (at {stop.where})" if stop.where else "")
            advice = ("Does it loop for ever, or work out the same values again and again (functools.cache "
                      "remembers them)?" if isinstance(stop, TimeLimit) else
                      "Does a list or a dictionary grow without end?")
            return f"{stop.describe(who)}. {advice}"
        return (f"{stop.describe('Reading your answer')}: your object runs code of its own (its repr, ==, or "
                f"iteration) that does not finish. Give a plain value: {self.kind.expects}.")

    def _check(self, answer) -> Feedback:
        kind = self.kind
        if answer is None:
            return Feedback(False, f"Replace None by your answer: {kind.expects}.")
        reading = _read(kind, answer)
        if not reading.ok:
            return Feedback(False, _sentence(reading.problem))
        sol = self.solution()
        ok, detail = kind.judge(reading.value, sol.right)
        echo = reading.shown or kind.show(reading.value)
        rounding = reading.rounding
        if ok and not (rounding is not None and rounding.cut):
            said = kind.show(reading.value)
            wrote = f" (you wrote {echo})" if reading.shown and echo != said and not callable(reading.value) else ""
            head = detail or (f"{capitalised(self.subject)} is {said}{wrote}." if not callable(reading.value)
                              else "Your function agrees with the library at every point checked.")
            return Feedback(True, head + (f" {sol.praise}" if sol.praise else ""))
        tempting = None if rounding is None or rounding.cut else \
            next((text for w, text in sol.wrong.items() if kind.equal(reading.value, w)), None)
        if tempting is None and rounding is not None and any(rounding.covers(r) for r in sol.right):
            return Feedback(False, _right_but_rounded(echo, rounding, self.subject, kind.expects))
        beside = _next_to_a_right_number(kind, reading.value, sol.right)
        why = None if (rounding is not None and rounding.cut) or beside else \
            next((text for w, text in sol.wrong.items() if kind.equal(reading.value, w)), None)
        if why is not None:
            message = f"You gave {echo}: {why}"
        else:
            near = [text for w, text in sol.wrong.items() if rounding is not None and rounding.covers(w)]
            if len(set(near)) == 1:             # a rounding of tempting wrong values with one explanation
                message = f"You gave {echo}; {rounding.words}, {near[0]}"
            else:
                if sol.explain is not None and not beside and \
                        not (rounding is not None and (rounding.cut or rounding.printed)):
                    try:
                        why = sol.explain(reading.value)
                    except ValueError:            # a number too long to write out (over 4300 digits)
                        why = None
                message = f"You gave {echo}: {why}" if why else (
                    detail or getattr(kind, "wrong_message", lambda *a: "")(reading.value, self.subject, echo)
                    or _not_right(echo, rounding, self.subject, sol.right))
        if self.hint:
            message += f' (Stuck? hint("{self.key}") shows a hint.)'
        return Feedback(False, message)


#: A whole number this close to a right answer gets the plain "that is not ..." message: an explanation of a
#: neighbour ("one fewer", "still too big", "a neighbour is lower") would narrow the answer to one candidate.
NEIGHBOURS = 1


def _next_to_a_right_number(kind: Kind, value, rights) -> bool:
    """Whether ``value`` is a whole number within :data:`NEIGHBOURS` of a right whole-number answer."""
    if not isinstance(kind, Whole) or not isinstance(value, int) or isinstance(value, bool):
        return False
    return any(isinstance(r, int) and abs(value - r) <= NEIGHBOURS for r in rights)


def _right_but_rounded(echo: str, rounding: Rounding, about: str, expects: str) -> str:
    """A decimal that is a correct rounding of the answer: right to its digits, to be given exactly (no value
    named)."""
    message = f"{echo} is right {rounding.words}. Now give {about} exactly: {expects}."
    if rounding.from_float and rounding.printed:
        message += " (Typed in a cell, a division p/q is worked out as a decimal: write Fraction(p, q) instead.)"
    return message


def _not_right(echo: str, rounding: Rounding | None, about: str, rights) -> str:
    """A wrong answer with nothing more to say about it; for a decimal, that it is not right to its digits, and
    whether the answer begins with them (cut off rather than rounded)."""
    if rounding is None:
        return f"You gave {echo}; that is not {about}."
    if rounding.cut:
        return f"You gave {echo}, but {about} does not begin with these digits."
    if rounding.printed:
        return f"You gave {echo}; that is not {about}, and not a decimal close to it."
    message = f"You gave {echo}, but {about} is not {echo} {rounding.words}."
    if any(rounding.begins(r) for r in rights):
        message += " It does begin with these digits: round the last one, or better, give the exact fraction."
    return message


def _read(kind: Kind, answer) -> Reading:
    try:
        return kind.read(answer)
    except Exception as e:
        return Reading(None, f"{shown(answer)} could not be read ({type(e).__name__}); give {kind.expects}")


def _sentence(text: str) -> str:
    text = capitalised(text.strip())
    return text if text.endswith((".", "!", "?")) else text + "."


_REGISTRY: dict[str, Exercise] = {}     # by key, in the order of declaration
_LOCK = threading.RLock()


def exercise(key: str, title: str, level: int = 1, hint: str = "", *, kind: Kind, about: str, step: bool = False):
    """Register an exercise under its stable ``key`` ("02-halving"): the decorated function takes no argument and
    returns an :class:`Answer`; ``kind`` reads the student's answers and ``about`` says what is asked (used in the
    feedback); ``step=True`` makes it a step of the way into the exercise declared next."""
    if not isinstance(key, str) or len(key) > KEY_LENGTH or not KEY.fullmatch(key):
        raise ValueError(f"exercise key must be its lesson, a hyphen and a name in lower-case letters, digits and "
                         f"hyphens, at most {KEY_LENGTH} characters ('02-halving', 'x1-proof-of-the-limit'), "
                         f"got {key!r}")
    if level not in LEVELS:
        raise ValueError(f"level must be 1, 2, 3 or 4, got {level!r}")
    if not isinstance(kind, Kind):
        raise TypeError(f"exercise {key}: kind must be a kind of answer (Exact(), Whole(), Move(n), ...), "
                        f"got {shown(kind)}")
    if not isinstance(about, str) or not about:
        raise ValueError(f"exercise {key}: say what is asked in `about` (used in the feedback)")

    def deco(fn):
        with _LOCK:
            first = _REGISTRY.get(key)
            if first is not None and _place(first.solve) != _place(fn):    # the same place again: a reload
                raise ValueError(f"exercise {key} is declared twice: in {_place(first.solve)} and in {_place(fn)}; "
                                 "an exercise is declared once, under a key of its own")
            _REGISTRY[key] = Exercise(key, title, level, kind, fn, about, hint, bool(step))
            _numbers.cache_clear()
        return fn
    return deco


def _place(fn) -> str:
    """Where an exercise is declared: its function's module and name."""
    return f"{fn.__module__}.{fn.__qualname__}"


@functools.cache
def _numbers(lesson: str) -> dict[str, str]:
    """{key: number} of a lesson's exercises: 1, 2, ... in the order of declaration, the steps declared before an
    exercise numbered after it with a letter ("02.4a", "02.4b", then "02.4")."""
    with _LOCK:
        keys = [k for k, e in _REGISTRY.items() if e.lesson == lesson]
    out, number, steps = {}, 0, []
    for k in keys:
        if _REGISTRY[k].step:
            steps.append(k)
            continue
        number += 1
        for letter, s in zip("abcdefghijklmnopqrstuvwxyz", steps):
            out[s] = f"{lesson}.{number}{letter}"
        out[k], steps = f"{lesson}.{number}", []
    for letter, s in zip("abcdefghijklmnopqrstuvwxyz", steps):      # steps into nothing yet: still numbered
        out[s] = f"{lesson}.{number + 1}{letter}"
    return out


def registered(id: str) -> Exercise | None:
    """The exercise registered under the key ``id`` or numbered ``id`` ("02.4a"), or None (the declarations are
    loaded by :mod:`guesswho_lessons.exercises`)."""
    with _LOCK:
        if id in _REGISTRY:
            return _REGISTRY[id]
        m = ID.fullmatch(id) if isinstance(id, str) else None
        if m is None:
            return None
        by_number = {n: k for k, n in _numbers(m.group(1)).items()}
        return _REGISTRY.get(by_number.get(id, ""))


def registered_for(lesson: str) -> list[Exercise]:
    """The registered exercises of one lesson ("02"), in the order of their numbers."""
    with _LOCK:
        found = [e for e in _REGISTRY.values() if e.lesson == lesson]
    return sorted(found, key=lambda e: _order(e.id))


def _order(id: str) -> tuple:
    """Where exercise number ``id`` comes in its lesson: by number, the steps of a way in ("02.4a", "02.4b") before
    the exercise they lead to ("02.4")."""
    number, step = ID.fullmatch(id).group(2, 3)
    return int(number), step == "", step


class Hint(str):
    def _repr_markdown_(self) -> str:
        return f"**Hint.** {self}"
