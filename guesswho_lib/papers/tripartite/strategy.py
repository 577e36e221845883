"""The tripartite ("paradox question") theory of Cushing et al., as checked code, with its errata.

With a paradox question (Cushing et al., section 3, question (†)) a player splits their n suspects into
three groups of sizes a <= b <= c, a + b + c = n.  Writing A(n, m) = n*m*P(n, m), the exact solver
(``gw.solve(N, "tripartite")``) computes A(n, m) = max(m, max over splits of n*m - A(m, a) - A(m, b) - A(m, c))
(Appendix A, Proposition A.1).  This module turns every printed statement about that game into code:

* Theorem 3.1 (section 3): the table for n <= 9, and the general strategy for n >= 10, both AS PRINTED
  (:func:`theorem_3_1_printed`) and CORRECTED (:func:`cushing_tripartite`);
* the Appendix A tables of optimal moves for 10 <= n <= 81 (printed data in
  ``data/cushing_appendix_a_tables.csv``; :func:`printed_appendix_table`, :func:`computed_appendix_table`,
  :func:`appendix_differences`);
* the description of a paradox question as a triple (i, j, k) (section 3, :func:`question_triples`);
* Lemmas A.2-A.5, Phi(n) and the 25 piecewise formulas B(n, m), cases (i)-(xxv) (:data:`B_CASES`,
  :func:`B_printed`, :func:`B_corrected`), each case a separate claim;
* helpers for the lessons: the 3-adic structure of optimal splits and the gain from a third answer.

Every statement is registered in :mod:`guesswho_lib.claims.registry`; ``python -m guesswho_lib verify --only
tripartite`` checks them all against the exact solver.

>>> cushing_tripartite(10, 2)
(3, 3, 4)
>>> cushing_tripartite(16, 12)
(3, 5, 8)
>>> cushing_tripartite(10**18, 5)
(300189270593998242, 349589913713003809, 350220815692997949)
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np

from ..claims.registry import Check, claim
from ..game.rules import GUESS, check_int
from ..game.solver import cached_solution

__all__ = [
    "SOURCE", "ilog3", "ceil_log3", "thirds", "thirds_as_printed",
    "THEOREM_3_1_SMALL", "theorem_3_1_small", "theorem_3_1_printed", "cushing_tripartite",
    "AppendixRow", "AppendixDifference", "parse_appendix_text", "printed_appendix_table",
    "computed_appendix_table", "appendix_differences",
    "phi", "lemma_a2", "BPiece", "BCase", "B_CASES", "B_TEXT", "B_CASES_CORRECTED", "B_printed", "B_corrected",
    "optimal_part_sizes", "SPLIT_KINDS", "split_kind", "split_kind_table", "powers_of_three_in",
    "gain", "gain_table", "ComputedRow", "base3", "question_triples", "question_triples_as_printed",
    "power_of_three_table",
]

SOURCE = "Cushing et al."
DATA_FILE = Path(__file__).parents[1] / "data" / "cushing_appendix_a_tables.csv"


# ---------------------------------------------------------------------------------------------------
# 3-adic arithmetic (pure integers: works for n up to 10**18 and beyond)
# ---------------------------------------------------------------------------------------------------
def ilog3(n) -> int:
    """floor(log_3 n), the k of Theorem 3.1: 3**k <= n < 3**(k+1).

    >>> [ilog3(n) for n in (1, 2, 3, 8, 9, 26, 27, 28)]
    [0, 0, 1, 1, 2, 2, 3, 3]
    """
    n = check_int(n, "n", 1)
    k, p = 0, 3
    while p <= n:
        k, p = k + 1, p * 3
    return k


def ceil_log3(n) -> int:
    """The k of Appendix A: 3**(k-1) < n <= 3**k (so ceil(log_3 n)).

    >>> [ceil_log3(n) for n in (1, 2, 3, 4, 9, 10, 27, 28)]
    [0, 1, 1, 2, 2, 3, 3, 4]
    """
    n = check_int(n, "n", 1)
    k, p = 0, 1
    while p < n:
        k, p = k + 1, p * 3
    return k


def _floor_sum(n: int, d: int, lo: int, hi: int) -> int:
    """sum_{i=lo}^{hi-1} floor((n + i) / d), in O(1) integer operations."""
    def F(x):  # sum_{j=0}^{x-1} floor(j / d)
        q, r = divmod(x, d)
        return d * q * (q - 1) // 2 + r * q
    return F(n + hi) - F(n + lo)


def thirds_as_printed(n) -> tuple[int, int, int]:
    """(n_<, n_o, n_>) exactly as printed in Theorem 3.1 (section 3), k = floor(log_3 n):

    n_< = sum_{i=0}^{3^k - 1} floor((n+i)/3^(k-1)),  n_o = sum_{i=3^k}^{2*3^k - 1} ...,
    n_> = sum_{i=2*3^k}^{3^(k+1) - 1} ...   As printed these do not add up to n (erratum):

    >>> thirds_as_printed(10)
    (39, 66, 93)
    """
    n = check_int(n, "n", 9)
    k = ilog3(n)
    d, K = 3 ** (k - 1), 3 ** k
    return (_floor_sum(n, d, 0, K), _floor_sum(n, d, K, 2 * K), _floor_sum(n, d, 2 * K, 3 * K))


def thirds(n) -> tuple[int, int, int]:
    """(n_<, n_o, n_>) of Theorem 3.1, CORRECTED: the sums run over 3^(k-2) terms each, not 3^k.

    With k = floor(log_3 n) (n >= 9): cut n into 3^(k-1) pieces floor((n+i)/3^(k-1)),
    i = 0..3^(k-1)-1 (as equal as possible, smaller ones first), and group them into three
    consecutive blocks of 3^(k-2) pieces.  The result is the split printed in the Appendix A tables
    for m <= 11 and m <= 35; for 10 <= n <= 26 it is simply the most even split.

    >>> thirds(10), thirds(31), thirds(34), sum(thirds(10**18)) == 10**18
    ((3, 3, 4), (9, 10, 12), (10, 12, 12), True)
    """
    n = check_int(n, "n", 9)
    k = ilog3(n)
    d, q = 3 ** (k - 1), 3 ** (k - 2)
    return (_floor_sum(n, d, 0, q), _floor_sum(n, d, q, 2 * q), _floor_sum(n, d, 2 * q, 3 * q))


# ---------------------------------------------------------------------------------------------------
# Theorem 3.1
# ---------------------------------------------------------------------------------------------------
#: Theorem 3.1, n <= 9, as printed: rows (n, m_min, m_max or None, move); "G" is a guess.  The
#: printed order matters: the first row that applies is the move ("G, n = 1 or m = 1" comes first).
THEOREM_3_1_SMALL = (
    (1, 1, None, "G"),
    (None, 1, 1, "G"),         # "n = 1 or m = 1"
    (2, 1, None, (0, 1, 1)),
    (3, 1, None, (1, 1, 1)),
    (4, 1, None, (1, 1, 2)),
    (5, 1, 4, (1, 2, 2)),
    (5, 5, None, (1, 1, 3)),
    (6, 1, 4, (2, 2, 2)),
    (6, 5, 7, (1, 1, 4)),
    (6, 8, None, (1, 2, 3)),
    (7, 1, 4, (2, 2, 3)),
    (7, 5, None, (1, 3, 3)),
    (8, 1, 4, (2, 3, 3)),
    (8, 5, 7, (1, 3, 4)),
    (8, 8, None, (2, 3, 3)),
    (9, 1, 4, (3, 3, 3)),
    (9, 5, 7, (1, 4, 4)),
    (9, 8, None, (3, 3, 3)),
)


def _as_move(printed):
    """A printed S(n, m) as a library move: 'G' -> GUESS, (0, 1, 1) -> (1, 1), sorted parts."""
    if printed == "G":
        return GUESS
    return tuple(sorted(x for x in printed if x != 0))


def theorem_3_1_small(n, m):
    """S(n, m) for n <= 9 as printed in Theorem 3.1 (section 3), as a move.

    >>> theorem_3_1_small(2, 5), theorem_3_1_small(9, 6), theorem_3_1_small(7, 1)
    ((1, 1), (1, 4, 4), GUESS)
    """
    n, m = check_int(n, "n", 1, 9), check_int(m, "m", 1)
    for rn, lo, hi, mv in THEOREM_3_1_SMALL:
        if (rn is None or rn == n) and lo <= m and (hi is None or m <= hi):
            return _as_move(mv)
    raise AssertionError("the printed table covers every n <= 9")  # pragma: no cover


def _large_m_threshold(n: int) -> int:
    """3^k + 3^(k-1) with k = floor(log_3 n): where Theorem 3.1 switches from thirds to powers of 3."""
    k = ilog3(n)
    return 3 ** k + 3 ** (k - 1)


def theorem_3_1_printed(n, m):
    """S(n, m) of Theorem 3.1 EXACTLY as printed (section 3), or None where no printed case applies.

    For n >= 10 the first printed case whose condition holds is used; the parts are returned as
    printed (sorted), even when they do not add up to n.  Errata (see :func:`cushing_tripartite`):
    the sums defining n_<, n_o, n_> have 3^k terms instead of 3^(k-2), and the third case reads
    "n = 3^k + 2*3^k + 1" (never true: n < 3^(k+1)) instead of n = 3^k + 2*3^(k-1) + 1.

    >>> theorem_3_1_printed(10, 2)     # not a split of 10
    (39, 66, 93)
    >>> theorem_3_1_printed(16, 12) is None
    True
    >>> theorem_3_1_printed(17, 12)
    (3, 5, 9)
    """
    n, m = check_int(n, "n", 1), check_int(m, "m", 1)
    if n <= 9:
        return theorem_3_1_small(n, m)
    if m == 1:
        return None  # the general statement is for n >= 10, m >= 2 only
    k = ilog3(n)
    K, t = 3 ** k, 3 ** (k - 1)
    big = m >= K + t
    if not big:
        return thirds_as_printed(n)
    if n <= K + 2 * t:
        return (t, t, n - 2 * t)
    if n == K + 2 * K + 1:
        return (t, t + 2, K - 1)
    if K + 2 * t + 1 < n <= t + 2 * K:
        return (t, n - K - t, K)
    if n == t + 2 * K + 1:
        return (t + 2, K - 1, K)
    if n > t + 2 * K + 1:
        return (n - 2 * K, K, K)
    return None


def cushing_tripartite(n, m):
    """An optimal move at (n, m) under the tripartite rules: Theorem 3.1 (section 3) CORRECTED.

    n, m: any positive integers (pure integer arithmetic, no table).  Returns ``GUESS`` or a sorted
    tuple of group sizes.  With k = floor(log_3 n), K = 3^k, t = 3^(k-1), for n >= 10:

    * m = 1: guess (any question lets the opponent win at once);
    * m < K + t: the 3-adic thirds (n_<, n_o, n_>) of :func:`thirds` (printed sums corrected);
    * m >= K + t: (t, t, n - 2t) if n <= K + 2t;  (t, t + 2, K - 1) if n = K + 2t + 1 (printed
      "K + 2K + 1");  (t, n - K - t, K) up to n = 2K + t;  (t + 2, K - 1, K) at n = 2K + t + 1;
      (n - 2K, K, K) beyond.

    For n <= 9 it is the printed table of Theorem 3.1 (which holds).  The exact solver confirms the
    result is optimal at every state up to the verified range (claim ``tripartite.thm31.corrected``).

    >>> cushing_tripartite(2, 7), cushing_tripartite(5, 5), cushing_tripartite(46, 36), cushing_tripartite(62, 2)
    ((1, 1), (1, 1, 3), (9, 11, 26), (20, 21, 21))
    """
    n, m = check_int(n, "n", 1), check_int(m, "m", 1)
    if n <= 9:
        return theorem_3_1_small(n, m)
    if m == 1:
        return GUESS
    k = ilog3(n)
    K, t = 3 ** k, 3 ** (k - 1)
    if m < K + t:
        return thirds(n)
    if n <= K + 2 * t:
        return (t, t, n - 2 * t)
    if n == K + 2 * t + 1:
        return (t, t + 2, K - 1)
    if n <= t + 2 * K:
        return (t, n - K - t, K)
    if n == t + 2 * K + 1:
        return (t + 2, K - 1, K)
    return (n - 2 * K, K, K)


def _intervals(n: int, N: int, m_min: int = 1) -> list[tuple[int, int]]:
    """The m-intervals (inclusive, within m_min..N) on which Theorem 3.1's move at n is constant."""
    bs = [1, 2, 5, 8] if n <= 9 else [1, 2, _large_m_threshold(n)]
    bs = sorted({max(b, m_min) for b in bs if b <= N}) + [N + 1]
    return [(lo, hi - 1) for lo, hi in zip(bs, bs[1:]) if lo < hi]


def _large_m_intervals(n: int, N: int) -> list[tuple[int, int]]:
    thr = _large_m_threshold(n)
    return [(thr, N)] if thr <= N else []


def _small_m_intervals(n: int, N: int) -> list[tuple[int, int]]:
    return [(2, min(_large_m_threshold(n) - 1, N))] if N >= 2 else []


def _move_value(A, n: int, m, move):
    """n*m times the value of ``move`` at (n, m) (m may be an array), opponent optimal afterwards."""
    m = np.asarray(m, dtype=np.int64)
    if move is GUESS:
        return m
    return n * m - sum(A[m, x] for x in move)


def _describe_move(move) -> str:
    return "GUESS" if move is GUESS else str(tuple(move))


def _check_rule(rule, N: int, n_values, intervals=_intervals, A=None) -> Check:
    """Is ``rule(n, m)`` a legal optimal move at every (n, m) with n in n_values and m in intervals(n, N)?

    The rule is evaluated once per interval (it is constant there by construction: its conditions
    only compare m with the interval ends) and its value is compared with A on the whole interval at
    once, so the check costs O(N) numpy operations."""
    if A is None:
        A = _table(N)
    for n in n_values:
        if n > N:
            break
        for lo, hi in intervals(n, N):
            mv = rule(n, lo)
            if mv is None:
                return Check(False, "", f"(n, m) = ({n}, {lo}): no printed case defines a move")
            if mv is not GUESS and (sum(mv) != n or min(mv) < 0 or sum(1 for x in mv if x) < 2):
                return Check(False, "", f"(n, m) = ({n}, {lo}): {_describe_move(mv)} is not a split of {n} "
                                        f"(its parts add up to {sum(mv)})")
            ms = np.arange(lo, hi + 1)
            got = _move_value(A, n, ms, mv)
            bad = np.nonzero(got != A[n, ms])[0]
            if len(bad):
                m = int(ms[bad[0]])
                return Check(False, "", f"(n, m) = ({n}, {m}): {_describe_move(mv)} wins with probability "
                                        f"{Fraction(int(got[bad[0]]), n * m)}, the optimum is "
                                        f"{Fraction(int(A[n, m]), n * m)}")
    return Check(True, "")


def _table(N: int) -> np.ndarray:
    """A(n, m) = n*m*P(n, m) under the tripartite rules, as int64, indices 0..N."""
    return np.asarray(cached_solution("tripartite", N).A[:N + 1, :N + 1], dtype=np.int64)


def _with_range(chk: Check, checked: str) -> Check:
    return Check(chk.ok, checked, chk.counterexample, chk.detail)


_THM = "Cushing et al., section 3, Theorem 3.1"


@claim("tripartite.thm31.small",
       "Theorem 3.1 for n <= 9: the printed table S(n, m) gives an optimal move at every (n, m), n <= 9.",
       _THM, tripartite=True)
def _claim_thm31_small(N):
    return _with_range(_check_rule(theorem_3_1_small, N, range(1, 10)), f"1 <= n <= 9, 1 <= m <= {N}")


_NOTE_THM31_THIRDS = (
    "The printed sums run over i < 3^k, 3^k <= i < 2*3^k, 2*3^k <= i < 3^(k+1): 3^k terms each, so "
    "by Hermite's identity n_< + n_o + n_> = 9n + 4*3^(k+1), never n (at n = 10 they give (39, 66, 93)). "
    "Each block must have 3^(k-2) terms (3^(k-1) near-equal pieces in three consecutive blocks); this "
    "reproduces the Appendix A tables (m <= 11, m <= 35).")


@claim("tripartite.thm31.thirds",
       "Theorem 3.1: for n >= 10 and 2 <= m < 3^k + 3^(k-1), (n_<, n_o, n_>) as printed is an optimal move.",
       _THM, expect_ok=False, tripartite=True,
       note=_NOTE_THM31_THIRDS)
def _claim_thirds_printed(N):
    return _with_range(_check_rule(lambda n, m: thirds_as_printed(n), N, range(10, N + 1), _small_m_intervals),
                       f"10 <= n <= {N}, 2 <= m < 3^k + 3^(k-1), m <= {N}")


@claim("tripartite.thm31.thirds.corrected",
       "Theorem 3.1 corrected: with n_< = sum_{i=0}^{3^(k-2)-1} floor((n+i)/3^(k-1)), n_o the next 3^(k-2) "
       "terms and n_> the last 3^(k-2) terms (i < 3^(k-1)), (n_<, n_o, n_>) is a split of n and optimal for "
       "2 <= m < 3^k + 3^(k-1).",
       _THM, version="corrected", tripartite=True, corrects="tripartite.thm31.thirds",
       note=_NOTE_THM31_THIRDS)
def _claim_thirds_corrected(N):
    return _with_range(_check_rule(lambda n, m: thirds(n), N, range(10, N + 1), _small_m_intervals),
                       f"10 <= n <= {N}, 2 <= m < 3^k + 3^(k-1), m <= {N}")


_NOTE_THM31_LARGE_M = (
    "The case with the move (3^(k-1), 3^(k-1)+2, 3^k-1) is printed for 'n = 3^k + 2*3^k + 1' = 3^(k+1) + 1, "
    "which never happens when "
    "k = floor(log_3 n); the neighbouring cases stop at n <= 3^k + 2*3^(k-1) and start at "
    "n > 3^k + 2*3^(k-1) + 1, so n = 3^k + 2*3^(k-1) + 1 (16, 46, 136, 406, ...) gets no move. "
    "The intended condition is n = 3^k + 2*3^(k-1) + 1; the Appendix A tables print exactly "
    "that move there: (3, 5, 8) at n = 16 and (9, 11, 26) at n = 46.")


@claim("tripartite.thm31.large_m",
       "Theorem 3.1: for n >= 10 and m >= 3^k + 3^(k-1), the printed cases define an optimal move: "
       "(3^(k-1), 3^(k-1), n-2*3^(k-1)); (3^(k-1), 3^(k-1)+2, 3^k-1) for n = 3^k+2*3^k+1; "
       "(3^(k-1), n-3^k-3^(k-1), 3^k); (3^(k-1)+2, 3^k-1, 3^k) for n = 3^(k-1)+2*3^k+1; (n-2*3^k, 3^k, 3^k).",
       _THM, expect_ok=False, tripartite=True,
       note=_NOTE_THM31_LARGE_M)
def _claim_large_printed(N):
    return _with_range(_check_rule(theorem_3_1_printed, N, range(10, N + 1), _large_m_intervals),
                       f"10 <= n <= {N}, 3^k + 3^(k-1) <= m <= {N}")


@claim("tripartite.thm31.large_m.corrected",
       "Theorem 3.1 corrected: for m >= 3^k + 3^(k-1) the move (3^(k-1), 3^(k-1)+2, 3^k-1) belongs to "
       "n = 3^k + 2*3^(k-1) + 1; with this every n >= 10 gets an optimal move.",
       _THM, version="corrected", tripartite=True, corrects="tripartite.thm31.large_m",
       note=_NOTE_THM31_LARGE_M)
def _claim_large_corrected(N):
    return _with_range(_check_rule(cushing_tripartite, N, range(10, N + 1), _large_m_intervals),
                       f"10 <= n <= {N}, 3^k + 3^(k-1) <= m <= {N}")


_NOTE_THM31 = (
    "Two misprints in the general case: the sums defining n_<, n_o, n_> have 3^k terms instead of "
    "3^(k-2) (so the parts add up to about 9n), and the large-m move (3^(k-1), 3^(k-1)+2, 3^k-1) is printed for n = 3^k + 2*3^k + 1 "
    "instead of n = 3^k + 2*3^(k-1) + 1 (so n = 16, 46, 136, 406 get no move). The general case also "
    "leaves out m = 1, where guessing is optimal. The n <= 9 table is right.")


@claim("tripartite.thm31",
       "Theorem 3.1 as printed: S(n, m) (the table for n <= 9; n_<, n_o, n_> and the five large-m cases "
       "for n >= 10, m >= 2) is an optimal move at every board state.",
       _THM, expect_ok=False, tripartite=True,
       note=_NOTE_THM31)
def _claim_thm31_printed(N):
    def intervals(n, N):
        return _intervals(n, N, 1 if n <= 9 else 2)  # the general statement is for m >= 2
    return _with_range(_check_rule(theorem_3_1_printed, N, range(1, N + 1), intervals),
                       f"1 <= n, m <= {N} (m >= 2 when n >= 10)")


@claim("tripartite.thm31.corrected",
       "Theorem 3.1 corrected (cushing_tripartite): the n <= 9 table; for n >= 10 a guess when m = 1, the "
       "3-adic thirds for m < 3^k + 3^(k-1), and the large-m cases with n = 3^k + 2*3^(k-1) + 1 in the third "
       "case; this is an optimal move at every board state.",
       _THM, version="corrected", tripartite=True, corrects="tripartite.thm31",
       note=_NOTE_THM31)
def _claim_thm31_corrected(N):
    return _with_range(_check_rule(cushing_tripartite, N, range(1, N + 1)), f"1 <= n, m <= {N}")


# ---------------------------------------------------------------------------------------------------
# The Appendix A tables, 10 <= n <= 81
# ---------------------------------------------------------------------------------------------------
_CSV_HEADER = """\
# Cushing et al., "Optimal play in Guess Who?", Appendix A: the two tables of S(n, m) for 10 <= n <= 27
# (m <= 11 | m >= 12) and 28 <= n <= 81 (m <= 35 | m >= 36), transcribed AS PRINTED, typos included.
# Made by guesswho_lib.papers.tripartite.parse_appendix_text applied to
# shared/papers/cushing-et-al-optimal-play-in-guess-who.txt (each printed row holds six (n, move) cells:
# three columns of the small-m table, then three of the large-m table).
# table: 1 or 2; column: 0..5 as printed; row: 0..17; printed_n: the n printed in the cell;
# n: the n implied by the position (first n of the column + row); m_min, m_max: the printed m range
# (m_max empty = no upper bound); a, b, c: the printed move.
"""

#: (first n, rows per column, m <= small_max | m >= small_max + 1) for the two printed tables.
_APPENDIX_TABLES = {1: (10, 6, 11), 2: (28, 18, 35)}


@dataclass(frozen=True)
class AppendixRow:
    """One printed cell of the Appendix A tables: at (n, m) with m_min <= m <= m_max, play ``move``."""

    table: int
    column: int
    row: int
    printed_n: int          # as printed (may be a typo)
    n: int                  # implied by the cell's position in the table
    m_min: int
    m_max: int | None       # None: no upper bound
    move: tuple[int, int, int]

    @property
    def m_range(self) -> str:
        return f"m <= {self.m_max}" if self.m_max is not None else f"m >= {self.m_min}"


def parse_appendix_text(text: str) -> list[dict]:
    """Parse the two Appendix A tables from the paper's plain text (the source of the data file).

    Each table row looks like ``| 10 | (3,3,4) | 16 | (5,5,6) | ... |`` with six (n, move) cells.
    Returns one dict per cell, in table, column, row order.
    """
    start = text.index("APPENDIX A. PROOF")
    out = []
    table = 0
    for line in text[start:].splitlines():
        if line.startswith("| n |"):
            table += 1
            row = 0
            continue
        cells = re.findall(r"\|\s*(\d+)\s*\|\s*\((\d+),(\d+),(\d+)\)\s*", line)
        if not cells or table == 0:
            continue
        if table > 2:
            break
        if len(cells) != 6:
            raise ValueError(f"expected 6 cells in an Appendix A row, got {len(cells)}: {line!r}")
        first, per_column, small_max = _APPENDIX_TABLES[table]
        for col, (pn, a, b, c) in enumerate(cells):
            large = col >= 3
            out.append(dict(table=table, column=col, row=row, printed_n=int(pn),
                            n=first + per_column * (col % 3) + row,
                            m_min=small_max + 1 if large else 1, m_max=None if large else small_max,
                            move=(int(a), int(b), int(c))))
        row += 1
    return out


def printed_appendix_table() -> list[AppendixRow]:
    """The Appendix A tables (10 <= n <= 81) as printed, read from ``data/cushing_appendix_a_tables.csv``.

    >>> rows = printed_appendix_table()
    >>> len(rows), rows[0]
    (144, AppendixRow(table=1, column=0, row=0, printed_n=10, n=10, m_min=1, m_max=11, move=(3, 3, 4)))
    """
    rows = []
    with open(DATA_FILE, encoding="utf-8") as f:
        for r in csv.DictReader(line for line in f if not line.startswith("#")):
            rows.append(AppendixRow(int(r["table"]), int(r["column"]), int(r["row"]), int(r["printed_n"]),
                                    int(r["n"]), int(r["m_min"]), int(r["m_max"]) if r["m_max"] else None,
                                    (int(r["a"]), int(r["b"]), int(r["c"]))))
    return rows


def _moves_optimal_on(A, n: int, lo: int, hi: int) -> tuple:
    """All splits of n (two or three parts) optimal at every m in lo..hi (vectorised over m)."""
    ms = np.arange(lo, hi + 1)
    best = A[n, ms]
    found = []
    for a in range(1, n // 2 + 1):
        if np.array_equal(_move_value(A, n, ms, (a, n - a)), best):
            found.append((a, n - a))
    for a in range(1, n // 3 + 1):
        for b in range(a, (n - a) // 2 + 1):
            mv = (a, b, n - a - b)
            if np.array_equal(_move_value(A, n, ms, mv), best):
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
    A = _table(N)
    out = []
    for r in printed_appendix_table():
        lo, hi = max(r.m_min, 2), (r.m_max if r.m_max is not None else N)
        out.append(ComputedRow(r.n, lo, hi, cushing_tripartite(r.n, lo), _moves_optimal_on(A, r.n, lo, hi)))
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
    A = _table(N)
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
            bad = np.nonzero(_move_value(A, r.n, ms, r.move) != A[r.n, ms])[0]
            if len(bad):
                whats.append(f"not optimal at m = {int(ms[bad[0]])}")
        for w in whats:
            out.append(AppendixDifference(r.n, r.m_range, r.printed_n, r.move, cushing_tripartite(r.n, lo), w))
    return out


_APP = "Cushing et al., Appendix A, tables for 10 <= n <= 81"


def _check_appendix(N: int, use_position: bool) -> Check:
    rows = printed_appendix_table()
    return _with_range(_check_appendix_rows(N, rows, use_position), f"{len(rows)} printed cells, 2 <= m <= {N}")


def _check_appendix_rows(N: int, rows, use_position: bool) -> Check:
    A = _table(N)
    for r in rows:
        n = r.n if use_position else r.printed_n
        lo, hi = max(r.m_min, 2), min(r.m_max if r.m_max is not None else N, N)
        if lo > hi:
            continue
        if sum(r.move) != n:
            return Check(False, "", f"the row n = {n} ({r.m_range}) prints {r.move}, whose parts add up to "
                                    f"{sum(r.move)}")
        ms = np.arange(lo, hi + 1)
        got = _move_value(A, n, ms, r.move)
        bad = np.nonzero(got != A[n, ms])[0]
        if len(bad):
            m = int(ms[bad[0]])
            return Check(False, "", f"(n, m) = ({n}, {m}): {r.move} wins with {Fraction(int(got[bad[0]]), n * m)}, "
                                    f"optimum {Fraction(int(A[n, m]), n * m)}")
    return Check(True, "")


_NOTE_APPENDIX_TABLES = (
    "In the table for 28 <= n <= 81 the row between n = 61 and n = 63 is labelled 61 again, in both "
    "halves (m <= 35: (20, 21, 21); m >= 36: (9, 26, 27)); both moves add up to 62 and are optimal "
    "at n = 62. Every other printed cell is an optimal move over its whole range (m >= 2; at m = 1 "
    "only a guess is optimal, as Theorem 3.1 says).")


@claim("tripartite.appendix.tables",
       "The Appendix A tables: for each printed row n (10 <= n <= 81) the printed move is an optimal move "
       "at (n, m) for every m in its printed range (m <= 11 / m >= 12; m <= 35 / m >= 36).",
       _APP, expect_ok=False, tripartite=True,
       note=_NOTE_APPENDIX_TABLES)
def _claim_appendix_printed(N):
    return _check_appendix(N, use_position=False)


@claim("tripartite.appendix.tables.corrected",
       "The Appendix A tables with the duplicated row label 61 read as 62: every printed move is optimal "
       "for every m (2 <= m) in its printed range.",
       _APP, version="corrected", tripartite=True, corrects="tripartite.appendix.tables",
       note=_NOTE_APPENDIX_TABLES)
def _claim_appendix_corrected(N):
    return _check_appendix(N, use_position=True)


# ---------------------------------------------------------------------------------------------------
# Lemma A.2, Phi, Lemma A.4 and the formulas B(n, m), cases (i)-(xxv)
# ---------------------------------------------------------------------------------------------------
def lemma_a2(n, m):
    """A(n, m) by Lemma A.2 (Appendix A), or None outside its four cases.

    A(1, m) = m;  A(n, 1) = 1 (n > 1);  A(2, m) = 2m - 2 and A(3, m) = 3m - 3 (m >= 2).

    >>> lemma_a2(1, 7), lemma_a2(5, 1), lemma_a2(2, 9), lemma_a2(3, 9), lemma_a2(4, 4)
    (7, 1, 16, 24, None)
    """
    n, m = check_int(n, "n", 1), check_int(m, "m", 1)
    if n == 1:
        return m
    if m == 1:
        return 1
    if n in (2, 3):
        return n * m - n
    return None


def phi(n) -> int:
    """Phi(n) = 3^(k-1) (1 + 5n - 3^k - 2 floor((n+1)/2)) for 3^(k-1) < n <= 3^k (Appendix A, before B).

    Lemma A.4: A(n, m) = Phi(m) whenever m <= 3^(k-2) < 3^(k-1) < n.  The formula needs n >= 2
    (k >= 1); for n = 1 it gives 3^(-1) * 3 = 1 = A(n', 1), which we return.

    >>> [phi(n) for n in range(1, 11)]
    [1, 6, 9, 24, 33, 48, 57, 72, 81, 126]
    """
    n = check_int(n, "n", 1)
    if n == 1:
        return 1
    k = ceil_log3(n)
    return 3 ** (k - 1) * (1 + 5 * n - 3 ** k - 2 * ((n + 1) // 2))


def _p3(e: int):
    """3**e, as a Fraction when e < 0 (case (ii) uses 3^(k-4) with k = 3)."""
    return 3 ** e if e >= 0 else Fraction(1, 3 ** (-e))


@dataclass(frozen=True)
class BPiece:
    """One formula of B(n, m) on the box n_range(k) x m_range(k) (inclusive; m_hi None = no bound)."""

    label: str
    n_range: object        # k -> (lo, hi)
    m_range: object        # k -> (lo, hi or None)
    formula: object        # (n, m, k) -> value; n, m may be numpy arrays

    def box(self, k: int, N: int):
        nl, nh = self.n_range(k)
        ml, mh = self.m_range(k)
        return nl, min(nh, N), ml, min(mh, N) if mh is not None else N


@dataclass(frozen=True)
class BCase:
    """A numbered case of B(n, m) (Appendix A), made of one or more pieces."""

    numeral: str
    pieces: tuple


def _case(numeral, *pieces):
    return BCase(numeral, tuple(BPiece(*p) for p in pieces))


def _k(k):
    """(3^k, 3^(k-1), 3^(k-2), 3^(k-3), 3^(k-4)) for the B formulas."""
    return _p3(k), _p3(k - 1), _p3(k - 2), _p3(k - 3), _p3(k - 4)


def _f3(n):
    return (n - 1) // 3


def _phi_array(m):
    m = np.asarray(m)
    return np.vectorize(phi, otypes=[np.int64])(m) if m.size else m.astype(np.int64)


# n ranges (with K = 3^k, a = 3^(k-1), b = 3^(k-2), c = 3^(k-3)), as printed.
def _n_all(k):                 # 1 + 3^(k-1) <= n <= 3^k
    return 1 + 3 ** (k - 1), 3 ** k


def _n_all_gt(k):              # 1 + 3^(k-1) < n <= 3^k
    return 2 + 3 ** (k - 1), 3 ** k


def _n_first(k):               # 1 + 3^(k-1) < n <= 3^(k-1) + 3^(k-2)
    return 2 + 3 ** (k - 1), 3 ** (k - 1) + 3 ** (k - 2)


def _m_low(k):                 # 1 + 3^(k-2) < m <= 3^(k-1)
    return 2 + 3 ** (k - 2), 3 ** (k - 1)


def _m_mid(k):                 # 1 + 3^(k-1) <= m < 3^(k-1) + 3^(k-2)
    return 1 + 3 ** (k - 1), 3 ** (k - 1) + 3 ** (k - 2) - 1


def _formula_x(n, m, k):       # (x), (xi), (xvi), (xvii)
    K, a, b, c, d = _k(k)
    return m * a + (m - 1) // 3 * (n - 4 * b) + n - c * (n + 12 + 2 * b)


def _formula_v(n, m, k):       # (v), (vi)
    K, a, b, c, d = _k(k)
    f = _f3(n)
    return (n - 1 + c - f) * m + 4 * c * f + c * (-3 * n + 4 + 2 * c)


def _formula_viii(n, m, k):    # (viii), (ix), (xv)
    K, a, b, c, d = _k(k)
    return m * a + b * (n - 2 * a)


def _formula_xix(n, m, k):     # (xix), (xx)
    K, a, b, c, d = _k(k)
    return (n - a) * m + a * (2 * a - n)


def _formula_xxi(n, m, k):     # (xxi), (xxii)
    K, a, b, c, d = _k(k)
    f = _f3(n)
    return (n + b - 1 - f) * m + b * (-3 * n + 4 + 2 * b + 4 * f)


def _B_ii(parts):
    """Case (ii), m = 1 + 3^(k-2): four formulas in n."""
    ranges = (lambda k: (1 + 3 ** (k - 1), 3 ** (k - 1) + 3 ** (k - 2)),
              lambda k: (3 ** (k - 1) + 3 ** (k - 2), 2 * 3 ** (k - 1)),
              lambda k: (2 * 3 ** (k - 1), 2 * 3 ** (k - 1) + 3 ** (k - 2)),
              lambda k: (2 * 3 ** (k - 1) + 3 ** (k - 2), 3 ** k))
    m_one = lambda k: (1 + 3 ** (k - 2), 1 + 3 ** (k - 2))  # noqa: E731
    return [(f"(ii{'abcd'[i]})", ranges[i], m_one, parts[i]) for i in range(4)]


def _B_iii(parts):
    """Case (iii), n = 1 + 3^(k-1): five formulas in m."""
    ranges = (lambda k: (1 + 3 ** (k - 2), 3 ** (k - 2) + 3 ** (k - 3)),
              lambda k: (3 ** (k - 2) + 3 ** (k - 3), 2 * 3 ** (k - 2)),
              lambda k: (2 * 3 ** (k - 2), 2 * 3 ** (k - 2) + 3 ** (k - 3)),
              lambda k: (2 * 3 ** (k - 2) + 3 ** (k - 3), 2 * 3 ** (k - 1)),
              lambda k: (2 * 3 ** (k - 1), None))
    n_one = lambda k: (1 + 3 ** (k - 1), 1 + 3 ** (k - 1))  # noqa: E731
    return [(f"(iii{'abcde'[i]})", n_one, ranges[i], parts[i]) for i in range(5)]


def _ii_a(n, m, k):
    K, a, b, c, d = _k(k)
    return n * b + b * (1 + c)


def _ii_b(n, m, k):
    K, a, b, c, d = _k(k)
    return (1 + 2 * d) * n - c * (1 - 13 * d)


def _ii_c(n, m, k):
    K, a, b, c, d = _k(k)
    return (-1 + 2 * d) * n + c * (11 + 13 * d)


def _ii_d(n, m, k):
    K, a, b, c, d = _k(k)
    return n - b * (1 - b)


def _iii_a(n, m, k):
    K, a, b, c, d = _k(k)
    return (1 + 2 * b) * m - b * (1 + b)


def _iii_b(n, m, k):
    K, a, b, c, d = _k(k)
    return 7 * m * c + c * (1 - 13 * c)


def _iii_c(n, m, k):
    K, a, b, c, d = _k(k)
    return (2 + 7 * c) * m - c * (11 + 13 * c)


def _iii_d(n, m, k):
    K, a, b, c, d = _k(k)
    return m * a + b * (1 - a)


def _iii_e(n, m, k):
    K, a, b, c, d = _k(k)
    return (1 + a) * m - c * (15 + K)


def _iv(n, m, k):
    K, a, b, c, d = _k(k)
    return (n - b) * m - b * (n - 2 * b)


def _vii(n, m, k):
    K, a, b, c, d = _k(k)
    f = _f3(n)
    return (2 + c + 2 * f) * m - 14 * c * f + c * (3 * n - 14 + 2 * c)


def _xii(n, m, k):
    K, a, b, c, d = _k(k)
    return (n - a) * m + (m - 1) // 3 * (14 * b - 2 * n) - 2 * n - c * (n - 42 + 2 * b)


def _xiii(n, m, k):
    K, a, b, c, d = _k(k)
    return (n - a) * m + (m - 1) // 2 * (14 * b - 2 * n) - n + b * (7 - a)


def _xiv(n, m, k):
    K, a, b, c, d = _k(k)
    return m * a + 2 * b * (m // 2) + b - 3 ** (2 * k - 3)


def _xviii(n, m, k):
    K, a, b, c, d = _k(k)
    return (n - a) * m + (m - 1) // 3 * (14 * b - 2 * n) - 2 * n + c * (-n + 42 - 2 * b)


def _xxiii(n, m, k):
    K, a, b, c, d = _k(k)
    f = _f3(n)
    return (2 + b + 2 * f) * m + b * (3 * n - 14 + 2 * b - 14 * f)


def _xxiv(n, m, k):
    K, a, b, c, d = _k(k)
    h = (n - 1) // 2
    return (1 + 2 * h) * m + b * (3 * n - 7 + K - 14 * h)


def _xxv(n, m, k):
    K, a, b, c, d = _k(k)
    h = (n - 1) // 2
    return n * m + 2 * b * h - b * (5 * n - 1 - K)


def _i(n, m, k):
    return _phi_array(m) + 0 * n


_m = {  # m ranges used by several cases, as printed
    "le_b": lambda k: (1, 3 ** (k - 2)),
    "iv": lambda k: (2 + 3 ** (k - 2), 3 ** (k - 2) + 3 ** (k - 3)),
    "v": lambda k: (3 ** (k - 2) + 3 ** (k - 3), 3 ** (k - 2) + 2 * 3 ** (k - 3)),
    "vi": lambda k: (3 ** (k - 2) + 2 * 3 ** (k - 3), 2 * 3 ** (k - 2)),
    "vii": lambda k: (2 * 3 ** (k - 2), 2 * 3 ** (k - 2) + 3 ** (k - 3)),
    "viii": lambda k: (2 * 3 ** (k - 2) + 3 ** (k - 3), 2 * 3 ** (k - 2) + 2 * 3 ** (k - 3)),
    "ix": lambda k: (2 * 3 ** (k - 2) + 2 * 3 ** (k - 3), 3 ** (k - 1)),
    "xv": lambda k: (2 + 3 ** (k - 1), 3 ** (k - 1) + 3 ** (k - 2) - 1),
    "xxi": lambda k: (3 ** (k - 1) + 3 ** (k - 2), 3 ** (k - 1) + 2 * 3 ** (k - 2)),
    "xxii": lambda k: (3 ** (k - 1) + 2 * 3 ** (k - 2), 2 * 3 ** (k - 1)),
    "xxiii": lambda k: (2 * 3 ** (k - 1), 2 * 3 ** (k - 1) + 3 ** (k - 2)),
    "xxiv": lambda k: (2 * 3 ** (k - 1) + 3 ** (k - 2), 2 * 3 ** (k - 1) + 2 * 3 ** (k - 2)),
    "xxv": lambda k: (2 * 3 ** (k - 1) + 2 * 3 ** (k - 2), None),
}

_n = {
    "x": lambda k: (3 ** (k - 1) + 3 ** (k - 2) + 1, 3 ** (k - 1) + 2 * 3 ** (k - 2)),
    "xi": lambda k: (3 ** (k - 1) + 2 * 3 ** (k - 2), 2 * 3 ** (k - 1)),
    "xii": lambda k: (2 * 3 ** (k - 1), 2 * 3 ** (k - 1) + 3 ** (k - 2)),
    "xiii": lambda k: (2 * 3 ** (k - 1) + 3 ** (k - 2), 2 * 3 ** (k - 1) + 2 * 3 ** (k - 2)),
    "xiv": lambda k: (2 * 3 ** (k - 1) + 2 * 3 ** (k - 2), 3 ** k),
    "xvi": lambda k: (3 ** (k - 1) + 3 ** (k - 2), 3 ** (k - 1) + 2 * 3 ** (k - 2)),
}

#: The 25 cases of B(n, m) EXACTLY as printed in Appendix A (k >= 3, 3^(k-1) < n <= 3^k).
B_CASES = (
    _case("i", ("(i)", _n_all, _m["le_b"], _i)),
    _case("ii", *_B_ii((_ii_a, _ii_b, _ii_c, _ii_d))),
    _case("iii", *_B_iii((_iii_a, _iii_b, _iii_c, _iii_d, _iii_e))),
    _case("iv", ("(iv)", _n_first, _m["iv"], _iv)),
    _case("v", ("(v)", _n_first, _m["v"], _formula_v)),
    _case("vi", ("(vi)", _n_first, _m["vi"], _formula_v)),
    _case("vii", ("(vii)", _n_first, _m["vii"], _vii)),
    _case("viii", ("(viii)", _n_first, _m["viii"], _formula_viii)),
    _case("ix", ("(ix)", _n_first, _m["ix"], _formula_viii)),
    _case("x", ("(x)", _n["x"], _m_low, _formula_x)),
    _case("xi", ("(xi)", _n["xi"], _m_low, _formula_x)),
    _case("xii", ("(xii)", _n["xii"], _m_low, _xii)),
    _case("xiii", ("(xiii)", _n["xiii"], _m_low, _xiii)),
    _case("xiv", ("(xiv)", _n["xiv"], _m_low, _xiv)),
    _case("xv", ("(xv)", _n_first, _m["xv"], _formula_viii)),
    _case("xvi", ("(xvi)", _n["xvi"], _m_mid, _formula_x)),
    _case("xvii", ("(xvii)", _n["xi"], _m_mid, _formula_x)),
    _case("xviii", ("(xviii)", _n["xii"], _m_mid, _xviii)),
    _case("xix", ("(xix)", _n["xiii"], _m_mid, _formula_xix)),
    _case("xx", ("(xx)", _n["xiv"], _m_mid, _formula_xix)),
    _case("xxi", ("(xxi)", _n_all_gt, _m["xxi"], _formula_xxi)),
    _case("xxii", ("(xxii)", _n_all_gt, _m["xxii"], _formula_xxi)),
    _case("xxiii", ("(xxiii)", _n_all_gt, _m["xxiii"], _xxiii)),
    _case("xxiv", ("(xxiv)", _n_all_gt, _m["xxiv"], _xxiv)),
    _case("xxv", ("(xxv)", _n_all_gt, _m["xxv"], _xxv)),
)


#: The printed text of each case (range; formula), for statements, errata and lessons.
B_TEXT = {
    "i": "1+3^(k-1) <= n <= 3^k, m <= 3^(k-2): B(n, m) = Phi(m)",
    "ii": "1+3^(k-1) <= n <= 3^k, m = 1+3^(k-2): B = n 3^(k-2) + 3^(k-2)(1+3^(k-3)) for n <= 3^(k-1)+3^(k-2); "
          "(1+2*3^(k-4))n - 3^(k-3)(1-13*3^(k-4)) for 3^(k-1)+3^(k-2) <= n <= 2*3^(k-1); "
          "(-1+2*3^(k-4))n + 3^(k-3)(11+13*3^(k-4)) for 2*3^(k-1) <= n <= 2*3^(k-1)+3^(k-2); "
          "n - 3^(k-2)(1-3^(k-2)) for n >= 2*3^(k-1)+3^(k-2)",
    "iii": "n = 1+3^(k-1), m > 3^(k-2): B = (1+2*3^(k-2))m - 3^(k-2)(1+3^(k-2)) for m <= 3^(k-2)+3^(k-3); "
           "7m 3^(k-3) + 3^(k-3)(1-13*3^(k-3)) up to 2*3^(k-2); (2+7*3^(k-3))m - 3^(k-3)(11+13*3^(k-3)) up to "
           "2*3^(k-2)+3^(k-3); m 3^(k-1) + 3^(k-2)(1-3^(k-1)) up to 2*3^(k-1); (1+3^(k-1))m - 3^(k-3)(15+3^k) beyond",
    "iv": "1+3^(k-1) < n <= 3^(k-1)+3^(k-2), 1+3^(k-2) < m <= 3^(k-2)+3^(k-3): B = (n-3^(k-2))m - 3^(k-2)(n-2*3^(k-2))",
    "v": "1+3^(k-1) < n <= 3^(k-1)+3^(k-2), 3^(k-2)+3^(k-3) <= m <= 3^(k-2)+2*3^(k-3): "
         "B = (n-1+3^(k-3)-[(n-1)/3])m + 4*3^(k-3)[(n-1)/3] + 3^(k-3)(-3n+4+2*3^(k-3))",
    "vi": "1+3^(k-1) < n <= 3^(k-1)+3^(k-2), 3^(k-2)+2*3^(k-3) <= m <= 2*3^(k-2): same formula as (v)",
    "vii": "1+3^(k-1) < n <= 3^(k-1)+3^(k-2), 2*3^(k-2) <= m <= 2*3^(k-2)+3^(k-3): "
           "B = (2+3^(k-3)+2[(n-1)/3])m - 14*3^(k-3)[(n-1)/3] + 3^(k-3)(3n-14+2*3^(k-3))",
    "viii": "1+3^(k-1) < n <= 3^(k-1)+3^(k-2), 2*3^(k-2)+3^(k-3) <= m <= 2*3^(k-2)+2*3^(k-3): "
            "B = m 3^(k-1) + 3^(k-2)(n-2*3^(k-1))",
    "ix": "1+3^(k-1) < n <= 3^(k-1)+3^(k-2), 2*3^(k-2)+2*3^(k-3) <= m <= 3^(k-1): same formula as (viii)",
    "x": "3^(k-1)+3^(k-2) < n <= 3^(k-1)+2*3^(k-2), 1+3^(k-2) < m <= 3^(k-1): "
         "B = m 3^(k-1) + [(m-1)/3](n-4*3^(k-2)) + n - 3^(k-3)(n+12+2*3^(k-2))",
    "xi": "3^(k-1)+2*3^(k-2) <= n <= 2*3^(k-1), 1+3^(k-2) < m <= 3^(k-1): same formula as (x)",
    "xii": "2*3^(k-1) <= n <= 2*3^(k-1)+3^(k-2), 1+3^(k-2) < m <= 3^(k-1): "
           "B = (n-3^(k-1))m + [(m-1)/3](14*3^(k-2)-2n) - 2n - 3^(k-3)(n-42+2*3^(k-2))",
    "xiii": "2*3^(k-1)+3^(k-2) <= n <= 2*3^(k-1)+2*3^(k-2), 1+3^(k-2) < m <= 3^(k-1): "
            "B = (n-3^(k-1))m + [(m-1)/2](14*3^(k-2)-2n) - n + 3^(k-2)(7-3^(k-1))",
    "xiv": "2*3^(k-1)+2*3^(k-2) <= n <= 3^k, 1+3^(k-2) < m <= 3^(k-1): "
           "B = m 3^(k-1) + 2*3^(k-2)[m/2] + 3^(k-2) - 3^(2k-3)",
    "xv": "1+3^(k-1) < n <= 3^(k-1)+3^(k-2), 1+3^(k-1) < m < 3^(k-1)+3^(k-2): B = m 3^(k-1) + 3^(k-2)(n-2*3^(k-1))",
    "xvi": "3^(k-1)+3^(k-2) <= n <= 3^(k-1)+2*3^(k-2), 1+3^(k-1) <= m < 3^(k-1)+3^(k-2): same formula as (x)",
    "xvii": "3^(k-1)+2*3^(k-2) <= n <= 2*3^(k-1), 1+3^(k-1) <= m < 3^(k-1)+3^(k-2): same formula as (x)",
    "xviii": "2*3^(k-1) <= n <= 2*3^(k-1)+3^(k-2), 1+3^(k-1) <= m < 3^(k-1)+3^(k-2): "
             "B = (n-3^(k-1))m + [(m-1)/3](14*3^(k-2)-2n) - 2n + 3^(k-3)(-n+42-2*3^(k-2))",
    "xix": "2*3^(k-1)+3^(k-2) <= n <= 2*3^(k-1)+2*3^(k-2), 1+3^(k-1) <= m < 3^(k-1)+3^(k-2): "
           "B = (n-3^(k-1))m + 3^(k-1)(2*3^(k-1)-n)",
    "xx": "2*3^(k-1)+2*3^(k-2) <= n <= 3^k, 1+3^(k-1) <= m < 3^(k-1)+3^(k-2): same formula as (xix)",
    "xxi": "1+3^(k-1) < n <= 3^k, 3^(k-1)+3^(k-2) <= m <= 3^(k-1)+2*3^(k-2): "
           "B = (n+3^(k-2)-1-[(n-1)/3])m + 3^(k-2)(-3n+4+2*3^(k-2)+4[(n-1)/3])",
    "xxii": "1+3^(k-1) < n <= 3^k, 3^(k-1)+2*3^(k-2) <= m <= 2*3^(k-1): same formula as (xxi)",
    "xxiii": "1+3^(k-1) < n <= 3^k, 2*3^(k-1) <= m <= 2*3^(k-1)+3^(k-2): "
             "B = (2+3^(k-2)+2[(n-1)/3])m + 3^(k-2)(3n-14+2*3^(k-2)-14[(n-1)/3])",
    "xxiv": "1+3^(k-1) < n <= 3^k, 2*3^(k-1)+3^(k-2) <= m <= 2*3^(k-1)+2*3^(k-2): "
            "B = (1+2[(n-1)/2])m + 3^(k-2)(3n-7+3^k-14[(n-1)/2])",
    "xxv": "1+3^(k-1) < n <= 3^k, m >= 2*3^(k-1)+2*3^(k-2): B = nm + 2*3^(k-2)[(n-1)/2] - 3^(k-2)(5n-1-3^k)",
}


def _k_values(N: int):
    """The k >= 3 for which some n with 3^(k-1) < n <= 3^k is at most N."""
    k = 3
    while 3 ** (k - 1) + 1 <= N:
        yield k
        k += 1


def _check_case(case: BCase, N: int, A=None) -> Check:
    """B(n, m) = A(n, m) on every piece of the case, for every k >= 3 with n, m <= N (vectorised)."""
    if A is None:
        A = _table(N)
    points = 0
    for k in _k_values(N):
        for piece in case.pieces:
            nl, nh, ml, mh = piece.box(k, N)
            if nl > nh or ml > mh:
                continue
            n, m = np.meshgrid(np.arange(nl, nh + 1, dtype=np.int64), np.arange(ml, mh + 1, dtype=np.int64),
                               indexing="ij")
            b = np.asarray(piece.formula(n, m, k))
            bad = np.nonzero(b != A[n, m])
            points += n.size
            if len(bad[0]):
                # first counterexample in (n, m) order
                i, j = bad[0][0], bad[1][0]
                nn, mm = int(n[i, j]), int(m[i, j])
                return Check(False, "", f"(n, m) = ({nn}, {mm}), k = {k}, {piece.label}: B = {b[i, j]}, "
                                        f"A = n*m*P = {int(A[nn, mm])}")
    return Check(True, "", detail=f"{points} states")


def _case_range(case: BCase, N: int) -> str:
    ks = list(_k_values(N))
    return f"k = {ks[0]}..{ks[-1]}, n, m <= {N}" if ks else f"empty for N = {N}"


def _ii_first_half(n, m, k):
    K, a, b, c, d = _k(k)
    return n + b * (b - 1)


def _ii_second_half(n, m, k):
    K, a, b, c, d = _k(k)
    return b * (b + 5) + 0 * n


_m_one_b = lambda k: (1 + 3 ** (k - 2), 1 + 3 ** (k - 2))  # noqa: E731

#: The B(n, m) cases CORRECTED: case (ii) replaced (the printed formulas are wrong throughout) and
#: case (xv) extended to m = 1 + 3^(k-1) (printed with "<", which leaves a gap in the cases).
B_CASES_CORRECTED = tuple(
    _case("ii", ("(ii') n <= 2*3^(k-1)", lambda k: (1 + 3 ** (k - 1), 2 * 3 ** (k - 1)), _m_one_b, _ii_first_half),
          ("(ii') n >= 2*3^(k-1)", lambda k: (2 * 3 ** (k - 1), 3 ** k), _m_one_b, _ii_second_half))
    if c.numeral == "ii" else
    _case("xv", ("(xv')", _n_first, lambda k: (1 + 3 ** (k - 1), 3 ** (k - 1) + 3 ** (k - 2) - 1), _formula_viii))
    if c.numeral == "xv" else c
    for c in B_CASES)


def _B_scalar(cases, n, m):
    n, m = check_int(n, "n", 10), check_int(m, "m", 1)
    k = ceil_log3(n)
    for case in cases:
        for p in case.pieces:
            nl, nh = p.n_range(k)
            ml, mh = p.m_range(k)
            if nl <= n <= nh and ml <= m and (mh is None or m <= mh):
                v = p.formula(n, m, k)
                return int(v) if Fraction(v).denominator == 1 else Fraction(v)
    return None


def B_printed(n, m):
    """B(n, m) of Appendix A as printed (first case, (i)..(xxv), whose range contains (n, m)); n >= 10.

    None where no printed case applies (e.g. (11, 10): case (xv) says m > 1 + 3^(k-1)).

    >>> B_printed(10, 2), B_printed(10, 4), B_printed(11, 10) is None
    (6, 36, True)
    """
    return _B_scalar(B_CASES, n, m)


def B_corrected(n, m):
    """B(n, m) of Appendix A with cases (ii) and (xv) corrected; equals A(n, m) = n*m*P(n, m).

    Case (ii), m = 1 + 3^(k-2): B = n + 3^(k-2)(3^(k-2) - 1) for n <= 2*3^(k-1), and
    B = 3^(k-2)(3^(k-2) + 5) = Phi(1 + 3^(k-2)) for n >= 2*3^(k-1).

    >>> B_corrected(10, 4), B_corrected(11, 10), B_corrected(100, 10**6) == 100 * 10**6 - phi(100) // 3
    (16, 69, True)
    """
    return _B_scalar(B_CASES_CORRECTED, n, m)


_B_SRC = "Cushing et al., Appendix A, formulas B(n, m)"
_B_EXPECTED_FAIL = {"ii"}


def _register_B(case: BCase, corrected: BCase | None):
    cid = f"tripartite.B.{case.numeral}"
    ok = case.numeral not in _B_EXPECTED_FAIL

    def check(N, case=case):
        return _with_range(_check_case(case, N), _case_range(case, N))
    claim(cid, f"Appendix A, case ({case.numeral}), k >= 3: A(n, m) = B(n, m) where {B_TEXT[case.numeral]} "
               f"([x] = floor(x)).", _B_SRC, expect_ok=ok, tripartite=True,
          note=_B_NOTES.get(case.numeral, ""))(check)
    if corrected is not None:
        def check_c(N, case=corrected):
            return _with_range(_check_case(case, N), _case_range(case, N))
        claim(cid + ".corrected",
              {"ii": "Appendix A, case (ii) corrected: for m = 1 + 3^(k-2), B(n, m) = n + 3^(k-2)(3^(k-2) - 1) if "
                     "1 + 3^(k-1) <= n <= 2*3^(k-1), and 3^(k-2)(3^(k-2) + 5) = Phi(m) if 2*3^(k-1) <= n <= 3^k; "
                     "then A(n, m) = B(n, m)."}[case.numeral],
              _B_SRC, version="corrected", tripartite=True, corrects=cid, note=_B_NOTES[case.numeral])(check_c)


_B_NOTES = {
    "ii": "The four printed formulas for m = 1 + 3^(k-2) are wrong on all four n-ranges: at (n, m) = "
          "(10, 4) the first gives 36 but A(10, 4) = 16, and for k = 3 the second and third are not even "
          "integers (they contain 3^(k-4)). They resemble case (iii) moved down one power of 3, not a "
          "single typo. Exact values: n + 3^(k-2)(3^(k-2) - 1) for n <= 2*3^(k-1) (this is the printed "
          "fourth formula, on the wrong range), and the constant 3^(k-2)(3^(k-2) + 5) = Phi(1 + 3^(k-2)) "
          "for n >= 2*3^(k-1), just as Lemma A.4 has A(n, m) = Phi(m) for smaller m.",
}


for _c, _cc in zip(B_CASES, B_CASES_CORRECTED):
    _register_B(_c, _cc if _c.numeral in _B_EXPECTED_FAIL else None)


def _check_coverage(cases, N: int) -> Check:
    for k in _k_values(N):
        lo, hi = 1 + 3 ** (k - 1), min(3 ** k, N)
        covered = np.zeros((hi + 1, N + 1), dtype=bool)
        for case in cases:
            for p in case.pieces:
                nl, nh, ml, mh = p.box(k, N)
                if nl <= nh and ml <= mh:
                    covered[nl:nh + 1, ml:mh + 1] = True
        gaps = np.argwhere(~covered[lo:hi + 1, 1:])
        if len(gaps):
            n, m = int(gaps[0][0]) + lo, int(gaps[0][1]) + 1
            return Check(False, "", f"(n, m) = ({n}, {m}), k = {k}: no case applies")
    return Check(True, "")


_NOTE_B_COVERAGE = (
    "Case (xv) is printed for 1 + 3^(k-1) < m, while (xvi)-(xx) start at 1 + 3^(k-1) <= m and (iv)-(ix) "
    "stop at m <= 3^(k-1); so m = 1 + 3^(k-1) with 1 + 3^(k-1) < n <= 3^(k-1) + 3^(k-2) (first gap "
    "(11, 10)) is in no case. The formula of (xv) holds there too.")


@claim("tripartite.B.coverage",
       "Appendix A: the cases (i)-(xxv) define B(n, m) for every n with 3^(k-1) < n <= 3^k (k >= 3) and every m >= 1.",
       _B_SRC, expect_ok=False, tripartite=True,
       note=_NOTE_B_COVERAGE)
def _claim_coverage(N):
    return _with_range(_check_coverage(B_CASES, N), f"10 <= n <= {N}, 1 <= m <= {N}")


@claim("tripartite.B.coverage.corrected",
       "Appendix A corrected: with case (xv) for 1 + 3^(k-1) <= m < 3^(k-1) + 3^(k-2) (not '<' on the left), "
       "the cases cover every (n, m) with n >= 10, and A(n, m) = B(n, m) there (case (ii) corrected).",
       _B_SRC, version="corrected", tripartite=True, corrects="tripartite.B.coverage",
       note=_NOTE_B_COVERAGE)
def _claim_coverage_corrected(N):
    chk = _check_coverage(B_CASES_CORRECTED, N)
    if chk.ok:
        A = _table(N)
        for case in B_CASES_CORRECTED:
            chk = _check_case(case, N, A)
            if not chk.ok:
                break
    return _with_range(chk, f"10 <= n <= {N}, 1 <= m <= {N}")


_LEM = "Cushing et al., Appendix A"


@claim("tripartite.lemmaA2",
       "Lemma A.2: A(1, m) = m; A(n, 1) = 1 for n > 1; A(2, m) = 2m - 2 and A(3, m) = 3m - 3 for m >= 2.",
       _LEM + ", Lemma A.2", tripartite=True)
def _claim_a2(N):
    A = _table(N)
    m = np.arange(1, N + 1)
    tests = [("A(1, m) = m", A[1, 1:], m), ("A(n, 1) = 1", A[2:, 1], np.ones(N - 1, dtype=np.int64)),
             ("A(2, m) = 2m - 2", A[2, 2:], 2 * m[1:] - 2), ("A(3, m) = 3m - 3", A[3, 2:], 3 * m[1:] - 3)]
    for name, got, want in tests:
        bad = np.nonzero(got != want)[0]
        if len(bad):
            return Check(False, f"1 <= n, m <= {N}", f"{name} fails at index {int(bad[0])}")
    return Check(True, f"1 <= n, m <= {N}")


@claim("tripartite.lemmaA4",
       "Lemma A.4 (its conclusion): for k >= 4, 3^(k-1) < n <= 3^k and m <= 3^(k-2), A(n, m) = Phi(m).",
       _LEM + ", Lemma A.4", tripartite=True)
def _claim_a4(N):
    A = _table(N)
    ph = np.array([0] + [phi(m) for m in range(1, N + 1)], dtype=np.int64)
    k = 4
    while 3 ** (k - 1) + 1 <= N:
        lo, hi, mh = 3 ** (k - 1) + 1, min(3 ** k, N), 3 ** (k - 2)
        block = A[lo:hi + 1, 1:mh + 1]
        bad = np.argwhere(block != ph[1:mh + 1][None, :])
        if len(bad):
            n, m = int(bad[0][0]) + lo, int(bad[0][1]) + 1
            return Check(False, f"k >= 4, n <= {N}", f"(n, m) = ({n}, {m}): A = {int(A[n, m])}, Phi(m) = {phi(m)}")
        k += 1
    return Check(True, f"k = 4..{k - 1}, n <= {N}")


@claim("tripartite.lemmaA4.identity",
       "Proof of Lemma A.4: if 3^(l-1) < m <= 3^l and x >= 3^l then A(m, x) = m x - Phi(m)/3.",
       _LEM + ", proof of Lemma A.4", tripartite=True)
def _claim_a4_identity(N):
    A = _table(N)
    for m in range(2, N + 1):
        l3 = 3 ** ceil_log3(m)
        if l3 > N:
            break
        x = np.arange(l3, N + 1)
        want = m * x - phi(m) // 3
        bad = np.nonzero(A[m, l3:N + 1] != want)[0]
        if len(bad) or phi(m) % 3:
            xx = int(x[bad[0]]) if len(bad) else l3
            return Check(False, f"2 <= m, x <= {N}", f"(m, x) = ({m}, {xx})")
    return Check(True, f"2 <= m, x <= {N}")


# ---------------------------------------------------------------------------------------------------
# Helpers for the lessons: 3-adic structure of optimal splits, and the gain from a third answer
# ---------------------------------------------------------------------------------------------------
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
    return 2 if m < _large_m_threshold(n) else 3


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
            out[n, 1:] = np.where(m < _large_m_threshold(n), 2, 3)
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


def base3(n) -> str:
    """The 3-adic (base-3) digits of n, the language of Appendix A's 25 ranges.

    >>> base3(46), base3(81)
    ('1201', '10000')
    """
    n = check_int(n, "n", 0)
    digits = ""
    while True:
        n, r = divmod(n, 3)
        digits = str(r) + digits
        if n == 0:
            return digits


# ---------------------------------------------------------------------------------------------------
# Section 3: how a paradox question is described
# ---------------------------------------------------------------------------------------------------
_SEC3 = "Cushing et al., section 3"


def question_triples_as_printed(n) -> list[tuple[int, int, int]]:
    """The triples (i, j, k) of section 3 AS PRINTED: i + j + k = n and 0 <= i <= n/3 <= j <= 2n/3 <= k.

    As printed this misses most questions, e.g. Theorem 3.1's own (1, 1, 1) at n = 3; at n = 10 it
    allows no question at all (j >= 4 and k >= 7 leave nothing for i):

    >>> question_triples_as_printed(3), question_triples_as_printed(10)
    ([(0, 1, 2)], [])
    """
    n = check_int(n, "n", 1)
    return [(i, j, n - i - j) for i in range(n + 1) for j in range(n + 1 - i)
            if 3 * i <= n <= 3 * j and 3 * j <= 2 * n <= 3 * (n - i - j)]


def question_triples(n) -> list[tuple[int, int, int]]:
    """The triples (i, j, k) of section 3, CORRECTED: i + j + k = n and 0 <= i <= j <= k, i.e. i <= n/3 <= k.

    i = 0 is a yes/no question (i, j) -> (j, k).  Each question with two or three non-empty groups
    appears exactly once.

    >>> question_triples(4)
    [(0, 1, 3), (0, 2, 2), (1, 1, 2)]
    """
    n = check_int(n, "n", 1)
    return [(i, j, n - i - j) for i in range(n // 3 + 1) for j in range(max(i, 1), (n - i) // 2 + 1)]


def _legal_splits(n: int) -> set:
    from ..game.rules import get_rules, legal_moves
    return {mv for mv in legal_moves(n, get_rules("tripartite")) if mv is not GUESS}


_NOTE_SEC3_TRIPLES = (
    "The printed chain 0 <= i <= n/3 <= j <= 2n/3 <= k forces j >= n/3 and k >= 2n/3, so i = n - j - k <= 0: "
    "the only triple it admits is (0, n/3, 2n/3), and only when 3 divides n. It excludes (0, 1, 1) at n = 2 and "
    "(1, 1, 1) at n = 3, the moves Theorem 3.1 itself prescribes, and leaves no question at all when 3 does not "
    "divide n (e.g. n = 4, 10). Sorting the groups, i <= j <= k, is what is meant; then i <= n/3 <= k.")


@claim("tripartite.sec3.triples",
       "Section 3: up to relabelling, a paradox question is a triple (i, j, k) with i + j + k = n and "
       "0 <= i <= n/3 <= j <= 2n/3 <= k.",
       _SEC3, expect_ok=False, tripartite=True,
       note=_NOTE_SEC3_TRIPLES)
def _claim_triples_printed(N):
    for n in range(2, min(N, 60) + 1):
        have = {tuple(x for x in t if x) for t in question_triples_as_printed(n)}
        missing = sorted(_legal_splits(n) - have)
        if missing:
            return Check(False, f"2 <= n <= {min(N, 60)}",
                         f"n = {n}: the question {missing[0]} is no such triple ({len(missing)} of "
                         f"{len(_legal_splits(n))} questions missing)")
    return Check(True, f"2 <= n <= {min(N, 60)}")


@claim("tripartite.sec3.triples.corrected",
       "Section 3 corrected: up to relabelling, a paradox question is a triple (i, j, k) with i + j + k = n "
       "and 0 <= i <= j <= k (so i <= n/3 <= k); each question appears exactly once.",
       _SEC3, version="corrected", tripartite=True, corrects="tripartite.sec3.triples",
       note=_NOTE_SEC3_TRIPLES)
def _claim_triples_corrected(N):
    for n in range(2, min(N, 60) + 1):
        ts = [tuple(x for x in t if x) for t in question_triples(n)]
        if len(ts) != len(set(ts)) or set(ts) != _legal_splits(n):
            return Check(False, f"2 <= n <= {min(N, 60)}", f"n = {n}")
    return Check(True, f"2 <= n <= {min(N, 60)} (against rules.legal_moves)")


@claim("tripartite.sec3.i_zero",
       "Section 3: 'the integer i = 0 occurs only in case n = 2': for n >= 3 a guess or a question with three "
       "non-empty groups is always among the optimal moves.",
       _SEC3, tripartite=True)
def _claim_i_zero(N):
    def rule(n, m):
        mv = cushing_tripartite(n, m)
        if n >= 3 and mv is not GUESS and len(mv) != 3:
            return None
        return mv
    # witness: the corrected Theorem 3.1 move, which has three groups for n >= 3, is optimal everywhere
    return _with_range(_check_rule(rule, N, range(3, N + 1)), f"3 <= n <= {N}, 1 <= m <= {N}")


@claim("tripartite.lemmaA3",
       "Lemma A.3: A(n, m+1) - A(n, m) <= n for all n, m.",
       _LEM + ", Lemma A.3", tripartite=True)
def _claim_a3(N):
    A = _table(N)
    d = np.diff(A[1:, 1:], axis=1) - np.arange(1, N + 1)[:, None]
    bad = np.argwhere(d > 0)
    if len(bad):
        n, m = int(bad[0][0]) + 1, int(bad[0][1]) + 1
        return Check(False, f"1 <= n <= {N}, 1 <= m < {N}", f"(n, m) = ({n}, {m}): A(n, m+1) - A(n, m) = "
                                                          f"{int(A[n, m + 1] - A[n, m])} > n")
    return Check(True, f"1 <= n <= {N}, 1 <= m < {N}")


@claim("tripartite.lemmaA5",
       "Lemma A.5: for 1 + 3^(k-1) < m <= 3^k, Phi(m) - Phi(m-1) <= 5*3^(k-1).",
       _LEM + ", Lemma A.5", tripartite=True)
def _claim_a5(N):
    for m in range(3, N + 1):
        k = ceil_log3(m)
        if m > 1 + 3 ** (k - 1) and phi(m) - phi(m - 1) > 5 * 3 ** (k - 1):
            return Check(False, f"3 <= m <= {N}", f"m = {m}: Phi(m) - Phi(m-1) = {phi(m) - phi(m - 1)}")
    return Check(True, f"3 <= m <= {N}")


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
    A = _table(N)
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
