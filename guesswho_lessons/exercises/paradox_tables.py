"""Exercises for extension lesson x2: paradox tables and errata (Cushing et al., section 3, Theorem 3.1, and
Appendix A: Proposition A.1, Lemmas A.2 and A.4, the formulas B(n, m)).

Every right answer is computed with the library when the exercise is first checked.
"""

from __future__ import annotations

from guesswho_lib.rules import format_move
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.board.paradox import split_of_question, suspect_names
from guesswho_lib.papers.tripartite import cushing_tripartite, phi, theorem_3_1_printed
from ..reader.answers import Function, Kind, Reading, Whole
from ..reader.framework import Answer, exercise
from ..reader.reading import collection_items, shown, unreadable

__all__ = ["ParadoxQuestion"]

RULES = "tripartite"
E1_STATE = (3, 10)                 # x2.1: A(3, 10) by hand (Lemma A.2)
E2_STATE = (9, 6)                  # x2.2: an optimal paradox question, as sets of names
E3_N, E3_UP_TO = 10, 81            # x2.3: the smallest n in [E3_N, E3_UP_TO] with no printed move at some m
E4_M = 5                           # x2.4: Phi(5) by hand
E5_POINTS = tuple((m,) for m in range(2, 41))   # x2.5: phi(m) compared with A(300, m) (Lemma A.4)
E5_N = 300
E6_RANGE = (10, 27)                # x2.6: states where the corrected theorem's move is the only optimal one


class ParadoxQuestion(Kind):
    """A paradox question (X, Y) on ``board`` at the state (len(board), m), judged by the exact value of the
    split it makes: right when no question wins more."""

    def __init__(self, board, m: int):
        self.board, self.m = tuple(board), m
        self.expects = (f"a pair (X, Y) of lists of names from {', '.join(self.board)}, "
                        "e.g. ([\"Ada\"], [\"Bram\", \"Chidi\"])")

    def _names(self, part, which):
        if isinstance(part, str):
            return f"{which} must be a list of names, not the text {shown(part)}"
        items = collection_items(part)
        if isinstance(items, str):
            return f"{which}: {items}"
        names = set()
        for x in items:
            if not isinstance(x, str):
                return f"{which} holds {shown(x)}, not a name"
            match = next((b for b in self.board if b.lower() == x.strip().lower()), None)
            if match is None:
                return f"{shown(x)} is not one of your {len(self.board)} suspects"
            names.add(match)
        return frozenset(names)

    def read(self, answer) -> Reading:
        parts = collection_items(answer) if not isinstance(answer, (str, dict)) else "not a pair"
        if isinstance(parts, str) or len(parts) != 2:
            return unreadable(f"Not a pair (X, Y) (you gave {shown(answer)}); give {self.expects}")
        X, Y = (self._names(p, w) for p, w in zip(parts, ("X", "Y")))
        for part in (X, Y):
            if isinstance(part, str):
                return unreadable(f"{part}; give {self.expects}")
        return Reading((X, Y), shown=f"(X = {sorted(X)}, Y = {sorted(Y)})")

    def canonical(self, value):
        return value

    def split(self, question):
        X, Y = question
        return split_of_question(self.board, X, Y)

    def judge(self, question, rights) -> tuple[bool, str]:
        n, m = len(self.board), self.m
        t = cached_solution(RULES, max(n, m))
        move = self.split(question)
        if len(move) < 2:
            return False, "Every suspect gives the same answer: this question tells you nothing."
        value, best = t.value(n, m, move), t.P(n, m)
        if value == best:
            return True, f"Your question splits your {n} suspects {format_move(move)}: no question wins more."
        return False, f"Your question splits your suspects {format_move(move)}; another question wins more."

    def equal(self, a, b) -> bool:
        return a == b

    def forms(self, v) -> list:
        return []


@exercise("x2-a-by-hand", "A(3, 10) by hand", level=1, kind=Whole("a whole number A(n, m)"),
          about=f"A{E1_STATE} = n m P(n, m) with paradox questions allowed",
          hint="A(n, m) = n m P(n, m). In section 2's argument, when does the opponent win from (10, 1), and so "
               "what is your chance P(3, 10)?")
def _():
    n, m = E1_STATE
    t = cached_solution(RULES, max(n, m))
    right = int(t.A[n, m])
    return Answer(right, wrong={n * m: "A(n, m) = n m P(n, m): which chance did your value use, and is it the chance "
                                       "with paradox questions allowed?",
                                int(cached_solution("official", max(n, m)).A[n, m]): "that is A(3, 10) with ordinary "
                                "questions only."})


@exercise("x2-write-a-paradox-question", "Write an optimal paradox question", level=2,
          kind=ParadoxQuestion(suspect_names(E2_STATE[0]), E2_STATE[1]),
          about=f"an optimal paradox question at {E2_STATE}",
          hint="Read the row of the table for n = 9 that covers m = 6; then put that many names in X, that many in "
               "Y, and leave the rest in neither.")
def _():
    n, m = E2_STATE
    return Answer(cached_solution(RULES, max(n, m)).P(n, m))


@exercise("x2-no-printed-case", "Where no printed case of Theorem 3.1 applies",
          level=2, kind=Whole("a number of suspects n"),
          about=f"the smallest n with {E3_N} <= n <= {E3_UP_TO} for which no printed case of Theorem 3.1 applies at "
                f"some m with 2 <= m <= {E3_UP_TO}",
          hint="tri.theorem_3_1_printed(n, m) returns None where no printed case applies. Which loops, in which "
               "order, find the first n that has such an m?")
def _():
    N = E3_UP_TO
    empty = [n for n in range(E3_N, N + 1) if any(theorem_3_1_printed(n, m) is None for m in range(2, N + 1))]
    right = empty[0]

    def explain(n):
        if not E3_N <= n <= N:
            return f"look at n between {E3_N} and {N}."
        if n in empty:
            return "no printed case applies there, but is it the smallest such n?"
        return (f"at n = {n} a printed case applies at every m from 2 to {N} (even where its triple is no split of "
                "n): which loop found it?")
    return Answer(right, explain=explain)


@exercise("x2-phi-by-hand", "Phi(5) by hand", level=2, kind=Whole("a whole number"), about=f"Phi({E4_M})",
          hint="First find k with 3^(k-1) < 5 <= 3^k; then put n = 5 into the formula.")
def _():
    right = phi(E4_M)
    k_below = next(k for k in range(1, 9) if E4_M <= 3 ** k) - 1          # the k one too small
    wrong_k = 3 ** (k_below - 1) * (1 + 5 * E4_M - 3 ** k_below - 2 * ((E4_M + 1) // 2))
    return Answer(right, wrong={wrong_k: f"check k: 3^(k-1) < {E4_M} <= 3^k."},
                  explain=lambda v: ("go through it again: first k, then the formula with n = 5, one bracket at a time."
                                     if v != right else None))


@exercise("x2-phi-as-a-function", "The formula Phi as a function", level=3,
          kind=Function(E5_POINTS, Whole("a whole number"), call="phi", own_work="Phi from its formula",
                        reference="the solver's A(300, m)", params=("m",)),
          about=f"Phi(m), which equals A({E5_N}, m) for 2 <= m <= 40 (Lemma A.4)",
          hint="First find k, the smallest k with m <= 3**k: it is how many of the powers 1, 3, 9, 27 are smaller "
               "than m (m is at most 40 here), a count with a for loop and an if. Then type the formula of Phi from "
               "the text above with m in place of n: ** for powers, // for division rounded down.")
def _():
    t = cached_solution(RULES, E5_N)
    return Answer(lambda m: int(t.A[E5_N, m]))


@exercise("x2-only-best-move", "How often is the theorem's move the only best one?", level=3,
          kind=Whole("a number of board states"),
          about=f"the number of states with {E6_RANGE[0]} <= n <= {E6_RANGE[1]} and 2 <= m <= {E6_RANGE[1]} where the "
                "corrected Theorem 3.1 move is the only optimal move",
          hint="tsol.optimal_moves(n, m) lists every optimal move at a state. When is the theorem's move the ONLY "
               "optimal one? Count those states with a loop in a loop.")
def _():
    lo, hi = E6_RANGE
    t = cached_solution(RULES, hi)
    states = [(n, m) for n in range(lo, hi + 1) for m in range(2, hi + 1)]
    only = sum(1 for n, m in states if t.optimal_moves(n, m) == (cushing_tripartite(n, m),))
    optimal = sum(1 for n, m in states if cushing_tripartite(n, m) in t.optimal_moves(n, m))
    method = ("which states did your loop count? Print optimal_moves(n, m) at a few of them: is the theorem's move "
              "in the list, and is it the only move there?")
    return Answer(only, wrong={optimal: method, len(states) - only: method})
