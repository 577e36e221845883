"""The claims of Nica (2016), each checked against the exact solver under the race-to-one rules.

M. Nica, "Optimal Strategy in 'Guess Who?': Beyond Binary Search" (Probab. Engrg. Inform. Sci. 2016).  The formulas
are in :mod:`guesswho_lib.papers.nica`; here every checkable statement is registered as a claim (ids ``nica.*``):
Definitions 2.6, 2.7, Theorem 1.1, Lemma 4.1, Algorithm 1, section 3 (Lemmas 3.5-3.7, Propositions 3.8, 3.9,
Remark 3.10) and section 1.2 (log-periodicity, first-mover advantage, fair handicap).

Two facts used throughout (our arithmetic, checked by the claims): n*m*p*(n, m) is an integer, and so is
3*n*m*p_inf(n, m) for integers n, m; this is what lets the checks run on whole integer tables.
"""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np

from ...rules import split_A
from ...game.walk import evaluate
from ...papers.nica import (UPPER, WEEDS, algorithm1, ansatz_step, bold_bid, continuous_region, escape_probability,
                            fair_handicap, first_mover_range, handicap_range, in_the_weeds, level, nica_bold, p_inf,
                            p_inf_table, p_star, p_star_table, power_of_two, region, region_grid, upper_hand)
from ..exact_tables import A_table
from ..registry import BOUNDARY_SLIP, WRONG_RANGE, Check, Register

register = Register(__name__)

__all__ = []

_SRC = "Nica 2016"


def _A(N: int) -> np.ndarray:
    return A_table("nica", N)


def _first(mask: np.ndarray):
    """First (n, m) (in order of n, then m) where ``mask`` is True, or None."""
    idx = np.argwhere(mask)
    return None if len(idx) == 0 else tuple(int(v) for v in idx[0])


def _no_bad_state(bad: np.ndarray, checked: str, detail: str = "", words=lambda f: f"(n, m) = {f}") -> Check:
    """The statement holds where the table ``bad`` is False everywhere; else the first True entry, in
    ``words``, is the counterexample."""
    f = _first(bad)
    return Check(f is None, checked, "" if f is None else words(f), detail)


def _rational_sample(count: int, seed: int = 2016) -> list[tuple[Fraction, Fraction]]:
    """A reproducible spread of rational positions: random numerators/denominators over many scales,
    plus the region boundaries (powers of 2, 2^(k+1) exactly, 4/3, ...)."""
    rng = random.Random(seed)
    pts = [(Fraction(a), Fraction(b)) for a in (1, 2, 3, 4, 5, 8) for b in (1, 2, 3, 4, 5, 8)]
    pts += [(Fraction(4, 3), Fraction(4, 3)), (Fraction(8, 3), Fraction(4, 3)), (Fraction(1, 1024), Fraction(3, 7))]
    while len(pts) < count:
        x = Fraction(rng.randint(1, 10 ** 6), rng.randint(1, 10 ** 4)) * power_of_two(rng.randint(-20, 20))
        y = Fraction(rng.randint(1, 10 ** 6), rng.randint(1, 10 ** 4)) * power_of_two(rng.randint(-20, 20))
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
        pts.append((a * power_of_two(k), b * power_of_two(k)))
    return pts


@register.claim(
    "nica.def2.6", "Except for the trivial states n = 1 or m = 1, the sets W_k (in the weeds, Def. 2.6) and "
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
    return _no_bad_state(bad, f"1 <= n, m <= {N}")


@register.claim(
    "nica.thm1.1.p_star", "Theorem 1.1: p*(n, m) = 2^(k+1)/n - (2/3)(2^(2k+1)+1)/(nm) in the weeds at level k "
    "(eq. 1.1), and 1 - 2^k/m + (2/3)(2^(2k)+2)/(nm) with the upper hand at level k (eq. 1.2).",
    f"{_SRC}, Theorem 1.1, eqs. (1.1), (1.2)")
def _check_p_star(N):
    A = _A(N)
    T = p_star_table(N)
    bad = (T != A)
    bad[0, :] = bad[:, 0] = False
    for a in (2, 3, N // 2, N):            # the exact scalar p* agrees too, on a sample
        for b in (2, 5, N - 1, N):
            bad[a, b] |= p_star(a, b) != Fraction(int(A[a, b]), a * b)
    return _no_bad_state(bad, f"1 <= n, m <= {N}, (n, m) != (1, 1)",
                         "n*m*p* from (1.1), (1.2) against the solver's integer table, everywhere",
                         lambda f: f"(n, m) = {f}: n*m*P = {A[f]}, closed form {T[f]}")


@register.claim(
    "nica.thm1.1.bid", "Theorem 1.1: an optimal bid is b* = 2^k = 2^floor(log2(m-1)) in the weeds at level k, "
    "and b* = floor(n/2) with the upper hand.",
    f"{_SRC}, Theorem 1.1 and Theorem 4.4")
def _check_bid(N):
    A = _A(N)
    n, m, Jn, Km, weeds, upper = region_grid(N)
    B = np.where(weeds, 2 ** np.maximum(Km, 0), n // 2)
    inner = weeds | upper
    Bc = np.where(inner, B, 1)
    nn = np.broadcast_to(n, A.shape)
    mm = np.broadcast_to(m, A.shape)
    val = split_A(A, nn, mm, (Bc, np.where(inner, nn - Bc, 1)))
    bad = inner & (val != A)
    for a in range(2, min(N, 40) + 1):     # the scalar functions give the same bid
        for b in range(2, min(N, 40) + 1):
            bad[a, b] |= tuple(sorted((bold_bid(a, b), a - bold_bid(a, b)))) != nica_bold(a, b) or bold_bid(a, b) != B[a, b]
    E = min(N, 12)                         # self-play by exact evaluation (both players use nica_bold) is optimal
    for a in range(2, E + 1):
        for b in range(2, E + 1):
            bad[a, b] |= evaluate(nica_bold, nica_bold, a, b, "nica") != Fraction(int(A[a, b]), a * b)
    return _no_bad_state(bad, f"2 <= n, m <= {N}; self-play evaluated for n, m <= {E}",
                         "the split (b*, n - b*) against the exact optimum, everywhere")


@register.claim(
    "nica.lem4.1.unique", "Lemma 4.1 (\"with equality if and only if\"): in the weeds at level k the bid 2^k is the "
    "only optimal bid (up to swapping the two groups).",
    f"{_SRC}, section 4, Lemma 4.1")
def _check_unique(N):
    N = min(N, 400)
    A = _A(N)
    for m in range(2, N + 1):
        k = level(m)
        for n in range(2 ** (k + 1) + 1, N + 1):
            b = np.arange(1, n // 2 + 1)
            vals = split_A(A, n, m, (b, n - b))
            best = b[vals == A[n, m]]
            if list(best) != [2 ** k]:
                return Check(False, f"weeds states with n, m <= {N}", f"(n, m) = ({n}, {m}): optimal bids {list(best)}")
    return Check(True, f"weeds states with n, m <= {N}")


@register.claim(
    "nica.sec1.1.bold_below_half", "Section 1.1: the bold bid b = 2^floor(log2(m-1)) is always strictly less than "
    "floor(n/2).", f"{_SRC}, section 1.1", expect_ok=False,
    note="At n = 2^(k+1) + 1 (in the weeds at level k) the bold bid 2^k equals floor(n/2): the bold bid and the "
         "safe bid coincide there, e.g. (n, m) = (3, 2), (5, 3), (9, 8).", severity=BOUNDARY_SLIP)
def _check_bold_printed(N):
    n, m, Jn, Km, weeds, upper = region_grid(N)
    bad = weeds & ~(2 ** np.maximum(Km, 0) < n // 2)
    return _no_bad_state(bad, f"weeds states with n, m <= {N}",
                         f"{int(bad.sum())} weeds states where it fails, all with n = 2^(k+1) + 1",
                         lambda f: f"(n, m) = {f}: bold bid {2 ** level(f[1])} = floor(n/2) = {f[0] // 2}")


@register.claim(
    "nica.sec1.1.bold_below_half.corrected", "In the weeds at level k the bold bid 2^k is at most floor(n/2), with "
    "equality exactly when n = 2^(k+1) + 1; its chance of success 2^k/n is always strictly less than 1/2.",
    f"{_SRC}, section 1.1 (corrected)", version="corrected", corrects="nica.sec1.1.bold_below_half")
def _check_bold_corrected(N):
    n, m, Jn, Km, weeds, upper = region_grid(N)
    b = 2 ** np.maximum(Km, 0)
    eq = n == 2 ** (np.maximum(Km, 0) + 1) + 1
    bad = weeds & ~((b <= n // 2) & ((b == n // 2) == eq) & (2 * b < n))
    return _no_bad_state(bad, f"weeds states with n, m <= {N}")


@register.claim(
    "nica.alg1", "Proposition 2.4 (the recurrence (2.2), (2.3)) with Remark 2.5's initial data, computed by "
    "Algorithm 1 (run over the states with n, m >= 2, as Remark 2.5 intends), gives p*(n, m) and an "
    "optimal bid b*(n, m) for 3 <= n + m <= r; the optimal bid is not always unique (footnote 3).",
    f"{_SRC}, section 2, Proposition 2.4, Remark 2.5, Algorithm 1")
def _check_alg1(N):
    r = min(N, 64)
    p, b = algorithm1(r)
    A = _A(r)
    for (n, m), v in p.items():
        if v != Fraction(int(A[n, m]), n * m):
            return Check(False, f"3 <= n + m <= {r}", f"p*({n}, {m}) = {v} but the solver has {A[n, m]}/{n * m}")
    ties = 0
    for (n, m), bb in b.items():
        vals = {c: split_A(A, n, m, (c, n - c)) for c in range(1, n)}
        if vals[bb] != A[n, m]:
            return Check(False, f"3 <= n + m <= {r}", f"b*({n}, {m}) = {bb} is not optimal")
        ties += sum(1 for c in range(1, (n // 2) + 1) if vals[c] == A[n, m]) > 1
    return Check(ties > 0, f"3 <= n + m <= {r}", "" if ties else "b* always unique",
                 f"{ties} states with more than one optimal bid (up to swapping the groups)")


@register.claim("nica.lem3.5", "Lemma 3.5: p_inf(2^j x, 2^j y) = p_inf(x, y) for every integer j.",
                f"{_SRC}, section 3, Lemma 3.5, eq. (3.5)")
def _check_scaling(N):
    pts = _rational_sample(300)
    for x, y in pts:
        for j in (-7, -1, 1, 3, 12):
            if p_inf(x * power_of_two(j), y * power_of_two(j)) != p_inf(x, y):
                return Check(False, "rational sample", f"(x, y) = ({x}, {y}), j = {j}")
    # on the integers, with the exact solver's own limit (no formula): the limit at (2n, 2m) is the limit at (n, m),
    # i.e. 3(2n)(2m) lim = 4 * 3nm lim, and p_inf there is that limit
    # (n = 1 is left out: there the discrete player wins at once, which the continuous game does not model)
    L3, geometric = _solver_limit(N)
    h = (N // 4) // 2
    bad = ~geometric[1:2 * h + 1, 1:2 * h + 1]
    bad[:h, :h] |= L3[2:2 * h + 1:2, 2:2 * h + 1:2] != 4 * L3[1:h + 1, 1:h + 1]
    T = p_inf_table(N // 4)
    bad[:h, :h] |= T[1:h + 1, 1:h + 1] != L3[1:h + 1, 1:h + 1]
    bad[0, :] = False
    return _no_bad_state(bad, f"300 rational positions x j in {{-7,-1,1,3,12}}; all integers 2 <= n <= {h}, "
                              f"1 <= m <= {h} with j = 1, against the exact solver's limit of P(2^s n, 2^s m)",
                         words=lambda f: f"(n, m) = ({f[0] + 1}, {f[1] + 1})")


@register.claim(
    "nica.lem3.6", "Lemma 3.6: from the weeds, <2^k alpha, 2^k beta, P1> with alpha > 2, beta in (1, 2], Player 1 "
    "ever escapes the weeds with probability 2/alpha.",
    f"{_SRC}, section 3, Lemma 3.6")
def _check_escape(N):
    stages = 40
    count = 0
    for x, y in _rational_sample(100, seed=36) + _region_sample(WEEDS, 100, seed=36):
        if continuous_region(x, y)[0] != WEEDS:
            continue
        alpha = x / power_of_two(level(y))
        esc, stuck = escape_probability(x, y, stages)
        count += 1
        # the printed series 1/alpha + 1/(2 alpha) + ... summed to `stages` terms, and its limit 2/alpha
        if esc != 2 / alpha * (1 - Fraction(1, 2 ** stages)) or esc + stuck != 1:
            return Check(False, "rational sample", f"(x, y) = ({x}, {y}): escaped {esc} within {stages} stages")
    return Check(True, f"{count} weeds positions from a rational sample, {stages} stages of the process",
                 detail="escape within J stages = (2/alpha)(1 - 2^-J) exactly, so the limit is 2/alpha")


@register.claim(
    "nica.lem3.7", "Lemma 3.7: from <2^k 4, 2^k 2, P1> Player 1 loses with probability 2/3 (and wins with 1/3).",
    f"{_SRC}, section 3, Lemma 3.7")
def _check_lem37(N):
    for k in range(-30, 31):
        if p_inf(4 * power_of_two(k), 2 * power_of_two(k)) != Fraction(1, 3):
            return Check(False, "k in -30..30", f"k = {k}")
    # the proof's equation L = (1 - e) + e*e*L with e = 2/4 the escape probability of Lemma 3.6
    e = 2 / (Fraction(4) / power_of_two(level(2)))
    L = (1 - e) / (1 - e * e)
    # the discrete game at the same positions: P(2^(s+2), 2^(s+1)) -> 1/3
    A = _A(N)
    s_ok = all(Fraction(int(A[4 * 2 ** s, 2 * 2 ** s]), 8 * 4 ** s) - Fraction(1, 3) == Fraction(-2, 3 * 8 * 4 ** s)
               for s in range(0, 40) if 4 * 2 ** s <= N)
    ok = L == Fraction(2, 3) and s_ok
    return Check(ok, f"k in -30..30; discrete boards (4*2^s, 2*2^s) <= {N}", "" if ok else f"L = {L}",
                 "discrete P(4*2^s, 2*2^s) = 1/3 - 1/(12*4^s) -> 1/3")


def _solver_limit(N):
    """The exact solver's own limit of P(2^s n, 2^s m) as s grows, for 1 <= n, m <= N // 4 (no formula of the paper
    is used).  Returns (L3, geometric): L3[n, m] = A(2n, 2m) - A(n, m), and geometric[n, m] says that
    A(4n, 4m) - A(2n, 2m) = 4 (A(2n, 2m) - A(n, m)).  Where the differences grow by 4 at each doubling,
    A(2^s n, 2^s m) = 4^s L3/3 + (A(n, m) - L3/3), so P(2^s n, 2^s m) -> L3 / (3nm): L3 is 3nm times the limit."""
    A = _A(N)
    q = N // 4
    i = np.arange(q + 1)
    A1, A2, A4 = A[:q + 1, :q + 1], A[np.ix_(2 * i, 2 * i)], A[np.ix_(4 * i, 4 * i)]
    L3 = A2 - A1
    return L3, (A4 - A2) == 4 * L3


#: The printed formulas of section 3 are compared with the solver's limit at the integer states n, m <= this.
_LIMIT_STATES = 100


def _printed_against_solver_limit(N, formula, select):
    """The printed formula ``formula(x, y)`` (exact, at integers) against the solver's limit (see
    :func:`_solver_limit`) at every integer state (n, m), 2 <= n, m <= min(N // 4, 100), where ``select(n, m)`` holds.
    None when they agree everywhere, else the failing Check; also the number of states compared."""
    L3, geometric = _solver_limit(N)
    q = min(N // 4, _LIMIT_STATES)                 # exact fractions state by state: keep the default run short
    count = 0
    for n in range(2, q + 1):
        for m in range(2, q + 1):
            if not select(n, m):
                continue
            count += 1
            if not geometric[n, m]:
                return Check(False, f"integer states n, m <= {q}", f"(n, m) = ({n}, {m}): the solver's values "
                             f"A(2^s n, 2^s m) do not settle on a limit (s = 0, 1, 2)"), count
            if 3 * n * m * formula(Fraction(n), Fraction(m)) != int(L3[n, m]):
                return Check(False, f"integer states n, m <= {q}", f"(n, m) = ({n}, {m}): the printed formula "
                             f"gives {formula(Fraction(n), Fraction(m))}, the solver's limit of P(2^s n, 2^s m) is "
                             f"{Fraction(int(L3[n, m]), 3 * n * m)}"), count
    return None, count


def _remark_gap(N):
    """3nm (P(n, m) - p_inf(n, m)) as an integer table, and the weeds/upper masks."""
    A = _A(N)
    n, m, Jn, Km, weeds, upper = region_grid(N)
    return 3 * A - p_inf_table(N), n, m, Jn, Km, weeds, upper


def _sample_failure(points, formulas):
    """At every rational point (x, y): the printed formula, the proof's last line (``formulas(x, y)`` gives both)
    and p_inf agree, and p_inf satisfies the ansatz's one-step equation.  None if so, else the failing Check."""
    for x, y in points:
        printed, proof = formulas(x, y)
        if not (printed == proof == p_inf(x, y)):
            return Check(False, "rational sample", f"(x, y) = ({x}, {y})")
    for x, y in points:
        if ansatz_step(x, y) != p_inf(x, y):
            return Check(False, "rational sample", f"one-step equation fails at {(x, y)}")
    return None


def _prop38_formulas(x, y):
    """Proposition 3.8 at (x, y) in the weeds: eq. (3.6) as printed, and the last line of its proof."""
    k = level(y)
    alpha, beta = x / power_of_two(k), y / power_of_two(k)
    return (power_of_two(k + 1) / x - Fraction(2, 3) * power_of_two(2 * k + 1) / (x * y),
            1 - ((1 - 2 / alpha) + 2 / alpha * (2 / (2 * beta)) * Fraction(2, 3)))


def _prop39_formulas(x, y):
    """Proposition 3.9 at (x, y) with the upper hand: eq. (3.7) as printed, and the last line of its proof."""
    k = level(x)
    alpha, beta = x / power_of_two(k), y / power_of_two(k)
    return (1 - power_of_two(k) / y + Fraction(2, 3) * power_of_two(2 * k) / (x * y),
            1 - (2 / (2 * beta) - 2 / (2 * beta) * (2 / (2 * alpha)) * Fraction(2, 3)))


@register.claim(
    "nica.prop3.8", "Proposition 3.8: in the weeds (x = 2^k alpha, y = 2^k beta, alpha > 2, beta in (1, 2]) "
    "p_inf(x, y) = 2^(k+1)/x - (2/3) 2^(2k+1)/(xy).",
    f"{_SRC}, section 3, Proposition 3.8, eq. (3.6)")
def _check_prop38(N):
    pts = [(x, y) for x, y in _rational_sample(200, seed=38) + _region_sample(WEEDS, 200, seed=38)
           if continuous_region(x, y)[0] == WEEDS]
    failure = _sample_failure(pts, _prop38_formulas)
    if failure:
        return failure
    failure, count = _printed_against_solver_limit(
        N, lambda x, y: _prop38_formulas(x, y)[0], lambda n, m: continuous_region(n, m)[0] == WEEDS)
    if failure:
        return failure
    q = min(N // 4, _LIMIT_STATES)
    gap, n, m, Jn, Km, weeds, upper = _remark_gap(N)
    return _no_bad_state(weeds & (gap != -2), f"{len(pts)} rational weeds positions; {count} integer weeds states "
                                              f"n, m <= {q} against the exact solver's limit; weeds boards n, m <= {N}",
                         "(3.6) = the proof's formula = p_inf; p_inf satisfies the ansatz's one-step equation; "
                         "(3.6) at (n, m) is the exact solver's limit of P(2^s n, 2^s m); and P(n, m) - p_inf = "
                         "-2/(3nm) on the solver's table")


@register.claim(
    "nica.prop3.9", "Proposition 3.9: with the upper hand (x = 2^k alpha, y = 2^k beta, alpha in (1, 2], beta > 2) "
    "p_inf(x, y) = 1 - 2^k/y + (2/3) 2^(2k)/(xy).",
    f"{_SRC}, section 3, Proposition 3.9, eq. (3.7)")
def _check_prop39(N, beta_gt_2=True):
    pts = []
    for x, y in _rational_sample(200, seed=39) + _region_sample(UPPER, 200, 39, beta_gt_2):
        where, k = continuous_region(x, y)
        if where == UPPER and ((y / power_of_two(k) > 2) == beta_gt_2):
            pts.append((x, y))
    failure = _sample_failure(pts, _prop39_formulas)
    if failure:
        return failure
    def select(n, m):
        where, k = continuous_region(n, m)
        return where == UPPER and ((m > 2 ** (k + 1)) == beta_gt_2)
    failure, count = _printed_against_solver_limit(N, lambda x, y: _prop39_formulas(x, y)[0], select)
    if failure:
        return failure
    what = "beta > 2" if beta_gt_2 else "beta in (1, 2]"
    q = min(N // 4, _LIMIT_STATES)
    gap, n, m, Jn, Km, weeds, upper = _remark_gap(N)
    sel = upper & ((m > 2 ** (np.maximum(Jn, 0) + 1)) == beta_gt_2)
    return _no_bad_state(sel & (gap != 4), f"{len(pts)} rational positions, {count} integer states n, m <= {q} "
                                           f"against the exact solver's limit, and boards n, m <= {N}, with {what}",
                         "(3.7) = the proof's formula = p_inf; one-step equation holds; (3.7) at (n, m) is the exact "
                         "solver's limit of P(2^s n, 2^s m); exact P(n, m) - p_inf = 4/(3nm)")


@register.claim(
    "nica.prop3.9.all_upper_hand", "Extension (ours) of Proposition 3.9: formula (3.7) holds on all of U_k, i.e. "
    "also for beta in (1, 2] (both players 'have the upper hand'), the case that equal pools x = y need; "
    "the printed proof works unchanged since after the halving bid Player 2 is in the weeds whenever beta > 1.",
    f"{_SRC}, section 3, Proposition 3.9 (extended)", version="extension",
    note="Not an error: Proposition 3.9 is printed for beta > 2 only, while Definition 3.4 and section 1.2 use "
         "p_inf on the whole quadrant.")
def _check_prop39_ext(N):
    return _check_prop39(N, beta_gt_2=False)


@register.claim(
    "nica.rem3.10", "Remark 3.10: p*(n, m) - p_inf(n, m) = -2/(3nm) in the weeds and 4/(3nm) with the upper hand.",
    f"{_SRC}, section 3, Remark 3.10, eq. (3.8)")
def _check_rem310(N):
    gap, n, m, Jn, Km, weeds, upper = _remark_gap(N)
    bad = (weeds & (gap != -2)) | (upper & (gap != 4))
    return _no_bad_state(bad, f"2 <= n, m <= {N} (P from the exact solver)",
                         "so |p* - p_inf| <= 4/(3nm): the O(1/(nm)) of section 1.2 with constant 4/3",
                         lambda f: f"(n, m) = {f}: 3nm(P - p_inf) = {gap[f]}")


@register.claim(
    "nica.sec1.2.log_periodic", "Section 1.2: for fixed c > 0, p*(n, cn) does not converge as n -> infinity; it "
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


@register.claim(
    "nica.sec1.2.first_mover", "Section 1.2: with equal pools N, N (no matter how large), Player 1 playing optimally "
    "wins with a probability between 5/8 and 2/3.", f"{_SRC}, section 1.2", expect_ok=False,
    note="The range [5/8, 2/3] is exactly the range of the continuous limit p_inf(x, x); the discrete value is "
         "P(N, N) = p_inf(N, N) + 4/(3N^2), which exceeds 2/3 whenever N is a power of 2 (P(2^j, 2^j) = "
         "2/3 + 4/(3*4^j)) and also at N = 3, 5, 7.", severity=WRONG_RANGE)
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
        first = f"N = {k}: P(N, N) = {Fraction(int(d[idx[0]]), k * k)}"
        if k == 2:      # the smallest board: the first question leaves one suspect, a boundary case
            first += " (a boundary case: the first question leaves one suspect)"
        return Check(False, f"2 <= N <= {N}",
                     f"{first}; the failures that matter are at every power of 2, e.g. "
                     f"N = {big}: P(N, N) = {Fraction(int(d[j]), big * big)} > 2/3",
                     f"fails at N = {[int(v) for v in Ns[idx]][:12]}")
    return Check(True, f"2 <= N <= {N}")


@register.claim(
    "nica.sec1.2.first_mover.corrected", "Equal pools: p_inf(x, x) ranges exactly over [5/8, 2/3] (min 5/8 at "
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
    # the same range from the exact solver alone: its limit of P(2^s N, 2^s N) (see _solver_limit) for N <= N/4 lies
    # in [5/8, 2/3], is 2/3 exactly at the powers of 2 and comes within 1/1000 of 5/8 (near N = (4/3) 2^k)
    L3, geometric = _solver_limit(N)
    q = N // 4
    if q >= 2:
        Ks = np.arange(2, q + 1)
        lim, sq4 = L3[Ks, Ks], 3 * Ks * Ks                  # the limit is lim / sq4
        pow2 = (Ks & (Ks - 1)) == 0
        bad = ~geometric[Ks, Ks] | (8 * lim < 5 * sq4) | (3 * lim > 2 * sq4) | ((3 * lim == 2 * sq4) != pow2)
        if bad.any():
            k = int(Ks[np.nonzero(bad)[0][0]])
            value = Fraction(int(L3[k, k]), 3 * k * k)
            return Check(False, f"2 <= N <= {q} (the solver's limit)",
                         f"N = {k}: the solver's limit of P(2^s N, 2^s N) is {value}")
        low = min(Fraction(int(v), int(w)) for v, w in zip(lim, sq4))
        if q >= 171 and low - Fraction(5, 8) >= Fraction(1, 1000):
            return Check(False, f"2 <= N <= {q} (the solver's limit)", f"the solver's limit stays >= {low}")
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
    return Check(ok, f"one period exactly; the solver's limit for 2 <= N <= {N // 4}; 2 <= N <= {N}",
                 "" if ok else f"P(N,N) > 2/3 at {above[:12]}, = 2/3 at {equal}",
                 f"inf {r.inf} at x = {r.argmin[0]}*2^k, sup {r.sup} at x = 2^k")


@register.claim(
    "nica.sec1.2.handicap", "Section 1.2: the fair way to offset the first-move advantage is to enlarge Player 1's "
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
    for y in grid + [y * power_of_two(j) for y in grid[::97] for j in (-5, 3, 40)]:
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
    # the factor from the exact solver's own limit of P(2^s n, 2^s m) (see _solver_limit), which the statement is
    # about: for 2 <= m <= N/6 the last n with limit >= 1/2 is the fair pool rounded down, so it lies in
    # [4m/3 - 1, 3m/2], and (for m >= 24) the factors come within 1/50 of both ends
    L3, geometric = _solver_limit(N)
    q = N // 4
    lo_end, hi_end = Fraction(2), Fraction(0)
    for m in range(2, (2 * q) // 3 + 1):
        ns = np.arange(2, q + 1)
        half = 2 * L3[2:, m] >= 3 * ns * m                    # limit >= 1/2
        if not geometric[2:, m].all() or not half.any() or (np.diff(half.astype(int)) > 0).any():
            return Check(False, f"2 <= m <= {(2 * q) // 3} (the solver's limit)",
                         f"m = {m}: the solver's limit does not cross 1/2 once, going down in n")
        n0 = int(ns[np.nonzero(half)[0].max()])
        if not (Fraction(4, 3) * m - 1 <= n0 <= Fraction(3, 2) * m):
            return Check(False, f"2 <= m <= {(2 * q) // 3} (the solver's limit)",
                         f"m = {m}: the last n with limit >= 1/2 is {n0}")
        if m >= 24:                                           # the ends, where rounding is small
            lo_end, hi_end = min(lo_end, Fraction(n0, m)), max(hi_end, Fraction(n0 + 1, m))
    if q >= 96 and (lo_end > Fraction(4, 3) + Fraction(1, 50) or hi_end < Fraction(3, 2) - Fraction(1, 50)):
        return Check(False, f"2 <= m <= {(2 * q) // 3} (the solver's limit)",
                     f"the factors stay within [{lo_end}, {hi_end}]")
    solver_range = f"2 <= m <= {(2 * q) // 3} by the solver's limit"
    return Check(True, f"one period exactly; {solver_range}; discrete 2 <= m <= {mmax}",
                 detail=f"c(y) in [{r.inf}, {r.sup}], min at y = 2^k, max at y = (4/3)2^k; solver's limit: factors "
                        f"n0/m from {float(lo_end):.4f} to (n0+1)/m {float(hi_end):.4f}; exactly fair boards "
                        f"P(n, m) = 1/2: {fair_boards}")


@register.claim(
    "nica.lem4.2", "Lemma 4.2 and Remark 4.3: at every state where the player to move has the upper hand "
    "(2^k < n <= 2^(k+1), m > 2^k), the half bid floor(n/2) is optimal; and other bids sometimes do as well.",
    f"{_SRC}, section 4, Lemma 4.2, Remark 4.3")
def _check_lem42(N):
    top = min(N, 256)                                       # the tie search costs top^3/4
    A = _A(top)
    upper = ties = 0
    for n in range(2, top + 1):
        low = 1 << ((n - 1).bit_length() - 1)              # 2^k < n <= 2^(k+1)
        ms = np.arange(low + 1, top + 1)                    # m > 2^k: the upper hand
        if not len(ms):
            continue
        upper += len(ms)
        bad = np.nonzero(split_A(A, n, ms, (n // 2, n - n // 2)) != A[n, ms])[0]
        if len(bad):
            return Check(False, f"upper-hand states with n, m <= {top}",
                         f"(n, m) = ({n}, {int(ms[bad[0]])}): the half bid is not optimal")
        others = np.zeros(len(ms), dtype=bool)
        for b in range(1, n // 2):
            others |= split_A(A, n, ms, (b, n - b)) == A[n, ms]
        ties += int(others.sum())
    ok = ties > 0
    return Check(ok, f"{upper} upper-hand states with n, m <= {top}",
                 "" if ok else "no other bid ever ties with the half bid (Remark 4.3 says some do)",
                 f"another bid is optimal too at {ties} of them")


# ---- definitions and remarks without mathematical content: listed, not checked --------------------------------
_DEF = "a definition (nothing to check); the claims that use it check what follows from it"
for _label in ("Definition 2.1", "Definition 2.3", "Definition 3.1", "Definition 3.3", "Definition 3.4"):
    register.left_out(f"{_SRC}, {_label}", _label, _DEF)
register.left_out(f"{_SRC}, Remark 2.2", "Guess Who? is a simple stochastic game; no strategy guarantees victory",
                  "a remark placing the game in a framework; its one mathematical point (the opponent can always win "
                  "at once with some chance, so P < 1 when m >= 2) is part of every exact table")
register.left_out(f"{_SRC}, Remark 3.2", "Continuous Guess Who? only models long ordinary games",
                  "a remark about the meaning of the continuous game, no statement to compute")
