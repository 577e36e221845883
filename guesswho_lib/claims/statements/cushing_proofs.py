"""The claims of Cushing et al., section 2: the steps of the proof of Theorem 2.1 and of Lemma 2.3, checked exactly.

Registered here (ids ``cushing.thm2.1.proof.*``, ``cushing.lem2.3.proof``): the reduction to cases at the start of
the proof of Theorem 2.1, the equality inside display (4), display (5), the base-4 formula of the proof of Lemma 2.3
and the quadruples [n_<< : n_<> : n_>< : n_>>] of the last cases.  The theorem, its lemmas and the steps of
Lemma 2.6 are in :mod:`.cushing`; statements deliberately not checked are recorded with
:meth:`~guesswho_lib.claims.registry.Register.left_out` at the end of this module.

Notation: P([a : b], m) = (a/n) P(a, m) + (b/n) P(b, m) (our pool a or b, we move); P(m, [a : b : ...]) =
sum (a/n) P(m, a) (Joe moves); with Joe's pool split too, P([a : b], [c : d]) = sum (x/n)(y/m) P(x, y).  In the
integers A(n, m) = n*m*P(n, m) every display is an identity between sums of table entries.
"""

from __future__ import annotations

import random

import numpy as np

from ...papers.cushing import n_greater, n_less, n_less_as_printed
from ..exact_tables import A_table
from ..registry import WRONG_RANGE, WRONG_STATEMENT, Check, Register

register = Register(__name__)

__all__ = []

_PROOF = "Cushing et al., proof of Theorem 2.1"


def _less(x: np.ndarray) -> np.ndarray:
    return np.where(x == 2, 1, x // 4 + (x + 1) // 4)


def _greater(x: np.ndarray) -> np.ndarray:
    return np.where(x == 2, 1, (x + 2) // 4 + (x + 3) // 4)


# ---- equation (1): the value of a decision, by a plain recursion in exact fractions ---------------------------
_EQ1_N = 30


@register.claim(
    "cushing.eq1",
    "Equation (1): a decision [k : n-k] at (n, m) is worth P(n, m) = 1 - P(m, [k : n-k]) = 1 - (k/n) P(m, k) - "
    "((n-k)/n) P(m, n-k); with a guess worth 1/n (official rules) and P(1, m) = 1, the best of these is the "
    "solver's P(n, m).", "Cushing et al., section 2, equation (1)")
def _eq1(N):
    from fractions import Fraction
    top = min(N, _EQ1_N)
    memo = {}                                   # this check's own values, dropped when it ends

    def P(n, m):                                # independent of the solver: recursion on n + m, exact fractions
        if (n, m) not in memo:
            best = Fraction(1) if n == 1 else Fraction(1, n)
            for k in range(1, n // 2 + 1):
                best = max(best, 1 - Fraction(k, n) * P(m, k) - Fraction(n - k, n) * P(m, n - k))
            memo[n, m] = best
        return memo[n, m]

    A = A_table("official", top)
    for n in range(1, top + 1):
        for m in range(1, top + 1):
            if P(n, m) * n * m != int(A[n, m]):
                return Check(False, f"1 <= n, m <= {top}", f"(n, m) = ({n}, {m}): the recursion gives {P(n, m)}, "
                                                            f"the solver {int(A[n, m])}/{n * m}")
    return Check(True, f"1 <= n, m <= {top} (a plain recursion in fractions, independent of the solver)")


# ---- the reduction to cases -------------------------------------------------------------------------------
def _cases(N: int, printed: bool) -> Check:
    n = np.arange(N + 1)[:, None]
    m = np.arange(N + 1)[None, :]
    settled = (n <= 3) | (m == 1) | ((n <= 11) & (m <= 4))                 # remarks before the theorem; Lemma 2.5
    rest = ((m >= 2) & (m <= 4) & (n >= 11)) | ((m >= 5) & (n >= 4) & ((n <= 10) if printed else True))
    bad = ~(settled | rest)
    bad[0, :] = bad[:, 0] = False
    if bad.any():
        a, b = map(int, np.argwhere(bad)[0])
        return Check(False, f"1 <= n, m <= {N}", f"(n, m) = ({a}, {b}) is in none of the cases",
                     f"{int(bad.sum())} states left out")
    return Check(True, f"1 <= n, m <= {N}")


register.claim_and_correction(
    "cushing.thm2.1.proof.cases", _PROOF,
    "A slip in the reduction: the states with m >= 5 and n >= 11 (first (11, 5)) are in none of the listed cases. "
    "The induction that follows (statements (2) and (3), on n + m) never uses n <= 10, so reading the last case as "
    "'m >= 5 and n >= 4' makes the cases exhaustive and the proof covers every state.",
    ("'From Lemma 2.5 and the remarks before the theorem, we may assume 2 <= m <= 4 and n >= 11, or m >= 5 and "
     "4 <= n <= 10': with the states n <= 3 or m = 1 (the remarks) and n <= 11, m <= 4 (Lemma 2.5), these cases "
     "cover every board state.", lambda N: _cases(N, printed=True)),
    ("The cases of the proof corrected: n <= 3 or m = 1 (the remarks), n <= 11 and m <= 4 (Lemma 2.5), "
     "2 <= m <= 4 and n >= 11 (Lemma 2.6), and m >= 5 and n >= 4 (the induction) cover every board state.",
     lambda N: _cases(N, printed=False)), severity=WRONG_RANGE)


# ---- display (4): P(m, [n_< : n_>]) = 1 - P([n_< : n_>], [m_< : m_>]) ------------------------------------------
def _eq4_failures(N: int) -> list[tuple[int, int]]:
    """States (n, m), n >= 4, m >= 5, where n*m*(P(m, [n_< : n_>]) - 1 + P([n_< : n_>], [m_< : m_>])) != 0."""
    A = A_table("official", N)
    n = np.arange(4, N + 1)[:, None]
    m = np.arange(5, N + 1)[None, :]
    nl, ng, ml, mg = _less(n), _greater(n), _less(m), _greater(m)
    joe = A[m, nl] + A[m, ng]                                            # n*m*P(m, [n_< : n_>])
    ours = A[nl, ml] + A[nl, mg] + A[ng, ml] + A[ng, mg]                 # n*m*P([n_< : n_>], [m_< : m_>])
    bad = joe != n * m - ours
    return [(int(i) + 4, int(j) + 5) for i, j in np.argwhere(bad)]


_EQ4_EXPECTED = {(n, m) for m in (6, 10) for n in range(6, 11)}


def _check_eq4(N: int, printed: bool) -> Check:
    N = max(N, 40)
    bad = _eq4_failures(N)
    if printed:
        return Check(not bad, f"4 <= n <= {N}, 5 <= m <= {N}", f"(n, m) = {bad[0]}" if bad else "",
                     f"fails at {bad}" if bad else "")
    A = A_table("official", N)
    unexplained = sorted(set(bad) ^ {s for s in _EQ4_EXPECTED if max(s) <= N})
    thm_ok = all(A[n, m] == n * m - A[m, n_less(n)] - A[m, n_greater(n)] for n, m in _EQ4_EXPECTED)
    ok = not unexplained and thm_ok
    return Check(ok, f"4 <= n <= {N}, 5 <= m <= {N}",
                 "" if ok else (f"(n, m) = {unexplained[0]}" if unexplained else "n_< not optimal at an exception"))


register.claim_and_correction(
    "cushing.thm2.1.proof.eq4", _PROOF + ", display (4)",
    "The step 'by induction using the first line at (m, n_<) and (m, n_>)' needs m_< to be optimal at (m, n_<) and "
    "(m, n_>), but statement (2) excludes the exceptions (6, 4) and (10, 4): for m = 6 or 10 and 6 <= n <= 10 "
    "(where n_< or n_> is 4) Joe does better than m_<, and the equality fails (first (n, m) = (6, 6)). These ten "
    "states are the only failures; Theorem 2.1 itself holds at all of them (n_< is optimal there), so the theorem "
    "stands but the proof must treat them separately.",
    ("Display (4), the equality: for m >= 5 (and n >= 4), P(m, [n_< : n_>]) = 1 - P([n_< : n_>], [m_< : m_>]), "
     "by statement (2) at (m, n_<) and (m, n_>).", lambda N: _check_eq4(N, printed=True)),
    ("Display (4) corrected: for m >= 5 and n >= 4 the equality holds except exactly at m in {6, 10}, "
     "6 <= n <= 10 (where (m, 4) is an exception of Theorem 2.1); at those ten states n_< is still optimal, as "
     "Theorem 2.1 says.", lambda N: _check_eq4(N, printed=False)), severity=WRONG_STATEMENT)


# ---- display (5): P([k : n-k], m) = 1 - P(m, [k_< : k_> : (n-k)_< : (n-k)_>]) -------------------------------------
@register.claim(
    "cushing.thm2.1.proof.eq5",
    "Display (5), the equality: for m >= 5 and 2 <= k <= n/2, P([k : n-k], m) = 1 - P(m, [k_< : k_> : (n-k)_< : "
    "(n-k)_>]) (induction: k_< is optimal at (k, m) and (n-k)_< at (n-k, m)).", _PROOF + ", display (5)")
def _eq5(N):
    # With f(x, m) = A(x, m) - x*m + A(m, x_<) + A(m, x_>), the equality at (n, k, m) reads f(k, m) + f(n-k, m) = 0;
    # over all pairs 2 <= k <= n-k (k = n-k included) that holds exactly when f(x, m) = 0 for every x >= 2.
    A = A_table("official", N)
    x = np.arange(2, N + 1)[:, None]
    m = np.arange(5, N + 1)[None, :]
    f = A[x, m] - x * m + A[m, _less(x)] + A[m, _greater(x)]
    bad = np.argwhere(f[: N - 3] != 0)                 # x <= N - 2, so that n = k + (n-k) can reach it
    if len(bad):
        xx, mm = int(bad[0][0]) + 2, int(bad[0][1]) + 5
        return Check(False, f"5 <= m <= {N}, 2 <= k <= n - k <= {N - 2}",
                     f"(k, m) = ({xx}, {mm}), e.g. n = {2 * xx}: the two sides differ")
    return Check(True, f"5 <= m <= {N}, 2 <= k <= n - k <= {N - 2}",
                 detail="checked through f(x, m) = A(x, m) - xm + A(m, x_<) + A(m, x_>) = 0 for 2 <= x <= N - 2")


# ---- Lemma 2.3, its proof: base 4 ------------------------------------------------------------------------------
@register.claim("cushing.lem2.3.proof",
                "Proof of Lemma 2.3: with k = 4k' + k_0 and n = 4n' + n_0 (0 <= k_0, n_0 <= 3), (n-k)_< = 2n' - 2k' + "
                "(n_0 - k_0)_< and (n-k)_> = 2n' - 2k' + (n_0 - k_0)_>, with x_< = floor(x/4) + floor((x+1)/4) and "
                "x_> = floor((x+2)/4) + floor((x+3)/4) for every integer x (the modification 2_< = 1 aside).",
                "Cushing et al., proof of Lemma 2.3")
def _lem23(N):
    top = max(N, 2000)
    n = np.arange(0, top + 1)[:, None]
    k = np.arange(0, top + 1)[None, :]
    ok = k <= n
    d0 = n % 4 - k % 4
    base = 2 * (n // 4) - 2 * (k // 4)
    lhs_l = (n - k) // 4 + (n - k + 1) // 4
    lhs_g = (n - k + 2) // 4 + (n - k + 3) // 4
    bad = ok & ((lhs_l != base + d0 // 4 + (d0 + 1) // 4) | (lhs_g != base + (d0 + 2) // 4 + (d0 + 3) // 4))
    rng = random.Random(23)
    huge_bad = []
    for _ in range(2000):
        a, b = rng.randint(0, 10 ** 30), rng.randint(0, 10 ** 30)
        a, b = max(a, b), min(a, b)
        d = a % 4 - b % 4
        if n_less_as_printed(a - b) != 2 * (a // 4) - 2 * (b // 4) + d // 4 + (d + 1) // 4:
            huge_bad.append((a, b))
    if bad.any() or huge_bad:
        a, b = (tuple(map(int, np.argwhere(bad)[0])) if bad.any() else huge_bad[0])
        return Check(False, f"0 <= k <= n <= {top}", f"(n, k) = ({a}, {b})")
    return Check(True, f"0 <= k <= n <= {top} and 2000 random n < 10^30",
                 detail="at n - k = 2 the modified 2_< = 1 differs; Table 1's own row 'n = 4, k = 2' covers it")


# ---- the quadruples of the last cases of the proof ------------------------------------------------------------
@register.claim(
    "cushing.thm2.1.proof.quadruples",
    "Proof of Theorem 2.1, last cases: for n = 8n' + 1, (n_< - 1)_< = 2n' - 1, (n_> + 1)_< = 2n', (n_<)_< = "
    "(n_>)_< = 2n' and [n_<< : n_<> : n_>< : n_>>] = [2n' : 2n' : 2n' : 2n' + 1], [(n_< - 1)_< : (n_< - 1)_> : "
    "(n_> + 1)_< : (n_> + 1)_>] = [2n' - 1 : 2n' : 2n' : 2n' + 2]; for n = 8n' + 5, [n_<< : n_<> : n_>< : n_>>] "
    "= [2n' : 2n' + 2 : 2n' + 1 : 2n' + 2] and [(n_< - 1)_< : (n_< - 1)_> : (n_> + 1)_< : (n_> + 1)_>] = "
    "[2n' : 2n' + 1 : 2n' + 2 : 2n' + 2] (the same four numbers); for n = 3 mod 4, n_< + 1 = n_>.",
    _PROOF)
def _quadruples(N):
    top = max(N, 10 ** 5)
    rng = random.Random(21)
    values = list(range(9, top + 1)) + [rng.randint(9, 10 ** 30) for _ in range(2000)]
    for n in values:
        a, b = n_less(n), n_greater(n)
        q, r = divmod(n, 8)
        ok = True
        if r == 1:
            ok = ((n_less(a - 1), n_less(b + 1), n_less(a), n_less(b)) == (2 * q - 1, 2 * q, 2 * q, 2 * q)
                  and (n_less(a), n_greater(a), n_less(b), n_greater(b)) == (2 * q, 2 * q, 2 * q, 2 * q + 1)
                  and (n_less(a - 1), n_greater(a - 1), n_less(b + 1), n_greater(b + 1))
                  == (2 * q - 1, 2 * q, 2 * q, 2 * q + 2))
        elif r == 5:
            four = (n_less(a), n_greater(a), n_less(b), n_greater(b))
            other = (n_less(a - 1), n_greater(a - 1), n_less(b + 1), n_greater(b + 1))
            ok = (four == (2 * q, 2 * q + 2, 2 * q + 1, 2 * q + 2) and other == (2 * q, 2 * q + 1, 2 * q + 2, 2 * q + 2)
                  and sorted(four) == sorted(other))
        if n % 4 == 3:
            ok = ok and a + 1 == b
        if not ok:
            return Check(False, f"9 <= n <= {top} and 2000 random n < 10^30", f"n = {n}")
    return Check(True, f"9 <= n <= {top} and 2000 random n < 10^30")


# ---- deliberately not checked ------------------------------------------------------------------------------
register.left_out("Cushing et al., Lemma 2.4", "P(m~, [a : b : c : d]) does not depend on the order of a, b, c, d",
                  "a statement about notation (a weighted average does not depend on the order of its terms); no "
                  "computation can contradict it")
register.left_out("Cushing et al., Remark 2.2 (i)", "no upper bounds on n and m: the game is solved at every size",
                  "restates the range of Theorem 2.1, which cushing.thm2.1 checks up to N and gw.P follows at any size")
register.left_out("Cushing et al., section 2, before Lemma 2.3", "the decision of a player who makes decision l "
                  "independently of ours leaves us at ([k : n-k], [l : m-l])",
                  "a definition of notation (the mixed states used in displays (4) and (5), which are checked)")
register.left_out(
    "Cushing et al., section 3", "nothing is gained by paradox questions whose sets X and Y overlap",
    "an argument about what a question means in words; the exact solver takes every split of the suspects "
    "into two or three groups, which is what the argument reduces the questions to")
