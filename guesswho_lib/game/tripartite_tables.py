"""Tables read off the exact tripartite solver, for the lessons, the plots and the claims.

Not statements of the paper but what the exact tripartite solution shows: which rule of the corrected
Theorem 3.1 applies where (:func:`split_kind_table`), which group sizes optimal questions use
(:func:`optimal_part_sizes`, :func:`power_of_three_table`), what a third answer is worth against the official
rules (:func:`gain`, :func:`gain_table`), and the Appendix A tables of Cushing et al. regenerated cell by cell
(:func:`computed_appendix_table`) beside the printed ones (:func:`appendix_differences`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..papers.tripartite import cushing_tripartite, large_m_threshold, printed_appendix_table
from ..rules import GUESS, check_int, split_A
from .solver import cached_solution

__all__ = ["optimal_part_sizes", "powers_of_three_in", "SPLIT_KINDS", "split_kind", "split_kind_table", "gain",
           "gain_table", "power_of_three_table", "moves_optimal_on", "ComputedRow", "computed_appendix_table",
           "AppendixDifference", "appendix_differences"]


def optimal_part_sizes(n, m, N: int | None = None) -> tuple[int, ...]:
    """The distinct group sizes that occur in some optimal question at (n, m) (tripartite rules).

    Empty when only a guess is optimal.  Read off the exact solver (size ``N``, default max(n, m)).

    >>> optimal_part_sizes(9, 6), optimal_part_sizes(30, 100)
    ((1, 4), (9, 10, 11, 12))
    """
    n, m = check_int(n, "n", 1), check_int(m, "m", 1)
    sol = cached_solution("tripartite", max(n, m, N or 0))
    return tuple(sorted({x for mv in sol.optimal_moves(n, m) if mv is not GUESS for x in mv}))


def powers_of_three_in(move) -> tuple[int, ...]:
    """The group sizes of ``move`` that are powers of 3 (1, 3, 9, 27, ...).

    >>> powers_of_three_in((9, 11, 26)), powers_of_three_in((9, 26, 27)), powers_of_three_in(GUESS)
    ((9,), (9, 27), ())
    """
    if move is GUESS:
        return ()
    out = []
    for x in move:
        x = check_int(x, "group size", 1)
        p = 1
        while p < x:
            p *= 3
        if p == x:
            out.append(x)
    return tuple(out)


#: Kinds of move in the corrected Theorem 3.1, for colouring a map of the (n, m) plane.
SPLIT_KINDS = ("guess", "small n (n <= 9 table)", "3-adic thirds (opponent has few suspects)",
               "aim for powers of 3 (opponent has many suspects)")


def split_kind(n, m) -> int:
    """Which rule of the corrected Theorem 3.1 gives the move at (n, m): an index into SPLIT_KINDS.

    For n >= 10 it is 2 when m < 3^k + 3^(k-1) (k = floor(log_3 n)) and 3 otherwise.

    >>> [split_kind(n, m) for n, m in ((5, 1), (5, 5), (20, 11), (20, 12))]
    [0, 1, 2, 3]
    >>> SPLIT_KINDS[3]
    'aim for powers of 3 (opponent has many suspects)'
    """
    n, m = check_int(n, "n", 1), check_int(m, "m", 1)
    if n == 1 or m == 1:
        return 0
    if n <= 9:
        return 1
    return 2 if m < large_m_threshold(n) else 3


def split_kind_table(N) -> np.ndarray:
    """split_kind(n, m) for 1 <= n, m <= N as an int array of shape (N+1, N+1) (row/column 0: -1)."""
    N = check_int(N, "N", 1, 100_000)
    out = np.full((N + 1, N + 1), -1, dtype=np.int8)
    m = np.arange(1, N + 1)
    for n in range(1, N + 1):
        if n == 1:
            out[n, 1:] = 0
        elif n <= 9:
            out[n, 1:] = 1
        else:
            out[n, 1:] = np.where(m < large_m_threshold(n), 2, 3)
        out[n, 1] = 0
    return out


def gain(n, m) -> Fraction:
    """P_tripartite(n, m) - P_official(n, m): how much a third answer (paradox questions) is worth.

    Both players may ask paradox questions, so the gain can be negative: at (8, 3) the opponent's
    faster play costs the mover more than their own third answer brings.

    >>> gain(4, 4), gain(24, 24), gain(8, 3) < 0
    (Fraction(1, 16), Fraction(23, 288), True)
    """
    n, m = check_int(n, "n", 1), check_int(m, "m", 1)
    N = max(n, m)
    a3 = int(cached_solution("tripartite", N).A[n, m])
    a2 = int(cached_solution("official", N).A[n, m])
    return Fraction(a3 - a2, n * m)


def gain_table(N) -> np.ndarray:
    """n*m*(P_tripartite - P_official) for 0 <= n, m <= N as an exact int64 array (row/column 0: 0).

    Divide by n*m (``gain_table(N) / np.outer(range(N+1), range(N+1))``) for plotting.

    >>> g = gain_table(30)
    >>> int(g[4, 4]), int(g[8, 3])
    (1, -1)
    """
    N = check_int(N, "N", 1, 16384)
    a3 = np.asarray(cached_solution("tripartite", N).A[:N + 1, :N + 1], dtype=np.int64)
    a2 = np.asarray(cached_solution("official", N).A[:N + 1, :N + 1], dtype=np.int64)
    return a3 - a2


def power_of_three_table(N) -> np.ndarray:
    """For 1 <= n, m <= N: does some OPTIMAL question at (n, m) have a group of size 3, 9, 27, ...?

    A bool array of shape (N+1, N+1) (row/column 0 False), computed exactly from the solver's table:
    the best question containing a group of size p is worth n*m - A(m, p) - (best split of the
    other n - p suspects into one or two groups), compared with A(n, m).  With few opponent suspects
    many splits tie; once the opponent has m >= 3^k + 3^(k-1) suspects (Theorem 3.1), the optimal
    questions aim for groups of exactly 3^(k-1) or 3^k.

    >>> t = power_of_three_table(30)
    >>> bool(t[12, 6]), bool(t[12, 12])       # (4, 4, 4) only; then (3, 3, 6)
    (False, True)
    """
    N = check_int(N, "N", 1, 2187)
    A = np.asarray(cached_solution("tripartite", N).A[:N + 1, :N + 1], dtype=np.int64)
    INF = np.int64(1) << 40
    # D[m, j] = min over one or two groups covering j suspects of the sum of A(m, group)
    D = A.copy()
    D[:, 0] = INF
    for b in range(1, N // 2 + 1):
        j = np.arange(2 * b, N + 1)
        D[:, j] = np.minimum(D[:, j], A[:, b][:, None] + A[:, j - b])
    out = np.zeros((N + 1, N + 1), dtype=bool)
    n = np.arange(N + 1)[:, None]
    m = np.arange(N + 1)[None, :]
    p = 3
    while p < N:
        rest = np.arange(N + 1) - p           # n - p for every n
        ok = rest >= 1
        val = np.full((N + 1, N + 1), -INF, dtype=np.int64)
        val[ok, :] = (n * m)[ok, :] - A[:, p][None, :] - D[:, rest[ok]].T
        out |= val == A
        p *= 3
    out[0, :] = out[:, 0] = False
    return out


def moves_optimal_on(A, n: int, lo: int, hi: int) -> tuple:
    """All splits of n (two or three parts) optimal at every m in lo..hi (vectorised over m).

    ``A`` is the tripartite table A[n, m] = n*m*P(n, m).

    >>> moves_optimal_on(cached_solution("tripartite", 20).A, 9, 5, 7)
    ((1, 4, 4),)
    """
    ms = np.arange(lo, hi + 1)
    best = A[n, ms]
    found = []
    for a in range(1, n // 2 + 1):
        if np.array_equal(split_A(A, n, ms, (a, n - a)), best):
            found.append((a, n - a))
    for a in range(1, n // 3 + 1):
        for b in range(a, (n - a) // 2 + 1):
            mv = (a, b, n - a - b)
            if np.array_equal(split_A(A, n, ms, mv), best):
                found.append(mv)
    return tuple(found)


@dataclass(frozen=True)
class ComputedRow:
    """The solver's answer for one cell of the Appendix A tables."""

    n: int
    m_min: int            # first m checked (2: at m = 1 a guess is the only optimal move)
    m_max: int            # last m checked (the printed bound, or N)
    move: tuple           # the corrected Theorem 3.1 move (cushing_tripartite)
    optimal_moves: tuple  # every split optimal for all m in m_min..m_max

    @property
    def m_range(self) -> str:
        return f"{self.m_min} <= m <= {self.m_max}"


def computed_appendix_table(N: int = 243) -> list[ComputedRow]:
    """The Appendix A tables regenerated by the exact solver (m checked up to N for 'm >= ...').

    For each printed cell: the move of the corrected Theorem 3.1 and all splits that are optimal for
    every m in the cell's range (2 <= m; the tables are for m >= 2, as Theorem 3.1).

    >>> row = [r for r in computed_appendix_table(90) if r.n == 16][0]
    >>> row.n, row.move, row.optimal_moves
    (16, (5, 5, 6), ((4, 6, 6), (5, 5, 6)))
    """
    N = check_int(N, "N", 81, 2187)
    A = _tripartite_table(N)
    out = []
    for r in printed_appendix_table():
        lo, hi = max(r.m_min, 2), (r.m_max if r.m_max is not None else N)
        out.append(ComputedRow(r.n, lo, hi, cushing_tripartite(r.n, lo), moves_optimal_on(A, r.n, lo, hi)))
    return out


@dataclass(frozen=True)
class AppendixDifference:
    """A printed cell of the Appendix A tables that differs from the exact solution."""

    n: int
    m_range: str
    printed_n: int
    printed_move: tuple
    computed_move: tuple
    what: str


def appendix_differences(N: int = 243) -> list[AppendixDifference]:
    """Every difference between the printed Appendix A tables and the exact solver (m up to N).

    A difference is a wrong printed n (the n implied by the cell's position differs), a move whose
    parts do not add up to n, or a move that is not optimal for every m in the printed range.

    >>> [(d.n, d.printed_n, d.what) for d in appendix_differences(90)]
    [(62, 61, 'row label printed as 61 instead of 62'), (62, 61, 'row label printed as 61 instead of 62')]
    """
    N = check_int(N, "N", 81, 2187)
    A = _tripartite_table(N)
    out = []
    for r in printed_appendix_table():
        lo, hi = max(r.m_min, 2), (r.m_max if r.m_max is not None else N)
        whats = []
        if r.printed_n != r.n:
            whats.append(f"row label printed as {r.printed_n} instead of {r.n}")
        if sum(r.move) != r.n:
            whats.append(f"parts add up to {sum(r.move)}, not {r.n}")
        else:
            ms = np.arange(lo, hi + 1)
            bad = np.nonzero(split_A(A, r.n, ms, r.move) != A[r.n, ms])[0]
            if len(bad):
                whats.append(f"not optimal at m = {int(ms[bad[0]])}")
        for w in whats:
            out.append(AppendixDifference(r.n, r.m_range, r.printed_n, r.move, cushing_tripartite(r.n, lo), w))
    return out



def _tripartite_table(N: int) -> np.ndarray:
    """A(n, m) = n*m*P(n, m) under the tripartite rules, as int64, indices 0..N."""
    return np.asarray(cached_solution("tripartite", N).A[:N + 1, :N + 1], dtype=np.int64)
