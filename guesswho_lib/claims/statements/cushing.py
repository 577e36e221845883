"""The claims of Cushing et al., section 2 (official rules), each checked against the exact solver.

The formulas and the strategy are in :mod:`guesswho_lib.papers.cushing`; here every statement of section 2
that can be checked is registered as a claim (ids ``cushing.*``): Theorem 2.1 and its exceptions, Remark 2.2,
Table 1 (Lemma 2.3), equation (6), Lemmas 2.5 and 2.6 and the steps of their proofs.  The checks are
vectorised over the whole integer table A(n, m) = n*m*P(n, m) of the official rules.
"""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np

from ...game.solver import cached_solution
from ...rules import format_move, split_A
from ...papers.cushing import (EXCEPTIONS, TABLE_1, TABLE_1_CORRECTED, a004524, decision, n_greater,
                               n_greater_as_printed, n_less, n_less_as_printed, table1)
from ..exact_tables import A_table
from ..registry import BOUNDARY_SLIP, WRONG_RANGE, Check, Register

register = Register(__name__)

__all__ = ["A004524_OEIS_DATA", "a004524_from_generating_function"]

def a004524_from_generating_function(count: int) -> list[int]:
    """The first ``count`` terms of A004524 from its generating function x^3 / ((1-x)^2 (1+x^2)).

    The denominator is 1 - 2x + 2x^2 - 2x^3 + x^4, so a(i) = 2a(i-1) - 2a(i-2) + 2a(i-3) - a(i-4) + [i = 3].
    """
    a = [0] * count
    for i in range(count):
        s = 1 if i == 3 else 0
        for c, d in ((2, 1), (-2, 2), (2, 3), (-1, 4)):
            if i >= d:
                s += c * a[i - d]
        a[i] = s
    return a


#: The first terms of A004524 as printed in the OEIS (offset 0).
A004524_OEIS_DATA = (0, 0, 0, 1, 2, 2, 2, 3, 4, 4, 4, 5, 6, 6, 6, 7, 8, 8, 8, 9, 10, 10, 10, 11)


# ---- helpers for the vectorised checks ------------------------------------------------------------------
def _table(N: int) -> np.ndarray:
    """A[n, m] = n*m*P(n, m) under the official rules, as int64, for 0 <= n, m <= N."""
    return A_table("official", N)


def _less_array(n: np.ndarray) -> np.ndarray:
    out = n // 4 + (n + 1) // 4
    return np.where(n == 2, 1, out)


def _decisions(N: int) -> np.ndarray:
    """K[n, m] = S(n, m) of Theorem 2.1 for 0 <= n, m <= N (row and column 0 unused)."""
    n = np.arange(N + 1)[:, None]
    m = np.arange(N + 1)[None, :]
    K = np.broadcast_to(_less_array(n), (N + 1, N + 1)).copy()
    for (a, b), k in EXCEPTIONS.items():
        if a <= N and b <= N:
            K[a, b] = k
    K[(n <= 1) | (m <= 1)] = 0
    return K


def _split_values(A: np.ndarray, K: np.ndarray) -> np.ndarray:
    """n*m times the value of asking about K[n, m] suspects at (n, m) (entries with K = 0 are meaningless)."""
    N = A.shape[0] - 1
    n = np.arange(N + 1)[:, None]
    m = np.arange(N + 1)[None, :]
    return split_A(A, n, np.broadcast_to(m, K.shape), (K, np.clip(n - K, 0, N)))


def _first(mask: np.ndarray, fmt) -> str:
    idx = np.argwhere(mask)
    return fmt(*map(int, idx[0])) if len(idx) else ""


def _ok(mask_bad: np.ndarray, checked: str, fmt, detail: str = "") -> Check:
    bad = int(mask_bad.sum())
    if bad:
        detail = (detail + "; " if detail else "") + f"{bad} failing case(s)"
    return Check(bad == 0, checked, _first(mask_bad, fmt), detail)


def _state(n, m):
    return f"(n, m) = ({n}, {m})"


def _random_huge(count: int, seed: int, lo: int = 4, hi: int = 10**30) -> list[int]:
    rng = random.Random(seed)
    return [rng.randint(lo, hi) for _ in range(count)]


# ---- the claims -------------------------------------------------------------------------------------------
@register.claim("cushing.thm2.1",
                "S(n, m) (guess if n = 1 or m = 1; decisions 1, 3, 5 at (4,4), (6,4), (10,4); n_< otherwise) is an "
                "optimal decision at every board state (n, m).", "Cushing et al., Theorem 2.1")
def _check_thm21(N: int) -> Check:
    A = _table(N)
    K = _decisions(N)
    vals = np.where(K == 0, np.arange(N + 1)[None, :], _split_values(A, K))  # a guess is worth A = m
    bad = np.zeros_like(K, dtype=bool)
    bad[1:, 1:] = vals[1:, 1:] != A[1:, 1:]
    return _ok(bad, f"1 <= n, m <= {N}", lambda n, m: f"{_state(n, m)}: S = {int(K[n, m])} is not optimal")


@register.claim(
    "cushing.exceptions",
    "The split (n_<, n_>) is optimal at every state with n, m >= 2 except exactly (4, 4), (6, 4) and (10, 4), "
    "where it is not; so the exception list of Theorem 2.1 is complete and every exception is needed.",
    "Cushing et al., Theorem 2.1 and statement (2) in its proof")
def _check_exceptions(N: int) -> Check:
    A = _table(N)
    n = np.arange(N + 1)
    K = np.broadcast_to(_less_array(n)[:, None], (N + 1, N + 1)).copy()
    K[:2, :] = 0
    vals = _split_values(A, K)
    not_opt = np.zeros_like(K, dtype=bool)
    not_opt[2:, 2:] = vals[2:, 2:] != A[2:, 2:]
    found = {tuple(map(int, x)) for x in np.argwhere(not_opt)}
    expected = {s for s in EXCEPTIONS if max(s) <= N}
    extra, missing = sorted(found - expected), sorted(expected - found)
    ce = ""
    if extra:
        ce = f"n_< not optimal at {_state(*extra[0])}, which is not in the exception list"
    elif missing:
        ce = f"n_< is optimal at the listed exception {_state(*missing[0])}"
    return Check(not extra and not missing, f"2 <= n, m <= {N}", ce,
                 f"n_< fails exactly at {sorted(found)}")


def _check_rem22ii(N: int) -> Check:
    top = max(N, 10**6)
    n = np.arange(2, top + 1, dtype=np.int64)
    printed = _less_array(n) + (n + 2) // 4 + (n + 3) // 4
    bad = printed != n
    huge = [x for x in _random_huge(2000, 22) if n_less(x) + n_greater_as_printed(x) != x]
    first = f"n = {int(n[np.argmax(bad)])}: n_< + n_> = {int(printed[np.argmax(bad)])}" if bad.any() else (
        f"n = {huge[0]}" if huge else "")
    return Check(not bad.any() and not huge, f"2 <= n <= {top} and 2000 random n < 10^30", first)


def _check_rem22ii_fixed(N: int) -> Check:
    top = max(N, 10**6)
    n = np.arange(1, top + 1, dtype=np.int64)
    bad = (n // 4 + (n + 1) // 4 + (n + 2) // 4 + (n + 3) // 4) != n
    huge = _random_huge(2000, 23)
    bad_huge = [x for x in huge if n_less_as_printed(x) + n_greater_as_printed(x) != x or n_less(x) + n_greater(x) != x]
    bad_small = [x for x in range(2, 1000) if n_less(x) + n_greater(x) != x]
    ce = (f"n = {int(n[np.argmax(bad)])}" if bad.any() else
          f"n = {(bad_small + bad_huge)[0]}" if bad_small or bad_huge else "")
    return Check(not bad.any() and not bad_small and not bad_huge,
                 f"1 <= n <= {top} and 2000 random n < 10^30", ce)


register.claim_and_correction(
    "cushing.rem2.2.ii", "Cushing et al., Remark 2.2 (ii)",
    "At n = 2 the modification 2_< = 1 is not carried over to n_>: the printed formula gives 2_> = 2, "
    "so n_< + n_> = 3.  The unmodified formulas add up to n for every n (Hermite's identity), and with "
    "2_> := 1 the pair (n_<, n_>) is a split of n for every n >= 2, as the proof needs.",
    ("n_< + n_> = n, with n_< as in Theorem 2.1 (2_< = 1) and n_> = "
     "floor((n+2)/4) + floor((n+3)/4).",
     _check_rem22ii),
    ("The printed formulas floor(n/4) + floor((n+1)/4) and floor((n+2)/4) + floor((n+3)/4) add up to n for every "
     "n >= 1; with the modification 2_< = 2_> = 1, n_< + n_> = n for every n >= 2.",
     _check_rem22ii_fixed), severity=BOUNDARY_SLIP)


@register.claim(
    "cushing.A004524",
    "For n >= 3, n_< = floor(n/4) + floor((n+1)/4) is OEIS A004524 (offset 0: a(n) = n_<), and its first "
    "values for n = 3..10 are (1, 2, 2, 2, 3, 4, 4, 4); at n = 2 the modification 2_< = 1 differs from a(2) = 0.",
    "Cushing et al., Remark 2.2 (iii)")
def _check_a004524(N: int) -> Check:
    count = max(N, 10**5)
    gf = a004524_from_generating_function(count + 1)
    problems = []
    if tuple(gf[:len(A004524_OEIS_DATA)]) != A004524_OEIS_DATA:
        problems.append("the generating function does not reproduce the OEIS data")
    blocks = [a004524(i) for i in range(count + 1)]
    if blocks != gf:
        problems.append("'three even followed by one odd' differs from the generating function")
    if tuple(n_less(n) for n in range(3, 11)) != (1, 2, 2, 2, 3, 4, 4, 4):
        problems.append("the first values of n_< are not (1, 2, 2, 2, 3, 4, 4, 4)")
    diff = [n for n in range(3, count + 1) if n_less(n) != gf[n]]
    if diff:
        problems.append(f"n = {diff[0]}: n_< = {n_less(diff[0])}, A004524 = {gf[diff[0]]}")
    if n_less(2) == a004524(2):
        problems.append("2_< agrees with a(2), so the modification would be unnecessary")
    diff_huge = [x for x in _random_huge(2000, 24, lo=3) if n_less(x) != a004524(x)]
    if diff_huge:
        problems.append(f"n = {diff_huge[0]}")
    return Check(not problems, f"3 <= n <= {count} (generating function) and 2000 random n < 10^30",
                 problems[0] if problems else "")


def _greater_array(n: np.ndarray) -> np.ndarray:
    return np.where(n == 2, 1, (n + 2) // 4 + (n + 3) // 4)


def _table1_arrays(n: np.ndarray, k: np.ndarray, table=TABLE_1):
    """Table 1 applied to arrays (first matching row wins); -1 where no row applies."""
    n, k = np.broadcast_arrays(n, k)
    less = np.full(n.shape, -1, dtype=np.int64)
    greater = np.full(n.shape, -1, dtype=np.int64)
    done = np.zeros(n.shape, dtype=bool)
    kk = {"k_<": _less_array(k), "k_>": _greater_array(k)}
    for r in table:
        hit = ~done & (k >= r.k_at_least) & np.isin(k % 4, r.k_mod4)
        if r.k_equals is not None:
            hit &= k == r.k_equals
        hit &= (n == r.n_equals) if r.n_equals is not None else np.isin(n % 4, r.n_mod4)
        less[hit] = (_less_array(n) - kk[r.less[0]] + r.less[1])[hit]
        greater[hit] = (_greater_array(n) - kk[r.greater[0]] + r.greater[1])[hit]
        done |= hit
    return less, greater


def _table1_check(N: int, table) -> Check:
    top = max(N, 1000)
    n = np.arange(4, top + 1)[:, None]
    k = np.arange(2, top // 2 + 1)[None, :]
    valid = k <= n // 2
    less, greater = _table1_arrays(n, k, table)
    bad = valid & ((less != _less_array(n - k)) | (greater != _greater_array(n - k)))
    ce = _first(bad, lambda i, j: f"(n, k) = ({i + 4}, {j + 2}): the table gives {(int(less[i, j]), int(greater[i, j]))}, "
                                  f"but ((n-k)_<, (n-k)_>) = {(n_less(i + 2 - j), n_greater(i + 2 - j))}")
    rng = random.Random(123)
    for _ in range(3000):
        big = rng.randint(4, 10**30)
        kb = rng.choice([2, rng.randint(2, 40), rng.randint(2, big // 2)])
        if table1(big, kb, table) != (n_less(big - kb), n_greater(big - kb)):
            ce = ce or f"(n, k) = ({big}, {kb})"
    return Check(not ce, f"all 4 <= n <= {top}, 2 <= k <= n/2 ({int(valid.sum())} pairs) and 3000 random n < 10^30",
                 ce, f"{int(bad.sum())} failing pairs up to {top}" if bad.any() else "")


def _check_table1(N: int) -> Check:
    return _table1_check(N, TABLE_1)


def _check_table1_fixed(N: int) -> Check:
    return _table1_check(N, TABLE_1_CORRECTED)


register.claim_and_correction(
    "cushing.table1", "Cushing et al., Lemma 2.3 and Table 1",
    "The row 'n = 0, 2 mod 4, k = 2' is right for n = 0 mod 4 but wrong for n = 2 mod 4 (n = 6, 10, 14, ...): "
    "there n - 2 = 0 mod 4 and (n-2)_< = n_<, (n-2)_> = n_> - 2, i.e. n_< - k_< + 1 and n_> - k_> - 1.  "
    "Every other row holds.",
    ("Table 1 gives (n-k)_< and (n-k)_> in terms of n_<, n_>, k_<, k_> for every n >= 4 and 2 <= k <= n/2 "
     "(each printed row, with the row 'n = 4, k = 2' taking precedence over 'n = 0, 2 mod 4, k = 2').",
     _check_table1),
    ("Table 1 with the row 'n = 0, 2 mod 4, k = 2' split into 'n = 0 mod 4, k = 2: n_< - k_< - 1, n_> - k_> + 1' and "
     "'n = 2 mod 4, k = 2: n_< - k_< + 1, n_> - k_> - 1' gives (n-k)_< and (n-k)_> for every n >= 4, 2 <= k <= n/2.",
     _check_table1_fixed), severity=WRONG_RANGE)


@register.claim("cushing.eq6", "P(n, 4) = 4/n for every n >= 10.", "Cushing et al., equation (6)")
def _check_eq6(N: int) -> Check:
    N = max(N, 20)
    A = _table(N)
    n = np.arange(N + 1)
    bad = (n >= 10) & (A[:, 4] != 16)   # n*4*(4/n) = 16
    smaller = [n for n in range(2, 10) if A[n, 4] == 16]
    return _ok(bad[:, None], f"10 <= n <= {N}", lambda n, _: f"n = {n}: P(n, 4) = {A[n, 4]}/{4 * n}",
               detail=f"below 10 it holds only at n = {smaller}")


@register.claim(
    "cushing.sec2.small_cases",
    "P(1, m) = 1 and P(n, 1) = 1/n; for m >= 2, P(2, m) = (m-1)/m, the decision 1 is optimal at (2, m) and a "
    "guess is optimal there only when m = 2; at (3, m) a guess is optimal if and only if m = 1, and the "
    "decision 1 is optimal for m >= 2.", "Cushing et al., section 2, before Theorem 2.1")
def _check_small(N: int) -> Check:
    A = _table(N)
    idx = np.arange(N + 1)
    problems = []
    if (A[1, 1:] != idx[1:]).any():
        problems.append(f"P(1, m) != 1 at m = {int(np.argmax(A[1, 1:] != idx[1:])) + 1}")
    if (A[1:, 1] != 1).any():
        problems.append(f"P(n, 1) != 1/n at n = {int(np.argmax(A[1:, 1] != 1)) + 1}")
    m = idx[2:]
    split2 = split_A(A, 2, m, (1, 1))           # value of (1, 1) at (2, m), times 2m
    if (A[2, 2:] != 2 * (m - 1)).any():
        problems.append(f"P(2, m) != (m-1)/m at m = {int(m[np.argmax(A[2, 2:] != 2 * (m - 1))])}")
    if (split2 != A[2, 2:]).any():
        problems.append("the decision 1 is not optimal at some (2, m)")
    guess2 = (A[2, 2:] == m)                    # a guess is worth A = m
    if list(m[guess2]) != [2]:
        problems.append(f"a guess is optimal at (2, m) for m = {list(map(int, m[guess2]))[:5]}, not only m = 2")
    split3 = split_A(A, 3, m, (1, 2))
    if (split3 != A[3, 2:]).any():
        problems.append("the decision 1 is not optimal at some (3, m), m >= 2")
    if (A[3, 2:] == m).any():
        problems.append(f"a guess is optimal at (3, {int(m[np.argmax(A[3, 2:] == m)])})")
    if A[3, 1] != 1:
        problems.append("a guess is not optimal at (3, 1)")
    return Check(not problems, f"1 <= n, m <= {N}", problems[0] if problems else "")


@register.claim(
    "cushing.classroom",
    "At (4, 4), splitting [2, 2] wins with probability P([2, 2]) = 1/2 and splitting [1, 3] with P([1, 3]) = 9/16, "
    "so the half-split is not optimal there.", "Cushing et al., section 1 (classroom activity)")
def _check_classroom(N: int) -> Check:
    t = cached_solution("official", max(N, 4))
    got = (t.value(4, 4, (2, 2)), t.value(4, 4, (1, 3)), t.P(4, 4))
    ok = got == (Fraction(1, 2), Fraction(9, 16), Fraction(9, 16))
    return Check(ok, "the state (4, 4)", "" if ok else f"P([2,2]), P([1,3]), P(4,4) = {got}")


@register.claim("cushing.proof.values", "P(4, 4) = 9/16, P(6, 4) = 1/2 and P(10, 4) = 2/5.",
                "Cushing et al., proof of Lemma 2.6 (iii)")
def _check_values(N: int) -> Check:
    t = cached_solution("official", max(N, 10))
    got = (t.P(4, 4), t.P(6, 4), t.P(10, 4))
    ok = got == (Fraction(9, 16), Fraction(1, 2), Fraction(2, 5))
    return Check(ok, "the states (4, 4), (6, 4), (10, 4)", "" if ok else f"got {got}")


@register.claim("cushing.lem2.5", "Theorem 2.1 holds for n <= 11 and m <= 4.", "Cushing et al., Lemma 2.5")
def _check_lem25(N: int) -> Check:
    A = _table(max(N, 11))
    bad = ""
    for n in range(1, 12):
        for m in range(1, 5):
            k = decision(n, m)
            val = m if k == 0 else split_A(A, n, m, (k, n - k))
            if val != A[n, m]:
                bad = bad or f"{_state(n, m)}: S = {k} is not optimal"
    return Check(not bad, "1 <= n <= 11, 1 <= m <= 4", bad)


@register.claim("cushing.lem2.6.i", "For n >= 4, m >= 2 and (n, m) != (4, 4) there is an optimal decision k > 1; "
                "(and at (4, 4) there is none: the exclusion is needed).", "Cushing et al., Lemma 2.6 (i)")
def _check_lem26i(N: int) -> Check:
    A = _table(N)
    K = _decisions(N)                        # a witness k >= 2 wherever Theorem 2.1's choice is not 1
    vals = _split_values(A, K)
    n = np.arange(N + 1)[:, None]
    m = np.arange(N + 1)[None, :]
    region = (n >= 4) & (m >= 2) & ~((n == 4) & (m == 4))
    witnessed = (K >= 2) & (vals == A)
    bad = []
    for a, b in np.argwhere(region & ~witnessed):   # search every k > 1 where the witness fails
        a, b = int(a), int(b)
        if not any(split_A(A, a, b, (k, a - k)) == A[a, b] for k in range(2, a // 2 + 1)):
            bad.append((a, b))
    at44 = any(split_A(A, 4, 4, (k, 4 - k)) == A[4, 4] for k in range(2, 3))
    ce = _state(*bad[0]) if bad else ("k = 2 is also optimal at (4, 4)" if at44 else "")
    return Check(not bad and not at44, f"4 <= n <= {N}, 2 <= m <= {N}", ce)


@register.claim("cushing.lem2.6.ii", "Theorem 2.1 holds for m <= 4.", "Cushing et al., Lemma 2.6 (ii)")
def _check_lem26ii(N: int) -> Check:
    A = _table(N)
    K = _decisions(N)[:, :5]
    vals = np.where(K == 0, np.arange(5)[None, :], _split_values(A, _decisions(N))[:, :5])
    bad = np.zeros_like(K, dtype=bool)
    bad[1:, 1:] = vals[1:, 1:] != A[:, :5][1:, 1:]
    return _ok(bad, f"1 <= n <= {N}, 1 <= m <= 4", _state)


def _lemma26_values(N: int, m: int, formulas: dict) -> str:
    """First (n, k), n >= 11, 1 <= k <= n/2, where n*m*P(m, [k : n-k]) = A(m, k) + A(m, n-k) differs from the formula.

    ``formulas`` maps k (or "other" for every remaining k) to a function of the array n giving n*m times the printed
    value; k mapped to None is skipped.  Looks at n <= max(N, 40) at least."""
    N = max(N, 40)
    A = _table(N)
    n = np.arange(11, N + 1)[:, None]
    k = np.arange(1, N // 2 + 1)[None, :]
    valid = (k <= n // 2)
    got = n * m - split_A(A, n, m, (k, np.clip(n - k, 0, N)))     # n*m*P(m, [k : n-k]), the opponent's chance
    want = np.full(got.shape, -1, dtype=np.int64)
    use = np.zeros(got.shape, dtype=bool)
    other = formulas.get("other")
    for kk in range(1, N // 2 + 1):
        f = formulas.get(kk, other) if kk in formulas else other
        if f is None:
            continue
        want[:, kk - 1] = f(n[:, 0])
        use[:, kk - 1] = True
        if kk not in formulas and kk > max([x for x in formulas if isinstance(x, int)] + [0]):
            want[:, kk:] = f(n)
            use[:, kk:] = True
            break
    bad = valid & use & (got != want)
    idx = np.argwhere(bad)
    if not len(idx):
        return ""
    i, j = map(int, idx[0])
    nn, kk = i + 11, j + 1
    split = format_move((kk, nn - kk), "bracket")
    return f"(n, k) = ({nn}, {kk}): P({m}, {split}) = {got[i, j]}/{m * nn}, printed {want[i, j]}/{m * nn}"


def _opponent_chance(m: int, formulas: dict, k_range: str):
    """The check that n*m*P(m, [k : n-k]) (Joe's chance after we ask about k of our n) follows ``formulas``
    (see :func:`_lemma26_values`) for 11 <= n <= max(N, 40): the printed statements concern n >= 11, so look
    far enough even at a small N."""
    def check(N: int) -> Check:
        N = max(N, 40)
        ce = _lemma26_values(N, m, formulas)
        return Check(not ce, f"11 <= n <= {N}" + k_range, ce)
    return check


_LEM26 = "Cushing et al., proof of Lemma 2.6"
register.claim(
    "cushing.lem2.6.m2", "For n >= 11: P(2, [1 : n-1]) = (2n-3)/(2n), and P(2, [k : n-k]) = (n-2)/n for k >= 2.",
    _LEM26)(_opponent_chance(2, {1: lambda n: 2 * n - 3, "other": lambda n: 2 * (n - 2)}, ", 1 <= k <= n/2"))
register.claim_and_correction(
    "cushing.lem2.6.m3.k1", _LEM26, "A typo: (3n-7)/n exceeds 1.  The value is (3n-7)/(3n).",
    ("For n >= 11: P(3, [1 : n-1]) = (3n-7)/n.",
     _opponent_chance(3, {1: lambda n: 3 * (3 * n - 7)}, "")),        # (3n-7)/n times 3n is 3(3n-7)
    ("For n >= 11: P(3, [1 : n-1]) = (3n-7)/(3n).", _opponent_chance(3, {1: lambda n: 3 * n - 7}, "")),
    severity=WRONG_RANGE)
register.claim_and_correction(
    "cushing.lem2.6.m3", _LEM26,
    "Fails for k = 2 and k = 3, where Joe's chance is (3n-8)/(3n) and (3n-9)/(3n): the step "
    "P(3, [k : n-k]) = 1 - P([k : n-k], [1 : 2]) needs P(k, 2) = 2/k, false for k = 2, 3.  These values "
    "are still below P(3, [1 : n-1]) = (3n-7)/(3n), so the conclusion (k = 1 is not optimal at m = 3) stands.",
    ("For n >= 11 and k >= 2: P(3, [k : n-k]) = (3n-10)/(3n).",
     _opponent_chance(3, {"other": lambda n: 3 * n - 10, 1: None}, ", 2 <= k <= n/2")),
    ("For n >= 11: P(3, [k : n-k]) = (3n-10)/(3n) for 4 <= k <= n/2, (3n-8)/(3n) for k = 2 and (3n-9)/(3n) for "
     "k = 3; all are smaller than P(3, [1 : n-1]) = (3n-7)/(3n).",
     _opponent_chance(3, {1: lambda n: 3 * n - 7, 2: lambda n: 3 * n - 8, 3: lambda n: 3 * n - 9,
                                   "other": lambda n: 3 * n - 10}, ", 1 <= k <= n/2")), severity=BOUNDARY_SLIP)
register.claim(
    "cushing.lem2.6.m4.k1k4", "For n >= 11: P(4, [1 : n-1]) = (4n-11)/(4n) and P(4, [4 : n-4]) = (4n-15)/(4n).",
    _LEM26)(_opponent_chance(4, {1: lambda n: 4 * n - 11, 4: lambda n: 4 * n - 15}, ""))
register.claim_and_correction(
    "cushing.lem2.6.m4", _LEM26,
    "Fails for k = 2 and k = 3, where Joe's chance is (4n-12)/(4n) and (4n-14)/(4n), larger than "
    "P(4, [4 : n-4]) = (4n-15)/(4n).  Every k >= 5 gives (n-4)/n, the smallest value, so the conclusion "
    "(k = n_< >= 5 is optimal at m = 4, equation (6)) stands.",
    ("For n >= 11 and k >= 2, k != 4: P(4, [k : n-k]) = (n-4)/n, strictly smaller than both "
     "P(4, [1 : n-1]) and P(4, [4 : n-4]).",
     _opponent_chance(4, {"other": lambda n: 4 * (n - 4), 1: None, 4: None}, ", 2 <= k <= n/2, k != 4")),
    ("For n >= 11: P(4, [k : n-k]) = (n-4)/n for 5 <= k <= n/2, (4n-12)/(4n) for k = 2, (4n-14)/(4n) for k = 3; "
     "so the k >= 5 value is strictly smaller than the k = 1, 2, 3, 4 values.",
     _opponent_chance(4, {1: lambda n: 4 * n - 11, 2: lambda n: 4 * n - 12, 3: lambda n: 4 * n - 14,
                                   4: lambda n: 4 * n - 15, "other": lambda n: 4 * (n - 4)}, ", 1 <= k <= n/2")),
    severity=BOUNDARY_SLIP)


def _stmt3_violations(N: int, k_min: int) -> list:
    """States (n, m), m >= 2, where some k_min <= k <= n/2 has A(k, m) + A(n-k, m) > A(n_<, m) + A(n_>, m).

    n*m*P([k : n-k], m) = A(k, m) + A(n-k, m): our chance when our pool is k or n-k at random and we move."""
    A = np.ascontiguousarray(_table(N))
    best = np.full((N + 1, N + 1), -1, dtype=np.int64)
    for k in range(k_min, N // 2 + 1):
        np.maximum(best[2 * k:], A[k:N - k + 1] + A[k], out=best[2 * k:])
    n = np.arange(N + 1)
    nl = _less_array(n)
    rhs = A[nl] + A[n - nl]
    bad = best > rhs
    bad[:2, :] = False
    bad[:, :2] = False
    return [tuple(map(int, x)) for x in np.argwhere(bad)]


def _check_stmt3(N: int) -> Check:
    N = max(N, 40)  # the printed statements concern n >= 11 (and k >= 8); look far enough
    bad = _stmt3_violations(N, 1)
    return Check(not bad, f"2 <= n, m <= {N}, 1 <= k <= n/2", _stmt3_words(N, *bad[0]) if bad else "",
                 f"violations at {bad[:5]}" if bad else "")


def _stmt3_words(N: int, n: int, m: int) -> str:
    A = _table(N)
    a = n_less(n)
    k = max(range(1, n // 2 + 1), key=lambda k: A[k, m] + A[n - k, m])
    split_k, split_a = (format_move((g, n - g), "bracket") for g in (k, a))
    return (f"{_state(n, m)}, k = {k}: P({split_k}, {m}) = {A[k, m] + A[n - k, m]}/{n * m} > "
            f"P({split_a}, {m}) = {A[a, m] + A[n - a, m]}/{n * m}")


def _check_stmt3_fixed(N: int) -> Check:
    N = max(N, 40)  # the printed statements concern n >= 11 (and k >= 8); look far enough
    bad2 = _stmt3_violations(N, 2)
    bad1 = _stmt3_violations(N, 1)
    expected = [s for s in [(4, 2), (5, 2)] if max(s) <= N]
    ok = not bad2 and bad1 == expected
    ce = _state(*bad2[0]) + " with k >= 2" if bad2 else ("" if ok else f"k = 1 fails at {bad1[:5]}")
    return Check(ok, f"2 <= n, m <= {N}, 1 <= k <= n/2", ce)


register.claim_and_correction(
    "cushing.stmt3", "Cushing et al., proof of Theorem 2.1, statement (3)",
    "Fails for k = 1 at (n, m) = (4, 2) and (5, 2): for example P([1 : 3], 2) = 5/8 > P([2 : 2], 2) = 1/2.  "
    "The proof only uses (3) for k >= 2 (Lemma 2.6 (i) lets it assume k != 1), and there it holds.",
    ("Statement (3): P([k : n-k], m) <= P([n_< : n_>], m) whenever m >= 2 (1 <= k <= n/2), "
     "where P([a : b], m) = a/n P(a, m) + b/n P(b, m).",
     _check_stmt3),
    ("Statement (3) holds for every m >= 2 and 2 <= k <= n/2; for k = 1 it fails "
     "exactly at (n, m) = (4, 2) and (5, 2).",
     _check_stmt3_fixed), severity=BOUNDARY_SLIP)


@register.claim(
    "cushing.lem2.6.iii", "Statement (3) holds for (k, m) = (4, 4), (6, 4) and (10, 4), i.e. "
    "P([k : n-k], 4) <= P([n_< : n_>], 4) for k = 4, 6, 10 and every n >= 2k.", "Cushing et al., Lemma 2.6 (iii)")
def _check_lem26iii(N: int) -> Check:
    N = max(N, 40)  # the printed statements concern n >= 11 (and k >= 8); look far enough
    A = _table(N)
    bad = ""
    for k in (4, 6, 10):
        for n in range(2 * k, N + 1):
            a = n_less(n)
            if A[k, 4] + A[n - k, 4] > A[a, 4] + A[n - a, 4]:
                bad = bad or f"(k, n) = ({k}, {n})"
    return Check(not bad, f"k in (4, 6, 10), 2k <= n <= {N}", bad)


@register.claim("cushing.lem2.6.iii.values", "For n - k >= 10: P([4 : n-4], 4) = 25/(4n), P([6 : n-6], 4) = 7/n and "
                "P([10 : n-10], 4) = 8/n.", "Cushing et al., proof of Lemma 2.6 (iii)")
def _check_iii_values(N: int) -> Check:
    N = max(N, 40)  # the printed statements concern n >= 11 (and k >= 8); look far enough
    A = _table(N)
    want = {4: 25, 6: 28, 10: 32}          # 4n times 25/(4n), 7/n, 8/n
    bad = ""
    for k, w in want.items():
        for n in range(k + 10, N + 1):
            if A[k, 4] + A[n - k, 4] != w:
                bad = bad or f"(k, n) = ({k}, {n})"
    return Check(not bad, f"k in (4, 6, 10), k + 10 <= n <= {N}", bad)


def _pairs4(N: int, k_min: int, n_min: int):
    """(n, k, 4n*P([k : n-k], 4)) over k_min <= k <= n/2, n_min <= n <= N."""
    A = _table(N)
    N = A.shape[0] - 1
    n = np.arange(N + 1)[:, None]
    k = np.arange(N // 2 + 1)[None, :]
    valid = (k >= k_min) & (k <= n // 2) & (n >= n_min)
    return valid, A[k, 4] + A[np.clip(n - k, 0, N), 4]


def _check_k8(N: int) -> Check:
    N = max(N, 40)  # the printed statements concern n >= 11 (and k >= 8); look far enough
    valid, val = _pairs4(N, 8, 16)
    return _ok(valid & (val != 32), f"8 <= k <= n/2, n <= {N}",
               lambda n, k: f"(k, n) = ({k}, {n}): P([k : n-k], 4) = {val[n, k]}/{4 * n}, not 8/n = 32/{4 * n}")


def _check_k8_fixed(N: int) -> Check:
    N = max(N, 40)  # the printed statements concern n >= 11 (and k >= 8); look far enough
    valid, val = _pairs4(N, 10, 20)
    return _ok(valid & (val != 32), f"10 <= k <= n/2, n <= {N}", lambda n, k: f"(k, n) = ({k}, {n})")


register.claim_and_correction(
    "cushing.lem2.6.iii.k8", "Cushing et al., proof of Lemma 2.6 (iii)",
    "Fails for k = 8 and 9 (and whenever n - k is 8 or 9), because P(8, 4) = 7/16 and P(9, 4) = 5/12 are "
    "not 4/8 and 4/9: equation (6) starts at n = 10.  The printed aside 'which we know also happens to hold "
    "when k = 10' suggests k > 10 was meant; it holds for k >= 10.  The proof only needs k = 4, 6, 10.",
    ("P([k : n-k], 4) = 8/n for k >= 8 (k <= n/2).",
     _check_k8),
    ("P([k : n-k], 4) = 8/n whenever k >= 10 and n - k >= 10.",
     _check_k8_fixed), severity=WRONG_RANGE)


@register.claim("cushing.lem2.6.i.p_m2", "P(m, 2) = 2/m for m >= 5 (giving the term 4/(mn) in P(m, [2 : n-2])).",
                "Cushing et al., proof of Lemma 2.6")
def _check_p_m2(N: int) -> Check:
    A = _table(N)
    m = np.arange(N + 1)
    bad = (m >= 5) & (A[:, 2] != 4)              # m*2*(2/m) = 4
    return _ok(bad[:, None], f"5 <= m <= {N}", lambda m, _: f"m = {m}: P(m, 2) = {A[m, 2]}/{2 * m}",
               detail=f"below 5 it holds at m = {[int(x) for x in range(2, 5) if A[x, 2] == 4]}")


@register.claim(
    "cushing.lem2.6.i.monotone", "P(m, n-2) <= P(m, n-1): a player's chance does not drop when the opponent "
    "has more suspects (checked in general: P(a, b) <= P(a, b+1) for all a, b).", "Cushing et al., proof of Lemma 2.6")
def _check_monotone(N: int) -> Check:
    A = _table(N)
    b = np.arange(N)[None, :]
    # P(a, b) <= P(a, b+1)  <=>  A(a, b) * (b+1) <= A(a, b+1) * b
    bad = A[:, :N] * (b + 1) > A[:, 1:] * b
    bad[0, :] = False
    bad[:, 0] = False
    return _ok(bad, f"1 <= a <= {N}, 1 <= b < {N}", lambda a, b: f"P({a}, {b}) > P({a}, {b + 1})")


def _check_step(N: int) -> Check:
    N = max(N, 40)
    A = _table(N)
    m = np.arange(N + 1)
    bad = (m >= 5) & (A[:, 4] != 16)
    ge = np.zeros((N + 1, N + 1), dtype=bool)                    # P(m, n-1) < P(m, 4)?
    j = np.arange(N + 1)[None, :]
    ge[5:, 10:] = (A[5:, 10:] * 4 < A[5:, 4:5] * j[:, 10:])
    if ge.any():
        i, jj = map(int, np.argwhere(ge)[0])
        return Check(False, f"5 <= m <= {N}, 11 <= n <= {N + 1}", f"P({i}, {jj}) < P({i}, 4)")
    return _ok(bad[:, None], f"5 <= m <= {N}, 11 <= n <= {N + 1}",
               lambda m, _: f"m = {m}: P(m, 4) = {A[m, 4]}/{4 * m}, not 4/{m}")


def _check_step_fixed(N: int) -> Check:
    N = max(N, 40)
    A = _table(N)
    m = np.arange(N + 1)[:, None]
    j = np.arange(N + 1)[None, :]
    region = (m >= 5) & (j >= 10)
    # P(m, j) > 3/m  <=>  A(m, j) > 3j
    bad = region & (A <= 3 * j)
    bad |= region & (A * 4 < A[:, 4:5] * j)                    # P(m, j) >= P(m, 4)
    bad[10:, 4] |= A[10:, 4] != 16
    return _ok(bad, f"5 <= m <= {N}, 11 <= n <= {N + 1}", lambda m, j: f"(m, n-1) = ({m}, {j})")


register.claim_and_correction(
    "cushing.lem2.6.i.step", "Cushing et al., proof of Lemma 2.6",
    "Equation (6) gives P(m, 4) = 4/m only for m >= 10: P(m, 4) = 1/2, 1/2, 13/28, 7/16, 5/12 for m = 5..9, "
    "below 4/m.  The inequality the proof needs, 3/m < P(m, n-1), is nevertheless true for every m >= 5 "
    "and n >= 11 (corrected claim), so k = 1 is never optimal there.",
    ("For m >= 5 and n >= 11: P(m, n-1) >= P(m, 4) = 4/m, by equation (6).",
     _check_step),
    ("For m >= 5 and n >= 11: P(m, n-1) >= P(m, 4) and P(m, n-1) > 3/m, "
     "which is what the proof needs (so k = 1 is not optimal); P(m, 4) = 4/m only for m >= 10.",
     _check_step_fixed), severity=WRONG_RANGE)
