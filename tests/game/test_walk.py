"""The one tree walker (guesswho_lib.game.walk.walk) and what is built on it: evaluate, best_response_value, gw.P."""

import sys
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

import guesswho_lib as gw
from guesswho_lib.rules import win_chance
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.game.walk import best_response_value, evaluate, walk

S = gw.strategies
RULE_SETS = list(gw.RULES)


# ---- the walker itself -----------------------------------------------------------------------------------
def test_each_state_is_expanded_once_even_when_many_paths_reach_it():
    calls = []

    def expand(k):          # k -> k-1 and k-2: exponentially many paths, k+1 states
        calls.append(k)
        if k < 2:
            return (), lambda value_of: k
        return (k - 1, k - 2), lambda value_of: value_of(k - 1) + value_of(k - 2)

    assert walk(60, expand) == 1548008755920
    assert sorted(calls) == list(range(61))


def test_deep_trees_need_no_recursion():
    depth = 10 * sys.getrecursionlimit()
    chain = lambda k: ((), lambda v: 0) if k == 0 else ((k - 1,), lambda v: v(k - 1) + 1)
    assert walk(depth, chain) == depth


def test_memo_is_read_and_filled():
    calls = []

    def expand(k):
        calls.append(k)
        return ((), lambda v: 1) if k == 0 else ((k - 1,), lambda v: 2 * v(k - 1))

    memo = {}
    assert walk(10, expand, memo) == 1024 and len(memo) == 11
    calls.clear()
    assert walk(12, expand, memo) == 4096 and calls == [12, 11]     # states 0..10 are known already
    assert walk(5, expand, {5: "known"}) == "known"


def test_a_cycle_is_reported_not_looped():
    with pytest.raises(ValueError, match="cycle"):
        walk(0, lambda k: (((k + 1) % 3,), lambda v: 0))


# ---- evaluate ---------------------------------------------------------------------------------------------
@given(rules=st.sampled_from(RULE_SETS), n=st.integers(1, 14), m=st.integers(1, 14))
def test_evaluate_is_symmetric_in_the_players(rules, n, m):
    """A to move at (n, m) wins exactly when B, to move at (m, ...) after A's move, does not: swapping the
    players' strategies and the state's roles gives 1 - the value, for every state after one move."""
    if gw.RULES[rules].one_left_wins and n == m == 1:
        return
    a, b = S.optimal(rules), S.halving
    t = cached_solution(rules, 14)
    got = evaluate(a, b, n, m, rules)
    if gw.RULES[rules].terminal_A(n, m) is not None:
        assert got == t.P(n, m)
        return
    move = a(n, m)
    expected = win_chance(gw.outcomes(n, m, move, gw.RULES[rules]), lambda s: evaluate(b, a, *s, rules))
    assert got == expected


# ---- best response to a fixed strategy ---------------------------------------------------------------------
@given(rules=st.sampled_from(RULE_SETS), n=st.integers(2, 12), m=st.integers(2, 12))
def test_best_response_to_optimal_play_is_the_game_value(rules, n, m):
    """Against a fixed optimal (minimax) strategy nobody can do better than P(n, m), and the best reply
    achieves it: a check of the one-player search against the two-player solver."""
    t = cached_solution(rules, 12)
    assert best_response_value(S.optimal(rules), n, m, rules, you_first=True) == t.P(n, m)
    assert best_response_value(S.optimal(rules), n, m, rules) == 1 - t.P(n, m)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_best_response_beats_every_ready_made_strategy(rules):
    opponents = [S.halving, S.ask_one] + ([S.guess_when_ahead] if rules != "nica" else [])
    mine = [S.optimal(rules), S.halving, S.ask_one] + ([S.guess_when_ahead] if rules != "nica" else [])
    for opp in opponents:
        for n, m in [(2, 2), (5, 3), (8, 8), (11, 6)]:
            best = best_response_value(opp, n, m, rules, you_first=True)
            tried = [evaluate(s, opp, n, m, rules) for s in mine]
            assert best >= max(tried)
            assert best >= cached_solution(rules, 11).P(n, m)     # a fixed opponent is no better than minimax
    # and it is strictly better against a weak one somewhere (official rules: halving never guesses)
    if rules == "official":
        assert best_response_value(S.halving, 16, 16) > 1 - cached_solution(rules, 16).P(16, 16)


def test_best_response_worked_example_and_bad_input():
    # halving moves first from (4, 4) and splits 2:2; at (4, 2) a guess wins 1/4, while asking about one
    # suspect (1/4 * 1 + 3/4 * 1/3) or two (1/2) wins 1/2, because halving never guesses with two left
    assert best_response_value(S.halving, 4, 4) == Fraction(1, 2)
    with pytest.raises(TypeError, match="opponent must be a callable"):
        best_response_value(3, 4, 4)
    with pytest.raises(ValueError, match="the opponent's strategy returned an illegal move"):
        best_response_value(lambda n, m: (1, 1), 5, 5)
    with pytest.raises(ValueError, match="n must be at least 1"):
        best_response_value(S.halving, 0, 4)
