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
* Algorithm 1 (:func:`algorithm1`) and the data behind Figures 1 and 2 (:func:`figure1_data`,
  :func:`figure2_data`, :func:`log_periodic_profile`, :func:`scaled_boards`).
* Every checkable statement is registered as a claim (``python -m guesswho_lib verify --only nica``).

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
import random
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from ..claims.registry import Check, claim
from ..game.rules import check_int

__all__ = [
    "in_the_weeds", "upper_hand", "region", "bold_bid", "nica_bold", "p_star", "p_star_table",
    "level", "continuous_region", "ansatz_bid", "p_inf", "p_inf_table", "escape_probability",
    "ansatz_step", "first_mover_range", "fair_handicap", "handicap_range", "algorithm1",
    "figure1_data", "figure2_data", "log_periodic_profile", "scaled_boards",
    "SurfaceData", "LogPeriodicProfile", "Extremes",
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
    """
    n, m = _state(n, m)
    if m < 2:
        return None
    k = _lev(m)
    return k if n > 2 ** (k + 1) else None


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


def _grid(N: int):
    v = np.arange(N + 1, dtype=np.int64)
    L = _levels(N)
    n, m = v[:, None], v[None, :]
    Jn, Km = L[:, None], L[None, :]
    inner = (n >= 2) & (m >= 2)
    weeds = inner & (n > 2 ** (Km + 1))
    upper = inner & ~weeds
    return n, m, Jn, Km, weeds, upper


def p_star_table(N) -> np.ndarray:
    """Integer table T[n, m] = n*m*p*(n, m) for 1 <= n, m <= N from the closed forms (1.1), (1.2),
    laid out like the solver's ``A`` table (row/column 0 unused, T[1, 1] = -1 for the impossible state).

    >>> bool((p_star_table(64) == __import__("guesswho_lib").solve(64, "nica").A).all())
    True
    """
    N = check_int(N, "N", 1, 2 ** 20)
    n, m, Jn, Km, weeds, upper = _grid(N)
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

def _rational(value, name: str) -> Fraction:
    """A positive exact rational from ``value``.

    Rule: ints, Fractions (any ``numbers.Rational``) and Decimals are taken exactly; a float is taken as
    the exact binary number it stores (``Fraction(0.1)`` is 3602879701896397/36028797018963968, not 1/10),
    so pass ``Fraction(1, 10)`` to mean one tenth.  bools, NaN, infinities and non-positive values are errors.
    """
    if isinstance(value, bool):
        raise TypeError(f"{name} must be a positive number (int, Fraction, Decimal or float), got a bool")
    if isinstance(value, numbers.Rational):
        x = Fraction(value.numerator, value.denominator)
    elif isinstance(value, (float, decimal.Decimal)) or (isinstance(value, numbers.Real) and not isinstance(value, numbers.Rational)):
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


def _pow2(k: int) -> Fraction:
    return Fraction(2 ** k) if k >= 0 else Fraction(1, 2 ** (-k))


def level(y) -> int:
    """The integer k (possibly negative) with 2^k < y <= 2^(k+1), for a positive rational y
    (the level of equations (3.2), (3.3)).  Exact: no floating-point logarithms.

    >>> level(2), level(3), level(Fraction(1, 3)), level(10**30)
    (0, 1, -2, 99)
    """
    y = _rational(y, "y")
    e = y.numerator.bit_length() - y.denominator.bit_length()   # 2^(e-1) < y < 2^(e+1)
    while y <= _pow2(e):
        e -= 1
    while y > _pow2(e + 1):
        e += 1
    return e


def continuous_region(x, y) -> tuple[str, int]:
    """Region of the position <x, y, P1> of Continuous Guess Who (Nica, eqs. (3.2), (3.3)):
    ``("in the weeds", k)`` when x = 2^k alpha, y = 2^k beta with alpha > 2, beta in (1, 2], else
    ``("upper hand", k)`` with alpha in (1, 2], beta > 1.  k is any integer.

    >>> continuous_region(5, 2), continuous_region(Fraction(3, 8), 100)
    (('in the weeds', 0), ('upper hand', -2))
    """
    x, y = _rational(x, "x"), _rational(y, "y")
    k = level(y)
    if x > _pow2(k + 1):
        return (WEEDS, k)
    return (UPPER, level(x))


def ansatz_bid(x, y) -> Fraction:
    """The bid of the optimal bidding ansatz (Nica, Definition 3.3): 2^k in the weeds at level k,
    x/2 with the upper hand.

    >>> ansatz_bid(5, 2), ansatz_bid(3, 3)
    (Fraction(1, 1), Fraction(3, 2))
    """
    x, y = _rational(x, "x"), _rational(y, "y")
    where, k = continuous_region(x, y)
    return _pow2(k) if where == WEEDS else x / 2


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
    equal pools x = y need).  Input rule: see :func:`_rational` (floats are taken at their exact binary value).

    >>> p_inf(4, 2), p_inf(1, 1), p_inf(Fraction(4, 3), Fraction(4, 3))
    (Fraction(1, 3), Fraction(2, 3), Fraction(5, 8))
    """
    x, y = _rational(x, "x"), _rational(y, "y")
    where, k = continuous_region(x, y)
    s = _pow2(k)
    return _p_weeds(x / s, y / s) if where == WEEDS else _p_upper(x / s, y / s)


def p_inf_table(N) -> np.ndarray:
    """Integer table T[n, m] = 3*n*m*p_inf(n, m) for integers 1 <= n, m <= N (row/column 0 unused).

    From (3.6) and (3.7): 3nm p_inf = 6*2^k m - 4*4^k in the weeds, 3nm - 3*2^k n + 2*4^k with the upper
    hand; in row and column 1 the level is k = -1, which gives 3m - 1 for n = 1 and 2 for m = 1 < n.
    """
    N = check_int(N, "N", 1, 2 ** 20)
    n, m, Jn, Km, weeds, upper = _grid(N)
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
    x, y = _rational(x, "x"), _rational(y, "y")
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
    x, y = _rational(x, "x"), _rational(y, "y")
    stages = check_int(stages, "stages", 0)
    if continuous_region(x, y)[0] != WEEDS:
        raise ValueError(f"Player 1 must start in the weeds (x > 2^(k+1) where 2^k < y <= 2^(k+1)); got x={x}, y={y}")
    escaped, stuck = Fraction(0), Fraction(1)
    for _ in range(stages):
        where, k = continuous_region(x, y)
        assert where == WEEDS, "a player who fails to escape stays in the weeds (proof of Lemma 3.6)"
        b = _pow2(k)
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
    y = _rational(y, "y")
    beta = y / _pow2(level(y))
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


class SurfaceData(NamedTuple):
    """Values on a grid, for a heat map: ``z[i, j]`` is the value at (x[i], y[j])."""
    x: np.ndarray
    y: np.ndarray
    z: np.ndarray
    xlabel: str
    ylabel: str
    title: str


def figure1_data(N=32) -> SurfaceData:
    """Data of Nica's Figure 1: P(n, m) for 1 <= n, m <= N (floats from the exact 'nica' solver; NaN at
    the impossible state (1, 1)).  ``z[n-1, m-1] = P(n, m)``.
    """
    from ..game.solver import cached_solution
    N = check_int(N, "N", 2, 4096)
    t = cached_solution("nica", N)
    v = np.arange(1, N + 1)
    z = np.array(t.prob[1:N + 1, 1:N + 1], dtype=float)
    return SurfaceData(v, v, z, "n (Player 1's suspects, to move)", "m (Player 2's suspects)",
                       "Nica, Figure 1: P(n, m) under the race-to-one rules")


def figure2_data(alpha_max=6, beta_max=6, samples=241) -> SurfaceData:
    """Data of Nica's Figure 2: p_inf(2^k alpha, 2^k beta) on the L-shaped region
    (2, inf) x (1, 2]  union  (1, 2] x (1, inf)   (section 1.2, eqs. (3.2), (3.3)),
    on the grid alpha, beta = 1 + (max - 1) i/(samples - 1), i = 1, ..., samples - 1 (1 itself is left
    out: the region is open there).  Values are exact p_inf converted to floats; NaN outside the L.
    By Lemma 3.5 the value does not depend on k, so k = 0.
    """
    amax = _rational(alpha_max, "alpha_max")
    bmax = _rational(beta_max, "beta_max")
    samples = check_int(samples, "samples", 3, 2001)
    if amax <= 2 or bmax <= 2:
        raise ValueError("alpha_max and beta_max must be greater than 2 to show the L-shaped region")
    al = [1 + (amax - 1) * Fraction(i, samples - 1) for i in range(1, samples)]
    be = [1 + (bmax - 1) * Fraction(i, samples - 1) for i in range(1, samples)]
    z = np.full((len(al), len(be)), np.nan)
    for i, a in enumerate(al):
        for j, b in enumerate(be):
            if a <= 2 or b <= 2:
                z[i, j] = float(p_inf(a, b))
    return SurfaceData(np.array([float(a) for a in al]), np.array([float(b) for b in be]), z,
                       "alpha (Player 1's pool / 2^k)", "beta (Player 2's pool / 2^k)",
                       "Nica, Figure 2: p_inf on the L-shaped region")


class LogPeriodicProfile(NamedTuple):
    """p_inf(x, c x) against log2 x (a smooth curve) and the exact discrete P(n, m) with m = round(c n)."""
    log2_x: np.ndarray      # the curve's abscissa
    p_inf: np.ndarray       # p_inf(2^t, c 2^t)
    n: np.ndarray           # boards (n, m) of the discrete game
    m: np.ndarray
    P: np.ndarray           # exact P(n, m) as floats (closed form of Theorem 1.1)
    ratio: Fraction


def log_periodic_profile(ratio=1, max_log2=10, samples_per_octave=64) -> LogPeriodicProfile:
    """Section 1.2's log-periodicity: p*(n, c n) does not converge as n grows but follows
    p_inf(n, c n), which repeats every doubling of n (Lemma 3.5).

    The curve: t from 1 to ``max_log2`` with ``samples_per_octave`` points per doubling,
    p_inf(2^t, c 2^t) (2^t rounded to a dyadic rational, then exact).  The dots: every board
    n = 2, ..., 2^max_log2 with m = round(c n) >= 2, P(n, m) exact from Theorem 1.1 (so any size works).
    """
    c = _rational(ratio, "ratio")
    max_log2 = check_int(max_log2, "max_log2", 2, 40)
    spo = check_int(samples_per_octave, "samples_per_octave", 2, 4096)
    ts = np.linspace(1, max_log2, (max_log2 - 1) * spo + 1)
    curve = np.array([float(p_inf(Fraction(2.0 ** t).limit_denominator(2 ** 40),
                                  c * Fraction(2.0 ** t).limit_denominator(2 ** 40))) for t in ts])
    ns, ms, Ps = [], [], []
    for n in range(2, min(2 ** max_log2, 2 ** 16) + 1):
        m = round(c * n)
        if m >= 2:
            ns.append(n)
            ms.append(m)
            Ps.append(float(p_star(n, m)))
    return LogPeriodicProfile(ts, curve, np.array(ns), np.array(ms), np.array(Ps), c)


def scaled_boards(x, y, max_log2=30) -> list[dict]:
    """The boards (round(2^s x), round(2^s y)), s = 0, ..., max_log2, with their exact P (Theorem 1.1)
    and the continuous value p_inf at the same board: P - p_inf shrinks like 1/(nm) (Remark 3.10), while
    p_inf itself repeats (Lemma 3.5).  For a slider over s = log2 of the scale.

    >>> [(d["n"], d["m"], d["P"]) for d in scaled_boards(3, 2, 2)]
    [(3, 2, Fraction(1, 3)), (6, 4, Fraction(5, 12)), (12, 8, Fraction(7, 16))]
    """
    x, y = _rational(x, "x"), _rational(y, "y")
    max_log2 = check_int(max_log2, "max_log2", 0, 200)
    out = []
    for s in range(max_log2 + 1):
        n, m = round(x * 2 ** s), round(y * 2 ** s)
        if n < 1 or m < 1 or n == m == 1:
            continue
        P = p_star(n, m)
        pi = p_inf(n, m)
        out.append({"s": s, "n": n, "m": m, "P": P, "p_inf": pi, "nm_gap": n * m * (P - pi)})
    return out


# ---------------------------------------------------------------------------------------------------
# Claims: each printed statement and its check against the exact 'nica' solver
# ---------------------------------------------------------------------------------------------------

_SRC = "Nica 2016"


def _A(N: int) -> np.ndarray:
    from ..game.solver import cached_solution
    return np.asarray(cached_solution("nica", N).A[: N + 1, : N + 1], dtype=np.int64)


def _first(mask: np.ndarray):
    """First (n, m) (in order of n, then m) where ``mask`` is True, or None."""
    idx = np.argwhere(mask)
    return None if len(idx) == 0 else tuple(int(v) for v in idx[0])


def _rational_sample(count: int, seed: int = 2016) -> list[tuple[Fraction, Fraction]]:
    """A reproducible spread of rational positions: random numerators/denominators over many scales,
    plus the region boundaries (powers of 2, 2^(k+1) exactly, 4/3, ...)."""
    rng = random.Random(seed)
    pts = [(Fraction(a), Fraction(b)) for a in (1, 2, 3, 4, 5, 8) for b in (1, 2, 3, 4, 5, 8)]
    pts += [(Fraction(4, 3), Fraction(4, 3)), (Fraction(8, 3), Fraction(4, 3)), (Fraction(1, 1024), Fraction(3, 7))]
    while len(pts) < count:
        x = Fraction(rng.randint(1, 10 ** 6), rng.randint(1, 10 ** 4)) * _pow2(rng.randint(-20, 20))
        y = Fraction(rng.randint(1, 10 ** 6), rng.randint(1, 10 ** 4)) * _pow2(rng.randint(-20, 20))
        pts.append((x, y))
    return pts


def _region_sample(where: str, count: int, seed: int, beta_gt_2=None) -> list[tuple[Fraction, Fraction]]:
    """``count`` reproducible rational positions 2^k (alpha, beta) in one region (eqs. (3.2), (3.3)):
    weeds: alpha > 2, beta in (1, 2]; upper hand: alpha in (1, 2], beta > 1 (beta > 2 or beta <= 2 when
    ``beta_gt_2`` is True or False).  Includes the closed ends alpha = 2 or beta = 2 where they belong."""
    rng = random.Random(seed)

    def unit(lo, hi):   # a rational in (lo, hi]
        q = rng.randint(1, 10 ** 5)
        return lo + (hi - lo) * Fraction(rng.randint(1, q), q)

    pts = []
    while len(pts) < count:
        k = rng.randint(-25, 25)
        if where == WEEDS:
            a, b = 2 + unit(0, rng.choice((1, 10, 1000))), unit(1, 2)
            if len(pts) == 0:
                a, b = Fraction(4), Fraction(2)
        else:
            a = unit(1, 2)
            b = unit(2, rng.choice((3, 50, 10 ** 4))) if beta_gt_2 else unit(1, 2)
            if len(pts) == 0:
                a, b = (Fraction(2), Fraction(2)) if not beta_gt_2 else (Fraction(2), Fraction(4))
        pts.append((a * _pow2(k), b * _pow2(k)))
    return pts


@claim("nica.def2.6", "Except for the trivial states n = 1 or m = 1, the sets W_k (in the weeds, Def. 2.6) and "
       "U_k (upper hand, Def. 2.7), k = 0, 1, 2, ..., partition the states: each (n, m) lies in exactly one.",
       f"{_SRC}, section 2.1, Definitions 2.6, 2.7")
def _check_partition(N):
    v = np.arange(N + 1)
    n, m = v[:, None], v[None, :]
    count = np.zeros((N + 1, N + 1), dtype=np.int64)
    for k in range(0, N.bit_length() + 1):
        lo, hi = 2 ** k, 2 ** (k + 1)
        count += (n > hi) & (m > lo) & (m <= hi)            # W_k, eq. (2.4)
        count += (n > lo) & (n <= hi) & (m > lo)            # U_k, eq. (2.5)
    inner = (n >= 2) & (m >= 2)
    bad = (inner & (count != 1)) | (~inner & (count != 0))
    bad[0, :] = bad[:, 0] = False
    # the scalar functions agree with the sets, on a sample
    for a, b in [(2, 2), (3, 2), (5, 4), (8, 5), (9, 8), (24, 24), (1000, 3)]:
        if a <= N and b <= N:
            r = region(a, b)
            want = (WEEDS, in_the_weeds(a, b)) if in_the_weeds(a, b) is not None else (UPPER, upper_hand(a, b))
            if r != want:
                return Check(False, f"2 <= n, m <= {N}", f"region{(a, b)} = {r}")
    f = _first(bad)
    return Check(f is None, f"1 <= n, m <= {N}", "" if f is None else f"(n, m) = {f}")


@claim("nica.thm1.1.p_star", "Theorem 1.1: p*(n, m) = 2^(k+1)/n - (2/3)(2^(2k+1)+1)/(nm) in the weeds at level k "
       "(eq. 1.1), and 1 - 2^k/m + (2/3)(2^(2k)+2)/(nm) with the upper hand at level k (eq. 1.2).",
       f"{_SRC}, Theorem 1.1, eqs. (1.1), (1.2)")
def _check_p_star(N):
    A = _A(N)
    T = p_star_table(N)
    bad = (T != A)
    bad[0, :] = bad[:, 0] = False
    f = _first(bad)
    spot = all(p_star(a, b) == Fraction(int(A[a, b]), a * b) for a in (2, 3, N // 2, N) for b in (2, 5, N - 1, N)
               if a >= 2 and b >= 2)
    ok = f is None and spot
    return Check(ok, f"1 <= n, m <= {N}, (n, m) != (1, 1)",
                 "" if ok else f"(n, m) = {f}: n*m*P = {A[f] if f else '?'}, closed form {T[f] if f else '?'}",
                 "n*m*p* from (1.1), (1.2) equals the solver's integer table everywhere" if ok else "")


@claim("nica.thm1.1.bid", "Theorem 1.1: an optimal bid is b* = 2^k = 2^floor(log2(m-1)) in the weeds at level k, "
       "and b* = floor(n/2) with the upper hand.",
       f"{_SRC}, Theorem 1.1 and Theorem 4.4")
def _check_bid(N):
    A = _A(N)
    n, m, Jn, Km, weeds, upper = _grid(N)
    B = np.where(weeds, 2 ** np.maximum(Km, 0), n // 2)
    inner = weeds | upper
    Bc = np.where(inner, B, 1)
    nn = np.broadcast_to(n, A.shape)
    mm = np.broadcast_to(m, A.shape)
    val = nn * mm - A[mm, Bc] - A[mm, np.where(inner, nn - Bc, 1)]
    bad = inner & (val != A)
    f = _first(bad)
    spot = all(tuple(sorted((bold_bid(a, b), a - bold_bid(a, b)))) == nica_bold(a, b) and bold_bid(a, b) == B[a, b]
               for a in range(2, min(N, 40) + 1) for b in range(2, min(N, 40) + 1))
    # self-play by exact evaluation (both players use nica_bold) gives the optimal value
    from ..game.walk import evaluate
    E = min(N, 12)
    selfplay = [(a, b) for a in range(2, E + 1) for b in range(2, E + 1)
                if evaluate(nica_bold, nica_bold, a, b, "nica") != Fraction(int(A[a, b]), a * b)]
    ok = f is None and spot and not selfplay
    return Check(ok, f"2 <= n, m <= {N}; self-play evaluated for n, m <= {E}",
                 "" if ok else f"(n, m) = {f if f else selfplay[:1]}",
                 "the split (b*, n - b*) attains the exact optimum everywhere" if ok else "")


@claim("nica.lem4.1.unique", "Lemma 4.1 (\"with equality if and only if\"): in the weeds at level k the bid 2^k is the "
       "only optimal bid (up to swapping the two groups).",
       f"{_SRC}, section 4, Lemma 4.1")
def _check_unique(N):
    N = min(N, 400)
    A = _A(N)
    for m in range(2, N + 1):
        k = _lev(m)
        row = A[m]
        for n in range(2 ** (k + 1) + 1, N + 1):
            b = np.arange(1, n // 2 + 1)
            vals = n * m - row[b] - row[n - b]
            best = b[vals == A[n, m]]
            if list(best) != [2 ** k]:
                return Check(False, f"weeds states with n, m <= {N}", f"(n, m) = ({n}, {m}): optimal bids {list(best)}")
    return Check(True, f"weeds states with n, m <= {N}")


@claim("nica.sec1.1.bold_below_half", "Section 1.1: the bold bid b = 2^floor(log2(m-1)) is always strictly less than "
       "floor(n/2).", f"{_SRC}, section 1.1", expect_ok=False,
       note="At n = 2^(k+1) + 1 (in the weeds at level k) the bold bid 2^k equals floor(n/2): the bold bid and the "
            "safe bid coincide there, e.g. (n, m) = (3, 2), (5, 3), (9, 8).")
def _check_bold_printed(N):
    n, m, Jn, Km, weeds, upper = _grid(N)
    bad = weeds & ~(2 ** np.maximum(Km, 0) < n // 2)
    f = _first(bad)
    return Check(f is None, f"weeds states with n, m <= {N}", "" if f is None else
                 f"(n, m) = {f}: bold bid {2 ** _lev(f[1])} = floor(n/2) = {f[0] // 2}",
                 f"{int(bad.sum())} weeds states where it fails, all with n = 2^(k+1) + 1")


@claim("nica.sec1.1.bold_below_half.corrected", "In the weeds at level k the bold bid 2^k is at most floor(n/2), with "
       "equality exactly when n = 2^(k+1) + 1; its chance of success 2^k/n is always strictly less than 1/2.",
       f"{_SRC}, section 1.1 (corrected)", version="corrected", corrects="nica.sec1.1.bold_below_half")
def _check_bold_corrected(N):
    n, m, Jn, Km, weeds, upper = _grid(N)
    b = 2 ** np.maximum(Km, 0)
    eq = n == 2 ** (np.maximum(Km, 0) + 1) + 1
    bad = weeds & ~((b <= n // 2) & ((b == n // 2) == eq) & (2 * b < n))
    f = _first(bad)
    return Check(f is None, f"weeds states with n, m <= {N}", "" if f is None else f"(n, m) = {f}")


@claim("nica.alg1", "Algorithm 1 (run over the states with n, m >= 2, as Remark 2.5 intends) computes p*(n, m) and an "
       "optimal bid b*(n, m) for 3 <= n + m <= r; the optimal bid is not always unique (footnote 3).",
       f"{_SRC}, section 2, Algorithm 1")
def _check_alg1(N):
    r = min(N, 64)
    p, b = algorithm1(r)
    A = _A(r)
    for (n, m), v in p.items():
        if v != Fraction(int(A[n, m]), n * m):
            return Check(False, f"3 <= n + m <= {r}", f"p*({n}, {m}) = {v} but the solver has {A[n, m]}/{n * m}")
    ties = 0
    for (n, m), bb in b.items():
        vals = {c: n * m - A[m, c] - A[m, n - c] for c in range(1, n)}
        if vals[bb] != A[n, m]:
            return Check(False, f"3 <= n + m <= {r}", f"b*({n}, {m}) = {bb} is not optimal")
        ties += sum(1 for c in range(1, (n // 2) + 1) if vals[c] == A[n, m]) > 1
    return Check(ties > 0, f"3 <= n + m <= {r}", "" if ties else "b* always unique",
                 f"{ties} states with more than one optimal bid (up to swapping the groups)")


@claim("nica.lem3.5", "Lemma 3.5: p_inf(2^j x, 2^j y) = p_inf(x, y) for every integer j.",
       f"{_SRC}, section 3, Lemma 3.5, eq. (3.5)")
def _check_scaling(N):
    pts = _rational_sample(300)
    for x, y in pts:
        for j in (-7, -1, 1, 3, 12):
            if p_inf(x * _pow2(j), y * _pow2(j)) != p_inf(x, y):
                return Check(False, "rational sample", f"(x, y) = ({x}, {y}), j = {j}")
    h = N // 2
    T = p_inf_table(N)
    bad = T[2:2 * h + 1:2, 2:2 * h + 1:2] != 4 * T[1:h + 1, 1:h + 1]   # 3(2n)(2m) p(2n,2m) = 4 * 3nm p(n,m)
    f = _first(bad)
    ok = f is None
    return Check(ok, f"300 rational positions x j in {{-7,-1,1,3,12}}; all integers n, m <= {h} with j = 1",
                 "" if ok else f"(n, m) = ({f[0] + 1}, {f[1] + 1})")


@claim("nica.lem3.6", "Lemma 3.6: from the weeds, <2^k alpha, 2^k beta, P1> with alpha > 2, beta in (1, 2], Player 1 "
       "ever escapes the weeds with probability 2/alpha.",
       f"{_SRC}, section 3, Lemma 3.6")
def _check_escape(N):
    stages = 40
    count = 0
    for x, y in _rational_sample(100, seed=36) + _region_sample(WEEDS, 100, seed=36):
        if continuous_region(x, y)[0] != WEEDS:
            continue
        alpha = x / _pow2(level(y))
        esc, stuck = escape_probability(x, y, stages)
        count += 1
        # the printed series 1/alpha + 1/(2 alpha) + ... summed to `stages` terms, and its limit 2/alpha
        if esc != 2 / alpha * (1 - Fraction(1, 2 ** stages)) or esc + stuck != 1:
            return Check(False, "rational sample", f"(x, y) = ({x}, {y}): escaped {esc} within {stages} stages")
    return Check(True, f"{count} weeds positions from a rational sample, {stages} stages of the process",
                 detail="escape within J stages = (2/alpha)(1 - 2^-J) exactly, so the limit is 2/alpha")


@claim("nica.lem3.7", "Lemma 3.7: from <2^k 4, 2^k 2, P1> Player 1 loses with probability 2/3 (and wins with 1/3).",
       f"{_SRC}, section 3, Lemma 3.7")
def _check_lem37(N):
    for k in range(-30, 31):
        if p_inf(4 * _pow2(k), 2 * _pow2(k)) != Fraction(1, 3):
            return Check(False, "k in -30..30", f"k = {k}")
    # the proof's equation L = (1 - e) + e*e*L with e = 2/4 the escape probability of Lemma 3.6
    e = 2 / (Fraction(4) / _pow2(level(2)))
    L = (1 - e) / (1 - e * e)
    # the discrete game at the same positions: P(2^(s+2), 2^(s+1)) -> 1/3
    A = _A(N)
    s_ok = all(Fraction(int(A[4 * 2 ** s, 2 * 2 ** s]), 8 * 4 ** s) - Fraction(1, 3) == Fraction(-2, 3 * 8 * 4 ** s)
               for s in range(0, 40) if 4 * 2 ** s <= N)
    ok = L == Fraction(2, 3) and s_ok
    return Check(ok, f"k in -30..30; discrete boards (4*2^s, 2*2^s) <= {N}", "" if ok else f"L = {L}",
                 "discrete P(4*2^s, 2*2^s) = 1/3 - 1/(12*4^s) -> 1/3")


def _remark_gap(N):
    """3nm (P(n, m) - p_inf(n, m)) as an integer table, and the weeds/upper masks."""
    A = _A(N)
    n, m, Jn, Km, weeds, upper = _grid(N)
    return 3 * A - p_inf_table(N), n, m, Jn, Km, weeds, upper


def _harmonic(points):
    for x, y in points:
        if ansatz_step(x, y) != p_inf(x, y):
            return (x, y)
    return None


@claim("nica.prop3.8", "Proposition 3.8: in the weeds (x = 2^k alpha, y = 2^k beta, alpha > 2, beta in (1, 2]) "
       "p_inf(x, y) = 2^(k+1)/x - (2/3) 2^(2k+1)/(xy).",
       f"{_SRC}, section 3, Proposition 3.8, eq. (3.6)")
def _check_prop38(N):
    pts = [(x, y) for x, y in _rational_sample(200, seed=38) + _region_sample(WEEDS, 200, seed=38)
           if continuous_region(x, y)[0] == WEEDS]
    for x, y in pts:
        k = level(y)
        printed = _pow2(k + 1) / x - Fraction(2, 3) * _pow2(2 * k + 1) / (x * y)
        alpha, beta = x / _pow2(k), y / _pow2(k)
        proof = 1 - ((1 - 2 / alpha) + 2 / alpha * (2 / (2 * beta)) * Fraction(2, 3))   # the proof's last line
        if not (printed == proof == p_inf(x, y)):
            return Check(False, "rational sample", f"(x, y) = ({x}, {y})")
    bad = _harmonic(pts)
    if bad:
        return Check(False, "rational sample", f"one-step equation fails at {bad}")
    gap, n, m, Jn, Km, weeds, upper = _remark_gap(N)
    f = _first(weeds & (gap != -2))
    ok = f is None
    return Check(ok, f"{len(pts)} rational weeds positions; weeds boards n, m <= {N}",
                 "" if ok else f"(n, m) = {f}",
                 "(3.6) = the proof's formula = p_inf; p_inf satisfies the ansatz's one-step equation; and "
                 "P(2^s n, 2^s m) -> p_inf(n, m) for the exact solver (gap -2/(3nm))")


@claim("nica.prop3.9", "Proposition 3.9: with the upper hand (x = 2^k alpha, y = 2^k beta, alpha in (1, 2], beta > 2) "
       "p_inf(x, y) = 1 - 2^k/y + (2/3) 2^(2k)/(xy).",
       f"{_SRC}, section 3, Proposition 3.9, eq. (3.7)")
def _check_prop39(N, beta_gt_2=True):
    pts = []
    for x, y in _rational_sample(200, seed=39) + _region_sample(UPPER, 200, 39, beta_gt_2):
        where, k = continuous_region(x, y)
        if where == UPPER and ((y / _pow2(k) > 2) == beta_gt_2):
            pts.append((x, y))
    for x, y in pts:
        k = level(x)
        printed = 1 - _pow2(k) / y + Fraction(2, 3) * _pow2(2 * k) / (x * y)
        alpha, beta = x / _pow2(k), y / _pow2(k)
        proof = 1 - (2 / (2 * beta) - 2 / (2 * beta) * (2 / (2 * alpha)) * Fraction(2, 3))
        if not (printed == proof == p_inf(x, y)):
            return Check(False, "rational sample", f"(x, y) = ({x}, {y})")
    bad = _harmonic(pts)
    if bad:
        return Check(False, "rational sample", f"one-step equation fails at {bad}")
    gap, n, m, Jn, Km, weeds, upper = _remark_gap(N)
    sel = upper & ((m > 2 ** (np.maximum(Jn, 0) + 1)) == beta_gt_2)
    f = _first(sel & (gap != 4))
    ok = f is None
    what = "beta > 2" if beta_gt_2 else "beta in (1, 2]"
    return Check(ok, f"{len(pts)} rational positions and boards n, m <= {N} with {what}",
                 "" if ok else f"(n, m) = {f}",
                 "(3.7) = the proof's formula = p_inf; one-step equation holds; exact P(n, m) - p_inf = 4/(3nm)")


@claim("nica.prop3.9.all_upper_hand", "Extension (ours) of Proposition 3.9: formula (3.7) holds on all of U_k, i.e. "
       "also for beta in (1, 2] (both players 'have the upper hand'), the case that equal pools x = y need; "
       "the printed proof works unchanged since after the halving bid Player 2 is in the weeds whenever beta > 1.",
       f"{_SRC}, section 3, Proposition 3.9 (extended)", version="extension",
       note="Not an error: Proposition 3.9 is printed for beta > 2 only, while Definition 3.4 and section 1.2 use "
            "p_inf on the whole quadrant.")
def _check_prop39_ext(N):
    return _check_prop39(N, beta_gt_2=False)


@claim("nica.rem3.10", "Remark 3.10: p*(n, m) - p_inf(n, m) = -2/(3nm) in the weeds and 4/(3nm) with the upper hand.",
       f"{_SRC}, section 3, Remark 3.10, eq. (3.8)")
def _check_rem310(N):
    gap, n, m, Jn, Km, weeds, upper = _remark_gap(N)
    bad = (weeds & (gap != -2)) | (upper & (gap != 4))
    f = _first(bad)
    ok = f is None
    return Check(ok, f"2 <= n, m <= {N} (P from the exact solver)", "" if ok else f"(n, m) = {f}: 3nm(P - p_inf) = {gap[f]}",
                 "so |p* - p_inf| <= 4/(3nm): the O(1/(nm)) of section 1.2 with constant 4/3")


@claim("nica.sec1.2.log_periodic", "Section 1.2: for fixed c > 0, p*(n, cn) does not converge as n -> infinity; it "
       "approaches a function periodic in log2(n) (p_inf), with p* = p_inf + O(1/(nm)).",
       f"{_SRC}, section 1.2")
def _check_log_periodic(N):
    A = _A(N)
    details = []
    for c in (1, 2, 3):
        # along n = 2^s and n = 3*2^s (c n <= N) the exact values approach two different limits
        lims = []
        for base in (1, 3):
            seq = [(base * 2 ** s, c * base * 2 ** s) for s in range(1, 60) if c * base * 2 ** s <= N and base * 2 ** s >= 2]
            target = p_inf(base, c * base)
            for n_, m_ in seq:
                P = Fraction(int(A[n_, m_]), n_ * m_)
                if abs(P - target) > Fraction(4, 3 * n_ * m_) or p_inf(n_, m_) != target:
                    return Check(False, f"c in (1, 2, 3), boards <= {N}", f"(n, m) = ({n_}, {m_})")
            lims.append(target)
        if lims[0] == lims[1]:
            return Check(False, f"c in (1, 2, 3), boards <= {N}", f"c = {c}: no oscillation seen")
        details.append(f"c={c}: limits {lims[0]} (n=2^s) and {lims[1]} (n=3*2^s)")
    return Check(True, f"c in (1, 2, 3), boards n, cn <= {N}", detail="; ".join(details))


def _diag(N):
    A = _A(N)
    Ns = np.arange(2, N + 1)
    return Ns, A[Ns, Ns]


@claim("nica.sec1.2.first_mover", "Section 1.2: with equal pools N, N (no matter how large), Player 1 playing optimally "
       "wins with a probability between 5/8 and 2/3.", f"{_SRC}, section 1.2", expect_ok=False,
       note="The range [5/8, 2/3] is exactly the range of the continuous limit p_inf(x, x); the discrete value is "
            "P(N, N) = p_inf(N, N) + 4/(3N^2), which exceeds 2/3 whenever N is a power of 2 (P(2^j, 2^j) = "
            "2/3 + 4/(3*4^j)) and also at N = 3, 5, 7.")
def _check_first_mover_printed(N):
    Ns, d = _diag(N)
    sq = Ns * Ns
    bad = (8 * d < 5 * sq) | (3 * d > 2 * sq)
    idx = np.nonzero(bad)[0]
    if len(idx):
        k = int(Ns[idx[0]])
        # the statement is about large N: also name a larger failure (the largest up to 64, so that the
        # report does not depend on N)
        j = max(i for i in idx if Ns[i] <= 64)
        big = int(Ns[j])
        return Check(False, f"2 <= N <= {N}",
                     f"N = {k}: P(N, N) = {Fraction(int(d[idx[0]]), k * k)}; and at every power of 2, e.g. "
                     f"N = {big}: P(N, N) = {Fraction(int(d[j]), big * big)} > 2/3",
                     f"fails at N = {[int(v) for v in Ns[idx]][:12]}")
    return Check(True, f"2 <= N <= {N}")


@claim("nica.sec1.2.first_mover.corrected", "Equal pools: p_inf(x, x) ranges exactly over [5/8, 2/3] (min 5/8 at "
       "x = (4/3) 2^k, max 2/3 at x = 2^k). In the discrete game P(N, N) = p_inf(N, N) + 4/(3N^2), so "
       "5/8 < P(N, N) <= 2/3 + 4/(3N^2); P(N, N) > 2/3 exactly when N is a power of 2 or N = 3, 5, 7, "
       "P(6, 6) = 2/3, and otherwise P(N, N) < 2/3.", f"{_SRC}, section 1.2 (corrected)", version="corrected",
       corrects="nica.sec1.2.first_mover")
def _check_first_mover(N):
    r = first_mover_range()
    if (r.inf, r.sup, r.argmin, r.argmax) != (Fraction(5, 8), Fraction(2, 3), (Fraction(4, 3),), (Fraction(2),)):
        return Check(False, "one period", f"analysis gives {r}")
    # the analysis against exact values on a fine grid of the period
    grid = [1 + Fraction(i, 3000) for i in range(1, 3001)]
    vals = [p_inf(x, x) for x in grid]
    if min(vals) != r.inf or max(vals) != r.sup:
        return Check(False, "grid", f"grid min/max {min(vals)}, {max(vals)}")
    Ns, d = _diag(N)
    sq = Ns * Ns
    T3 = p_inf_table(N)[Ns, Ns]                       # 3 N^2 p_inf(N, N)
    bad = (3 * d - T3 != 4) | ~(8 * d > 5 * sq)      # P = p_inf + 4/(3N^2) and P > 5/8
    if bad.any():
        k = int(Ns[np.nonzero(bad)[0][0]])
        return Check(False, f"2 <= N <= {N}", f"N = {k}")
    above = [int(k) for k in Ns[3 * d > 2 * sq]]
    equal = [int(k) for k in Ns[3 * d == 2 * sq]]
    want_above = [k for k in range(2, N + 1) if k & (k - 1) == 0 or k in (3, 5, 7)]
    ok = above == want_above and equal == [6][: 1 if N >= 6 else 0]
    return Check(ok, f"one period exactly; 2 <= N <= {N}", "" if ok else f"P(N,N) > 2/3 at {above[:12]}, = 2/3 at {equal}",
                 f"inf {r.inf} at x = {r.argmin[0]}*2^k, sup {r.sup} at x = 2^k")


@claim("nica.sec1.2.handicap", "Section 1.2: the fair way to offset the first-move advantage is to enlarge Player 1's "
       "starting pool by a factor between 4/3 and 3/2.", f"{_SRC}, section 1.2",
       note="Checked for the continuous limit, where the fair factor c(y) (p_inf(c y, y) = 1/2) exists exactly, "
            "and, for the discrete game, by the last n with P(n, m) >= 1/2, which lies within one suspect of "
            "[4m/3, 3m/2].")
def _check_handicap(N):
    r = handicap_range()
    if (r.inf, r.sup) != (Fraction(4, 3), Fraction(3, 2)):
        return Check(False, "one period", f"analysis gives {r}")
    grid = [1 + Fraction(i, 1200) for i in range(1, 1201)]
    cs = []
    for y in grid + [y * _pow2(j) for y in grid[::97] for j in (-5, 3, 40)]:
        c = fair_handicap(y)
        if p_inf(c * y, y) != Fraction(1, 2):
            return Check(False, "rational grid", f"p_inf(c y, y) != 1/2 at y = {y}")
        # p_inf is strictly decreasing in Player 1's pool, so this c is the only fair factor
        if not p_inf(c * y * Fraction(1001, 1000), y) < Fraction(1, 2) < p_inf(c * y * Fraction(999, 1000), y):
            return Check(False, "rational grid", f"not a crossing at y = {y}")
        cs.append(c)
    if min(cs) != r.inf or max(cs) != r.sup:
        return Check(False, "rational grid", f"grid range [{min(cs)}, {max(cs)}]")
    A = _A(N)
    n = np.arange(N + 1)
    # P(n, m) is non-increasing in n (so "the last n with P >= 1/2" is the crossing): A[n,m](n+1) >= A[n+1,m] n
    mono = A[2:N, 2:] * n[3:, None] < A[3:, 2:] * n[2:N, None]
    f = _first(mono)
    if f is not None:
        return Check(False, f"2 <= n, m <= {N}", f"P(n, m) increases in n at (n, m) = ({f[0] + 2}, {f[1] + 2})")
    fair_boards = []
    mmax = (2 * (N - 2)) // 3
    for m in range(2, mmax + 1):
        col = 2 * A[2:, m] >= n[2:] * m
        if not col[:3 * m // 2 + 2].any():
            return Check(False, f"2 <= m <= {mmax}", f"m = {m}: no n with P(n, m) >= 1/2")
        n0 = 2 + int(np.nonzero(col)[0].max())
        if not (Fraction(4, 3) * m - 1 <= n0 <= Fraction(3, 2) * m + 1):
            return Check(False, f"2 <= m <= {mmax}", f"m = {m}: last n with P(n, m) >= 1/2 is {n0}")
        fair_boards += [(int(v), m) for v in np.nonzero(2 * A[2:, m] == n[2:] * m)[0] + 2]
    return Check(True, f"one period exactly; discrete 2 <= m <= {mmax}",
                 detail=f"c(y) in [{r.inf}, {r.sup}], min at y = 2^k, max at y = (4/3)2^k; exactly fair boards "
                        f"P(n, m) = 1/2: {fair_boards}")
