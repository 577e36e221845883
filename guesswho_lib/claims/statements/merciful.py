"""Merciful guessing (a wrong guess only removes that suspect and passes the turn): our statement of the optimal
strategy, beyond the papers, checked at every board state against the exact table.

No paper we have proves an optimal strategy for these rules (Cushing et al., section 1, only report O'Neill's
finding; that report is the claim ``cushing.sec1.oneill``).  The strategy is in :mod:`guesswho_lib.papers.merciful`;
``gw.P`` follows it beyond the exact table, with the verified range recorded in :mod:`guesswho_lib.game.proven`
(``verify --full`` checks this claim up to that range).
"""

from __future__ import annotations

import numpy as np

from ...rules import GUESS
from ...rules import split_A
from ...papers.merciful import merciful_halving
from ..exact_tables import A_table, best_question_A
from ..registry import Check, Register

register = Register(__name__)

__all__ = ["merciful_values"]


def merciful_values(N: int):
    """(A, guess, half, question) on the merciful table, 0 <= n, m <= N, as int64 arrays of n*m times a value:
    the optimum A; a guess (m if n = 1, else n*m - A(m, n-1): right with probability 1/n, else the opponent moves
    at (m, n-1)); the half split (floor(n/2), ceil(n/2)); and the best question, computed only where a guess is
    optimal (elsewhere the best question is the optimum itself), else -1."""
    A = A_table("merciful", N)
    n = np.arange(N + 1, dtype=np.int64)[:, None]
    m = np.arange(N + 1, dtype=np.int64)[None, :]
    guess = np.where(n >= 2, n * m - A[m, np.clip(n - 1, 0, N)], m)
    h = np.clip(n // 2, 1, N)
    half = np.where(n >= 2, split_A(A, n, np.broadcast_to(m, A.shape), (h, np.clip(n - h, 1, N))), -1)
    question = np.where(guess < A, A, -1)
    tie = guess == A
    tie[0, :] = tie[:, 0] = False
    small = min(8, N)
    for r in range(2, small + 1):                            # small n: every question of n, at every m
        a = np.arange(1, r // 2 + 1)[:, None]
        vals = r * m - A[m, a] - A[m, r - a]
        question[r, :] = np.where(tie[r, :], vals.max(axis=0), question[r, :])
    question[1, :] = np.where(tie[1, :], -1, question[1, :])
    # larger n: a guess is optimal only in a few columns (m <= 3, as it turns out); the best question there
    cols = [int(c) for c in np.nonzero(tie[small + 1:, :].any(axis=0))[0]][:16]
    if cols:
        Q = best_question_A(A, cols, N)                      # Q[i, n] at (n, cols[i])
        for i, c in enumerate(cols):
            question[small + 1:, c] = np.where(tie[small + 1:, c], Q[i, small + 1:], question[small + 1:, c])
    return A, guess, half, question


@register.claim(
    "merciful.strategy",
    "Merciful guessing (beyond the papers): at (n, m) a guess is an optimal move exactly when n <= 4 or m <= 3, "
    "and strictly better than every question exactly when n <= 3 or m <= 2; the half split (floor(n/2), "
    "ceil(n/2)) is optimal exactly when n >= 4 and m >= 3. So 'guess if n <= 3 or m <= 2, else halve' is an "
    "optimal strategy, and guessing and halving tie exactly at n = 4 (m >= 3) and at m = 3 (n >= 4).",
    "this library (merciful guessing, cited by Cushing et al., section 1)", version="extension",
    note="Not in the papers: Cushing et al. only report that O'Neill finds split-in-half optimal (claim "
         "cushing.sec1.oneill). Read off the exact table and checked at every state; gw.P follows this strategy "
         "beyond the table, verified up to the range recorded in guesswho_lib/game/proven.py.")
def _strategy(N):
    A, guess, half, question = merciful_values(N)
    n = np.arange(N + 1)[:, None]
    m = np.arange(N + 1)[None, :]
    inner = (n >= 1) & (m >= 1)
    checks = [
        ("a guess is optimal", guess == A, (n <= 4) | (m <= 3)),
        ("a guess is strictly better than every question", (guess == A) & (question < A), (n <= 3) | (m <= 2)),
        ("the half split is optimal", (n >= 2) & (half == A), (n >= 4) & (m >= 3)),
    ]
    for words, got, want in checks:
        bad = inner & (got != want)
        if bad.any():
            a, b = map(int, np.argwhere(bad)[0])
            return Check(False, f"1 <= n, m <= {N}", f"(n, m) = ({a}, {b}): '{words}' is {bool(got[a, b])}, "
                                                      f"the statement says {bool(want[a, b])}")
    # the strategy gw.P follows, move by move on the edges of the table and a spread of inner states
    edge = sorted({1, 2, 3, 4, 5, 6, N // 2, N - 1, N} - {0})
    for a, b in [(a, b) for a in range(1, N + 1) for b in edge] + [(a, b) for a in edge for b in range(1, N + 1)]:
        mv = merciful_halving(a, b)
        val = guess[a, b] if mv is GUESS else split_A(A, a, b, mv)
        if val != A[a, b]:
            return Check(False, f"1 <= n, m <= {N}", f"(n, m) = ({a}, {b}): the strategy plays {mv}, not optimal")
    return Check(True, f"1 <= n, m <= {N}", detail=f"{int((inner & (guess == A) & (half == A)).sum())} states "
                                                    f"where guessing and halving tie")
