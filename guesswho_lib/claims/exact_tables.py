"""The exact solver's integer table as the claim checks read it: A(n, m) = n*m*P(n, m), as int64."""

from __future__ import annotations

import numpy as np

from ..game.solver import cached_solution

__all__ = ["A_table"]


def A_table(rules, N: int) -> np.ndarray:
    """A[n, m] = n*m*P(n, m) under ``rules`` for 0 <= n, m <= N, as an int64 array (Cushing et al., eq. (1)).

    Read from the shared cached solution; int64 so that the checks can multiply entries without overflow.

    >>> int(A_table("official", 4)[4, 4])
    9
    """
    return np.asarray(cached_solution(rules, N).A[:N + 1, :N + 1], dtype=np.int64)
