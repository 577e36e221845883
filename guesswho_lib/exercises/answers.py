"""Reading a student's answer and judging it: the one answer reader of the exercises.

A student may type ``Fraction(9, 16)``, ``"9/16"``, ``sympy.Rational(9, 16)`` or ``9/16`` (a float, accepted
only with a nudge towards exact fractions when it is the right number, since these lessons are about exact
answers); a move as ``(1, 3)``, ``[3, 1]``, ``1`` (the size of the group asked about) or ``"guess"``.

>>> as_fraction("9 / 16"), read_fraction(0.5)[0], as_decision((3, 1), 4)
(Fraction(9, 16), None, 1)
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from fractions import Fraction

from ..game.rules import GUESS

__all__ = ["Feedback", "FLOAT_NUDGE", "as_fraction", "read_fraction", "capitalised", "still_none",
           "fraction_feedback", "as_decision", "decision_problem"]


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


def as_fraction(answer):
    """The answer as an exact Fraction, a float (if a float was given), or None if it is not a number."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, Fraction):
        return answer
    if isinstance(answer, numbers.Integral):
        return Fraction(int(answer))
    if isinstance(answer, float):
        return answer
    if isinstance(answer, str):
        try:
            return Fraction(answer.replace(" ", ""))
        except (ValueError, ZeroDivisionError):
            return None
    try:  # sympy.Rational and other exact rationals
        p, q = answer.p, answer.q
        return Fraction(int(p), int(q))
    except AttributeError:
        pass
    try:
        return Fraction(answer.numerator, answer.denominator)
    except (AttributeError, TypeError):
        return None


def capitalised(message: str) -> str:
    """The message with its first word capitalised (feedback reads "Not yet. You gave ..."), unless that word
    is a mathematical name such as ``p_inf(4, 2)`` or ``n``, which keeps its case.

    >>> capitalised("your chance is 1/2."), capitalised("p_inf(4, 2) is 1/3."), capitalised("n m (P - p_inf)")
    ('Your chance is 1/2.', 'p_inf(4, 2) is 1/3.', 'n m (P - p_inf)')
    """
    word = message.split(" ", 1)[0]
    if len(word) > 1 and word.isalpha():
        return message[:1].upper() + message[1:]
    return message


FLOAT_NUDGE = "next time give the exact fraction (Fraction({p}, {q})): decimals hide the pattern."


def still_none(what: str, example: str) -> Feedback:
    """Feedback for an exercise cell that has not been answered yet (``answer = None``)."""
    return Feedback(False, capitalised(f"{what} is still None: replace None by your answer, {example}."))


def read_fraction(answer, what: str = "your answer"):
    """A student's answer as an exact Fraction: ``(Fraction, "")``, or ``(None, message)`` saying what to give
    instead.  Reads what :func:`as_fraction` reads, but refuses a float (the lessons ask for exact values)."""
    if answer is None:
        return None, f"{what} is still None: replace None by your answer, an exact fraction such as Fraction(3, 4)."
    if isinstance(answer, bool):
        return None, f"{what} should be an exact fraction such as Fraction(3, 4), not a bool."
    got = as_fraction(answer)
    if isinstance(got, float):
        return None, (f"{what} is a float ({answer}); give the exact value, e.g. Fraction(3, 4) "
                      "(from fractions import Fraction).")
    if got is None:
        return None, f"{what} should be an exact fraction such as Fraction(3, 4), got {answer!r}."
    return got, ""


def fraction_feedback(answer, right: Fraction, what: str, known_wrong: dict | None = None) -> Feedback:
    """Compare a numeric answer with the exact ``right`` value; ``known_wrong`` maps a tempting wrong value
    to an explanation of where it comes from."""
    if answer is None:                       # the exercise cell has not been answered yet
        return Feedback(False, capitalised(read_fraction(None, what)[1]))
    got = as_fraction(answer)
    if got is None:
        return Feedback(False, f"Give {what} as a number, e.g. Fraction(1, 2) or '1/2' (you gave {answer!r}).")
    if isinstance(got, float):
        if abs(got - float(right)) < 1e-9:
            return Feedback(True, capitalised(f"{what} is {right} ≈ {float(right):.6f}; ")
                            + FLOAT_NUDGE.format(p=right.numerator, q=right.denominator))
        got = Fraction(got).limit_denominator(10**6)
    if got == right:
        return Feedback(True, capitalised(f"{what} is {right}."))
    for wrong, why in (known_wrong or {}).items():
        if got == wrong:
            return Feedback(False, f"You gave {got}: {why}")
    if not 0 <= got <= 1:
        return Feedback(False, f"You gave {got}, but a probability lies between 0 and 1.")
    return Feedback(False, f"You gave {got}; that is not {what}.")


def as_decision(answer, n: int):
    """Read a decision at a board with n suspects: 0 / 'guess' / GUESS for a guess, k with 1 <= k < n or
    (k, n-k) or [k, n-k] for asking about a group of k.  Returns the decision min(k, n-k) (0 = guess), or None
    if unreadable or not a legal question (asking about all n suspects, or more, tells you nothing)."""
    if answer is GUESS or (isinstance(answer, str) and answer.strip().lower() == "guess"):
        return 0
    if isinstance(answer, bool):
        return None
    if isinstance(answer, numbers.Integral):
        k = int(answer)
        return min(k, n - k) if 0 <= k < n else None
    if isinstance(answer, (tuple, list)) and len(answer) == 2 and all(isinstance(x, numbers.Integral) for x in answer):
        a, b = sorted(int(x) for x in answer)
        return a if a >= 1 and a + b == n else None
    return None


def decision_problem(answer, n: int, example: str = "e.g. 1, or the split as a pair, e.g. (1, 3)",
                     can_guess: bool = True) -> str:
    """Why ``answer`` is not a readable decision at a board with n suspects (for a checker's feedback)."""
    if isinstance(answer, numbers.Integral) and not isinstance(answer, bool) and not 0 <= answer < n:
        return (f"{answer} is not a legal question with {n} suspects: ask about a group of k with 1 <= k < {n} "
                f"(asking about all {n} tells you nothing)" + (", or guess (k = 0)." if can_guess else "."))
    what = "0 for a guess" if can_guess else "there is no guessing in this game"
    return f"Give the decision k (the size of the group you ask about, {what}), {example}; you gave {answer!r}."
