"""Nica's results as exact, checked code.

M. Nica, "Optimal Strategy in 'Guess Who?': Beyond Binary Search" (Probab. Engrg. Inform. Sci. 2016).
Rules (Definition 2.1): no guessing; a question splits your n suspects into a group of b (the "bid")
and a group of n - b; the first player whose pool is down to one suspect wins at once.  These are the
``"nica"`` rules of the exact solver, ``gw.solve(N, "nica")``.

What is here
------------
* The two regions of Definitions 2.6 and 2.7: a player to move at (n, m) is *in the weeds* at level k
  when n > 2^(k+1) and 2^k < m <= 2^(k+1), and has *the upper hand* at level k when
  2^k < n <= 2^(k+1) and m > 2^k  (:func:`in_the_weeds`, :func:`upper_hand`, :func:`region`).
* Theorem 1.1: the optimal bid :func:`bold_bid` (the strategy :func:`nica_bold`) and the closed form
  :func:`p_star` of equations (1.1), (1.2), exact for boards of any size (pure integer arithmetic).
* Section 3, "Continuous Guess Who?": :func:`p_inf` (Propositions 3.8 and 3.9), exact for rational
  positions; the scaling law (Lemma 3.5), escape from the weeds (Lemma 3.6, :func:`escape_probability`),
  Remark 3.10 (p* - p_inf = -2/(3nm) or 4/(3nm)), the first-mover range and the fair handicap of
  section 1.2 (:func:`first_mover_range`, :func:`fair_handicap`, :func:`handicap_range`).
* Algorithm 1 (:func:`algorithm1`).  The data behind Figures 1 and 2 is in :mod:`guesswho_lib.plots.nica`.
* Every checkable statement is a claim in :mod:`guesswho_lib.claims.statements.nica`
  (``python -m guesswho_lib verify --only nica``).

Two facts used throughout (our arithmetic, checked by the claims): n*m*p*(n, m) is an integer, and so
is 3*n*m*p_inf(n, m) for integers n, m; this is what lets the checks run on whole integer tables.

Printed statements that fail as printed (details in the claims and the errata):
the bold bid is *not* always strictly below floor(n/2) (section 1.1: equality at n = 2^(k+1) + 1), and
with equal pools Player 1's chance is *not* always between 5/8 and 2/3 in the discrete game (section 1.2:
P(N, N) = 2/3 + 4/(3N^2) when N is a power of 2; the range [5/8, 2/3] is exact for p_inf).
"""

from __future__ import annotations

import decimal
import math
import numbers
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from ..rules import check_int

__all__ = [
    "WEEDS", "UPPER", "WON", "LOST",
    "in_the_weeds", "upper_hand", "region", "bold_bid", "nica_bold", "p_star", "p_star_table",
    "RegionGrid", "region_grid", "positive_rational", "power_of_two",
    "level", "continuous_region", "ansatz_bid", "p_inf", "p_inf_table", "escape_probability",
    "ansatz_step", "first_mover_range", "fair_handicap", "handicap_range", "algorithm1", "Extremes",
]

WEEDS = "in the weeds"
UPPER = "upper hand"
WON = "won"     # n = 1 < m: the player to move has already won (Definition 2.1)
LOST = "lost"   # m = 1 < n: the opponent has already won


# ---------------------------------------------------------------------------------------------------
# Regions (Definitions 2.6 and 2.7) and Theorem 1.1
# ---------------------------------------------------------------------------------------------------

def _lev(m: int) -> int:
    """For an integer m >= 2: the k >= 0 with 2^k < m <= 2^(k+1), i.e. floor(log2(m - 1))."""
    return (m - 1).bit_length() - 1


def _state(n, m, lo=1):
    n = check_int(n, "n", lo)
    m = check_int(m, "m", lo)
    if n == 1 and m == 1:
        raise ValueError("the state (1, 1) cannot occur in Nica's game (Definition 2.1): the game ends as "
                         "soon as one player is down to one suspect")
    return n, m


def in_the_weeds(n, m) -> int | None:
    """The level k if the player to move at (n, m) is *in the weeds* (Nica, Definition 2.6, eq. (2.4)):
    2^(k+1) < n and 2^k < m <= 2^(k+1), k = 0, 1, 2, ...; otherwise None.

    >>> in_the_weeds(10, 3), in_the_weeds(4, 3)
    (1, None)
    >>> in_the_weeds(3, 2), in_the_weeds(2, 2)     # n = 2^(k+1) is not in the weeds yet
    (0, None)
    """
    n, m = _state(n, m)
    k = _lev(m) if m >= 2 else None
    return None if k is None or n <= 2 ** (k + 1) else k


def upper_hand(n, m) -> int | None:
    """The level k if the player to move at (n, m) has *the upper hand* (Nica, Definition 2.7,
    eq. (2.5)): 2^k < n <= 2^(k+1) and m > 2^k, k = 0, 1, 2, ...; otherwise None.

    >>> upper_hand(4, 3), upper_hand(10, 3)
    (1, None)
    """
    n, m = _state(n, m)
    if n < 2:
        return None
    k = _lev(n)
    return k if m > 2 ** k else None


def region(n, m) -> tuple[str, int | None]:
    """Where the player to move at (n, m) stands: ``("in the weeds", k)``, ``("upper hand", k)``, or,
    for the finished states of Definition 2.1, ``("won", None)`` (n = 1) and ``("lost", None)`` (m = 1).

    Except for n = 1 or m = 1, the regions W_k and U_k partition the states (Nica, section 2.1).

    >>> region(24, 24), region(40, 5), region(1, 7)
    (('upper hand', 4), ('in the weeds', 2), ('won', None))
    """
    n, m = _state(n, m)
    if n == 1:
        return (WON, None)
    if m == 1:
        return (LOST, None)
    k = in_the_weeds(n, m)
    if k is not None:
        return (WEEDS, k)
    return (UPPER, upper_hand(n, m))


def bold_bid(n, m) -> int:
    """The optimal bid b*(n, m) of Theorem 1.1 (Nica, section 1): 2^k = 2^floor(log2(m-1)) when in the
    weeds at level k (a bold bid that depends only on the opponent's pool), floor(n/2) with the upper hand.

    Valid for all integers n, m >= 2, of any size (Theorem 1.1 is proved for all n, m; the claims
    ``nica.thm1.1.*`` check it against the exact solver).

    >>> bold_bid(40, 5), bold_bid(24, 24), bold_bid(10**18, 10**12)
    (4, 12, 549755813888)
    """
    n, m = _state(n, m, lo=2)
    k = _lev(m)
    return 2 ** k if n > 2 ** (k + 1) else n // 2


def nica_bold(n, m) -> tuple[int, int]:
    """Nica's optimal strategy as a move for :func:`guesswho_lib.game.walk` (rules ``"nica"``): the split
    (b*, n - b*) of Theorem 1.1, smaller group first.

    >>> nica_bold(40, 5), nica_bold(7, 100)
    ((4, 36), (3, 4))
    """
    b = bold_bid(n, m)
    return (min(b, n - b), max(b, n - b))


def p_star(n, m) -> Fraction:
    """The exact optimal winning probability p*(n, m) of Theorem 1.1 (Nica, equations (1.1), (1.2)):

        in the weeds at level k:   p* = 2^(k+1)/n - (2/3) (2^(2k+1) + 1)/(nm)          (1.1)
        upper hand at level k:     p* = 1 - 2^k/m + (2/3) (2^(2k) + 2)/(nm)             (1.2)

    and p*(1, m) = 1, p*(n, 1) = 0 (Definition 2.1, eq. (4.3)).  Exact for integers of any size.

    >>> p_star(24, 24), p_star(3, 2)
    (Fraction(91, 144), Fraction(1, 3))
    >>> p_star(2**60, 2**60) - Fraction(2, 3) == Fraction(4, 3 * 2**120)
    True
    """
    n, m = _state(n, m)
    if n == 1:
        return Fraction(1)
    if m == 1:
        return Fraction(0)
    k = _lev(m)
    if n > 2 ** (k + 1):                       # (1.1); 2^(2k+1) + 1 is divisible by 3
        return Fraction(2 ** (k + 1) * m - 2 * (2 ** (2 * k + 1) + 1) // 3, n * m)
    k = _lev(n)                                # (1.2); 2^(2k) + 2 is divisible by 3
    return Fraction(n * m - 2 ** k * n + 2 * (4 ** k + 2) // 3, n * m)


def _levels(N: int) -> np.ndarray:
    """L[v] = floor(log2(v - 1)) for 2 <= v <= N (exact integer arithmetic); L[0] = L[1] = -1."""
    return np.array([-1, -1] + [_lev(v) for v in range(2, N + 1)], dtype=np.int64)[: N + 1]


class RegionGrid(NamedTuple):
    """The board states 0 <= n, m <= N as broadcastable arrays, with their levels and regions."""
    n: np.ndarray          # column (N+1, 1): the mover's pool
    m: np.ndarray          # row (1, N+1): the opponent's pool
    level_n: np.ndarray    # floor(log2(n - 1)) (-1 for n <= 1), same shape as n
    level_m: np.ndarray    # floor(log2(m - 1)) (-1 for m <= 1), same shape as m
    weeds: np.ndarray      # (N+1, N+1) bool: in the weeds (Definition 2.6), n, m >= 2
    upper: np.ndarray      # (N+1, N+1) bool: the upper hand (Definition 2.7), n, m >= 2


def region_grid(N) -> RegionGrid:
    """Definitions 2.6 and 2.7 on the whole table 0 <= n, m <= N at once (exact integer arithmetic).

    >>> g = region_grid(8)
    >>> bool(g.weeds[5, 2]), bool(g.upper[4, 3]), int(g.level_m[0, 5])
    (True, True, 2)
    """
    N = check_int(N, "N", 1, 2 ** 20)
    v = np.arange(N + 1, dtype=np.int64)
    L = _levels(N)
    n, m = v[:, None], v[None, :]
    Jn, Km = L[:, None], L[None, :]
    inner = (n >= 2) & (m >= 2)
    weeds = inner & (n > 2 ** (Km + 1))
    upper = inner & ~weeds
    return RegionGrid(n, m, Jn, Km, weeds, upper)


def p_star_table(N) -> np.ndarray:
    """Integer table T[n, m] = n*m*p*(n, m) for 1 <= n, m <= N from the closed forms (1.1), (1.2),
    laid out like the solver's ``A`` table (row/column 0 unused, T[1, 1] = -1 for the impossible state).

    >>> bool((p_star_table(64) == __import__("guesswho_lib").solve(64, "nica").A).all())
    True
    """
    N = check_int(N, "N", 1, 2 ** 20)
    n, m, Jn, Km, weeds, upper = region_grid(N)
    T = np.zeros((N + 1, N + 1), dtype=np.int64)
    Kc = np.maximum(Km, 0)
    Jc = np.maximum(Jn, 0)
    T = np.where(weeds, 2 ** (Kc + 1) * m - 2 * (2 ** (2 * Kc + 1) + 1) // 3, T)
    T = np.where(upper, n * m - 2 ** Jc * n + 2 * (4 ** Jc + 2) // 3, T)
    T[1, 2:] = np.arange(2, N + 1)   # p*(1, m) = 1
    T[2:, 1] = 0                     # p*(n, 1) = 0
    if N >= 1:
        T[1, 1] = -1
    return T


# ---------------------------------------------------------------------------------------------------
# Continuous Guess Who (section 3)
# ---------------------------------------------------------------------------------------------------

def positive_rational(value, name: str) -> Fraction:
    """A positive exact rational from ``value``.

    Rule: ints, Fractions (any ``numbers.Rational``) and Decimals are taken exactly; a float is taken as
    the exact binary number it stores (``Fraction(0.1)`` is 3602879701896397/36028797018963968, not 1/10),
    so pass ``Fraction(1, 10)`` to mean one tenth.  bools, NaN, infinities and non-positive values are errors.
    """
    if isinstance(value, bool):
        raise TypeError(f"{name} must be a positive number (int, Fraction, Decimal or float), got a bool")
    if isinstance(value, numbers.Rational):
        x = Fraction(value.numerator, value.denominator)
    elif isinstance(value, (float, decimal.Decimal)) or (isinstance(value, numbers.Real)
                                                          and not isinstance(value, numbers.Rational)):
        try:
            f = float(value) if not isinstance(value, decimal.Decimal) else value
            if isinstance(f, float) and not math.isfinite(f):
                raise ValueError
            x = Fraction(f)
        except (ValueError, OverflowError, decimal.InvalidOperation):
            raise ValueError(f"{name} must be a finite positive number, got {value!r}") from None
    else:
        raise TypeError(f"{name} must be a positive number (int, Fraction, Decimal or float), got "
                        f"{value!r} of type {type(value).__name__}")
    if x <= 0:
        raise ValueError(f"{name} must be positive (> 0), got {value!r}")
    return x


def power_of_two(k: int) -> Fraction:
    """2^k as an exact Fraction, for any integer k (negative too).

    >>> power_of_two(3), power_of_two(-2)
    (Fraction(8, 1), Fraction(1, 4))
    """
    k = int(k)
    return Fraction(2 ** k) if k >= 0 else Fraction(1, 2 ** (-k))


def level(y) -> int:
    """The integer k (possibly negative) with 2^k < y <= 2^(k+1), for a positive rational y
    (the level of equations (3.2), (3.3)).  Exact: no floating-point logarithms.

    >>> level(2), level(3), level(Fraction(1, 3)), level(10**30)
    (0, 1, -2, 99)
    """
    y = positive_rational(y, "y")
    e = y.numerator.bit_length() - y.denominator.bit_length()   # 2^(e-1) < y < 2^(e+1)
    while y <= power_of_two(e):
        e -= 1
    while y > power_of_two(e + 1):
        e += 1
    return e


def continuous_region(x, y) -> tuple[str, int]:
    """Region of the position <x, y, P1> of Continuous Guess Who (Nica, eqs. (3.2), (3.3)):
    ``("in the weeds", k)`` when x = 2^k alpha, y = 2^k beta with alpha > 2, beta in (1, 2], else
    ``("upper hand", k)`` with alpha in (1, 2], beta > 1.  k is any integer.

    >>> continuous_region(5, 2), continuous_region(Fraction(3, 8), 100)
    (('in the weeds', 0), ('upper hand', -2))
    """
    x, y = positive_rational(x, "x"), positive_rational(y, "y")
    k = level(y)
    if x > power_of_two(k + 1):
        return (WEEDS, k)
    return (UPPER, level(x))


def ansatz_bid(x, y) -> Fraction:
    """The bid of the optimal bidding ansatz (Nica, Definition 3.3): 2^k in the weeds at level k,
    x/2 with the upper hand.

    >>> ansatz_bid(5, 2), ansatz_bid(3, 3)
    (Fraction(1, 1), Fraction(3, 2))
    """
    x, y = positive_rational(x, "x"), positive_rational(y, "y")
    where, k = continuous_region(x, y)
    return power_of_two(k) if where == WEEDS else x / 2


# The two formulas of section 3 in the scale-free variables alpha = x/2^k, beta = y/2^k.  They are
# written so that they work for Fractions (exact) and for sympy symbols alike (the analysis below).
def _p_weeds(alpha, beta):
    """Proposition 3.8, eq. (3.6) with x = 2^k alpha, y = 2^k beta: (2/alpha)(1 - 2/(3 beta))."""
    return 2 / alpha - 4 / (3 * alpha * beta)


def _p_upper(alpha, beta):
    """Proposition 3.9, eq. (3.7) with x = 2^k alpha, y = 2^k beta: 1 - 1/beta + (2/3)/(alpha beta)."""
    return 1 - 1 / beta + 2 / (3 * alpha * beta)


def p_inf(x, y) -> Fraction:
    """Player 1's winning probability p*_inf(x, y) in Continuous Guess Who (Nica, Definition 3.4),
    both players following the ansatz of Definition 3.3; exact for rational x, y > 0.

        in the weeds at level k:  p_inf = 2^(k+1)/x - (2/3) 2^(2k+1)/(xy)    (Proposition 3.8, eq. (3.6))
        upper hand at level k:    p_inf = 1 - 2^k/y + (2/3) 2^(2k)/(xy)      (Proposition 3.9, eq. (3.7))

    Proposition 3.9 is printed for beta = y/2^k > 2 only; its proof works unchanged for every beta > 1,
    so (3.7) is used on all of U_k (the claim ``nica.prop3.9.all_upper_hand`` checks this case, which
    equal pools x = y need).  Input rule: see :func:`positive_rational` (floats are taken at their exact binary value).

    >>> p_inf(4, 2), p_inf(1, 1), p_inf(Fraction(4, 3), Fraction(4, 3))
    (Fraction(1, 3), Fraction(2, 3), Fraction(5, 8))
    """
    x, y = positive_rational(x, "x"), positive_rational(y, "y")
    where, k = continuous_region(x, y)
    s = power_of_two(k)
    return _p_weeds(x / s, y / s) if where == WEEDS else _p_upper(x / s, y / s)


def p_inf_table(N) -> np.ndarray:
    """Integer table T[n, m] = 3*n*m*p_inf(n, m) for integers 1 <= n, m <= N (row/column 0 unused).

    From (3.6) and (3.7): 3nm p_inf = 6*2^k m - 4*4^k in the weeds, 3nm - 3*2^k n + 2*4^k with the upper
    hand; in row and column 1 the level is k = -1, which gives 3m - 1 for n = 1 and 2 for m = 1 < n.
    """
    N = check_int(N, "N", 1, 2 ** 20)
    n, m, Jn, Km, weeds, upper = region_grid(N)
    Kc, Jc = np.maximum(Km, 0), np.maximum(Jn, 0)
    T = np.zeros((N + 1, N + 1), dtype=np.int64)
    T = np.where(weeds, 6 * 2 ** Kc * m - 4 * 4 ** Kc, T)
    T = np.where(upper, 3 * n * m - 3 * 2 ** Jc * n + 2 * 4 ** Jc, T)
    T[1, 1:] = 3 * np.arange(1, N + 1) - 1    # (3.7) at k = -1: alpha = 2, beta = 2m
    T[2:, 1] = 2                               # (3.6) at k = -1: alpha = 2n, beta = 2
    return T


def ansatz_step(x, y) -> Fraction:
    """One turn of the ansatz (Definition 3.3) looked at from p_inf: the probability that Player 1 wins
    when he makes his ansatz bid now and p_inf is the value afterwards,
    sum over outcomes x' of P(x') * (1 - p_inf(y, x')).  Equals p_inf(x, y) (checked by the claims).
    """
    x, y = positive_rational(x, "x"), positive_rational(y, "y")
    b = ansatz_bid(x, y)
    if b == x / 2:
        return 1 - p_inf(y, b)
    return b / x * (1 - p_inf(y, b)) + (x - b) / x * (1 - p_inf(y, x - b))


def escape_probability(x, y, stages) -> tuple[Fraction, Fraction]:
    """Lemma 3.6, run as a process: Player 1 starts in the weeds at <x, y, P1>; both follow the ansatz.
    Each stage Player 1 bids 2^k (escaping with probability 2^k/x), else his pool drops to x - 2^k and
    Player 2, who has the upper hand, halves y.  Returns (probability of escaping within ``stages`` stages,
    probability of still being in the weeds after them).  Lemma 3.6: the first tends to 2/alpha,
    alpha = x/2^k; in fact it equals (2/alpha)(1 - 2^-stages) exactly.

    >>> escape_probability(5, 2, 3)
    (Fraction(7, 20), Fraction(13, 20))
    """
    x, y = positive_rational(x, "x"), positive_rational(y, "y")
    stages = check_int(stages, "stages", 0)
    if continuous_region(x, y)[0] != WEEDS:
        raise ValueError(f"Player 1 must start in the weeds (x > 2^(k+1) where 2^k < y <= 2^(k+1)); got x={x}, y={y}")
    escaped, stuck = Fraction(0), Fraction(1)
    for _ in range(stages):
        where, k = continuous_region(x, y)
        assert where == WEEDS, "a player who fails to escape stays in the weeds (proof of Lemma 3.6)"
        b = power_of_two(k)
        escaped += stuck * b / x
        stuck *= (x - b) / x
        x -= b
        assert continuous_region(y, x)[0] == UPPER   # Player 2 has the upper hand and halves
        y = ansatz_bid(y, x)
    return escaped, stuck


# ---------------------------------------------------------------------------------------------------
# Section 1.2: first-mover advantage and fair handicap, by exact analysis on one period
# ---------------------------------------------------------------------------------------------------

class Extremes(NamedTuple):
    """Exact infimum and supremum of a function over one period, and where they are reached."""
    inf: Fraction
    sup: Fraction
    argmin: tuple     # points of the period (1, 2] where inf is reached (or approached: see text)
    argmax: tuple
    formula: str


def _to_fraction(v) -> Fraction:
    import sympy as sp
    v = sp.nsimplify(v)
    if not v.is_rational:
        raise ArithmeticError(f"expected a rational number, got {v}")
    return Fraction(int(v.p), int(v.q))


def first_mover_range() -> Extremes:
    """Range of p_inf(x, x), Player 1's winning chance with equal pools (Nica, section 1.2).

    By Lemma 3.5 one period 1 < x <= 2 suffices; there x = y = alpha = beta is in U_0, so
    p_inf(x, x) = 1 - 1/x + 2/(3x^2) (eq. (3.7)).  We find the critical points with sympy and compare
    with the ends of the period: inf 5/8 at x = 4/3 (times any power of 2), sup 2/3 at x = 2 (any power
    of 2; the value at x -> 1+ is the same, as it must be by periodicity).

    >>> r = first_mover_range(); (r.inf, r.sup, r.argmin, r.argmax)
    (Fraction(5, 8), Fraction(2, 3), (Fraction(4, 3),), (Fraction(2, 1),))
    """
    import sympy as sp
    a = sp.symbols("x", positive=True)
    f = sp.simplify(_p_upper(a, a))
    crit = [c for c in sp.solve(sp.diff(f, a), a) if c.is_real and 1 < c < 2]
    cands = {_to_fraction(c): _to_fraction(f.subs(a, c)) for c in crit}
    cands[Fraction(2)] = _to_fraction(f.subs(a, 2))
    left = _to_fraction(sp.limit(f, a, 1, "+"))
    assert left == cands[Fraction(2)], "p_inf(x, x) must be continuous across the period boundary"
    lo, hi = min(cands.values()), max(cands.values())
    return Extremes(lo, hi, tuple(sorted(x for x, v in cands.items() if v == lo)),
                    tuple(sorted(x for x, v in cands.items() if v == hi)), f"p_inf(x, x) = {f} on 1 < x <= 2")


def fair_handicap(y) -> Fraction:
    """The fair handicap factor c(y) of section 1.2: Player 1 (who moves first) starts with c*y suspects,
    Player 2 with y, and p_inf(c*y, y) = 1/2 exactly.

    With y = 2^k beta, beta in (1, 2] (Lemma 3.5), solving (3.7) and (3.6) for c gives
        c = 4 / (3 beta (2 - beta))        for 1 < beta <= 4/3   (Player 1 keeps the upper hand),
        c = 4/beta - 8/(3 beta^2)          for 4/3 <= beta <= 2  (Player 1 starts in the weeds).
    (Derived in :func:`handicap_range`; the claim ``nica.sec1.2.handicap`` checks p_inf(c y, y) = 1/2.)

    >>> fair_handicap(1), fair_handicap(Fraction(4, 3)), fair_handicap(24)
    (Fraction(4, 3), Fraction(3, 2), Fraction(40, 27))
    """
    y = positive_rational(y, "y")
    beta = y / power_of_two(level(y))
    if beta <= Fraction(4, 3):
        return Fraction(4) / (3 * beta * (2 - beta))
    return 4 / beta - Fraction(8, 3) / beta ** 2


def handicap_range() -> Extremes:
    """Range of the fair handicap factor c(y) over one period 1 < y <= 2, derived exactly with sympy
    from (3.6) and (3.7): solve p_inf(c y, y) = 1/2 on each branch, find where the branches meet
    (beta = 4/3, where Player 1's pool c*y is exactly 2^(k+1)), and compare critical points and ends.
    Section 1.2 says "between 4/3 and 3/2": inf 4/3 at y = 2^k, sup 3/2 at y = (4/3) 2^k.

    >>> r = handicap_range(); (r.inf, r.sup, r.argmin, r.argmax)
    (Fraction(4, 3), Fraction(3, 2), (Fraction(2, 1),), (Fraction(4, 3),))
    """
    import sympy as sp
    b, c = sp.symbols("beta c", positive=True)
    half = sp.Rational(1, 2)
    cW = sp.solve(sp.Eq(_p_weeds(c * b, b), half), c)       # Player 1 in the weeds: x = c*b > 2
    cU = sp.solve(sp.Eq(_p_upper(c * b, b), half), c)       # upper hand: 1 < x = c*b <= 2
    assert len(cW) == 1 and len(cU) == 1
    cW, cU = sp.simplify(cW[0]), sp.simplify(cU[0])
    meet = [s for s in sp.solve(sp.Eq(cW * b, 2), b) if 1 < s < 2]
    assert len(meet) == 1 and sp.simplify(cU.subs(b, meet[0]) * meet[0] - 2) == 0
    s = meet[0]
    # which branch is valid on which side: test a point on each side
    lo_pt, hi_pt = (1 + s) / 2, (s + 2) / 2
    assert 1 < cU.subs(b, lo_pt) * lo_pt <= 2 and cW.subs(b, hi_pt) * hi_pt > 2
    cands = {}
    for expr, (u, v) in ((cU, (1, s)), (cW, (s, 2))):
        for pt in [p for p in sp.solve(sp.diff(expr, b), b) if p.is_real and u < p < v] + [u, v]:
            val = sp.limit(expr, b, pt, "+") if pt == 1 else expr.subs(b, pt)
            cands.setdefault(_to_fraction(pt), _to_fraction(val))
    lo, hi = min(cands.values()), max(cands.values())
    assert cands[Fraction(1)] == cands[Fraction(2)], "c(y) must be continuous across the period boundary"
    del cands[Fraction(1)]   # y -> 1+ is the same point of the period as y = 2
    return Extremes(lo, hi, tuple(sorted(x for x, v in cands.items() if v == lo)),
                    tuple(sorted(x for x, v in cands.items() if v == hi)),
                    f"c(beta) = {cU} for 1 < beta <= {s}; {cW} for {s} <= beta <= 2")


# ---------------------------------------------------------------------------------------------------
# Algorithm 1 and data for the figures
# ---------------------------------------------------------------------------------------------------

def algorithm1(r) -> tuple[dict, dict]:
    """Algorithm 1 of Nica (section 2): compute p*(n, m) and b*(n, m) for 3 <= n + m <= r by the
    recurrence of Proposition 2.4, in order of the sum s = n + m, exactly (Fractions).

    Returns (p, b): dicts keyed by (n, m).  As Remark 2.5 intends, the loop runs over the states with
    n, m >= 2 (read literally, line 2 would also recompute the initialised states n = 1 or m = 1, and
    (n, m) = (2, 1) would then need p*(1, 1), which Definition 2.1 leaves undefined).  The argmax is the
    smallest maximising b (footnote 3: b* is not always unique).  Pure Python: for small r (r = 64 draws
    Figure 1).

    >>> p, b = algorithm1(8); p[4, 4], b[5, 2]
    (Fraction(3, 4), 1)
    """
    r = check_int(r, "r", 3, 400)
    p: dict = {}
    bid: dict = {}
    for v in range(2, r):
        p[1, v] = Fraction(1)
        p[v, 1] = Fraction(0)
    for s in range(4, r + 1):
        for n in range(2, s - 1):
            m = s - n
            best, arg = None, None
            for b in range(1, n):
                val = 1 - Fraction(b, n) * p[m, b] - Fraction(n - b, n) * p[m, n - b]
                if best is None or val > best:
                    best, arg = val, b
            p[n, m], bid[n, m] = best, arg
    return p, bid
