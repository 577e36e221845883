"""Cushing et al., section 2: the strategy of Theorem 2.1, n_< and n_>, Table 1, A004524 and the claims."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, strategies as st

import guesswho_lib as gw
from guesswho_lib.papers import cushing as cu
from guesswho_lib.claims.statements.cushing import A004524_OEIS_DATA, a004524_from_generating_function
from guesswho_lib.claims.registry import all_claims
from guesswho_lib.rules import normalise_move
from guesswho_lib.papers.cushing import (EXCEPTIONS, TABLE_1, TABLE_1_CORRECTED, a004524, cushing, decision, n_greater,
                                  n_less, table1)

HUGE = st.integers(min_value=4, max_value=10**40)


# ---- the registered claims -------------------------------------------------------------------------
CUSHING_CLAIMS = [c for c in all_claims() if c.id.startswith("cushing.")]


def test_expected_claims_are_registered():
    ids = {c.id for c in CUSHING_CLAIMS}
    for needed in ("cushing.thm2.1", "cushing.rem2.2.ii", "cushing.table1", "cushing.A004524", "cushing.eq6",
                   "cushing.classroom", "cushing.exceptions", "cushing.lem2.5", "cushing.lem2.6.i"):
        assert needed in ids
    for c in CUSHING_CLAIMS:  # every printed claim that fails has a corrected version
        if c.version == "printed" and not c.expect_ok:
            assert c.note, c.id
            assert any(x.corrects == c.id and x.expect_ok for x in CUSHING_CLAIMS), c.id


@pytest.mark.parametrize("c", CUSHING_CLAIMS, ids=lambda c: c.id)
def test_claim_outcome_at_small_N(c):
    chk = c.check(60)
    assert chk.ok == c.expect_ok, (c.id, chk)
    if not chk.ok:
        assert chk.counterexample


def test_printed_failures_name_the_right_counterexamples():
    by_id = {c.id: c for c in CUSHING_CLAIMS}
    assert by_id["cushing.rem2.2.ii"].check(60).counterexample.startswith("n = 2:")
    assert by_id["cushing.table1"].check(60).counterexample.startswith("(n, k) = (6, 2)")
    assert by_id["cushing.stmt3"].check(60).counterexample.startswith("(n, m) = (4, 2), k = 1: P([1 : 3], 2) = 5/8")
    assert by_id["cushing.lem2.6.iii.k8"].check(60).counterexample.startswith("(k, n) = (8, 16)")


# ---- the strategy is optimal ---------------------------------------------------------------------------
def test_cushing_is_optimal_by_exact_evaluation():
    N = 36
    t = gw.solve(N)
    for n in range(1, N + 1):
        for m in range(1, N + 1):
            assert gw.evaluate(cushing, cushing, n, m) == t.P(n, m), (n, m)


def test_cushing_move_value_equals_P_up_to_300():
    N = 300
    A = gw.solve(N).A.astype(np.int64)
    moves = {(n, m): cushing(n, m) for n in range(1, N + 1) for m in range(1, N + 1)}
    n = np.array([s[0] for s in moves])
    m = np.array([s[1] for s in moves])
    k = np.array([0 if mv is gw.GUESS else mv[0] for mv in moves.values()])
    guess = k == 0
    value = np.where(guess, m, n * m - A[m, k] - A[m, np.where(guess, 0, n - k)])  # n*m times the move's value
    assert np.array_equal(value, A[n, m])


def test_exceptions_and_small_cases():
    t = gw.solve(12)
    assert cushing(4, 4) == (1, 3) and t.value(4, 4, (2, 2)) == Fraction(1, 2) < t.P(4, 4) == Fraction(9, 16)
    for (n, m), k in EXCEPTIONS.items():
        assert cushing(n, m) == (k, n - k)
        assert (n_less(n), n_greater(n)) not in t.optimal_moves(n, m)
        assert cushing(n, m) in t.optimal_moves(n, m)
    assert cushing(1, 10**30) is gw.GUESS and cushing(10**30, 1) is gw.GUESS
    assert cushing(2, 5) == (1, 1) and decision(2, 2) == 1


@given(n=st.integers(min_value=2, max_value=10**40), m=st.integers(min_value=2, max_value=10**40))
def test_cushing_moves_are_legal_splits_for_huge_boards(n, m):
    move = cushing(n, m)
    assert move == normalise_move(move, n, gw.RULES["official"])
    assert move[0] == decision(n, m)


# ---- n_<, n_>, Table 1, A004524 ------------------------------------------------------------------------------
@given(n=st.integers(min_value=2, max_value=10**40))
def test_n_less_plus_n_greater_is_n(n):
    a, b = n_less(n), n_greater(n)
    assert a + b == n and 1 <= a <= b and b - a <= 2


def test_printed_n_greater_at_2_breaks_the_sum():
    assert n_less(2) == 1 and cu.n_greater_as_printed(2) == 2  # as printed: 1 + 2 = 3
    assert all(cu.n_less_as_printed(n) + cu.n_greater_as_printed(n) == n for n in range(1, 2000))


@given(n=HUGE, data=st.data())
def test_table1_corrected_on_huge_boards(n, data):
    k = data.draw(st.one_of(st.integers(2, 50), st.integers(2, n // 2)).filter(lambda k: k <= n // 2))
    assert table1(n, k) == (n_less(n - k), n_greater(n - k))
    printed = table1(n, k, table=TABLE_1)
    if k == 2 and n % 4 == 2:
        assert printed != table1(n, k)  # the one wrong printed row
    else:
        assert printed == table1(n, k)


def test_table1_rows_are_the_printed_ones():
    assert len(TABLE_1) == 9 and len(TABLE_1_CORRECTED) == 10
    assert [(r.n_printed, r.k_printed) for r in TABLE_1[:6]] == [("0", "any"), ("1", "0, 1"), ("1", "2, 3"),
                                                                   ("2", "any"), ("3", "0, 1"), ("3", "2, 3")]
    assert cu.table1_row(4, 2).n_printed == "4"


def test_a004524_three_ways():
    gf = a004524_from_generating_function(2000)
    assert tuple(gf[:len(A004524_OEIS_DATA)]) == A004524_OEIS_DATA
    assert [a004524(i) for i in range(2000)] == gf
    assert [n_less(n) for n in range(3, 2000)] == gf[3:]   # offset 0: a(n) = n_< for n >= 3
    assert n_less(2) == 1 != a004524(2)


@given(n=HUGE)
def test_a004524_huge(n):
    assert a004524(n) == n_less(n) and a004524(n + 4) == a004524(n) + 2


# ---- bad input -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("call, exc, text", [
    (lambda: n_less(1), ValueError, "n must be at least 2"),
    (lambda: n_greater(0), ValueError, "n must be at least 2"),
    (lambda: n_less(True), TypeError, "n must be an integer"),
    (lambda: n_less(4.0), TypeError, "n must be an integer"),
    (lambda: cushing(0, 3), ValueError, "n must be at least 1"),
    (lambda: cushing(3, -1), ValueError, "m must be at least 1"),
    (lambda: cushing("4", 4), TypeError, "n must be an integer"),
    (lambda: table1(3, 2), ValueError, "n must be at least 4"),
    (lambda: table1(10, 6), ValueError, "k must be between 2 and 5"),
    (lambda: table1(10, 1), ValueError, "k must be between 2 and 5"),
    (lambda: a004524(-1), ValueError, "i must be at least 0"),
])
def test_bad_input(call, exc, text):
    with pytest.raises(exc, match=text):
        call()
