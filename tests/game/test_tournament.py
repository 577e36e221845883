"""Tournaments: Monte Carlo win rates agree with the exact values of gw.evaluate."""

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from guesswho_lib import strategies as S
from guesswho_lib.game.strategies import ask_one, guess_when_ahead
from guesswho_lib.game.walk import evaluate
from guesswho_lib.game.simulate import simulate_game, tournament, wilson_interval


def _strategies(rules):
    out = {"optimal": S.optimal(rules, seed=11), "halving": S.halving, "ask_one": ask_one}
    if rules != "nica":
        out["guess_when_ahead"] = guess_when_ahead
    return out


@pytest.mark.parametrize("rules, N", [("official", 12), ("nica", 12), ("tripartite", 10), ("merciful", 12)])
def test_simulation_agrees_with_exact_values(rules, N):
    strategies = _strategies(rules)
    # 99.99% intervals: a row misses with probability 1e-4, so 48 rows fail together with < 1% chance
    # for ANY seed (the test does not depend on a lucky seed), while 2000 games keep the intervals narrow.
    res = tournament(strategies, rules, N=N, games=2000, seed=2024, confidence=0.9999)
    k = len(strategies)
    assert len(res.matches) == k * (k - 1)                 # every ordered pair: both strategies move first
    for mt in res.matches:
        assert mt.agrees, res.to_text()
        assert mt.high - mt.low < 0.1                       # enough games for the check to mean something
        # the exact column is gw.evaluate of the same (frozen) strategies, computed independently here
        if mt.first != "optimal" and mt.second != "optimal":
            assert mt.exact == evaluate(strategies[mt.first], strategies[mt.second], N, N, rules)
    assert res.all_agree()


def test_fixed_seed_gives_the_same_table():
    # a fresh optimal(seed=11) each time: a randomised strategy carries its own random state
    a = tournament(_strategies("official"), "official", N=10, games=300, seed=5)
    b = tournament(_strategies("official"), "official", N=10, games=300, seed=5)
    assert a.to_text() == b.to_text()
    c = tournament(_strategies("official"), "official", N=10, games=300, seed=6)
    assert [m.wins for m in c.matches] != [m.wins for m in a.matches]


def test_wrong_exact_value_would_be_caught():
    """A negative control: the interval is narrow enough to tell 3/4 from a value 0.05 away."""
    res = tournament({"optimal": S.optimal(), "halving": S.halving}, "official", N=16, games=3000, seed=1,
                     confidence=0.999)
    mt = res.row("optimal", "halving")
    assert mt.exact == Fraction(3, 4) == evaluate(S.optimal(), S.halving, 16, 16)  # Cushing et al.: P = 3/4 here
    assert mt.low <= 0.75 <= mt.high
    assert not mt.low <= 0.70 <= mt.high and not mt.low <= 0.80 <= mt.high


def test_start_state_self_play_and_text():
    res = tournament(["optimal"], "official", start=(4, 4), games=400, seed=3)
    (mt,) = res.matches
    assert (mt.first, mt.second, mt.start) == ("optimal", "optimal", (4, 4))
    assert mt.exact == Fraction(9, 16)                      # Cushing et al., Theorem 2.1 exception (4, 4)
    text = res.to_text()
    assert "9/16" in text and "400" in text and "Wilson" in text and repr(res) == text
    assert list(res.standings()) == ["optimal"]
    res2 = tournament({"opt": S.optimal(), "half": S.halving}, "official", N=8, games=200, seed=0)
    st_ = res2.standings()
    assert st_["opt"] == (res2.row("opt", "half").exact + 1 - res2.row("half", "opt").exact) / 2
    assert st_["opt"] >= st_["half"]


def test_nica_terminal_start_and_simulation():
    rng = random.Random(0)
    assert simulate_game(S.halving, S.halving, 1, 5, "nica", rng) is True     # one left: the mover has won
    assert simulate_game(S.halving, S.halving, 5, 1, "nica", rng) is False
    with pytest.raises(ValueError, match="cannot occur"):
        tournament(["halving"], "nica", start=(1, 1), games=10)


@pytest.mark.parametrize("kwargs, err, match", [
    (dict(strategies="optimal"), TypeError, "strategies must be"),
    (dict(strategies=["genius"]), ValueError, "unknown strategy name"),
    (dict(strategies={"x": 3}), TypeError, "strategy 'x' must be a callable"),
    (dict(strategies=["halving"], games=0), ValueError, "games must be between 1"),
    (dict(strategies=["halving"], N=0), ValueError, "N must be at least 1"),
    (dict(strategies=["halving"], start=(3,)), TypeError, "start must be a board state"),
    (dict(strategies=["halving"], rules="chess"), ValueError, "unknown rules"),
])
def test_bad_input(kwargs, err, match):
    with pytest.raises(err, match=match):
        tournament(**{"games": 10, **kwargs})


def test_illegal_strategy_is_named():
    def always_guess(n, m):
        from guesswho_lib.rules import GUESS
        return GUESS

    with pytest.raises(ValueError, match="strategy 'always_guess' returned an illegal move"):
        tournament({"always_guess": always_guess, "halving": S.halving}, "nica", N=6, games=10)


def test_wilson_interval_bad_input():
    with pytest.raises(ValueError, match="wins must be between 0 and 10"):
        wilson_interval(11, 10)
    with pytest.raises(ValueError, match="confidence"):
        wilson_interval(1, 10, confidence=1.5)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0


@given(games=st.integers(1, 10**6), frac=st.fractions(0, 1), conf=st.sampled_from([0.8, 0.95, 0.999]))
def test_wilson_interval_properties(games, frac, conf):
    wins = int(frac * games)
    lo, hi = wilson_interval(wins, games, conf)
    assert 0 <= lo <= wins / games <= hi <= 1
    lo2, hi2 = wilson_interval(wins, games, 0.5)
    assert lo <= lo2 and hi2 <= hi                          # more confidence, wider interval
