"""The exact solver: P(n, m) for every board state up to N, under any rule set.

The recurrence itself, one state at a time and easy to read, is :mod:`guesswho_lib.game.recurrence`
(``gw.recurrence``); this module computes the same numbers (the tests check it) for a whole table at once, fast.

Why integers?  Write A(n, m) = n*m*P(n, m).  Asking a question that splits your n suspects into
groups g_1, ..., g_r sends the opponent, with probability g_i/n, to move from (m, g_i), where they
win with probability P(m, g_i).  So (Cushing et al., equation (1))

    P(n, m) = 1 - sum_i (g_i/n) P(m, g_i)    and therefore    A(n, m) = n*m - sum_i A(m, g_i).

A guess is worth 1/n (official rules: A = m), or, when a wrong guess only passes the turn, 1/n plus
(n-1)/n * (1 - P(m, n-1)), i.e. A = n*m - A(m, n-1).  Starting from integers, every step adds and
subtracts integers, so A(n, m) is an integer and the whole table is computed exactly in machine
integers; P(n, m) = A(n, m) / (n*m) is then an exact fraction.

Speed.  The best split is a (min,+) convolution of the row A(m, .) with itself.  States are filled
in layers L = max(n, m): first the states (L, m), m < L, all at once (they only need rows m < L), then
the states (n, L), n <= L, all at once (they need row L, now known up to column L-1).  Both are whole-
array numpy operations, so the table costs O(N^3) simple integer operations in about 2N numpy calls.
Three-way splits reuse the stored two-way convolution: min over a of A(m, a) + C2(m, n - a).

Caching.  :func:`cached_solution` shares tables between callers: one per rule set, together at most
:data:`CACHE_BYTES` (256 MiB), least recently used first out; ``gw.clear_caches()`` empties it.
:func:`solve` itself never caches.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ..caches import register
from ..templating import render
from ..rules import (GUESS, Rules, check_int, check_state, format_fraction, format_move, get_rules, guess_A,
                     legal_moves, normalise_move, split_A, step, win_chance)

__all__ = ["solve", "Solution", "MAX_N", "cached_solution", "CACHE_BYTES", "GROWTH_LIMIT"]

#: Largest board size :func:`solve` accepts (the tables then take about 3 GiB).
MAX_N = 16384


def _table_bytes(N: int, rules: Rules) -> int:
    itemsize = 4
    n_tables = 2 if rules.max_parts == 3 else 1
    return (N + 1) ** 2 * (itemsize * n_tables + 8)  # + the float table for plotting


@dataclass(frozen=True, eq=False)
class Solution:
    """The exact solution of one rule set for all board states 1 <= n, m <= N.

    Attributes
    ----------
    N : int
    rules : Rules
    A : numpy.ndarray of int, shape (N+1, N+1)
        ``A[n, m] = n*m*P(n, m)``.  It is an integer because a question with groups g_i turns the
        fundamental recurrence P(n, m) = 1 - sum_i (g_i/n) P(m, g_i) into A(n, m) = n*m - sum_i A(m, g_i),
        and a guess is worth A = m (or n*m - A(m, n-1) when a wrong guess only passes the turn): integers
        in, integers out, starting from integer boundary values.  Row and column 0 are unused and hold 0;
        under the 'nica' rules the unreachable state (1, 1) holds -1.
    """

    N: int
    rules: Rules
    A: np.ndarray = field(repr=False)

    # ---- values -------------------------------------------------------------------------------
    def _check(self, n, m):
        n, m = check_state(n, m, self.N)
        if self.rules.one_left_wins and n == 1 and m == 1:
            self.rules.terminal_A(1, 1)  # raises with the explanation
        return n, m

    def P(self, n, m) -> Fraction:
        """Exact probability that the player to move at (n, m) wins under optimal play."""
        n, m = self._check(n, m)
        return Fraction(int(self.A[n, m]), n * m)

    @property
    def prob(self) -> np.ndarray:
        """Float copy of P for plotting: shape (N+1, N+1), row and column 0 (and nica's (1, 1)) NaN."""
        cached = self.__dict__.get("_prob")
        if cached is None:
            N = self.N
            n = np.arange(N + 1, dtype=np.float64)
            with np.errstate(divide="ignore", invalid="ignore"):
                cached = self.A / np.outer(n, n)
            cached[0, :] = np.nan
            cached[:, 0] = np.nan
            if self.rules.one_left_wins:
                cached[1, 1] = np.nan
            cached.setflags(write=False)
            object.__setattr__(self, "_prob", cached)
        return cached

    def _move_A(self, n: int, m: int, move) -> int:
        """n*m times the exact win probability of ``move`` at (n, m), the opponent then playing optimally."""
        total = n * m * win_chance(step(n, m, move, self.rules),
                                   lambda s: Fraction(int(self.A[s]), s[0] * s[1]))
        assert total.denominator == 1, "n*m*value must be an integer"
        return int(total)

    def value(self, n, m, move) -> Fraction:
        """Exact probability of winning from (n, m) by playing ``move`` now and optimally afterwards."""
        n, m = self._check(n, m)
        if self.rules.terminal_A(n, m) is not None:
            raise ValueError(f"the game is already over at ({n}, {m}) under the {self.rules.name!r} rules")
        move = normalise_move(move, n, self.rules)
        return Fraction(self._move_A(n, m, move), n * m)

    def optimal_moves(self, n, m) -> tuple:
        """All optimal moves at (n, m), GUESS first, then splits in increasing order of the smallest group.

        Empty when the game is already decided (nica rules, n = 1 or m = 1)."""
        n, m = self._check(n, m)
        if self.rules.terminal_A(n, m) is not None:
            return ()
        best = int(self.A[n, m])
        A = self.A
        moves = []
        if self.rules.guess is not None:
            if self._move_A(n, m, GUESS) == best:
                moves.append(GUESS)
        # A[m, 1] is 0 under nica rules (m >= 2): a group of one wins outright, as the formula needs.
        a = np.arange(1, n // 2 + 1)
        vals = split_A(A, n, m, (a, n - a))
        moves.extend((int(x), n - int(x)) for x in a[vals == best])
        if self.rules.max_parts == 3 and n >= 3:
            a, b = np.meshgrid(np.arange(1, n // 3 + 1), np.arange(1, n // 2 + 1), indexing="ij")
            c = n - a - b
            ok = (b >= a) & (c >= b)
            a, b, c = a[ok], b[ok], c[ok]
            vals = split_A(A, n, m, (a, b, c))
            hit = vals == best
            moves.extend((int(x), int(y), int(z)) for x, y, z in zip(a[hit], b[hit], c[hit]))
        return tuple(moves)

    def all_moves(self, n, m) -> dict:
        """Every legal move at (n, m) with its exact value (useful for small n)."""
        n, m = self._check(n, m)
        return {mv: self.value(n, m, mv) for mv in legal_moves(n, self.rules)}

    def __repr__(self) -> str:
        return f"Solution(rules={self.rules.name!r}, N={self.N})"

    def _repr_html_(self) -> str:
        """What a notebook shows: the rule set, P(N, N), and a table of P(n, m) for n, m up to 8, each value with
        its best moves."""
        k = min(self.N, 8)

        def cell(n, m):
            if self.rules.one_left_wins and n == m == 1:
                return "", "cannot occur"
            best = ", ".join(format_move(mv) for mv in self.optimal_moves(n, m)) or "the game is over"
            return format_fraction(self.P(n, m)), f"best: {best}"
        start = format_fraction(self.P(self.N, self.N)) if self.N > 1 or not self.rules.one_left_wins else ""
        return render("solution.html", s=self, k=k, start=start,
                      cells=[[cell(n, m) for m in range(1, k + 1)] for n in range(1, k + 1)])


def solve(N, rules="official") -> Solution:
    """Solve a rule set exactly for all board states 1 <= n, m <= N.

    >>> t = solve(10)
    >>> t.P(4, 4)
    Fraction(9, 16)
    >>> t.optimal_moves(4, 4)
    ((1, 3),)
    """
    rules = get_rules(rules)
    N = check_int(N, "N", 1)
    if N > MAX_N:
        size = (f"about {_table_bytes(N, rules) / 2**30:.1f} GiB of tables" if N < 10**9
                else "more memory than any computer has")
        raise ValueError(f"N must be between 1 and {MAX_N}: N={N if N < 10**30 else 'a huge number'} would need "
                         f"{size} (use gw.P(n, m) for single huge boards)")
    return Solution(N, rules, _solve_table(N, rules))


_INF32 = 2**29  # larger than any A value for N <= MAX_N (A <= N^2 <= 2^28)


def _solve_table(N: int, rules: Rules) -> np.ndarray:
    dtype = np.int32  # every A(n, m) <= N^2 < INF, and sums of two or three such numbers stay below 2^31
    INF = dtype(_INF32)
    T = np.zeros((N + 1, N + 1), dtype=dtype)  # T[n, m] = A(n, m)
    three = rules.max_parts == 3
    D2 = np.full((N + 1, N + 1), INF, dtype=dtype) if three else None  # D2[m, j] = best two-way split of j vs row m
    ks = np.arange(N + 1, dtype=dtype)

    def finish(n_vals, m_vals, c2, c3):
        best = c2 if c3 is None else np.minimum(c2, c3)
        if rules.guess is None:
            return n_vals * m_vals - best
        return np.maximum(n_vals * m_vals - best, guess_A(T, n_vals, m_vals, rules))

    # Layer 1: the state (1, 1).
    T[1, 1] = 1 if rules.guess is not None else -1
    for L in range(2, N + 1):
        # Part 1: states (L, m) for m = 1..L-1; they read rows m < L of T (and D2), columns < L.
        h = L // 2
        rows = T[1:L]
        c2 = (rows[:, 1:h + 1] + rows[:, L - 1:L - h - 1:-1]).min(axis=1)
        c3 = None
        if three:
            if L >= 3:
                t = L // 3
                c3 = (rows[:, 1:t + 1] + D2[1:L, L - 1:L - t - 1:-1]).min(axis=1)
            D2[1:L, L] = c2
        T[L, 1:L] = finish(np.full(L - 1, L, dtype=dtype), ks[1:L], c2, c3)
        if rules.one_left_wins:
            T[L, 1] = rules.terminal_A(L, 1)

        # Part 2: states (n, L) for n = 1..L; they read row L, known now for columns 0..L-1.
        r = T[L, :L].copy()  # r[k] = A(L, k)
        n_vals = ks[1:L + 1]
        if h >= 1:
            rp = np.concatenate([np.full(h, INF, dtype=dtype), [INF], r[1:]])  # rp[h + j] = A(L, j), j >= 1
            W = sliding_window_view(rp, h)[1:L + 1]  # W[n-1, j] = rp[n + j]
            # column j of W holds A(L, n - k) for k = h - j
            c2 = (W + r[h:0:-1][None, :]).min(axis=1)
        else:
            c2 = np.full(L, INF, dtype=dtype)
        c2[0] = INF  # n = 1 cannot be split
        c3 = None
        if three:
            t = L // 3
            if t >= 1:
                cp = np.concatenate([np.full(t, INF, dtype=dtype), [INF], c2])  # cp[t + j] = C2(j)
                W3 = sliding_window_view(cp, t)[1:L + 1]
                c3 = (W3 + r[t:0:-1][None, :]).min(axis=1)
            else:
                c3 = np.full(L, INF, dtype=dtype)
            D2[L, 1:L + 1] = c2
        T[1:L + 1, L] = finish(n_vals, np.full(L, L, dtype=dtype), c2, c3)
        if rules.one_left_wins:
            T[1, L] = rules.terminal_A(1, L)
    T.setflags(write=False)
    return T


#: The shared tables of :func:`cached_solution`, least recently used first.
_CACHE: dict[Rules, Solution] = {}
_CACHE_LOCK = threading.RLock()

#: Bound of the shared tables: together they take at most this many bytes, counting for each the integer
#: table and its float copy for plotting (12 bytes a state, whether or not the copy has been made yet).
#: 256 MiB holds the four rule sets at N = 2048, or one at N = 4096.
CACHE_BYTES = 256 * 2**20

#: A shared table that must grow doubles in size up to this N (so that a sweep over N = 65, 66, ... solves a
#: few tables, not one per N); beyond it exactly the size asked for is solved (doubling 2048 would cost 8 times).
GROWTH_LIMIT = 1024


def _kept_bytes(N: int) -> int:
    return (N + 1) ** 2 * (4 + 8)


def cached_solution(rules, N: int) -> Solution:
    """A solution covering board size N, shared between callers.

    Cache policy: one table per rule set, kept while all of them together fit in :data:`CACHE_BYTES`
    (256 MiB; the least recently used rule set is dropped first).  A table that must grow is solved again
    at twice its size (at least 64, at most :data:`GROWTH_LIMIT` unless N itself is larger); a table larger
    than the whole budget is solved and returned but not kept.  ``gw.clear_caches()`` empties the cache.
    """
    rules = get_rules(rules)
    N = check_int(N, "N", 1, MAX_N)
    with _CACHE_LOCK:               # (the class server's threads share the cache)
        old = _CACHE.pop(rules, None)   # put back last: the most recently used
        sol = old
        if sol is None or sol.N < N:
            size = max(N, 64) if sol is None else max(N, min(2 * sol.N, GROWTH_LIMIT))
            sol = solve(size, rules)
        if _kept_bytes(sol.N) > CACHE_BYTES:
            if old is not None:
                _CACHE[rules] = old
            return sol
        _CACHE[rules] = sol
        while sum(_kept_bytes(s.N) for s in _CACHE.values()) > CACHE_BYTES:
            del _CACHE[next(iter(_CACHE))]
        return sol


register("game.solver: exact tables",
         f"one table per rule set, together at most {CACHE_BYTES // 2**20} MiB (least recently used rule set "
         f"dropped first); a table larger than that is solved but not kept",
         _CACHE.clear, lambda: len(_CACHE))
