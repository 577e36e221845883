"""Exact P(n, m) for any board size (guesswho_lib.game.any_size): agreement with the solver, exactness, huge boards."""

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

import guesswho_lib as gw
from guesswho_lib.game.any_size import P, TABLE_SIZE, equal_pools, proven_strategy
from guesswho_lib.game.proven import optimal_strategy_for
from guesswho_lib.game.solver import cached_solution

BIG = 10**18


def _agrees_with_table(rules, N, table_size):
    t = gw.solve(N, rules)
    bad = [(n, m) for n in range(1, N + 1) for m in range(1, N + 1)
           if not (gw.RULES[rules].one_left_wins and n == m == 1) and P(n, m, rules, table_size=table_size) != t.P(n, m)]
    assert bad == []


# ---- official rules (Cushing et al., Theorem 2.1) ----------------------------------------------------------
def test_official_agrees_with_table_above_a_small_threshold():
    _agrees_with_table("official", 200, table_size=16)


def test_official_strategy_alone_agrees_with_table():
    _agrees_with_table("official", 120, table_size=0)


@given(n=st.integers(1, TABLE_SIZE), m=st.integers(1, TABLE_SIZE), threshold=st.integers(0, 40))
def test_official_random_states_up_to_table_size(n, m, threshold):
    assert P(n, m, table_size=threshold) == cached_solution("official", TABLE_SIZE).P(n, m) == P(n, m)


@given(n=st.integers(1, 10**40), m=st.integers(1, 10**40))
def test_exact_fraction_with_denominator_dividing_nm(n, m):
    p = P(n, m)
    assert isinstance(p, Fraction) and 0 <= p <= 1
    assert (n * m) % p.denominator == 0          # n*m*P(n, m) is an integer
    if max(n, m) > 40:                           # table and strategy agree on the small states below
        assert p == P(n, m, table_size=0)


def test_huge_boards():
    p = P(BIG, BIG)
    assert isinstance(p, Fraction) and Fraction(1, 2) < p < 1
    assert P(BIG, 4) == Fraction(4, BIG)                  # Cushing et al., equation (6)
    assert P(BIG + 7, 4) == Fraction(4, BIG + 7)
    assert P(BIG, 1) == Fraction(1, BIG) and P(1, BIG) == 1
    assert P(2, BIG) == Fraction(BIG - 1, BIG)            # section 2: P(2, m) = (m-1)/m
    assert P(10**100, 10**100) == P(10**100, 10**100, table_size=0)


def test_equal_pools():
    vals = equal_pools([4, 2**20, 3**30])
    assert list(vals) == [4, 2**20, 3**30] and vals[4] == Fraction(9, 16)
    assert vals[2**20] == P(2**20, 2**20)


# ---- the other rule sets -----------------------------------------------------------------------------------
def _strategy_or_skip(rules):
    assert optimal_strategy_for(rules) is not None


def test_tripartite_agrees_with_table():
    _strategy_or_skip("tripartite")
    _agrees_with_table("tripartite", 90, table_size=10)
    p = P(BIG, BIG, "tripartite")
    assert isinstance(p, Fraction) and 0 < p < 1 and (BIG * BIG) % p.denominator == 0


def test_nica_agrees_with_table():
    _strategy_or_skip("nica")
    _agrees_with_table("nica", 120, table_size=10)
    p = P(BIG, BIG, "nica")
    assert isinstance(p, Fraction) and 0 < p < 1


@settings(max_examples=15)
@given(n=st.integers(2, 10**30), m=st.integers(2, 10**30))
def test_nica_agrees_with_closed_form(n, m):
    _strategy_or_skip("nica")
    nica = pytest.importorskip("guesswho_lib.papers.nica")
    if not hasattr(nica, "p_star"):
        pytest.skip("guesswho_lib.papers.nica.p_star is not written yet")
    assert P(n, m, "nica") == nica.p_star(n, m)      # Nica, Theorem 1.1, two independent routes


def test_official_doubling_invariance_observed():
    """An observation (not a printed claim): under the official rules P(2n, 2m) = P(n, m) for even n, m >= 4,
    so P(N, N) along N = c * 2^k is constant: 9/16 for c = 1, 5/9 for c = 3."""
    assert all(P(2 * n, 2 * m) == P(n, m) for n in range(4, 81, 2) for m in range(4, 81, 2))
    for N in (10**18, 2 * 3**30 + 2, 4 * 7**20):
        assert P(2 * N, 2 * N) == P(N, N)
    assert {P(2**k, 2**k) for k in (2, 3, 10, 60)} == {Fraction(9, 16)}
    assert {P(3 * 2**k, 3 * 2**k) for k in (0, 1, 10, 60)} == {Fraction(5, 9)}
    assert P(7, 7) != P(14, 14)                     # odd N: not always


def test_merciful_reads_the_table_only():
    assert P(30, 30, "merciful") == gw.solve(30, "merciful").P(30, 30)
    with pytest.raises(ValueError, match=rf"no strategy is known.*'merciful'.*table_size = {TABLE_SIZE}.*16384"):
        P(TABLE_SIZE + 1, 3, "merciful")
    with pytest.raises(ValueError, match="no strategy is known"):
        proven_strategy("merciful")


# ---- bad input -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("args, kwargs, exc, text", [
    ((1.5, 2), {}, TypeError, "n must be an integer"),
    ((True, 2), {}, TypeError, "n must be an integer"),
    ((3, "4"), {}, TypeError, "m must be an integer"),
    ((0, 3), {}, ValueError, "n must be at least 1"),
    ((3, -2), {}, ValueError, "m must be at least 1"),
    ((3, 3, "chess"), {}, ValueError, "unknown rules 'chess'"),
    ((3, 3, 7), {}, TypeError, "rules must be"),
    ((1, 1, "nica"), {}, ValueError, "cannot occur"),
    ((3, 3), {"table_size": -1}, ValueError, "table_size must be between 0 and 16384"),
    ((3, 3), {"table_size": 2.0}, TypeError, "table_size must be an integer"),
])
def test_bad_input(args, kwargs, exc, text):
    with pytest.raises(exc, match=text):
        P(*args, **kwargs)
