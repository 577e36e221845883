"""Tests of the claims of Cushing et al., Appendix A, Lemma A.6 to Proposition A.20 (guesswho_lib.claims.statements
.tripartite_lemmas and .tripartite_proofs) and of their checks (guesswho_lib.claims.tripartite_checks)."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guesswho_lib.claims.exact_tables import A_table
from guesswho_lib.claims.registry import all_claims
from guesswho_lib.claims.tripartite_checks import (
    B_grid,
    G_table,
    best_three_split,
    check_B,
    check_formulas,
    check_move,
    check_window,
    fixed_window,
    k_values,
)
from guesswho_lib.papers.tripartite import B_printed, phi

N_SMALL = 100          # covers k = 4 (3^4 = 81)
LEMMA_MODULES = ("guesswho_lib.claims.statements.tripartite_lemmas", "guesswho_lib.claims.statements.tripartite_proofs")
LEMMA_CLAIMS = [c for c in all_claims() if c.module in LEMMA_MODULES]
BY_ID = {c.id: c for c in LEMMA_CLAIMS}


@pytest.fixture(scope="module")
def A():
    return A_table("tripartite", N_SMALL)


def test_every_statement_is_registered():
    expected = ({f"tripartite.lemA6.{i}" for i in range(1, 6)}
                | {"tripartite.lemA7", "tripartite.lemA8", "tripartite.lemA9", "tripartite.lemA10.1",
                   "tripartite.lemA10.2", "tripartite.propA11", "tripartite.lemA13.1", "tripartite.lemA13.2",
                   "tripartite.propA14", "tripartite.lemA16", "tripartite.propA17", "tripartite.propA19",
                   "tripartite.propA19.display", "tripartite.propA20", "tripartite.lemA6.proof",
                   "tripartite.lemA9.proof", "tripartite.propA11.proof", "tripartite.lemA13.proof",
                   "tripartite.lemA13.proof.monotone"}
                | {f"tripartite.lemA12.{i}" for i in range(1, 5)}
                | {f"tripartite.lemA15.{i}" for i in range(1, 5)}
                | {f"tripartite.lemA18.{i}" for i in range(1, 5)})
    assert expected <= set(BY_ID)
    for c in LEMMA_CLAIMS:
        assert c.tripartite and c.source.startswith("Cushing et al., Appendix A")
        if c.version == "corrected":
            printed = BY_ID[c.corrects]
            assert not printed.expect_ok and c.note and printed.note
        if not c.expect_ok:
            assert c.version == "printed" and c.note
            assert c.id + ".corrected" in BY_ID      # every failing printed claim has its correction


@pytest.mark.parametrize("c", LEMMA_CLAIMS, ids=lambda c: c.id)
def test_claim_outcome_at_small_N(c):
    chk = c.check(N_SMALL)
    assert chk.ok == c.expect_ok, (c.id, chk)
    assert chk.checked
    if chk.ok:
        assert not chk.counterexample
    else:
        assert chk.counterexample.startswith("k = 4,")


@pytest.mark.parametrize("cid, where", [
    ("tripartite.lemA6.2", "(m, x) = (13, 3): G = 10"),
    ("tripartite.lemA15.4", "(m, x) = (72, 26)"),
    ("tripartite.propA19.display", "(n, m) = (46, 54)"),
    ("tripartite.lemA13.proof", "(m, x) = (29, 12)"),
    ("tripartite.lemA13.proof.monotone", "(m, x, y) = (29, 1, 2)"),
])
def test_first_counterexample_does_not_depend_on_N(cid, where):
    small, large = BY_ID[cid].check(N_SMALL), BY_ID[cid].check(243)
    assert not small.ok and not large.ok
    assert where in small.counterexample
    assert small.counterexample == large.counterexample
    assert "k = 4..5" in large.checked


def test_the_corrected_values_are_the_lemmas_own_general_formula(A):
    """Lemma A.15 (iv): the general formula x 3^(k-1) + 2*3^(k-2)[x/2] + 3^(k-2) - 3^(2k-3) at x = 26, 27 (k = 4)."""
    general = lambda x: x * 27 + 2 * 9 * (x // 2) + 9 - 3 ** 5
    for m in range(72, 82):
        assert A[m, 26] == general(26) == 3 ** 6 - 27
        assert A[m, 27] == general(27) == 3 ** 6
    # Lemma A.6 (ii): the end point x = 3^(k-3) breaks the bound, x < 3^(k-3) does not
    G = G_table(A)
    assert G[13, 3] == 10 and 10 > 3 ** 2 and max(int(G[m, x]) for m in range(10, 28) for x in (1, 2)) <= 9


def test_k_values():
    assert k_values(1) == [] and k_values(80) == [] and k_values(81) == [4] and k_values(242) == [4]
    assert k_values(243) == [4, 5] and k_values(2187) == [4, 5, 6, 7]


# ---- negative controls: the cores of the checks do fail on a perturbed table ---------------------------
def _perturbed(A, n, m, by=1):
    B = A.copy()
    B[n, m] += by
    return B


def test_B_check_fails_on_a_perturbed_table(A):
    region = lambda k: (3 ** (k - 1) + 2, 3 ** k, 3 ** (k - 2) + 2, 3 ** (k - 1))
    assert check_B(A, N_SMALL, region).ok
    chk = check_B(_perturbed(A, 50, 20), N_SMALL, region)
    assert not chk.ok and "(n, m) = (50, 20)" in chk.counterexample


def test_window_check_fails_on_a_perturbed_table(A):
    n_range, m_range = (lambda k: (3 ** (k - 1) + 1, 3 ** k)), (lambda k: (3 ** (k - 2) + 2, 3 ** (k - 1)))
    window = fixed_window(lambda k: 3 ** (k - 2))                       # Lemma A.8
    assert check_window(A, N_SMALL, n_range, m_range, window).ok
    # raise the optimum at (60, 20): no split can reach it any more
    chk = check_window(_perturbed(A, 60, 20), N_SMALL, n_range, m_range, window)
    assert not chk.ok and "(n, m) = (60, 20)" in chk.counterexample
    # a too narrow window fails on the true table
    assert not check_window(A, N_SMALL, n_range, m_range, fixed_window(lambda k: 3 ** (k - 1) - 1)).ok


def test_move_check_fails_on_a_perturbed_table_and_for_a_bad_move(A):
    region = lambda k: (28, 45, 36, N_SMALL)
    move = lambda n, m, k: (9, 9, n - 18)
    assert check_move(A, N_SMALL, region, move).ok
    chk = check_move(_perturbed(A, 40, 50), N_SMALL, region, move)
    assert not chk.ok and "(n, m) = (40, 50)" in chk.counterexample
    chk = check_move(A, N_SMALL, region, lambda n, m, k: (9, 9, n - 19))
    assert not chk.ok and "not a split" in chk.counterexample


def test_formula_check_fails_on_a_perturbed_table(A):
    items = [(" [iv]", lambda k: (28, 36, 2 * 9 + 3, 27), lambda m, x, k: x * 27 + 9 * (m - 54))]  # Lemma A.12 (iv)
    assert check_formulas(A, N_SMALL, items).ok
    chk = check_formulas(_perturbed(A, 30, 22, -1), N_SMALL, items)
    assert not chk.ok and "(m, x) = (30, 22) [iv]" in chk.counterexample


# ---- building blocks against brute force -------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(m=st.integers(1, 40), lo=st.integers(1, 12), width=st.integers(0, 15), n=st.integers(3, 45))
def test_best_three_split_is_the_brute_force_minimum(m, lo, width, n):
    A = A_table("tripartite", N_SMALL)
    hi = lo + width
    S = best_three_split(A, m, m, 45, lo, hi)
    sums = [int(A[m, x] + A[m, y] + A[m, n - x - y]) for x, y in itertools.product(range(lo, hi + 1), repeat=2)
            if lo <= n - x - y <= hi]
    if sums:
        assert int(S[0, n]) == min(sums)
    else:
        assert int(S[0, n]) >= 1 << 39


@settings(max_examples=60, deadline=None)
@given(n=st.integers(28, 81), m=st.integers(1, 100))
def test_B_grid_is_B_printed(n, m):
    val, cov = B_grid(4, n, n, m, m)
    b = B_printed(n, m)
    if b is None:
        assert not cov[0, 0]
    else:
        assert cov[0, 0] and int(val[0, 0]) == b


def test_G_table_is_the_difference_of_A(A):
    G = G_table(A)
    assert G.shape == (N_SMALL + 1, N_SMALL)
    assert all(G[m, x] == A[m, x + 1] - A[m, x] for m in (5, 40, 99) for x in (1, 7, 98))
    # Lemma A.4: A(n, x) = Phi(x) for x <= 3^(k-2), so G is a difference of Phi there
    assert all(G[50, x] == phi(x + 1) - phi(x) for x in range(1, 8))
    assert np.array_equal(G[2, 2:], np.full(N_SMALL - 2, 2))


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="k"):
        B_grid(3, 10, 27, 1, 5)          # case (ii) is not an integer for k = 3
    with pytest.raises(ValueError, match="N"):
        k_values(0)
    with pytest.raises(TypeError):
        k_values(81.0)
