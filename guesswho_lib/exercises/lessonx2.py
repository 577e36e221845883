"""Exercises for extension lesson x2: paradox tables and errata (Cushing et al., sections 1 and 3, Appendix A).

Every checker computes the right answer with the library when it runs.
"""

from __future__ import annotations

from fractions import Fraction

from ..papers.paradox import EXPLODES, answer_groups, split_of_question, suspect_names
from ..game.rules import GUESS
from ..game.solver import cached_solution
from . import exercise
from .answers import read_fraction

# The board and question of exercise x2.1.
E1_BOARD = suspect_names(6)
E1_X = E1_BOARD[:2]
E1_Y = E1_BOARD[2:4]

# The board state of exercise x2.2 and 05.3.
E2_STATE = (3, 5)
E3_STATE = (9, 6)

# The range of exercise x2.6.
E6_RANGE = (2, 60)


def _names(answer):
    if isinstance(answer, str):
        return None
    try:
        return {str(a).strip() for a in answer}
    except TypeError:
        return None


@exercise("x2.1", "Whose person makes the head explode?", level=1,
          hint="A person in Y but not in X leaves the opponent answering 'is the answer to this question no?'.")
def _check_explode(answer):
    names = _names(answer)
    if names is None:
        return False, "Give a list (or set) of names, e.g. ['Ada', 'Bram']."
    groups = answer_groups(E1_BOARD, E1_X, E1_Y)
    right = set(groups[EXPLODES])
    if names == right:
        return True, f"{sorted(right)}: for them neither 'yes' nor 'no' is a true answer."
    unknown = names - set(E1_BOARD)
    if unknown:
        return False, f"{sorted(unknown)} are not on this board ({', '.join(E1_BOARD)})."
    wrong = names - right
    if wrong & set(groups["yes"]):
        return False, f"{sorted(wrong & set(groups['yes']))} are in X: the first line is true, so the answer is 'yes'."
    if wrong & set(groups["no"]):
        return False, f"{sorted(wrong & set(groups['no']))} are in neither set: both lines are false, the answer is 'no'."
    return False, f"You found {len(names & right)} of the {len(right)} people who cause the paradox."


@exercise("x2.2", "Three suspects against five", level=1,
          hint="Ask the paradox question with X, Y and the rest each holding one suspect: then you know their "
               "person. What can the opponent do at (5, 1)?")
def _check_three_vs_five(answer):
    n, m = E2_STATE
    right = cached_solution("tripartite", max(n, m)).P(n, m)
    got, msg = read_fraction(answer)
    if got is None:
        return False, msg
    if got == right:
        return True, (f"P({n}, {m}) = {right}: after (1, 1, 1) you know their person; the opponent, on {m} "
                      f"suspects against your 1, can only guess (1/{m}).")
    official = cached_solution("official", max(n, m)).P(n, m)
    if got == official:
        return False, f"{got} is the value without paradox questions. With three answers you can do better."
    if got == Fraction(1, n):
        return False, f"{got} is what guessing now gives. Asking a question is better."
    return False, f"{got} is not right."


@exercise("x2.3", "Write an optimal paradox question", level=2,
          hint="Theorem 3.1 for n = 9 and 5 <= m <= 7: one suspect in X, four in Y, four in neither.")
def _check_optimal_question(answer):
    n, m = E3_STATE
    board = suspect_names(n)
    try:
        X, Y = answer
    except (TypeError, ValueError):
        return False, "Give a pair (X, Y) of lists of names, e.g. (['Ada'], ['Bram', 'Chidi'])."
    X, Y = _names(X), _names(Y)
    if X is None or Y is None:
        return False, "X and Y must each be a list of names (not a single string)."
    unknown = (X | Y) - set(board)
    if unknown:
        return False, f"{sorted(unknown)} are not among your {n} suspects {list(board)}."
    move = split_of_question(board, X, Y)
    sol = cached_solution("tripartite", max(n, m))
    best = sol.P(n, m)
    if len(move) < 2:
        return False, "Every suspect gives the same answer: this question tells you nothing."
    value = sol.value(n, m, move)
    if value == best:
        return True, f"Your question splits your {n} suspects {move}; it wins with probability {value}, the best possible."
    return False, (f"Your question splits your suspects {move} and wins with probability {value}; "
                   f"the best is {best}.")


@exercise("x2.4", "Catch Theorem 3.1 out", level=2,
          hint="Try n = 10 and m = 2 with theorem_3_1_printed, then look for states where no printed case applies.")
def _check_erratum(answer):
    from ..papers.tripartite import theorem_3_1_printed

    try:
        n, m = (int(x) for x in answer)
    except (TypeError, ValueError):
        return False, "Give a board state (n, m) as a pair of integers."
    if not (1 <= n <= 729 and 1 <= m <= 729):
        return False, "Keep n and m between 1 and 729 so the solver can check."
    sol = cached_solution("tripartite", max(n, m))
    mv = theorem_3_1_printed(n, m)
    if mv is None:
        return True, f"At ({n}, {m}) no printed case of Theorem 3.1 applies: the statement says nothing."
    if mv is not GUESS and sum(mv) != n:
        return True, f"At ({n}, {m}) the printed move is {mv}, whose parts add up to {sum(mv)}, not {n}."
    v, best = sol.value(n, m, mv), sol.P(n, m)
    if v < best:
        return True, f"At ({n}, {m}) the printed move {mv} wins with {v} < {best}."
    return False, f"At ({n}, {m}) the printed move {mv} is optimal (it wins with {best})."


@exercise("x2.5", "The formula Phi", level=2,
          hint="Phi(n) = 3^(k-1) (1 + 5n - 3^k - 2 floor((n+1)/2)) where 3^(k-1) < n <= 3^k.")
def _check_phi(answer):
    """The student's function phi(m) must equal A(n, m) for a large n (Lemma A.4), for 2 <= m <= 40."""
    if not callable(answer):
        return False, "Give a function phi(m) -> int."
    N = 400
    sol = cached_solution("tripartite", N)
    for m in range(2, 41):
        n = 300  # 3^5 < 300 <= 3^6, and m <= 3^(6-2) = 81: Lemma A.4 applies
        want = int(sol.A[n, m])
        try:
            got = answer(m)
        except Exception as e:  # noqa: BLE001 - report the student's error
            return False, f"phi({m}) raised {type(e).__name__}: {e}"
        if got != want:
            return False, f"phi({m}) = {got!r}, but the solver gives A({n}, {m}) = {want} (Lemma A.4: A(n, m) = Phi(m))."
    return True, "phi(m) = A(n, m) for every 2 <= m <= 40 (with n = 300): Lemma A.4 in action."


@exercise("x2.6", "Where is a third answer worth most?", level=3,
          hint="Compare gw.solve(N, 'tripartite').P(n, n) and gw.solve(N, 'official').P(n, n).")
def _check_gain(answer):
    lo, hi = E6_RANGE
    tri, off = cached_solution("tripartite", hi), cached_solution("official", hi)
    gains = {n: tri.P(n, n) - off.P(n, n) for n in range(lo, hi + 1)}
    best = max(gains.values())
    winners = sorted(n for n, g in gains.items() if g == best)
    try:
        n = int(answer)
    except (TypeError, ValueError):
        return False, f"Give one N between {lo} and {hi}."
    if isinstance(answer, bool) or n != answer:
        return False, f"Give one N between {lo} and {hi} as an integer."
    if n in winners:
        return True, (f"N = {n}: P jumps from {off.P(n, n)} to {tri.P(n, n)}, a gain of {best}"
                      + (f" (also at {[w for w in winners if w != n]})." if len(winners) > 1 else "."))
    if n not in gains:
        return False, f"N must be between {lo} and {hi}."
    return False, f"At N = {n} the gain is {gains[n]} (about {float(gains[n]):.4f}); somewhere it is larger."
