"""Strategies against NATAN, ARI and VAL, checked exhaustively for n = 24 (Paz & Peterfreund)."""

import pytest
from hypothesis import given, settings, strategies as st

from guesswho_lib.imperfect.adversaries import Ari, Honest, Natan, Val, check_all_runs, play
from guesswho_lib.imperfect.codes import binary_code, hamming_code, parity_code
from guesswho_lib.imperfect.strategies import (BinarySearch, LiarSearch, Predetermined, ari_strategy,
                                               natan_strategy, val_strategy)

N = 24


@pytest.mark.parametrize("name, make, lies, erasures, at_once, budget", [
    ("Theorem 4: binary search, honest", lambda: BinarySearch(N), 0, 0, False, 5),
    ("binary search, re-ask after one don't know", lambda: BinarySearch(N, erasures=1), 0, 1, False, 6),
    ("binary search, two don't know", lambda: BinarySearch(N, erasures=2), 0, 2, False, 7),
    ("Corollary 6: NATAN", lambda: natan_strategy(N), 0, 0, True, 5),
    ("Corollary 10: ARI, all at once", lambda: ari_strategy(N), 0, 1, True, 6),
    ("Corollary 14: VAL, all at once", lambda: val_strategy(N), 1, 0, True, 9),
    ("VAL answering one at a time", lambda: val_strategy(N), 1, 0, False, 9),
    ("optimal adaptive, one lie", lambda: LiarSearch(N, 1), 1, 0, False, 8),
    ("optimal adaptive, one lie and one don't know", lambda: LiarSearch(N, 1, 1), 1, 1, False, 9),
    ("optimal adaptive, two lies", lambda: LiarSearch(N, 2), 2, 0, False, 11),
])
def test_exhaustive_n24(name, make, lies, erasures, at_once, budget):
    """Every secret x every placement of lies / don't-knows: always identified within budget."""
    assert make().budget == budget
    rep = check_all_runs(make, N, lies=lies, erasures=erasures, all_at_once=at_once)
    assert rep.ok, (name, rep.failures[:3])
    assert rep.most_questions <= budget
    assert rep.runs >= N


@pytest.mark.parametrize("make, lies, erasures, at_once", [
    (lambda: BinarySearch(N), 1, 0, False),          # one lie fools plain binary search
    (lambda: natan_strategy(N), 0, 1, True),         # one don't know defeats the plain binary code
    (lambda: ari_strategy(N), 1, 0, True),           # a parity bit detects but cannot correct a lie
    (lambda: LiarSearch(N, 1), 2, 0, False),         # two lies beat a one-lie strategy
])
def test_weaker_strategies_fail(make, lies, erasures, at_once):
    assert not check_all_runs(make, N, lies=lies, erasures=erasures, all_at_once=at_once).ok


def test_codes_have_the_distances_the_theorems_need():
    assert binary_code(N).min_distance() == 1 and binary_code(N).length == 5
    assert parity_code(N).min_distance() == 2 and parity_code(N).length == 6
    assert hamming_code(N).min_distance() == 3 and hamming_code(N).length == 9


@settings(max_examples=40)
@given(st.integers(0, N - 1), st.integers(0, 8), st.integers(0, 10**6))
def test_random_and_adversarial_choosers(secret, pos, seed):
    assert play(val_strategy(N), Val(secret, positions={pos}, all_at_once=True)).correct
    assert play(val_strategy(N), Val(secret, mode="random", seed=seed)).correct
    assert play(LiarSearch(N, 1), Val(secret, mode="adversarial")).correct
    assert play(LiarSearch(N, 1), Val(secret, mode="random", seed=seed)).correct
    assert play(ari_strategy(N), Ari(secret, mode="random", seed=seed, all_at_once=True)).correct
    r = play(BinarySearch(N, 1), Ari(secret, mode="adversarial"))
    assert r.correct and r.used <= 6 and r.answers[0] == "?"
    assert play(natan_strategy(N), Natan(secret)).correct
    assert play(BinarySearch(N), Honest(secret)).used <= 5


def test_hamming_syndrome_names_the_lie():
    run = play(val_strategy(N), Val(7, positions={3}, all_at_once=True))
    assert run.correct
    assert any("question 4 was a lie" in line for line in run.log)


def test_bad_input():
    with pytest.raises(ValueError, match="distance"):
        Predetermined(binary_code(N), lies=1)
    with pytest.raises(ValueError, match="predetermined"):
        play(BinarySearch(N), Natan(3))
    with pytest.raises(RuntimeError, match="all the questions at once"):
        Natan(3).answer(1)
    with pytest.raises(ValueError, match="mode"):
        Val(3, mode="sneaky")
    with pytest.raises(ValueError, match="max_lies"):
        Val(3, max_lies=1, positions={1, 2})
    with pytest.raises(ValueError, match="answer"):
        g = BinarySearch(N)
        g.next_question()
        g.receive("maybe")
    with pytest.raises(TypeError, match="n"):
        BinarySearch(2.5)
