from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, strategies as st

import guesswho_lib as gw
from guesswho_lib.rules import legal_moves

RULE_NAMES = sorted(gw.RULES)
N_SMALL = 30


@pytest.fixture(scope="module", params=RULE_NAMES)
def pair(request):
    name = request.param
    return name, gw.solve(N_SMALL, name)


def states(rules):
    return [(n, m) for n in range(1, N_SMALL + 1) for m in range(1, N_SMALL + 1)
            if not (gw.RULES[rules].one_left_wins and n == m == 1)]


# ---- known values from the papers -------------------------------------------------------------
def test_cushing_exceptions():
    t = gw.solve(12)
    assert t.P(4, 4) == Fraction(9, 16)
    assert t.P(6, 4) == Fraction(1, 2)
    assert t.P(10, 4) == Fraction(2, 5)
    # the classroom activity: P([2,2]) = 1/2 and P([1,3]) = 9/16 at (4, 4)
    assert t.value(4, 4, (2, 2)) == Fraction(1, 2)
    assert t.value(4, 4, (1, 3)) == Fraction(9, 16)
    assert t.optimal_moves(4, 4) == ((1, 3),)


def test_cushing_small_cases_section2():
    t = gw.solve(20)
    for m in range(1, 21):
        assert t.P(1, m) == 1
    for n in range(1, 21):
        assert t.P(n, 1) == Fraction(1, n)
    for m in range(2, 21):
        assert t.P(2, m) == Fraction(m - 1, m)
        assert (1, 1) in t.optimal_moves(2, m)
    assert gw.GUESS in t.optimal_moves(2, 2)
    assert all(gw.GUESS not in t.optimal_moves(2, m) for m in range(3, 21))


def test_nica_small_cases():
    t = gw.solve(16, "nica")
    for m in range(2, 17):
        assert t.P(1, m) == 1
        assert t.P(2, m) == 1  # split 1:1 and win at once
    for n in range(2, 17):
        assert t.P(n, 1) == 0
    assert t.P(3, 2) == Fraction(1, 3)
    with pytest.raises(ValueError, match="cannot occur"):
        t.P(1, 1)
    assert t.A[1, 1] == -1 and np.isnan(t.prob[1, 1])
    assert t.optimal_moves(1, 5) == () and t.optimal_moves(5, 1) == ()


# ---- agreement with a naive exact reference ----------------------------------------------------
def test_the_table_and_gw_P_match_the_recurrence_a_student_reads(pair):
    """The vectorised (min, +) solver, and gw.P (which follows the proven strategy), against the readable
    recurrence, gw.recurrence (lesson 01)."""
    name, t = pair
    for n, m in states(name):
        assert t.P(n, m) == gw.recurrence.P(n, m, name), (name, n, m)
        if max(n, m) <= 24:
            assert gw.P(n, m, name) == t.P(n, m), (name, n, m)


def test_A_is_nmP_and_integer(pair):
    name, t = pair
    assert t.A.dtype.kind == "i"
    for n, m in states(name):
        assert t.A[n, m] == t.P(n, m) * n * m


@given(st.sampled_from(RULE_NAMES), st.integers(1, N_SMALL), st.integers(1, N_SMALL))
def test_optimal_moves_are_exactly_the_argmax(name, n, m):
    rules = gw.RULES[name]
    if rules.one_left_wins and (n == 1 or m == 1):
        return
    t = gw.solve(N_SMALL, name)
    values = {mv: gw.recurrence.move_value(n, m, mv, name) for mv in legal_moves(n, rules)}
    best = max(values.values())
    assert t.P(n, m) == best
    assert set(t.optimal_moves(n, m)) == {mv for mv, v in values.items() if v == best}
    for mv, v in values.items():
        assert t.value(n, m, mv) == v


@given(st.sampled_from(RULE_NAMES), st.integers(1, 60), st.integers(1, 60))
def test_probabilities_in_unit_interval_and_float_copy(name, n, m):
    t = gw.solve(60, name)
    if t.rules.one_left_wins and n == m == 1:
        return
    p = t.P(n, m)
    assert 0 <= p <= 1
    assert t.prob[n, m] == pytest.approx(float(p), abs=1e-15)


def test_solve_is_consistent_across_sizes():
    for name in RULE_NAMES:
        small, big = gw.solve(17, name), gw.solve(40, name)
        assert np.array_equal(small.A, big.A[:18, :18])


def test_prob_shape_and_nan_border():
    t = gw.solve(5)
    assert t.prob.shape == (6, 6)
    assert np.isnan(t.prob[0]).all() and np.isnan(t.prob[:, 0]).all()
    assert not np.isnan(t.prob[1:, 1:]).any()


# ---- strategies and exact evaluation ------------------------------------------------------------
@given(st.sampled_from(RULE_NAMES), st.integers(1, 25), st.integers(1, 25))
def test_evaluate_optimal_vs_optimal_is_P(name, n, m):
    if gw.RULES[name].one_left_wins and n == m == 1:
        return
    t = gw.solve(25, name)
    opt = gw.strategies.optimal(name)
    assert gw.evaluate(opt, opt, n, m, name) == t.P(n, m)


@given(st.sampled_from(RULE_NAMES), st.integers(1, 20), st.integers(1, 20), st.integers(0, 10**6))
def test_no_strategy_beats_optimal(name, n, m, seed):
    """Against an optimal opponent, any strategy (here: a random but fixed mix) does no better than P."""
    import random
    rules = gw.RULES[name]
    if rules.one_left_wins and n == m == 1:
        return
    rng = random.Random(seed)
    choice = {}

    def some_strategy(a, b):
        if (a, b) not in choice:
            choice[a, b] = rng.choice(list(legal_moves(a, rules)))
        return choice[a, b]

    t = gw.solve(20, name)
    opt = gw.strategies.optimal(name)
    assert gw.evaluate(some_strategy, opt, n, m, name) <= t.P(n, m)
    # and an optimal player does at least as well against anyone
    assert gw.evaluate(opt, some_strategy, n, m, name) >= t.P(n, m)


def test_halving_at_4_4_and_random_tie_breaking():
    h = gw.strategies.halving
    # By hand: at (2, 2) both halve, B reaches (2, 1) and halves instead of guessing, so A names her last
    # suspect.  At (3, 3): 1/3 * 1 + 2/3 * (B at (3, 2) -> A at (2, 1) w.p. 1/3 and loses, (2, 2) w.p. 2/3) = 7/9.
    assert gw.evaluate(h, h, 2, 2) == 1
    assert gw.evaluate(h, h, 3, 3) == Fraction(7, 9)
    opt = gw.strategies.optimal("official")
    assert gw.evaluate(opt, h, 4, 4) >= gw.solve(4).P(4, 4) == gw.evaluate(opt, opt, 4, 4)
    s1, s2 = gw.strategies.optimal("official", seed=1), gw.strategies.optimal("official", seed=1)
    assert [s1(8, 2) for _ in range(20)] == [s2(8, 2) for _ in range(20)]
    assert {s1(8, 2) for _ in range(60)} == set(gw.solve(8).optimal_moves(8, 2))


def test_evaluate_long_games_do_not_recurse():
    def nibble(n, m):
        return gw.GUESS if n == 1 else (1, n - 1)
    p = gw.evaluate(nibble, nibble, 3000, 3000)
    assert 0 < p < 1


# ---- bad input -----------------------------------------------------------------------------------
@pytest.mark.parametrize("N, exc, words", [
    (0, ValueError, "N must be"), (-3, ValueError, "N must be"), (2.5, TypeError, "N must be an integer"),
    (True, TypeError, "N must be an integer"), ("8", TypeError, "N must be an integer"),
    (10**6, ValueError, "between 1 and"),
])
def test_solve_rejects_bad_N(N, exc, words):
    with pytest.raises(exc, match=words):
        gw.solve(N)


def test_bad_rules_and_states():
    with pytest.raises(ValueError, match="unknown rules 'offical'"):
        gw.solve(4, "offical")
    with pytest.raises(TypeError, match="rules must be"):
        gw.solve(4, 3)
    t = gw.solve(6)
    for bad, exc in [((0, 2), ValueError), ((7, 2), ValueError), ((2, 7), ValueError),
                     ((2.0, 2), TypeError), ((True, 2), TypeError), ((np.int64(3), 2), None)]:
        if exc is None:
            assert t.P(*bad) == t.P(3, 2)
            continue
        with pytest.raises(exc, match=r"\b[nm]\b must be"):
            t.P(*bad)


@pytest.mark.parametrize("move, words", [
    ((1, 2), "sum to n=4"), ((0, 4), "at least one suspect"), ((1, 1, 2), "allow 2"),
    ((4,), "has 1 groups"), ("2:2", "must be GUESS or a tuple"), ((1.0, 3), "must be integers"),
])
def test_illegal_moves(move, words):
    t = gw.solve(6)
    with pytest.raises((ValueError, TypeError), match=words):
        t.value(4, 4, move)


def test_guess_not_allowed_in_nica_and_bad_strategies():
    with pytest.raises(ValueError, match="GUESS is not allowed"):
        gw.solve(6, "nica").value(4, 4, gw.GUESS)
    with pytest.raises(ValueError, match="strategy_b returned an illegal move"):
        gw.evaluate(gw.strategies.halving, lambda n, m: (1, 1), 6, 6)
    with pytest.raises(ValueError, match="strategy_a returned an illegal move"):
        gw.evaluate(lambda n, m: gw.GUESS, gw.strategies.halving, 5, 5, "nica")
    with pytest.raises(TypeError, match="strategy_a must be a callable"):
        gw.evaluate(3, gw.strategies.halving, 4, 4)
    with pytest.raises(ValueError, match="m must be"):
        gw.evaluate(gw.strategies.halving, gw.strategies.halving, 4, 0)


def test_unsorted_moves_are_accepted_and_normalised():
    t = gw.solve(6, "tripartite")
    assert t.value(6, 4, [3, 1, 2]) == t.value(6, 4, (1, 2, 3))
