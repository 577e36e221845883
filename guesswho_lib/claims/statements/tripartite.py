"""The claims of Cushing et al., section 3 and Appendix A (tripartite rules), each checked against the exact solver.

The formulas and the strategy are in :mod:`guesswho_lib.papers.tripartite`; here every printed statement about
the game with paradox questions is registered as a claim (ids ``tripartite.*``): Theorem 3.1 (its table for
n <= 9, its general case as printed and corrected), the Appendix A tables for 10 <= n <= 81, the 25 cases of
B(n, m) and their coverage, Lemmas A.2-A.5 and the description of a question as a triple in section 3.  The
lemmas A.6-A.20 of the appendix follow in :mod:`.tripartite_lemmas` and
:mod:`.tripartite_proofs`.

The checks compare a move's value with the exact table A(n, m) = n*m*P(n, m) on whole intervals of m at once
(:func:`check_rule`), and each B case on whole boxes of the (n, m) plane (:func:`check_case`).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ...rules import GUESS, format_move, get_rules, legal_moves
from ...rules import split_A
from ...papers.tripartite import (B_CASES, B_CASES_CORRECTED, B_TEXT, BCase, ceil_log3, cushing_tripartite,
                                  large_m_threshold, phi, printed_appendix_table, question_triples,
                                  question_triples_as_printed, theorem_3_1_printed, theorem_3_1_small, thirds,
                                  thirds_as_printed)
from ..exact_tables import A_table
from ..registry import BOUNDARY_SLIP, WRONG_RANGE, WRONG_STATEMENT, Check, Register

register = Register(__name__)

__all__ = ["check_rule", "check_case"]


def _intervals(n: int, N: int, m_min: int = 1) -> list[tuple[int, int]]:
    """The m-intervals (inclusive, within m_min..N) on which Theorem 3.1's move at n is constant."""
    bs = [1, 2, 5, 8] if n <= 9 else [1, 2, large_m_threshold(n)]
    bs = sorted({max(b, m_min) for b in bs if b <= N}) + [N + 1]
    return [(lo, hi - 1) for lo, hi in zip(bs, bs[1:]) if lo < hi]


def _large_m_intervals(n: int, N: int) -> list[tuple[int, int]]:
    thr = large_m_threshold(n)
    return [(thr, N)] if thr <= N else []


def _small_m_intervals(n: int, N: int) -> list[tuple[int, int]]:
    return [(2, min(large_m_threshold(n) - 1, N))] if N >= 2 else []


def check_rule(rule, N: int, n_values, intervals=_intervals, A=None) -> Check:
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
                return Check(False, "", f"(n, m) = ({n}, {lo}): {format_move(mv, 'python')} is not a split of {n} "
                                        f"(its parts add up to {sum(mv)})")
            ms = np.arange(lo, hi + 1)
            got = ms if mv is GUESS else split_A(A, n, ms, mv)       # a guess is worth A = m
            bad = np.nonzero(got != A[n, ms])[0]
            if len(bad):
                m = int(ms[bad[0]])
                return Check(False, "", f"(n, m) = ({n}, {m}): {format_move(mv, 'python')} wins with probability "
                                        f"{Fraction(int(got[bad[0]]), n * m)}, the optimum is "
                                        f"{Fraction(int(A[n, m]), n * m)}")
    return Check(True, "")


def _table(N: int) -> np.ndarray:
    """A(n, m) = n*m*P(n, m) under the tripartite rules, as int64, indices 0..N."""
    return A_table("tripartite", N)


def _with_range(chk: Check, checked: str) -> Check:
    return Check(chk.ok, checked, chk.counterexample, chk.detail)


_THM = "Cushing et al., section 3, Theorem 3.1"


@register.claim("tripartite.thm31.small",
                "Theorem 3.1 for n <= 9: the printed table S(n, m) gives an optimal move at every (n, m), n <= 9.",
                _THM, tripartite=True)
def _claim_thm31_small(N):
    return _with_range(check_rule(theorem_3_1_small, N, range(1, 10)), f"1 <= n <= 9, 1 <= m <= {N}")


def _thirds_check(thirds_rule):
    """The check of the thirds (n_<, n_o, n_>) of Theorem 3.1 for n >= 10 and 2 <= m < 3^k + 3^(k-1)."""
    def check(N):
        return _with_range(check_rule(lambda n, m: thirds_rule(n), N, range(10, N + 1), _small_m_intervals),
                           f"10 <= n <= {N}, 2 <= m < 3^k + 3^(k-1), m <= {N}")
    return check


register.claim_and_correction(
    "tripartite.thm31.thirds", _THM,
    "The printed sums run over i < 3^k, 3^k <= i < 2*3^k, 2*3^k <= i < 3^(k+1): 3^k terms each, so "
    "by Hermite's identity n_< + n_o + n_> = 9n + 4*3^(k+1), never n (at n = 10 they give (39, 66, 93)). "
    "Each block must have 3^(k-2) terms (3^(k-1) near-equal pieces in three consecutive blocks); this "
    "reproduces the Appendix A tables (m <= 11, m <= 35).",
    ("Theorem 3.1: for n >= 10 and 2 <= m < 3^k + 3^(k-1), (n_<, n_o, n_>) as printed is an optimal move.",
     _thirds_check(thirds_as_printed)),
    ("Theorem 3.1 corrected: with n_< = sum_{i=0}^{3^(k-2)-1} floor((n+i)/3^(k-1)), n_o the next 3^(k-2) "
     "terms and n_> the last 3^(k-2) terms (i < 3^(k-1)), (n_<, n_o, n_>) is a split of n and optimal for "
     "2 <= m < 3^k + 3^(k-1).", _thirds_check(thirds)),
    tripartite=True, severity=WRONG_STATEMENT)


def _large_m_check(rule):
    """The check of Theorem 3.1's moves for n >= 10 and m >= 3^k + 3^(k-1)."""
    def check(N):
        return _with_range(check_rule(rule, N, range(10, N + 1), _large_m_intervals),
                           f"10 <= n <= {N}, 3^k + 3^(k-1) <= m <= {N}")
    return check


register.claim_and_correction(
    "tripartite.thm31.large_m", _THM,
    "The case with the move (3^(k-1), 3^(k-1)+2, 3^k-1) is printed for 'n = 3^k + 2*3^k + 1' = 3^(k+1) + 1, "
    "which never happens when "
    "k = floor(log_3 n); the neighbouring cases stop at n <= 3^k + 2*3^(k-1) and start at "
    "n > 3^k + 2*3^(k-1) + 1, so n = 3^k + 2*3^(k-1) + 1 (16, 46, 136, 406, ...) gets no move. "
    "The intended condition is n = 3^k + 2*3^(k-1) + 1; the Appendix A tables print exactly "
    "that move there: (3, 5, 8) at n = 16 and (9, 11, 26) at n = 46.",
    ("Theorem 3.1: for n >= 10 and m >= 3^k + 3^(k-1), the printed cases define an optimal move: "
     "(3^(k-1), 3^(k-1), n-2*3^(k-1)); (3^(k-1), 3^(k-1)+2, 3^k-1) for n = 3^k+2*3^k+1; "
     "(3^(k-1), n-3^k-3^(k-1), 3^k); (3^(k-1)+2, 3^k-1, 3^k) for n = 3^(k-1)+2*3^k+1; (n-2*3^k, 3^k, 3^k).",
     _large_m_check(theorem_3_1_printed)),
    ("Theorem 3.1 corrected: for m >= 3^k + 3^(k-1) the move (3^(k-1), 3^(k-1)+2, 3^k-1) belongs to "
     "n = 3^k + 2*3^(k-1) + 1; with this every n >= 10 gets an optimal move.", _large_m_check(cushing_tripartite)),
    tripartite=True, severity=WRONG_RANGE)


def _claim_thm31_printed(N):
    def intervals(n, N):
        return _intervals(n, N, 1 if n <= 9 else 2)  # the general statement is for m >= 2
    return _with_range(check_rule(theorem_3_1_printed, N, range(1, N + 1), intervals),
                       f"1 <= n, m <= {N} (m >= 2 when n >= 10)")


register.claim_and_correction(
    "tripartite.thm31", _THM,
    "The general case (n >= 10) fails in two places: the sums defining n_<, n_o, n_> have 3^k terms instead "
    "of 3^(k-2) (so the parts add up to about 9n and are no split of n, no legal move, at any state with few "
    "opponent suspects: tripartite.thm31.thirds), and the large-m move (3^(k-1), 3^(k-1)+2, 3^k-1) is printed for "
    "n = 3^k + 2*3^k + 1 instead of n = 3^k + 2*3^(k-1) + 1 (so at n = 16, 46, 136, 406 no printed case applies "
    "at some m: "
    "tripartite.thm31.large_m). The general case also leaves out m = 1, where guessing is optimal. The n <= 9 "
    "table is right.",
    ("Theorem 3.1 as printed: S(n, m) (the table for n <= 9; n_<, n_o, n_> and the five large-m cases "
     "for n >= 10, m >= 2) is an optimal move at every board state.", _claim_thm31_printed),
    ("Theorem 3.1 corrected (cushing_tripartite): the n <= 9 table; for n >= 10 a guess when m = 1, the "
     "3-adic thirds for m < 3^k + 3^(k-1), and the large-m cases with n = 3^k + 2*3^(k-1) + 1 in the third "
     "case; this is an optimal move at every board state.",
     lambda N: _with_range(check_rule(cushing_tripartite, N, range(1, N + 1)), f"1 <= n, m <= {N}")),
    tripartite=True, severity=WRONG_STATEMENT)


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
            return Check(False, "", f"our copy's row labelled n = {n} ({r.m_range}) reads {r.move}, whose parts "
                                    f"add up to {sum(r.move)}")
        ms = np.arange(lo, hi + 1)
        got = split_A(A, n, ms, r.move)
        bad = np.nonzero(got != A[n, ms])[0]
        if len(bad):
            m = int(ms[bad[0]])
            return Check(False, "", f"(n, m) = ({n}, {m}): {r.move} wins with {Fraction(int(got[bad[0]]), n * m)}, "
                                    f"optimum {Fraction(int(A[n, m]), n * m)}")
    return Check(True, "")


register.claim_and_correction(
    "tripartite.appendix.tables", _APP,
    "Our copy of the paper (a text conversion) reads the row label 61 twice in the table for 28 <= n <= 81, in "
    "both halves, where the position of the row implies 62 (m <= 35: (20, 21, 21); m >= 36: (9, 26, 27)); we do "
    "not assert what the published paper prints. The solver shows that both moves add up to 62 and are optimal "
    "at n = 62 over their whole ranges, and that every other cell is an optimal move over its whole range (m >= 2; "
    "at m = 1 only a guess is optimal, as Theorem 3.1 says).",
    ("The Appendix A tables, as our copy reads them: for each row n (10 <= n <= 81) the move is an optimal move "
     "at (n, m) for every m in its range (m <= 11 / m >= 12; m <= 35 / m >= 36).",
     lambda N: _check_appendix(N, use_position=False)),
    ("The Appendix A tables with the row labels implied by their positions (the second label 61 of our copy "
     "read as 62): every move is optimal for every m (2 <= m) in its range.",
     lambda N: _check_appendix(N, use_position=True)),
    tripartite=True, severity=WRONG_RANGE)


def _k_values(N: int):
    """The k >= 3 for which some n with 3^(k-1) < n <= 3^k is at most N."""
    k = 3
    while 3 ** (k - 1) + 1 <= N:
        yield k
        k += 1


def check_case(case: BCase, N: int, A=None) -> Check:
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


_B_SRC = "Cushing et al., Appendix A, formulas B(n, m)"


def _B_check(case: BCase):
    """The check of one case of B: B(n, m) = A(n, m) on each of its boxes, for every k >= 3 with n, m <= N."""
    def check(N):
        return _with_range(check_case(case, N), _case_range(case, N))
    return check


def _B_statement(numeral: str) -> str:
    return f"Appendix A, case ({numeral}), k >= 3: A(n, m) = B(n, m) where {B_TEXT[numeral]} ([x] = floor(x))."


#: The cases printed wrong: numeral -> (what is wrong, the corrected statement).
_B_ERRATA = {
    "ii": ("The four printed formulas for m = 1 + 3^(k-2) are wrong on all four n-ranges: at (n, m) = "
           "(10, 4) the first gives 36 but A(10, 4) = 16, and for k = 3 the second and third are not even "
           "integers (they contain 3^(k-4)). They resemble case (iii) moved down one power of 3, not a "
           "single typo. Exact values: n + 3^(k-2)(3^(k-2) - 1) for n <= 2*3^(k-1) (this is the printed "
           "fourth formula, on the wrong range), and the constant 3^(k-2)(3^(k-2) + 5) = Phi(1 + 3^(k-2)) "
           "for n >= 2*3^(k-1), just as Lemma A.4 has A(n, m) = Phi(m) for smaller m.",
           "Appendix A, case (ii) corrected: for m = 1 + 3^(k-2), B(n, m) = n + 3^(k-2)(3^(k-2) - 1) if "
           "1 + 3^(k-1) <= n <= 2*3^(k-1), and 3^(k-2)(3^(k-2) + 5) = Phi(m) if 2*3^(k-1) <= n <= 3^k; "
           "then A(n, m) = B(n, m)."),
}

for _case, _fixed in zip(B_CASES, B_CASES_CORRECTED):
    if _case.numeral in _B_ERRATA:
        _note, _statement = _B_ERRATA[_case.numeral]
        register.claim_and_correction(f"tripartite.B.{_case.numeral}", _B_SRC, _note,
                                      (_B_statement(_case.numeral), _B_check(_case)), (_statement, _B_check(_fixed)),
                                      tripartite=True, severity=WRONG_STATEMENT)
    else:
        register.claim(
            f"tripartite.B.{_case.numeral}", _B_statement(_case.numeral), _B_SRC, tripartite=True)(_B_check(_case))


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


def _claim_coverage_corrected(N):
    chk = _check_coverage(B_CASES_CORRECTED, N)
    if chk.ok:
        A = _table(N)
        for case in B_CASES_CORRECTED:
            chk = check_case(case, N, A)
            if not chk.ok:
                break
    return _with_range(chk, f"10 <= n <= {N}, 1 <= m <= {N}")


register.claim_and_correction(
    "tripartite.B.coverage", _B_SRC,
    "Case (xv) is printed for 1 + 3^(k-1) < m, while (xvi)-(xx) start at 1 + 3^(k-1) <= m and (iv)-(ix) "
    "stop at m <= 3^(k-1); so m = 1 + 3^(k-1) with 1 + 3^(k-1) < n <= 3^(k-1) + 3^(k-2) (first gap "
    "(11, 10)) is in no case. The formula of (xv) holds there too.",
    ("Appendix A: the cases (i)-(xxv) define B(n, m) for every n with 3^(k-1) < n <= 3^k (k >= 3) and every m >= 1.",
     lambda N: _with_range(_check_coverage(B_CASES, N), f"10 <= n <= {N}, 1 <= m <= {N}")),
    ("Appendix A corrected: with case (xv) for 1 + 3^(k-1) <= m < 3^(k-1) + 3^(k-2) (not '<' on the left), "
     "the cases cover every (n, m) with n >= 10, and A(n, m) = B(n, m) there (case (ii) corrected).",
     _claim_coverage_corrected),
    tripartite=True, severity=BOUNDARY_SLIP)


_LEM = "Cushing et al., Appendix A"


@register.claim("tripartite.lemmaA2",
                "Lemma A.2: A(1, m) = m; A(n, 1) = 1 for n > 1; A(2, m) = 2m - 2 and A(3, m) = 3m - 3 for m >= 2.",
                _LEM + ", Lemma A.2", tripartite=True)
def _claim_a2(N):
    A = _table(N)
    m = np.arange(1, N + 1)
    tests = [("A(1, m) = m", A[1, 1:], m), ("A(n, 1) = 1", A[2:, 1], np.ones(N - 1, dtype=np.int64)),
             ("A(2, m) = 2m - 2", A[2, 2:], 2 * m[1:] - 2), ("A(3, m) = 3m - 3", A[3, 2:], 3 * m[1:] - 3)]
    failures = [f"{name} fails at index {int(np.nonzero(got != want)[0][0])}"
                for name, got, want in tests if (got != want).any()]
    return Check(not failures, f"1 <= n, m <= {N}", failures[0] if failures else "")


@register.claim("tripartite.lemmaA4",
                "Lemma A.4 (its conclusion): for k >= 4, 3^(k-1) < n <= 3^k and m <= 3^(k-2), A(n, m) = Phi(m).",
                _LEM + ", Lemma A.4", tripartite=True)
def _claim_a4(N):
    ks = [k for k in _k_values(N) if k >= 4]      # every k with some 3^(k-1) < n <= 3^k in the table
    ph = np.array([0] + [phi(m) for m in range(1, N + 1)], dtype=np.int64)
    A = _table(N)
    for k in ks:
        lo, hi, mh = 3 ** (k - 1) + 1, min(3 ** k, N), 3 ** (k - 2)
        bad = np.argwhere(A[lo:hi + 1, 1:mh + 1] != ph[1:mh + 1][None, :])
        if len(bad):
            n, m = int(bad[0][0]) + lo, int(bad[0][1]) + 1
            return Check(False, f"k >= 4, n <= {N}", f"(n, m) = ({n}, {m}): A = {int(A[n, m])}, Phi(m) = {phi(m)}")
    return Check(True, f"k = 4..{ks[-1] if ks else 3}, n <= {N}")


@register.claim("tripartite.lemmaA4.identity",
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


_SEC3 = "Cushing et al., section 3"


def _legal_splits(n: int) -> set:
    return {mv for mv in legal_moves(n, get_rules("tripartite")) if mv is not GUESS}


def _claim_triples_printed(N):
    for n in range(2, min(N, 60) + 1):
        have = {tuple(x for x in t if x) for t in question_triples_as_printed(n)}
        missing = sorted(_legal_splits(n) - have)
        if missing:
            return Check(False, f"2 <= n <= {min(N, 60)}",
                         f"n = {n}: the question {missing[0]} is no such triple ({len(missing)} of "
                         f"{len(_legal_splits(n))} questions missing)")
    return Check(True, f"2 <= n <= {min(N, 60)}")


def _claim_triples_corrected(N):
    for n in range(2, min(N, 60) + 1):
        ts = [tuple(x for x in t if x) for t in question_triples(n)]
        if len(ts) != len(set(ts)) or set(ts) != _legal_splits(n):
            return Check(False, f"2 <= n <= {min(N, 60)}", f"n = {n}")
    return Check(True, f"2 <= n <= {min(N, 60)} (against rules.legal_moves)")


register.claim_and_correction(
    "tripartite.sec3.triples", _SEC3,
    "The printed chain 0 <= i <= n/3 <= j <= 2n/3 <= k forces j >= n/3 and k >= 2n/3, so i = n - j - k <= 0: "
    "the only triple it admits is (0, n/3, 2n/3), and only when 3 divides n. It excludes (0, 1, 1) at n = 2 and "
    "(1, 1, 1) at n = 3, the moves Theorem 3.1 itself prescribes, and leaves no question at all when 3 does not "
    "divide n (e.g. n = 4, 10). Sorting the groups, i <= j <= k, is what is meant; then i <= n/3 <= k.",
    ("Section 3: up to relabelling, a paradox question is a triple (i, j, k) with i + j + k = n and "
     "0 <= i <= n/3 <= j <= 2n/3 <= k.", _claim_triples_printed),
    ("Section 3 corrected: up to relabelling, a paradox question is a triple (i, j, k) with i + j + k = n "
     "and 0 <= i <= j <= k (so i <= n/3 <= k); each question appears exactly once.", _claim_triples_corrected),
    tripartite=True, severity=WRONG_RANGE)


@register.claim("tripartite.sec3.i_zero",
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
    return _with_range(check_rule(rule, N, range(3, N + 1)), f"3 <= n <= {N}, 1 <= m <= {N}")


@register.claim("tripartite.lemmaA3",
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


@register.claim("tripartite.lemmaA5",
                "Lemma A.5: for 1 + 3^(k-1) < m <= 3^k, Phi(m) - Phi(m-1) <= 5*3^(k-1).",
                _LEM + ", Lemma A.5", tripartite=True)
def _claim_a5(N):
    # Phi as the exact solver has it (no formula): A(m, x) = m x - Phi(m)/3 for x >= 3^l >= m (Lemma A.4's proof),
    # so Phi(m) = 3 (m 3^l - A(m, 3^l)) with 3^(l-1) < m <= 3^l; the inequality is checked on these values, and the
    # printed formula Phi must give the same numbers
    A = _table(N)
    top = max([m for m in range(2, N + 1) if 3 ** ceil_log3(m) <= N], default=1)
    solver_phi = [0, 1] + [3 * (m * 3 ** ceil_log3(m) - int(A[m, 3 ** ceil_log3(m)])) for m in range(2, top + 1)]
    for m in range(2, top + 1):
        if solver_phi[m] != phi(m):
            return Check(False, f"3 <= m <= {top}", f"m = {m}: the solver's Phi(m) = {solver_phi[m]}, the printed "
                                                     f"formula gives {phi(m)}")
    for m in range(3, top + 1):
        k = ceil_log3(m)
        if m > 1 + 3 ** (k - 1) and solver_phi[m] - solver_phi[m - 1] > 5 * 3 ** (k - 1):
            step = solver_phi[m] - solver_phi[m - 1]
            return Check(False, f"3 <= m <= {top}", f"m = {m}: Phi(m) - Phi(m-1) = {step}")
    return Check(True, f"3 <= m <= {top} (Phi(m) = 3 (m 3^l - A(m, 3^l)) from the exact solver, = the printed Phi)")
