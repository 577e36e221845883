"""The exact solver's integer table as the claim checks read it, and the best question read off it directly.

A(n, m) = n*m*P(n, m), as int64 (:func:`A_table`).  :func:`best_question_A` recomputes, straight from the table and
independently of the solver's own (min, +) code, n*m times the value of the best two-way question: the checks use
it to tell whether a question ties with a guess.
"""

from __future__ import annotations

import numpy as np

from ..game.solver import cached_solution

__all__ = ["A_table", "best_question_A"]


def A_table(rules, N: int) -> np.ndarray:
    """A[n, m] = n*m*P(n, m) under ``rules`` for 0 <= n, m <= N, as an int64 array (Cushing et al., eq. (1)).

    Read from the shared cached solution; int64 so that the checks can multiply entries without overflow.

    >>> int(A_table("official", 4)[4, 4])
    9
    """
    return np.asarray(cached_solution(rules, N).A[:N + 1, :N + 1], dtype=np.int64)


def best_question_A(A: np.ndarray, ms, n_max: int) -> np.ndarray:
    """Q[i, n] = n*m*(value of the best yes/no question at (n, m)) for m = ms[i] and 2 <= n <= n_max, i.e.
    max over 1 <= a <= n/2 of n*m - A(m, a) - A(m, n - a) (Cushing et al., equation (1)); Q[i, 0] = Q[i, 1] = -1
    (no question splits one suspect).  Costs O(len(ms) * n_max^2 / 2) integer operations.

    >>> A = A_table("official", 8)
    >>> [int(v) for v in best_question_A(A, [4], 8)[0, 2:]] == [int(A[n, 4]) for n in range(2, 9)]
    True
    """
    ms = np.asarray(ms, dtype=np.int64)
    n = np.arange(n_max + 1, dtype=np.int64)
    best = np.full((len(ms), n_max + 1), np.iinfo(np.int64).max // 4, dtype=np.int64)
    for a in range(1, n_max // 2 + 1):
        rest = n[2 * a:] - a
        np.minimum(best[:, 2 * a:], A[ms[:, None], a] + A[ms[:, None], rest[None, :]], out=best[:, 2 * a:])
    Q = n[None, :] * ms[:, None] - best
    Q[:, :2] = -1
    return Q
