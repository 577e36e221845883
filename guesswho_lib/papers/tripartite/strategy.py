"""Cushing et al., section 3: 3-adic arithmetic, Theorem 3.1 (as printed and corrected), the paradox question as a triple.

With a paradox question (Cushing et al., section 3, question (†)) a player splits their n suspects into
three groups of sizes a <= b <= c, a + b + c = n.  Theorem 3.1 gives an optimal move at every board state:
a table for n <= 9 and, for n >= 10, splits described in base 3.  Here:

* 3-adic arithmetic: :func:`ilog3`, :func:`ceil_log3`, :func:`base3`, the thirds (n_<, n_o, n_>) of
  Theorem 3.1 AS PRINTED (:func:`thirds_as_printed`) and CORRECTED (:func:`thirds`);
* Theorem 3.1 AS PRINTED (:func:`theorem_3_1_printed`) and CORRECTED (:func:`cushing_tripartite`, the strategy,
  exact for boards of any size: pure integer arithmetic);
* the description of a paradox question as a triple (i, j, k) (:func:`question_triples`).

The claims about them (ids ``tripartite.thm31.*``, ``tripartite.sec3.*``) are in
:mod:`guesswho_lib.claims.statements.tripartite`.

>>> cushing_tripartite(10, 2)
(3, 3, 4)
>>> cushing_tripartite(16, 12)
(3, 5, 8)
>>> cushing_tripartite(10**18, 5)
(300189270593998242, 349589913713003809, 350220815692997949)
"""

from __future__ import annotations

from ...rules import GUESS, check_int

__all__ = [
    "SOURCE", "ilog3", "ceil_log3", "floor_sum", "thirds", "thirds_as_printed", "thirds_blocks", "base3",
    "THEOREM_3_1_SMALL", "theorem_3_1_small", "large_m_threshold", "theorem_3_1_printed", "cushing_tripartite",
    "question_triples", "question_triples_as_printed",
]

SOURCE = "Cushing et al."


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


def floor_sum(n: int, d: int, lo: int, hi: int) -> int:
    """sum_{i=lo}^{hi-1} floor((n + i) / d), in O(1) integer operations (the sums of Theorem 3.1).

    >>> floor_sum(10, 3, 0, 3), sum((10 + i) // 3 for i in range(3))
    (10, 10)
    """
    def F(x):  # sum_{j=0}^{x-1} floor(j / d)
        q, r = divmod(x, d)
        return d * q * (q - 1) // 2 + r * q
    return F(n + hi) - F(n + lo)


def thirds_blocks(k, printed: bool = False):
    """The sums of Theorem 3.1 that define (n_<, n_o, n_>), as data: ``(d, blocks)`` with each part
    sum_{i=lo}^{hi-1} floor((n + i) / d), d = 3^(k-1), one (lo, hi) per block.  As printed the blocks have 3^k
    terms each; corrected, 3^(k-2).  ``k`` may be a sympy symbol: the same data writes the formula out
    (:mod:`.latex`).

    >>> thirds_blocks(3), thirds_blocks(3, printed=True)
    ((9, ((0, 3), (3, 6), (6, 9))), (9, ((0, 27), (27, 54), (54, 81))))
    """
    q = 3 ** k if printed else 3 ** (k - 2)
    return 3 ** (k - 1), ((0, q), (q, 2 * q), (2 * q, 3 * q))


def thirds_as_printed(n) -> tuple[int, int, int]:
    """(n_<, n_o, n_>) exactly as printed in Theorem 3.1 (section 3), k = floor(log_3 n):

    n_< = sum_{i=0}^{3^k - 1} floor((n+i)/3^(k-1)),  n_o = sum_{i=3^k}^{2*3^k - 1} ...,
    n_> = sum_{i=2*3^k}^{3^(k+1) - 1} ...   As printed these do not add up to n (erratum):

    >>> thirds_as_printed(10)
    (39, 66, 93)
    """
    n = check_int(n, "n", 9)
    d, blocks = thirds_blocks(ilog3(n), printed=True)
    return tuple(floor_sum(n, d, lo, hi) for lo, hi in blocks)


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
    d, blocks = thirds_blocks(ilog3(n))
    return tuple(floor_sum(n, d, lo, hi) for lo, hi in blocks)


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


def large_m_threshold(n) -> int:
    """3^k + 3^(k-1) with k = floor(log_3 n), n >= 3: where Theorem 3.1 switches from thirds to powers of 3.

    >>> large_m_threshold(10), large_m_threshold(46)
    (12, 36)
    """
    k = ilog3(check_int(n, "n", 3))
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
