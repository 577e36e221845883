"""Exercises for lesson 00 (start here): the smallest games, played by hand."""

from __future__ import annotations

from fractions import Fraction

from guesswho_lib.game.any_size import P
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.rules import GUESS
from ..reader.answers import Exact, Tuple, Whole, Word
from ..reader.framework import Answer, exercise


@exercise("00-one-suspect-left", "Your opponent has one suspect left", level=1, kind=Exact(probability=True),
          about="P(3, 1), your chance at (3, 1)",
          hint="If you do not guess now, your opponent names their person on their next turn and wins.")
def _():
    return Answer(P(3, 1), wrong={
        Fraction(0): "that is what happens if you ask a question. Guessing is better than certain defeat.",
        Fraction(1, 2): "asking a question cannot help: your opponent wins on their next turn whatever you learn.",
    })


@exercise("00-two-suspects-each", "Two suspects each", level=1, kind=Exact(probability=True), about="P(2, 2)",
          hint="Try both: guess now, or ask 'is it this one?' and let your opponent move from (2, 1).")
def _():
    return Answer(P(2, 2), wrong={
        Fraction(1): "after your question, whose turn is it at (2, 1), and what can that player do there?",
        Fraction(3, 4): "after a question your opponent is at (2, 1) with ONE turn left before you win: work out "
                        "their chance there first.",
    })


@exercise("00-two-against-five", "Two suspects against five", level=2, kind=Exact(probability=True), about="P(2, 5)",
          hint="Ask 'is it this one?': whatever the answer, you know the person. What can your opponent do at (5, 1)?")
def _():
    return Answer(P(2, 5), wrong={
        Fraction(1, 2): "that is the value of guessing now. Asking first is better: your opponent must then guess "
                        "among 5.",
        Fraction(1, 5): "after your question, whose turn is it at (5, 1)? Draw the tree to its ends and mark who "
                        "has won at each.",
        Fraction(1): "your opponent still gets one turn: at (5, 1) they guess, and may be right.",
    })


# ---- the exit ticket: two quick questions at the end of the lesson (the paper ticket's, on new states) -------------
TICKET_SURE = (1, 9)      # 00.4: what the state means, and P there
TICKET_MOVE = (5, 1)      # 00.5: guess, or ask about one of your suspects?


@exercise("00-ticket-one-suspect-left", "Exit ticket: one suspect left", level=1, kind=Exact(probability=True),
          about=f"P{TICKET_SURE}",
          hint="First say in words what the state (1, 9) means: whose turn it is, and who has how many suspects.")
def _():
    n, m = TICKET_SURE
    return Answer(P(n, m), wrong={
        Fraction(1, m): f"that is the chance of guessing among {m}. Who has the {m} suspects in the state "
                        f"{TICKET_SURE}?"})


@exercise("00-ticket-guess-or-ask", "Exit ticket: guess or ask?", level=1,
          kind=Word({"guess": ["guess now", "name one", "gw.guess"],
                     "ask": ["ask a question", "question", "ask about one"]}, "guess or ask",
                    objects=((GUESS, "guess"),)),
          about=f"the better move at {TICKET_MOVE}",
          hint="Section 1 answered the same question at (2, 1): what does your opponent do on their next turn?")
def _():
    n, m = TICKET_MOVE
    best = cached_solution("official", n).optimal_moves(n, m)
    return Answer("guess" if best == (GUESS,) else "ask",
                  wrong={"ask": "after your question it is your opponent's turn, with one suspect left."})


# ---- the challenge (optional, beyond the stretch): the opponent down to two suspects, for any number of yours ----
CHALLENGE_M = 2                   # 00.6: your opponent has two suspects
CHALLENGE_AT_LEAST = Fraction(1, 10)
CHALLENGE_SEARCH = 1000           # n searched; P(n, 2) falls with n, and the answer lies far below this
CHALLENGE_ONE_SEARCH = 100        # n searched for the question about one suspect (3/(2n) at (n, 2)), solved up to it


def _largest_n_at_least(m: int, p: Fraction, up_to: int = CHALLENGE_SEARCH) -> int:
    """The largest n <= ``up_to`` with P(n, m) >= p (00.6), and an error unless P(n, m) stays below p over the
    second half of the search, so that no larger n hides beyond it (P(n, 2) = 2/n for n >= 4: course.challenge-00)."""
    ok = [n for n in range(2, up_to + 1) if P(n, m) >= p]
    if not ok or ok[-1] > up_to // 2:
        raise ArithmeticError(f"search beyond n = {up_to} for the largest n with P(n, {m}) >= {p}")
    return ok[-1]


def _largest_ask_one_at_least(m: int, p: Fraction, up_to: int = CHALLENGE_ONE_SEARCH) -> int:
    """The largest n <= ``up_to`` at which asking about one suspect, the question (1, n - 1), is worth at least p
    at (n, m) (00.6), from the solver's value of that move; an error unless the value stays below p over the second
    half of the search (it is 3/(2n) at (n, 2) for n >= 3: course.challenge-00)."""
    t = cached_solution("official", up_to)
    ok = [n for n in range(3, up_to + 1) if t.value(n, m, (1, n - 1)) >= p]
    if not ok or ok[-1] > up_to // 2:
        raise ArithmeticError(f"search beyond n = {up_to} for the largest n where asking about one suspect at "
                              f"(n, {m}) is worth at least {p}")
    return ok[-1]


@exercise("00-challenge-down-to-two", "Challenge: the opponent down to two suspects", level=4,
          kind=Tuple(Whole(), Whole(), what="a pair (a, b) of numbers of suspects"),
          about=f"the pair (a, b): a, the largest n with P(n, {CHALLENGE_M}) at least {CHALLENGE_AT_LEAST}; b, the "
                f"largest n where asking about one suspect at (n, {CHALLENGE_M}) gives at least {CHALLENGE_AT_LEAST}",
          hint="Start on your opponent's side: at (2, g) they have your choice of exercise 00.3, for any g. Then "
               "draw your tree at (n, 2) for a question with groups g and n - g, write each branch in g and n, and "
               "add them up. A group of one is different: why? Draw its tree too, for b.")
def _():
    best = _largest_n_at_least(CHALLENGE_M, CHALLENGE_AT_LEAST)
    ask_one = _largest_ask_one_at_least(CHALLENGE_M, CHALLENGE_AT_LEAST)
    guess_only = max(n for n in range(2, CHALLENGE_SEARCH) if Fraction(1, n) >= CHALLENGE_AT_LEAST)
    guess_words = f"is how far a guess alone keeps a chance of at least {CHALLENGE_AT_LEAST}"

    def explain(pair):
        a, b = pair
        if a < b:        # any such pair, not only the right one the other way round: the best move is worth more
            return (f"your a is smaller than your b. But your best move at (n, {CHALLENGE_M}) is worth at least as "
                    f"much as asking about one suspect, so P(n, {CHALLENGE_M}) keeps a chance of at least "
                    f"{CHALLENGE_AT_LEAST} at least as far. Which of your two numbers is which?")
        if a == guess_only:
            return f"your a {guess_words}; is a guess your best move at (n, {CHALLENGE_M})?"
        if b == guess_only:
            return f"your b {guess_words}; b is about a question, \"is it A?\", not a guess."
        return None
    return Answer((best, ask_one), explain=explain)
