"""Exact P(n, m) for any board size (guesswho_lib.game.any_size), each value checked against an INDEPENDENT route:

* a larger exact table: gw.P with a small table_size against gw.solve(N) at every state up to a few hundred, and
  gw.P with its default table against gw.solve(1300) at every n between the table's edge (1024) and 1300, for a
  spread of m covering every residue class of n (an off-by-one for one residue class above the table fails here);
* a second formula: Nica's closed form p* against the walk of his strategy (rules "nica"), and the corrected
  Appendix A formulas B(n, m) of Cushing et al. against the walk of the corrected Theorem 3.1 (rules "tripartite",
  random states up to 2*10^9);
* for huge official boards: the same value reached through different table sizes, and P(2n, 2m) = P(n, m).

Also: the status of each value (exact / proven / verified / conjecture) and the warning beyond the verified range.
"""

import random
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import guesswho_lib as gw
from guesswho_lib.game.any_size import (P, P_with_status, TABLE_SIZE, WALK_LIMIT, equal_pools, proven_strategy,
                                        self_play_value)
from guesswho_lib.game.proven import (CONJECTURE, EXACT, PROVEN, VERIFIED, VERIFIED_MERCIFUL, VERIFIED_TRIPARTITE,
                                      BeyondVerifiedRangeWarning, optimal_strategy_for)
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.papers.nica import nica_bold, p_star
from guesswho_lib.papers.tripartite import B_corrected

BIG = 10**18
ABOVE = 1300         # the exact table checked against values above gw.P's own table (TABLE_SIZE = 1024)


@pytest.fixture(autouse=True)
def _quiet_conjectures():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", BeyondVerifiedRangeWarning)
        yield


def _agrees_with_table(rules, N, table_size):
    t = gw.solve(N, rules)
    bad = [(n, m) for n in range(1, N + 1) for m in range(1, N + 1)
           if not (gw.RULES[rules].one_left_wins and n == m == 1)
           and P(n, m, rules, table_size=table_size) != t.P(n, m)]
    assert bad == []


# ---- every state up to a few hundred, through the strategy, against the exact table ---------------------------
@pytest.mark.parametrize("rules, N, table_size", [("official", 160, 8), ("official", 100, 0), ("tripartite", 160, 8),
                                                   ("merciful", 160, 8), ("nica", 160, 0)])
def test_small_table_size_agrees_with_the_exact_table_everywhere(rules, N, table_size):
    _agrees_with_table(rules, N, table_size)


# ---- above gw.P's own table: every n from 1025 to 1300, against a larger exact table --------------------------------
def _spread(n):
    """m values that meet every kind of state: the small exceptions, powers of 2 and 3 and their neighbours, n."""
    return sorted({1, 2, 3, 4, 5, 6, 7, 10, 13, 17, 28, 82, 244, 729, 1025, n - 1, n, n + 1, ABOVE} - {0})


@pytest.mark.parametrize("rules", ["official", "tripartite", "merciful", "nica"])
def test_values_above_the_table_match_a_larger_exact_table(rules):
    big = cached_solution(rules, ABOVE)
    bad = []
    for n in range(TABLE_SIZE + 1, ABOVE + 1):
        for m in _spread(n):
            if m <= ABOVE:
                if P(n, m, rules) != big.P(n, m):
                    bad.append((n, m))
                if P(m, n, rules) != big.P(m, n):
                    bad.append((m, n))
    assert bad == []


# ---- second routes for huge boards ------------------------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(n=st.integers(2, 10**30), m=st.integers(2, 10**30))
def test_nica_closed_form_agrees_with_the_walk_of_nicas_strategy(n, m):
    """Nica, Theorem 1.1: the closed form p* (what gw.P uses) against the exact value of the strategy b*."""
    assert P(n, m, "nica") == p_star(n, m) == self_play_value(nica_bold, n, m, "nica", table_size=64)


def test_nica_at_any_size_is_instant():
    p = P(10**400, 10**400, "nica")                         # this used to hang
    assert p == p_star(10**400, 10**400) and Fraction(5, 8) < p < Fraction(2, 3) + Fraction(1, 10**700)
    assert P(10**5000 + 3, 7, "nica") == p_star(10**5000 + 3, 7)


def test_tripartite_agrees_with_the_appendix_formulas_far_above_the_table():
    """The corrected Theorem 3.1 (walked) against the corrected B(n, m) of Appendix A (a closed form), at random
    states up to 2*10^9 (int64 bounds the formulas' arrays)."""
    rng = random.Random(13)
    states = [(rng.randint(10, 2 * 10**rng.randint(3, 9)), rng.randint(1, 2 * 10**rng.randint(1, 9)))
              for _ in range(250)]
    states += [(3**k + d, 3**j + e) for k in range(7, 19) for j in (2, 6, k) for d in (-1, 0, 1, 2) for e in (0, 1)]
    bad = [(n, m) for n, m in states if P(n, m, "tripartite") * n * m != B_corrected(n, m)]
    assert bad == []


def test_official_huge_values_agree_across_table_sizes_and_doublings():
    rng = random.Random(2)
    for _ in range(40):
        n, m = rng.randint(4, 10**24), rng.randint(4, 10**24)
        assert P(n, m) == P(n, m, table_size=0) == P(n, m, table_size=100)
        if n % 2 == 0 and m % 2 == 0:
            assert P(2 * n, 2 * m) == P(n, m)             # observed for even n, m >= 4 (not a printed claim)


def test_official_doubling_invariance_observed():
    """An observation (not a printed claim): under the official rules P(2n, 2m) = P(n, m) for even n, m >= 4,
    so P(N, N) along N = c * 2^k is constant: 9/16 for c = 1, 5/9 for c = 3."""
    assert all(P(2 * n, 2 * m) == P(n, m) for n in range(4, 81, 2) for m in range(4, 81, 2))
    for N in (10**18, 2 * 3**30 + 2, 4 * 7**20):
        assert P(2 * N, 2 * N) == P(N, N)
    assert {P(2**k, 2**k) for k in (2, 3, 10, 60)} == {Fraction(9, 16)}
    assert {P(3 * 2**k, 3 * 2**k) for k in (0, 1, 10, 60)} == {Fraction(5, 9)}
    assert P(7, 7) != P(14, 14)                     # odd N: not always


@given(n=st.integers(1, TABLE_SIZE), m=st.integers(1, TABLE_SIZE), threshold=st.integers(0, 40))
def test_official_random_states_up_to_table_size(n, m, threshold):
    assert P(n, m, table_size=threshold) == cached_solution("official", TABLE_SIZE).P(n, m) == P(n, m)


@given(n=st.integers(1, 10**40), m=st.integers(1, 10**40))
def test_exact_fraction_with_denominator_dividing_nm(n, m):
    p = P(n, m)
    assert isinstance(p, Fraction) and 0 <= p <= 1
    assert (n * m) % p.denominator == 0          # n*m*P(n, m) is an integer


def test_huge_boards():
    p = P(BIG, BIG)
    assert isinstance(p, Fraction) and Fraction(1, 2) < p < 1
    assert P(BIG, 4) == Fraction(4, BIG)                  # Cushing et al., equation (6)
    assert P(BIG + 7, 4) == Fraction(4, BIG + 7)
    assert P(BIG, 1) == Fraction(1, BIG) and P(1, BIG) == 1
    assert P(2, BIG) == Fraction(BIG - 1, BIG)            # section 2: P(2, m) = (m-1)/m


def test_equal_pools():
    vals = equal_pools([4, 2**20, 3**30])
    assert list(vals) == [4, 2**20, 3**30] and vals[4] == Fraction(9, 16)
    assert vals[2**20] == P(2**20, 2**20)


# ---- how each value is known: the status, and the warning beyond the verified range ----------------------------
def test_status_of_each_rule_set():
    assert P_with_status(24, 24).status == EXACT
    assert P_with_status(BIG, 3).status == PROVEN and P_with_status(BIG, BIG, "nica").status == PROVEN
    assert P_with_status(2000, 5, "tripartite").status == VERIFIED
    assert P_with_status(VERIFIED_TRIPARTITE + 1, 5, "tripartite").status == CONJECTURE
    assert P_with_status(VERIFIED_MERCIFUL, 7, "merciful").status == VERIFIED
    v = P_with_status(VERIFIED_MERCIFUL + 1, 7, "merciful")
    assert v.status == CONJECTURE and not v.optimal_for_sure and v.verified_up_to == VERIFIED_MERCIFUL
    assert "conjecture" in str(v) and str(VERIFIED_MERCIFUL) in v.explain()
    assert optimal_strategy_for("tripartite").verified_up_to == VERIFIED_TRIPARTITE


def test_a_conjectured_value_warns_and_a_proven_one_does_not():
    with warnings.catch_warnings():
        warnings.simplefilter("error", BeyondVerifiedRangeWarning)
        assert isinstance(P(BIG, BIG), Fraction)                           # proven: no warning
        assert isinstance(P(2000, 2000, "tripartite"), Fraction)          # verified: no warning
        assert P_with_status(BIG, BIG, "tripartite").status == CONJECTURE  # the status never warns
    with pytest.warns(BeyondVerifiedRangeWarning, match=rf"verified optimal only for max\(n, m\) <= "
                                                        rf"{VERIFIED_TRIPARTITE}.*conjecture"):
        p = P(BIG, BIG, "tripartite")
    assert isinstance(p, Fraction) and 0 < p < 1 and (BIG * BIG) % p.denominator == 0
    with pytest.warns(BeyondVerifiedRangeWarning, match="a 401-digit number"):
        P(10**400, 5, "merciful")


def test_merciful_follows_its_strategy_beyond_the_table():
    assert P(30, 30, "merciful") == gw.solve(30, "merciful").P(30, 30)
    assert proven_strategy("merciful")(24, 2) is gw.GUESS and proven_strategy("merciful")(24, 24) == (12, 12)
    assert P(BIG, BIG, "merciful") == self_play_value(proven_strategy("merciful"), BIG, BIG, "merciful",
                                                      table_size=TABLE_SIZE)


def test_a_rule_set_without_a_known_strategy_reads_the_table_only():
    mine = gw.Rules("mine", "three answers, merciful guess", "ours", max_parts=3, guess="pass", one_left_wins=False)
    assert optimal_strategy_for(mine) is None
    assert P(20, 20, mine) == gw.solve(20, mine).P(20, 20)
    with pytest.raises(ValueError, match=rf"no strategy is known.*'mine'.*table_size = {TABLE_SIZE}.*16384"):
        P(TABLE_SIZE + 1, 3, mine)
    with pytest.raises(ValueError, match="no strategy is known"):
        proven_strategy(mine)


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
    ((3, 3), {"table_size": -1}, ValueError, "table_size must be between 0 and 2048"),
    ((3, 3), {"table_size": 2.0}, TypeError, "table_size must be an integer"),
    ((WALK_LIMIT, 3), {}, ValueError, r"below 10\*\*500.*'official'.*a 501-digit number"),
    ((3, WALK_LIMIT, "tripartite"), {}, ValueError, r"below 10\*\*500"),
])
def test_bad_input(args, kwargs, exc, text):
    with pytest.raises(exc, match=text):
        P(*args, **kwargs)


def test_self_play_value_checks_its_input():
    with pytest.raises(TypeError, match="strategy must be a callable"):
        self_play_value(3, 4, 4)
    with pytest.raises(ValueError, match="n must be between 1 and"):
        self_play_value(nica_bold, WALK_LIMIT, 4, "nica")
    assert self_play_value(gw.strategies.halving, 4, 4) == gw.evaluate(gw.strategies.halving, gw.strategies.halving,
                                                                         4, 4)
    assert np.isclose(float(self_play_value(nica_bold, 40, 5, "nica")), float(p_star(40, 5)))
