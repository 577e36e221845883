"""Exercises for lesson 00 (start here): board states and the smallest games, played by hand.

Also the answer-reading helpers the other lesson modules use: a student may type ``Fraction(9, 16)``,
``"9/16"``, ``sympy.Rational(9, 16)`` or ``9/16`` (a float, accepted only with a nudge towards exact
fractions when it is the right number, since these lessons are about exact answers).
"""

from __future__ import annotations

import numbers
from fractions import Fraction

from ..game.rules import GUESS
from ..game.solver import cached_solution
from . import Feedback, exercise, read_fraction

__all__ = ["as_decision", "as_fraction", "capitalised", "decision_problem", "fraction_feedback", "still_none"]


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


@exercise("00.1", "Your opponent has one suspect left", level=1,
          hint="If you do not guess now, your opponent names their person on their next turn and wins.")
def _ex1(answer):
    right = cached_solution("official", 3).P(3, 1)
    return fraction_feedback(answer, right, "P(3, 1), your chance at (3, 1)", {
        Fraction(0): "that is what happens if you ask a question. Guessing is better than certain defeat.",
        Fraction(1, 2): "asking a question cannot help: your opponent wins on their next turn whatever you learn.",
    })


@exercise("00.2", "Two suspects each", level=1,
          hint="Try both: guess now, or ask 'is it this one?' and let your opponent move from (2, 1).")
def _ex2(answer):
    right = cached_solution("official", 2).P(2, 2)
    return fraction_feedback(answer, right, "P(2, 2)", {
        Fraction(1): "after your question you know the person, but it is your opponent's turn: at (2, 1) they guess "
                     "and are right half the time.",
        Fraction(3, 4): "after a question your opponent is at (2, 1) with ONE turn left before you win: they guess, "
                        "and are right with probability 1/2, so you win only 1/2.",
    })


@exercise("00.3", "Two suspects against five", level=2,
          hint="Ask 'is it this one?': whatever the answer, you know the person. What can your opponent do at (5, 1)?")
def _ex3(answer):
    right = cached_solution("official", 5).P(2, 5)
    return fraction_feedback(answer, right, "P(2, 5)", {
        Fraction(1, 2): "that is the value of guessing now. Asking first is better: your opponent must then guess among 5.",
        Fraction(1, 5): "that is your OPPONENT's chance after your question. You want your own.",
        Fraction(1): "your opponent still gets one turn: at (5, 1) they guess, and are right with probability 1/5.",
    })
